"""`make lint`: `verilator --lint-only -Wall` over every core and design point's parameters.

Waivers live in the RTL next to the line they excuse, each with its reason.
"""
from __future__ import annotations

import subprocess
import sys

from linecrypt.designs import DESIGNS, sources_for
from linecrypt.host.tools import verilator_env


def lint(top: str, params: dict) -> tuple[bool, str]:
    cmd = ["verilator", "--lint-only", "-Wall", "--top-module", top]
    cmd += [f"-G{k}={v}" for k, v in params.items()] + [str(f) for f in sources_for(top)]
    r = subprocess.run(cmd, env=verilator_env(), capture_output=True, text=True)
    return r.returncode == 0 and "%Warning" not in r.stderr, r.stderr


def main() -> int:
    bad = 0
    seen = set()
    for d in DESIGNS.values():
        key = (d.top, tuple(sorted(d.params.items())))
        if key in seen:
            continue
        seen.add(key)
        ok, err = lint(d.top, d.params)
        print(f"{'ok  ' if ok else 'FAIL'} {d.name}")
        if not ok:
            bad += 1
            print(err)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
