# SPDX-License-Identifier: Apache-2.0
"""The IP units under ``ip/<name>/`` and their RTL file lists, read from each unit's FuseSoC CAPI2
core file (``ip/<name>/<name>.core``), so FuseSoC users, simulation, lint and synthesis all take
the same files in the same order. Dependencies (``depend: linecrypt:ip:<other>``) come first."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from linecrypt import IP

VENDOR = "linecrypt:ip:"


def ip_names() -> list[str]:
    return sorted(p.parent.name for p in IP.glob("*/*.core") if p.stem == p.parent.name)


@lru_cache(maxsize=None)
def core_description(name: str) -> dict:
    return yaml.safe_load((IP / name / f"{name}.core").read_text())


def _dep_name(vlnv: str) -> str:
    if not vlnv.startswith(VENDOR):
        raise ValueError(f"dependency {vlnv!r} is not a LineCrypt IP")
    return vlnv[len(VENDOR):].split(":")[0]


def ip_files(name: str, _seen: set | None = None) -> list[Path]:
    """RTL files of IP ``name`` and of every IP it depends on, dependencies first, no repeats."""
    seen = set() if _seen is None else _seen
    if name in seen:
        return []
    seen.add(name)
    rtl = core_description(name)["filesets"]["rtl"]
    out: list[Path] = []
    for dep in rtl.get("depend", []):
        out += ip_files(_dep_name(dep), seen)
    out += [IP / name / f for f in rtl["files"]]
    return out
