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
    here = ROOT.parent / "shared" / "vectors"
    return here if here.is_dir() else _main_checkout(ROOT).parent / "shared" / "vectors"


def _main_checkout(root: Path) -> Path:
    """The main working tree of the repository when ``root`` is a linked git worktree (its
    ``.git`` is a ``gitdir:`` file pointing into ``<main>/.git/worktrees/``), else ``root``."""
    dot_git = root / ".git"
    if not dot_git.is_file():
        return root
    text = dot_git.read_text().strip()
    if not text.startswith("gitdir:"):
        return root
    gitdir = (root / text[len("gitdir:"):].strip()).resolve()
    commondir = gitdir / "commondir"
    common = (gitdir / commondir.read_text().strip()).resolve() if commondir.is_file() else gitdir
    return common.parent if common.name == ".git" else root


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


def _flags(line: str) -> dict:
    """``name=true`` / ``name=false`` pairs of a transcript call line."""
    out = {}
    for part in line[line.index("(") + 1:line.rindex(")")].split(","):
        if "=" in part:
            k, v = (x.strip() for x in part.split("=", 1))
            out[k] = v == "true"
    return out


def read_keyak_transcript(path: Path) -> dict:
    """The Keccak team's Keyak v2 unit-test transcript (``LakeKeyak.txt``): ``sessions``, in
    file order, and ``global_tag``.

    A session is ``instance`` (the ``*** Keyak[...]`` line), ``start`` (``K``, ``N``,
    ``tag_flag``, ``unwrap``, ``forget``, ``T``: the tag, or None without tagFlag) and
    ``wraps``: one dict per Wrap record with ``A``, ``I``, ``O``, ``T``, ``unwrap``, ``forget``.
    Byte strings are ``bytes``; an empty field is ``b""``."""
    keys = {"> K": "K", "> N": "N", "> A (metadata)": "A", "> I (plaintext)": "I",
            "< O (ciphertext)": "O", "< T (tag)": "T"}
    sessions, cur, rec, global_tag = [], None, None, None
    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("***"):
            cur = {"instance": line[3:].strip(), "start": None, "wraps": []}
            sessions.append(cur)
            rec = None
        elif line.startswith("StartEngine("):
            f = _flags(line)
            rec = {"tag_flag": f["tagFlag"], "unwrap": f["unwrapFlag"],
                   "forget": f["forgetFlag"], "T": None}
            cur["start"] = rec
        elif line.startswith("Wrap("):
            f = _flags(line)
            rec = {"unwrap": f["unwrapFlag"], "forget": f["forgetFlag"]}
            cur["wraps"].append(rec)
        elif line.startswith("+++ Global tag:"):
            global_tag = bytes.fromhex(line.split(":", 1)[1])
        elif line[0] in "<>" and ":" in line:
            name, value = line.split(":", 1)
            if name not in keys or rec is None:
                raise ValueError(f"unexpected transcript line: {line[:60]}")
            rec[keys[name]] = bytes.fromhex(value)
        else:
            raise ValueError(f"unexpected transcript line: {line[:60]}")
    for s in sessions:
        if s["start"] is None or not {"K", "N"} <= s["start"].keys() or (
                s["start"]["tag_flag"] and s["start"]["T"] is None):
            raise ValueError(f"incomplete StartEngine record in session {sessions.index(s)}")
        for w in s["wraps"]:
            if not {"A", "I", "O", "T"} <= w.keys():
                raise ValueError(f"incomplete Wrap record in session {sessions.index(s)}")
    return {"sessions": sessions, "global_tag": global_tag}
