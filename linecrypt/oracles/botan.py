# SPDX-License-Identifier: Apache-2.0
"""Botan (Debian's python3-botan) as an independent block-cipher oracle.

Botan's Python binding is a Debian package for the system interpreter, not the project's venv,
so the calls run in ``/usr/bin/python3`` as a child process. One child serves a whole batch.
``available()`` is False where the package is missing (``.ci/run`` installs it on Debian).
"""
from __future__ import annotations

import functools
import json
import subprocess

SYSTEM_PYTHON = "/usr/bin/python3"

_CHILD = r"""
import json, sys, botan2
out = []
for job in json.loads(sys.stdin.read()):
    c = botan2.BlockCipher(job["cipher"])
    c.set_key(bytes.fromhex(job["key"]))
    fn = c.decrypt if job["decrypt"] else c.encrypt
    out.append(bytes(fn(bytes.fromhex(job["data"]))).hex())
print(json.dumps(out))
"""


@functools.lru_cache(maxsize=None)
def available() -> bool:
    try:
        r = subprocess.run([SYSTEM_PYTHON, "-c", "import botan2"], capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return r.returncode == 0


def block_ecb(jobs: list[tuple[str, bytes, bool, bytes]]) -> list[bytes]:
    """Run ECB jobs ``(botan_cipher_name, key, decrypt, data)``; returns the outputs in order.

    Botan names: "AES-128", "Serpent", "DES", "TripleDES", "IDEA", ...
    """
    payload = json.dumps([{"cipher": n, "key": k.hex(), "decrypt": d, "data": x.hex()}
                          for n, k, d, x in jobs])
    r = subprocess.run([SYSTEM_PYTHON, "-c", _CHILD], input=payload, capture_output=True,
                       text=True, timeout=300, check=True)
    return [bytes.fromhex(h) for h in json.loads(r.stdout)]
