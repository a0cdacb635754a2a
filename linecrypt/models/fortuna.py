# SPDX-License-Identifier: Apache-2.0
"""Fortuna-style generator (Ferguson and Schneier, "Practical Cryptography", 2003, section 10.3),
as LineCrypt's AES PRNG engine (seed 004) defines it.

Only the *generator* is modelled: the entropy accumulator and its pools are out of scope; the
caller supplies each seed. The generator, as implemented here:

* State: a 32-byte AES-256 key ``K`` and a 128-bit counter ``C``. Initially ``K = 0^256`` and
  ``C = 0``; ``C = 0`` means "not seeded yet", and every request fails until a reseed.
* Counter block: ``C`` as 16 bytes, **little-endian** (byte 0 is the least significant byte),
  as the book specifies. ``C`` counts modulo 2^128.
* ``reseed(s)``: ``K = SHA-256(K || s)`` (plain SHA-256 of the 32-byte key followed by the seed
  bytes, not the book's SHA_d-256), then ``C = C + 1``.
* Generating k blocks: ``AES-256_K(C)``, then ``C = C + 1``, k times (AES-256 counter mode;
  AES as :class:`linecrypt.models.aes.AES`, FIPS-197 byte order).
* ``random_data(n)``, ``0 <= n <= 2^20``: generate ``ceil(n/16)`` blocks and return their
  first n bytes; then generate two more blocks and make them the new key ``K`` (32 bytes, first
  block first). The rekey follows every request, ``n = 0`` included, so a compromise of the
  state after a request does not reveal that request's output.
* Requests over 2^20 bytes (1 MiB) are refused; the caller splits them.
"""
from __future__ import annotations

import hashlib

from linecrypt.models.aes import AES

__all__ = ["MAX_REQUEST", "FortunaError", "Generator"]

MAX_REQUEST = 1 << 20
BLOCK = 16
_MOD = 1 << 128


class FortunaError(Exception):
    """Use before seeding, or a request over MAX_REQUEST bytes."""


class Generator:
    def __init__(self):
        self.key = bytes(32)
        self.counter = 0

    def counter_block(self) -> bytes:
        return self.counter.to_bytes(BLOCK, "little")

    def reseed(self, seed: bytes) -> None:
        self.key = hashlib.sha256(self.key + bytes(seed)).digest()
        self.counter = (self.counter + 1) % _MOD

    def _generate_blocks(self, k: int) -> bytes:
        if self.counter == 0:
            raise FortunaError("generator used before it was seeded")
        c = AES(self.key)
        out = []
        for _ in range(k):
            out.append(c.encrypt_block(self.counter_block()))
            self.counter = (self.counter + 1) % _MOD
        return b"".join(out)

    def random_data(self, n: int) -> bytes:
        if not 0 <= n <= MAX_REQUEST:
            raise FortunaError(f"request of {n} bytes: 0..{MAX_REQUEST} allowed")
        r = self._generate_blocks(-(-n // BLOCK))[:n]
        self.key = self._generate_blocks(2)
        return r
