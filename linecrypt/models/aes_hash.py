# SPDX-License-Identifier: Apache-2.0
"""AES-Hash: Davies-Meyer over Rijndael-256 (seed 004), as LineCrypt defines it.

Seed 004 gives only the compression function: Davies-Meyer with a 256-bit-block Rijndael whose
key input takes the message. Padding, IV and output are left open; this module fixes them. No
external test vectors exist: this module *is* the definition, and the regression values in
``tests/models/test_aes_hash_model.py`` are computed from it.

Cipher: Rijndael with Nb = 8 (32-byte block) and Nk = 8 (32-byte key), Nr = 14
(:mod:`linecrypt.models.rijndael`; byte order as FIPS-197 extended to 8 columns, byte 0 first).

Padding (Merkle-Damgard strengthening, as SHA-256 but with 32-byte blocks): the message M of
``L`` bytes is followed by the byte 0x80, then the fewest zero bytes ``z >= 0`` such that
``L + 1 + z + 8`` is a multiple of 32, then the 64-bit big-endian bit length ``8L``. So a
message of 0..23 bytes pads to one block, 24..55 bytes to two, and ``L < 2^61``.

IV: ``H_0 = SHA-256(b"LineCrypt AES-Hash IV")``, all 32 bytes
(= 36c50e84cc90e8224e476f5312308a9e c01068d22b63fe7d475bc158afac7cf6; checked in the tests).

Iteration: the padded message is cut into 32-byte blocks ``M_1 .. M_n``;
``H_i = E_{M_i}(H_{i-1}) xor H_{i-1}``, where ``E_K(X)`` is Rijndael-256 encryption of the
32-byte block X under the 32-byte key K. The digest is ``H_n``, 32 bytes, byte 0 first.
"""
from __future__ import annotations

import hashlib

from linecrypt.models.rijndael import Rijndael

__all__ = ["BLOCK", "DIGEST", "IV", "pad", "compress", "aes_hash", "AESHash"]

BLOCK = 32
DIGEST = 32
IV = hashlib.sha256(b"LineCrypt AES-Hash IV").digest()
MAX_BYTES = (1 << 61) - 1


def pad(length: int) -> bytes:
    """The padding appended to a message of ``length`` bytes."""
    if not 0 <= length <= MAX_BYTES:
        raise ValueError("AES-Hash messages are limited to 2^61 - 1 bytes")
    zeros = (-(length + 9)) % BLOCK
    return b"\x80" + bytes(zeros) + (8 * length).to_bytes(8, "big")


def compress(h: bytes, m: bytes) -> bytes:
    """Davies-Meyer: ``E_m(h) xor h`` with Rijndael-256 (32-byte key m, 32-byte block h)."""
    if len(h) != BLOCK or len(m) != BLOCK:
        raise ValueError("AES-Hash chaining value and message block are 32 bytes")
    e = Rijndael(m, block_bytes=BLOCK).encrypt_block(h)
    return bytes(a ^ b for a, b in zip(e, h))


class AESHash:
    """hashlib-style object: ``update(data)``, ``digest()``, ``hexdigest()``, ``copy()``."""

    name = "aes-hash"
    digest_size = DIGEST
    block_size = BLOCK

    def __init__(self, data: bytes = b""):
        self._h = IV
        self._buf = b""
        self._len = 0
        self.update(data)

    def update(self, data: bytes) -> None:
        self._len += len(data)
        buf = self._buf + bytes(data)
        full = len(buf) - len(buf) % BLOCK
        for i in range(0, full, BLOCK):
            self._h = compress(self._h, buf[i:i + BLOCK])
        self._buf = buf[full:]

    def copy(self) -> "AESHash":
        other = AESHash()
        other._h, other._buf, other._len = self._h, self._buf, self._len
        return other

    def digest(self) -> bytes:
        tail = self._buf + pad(self._len)
        h = self._h
        for i in range(0, len(tail), BLOCK):
            h = compress(h, tail[i:i + BLOCK])
        return h

    def hexdigest(self) -> str:
        return self.digest().hex()


def aes_hash(message: bytes) -> bytes:
    """AES-Hash of a whole message (32-byte digest)."""
    return AESHash(message).digest()
