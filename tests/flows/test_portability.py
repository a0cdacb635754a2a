# SPDX-License-Identifier: Apache-2.0
"""The portability check (linecrypt.flows.portability): the committed records under
docs/results/portability/ are complete and consistent, and (slow, synth) the flow runs end to end
on the smallest design point."""
import json
import re
import subprocess
import sys

import pytest

from linecrypt.designs import DESIGNS
from linecrypt.flows import portability

REQUIRED = {"design", "target", "lut", "lut_by_size", "ff", "carry", "bram", "dsp", "cells",
            "yosys_command", "tool_versions", "rtl_revision", "elapsed_s", "warnings"}
RECORDS = sorted(portability.PORTABILITY.glob("*.json"))


def test_portability_records_exist():
    assert RECORDS, f"no portability records in {portability.PORTABILITY}"
    # every default point has been run for every target
    have = {p.stem for p in RECORDS}
    missing = [f"{d}-{t}" for d in portability.DEFAULT_DESIGNS for t in portability.DEFAULT_TARGETS
               if f"{d}-{t}" not in have]
    assert not missing, f"portability records missing: {missing}"


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_portability_record_is_well_formed(path):
    r = json.loads(path.read_text())
    assert REQUIRED <= r.keys(), f"missing keys {REQUIRED - r.keys()}"
    assert r["design"] in DESIGNS, f"unknown design {r['design']!r}"
    assert r["target"] in portability.TARGETS, f"unknown target {r['target']!r}"
    assert path.name == f"{r['design']}-{r['target']}.json"
    t = portability.TARGETS[r["target"]]
    cells = r["cells"]
    assert all(isinstance(n, int) and n > 0 for n in cells.values())
    assert not [c for c in cells if c.startswith("$")], "unmapped Yosys cells in the record"
    # the summary figures are the sums of the cell counts they name
    assert r["lut"] > 0
    assert r["lut"] == sum(r["lut_by_size"].values())
    assert r["lut_by_size"] == {c: cells[c] for c in t["lut"] if c in cells}
    for key in ("ff", "carry", "bram", "dsp"):
        assert r[key] == sum(cells.get(c, 0) for c in t[key]), key
    assert r["ff"] > 0
    # the record names the generic RTL, the design's own parameters and the target's command
    script = r["yosys_command"]
    assert "LC_TECH_ECP5" not in script
    assert f"{t['synth']} -top {DESIGNS[r['design']].top}" in script
    for k, v in DESIGNS[r["design"]].params.items():
        assert f"-set {k} {v} " in script, f"parameter {k}={v} not in the recorded script"
    assert re.fullmatch(r"[0-9a-f]{7,40}(\+dirty)?", r["rtl_revision"]), r["rtl_revision"]
    assert r["tool_versions"].get("yosys", "").startswith("Yosys ")
    assert r["elapsed_s"] > 0


@pytest.mark.parametrize("option", ["--design", "--target"])
def test_unknown_name_is_one_line_error(option):
    p = subprocess.run([sys.executable, "-m", "linecrypt.flows.portability", option, "nope"],
                       capture_output=True, text=True)
    assert p.returncode == 2
    assert p.stdout == ""
    assert len(p.stderr.strip().splitlines()) == 1 and "nope" in p.stderr


@pytest.mark.synth
@pytest.mark.slow
@pytest.mark.parametrize("target", sorted(portability.TARGETS))
def test_portability_flow_smoke(tmp_path, target):
    p = subprocess.run([sys.executable, "-m", "linecrypt.flows.portability", "--design", "idea-mul",
                        "--target", target, "--out", str(tmp_path)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    r = json.loads((tmp_path / f"idea-mul-{target}.json").read_text())
    assert r["design"] == "idea-mul" and r["target"] == target
    # one 16 x 16 multiplier: one DSP block, a few dozen LUTs, its three pipeline stages of flops
    assert r["dsp"] == 1
    assert 10 < r["lut"] < 1000
    assert r["ff"] > 0
    assert not [c for c in r["cells"] if c.startswith("$")]
