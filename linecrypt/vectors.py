# SPDX-License-Identifier: Apache-2.0
"""Readers for published test-vector files (NIST CAVP .rsp style and friends)."""
from __future__ import annotations

import os
from pathlib import Path


def cryptography_vectors_dir() -> Path:
    import cryptography_vectors
    return Path(os.path.dirname(cryptography_vectors.__file__))


def shared_vectors_dir() -> Path:
    """``../shared/vectors`` beside the checkout (see its SOURCES.md)."""
    from linecrypt import ROOT
    return ROOT.parent / "shared" / "vectors"


def read_nist(path: Path) -> list[dict]:
    """Parse a NIST ``KEY = ...`` style file into records; ``[SECTION]`` goes into ``section``."""
    records, cur, section = [], {}, None
    for raw in Path(path).read_text(errors="replace").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if cur:
                records.append(cur)
                cur = {}
            continue
        if line.startswith("[") and line.endswith("]"):
            if cur:
                records.append(cur)
                cur = {}
            section = line[1:-1]
            continue
        if "=" in line:
            k, v = (x.strip() for x in line.split("=", 1))
            if k == "COUNT" and cur:
                records.append(cur)
                cur = {}
            cur[k] = v
            cur.setdefault("section", section)
    if cur:
        records.append(cur)
    return [r for r in records if len(r) > 2]
