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


_AEAD_CHILD = r"""
import json, sys, botan2
out = []
for job in json.loads(sys.stdin.read()):
    c = botan2.SymmetricCipher(job["cipher"], encrypt=not job["decrypt"])
    c.set_key(bytes.fromhex(job["key"]))
    c.set_assoc_data(bytes.fromhex(job["ad"]))
    c.start(bytes.fromhex(job["nonce"]))
    try:
        out.append(bytes(c.finish(bytes.fromhex(job["data"]))).hex())
    except botan2.BotanException:
        out.append(None)
print(json.dumps(out))
"""


def aead(jobs: list[tuple[str, bytes, bytes, bytes, bool, bytes]]) -> list[bytes | None]:
    """Run AEAD jobs ``(botan_cipher_name, key, nonce, ad, decrypt, data)`` in one child.

    Encryption returns ciphertext || tag; decryption returns the plaintext, or None where Botan
    rejects the tag. Botan names: "Serpent/OCB(16)", "AES-128/GCM(12)", ... (Botan 2.19 takes
    OCB tags of 8, 12 or 16 bytes and GCM tags of 8 or 12..16 bytes).
    """
    payload = json.dumps([{"cipher": n, "key": k.hex(), "nonce": iv.hex(), "ad": a.hex(),
                           "decrypt": d, "data": x.hex()} for n, k, iv, a, d, x in jobs])
    r = subprocess.run([SYSTEM_PYTHON, "-c", _AEAD_CHILD], input=payload, capture_output=True,
                       text=True, timeout=300, check=True)
    return [None if h is None else bytes.fromhex(h) for h in json.loads(r.stdout)]
