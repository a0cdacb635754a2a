# SPDX-License-Identifier: Apache-2.0
"""GCM authenticated encryption (NIST SP 800-38D), over any block cipher with 16-byte blocks.

The code follows SP 800-38D section 6 (Algorithms 1 to 5) and section 7.1 step by step. A block
cipher is any object with ``encrypt_block(bytes)`` on 16-byte blocks (GCM never deciphers).

Bit and byte order (SP 800-38D section 6.1): a block X = x_0 x_1 ... x_127 is the 16-byte
string with x_0 the most significant bit of byte 0. In GF(2^128), x_i is the coefficient of
alpha^i, so the bit string is *reflected* against the usual polynomial order: reading the
16 bytes as one big-endian integer puts x_0 at integer bit 127. :func:`gf_mult` works on that
integer: "V >> 1" is the spec's rightshift, LSB_1(V) is integer bit 0, and
R = 11100001 || 0^120 is ``0xE1 << 120``.

Lengths are whole bytes: IVs of any non-zero length (12 bytes takes the J0 = IV || 0^31 || 1
fast path, any other length hashes the IV with GHASH), tags of 4, 8 or 12..16 bytes (the
t of section 5.2.1.2), associated data and messages of any byte length.

The pieces the hardware computes separately are functions of their own: :func:`gf_mult`,
:func:`ghash`, :func:`h_powers` (H^1..H^n for an n-way parallel GHASH), :func:`derive_j0`,
:func:`inc32`, :func:`gctr`, :func:`length_block`.
"""
from __future__ import annotations

import hmac

from linecrypt.models.modes import ModeError
from linecrypt.models.ocb import AuthenticationError

__all__ = ["AuthenticationError", "TAG_LENGTHS", "gf_mult", "ghash", "h_powers", "hash_subkey",
           "derive_j0", "inc32", "gctr", "length_block", "encrypt", "decrypt"]

BLOCK = 16
MASK128 = (1 << 128) - 1
R = 0xE1 << 120
TAG_LENGTHS = (4, 8, 12, 13, 14, 15, 16)


def _int(block: bytes) -> int:
    return int.from_bytes(block, "big")


def _bytes(x: int) -> bytes:
    return x.to_bytes(BLOCK, "big")


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def _zero_pad(data: bytes) -> bytes:
    """data || 0^s with s the fewest zero bits that make a whole number of blocks."""
    return data + bytes(-len(data) % BLOCK)


# --- Algorithm 1: multiplication in GF(2^128) --------------------------------------------------

def gf_mult(x: bytes, y: bytes) -> bytes:
    """X . Y (SP 800-38D Algorithm 1)."""
    xi = _int(x)
    z = 0
    v = _int(y)
    for i in range(128):
        if (xi >> (127 - i)) & 1:          # x_i, bit i of X counted from the left
            z ^= v
        if v & 1 == 0:                      # LSB_1(V_i) = 0
            v = v >> 1
        else:
            v = (v >> 1) ^ R
    return _bytes(z)


# --- Algorithm 2: GHASH ------------------------------------------------------------------------

def ghash(h: bytes, data: bytes) -> bytes:
    """GHASH_H(X) for X of a whole number of blocks: Y_i = (Y_{i-1} xor X_i) . H."""
    if len(data) % BLOCK:
        raise ValueError(f"GHASH input of {len(data)} bytes is not a whole number of blocks")
    y = bytes(BLOCK)
    for i in range(0, len(data), BLOCK):
        y = gf_mult(_xor(y, data[i:i + BLOCK]), h)
    return y


def h_powers(h: bytes, n: int) -> list[bytes]:
    """[H^1, H^2, ..., H^n]: with them GHASH of X_1..X_m is the sum of X_i . H^(m-i+1)."""
    powers = []
    p = h
    for _ in range(n):
        powers.append(p)
        p = gf_mult(p, h)
    return powers


def hash_subkey(cipher) -> bytes:
    """H = CIPH_K(0^128)."""
    return cipher.encrypt_block(bytes(BLOCK))


def length_block(ad_len: int, text_len: int) -> bytes:
    """[len(A)]_64 || [len(C)]_64, lengths in bits (byte counts in, as everywhere here)."""
    return (8 * ad_len).to_bytes(8, "big") + (8 * text_len).to_bytes(8, "big")


# --- Algorithm 3: GCTR -------------------------------------------------------------------------

def inc32(block: bytes) -> bytes:
    """inc_32(X): the rightmost 32 bits incremented modulo 2^32, the rest unchanged."""
    low = (int.from_bytes(block[12:], "big") + 1) % (1 << 32)
    return block[:12] + low.to_bytes(4, "big")


def gctr(cipher, icb: bytes, data: bytes) -> bytes:
    """GCTR_K(ICB, X): X xor CIPH_K(CB_1) || CIPH_K(CB_2) || ..., the last block truncated."""
    out = []
    cb = icb
    for i in range(0, len(data), BLOCK):
        x_i = data[i:i + BLOCK]
        out.append(_xor(x_i, cipher.encrypt_block(cb)[:len(x_i)]))
        cb = inc32(cb)
    return b"".join(out)


# --- Pre-counter block J0 (Algorithm 4 step 2) -------------------------------------------------

def derive_j0(h: bytes, iv: bytes) -> bytes:
    """J0 = IV || 0^31 || 1 if len(IV) = 96, else GHASH_H(IV || 0^(s+64) || [len(IV)]_64)."""
    if len(iv) == 0:
        raise ModeError("GCM IV must not be empty")
    if len(iv) == 12:
        return iv + b"\x00\x00\x00\x01"
    return ghash(h, _zero_pad(iv) + bytes(8) + (8 * len(iv)).to_bytes(8, "big"))


# --- Algorithms 4 and 5: authenticated encryption and decryption -------------------------------

def _check_tag_length(taglen: int) -> None:
    if taglen not in TAG_LENGTHS:
        raise ModeError(f"GCM tag must be 4, 8 or 12 to 16 bytes, got {taglen}")


def _tag(cipher, h: bytes, j0: bytes, ad: bytes, ciphertext: bytes, taglen: int) -> bytes:
    """T = MSB_t(GCTR_K(J0, S)), S = GHASH_H(A || 0^v || C || 0^u || [len(A)]_64 || [len(C)]_64)."""
    s = ghash(h, _zero_pad(ad) + _zero_pad(ciphertext) + length_block(len(ad), len(ciphertext)))
    return gctr(cipher, j0, s)[:taglen]


def encrypt(cipher, iv: bytes, ad: bytes, plaintext: bytes, taglen: int = 16) -> bytes:
    """GCM-AE_K(IV, P, A): returns C || T."""
    _check_tag_length(taglen)
    h = hash_subkey(cipher)
    j0 = derive_j0(h, iv)
    ciphertext = gctr(cipher, inc32(j0), plaintext)
    return ciphertext + _tag(cipher, h, j0, ad, ciphertext, taglen)


def decrypt(cipher, iv: bytes, ad: bytes, data: bytes, taglen: int = 16) -> bytes:
    """GCM-AD_K(IV, C, A, T): the plaintext, or AuthenticationError (FAIL)."""
    _check_tag_length(taglen)
    if len(data) < taglen:
        raise AuthenticationError(f"GCM input of {len(data)} bytes is shorter than the tag")
    ciphertext, tag = data[:len(data) - taglen], data[len(data) - taglen:]
    h = hash_subkey(cipher)
    j0 = derive_j0(h, iv)
    expected = _tag(cipher, h, j0, ad, ciphertext, taglen)
    if not hmac.compare_digest(expected, tag):
        raise AuthenticationError("GCM tag mismatch")
    return gctr(cipher, inc32(j0), ciphertext)
