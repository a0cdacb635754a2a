# SPDX-License-Identifier: Apache-2.0
"""Rijndael golden model with a variable block (Nb = 4..8 words) and key (Nk = 4..8 words).

This is the cipher of Daemen and Rijmen's AES proposal ("AES Proposal: Rijndael", v2, 1999),
of which FIPS-197 AES is the Nb = 4 subset. LineCrypt's AES-Hash uses it with a 256-bit block
(Nb = 8) and a 256-bit key (Nk = 8).

Byte order: exactly FIPS-197 section 3.4, extended to Nb columns. A block ``b[0..4Nb-1]`` fills
the state column by column, ``s[r][c] = b[r + 4c]``; a key ``k[0..4Nk-1]`` gives the words
``w[i] = k[4i..4i+3]`` (byte 0 the most significant byte of the big-endian 32-bit integer).
Blocks and keys are plain byte strings with byte 0 first, as BouncyCastle's
``RijndaelEngine(256)`` takes them; for Nb = 4 the model equals :mod:`linecrypt.models.aes`.

Parameters (proposal sections 4.4 and 4.2.2):

* Rounds: ``Nr = max(Nk, Nb) + 6``, so Nr = 14 for every key size when Nb = 8.
* ShiftRows: row r rotates left by C_r columns, ``s'[r][c] = s[r][(c + C_r) mod Nb]``, with
  ``(C1, C2, C3)`` = (1, 2, 3) for Nb = 4, 5, 6; (1, 2, 4) for Nb = 7; (1, 3, 4) for Nb = 8.
* Key expansion: FIPS-197 5.2 generalised to ``Nb * (Nr + 1)`` words: for ``i >= Nk``,
  ``temp = SubWord(RotWord(w[i-1])) ^ Rcon[i/Nk]`` when ``i mod Nk = 0``,
  ``temp = SubWord(w[i-1])`` when ``Nk > 6`` and ``i mod Nk = 4`` (so Nk = 7 and 8),
  and ``w[i] = w[i-Nk] ^ temp``. Round key r is words ``w[Nb*r .. Nb*r + Nb-1]``.
  Rcon runs further than AES needs (up to Rcon[30] for Nb = 8, Nk = 4), still ``x^(i-1)``.
* SubBytes and MixColumns act on each of the Nb columns exactly as in AES.

Speed is not this module's job; the field arithmetic comes from :mod:`linecrypt.models.aes`,
with multiplication tables only for the constants MixColumns uses.
"""
from __future__ import annotations

from linecrypt.models.aes import INV_SBOX, SBOX, gmul, xtime

__all__ = ["SHIFTS", "num_rounds", "expand_key", "cipher", "inv_cipher", "Rijndael"]

# Nb -> (C0, C1, C2, C3)
SHIFTS = {4: (0, 1, 2, 3), 5: (0, 1, 2, 3), 6: (0, 1, 2, 3), 7: (0, 1, 2, 4), 8: (0, 1, 3, 4)}
WORDS = (4, 5, 6, 7, 8)

RCON = [0x00, 0x01]
while len(RCON) < 31:
    RCON.append(xtime(RCON[-1]))

_MUL = {m: [gmul(m, x) for x in range(256)] for m in (0x01, 0x02, 0x03, 0x09, 0x0B, 0x0D, 0x0E)}


def num_rounds(nk: int, nb: int) -> int:
    return max(nk, nb) + 6


def _sub_word(w: int) -> int:
    return int.from_bytes(bytes(SBOX[x] for x in w.to_bytes(4, "big")), "big")


def _rot_word(w: int) -> int:
    return ((w << 8) | (w >> 24)) & 0xFFFFFFFF


def expand_key(key: bytes, nb: int = 8) -> list[bytes]:
    """Key expansion for a 4*Nk-byte key and an Nb-word block: Nr+1 round keys of 4*Nb bytes."""
    if len(key) % 4 or len(key) // 4 not in WORDS:
        raise ValueError(f"Rijndael key must be 16, 20, 24, 28 or 32 bytes, got {len(key)}")
    if nb not in WORDS:
        raise ValueError(f"Rijndael block must be 4..8 words, got Nb={nb}")
    nk = len(key) // 4
    nr = num_rounds(nk, nb)
    w = [int.from_bytes(key[4 * i:4 * i + 4], "big") for i in range(nk)]
    for i in range(nk, nb * (nr + 1)):
        temp = w[i - 1]
        if i % nk == 0:
            temp = _sub_word(_rot_word(temp)) ^ (RCON[i // nk] << 24)
        elif nk > 6 and i % nk == 4:
            temp = _sub_word(temp)
        w.append(w[i - nk] ^ temp)
    return [b"".join(x.to_bytes(4, "big") for x in w[nb * r:nb * r + nb]) for r in range(nr + 1)]


# --- Round transformations on a 4*Nb-byte state (column-major) ---------------------------------

def sub_bytes(s: bytes) -> bytes:
    return bytes(SBOX[x] for x in s)


def inv_sub_bytes(s: bytes) -> bytes:
    return bytes(INV_SBOX[x] for x in s)


def shift_rows(s: bytes) -> bytes:
    nb = len(s) // 4
    sh = SHIFTS[nb]
    return bytes(s[r + 4 * ((c + sh[r]) % nb)] for c in range(nb) for r in range(4))


def inv_shift_rows(s: bytes) -> bytes:
    nb = len(s) // 4
    sh = SHIFTS[nb]
    return bytes(s[r + 4 * ((c - sh[r]) % nb)] for c in range(nb) for r in range(4))


def _mix(s: bytes, m: tuple[int, int, int, int]) -> bytes:
    t = [_MUL[x] for x in m]
    out = bytearray(len(s))
    for c in range(0, len(s), 4):
        a0, a1, a2, a3 = s[c:c + 4]
        out[c] = t[0][a0] ^ t[1][a1] ^ t[2][a2] ^ t[3][a3]
        out[c + 1] = t[3][a0] ^ t[0][a1] ^ t[1][a2] ^ t[2][a3]
        out[c + 2] = t[2][a0] ^ t[3][a1] ^ t[0][a2] ^ t[1][a3]
        out[c + 3] = t[1][a0] ^ t[2][a1] ^ t[3][a2] ^ t[0][a3]
    return bytes(out)


def mix_columns(s: bytes) -> bytes:
    return _mix(s, (0x02, 0x03, 0x01, 0x01))


def inv_mix_columns(s: bytes) -> bytes:
    return _mix(s, (0x0E, 0x0B, 0x0D, 0x09))


def add_round_key(s: bytes, rk: bytes) -> bytes:
    return bytes(a ^ b for a, b in zip(s, rk))


def cipher(block: bytes, round_keys: list[bytes]) -> bytes:
    """Cipher (FIPS-197 5.1 with Nb columns): Nr-1 full rounds, a last round without MixColumns."""
    nr = len(round_keys) - 1
    s = add_round_key(block, round_keys[0])
    for r in range(1, nr):
        s = add_round_key(mix_columns(shift_rows(sub_bytes(s))), round_keys[r])
    return add_round_key(shift_rows(sub_bytes(s)), round_keys[nr])


def inv_cipher(block: bytes, round_keys: list[bytes]) -> bytes:
    """Straight inverse cipher (FIPS-197 5.3 with Nb columns)."""
    nr = len(round_keys) - 1
    s = add_round_key(block, round_keys[nr])
    for r in range(nr - 1, 0, -1):
        s = inv_mix_columns(add_round_key(inv_sub_bytes(inv_shift_rows(s)), round_keys[r]))
    return add_round_key(inv_sub_bytes(inv_shift_rows(s)), round_keys[0])


class Rijndael:
    """Block-cipher object: ``Rijndael(key, block_bytes=32)``; key of 16/20/24/28/32 bytes."""

    def __init__(self, key: bytes, block_bytes: int = 32):
        if block_bytes % 4 or block_bytes // 4 not in WORDS:
            raise ValueError(
                f"Rijndael block must be 16, 20, 24, 28 or 32 bytes, got {block_bytes}")
        self.block_bytes = block_bytes
        self.round_keys = expand_key(key, block_bytes // 4)

    def _check(self, block: bytes) -> None:
        if len(block) != self.block_bytes:
            raise ValueError(f"Rijndael block must be {self.block_bytes} bytes, got {len(block)}")

    def encrypt_block(self, block: bytes) -> bytes:
        self._check(block)
        return cipher(block, self.round_keys)

    def decrypt_block(self, block: bytes) -> bytes:
        self._check(block)
        return inv_cipher(block, self.round_keys)
