# SPDX-License-Identifier: Apache-2.0
"""Confidentiality modes of SP 800-38A over any block-cipher object.

A block-cipher object has ``block_bytes``, ``encrypt_block(bytes)`` and ``decrypt_block(bytes)``.
These functions are shared by the golden models and by the RTL back end (whose block-cipher
object sends the blocks through the Verilated core), so the mode logic is written once.
Batch variants take a callable that processes a list of blocks at once, which lets the RTL
back end keep its pipeline full (ECB, CTR, CBC decryption are parallel; CBC encryption is not).
"""
from __future__ import annotations

from typing import Callable, Sequence

BatchFn = Callable[[Sequence[bytes]], list]


class ModeError(ValueError):
    """An input the mode cannot take (length, IV size)."""


def _blocks(data: bytes, n: int) -> list[bytes]:
    return [data[i:i + n] for i in range(0, len(data), n)]


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def _check_whole(data: bytes, n: int, mode: str) -> None:
    if len(data) % n:
        raise ModeError(f"{mode} input length {len(data)} is not a multiple of the {n}-byte block")


def _check_iv(iv: bytes | None, n: int, mode: str) -> bytes:
    if iv is None:
        raise ModeError(f"{mode} needs --iv ({n} bytes)")
    if len(iv) != n:
        raise ModeError(f"{mode} IV must be {n} bytes, got {len(iv)}")
    return iv


def ecb(batch: BatchFn, n: int, data: bytes) -> bytes:
    _check_whole(data, n, "ECB")
    return b"".join(batch(_blocks(data, n)))


def cbc_encrypt(batch: BatchFn, n: int, data: bytes, iv: bytes) -> bytes:
    _check_whole(data, n, "CBC")
    prev = _check_iv(iv, n, "CBC")
    out = []
    for p in _blocks(data, n):
        prev = batch([_xor(p, prev)])[0]
        out.append(prev)
    return b"".join(out)


def cbc_decrypt(batch: BatchFn, n: int, data: bytes, iv: bytes) -> bytes:
    _check_whole(data, n, "CBC")
    _check_iv(iv, n, "CBC")
    cts = _blocks(data, n)
    dec = batch(cts)
    return b"".join(_xor(d, c) for d, c in zip(dec, [iv] + cts[:-1]))


def ctr_blocks(iv: bytes, count: int) -> list[bytes]:
    """Counter blocks: the whole block incremented as one big-endian integer (SP 800-38A B.1)."""
    n = len(iv)
    c = int.from_bytes(iv, "big")
    mask = (1 << (8 * n)) - 1
    return [((c + i) & mask).to_bytes(n, "big") for i in range(count)]


def ctr(batch: BatchFn, n: int, data: bytes, iv: bytes) -> bytes:
    _check_iv(iv, n, "CTR")
    count = (len(data) + n - 1) // n
    ks = b"".join(batch(ctr_blocks(iv, count))) if count else b""
    return _xor(data, ks[:len(data)])


def crypt(cipher, mode: str, decrypt: bool, data: bytes, iv: bytes | None = None,
          batch_enc: BatchFn | None = None, batch_dec: BatchFn | None = None) -> bytes:
    """Encrypt or decrypt ``data`` in ECB, CBC or CTR with ``cipher`` (block-at-a-time object)."""
    n = cipher.block_bytes
    enc = batch_enc or (lambda bs: [cipher.encrypt_block(b) for b in bs])
    dec = batch_dec or (lambda bs: [cipher.decrypt_block(b) for b in bs])
    if mode == "ecb":
        return ecb(dec if decrypt else enc, n, data)
    if mode == "cbc":
        return cbc_decrypt(dec, n, data, iv) if decrypt else cbc_encrypt(enc, n, data, iv)
    if mode == "ctr":
        return ctr(enc, n, data, iv)
    raise ModeError(f"unknown mode {mode!r}")
