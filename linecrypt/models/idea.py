# SPDX-License-Identifier: Apache-2.0
"""IDEA golden model (Lai-Massey, "On the Design and Security of Block Ciphers", 1992).

Byte order: everything is **big-endian 16-bit words**. A 64-bit block ``b[0..7]`` is the four
words ``X1 = b[0]b[1], X2 = b[2]b[3], X3 = b[4]b[5], X4 = b[6]b[7]`` (X1 in ``tdata[63:48]`` in
the RTL). The 128-bit key is read as one big-endian integer; its first 16-bit word (key bytes 0,1)
is subkey Z1.

The three group operations on 16-bit words:

* ``^``  bitwise XOR;
* ``+``  addition modulo 2^16 (:func:`add`); inverse :func:`add_inv` (``-a mod 2^16``);
* ``*``  multiplication modulo 2^16 + 1 = 65537 (:func:`mul`), where the word 0 stands for
  2^16 (= -1 mod 65537) so that all 65536 words are invertible; inverse :func:`mul_inv`.
  Consequences worth knowing in hardware: ``mul(0, 0) = 1`` (65536^2 = 1), ``mul(0, b) =
  (65537 - b) mod 65536 = 1 - b`` for b != 0, and ``mul_inv(0) = 0``, ``mul_inv(1) = 1``.

Subkeys (:func:`encrypt_key_schedule`): 52 words Z1..Z52, here a flat list ``z[0..51]``
(``z[i] = Z(i+1)``). Z1..Z8 are the key's eight words; then the 128-bit key is rotated left by
25 bits and the next eight words taken, and so on (7 rotations, the last giving only 4 words).
Round r = 1..8 uses ``z[6(r-1) .. 6(r-1)+5]``; the output transformation uses ``z[48..51]``.

One round (:func:`idea_round`), inputs X1..X4 and subkeys K1..K6 of that round::

    a = X1 * K1     b = X2 + K2     c = X3 + K3     d = X4 * K4
    t0 = (a ^ c) * K5                       # multiply-addition (MA) structure
    t1 = ((b ^ d) + t0) * K6
    t2 = t0 + t1
    out = (a ^ t1, c ^ t1, b ^ t2, d ^ t2)  # note: middle words swapped (c before b)

Output transformation (:func:`output_transform`) after round 8, on the round-8 output (W1..W4),
undoes the last swap::

    Y1 = W1 * Z49    Y2 = W3 + Z50    Y3 = W2 + Z51    Y4 = W4 * Z52

The same :func:`crypt_words` runs both directions; only the subkeys differ.

Decryption subkeys (:func:`decrypt_key_schedule`), the part to get right in hardware. Count the
decryption in 9 steps: rounds r = 1..8 and the output transformation as step 9. Write E[j] for
the 6 (step 9: 4) encryption subkeys of step j, D[r] for the decryption subkeys of step r.
Decryption step r undoes encryption step 10 - r::

    D[r][0] = mul_inv(E[10-r][0])                  multiplicative inverse
    D[r][3] = mul_inv(E[10-r][3])                  multiplicative inverse
    D[r][1] = add_inv(E[10-r][1])  if r in (1, 9)  additive inverse, same position ...
    D[r][2] = add_inv(E[10-r][2])  if r in (1, 9)
    D[r][1] = add_inv(E[10-r][2])  if 2 <= r <= 8  ... but swapped in the 7 inner steps,
    D[r][2] = add_inv(E[10-r][1])  if 2 <= r <= 8      because the rounds swap X2/X3
    D[r][4] = E[9-r][4]            r = 1..8        MA keys: not inverted (the MA
    D[r][5] = E[9-r][5]            r = 1..8        structure is an involution), from the
                                                   round *before* the one being undone

In Z numbering (the IDEA paper's table), decryption subkeys Z'1..Z'52:

    step 1:   Z49^-1   -Z50   -Z51   Z52^-1   Z47   Z48
    step 2:   Z43^-1   -Z45   -Z44   Z46^-1   Z41   Z42
    step 3:   Z37^-1   -Z39   -Z38   Z40^-1   Z35   Z36
    ...
    step 8:   Z7^-1    -Z9    -Z8    Z10^-1   Z5    Z6
    step 9:   Z1^-1    -Z2    -Z3    Z4^-1                  (output transformation)

where ``^-1`` is :func:`mul_inv` and ``-`` is :func:`add_inv`. Why the MA keys come from the
previous round: decryption round r (r <= 8) begins by undoing encryption round 10-r's key
addition/multiplication layer (or the output transformation for r = 1), then applies the MA
structure, which must cancel encryption round 9-r's MA structure.

Speed is not this module's job; readability and faithfulness to the paper are.
"""
from __future__ import annotations

MOD_MUL = 0x10001       # 2^16 + 1, a prime
MASK16 = 0xFFFF
ROUNDS = 8
SUBKEYS = 6 * ROUNDS + 4  # 52


# --- The group operations --------------------------------------------------------------------

def add(a: int, b: int) -> int:
    """Addition modulo 2^16."""
    return (a + b) & MASK16


def add_inv(a: int) -> int:
    """Additive inverse modulo 2^16: add(a, add_inv(a)) == 0."""
    return (-a) & MASK16


def mul(a: int, b: int) -> int:
    """Multiplication modulo 2^16 + 1, the word 0 standing for 2^16 (in and out)."""
    a = a or 0x10000
    b = b or 0x10000
    return (a * b % MOD_MUL) & MASK16   # a result of 2^16 becomes the word 0


def mul_inv(a: int) -> int:
    """Multiplicative inverse modulo 65537 with the 0 <-> 2^16 convention: mul(a, mul_inv(a)) == 1.

    0 (= 2^16 = -1) is its own inverse, so mul_inv(0) == 0.
    """
    a = a or 0x10000
    return pow(a, MOD_MUL - 2, MOD_MUL) & MASK16   # Fermat: a^(p-2) = a^-1 mod p


# --- Key schedules ---------------------------------------------------------------------------

def encrypt_key_schedule(key: bytes) -> list[int]:
    """Z1..Z52 as a flat list: eight words of the key, rotate it left 25 bits, repeat."""
    if len(key) != 16:
        raise ValueError(f"IDEA key must be 16 bytes, got {len(key)}")
    k = int.from_bytes(key, "big")
    mask128 = (1 << 128) - 1
    z: list[int] = []
    while len(z) < SUBKEYS:
        z.extend((k >> (112 - 16 * i)) & MASK16 for i in range(8))
        k = ((k << 25) | (k >> (128 - 25))) & mask128
    return z[:SUBKEYS]


def decrypt_key_schedule(enc: list[int]) -> list[int]:
    """Decryption subkeys Z'1..Z'52 from the encryption subkeys (see the module docstring)."""
    if len(enc) != SUBKEYS:
        raise ValueError(f"need {SUBKEYS} encryption subkeys, got {len(enc)}")
    # E[j] for j = 1..9: the subkeys of encryption step j (E[0] unused).
    e = [None] + [enc[6 * (j - 1):6 * (j - 1) + 6] for j in range(1, 10)]
    dec: list[int] = []
    for r in range(1, 10):
        src = e[10 - r]
        if r in (1, 9):
            k2, k3 = add_inv(src[1]), add_inv(src[2])
        else:
            k2, k3 = add_inv(src[2]), add_inv(src[1])    # swapped in the inner steps
        dec += [mul_inv(src[0]), k2, k3, mul_inv(src[3])]
        if r <= 8:
            dec += [e[9 - r][4], e[9 - r][5]]             # MA keys of the previous round
    return dec


# --- Round function --------------------------------------------------------------------------

def idea_round(x: tuple[int, int, int, int], k: list[int]) -> tuple[int, int, int, int]:
    """One full round with its six subkeys; output has the middle words swapped."""
    x1, x2, x3, x4 = x
    a = mul(x1, k[0])
    b = add(x2, k[1])
    c = add(x3, k[2])
    d = mul(x4, k[3])
    t0 = mul(a ^ c, k[4])
    t1 = mul(add(b ^ d, t0), k[5])
    t2 = add(t0, t1)
    return a ^ t1, c ^ t1, b ^ t2, d ^ t2


def output_transform(w: tuple[int, int, int, int], k: list[int]) -> tuple[int, int, int, int]:
    """Y = (W1 * K1, W3 + K2, W2 + K3, W4 * K4): un-swaps the middle words of round 8."""
    w1, w2, w3, w4 = w
    return mul(w1, k[0]), add(w3, k[1]), add(w2, k[2]), mul(w4, k[3])


def crypt_words(block_words, subkeys: list[int]) -> tuple[int, int, int, int]:
    """8 rounds and the output transformation; encryption or decryption by the subkeys given."""
    x = tuple(block_words)
    for r in range(ROUNDS):
        x = idea_round(x, subkeys[6 * r:6 * r + 6])
    return output_transform(x, subkeys[48:52])


def block_to_words(block: bytes) -> tuple[int, int, int, int]:
    if len(block) != 8:
        raise ValueError("IDEA block must be 8 bytes")
    return tuple(int.from_bytes(block[i:i + 2], "big") for i in range(0, 8, 2))


def words_to_block(words) -> bytes:
    return b"".join(w.to_bytes(2, "big") for w in words)


class IDEA:
    """Block-cipher object (64-bit block, 128-bit key)."""

    block_bytes = 8

    def __init__(self, key: bytes):
        self.enc_subkeys = encrypt_key_schedule(key)
        self.dec_subkeys = decrypt_key_schedule(self.enc_subkeys)

    def encrypt_block(self, block: bytes) -> bytes:
        return words_to_block(crypt_words(block_to_words(block), self.enc_subkeys))

    def decrypt_block(self, block: bytes) -> bytes:
        return words_to_block(crypt_words(block_to_words(block), self.dec_subkeys))
