# SPDX-License-Identifier: Apache-2.0
"""The Verilated harness (`--backend rtl`, `linecrypt bench`, `make demo`) builds the netlist that
`linecrypt synth` measures: same top module, same source files, same parameter values."""
import shlex
from pathlib import Path

import pytest

from linecrypt import ROOT
from linecrypt.ciphers import CIPHERS
from linecrypt.designs import DESIGNS
from linecrypt.flows.synth import yosys_script
from linecrypt.host.rtl_device import verilator_command

# every design point a block stream can run through: the CLI's (per cipher and key size), the
# demo's and any `linecrypt bench --design` takes (building blocks have no stream ports)
HARNESS_DESIGNS = sorted(n for n, d in DESIGNS.items() if not d.building_block)
CLI_DESIGNS = sorted({n for c in CIPHERS.values() for pair in (c.rtl or {}).values() for n in pair})


def _harness(name):
    cmd = verilator_command(DESIGNS[name], ROOT / "build" / "harness" / name)
    params = dict(a[2:].split("=", 1) for a in cmd if a.startswith("-G"))
    top = cmd[cmd.index("--top-module") + 1]
    files = [Path(a).resolve() for a in cmd if a.endswith((".v", ".sv"))]
    return top, files, params


def _synth(name):
    script = yosys_script(DESIGNS[name], ROOT / "build" / "x.json", ROOT / "build" / "x.stat")
    lines = script.splitlines()
    read = shlex.split(next(line for line in lines if line.startswith("read_verilog")))
    files = [(ROOT / a).resolve() for a in read if a.endswith((".v", ".sv"))]
    chparam = [shlex.split(line) for line in lines if line.startswith("chparam")]
    params = {}
    for words in chparam:
        for i, w in enumerate(words):
            if w == "-set":
                params[words[i + 1]] = words[i + 2]
    top = shlex.split(next(line for line in lines if line.startswith("synth_ecp5")))
    return top[top.index("-top") + 1], files, params


def test_cli_designs_are_harness_designs():
    assert CLI_DESIGNS and set(CLI_DESIGNS) <= set(HARNESS_DESIGNS)
    assert {"aes128-enc-s2", "aes128-dec-s2"} <= set(CLI_DESIGNS)     # the demo's bench points


@pytest.mark.parametrize("name", HARNESS_DESIGNS)
def test_harness_simulates_the_synthesized_parameters(name):
    h_top, h_files, h_params = _harness(name)
    s_top, s_files, s_params = _synth(name)
    assert h_top == s_top
    assert h_files == s_files
    assert h_params == s_params, f"{name}: harness -G {h_params} != synthesis chparam {s_params}"
