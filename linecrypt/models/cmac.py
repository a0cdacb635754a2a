# SPDX-License-Identifier: Apache-2.0
"""CMAC (NIST SP 800-38B, = OMAC1) over a block cipher with 16-byte blocks, AES by default.

The code follows SP 800-38B section 6.1 (subkey generation) and 6.2 (MAC generation):

* ``L = CIPH_K(0^128)``; ``K1 = L << 1``, xor ``Rb = 0^120 || 10000111`` (0x87 in the last
  byte) if the MSB of L is 1; ``K2`` is K1 treated the same way. Blocks are 16-byte strings
  read as one big-endian integer: "<< 1" shifts towards byte 0, the MSB is bit 7 of byte 0.
* The message is cut into 16-byte blocks ``M_1 .. M_n``, ``n = max(1, ceil(len/16))``. If the
  last block is complete (and the message is not empty) ``M_n* = M_n xor K1``; otherwise it is
  padded with 0x80 then zero bytes to 16 bytes and ``M_n* = pad(M_n) xor K2``. The empty
  message is one padded block.
* ``C_0 = 0^128``, ``C_i = CIPH_K(C_{i-1} xor M_i)`` (with ``M_n*`` last); ``T = MSB_Tlen(C_n)``.

Lengths are whole bytes; the tag length ``tlen`` is in bytes, 1..16 (the CAVP files use
Tlen = 4..16; SP 800-38B recommends at least 8). Keys: AES-128/192/256 via
:class:`linecrypt.models.aes.AES`, or any object with ``encrypt_block`` on 16-byte blocks.
"""
from __future__ import annotations

import hmac

from linecrypt.models.aes import AES

__all__ = ["BLOCK", "RB", "subkeys", "cmac", "verify"]

BLOCK = 16
RB = 0x87
_MASK = (1 << 128) - 1


def _dbl(block: bytes) -> bytes:
    v = int.from_bytes(block, "big")
    v = ((v << 1) & _MASK) ^ (RB if v >> 127 else 0)
    return v.to_bytes(BLOCK, "big")


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def _cipher(key):
    return AES(key) if isinstance(key, (bytes, bytearray)) else key


def subkeys(key) -> tuple[bytes, bytes]:
    """SP 800-38B 6.1: (K1, K2) from an AES key or a block-cipher object."""
    c = _cipher(key)
    k1 = _dbl(c.encrypt_block(bytes(BLOCK)))
    return k1, _dbl(k1)


def cmac(key, message: bytes, tlen: int = 16) -> bytes:
    """SP 800-38B 6.2: the ``tlen``-byte CMAC tag of ``message``."""
    if not 1 <= tlen <= BLOCK:
        raise ValueError(f"CMAC tag length must be 1..16 bytes, got {tlen}")
    c = _cipher(key)
    k1, k2 = subkeys(c)
    n = max(1, -(-len(message) // BLOCK))
    last = message[BLOCK * (n - 1):]
    if len(last) == BLOCK:
        last = _xor(last, k1)
    else:
        last = _xor(last + b"\x80" + bytes(BLOCK - 1 - len(last)), k2)
    x = bytes(BLOCK)
    for i in range(n - 1):
        x = c.encrypt_block(_xor(x, message[BLOCK * i:BLOCK * (i + 1)]))
    x = c.encrypt_block(_xor(x, last))
    return x[:tlen]


def verify(key, message: bytes, tag: bytes) -> bool:
    """SP 800-38B 6.3: recompute a tag of ``len(tag)`` bytes and compare in constant time."""
    return hmac.compare_digest(cmac(key, message, len(tag)), tag)
