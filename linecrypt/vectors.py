# SPDX-License-Identifier: Apache-2.0
"""Readers for published test-vector files (NIST CAVP .rsp style and friends)."""
from __future__ import annotations

import os
from pathlib import Path


def cryptography_vectors_dir() -> Path:
    import cryptography_vectors
    return Path(os.path.dirname(cryptography_vectors.__file__))


def shared_vectors_dir() -> Path:
    """``../shared/vectors`` beside the checkout (see its SOURCES.md).

    ``LINECRYPT_SHARED_VECTORS`` overrides it, for a checkout (a git worktree, say) that has no
    ``shared/`` beside it."""
    override = os.environ.get("LINECRYPT_SHARED_VECTORS")
    if override:
        return Path(override)
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


def read_keccak_trace(path: Path) -> list[dict]:
    """The examples of XKCP's ``KeccakF-1600-IntermediateValues.txt``: for each, ``input`` and
    ``output`` (200-byte states) and ``rounds``: the state after each round's iota, as 200-byte
    strings (the file's lanes are printed row by row, y = 0..4, x = 0..4)."""
    examples, cur, want, rows, rnd = [], None, None, [], None
    for raw in Path(path).read_text().splitlines():
        line = raw.strip()
        if line.startswith("Input of permutation"):
            cur = {"rounds": []}
            want, rows = "input", []
        elif line.startswith("State after permutation"):
            want, rows = "output", []
        elif line.startswith("--- Round"):
            rnd = int(line.split()[2])
        elif line.startswith("After iota"):
            want, rows = "iota", []
        elif line.startswith(("After", "Same,", "+++")):
            want = None
        elif want and line:
            rows.append(line)
            if want in ("input", "output"):
                cur[want] = bytes.fromhex("".join(rows))
                want = None
                if "output" in cur:
                    examples.append(cur)
            elif len(rows) == 5:
                lanes = [int(w, 16) for r in rows for w in r.split()]
                assert rnd == len(cur["rounds"]), f"round {rnd} out of order"
                cur["rounds"].append(b"".join(v.to_bytes(8, "little") for v in lanes))
                want = None
    return examples
