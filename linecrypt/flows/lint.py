# SPDX-License-Identifier: Apache-2.0
"""`make lint`: `verilator --lint-only -Wall` over every core and design point's parameters.

Waivers live in the RTL next to the line they excuse, each with its reason.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from linecrypt import BUILD
from linecrypt.designs import DESIGNS, sources_for
from linecrypt.host.tools import verilator_env, yosys_share


ECP5_PRIMS = ("DP16KD", "LUT4", "PFUMX", "L6MUX21")  # ECP5 primitives the RTL instantiates under LC_TECH_ECP5


def ecp5_prim_stubs() -> Path:
    """The port and parameter lists of ECP5_PRIMS, cut from Yosys's own ECP5 cell library (its
    blackbox declarations), so `verilator --lint-only -DLC_TECH_ECP5` checks our instances'
    pin names and widths against the vendor primitive as the synthesis flow sees it."""
    lib = yosys_share() / "lattice" / "cells_sim_ecp5.v"
    text = lib.read_text() + (lib.parent / "common_sim.vh").read_text()   # LUT4 is in the latter
    out = ["/* verilator lint_off DECLFILENAME */", "/* verilator lint_off UNUSEDPARAM */",
           "/* verilator lint_off SPECIFYIGN */",   # LUT4 carries abc9 pin delays
           "/* verilator lint_off UNUSEDSIGNAL */", "/* verilator lint_off UNDRIVEN */"]
    for prim in ECP5_PRIMS:
        m = re.search(rf"^module {prim}\b.*?^endmodule", text, re.S | re.M)
        if not m:
            raise RuntimeError(f"{prim} not found in {lib}")
        out.append(m.group(0))
    path = BUILD / "lint" / "ecp5_prims.v"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out) + "\n")
    return path


def lint(top: str, params: dict, tech_ecp5: bool = False) -> tuple[bool, str]:
    """-Wall lint; tech_ecp5 lints the LC_TECH_ECP5 branches (primitive instances) instead."""
    cmd = ["verilator", "--lint-only", "-Wall", "--top-module", top]
    files = [str(f) for f in sources_for(top)]
    if tech_ecp5:
        cmd.append("-DLC_TECH_ECP5")
        files.insert(0, str(ecp5_prim_stubs()))
    cmd += [f"-G{k}={v}" for k, v in params.items()] + files
    r = subprocess.run(cmd, env=verilator_env(), capture_output=True, text=True)
    return r.returncode == 0 and "%Warning" not in r.stderr, r.stderr


def uses_ecp5_prims(top: str, params: dict) -> bool:
    """Cores and parameters with an ECP5 primitive under LC_TECH_ECP5: block RAM (lc_bram_sdp),
    LUT4 and its muxes (lc_xor4, lc_parity, lc_lut8: Serpent and AES; the lane-serial Keccak
    datapath of keccak_p1600_lite)."""
    return bool(params.get("OUT_BRAM") or params.get("BRAM")) or \
        any(f.name in ("lc_xor4.v", "keccak_p1600_lite.v") for f in sources_for(top))


def main() -> int:
    bad = 0
    seen = set()
    for d in DESIGNS.values():
        key = (d.top, tuple(sorted(d.params.items())))
        if key in seen:
            continue
        seen.add(key)
        for tech in ((False, True) if uses_ecp5_prims(d.top, d.params) else (False,)):
            ok, err = lint(d.top, d.params, tech_ecp5=tech)
            print(f"{'ok  ' if ok else 'FAIL'} {d.name}{' (LC_TECH_ECP5)' if tech else ''}")
            if not ok:
                bad += 1
                print(err)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
