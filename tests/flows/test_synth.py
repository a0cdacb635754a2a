# SPDX-License-Identifier: Apache-2.0
"""`linecrypt synth` end to end on a small design point (one pipelined AES round).

First use on a new machine includes the YoWASP WebAssembly compile (a few minutes, cached in
~/.cache/YoWASP). The full design points are in `make synth-all`.
"""
import json
import subprocess
import sys

import pytest

from linecrypt.designs import DESIGNS

CLI = [sys.executable, "-m", "linecrypt.cli"]
REQUIRED = {"design", "device", "lut4", "ff", "ebr", "dsp", "fmax_mhz", "bits_per_cycle", "gbps",
            "seed", "tool_versions"}


def test_synth_list_names_every_design_point():
    r = subprocess.run([*CLI, "synth", "--list"], capture_output=True, text=True, check=True)
    listed = {line.split()[0] for line in r.stdout.splitlines()}
    assert listed == set(DESIGNS)


@pytest.mark.synth
def test_synth_one_round_json():
    r = subprocess.run([*CLI, "synth", "--design", "aes-round-enc-s2", "--json"], capture_output=True,
                       text=True, timeout=1800)
    assert r.returncode == 0, r.stderr[-2000:]
    res = json.loads(r.stdout.strip().splitlines()[-1])
    assert REQUIRED <= set(res)
    assert res["design"] == "aes-round-enc-s2" and res["device"] == "LFE5U-85F-8"
    assert res["bits_per_cycle"] == 128
    # one round = 16 S-boxes of ~128 LUT4 each plus MixColumns: a broken flow gives 0 or tiny
    assert 1500 < res["lut4"] < 8000, res
    assert res["ff"] >= 256 and res["fmax_mhz"] > 50
    assert res["gbps"] == pytest.approx(128 * res["fmax_mhz"] / 1000, rel=1e-3)
    assert "Yosys" in res["tool_versions"]["yosys"]
    _check_worst_path(res["worst_path"], res["fmax_mhz"])


@pytest.mark.synth
def test_synth_seed_sweep_json():
    """--seeds: one netlist placed with each seed; per-seed rows and min/median/max agree."""
    r = subprocess.run([*CLI, "synth", "--design", "idea-mul", "--seeds", "1,2,3", "--json"],
                       capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, r.stderr[-2000:]
    sw = json.loads(r.stdout.strip().splitlines()[-1])
    assert sw["design"] == "idea-mul" and [x["seed"] for x in sw["runs"]] == [1, 2, 3]
    f = sorted(x["fmax_mhz"] for x in sw["runs"])
    assert sw["fmax_mhz"] == {"min": f[0], "median": f[1], "max": f[2]}
    assert all(x["fmax_mhz"] > 50 and x["lut4"] > 20 for x in sw["runs"])
    assert sw["command"].endswith("--seeds 1,2,3 --json")
    for x in sw["runs"]:
        _check_worst_path(x["worst_path"], x["fmax_mhz"])


@pytest.mark.synth
def test_synth_placer_choice_is_recorded():
    """--placer static: nextpnr's electrostatic placer; the record names it and its command."""
    d = DESIGNS["idea-mul"]
    other = "static" if d.placer == "heap" else "heap"
    r = subprocess.run([*CLI, "synth", "--design", "idea-mul", "--placer", other, "--json"],
                       capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, r.stderr[-2000:]
    res = json.loads(r.stdout.strip().splitlines()[-1])
    assert res["placer"] == other and f"--placer {other}" in res["command"]
    assert res["fmax_mhz"] > 50
    _check_worst_path(res["worst_path"], res["fmax_mhz"])


def test_writing_results_with_another_placer_is_a_user_error():
    d = DESIGNS["idea-mul"]
    other = "static" if d.placer == "heap" else "heap"
    r = subprocess.run([*CLI, "synth", "--design", "idea-mul", "--placer", other, "--write-results"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.startswith("linecrypt: ") and r.stdout == "", r.stderr


def _check_worst_path(wp: dict, fmax_mhz: float) -> None:
    # nextpnr's worst path is the one that sets Fmax: its delays add up to the clock period
    assert wp["logic_levels"] >= 0 and wp["from"] and wp["to"]
    assert wp["logic_ns"] + wp["routing_ns"] == pytest.approx(1000.0 / fmax_mhz, abs=0.03)
    if "longest_hop" in wp:
        assert 0 < wp["longest_hop"]["ns"] <= wp["routing_ns"] and wp["longest_hop"]["tiles"] >= 0


def test_committed_worst_paths_match_their_fmax():
    """Every committed result that records nextpnr's worst path: its delays give the row's Fmax."""
    from linecrypt.flows.synth import RESULTS
    seen = 0
    for f in sorted(RESULTS.rglob("*.json")):
        rec = json.loads(f.read_text())
        for r in [rec] + rec.get("runs", []):
            if r.get("worst_path"):
                _check_worst_path(r["worst_path"], r["fmax_mhz"])
                seen += 1
    assert seen >= 9


@pytest.mark.parametrize("bad", ["1", "1,x", "2,2", ""])
def test_bad_seed_list_is_a_user_error(bad):
    r = subprocess.run([*CLI, "synth", "--design", "idea-mul", "--seeds", bad], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.startswith("linecrypt: ") and r.stdout == "", r.stderr


def test_unknown_design_is_a_user_error():
    r = subprocess.run([*CLI, "synth", "--design", "nope"], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.startswith("linecrypt: ") and r.stdout == ""


def test_readme_results_table_is_generated_from_the_committed_json():
    from linecrypt import ROOT
    from linecrypt.flows import synth
    results = synth.load_results()
    assert results, "no synthesis results committed"
    for r in results:
        assert REQUIRED <= set(r) and r["design"] in DESIGNS, r.get("design")
        assert r["gbps"] == pytest.approx(r["bits_per_cycle"] * r["fmax_mhz"] / 1000, abs=0.01)
    table = synth.results_table(results)
    readme = (ROOT / "README.md").read_text()
    assert synth.README_BEGIN + "\n" + table + "\n" + synth.README_END in readme, \
        "README results table is stale: run `linecrypt synth --update-readme`"
    sweeps = synth.load_sweeps()
    for sw in sweeps:
        f = sorted(x["fmax_mhz"] for x in sw["runs"])
        assert sw["design"] in DESIGNS and len(f) >= 2 and sw["fmax_mhz"]["min"] == f[0] \
            and sw["fmax_mhz"]["max"] == f[-1], sw["design"]
    assert synth.SEEDS_BEGIN + "\n" + synth.sweeps_table(sweeps) + "\n" + synth.SEEDS_END in readme, \
        "README seed table is stale: run `linecrypt synth --update-readme`"
    # a building block (one round, one multiplier) is not a core: no Gbit/s in its row
    for line in table.splitlines()[2:]:
        name = line.split("`")[1]
        assert ("(block) | - | -" in line) == DESIGNS[name].building_block, line
