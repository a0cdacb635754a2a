# SPDX-License-Identifier: Apache-2.0
"""OCB3 authenticated encryption (RFC 7253), over any block cipher with 16-byte blocks.

The code follows the pseudocode of RFC 7253 sections 4.1 to 4.3 step by step. A block cipher
is any object with ``encrypt_block(bytes)`` and ``decrypt_block(bytes)`` on 16-byte blocks
(``linecrypt.models.aes.AES``, ``linecrypt.models.serpent.Serpent``, or an RTL back end).

Bit and byte order (RFC 7253 section 2): a string's bit 1 is the most significant bit of its
byte 0, so a 128-bit block is the 16-byte string read as one big-endian integer. ``double``,
the nonce formatting and the Stretch bit selection below work on those integers.

Lengths are whole bytes: nonces 1..15 bytes, tags 1..16 bytes (TAGLEN = 8 * taglen bits),
associated data and messages of any byte length, including empty and partial final blocks.

The pieces the hardware computes separately are functions of their own, so the RTL can be
compared with each intermediate value: :func:`l_table` (L_*, L_$, L_i), :func:`format_nonce`,
:func:`ktop` and :func:`offset_from_ktop` (the Ktop cache split: Ktop depends only on the top
122 bits of the formatted nonce, ``bottom`` selects a 128-bit window of Stretch),
:func:`initial_offset`, :func:`ntz`, :func:`hash_ad` and :func:`offsets`.
"""
from __future__ import annotations

import hmac
from typing import NamedTuple

from linecrypt.models.modes import ModeError

BLOCK = 16
MASK128 = (1 << 128) - 1


class AuthenticationError(ValueError):
    """The tag does not match: the ciphertext, associated data, nonce or key is not authentic."""


# --- Basic operations (RFC 7253 section 2) -----------------------------------------------------

def _int(block: bytes) -> int:
    return int.from_bytes(block, "big")


def _bytes(x: int) -> bytes:
    return x.to_bytes(BLOCK, "big")


def xor(a: bytes, b: bytes) -> bytes:
    """Bitwise exclusive-or of two equal-length strings."""
    if len(a) != len(b):
        raise ValueError(f"xor of strings of {len(a)} and {len(b)} bytes")
    return bytes(x ^ y for x, y in zip(a, b))


def double(s: bytes) -> bytes:
    """double(S): S << 1 if S[1] == 0, else (S << 1) xor (zeros(120) || 10000111)."""
    x = _int(s)
    shifted = (x << 1) & MASK128
    if x >> 127:
        shifted ^= 0x87
    return _bytes(shifted)


def ntz(n: int) -> int:
    """Number of trailing zero bits of the positive integer ``n``."""
    if n <= 0:
        raise ValueError("ntz is defined for positive integers")
    count = 0
    while n % 2 == 0:
        n //= 2
        count += 1
    return count


def pad_block(partial: bytes) -> bytes:
    """S || 1 || zeros(127 - bitlen(S)) for a string of 0..15 bytes."""
    if len(partial) >= BLOCK:
        raise ValueError("pad_block takes fewer than 16 bytes")
    return partial + b"\x80" + bytes(BLOCK - 1 - len(partial))


def _split_blocks(data: bytes) -> tuple[list[bytes], bytes]:
    """Full 128-bit blocks X_1..X_m and the final partial block X_* (0..15 bytes)."""
    m = len(data) // BLOCK
    return [data[i * BLOCK:(i + 1) * BLOCK] for i in range(m)], data[m * BLOCK:]


# --- Key-dependent variables (RFC 7253 section 4.1) --------------------------------------------

class LTable(NamedTuple):
    """L_* = ENCIPHER(K, zeros(128)), L_$ = double(L_*), L_0 = double(L_$),
    L_i = double(L_{i-1})."""
    star: bytes
    dollar: bytes
    l: list[bytes]


def l_table(cipher, n: int) -> LTable:
    """The key-dependent table with ``n`` entries L_0 .. L_{n-1}."""
    star = cipher.encrypt_block(bytes(BLOCK))
    dollar = double(star)
    ls = []
    prev = dollar
    for _ in range(n):
        prev = double(prev)
        ls.append(prev)
    return LTable(star, dollar, ls)


def _table_for(cipher, *lengths: int) -> LTable:
    """A table long enough for ntz(i), i <= the largest full-block count among ``lengths``."""
    most = max([n // BLOCK for n in lengths] + [1])
    return l_table(cipher, most.bit_length())


# --- Nonce-dependent variables (RFC 7253 section 4.2) ------------------------------------------

def check_lengths(nonce: bytes, taglen: int) -> None:
    if not 1 <= len(nonce) <= 15:
        raise ModeError(f"OCB nonce must be 1 to 15 bytes, got {len(nonce)}")
    if not 1 <= taglen <= 16:
        raise ModeError(f"OCB tag must be 1 to 16 bytes, got {taglen}")


def format_nonce(nonce: bytes, taglen: int) -> bytes:
    """Nonce = num2str(TAGLEN mod 128, 7) || zeros(120 - bitlen(N)) || 1 || N."""
    check_lengths(nonce, taglen)
    bits_n = 8 * len(nonce)
    x = ((8 * taglen) % 128) << 121
    x |= 1 << bits_n
    x |= _int(nonce)
    return _bytes(x)


def split_nonce(formatted: bytes) -> tuple[bytes, int]:
    """(Nonce[1..122] || zeros(6), bottom = str2num(Nonce[123..128]))."""
    x = _int(formatted)
    return _bytes(x & ~0x3F & MASK128), x & 0x3F


def ktop(cipher, nonce_prefix: bytes) -> bytes:
    """Ktop = ENCIPHER(K, Nonce[1..122] || zeros(6)); ``nonce_prefix`` has its low 6 bits zero."""
    if len(nonce_prefix) != BLOCK or nonce_prefix[-1] & 0x3F:
        raise ValueError("nonce_prefix must be 16 bytes with its low 6 bits clear")
    return cipher.encrypt_block(nonce_prefix)


def stretch(ktop_block: bytes) -> bytes:
    """Stretch = Ktop || (Ktop[1..64] xor Ktop[9..72]), 192 bits."""
    return ktop_block + xor(ktop_block[0:8], ktop_block[1:9])


def offset_from_ktop(ktop_block: bytes, bottom: int) -> bytes:
    """Offset_0 = Stretch[1+bottom .. 128+bottom]."""
    if not 0 <= bottom < 64:
        raise ValueError("bottom is a 6-bit value")
    s = int.from_bytes(stretch(ktop_block), "big")
    return _bytes((s >> (64 - bottom)) & MASK128)


def initial_offset(cipher, nonce: bytes, taglen: int) -> bytes:
    """Offset_0 for ``nonce`` and a ``taglen``-byte tag."""
    prefix, bottom = split_nonce(format_nonce(nonce, taglen))
    return offset_from_ktop(ktop(cipher, prefix), bottom)


def offsets(offset0: bytes, table: LTable, m: int) -> list[bytes]:
    """Offset_1 .. Offset_m with Offset_i = Offset_{i-1} xor L_{ntz(i)}."""
    out = []
    off = offset0
    for i in range(1, m + 1):
        off = xor(off, table.l[ntz(i)])
        out.append(off)
    return out


# --- Processing associated data: HASH (RFC 7253 section 4.1) -----------------------------------

def hash_ad(cipher, ad: bytes, table: LTable | None = None) -> bytes:
    """HASH(K, A)."""
    table = table or _table_for(cipher, len(ad))
    blocks, a_star = _split_blocks(ad)
    total = bytes(BLOCK)
    offset = bytes(BLOCK)
    for i, a_i in enumerate(blocks, start=1):
        offset = xor(offset, table.l[ntz(i)])
        total = xor(total, cipher.encrypt_block(xor(a_i, offset)))
    if a_star:
        offset = xor(offset, table.star)
        cipher_input = xor(pad_block(a_star), offset)
        total = xor(total, cipher.encrypt_block(cipher_input))
    return total


# --- Encryption and decryption (RFC 7253 sections 4.2 and 4.3) ---------------------------------

def _tag(cipher, table: LTable, checksum: bytes, offset: bytes, ad: bytes) -> bytes:
    """ENCIPHER(K, Checksum xor Offset xor L_$) xor HASH(K, A)."""
    return xor(cipher.encrypt_block(xor(xor(checksum, offset), table.dollar)),
               hash_ad(cipher, ad, table))


def encrypt(cipher, nonce: bytes, ad: bytes, plaintext: bytes, taglen: int = 16) -> bytes:
    """OCB-ENCRYPT(K, N, A, P): returns C_1 || ... || C_m || C_* || Tag[1..TAGLEN]."""
    check_lengths(nonce, taglen)
    table = _table_for(cipher, len(ad), len(plaintext))
    blocks, p_star = _split_blocks(plaintext)
    offset = initial_offset(cipher, nonce, taglen)
    checksum = bytes(BLOCK)
    out = []
    for i, p_i in enumerate(blocks, start=1):
        offset = xor(offset, table.l[ntz(i)])
        out.append(xor(offset, cipher.encrypt_block(xor(p_i, offset))))
        checksum = xor(checksum, p_i)
    if p_star:
        offset = xor(offset, table.star)
        pad = cipher.encrypt_block(offset)
        out.append(xor(p_star, pad[:len(p_star)]))
        checksum = xor(checksum, pad_block(p_star))
    tag = _tag(cipher, table, checksum, offset, ad)
    return b"".join(out) + tag[:taglen]


def decrypt(cipher, nonce: bytes, ad: bytes, data: bytes, taglen: int = 16) -> bytes:
    """OCB-DECRYPT(K, N, A, C || T): the plaintext, or AuthenticationError (INVALID)."""
    check_lengths(nonce, taglen)
    if len(data) < taglen:
        raise AuthenticationError(f"OCB input of {len(data)} bytes is shorter than the tag")
    ciphertext, tag = data[:len(data) - taglen], data[len(data) - taglen:]
    table = _table_for(cipher, len(ad), len(ciphertext))
    blocks, c_star = _split_blocks(ciphertext)
    offset = initial_offset(cipher, nonce, taglen)
    checksum = bytes(BLOCK)
    out = []
    for i, c_i in enumerate(blocks, start=1):
        offset = xor(offset, table.l[ntz(i)])
        p_i = xor(offset, cipher.decrypt_block(xor(c_i, offset)))
        out.append(p_i)
        checksum = xor(checksum, p_i)
    if c_star:
        offset = xor(offset, table.star)
        pad = cipher.encrypt_block(offset)
        p_star = xor(c_star, pad[:len(c_star)])
        out.append(p_star)
        checksum = xor(checksum, pad_block(p_star))
    expected = _tag(cipher, table, checksum, offset, ad)[:taglen]
    if not hmac.compare_digest(expected, tag):
        raise AuthenticationError("OCB tag mismatch")
    return b"".join(out)
