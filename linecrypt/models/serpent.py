# SPDX-License-Identifier: Apache-2.0
"""Serpent golden model (Anderson, Biham, Knudsen: "Serpent: A Proposal for the Advanced
Encryption Standard"), written in the proposal's *bitslice* formulation.

The bitslice formulation works directly on four 32-bit words ``X0, X1, X2, X3``; it needs no
initial or final permutation (IP/FP), which only exist to map between this word form and the
"standard" description with 32 copies of the S-box applied to nibbles.

Word and bit conventions (the proposal's):

* The 128-bit block is the integer ``B = X3 || X2 || X1 || X0``: bit ``j`` of word ``Xi`` is bit
  ``32*i + j`` of ``B``, so ``X0`` holds the least significant 32 bits.
* A bitslice S-box application takes, for every bit position ``j`` in 0..31, the nibble
  ``x = X0[j] | X1[j] << 1 | X2[j] << 2 | X3[j] << 3`` (``X0`` is the least significant bit of
  the nibble), looks up ``S[x]`` and writes its bits back the same way.
* The key is the integer ``K`` (up to 256 bits). Short keys are padded by setting the bit just
  above the key's most significant bit to 1 (the rest of the 256 bits stay 0). The eight words
  ``w_-8 .. w_-1`` are ``K``'s 32-bit words, ``w_-8`` the least significant.

Byte order (the NESSIE / "deployed libraries" convention of Botan, Crypto++ and Bouncy Castle;
the tests check this model against Botan's and Crypto++'s vector files and against Botan):

* **Block byte k is bits 8k+7 .. 8k of B.** So block byte 0 is the least significant byte of
  word ``X0``, bytes 0..3 are ``X0`` little-endian, bytes 4..7 are ``X1``, ..., bytes 12..15 are
  ``X3``; ``B = int.from_bytes(block, "little")``.
* **Key byte k is bits 8k+7 .. 8k of K.** Key byte 0 is the least significant byte of
  ``w_-8``. The padding bit of an n-byte key (n < 32) is bit 0 of byte n, i.e. the padded key
  is ``key + b"\\x01" + bytes(31 - n)``.
* The AES-submission files (``ecb_vk.txt``, ``ecb_tbl.txt``, ...) print ``K``, ``B`` and the
  ciphertext as hexadecimal numbers, most significant byte first. Their bytes are therefore
  reversed relative to this convention: a submission triple ``(K, P, C)`` satisfies
  ``E(rev(K), rev(P)) = rev(C)`` here, where ``rev`` reverses the byte string (for a 128-bit
  key, reverse its 16 bytes, not a padded 32). Example: ecb_vk I=1, K = 80 00..00 gives
  C = 49AFBFAD9D5A34052CD8FFA5986BD2DD, so ``Serpent(bytes(15) + b"\\x80")`` encrypts 16 zero
  bytes to DDD26B98A5FFD82C05345A9DADBFAF49.

The submission's intermediate-values file (``ecb_iv.txt``) prints the bitslice round keys
``SK[i]`` as the 128-bit number ``X3 || X2 || X1 || X0`` of :func:`key_schedule`'s words, and the
round outputs ``R[i]`` in the *standard* (IP) domain: nibble ``k`` of ``R[i]`` is
``(X0[k], X1[k], X2[k], X3[k])`` of :func:`encrypt_round`'s output, ``X0[k]`` its least
significant bit. (``SK^[i]`` is the IP-domain form of ``SK[i]`` in the same way.)

Hardware note: an RTL port that presents the block as ``tdata[127:0]`` with byte 0 in
``tdata[127:120]`` (the AES core's convention) holds ``B`` byte-reversed: ``X0[7:0] =
tdata[127:120]``, ``X0[31:24] = tdata[103:96]``, ``X3[31:24] = tdata[7:0]``. In general
``B = {tdata[7:0], tdata[15:8], ..., tdata[127:120]}``, which is also exactly the submission's
hexadecimal number for the same block.

Speed is not this module's job; readability and faithfulness to the proposal are.
"""
from __future__ import annotations

import struct

MASK32 = 0xFFFFFFFF
PHI = 0x9E3779B9          # fractional part of the golden ratio, (sqrt(5) - 1) * 2^31
ROUNDS = 32

# --- S-boxes (proposal, section 2 / appendix) ------------------------------------------------

SBOXES = [
    [3, 8, 15, 1, 10, 6, 5, 11, 14, 13, 4, 2, 7, 0, 9, 12],    # S0
    [15, 12, 2, 7, 9, 0, 5, 10, 1, 11, 14, 8, 6, 13, 3, 4],    # S1
    [8, 6, 7, 9, 3, 12, 10, 15, 13, 1, 14, 4, 0, 11, 5, 2],    # S2
    [0, 15, 11, 8, 12, 9, 6, 3, 13, 1, 2, 4, 10, 7, 5, 14],    # S3
    [1, 15, 8, 3, 12, 0, 11, 6, 2, 5, 4, 10, 9, 14, 7, 13],    # S4
    [15, 5, 2, 11, 4, 10, 9, 12, 0, 3, 14, 8, 13, 6, 7, 1],    # S5
    [7, 2, 12, 5, 8, 4, 6, 11, 14, 9, 1, 15, 13, 3, 10, 0],    # S6
    [1, 13, 15, 0, 14, 8, 2, 11, 7, 4, 12, 10, 9, 3, 5, 6],    # S7
]


def _invert(box: list[int]) -> list[int]:
    inv = [0] * 16
    for x, y in enumerate(box):
        inv[y] = x
    return inv


INV_SBOXES = [_invert(box) for box in SBOXES]

Words = tuple  # (X0, X1, X2, X3), each a 32-bit int


def rotl32(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & MASK32


def rotr32(x: int, n: int) -> int:
    return ((x >> n) | (x << (32 - n))) & MASK32


def sbox_bitslice(box: list[int], words: Words) -> Words:
    """Apply a 4-bit S-box to the 32 nibbles (X0[j], X1[j], X2[j], X3[j]), X0 = nibble bit 0."""
    x0, x1, x2, x3 = words
    y = [0, 0, 0, 0]
    for j in range(32):
        nib = ((x0 >> j) & 1) | ((x1 >> j) & 1) << 1 | ((x2 >> j) & 1) << 2 | ((x3 >> j) & 1) << 3
        out = box[nib]
        for i in range(4):
            y[i] |= ((out >> i) & 1) << j
    return tuple(y)


# --- Linear transformation (proposal, section 2, "bitslice" description) ---------------------

def lt(words: Words) -> Words:
    """The linear transformation LT."""
    x0, x1, x2, x3 = words
    x0 = rotl32(x0, 13)
    x2 = rotl32(x2, 3)
    x1 = x1 ^ x0 ^ x2
    x3 = x3 ^ x2 ^ ((x0 << 3) & MASK32)
    x1 = rotl32(x1, 1)
    x3 = rotl32(x3, 7)
    x0 = x0 ^ x1 ^ x3
    x2 = x2 ^ x3 ^ ((x1 << 7) & MASK32)
    x0 = rotl32(x0, 5)
    x2 = rotl32(x2, 22)
    return (x0, x1, x2, x3)


def inv_lt(words: Words) -> Words:
    """The inverse of LT: the steps of :func:`lt` undone in reverse order."""
    x0, x1, x2, x3 = words
    x2 = rotr32(x2, 22)
    x0 = rotr32(x0, 5)
    x2 = x2 ^ x3 ^ ((x1 << 7) & MASK32)
    x0 = x0 ^ x1 ^ x3
    x3 = rotr32(x3, 7)
    x1 = rotr32(x1, 1)
    x3 = x3 ^ x2 ^ ((x0 << 3) & MASK32)
    x1 = x1 ^ x0 ^ x2
    x2 = rotr32(x2, 3)
    x0 = rotr32(x0, 13)
    return (x0, x1, x2, x3)


def _xor(a: Words, b: Words) -> Words:
    return tuple(x ^ y for x, y in zip(a, b))


# --- Key schedule ----------------------------------------------------------------------------

def pad_key(key: bytes) -> bytes:
    """Pad a 1..32-byte key to 256 bits: one 1 bit just above the key's MSB, then zeros.

    With key byte 0 as the least significant byte, the 1 bit is bit 0 of byte ``len(key)``.
    """
    if not 1 <= len(key) <= 32:
        raise ValueError(f"Serpent key must be 1 to 32 bytes, got {len(key)}")
    if len(key) == 32:
        return bytes(key)
    return bytes(key) + b"\x01" + bytes(31 - len(key))


def prekeys(key: bytes) -> list[int]:
    """The 132 prekey words w_0 .. w_131 (proposal, "key schedule")."""
    k = pad_key(key)
    w = list(struct.unpack("<8I", k))          # w_-8 .. w_-1, stored at w[0..7]
    for i in range(132):
        # w[i + 8] is w_i; w[i + 8 - d] is w_{i-d}
        t = w[i] ^ w[i + 3] ^ w[i + 5] ^ w[i + 7] ^ PHI ^ i
        w.append(rotl32(t, 11))
    return w[8:]


def key_schedule(key: bytes) -> list[Words]:
    """The 33 round keys K_0 .. K_32, each a tuple of four 32-bit words (X0, X1, X2, X3).

    K_i = S_{(3 - i) mod 8}(w_4i, w_4i+1, w_4i+2, w_4i+3), applied in bitslice mode.
    """
    w = prekeys(key)
    return [sbox_bitslice(SBOXES[(3 - i) % 8], tuple(w[4 * i:4 * i + 4]))
            for i in range(ROUNDS + 1)]


# --- The cipher --------------------------------------------------------------------------------

def encrypt_round(i: int, words: Words, round_keys: list[Words]) -> Words:
    """Round i (0..31): key mixing with K_i, S-box S_{i mod 8}, then LT.

    The last round (i = 31) replaces LT by key mixing with K_32.
    """
    x = _xor(words, round_keys[i])
    x = sbox_bitslice(SBOXES[i % 8], x)
    if i < ROUNDS - 1:
        return lt(x)
    return _xor(x, round_keys[ROUNDS])


def decrypt_round(i: int, words: Words, round_keys: list[Words]) -> Words:
    """The inverse of :func:`encrypt_round`: (inverse LT or K_32 mixing), S_{i mod 8}^-1, K_i."""
    if i < ROUNDS - 1:
        x = inv_lt(words)
    else:
        x = _xor(words, round_keys[ROUNDS])
    x = sbox_bitslice(INV_SBOXES[i % 8], x)
    return _xor(x, round_keys[i])


def encrypt_words(words: Words, round_keys: list[Words]) -> Words:
    """Encrypt (X0, X1, X2, X3) with the 33 round keys: rounds 0, 1, ..., 31."""
    x = tuple(words)
    for i in range(ROUNDS):
        x = encrypt_round(i, x, round_keys)
    return x


def decrypt_words(words: Words, round_keys: list[Words]) -> Words:
    """Decrypt (X0, X1, X2, X3): the inverse rounds 31, 30, ..., 0."""
    x = tuple(words)
    for i in range(ROUNDS - 1, -1, -1):
        x = decrypt_round(i, x, round_keys)
    return x


def block_to_words(block: bytes) -> Words:
    """Block bytes 0..15 -> (X0, X1, X2, X3), each word little-endian (NESSIE convention)."""
    if len(block) != 16:
        raise ValueError("Serpent block must be 16 bytes")
    return struct.unpack("<4I", block)


def words_to_block(words: Words) -> bytes:
    return struct.pack("<4I", *words)


class Serpent:
    """Block-cipher object used by the mode models and the CLI's model back end."""

    block_bytes = 16
    KEY_SIZES = (16, 24, 32)

    def __init__(self, key: bytes):
        if len(key) not in self.KEY_SIZES:
            raise ValueError(f"Serpent key must be 16, 24 or 32 bytes, got {len(key)}")
        self.round_keys = key_schedule(key)

    def encrypt_block(self, block: bytes) -> bytes:
        return words_to_block(encrypt_words(block_to_words(block), self.round_keys))

    def decrypt_block(self, block: bytes) -> bytes:
        return words_to_block(decrypt_words(block_to_words(block), self.round_keys))
