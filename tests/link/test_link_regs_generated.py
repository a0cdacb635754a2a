# SPDX-License-Identifier: Apache-2.0
"""The committed outputs of ip/link/link.rdl (register docs, C header, Python map, the Verilog
register block, the line-format drawings) are what `python -m linecrypt.link.regs` generates
now; the register block is Verilator -Wall clean for every legal N and stops elaboration for an
N its address space cannot hold; the exporter refuses what it does not implement."""
import subprocess
import sys

import pytest

from linecrypt import ROOT
from linecrypt.host.tools import verilator_env

RTL = ROOT / "ip/link/rtl/link_regs.v"


def test_link_register_outputs_are_fresh():
    r = subprocess.run([sys.executable, "-m", "linecrypt.link.regs", "--check"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def _lint(params, *opts):
    cmd = ["verilator", "--lint-only", "-Wall", *opts, "--top-module", "link_regs", str(RTL)]
    cmd += [f"-G{k}={v}" for k, v in params.items()]
    return subprocess.run(cmd, env=verilator_env(), capture_output=True, text=True)


@pytest.mark.parametrize("params", [{}, {"N": 1}, {"N": 16}, {"N": 3, "ADDR_WIDTH": 16}])
def test_link_regs_lint_wall(params):
    r = _lint(params)
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("params,needle", [({"N": 17}, "N must be"), ({"N": 0}, "N must be"),
                                           ({"ADDR_WIDTH": 10}, "N must be"),
                                           ({"ADDR_WIDTH": 7}, "ADDR_WIDTH is too small")])
def test_link_regs_illegal_parameters_stop_elaboration(params, needle):
    # an address too narrow also truncates the address constants (WIDTH): the $error must stop it
    r = _lint(params, "-Wno-WIDTH")
    assert r.returncode != 0 and needle in r.stderr, r.stderr


@pytest.mark.parametrize("field,needle", [
    ("field { sw = r; hw = na; rclr; } f[7:0] = 0;", "not supported"),
    ("field { sw = rw; hw = w; we; } f[7:0] = 0;", "not supported"),
    ("field { sw = r; hw = na; counter; decrwidth = 2; } f[7:0] = 0;", "not supported"),
])
def test_exporter_refuses_unsupported_fields(tmp_path, field, needle):
    from systemrdl import RDLCompiler

    from linecrypt.link.regblock import ExportError, render
    src = tmp_path / "t.rdl"
    src.write_text(f"addrmap t {{ reg {{ {field} }} R @ 0; }};\n")
    rdlc = RDLCompiler()
    rdlc.compile_file(str(src))
    top = rdlc.elaborate().top
    with pytest.raises(ExportError, match=needle):
        render(top, "t")
