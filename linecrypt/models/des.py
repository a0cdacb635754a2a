# SPDX-License-Identifier: Apache-2.0
"""DES (FIPS 46-3) and Triple DES / TDEA (SP 800-67) golden model, mirroring the standard.

Bit numbering (FIPS 46-3 throughout): a 64-bit block or key is numbered bit 1 .. bit 64, where
**bit 1 is the most significant bit of byte 0** and bit 64 the least significant bit of byte 7.
Every table below (IP, FP, E, P, PC1, PC2) is printed exactly as in the standard: entry ``i``
(1-based) of a table is the number of the *input* bit that becomes *output* bit ``i``.

In this module a block, a half-block, a subkey, ... is held as a Python integer whose most
significant bit is the standard's bit 1, i.e. ``int.from_bytes(block, "big")``. So an n-bit value
``v`` has standard bit ``j`` (1-based) at integer bit position ``n - j`` (0 = LSB). In Verilog terms
with ``[1:64]``-style numbering flipped to ``[63:0]``: standard bit j is ``v[64 - j]``; the RTL
convention ``tdata[63:56]`` = byte 0 matches.

Key: 8 bytes; bits 8, 16, ..., 64 (the LSB of every byte) are the odd-parity bits. They are
**ignored** (PC1 drops them) and never checked.

Subkeys: :func:`key_schedule` returns K1..K16 as 48-bit integers (bit 1 of the subkey = integer
bit 47). In the cipher function, ``E(R) xor K`` is cut into B1..B8 of 6 bits, B1 the most
significant. S-box Sj is addressed with row = (b1 b6), column = (b2 b3 b4 b5) of Bj.

Cross-checking an RTL implementation round by round: :func:`initial_permutation`, then
:func:`feistel_round` 16 times with K1..K16 (K16..K1 for decryption), then swap halves
(preoutput R16 L16) and :func:`final_permutation`. :func:`round_trace` lists every (L_i, R_i).

Triple DES (SP 800-67 Rev. 2, TDEA): encryption is E-D-E, ``C = E_K3(D_K2(E_K1(P)))``, and
decryption ``P = D_K1(E_K2(D_K3(C)))``. Keying option 1: 24-byte key = K1 || K2 || K3.
Keying option 2: 16-byte key = K1 || K2 with K3 = K1. An 8-byte key is rejected; single DES as
a TDEA is obtained with ``TDES(k * 3)`` (K1 = K2 = K3, which degenerates to ``DES(k)``).

Speed is not this module's job; readability and faithfulness to the standard are.
"""
from __future__ import annotations


# --- Tables of FIPS 46-3, 1-based bit numbers as printed in the standard ----------------------

IP = [
    58, 50, 42, 34, 26, 18, 10, 2,
    60, 52, 44, 36, 28, 20, 12, 4,
    62, 54, 46, 38, 30, 22, 14, 6,
    64, 56, 48, 40, 32, 24, 16, 8,
    57, 49, 41, 33, 25, 17, 9, 1,
    59, 51, 43, 35, 27, 19, 11, 3,
    61, 53, 45, 37, 29, 21, 13, 5,
    63, 55, 47, 39, 31, 23, 15, 7,
]

# IP^-1, the final permutation.
FP = [
    40, 8, 48, 16, 56, 24, 64, 32,
    39, 7, 47, 15, 55, 23, 63, 31,
    38, 6, 46, 14, 54, 22, 62, 30,
    37, 5, 45, 13, 53, 21, 61, 29,
    36, 4, 44, 12, 52, 20, 60, 28,
    35, 3, 43, 11, 51, 19, 59, 27,
    34, 2, 42, 10, 50, 18, 58, 26,
    33, 1, 41, 9, 49, 17, 57, 25,
]

# E bit-selection table: 32 -> 48 bits.
E = [
    32, 1, 2, 3, 4, 5,
    4, 5, 6, 7, 8, 9,
    8, 9, 10, 11, 12, 13,
    12, 13, 14, 15, 16, 17,
    16, 17, 18, 19, 20, 21,
    20, 21, 22, 23, 24, 25,
    24, 25, 26, 27, 28, 29,
    28, 29, 30, 31, 32, 1,
]

# P permutation of the cipher function: 32 -> 32 bits.
P = [
    16, 7, 20, 21,
    29, 12, 28, 17,
    1, 15, 23, 26,
    5, 18, 31, 10,
    2, 8, 24, 14,
    32, 27, 3, 9,
    19, 13, 30, 6,
    22, 11, 4, 25,
]

# Permuted choice 1: 64 key bits -> C0 (first 28 entries) || D0 (last 28). Parity bits absent.
PC1 = [
    57, 49, 41, 33, 25, 17, 9,
    1, 58, 50, 42, 34, 26, 18,
    10, 2, 59, 51, 43, 35, 27,
    19, 11, 3, 60, 52, 44, 36,
    63, 55, 47, 39, 31, 23, 15,
    7, 62, 54, 46, 38, 30, 22,
    14, 6, 61, 53, 45, 37, 29,
    21, 13, 5, 28, 20, 12, 4,
]

# Permuted choice 2: C_n || D_n (56 bits) -> K_n (48 bits).
PC2 = [
    14, 17, 11, 24, 1, 5,
    3, 28, 15, 6, 21, 10,
    23, 19, 12, 4, 26, 8,
    16, 7, 27, 20, 13, 2,
    41, 52, 31, 37, 47, 55,
    30, 40, 51, 45, 33, 48,
    44, 49, 39, 56, 34, 53,
    46, 42, 50, 36, 29, 32,
]

# Left shifts of C and D before round n = 1..16 (a left rotation of each 28-bit register).
SHIFTS = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1]

# S-boxes S1..S8, each 4 rows x 16 columns, as printed in FIPS 46-3.
SBOXES = [
    [  # S1
        [14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7],
        [0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8],
        [4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0],
        [15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13],
    ],
    [  # S2
        [15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10],
        [3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5],
        [0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15],
        [13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9],
    ],
    [  # S3
        [10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8],
        [13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1],
        [13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7],
        [1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12],
    ],
    [  # S4
        [7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15],
        [13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9],
        [10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4],
        [3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14],
    ],
    [  # S5
        [2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9],
        [14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6],
        [4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14],
        [11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3],
    ],
    [  # S6
        [12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11],
        [10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8],
        [9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6],
        [4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13],
    ],
    [  # S7
        [4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1],
        [13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6],
        [1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2],
        [6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12],
    ],
    [  # S8
        [13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7],
        [1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2],
        [7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8],
        [2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11],
    ],
]

MASK28 = (1 << 28) - 1
MASK32 = 0xFFFFFFFF


# --- Bit permutation in FIPS numbering ------------------------------------------------------

def permute(value: int, table: list[int], in_bits: int) -> int:
    """Output bit i (1-based, MSB first) = input bit ``table[i-1]`` of an ``in_bits``-bit value."""
    out = 0
    for src in table:
        out = (out << 1) | ((value >> (in_bits - src)) & 1)
    return out


# --- Key schedule (FIPS 46-3, "Key Schedule Calculation") ------------------------------------

def rotl28(x: int, n: int) -> int:
    return ((x << n) | (x >> (28 - n))) & MASK28


def key_schedule_cd(key8: bytes) -> list[tuple[int, int]]:
    """The 28-bit registers (C_n, D_n) for n = 0..16, for tracing a hardware key schedule."""
    if len(key8) != 8:
        raise ValueError(f"DES key must be 8 bytes, got {len(key8)}")
    cd = permute(int.from_bytes(key8, "big"), PC1, 64)     # 56 bits, parity bits dropped
    c, d = cd >> 28, cd & MASK28
    out = [(c, d)]
    for s in SHIFTS:
        c, d = rotl28(c, s), rotl28(d, s)
        out.append((c, d))
    return out


def key_schedule(key8: bytes) -> list[int]:
    """K1..K16 (48-bit integers, standard bit 1 = integer bit 47): K_n = PC2(C_n || D_n)."""
    return [permute((c << 28) | d, PC2, 56) for c, d in key_schedule_cd(key8)[1:]]


# --- The cipher function f and one round -----------------------------------------------------

def sbox_lookup(j: int, b6: int) -> int:
    """S_j (j = 1..8) of a 6-bit group b1..b6 (b1 = MSB): row b1b6, column b2b3b4b5."""
    row = ((b6 >> 4) & 2) | (b6 & 1)
    col = (b6 >> 1) & 0xF
    return SBOXES[j - 1][row][col]


def f(r: int, k: int) -> int:
    """Cipher function f(R, K) = P(S1(B1) S2(B2) ... S8(B8)), B1..B8 = E(R) xor K."""
    x = permute(r, E, 32) ^ k
    s = 0
    for j in range(1, 9):
        b = (x >> (6 * (8 - j))) & 0x3F
        s = (s << 4) | sbox_lookup(j, b)
    return permute(s, P, 32)


def feistel_round(l: int, r: int, k: int) -> tuple[int, int]:
    """One round: L_n = R_(n-1), R_n = L_(n-1) xor f(R_(n-1), K_n). Returns (L_n, R_n)."""
    return r, l ^ f(r, k)


def initial_permutation(block: int) -> tuple[int, int]:
    """IP of a 64-bit block, returned as (L0, R0): L0 = bits 1..32 of the permuted block."""
    x = permute(block, IP, 64)
    return x >> 32, x & MASK32


def final_permutation(l16: int, r16: int) -> int:
    """IP^-1 applied to the preoutput R16 L16 (note the halves are swapped)."""
    return permute((r16 << 32) | l16, FP, 64)


def round_trace(block: int, subkeys: list[int]) -> list[tuple[int, int]]:
    """[(L0, R0), (L1, R1), ..., (L16, R16)] for a 64-bit block and 16 subkeys in use order."""
    l, r = initial_permutation(block)
    trace = [(l, r)]
    for k in subkeys:
        l, r = feistel_round(l, r, k)
        trace.append((l, r))
    return trace


def des_block(block: int, subkeys: list[int]) -> int:
    """DES on a 64-bit integer; pass K1..K16 to encrypt, K16..K1 to decrypt."""
    l16, r16 = round_trace(block, subkeys)[-1]
    return final_permutation(l16, r16)


# --- Block-cipher objects --------------------------------------------------------------------

def _check_block(block: bytes) -> int:
    if len(block) != 8:
        raise ValueError("DES block must be 8 bytes")
    return int.from_bytes(block, "big")


class DES:
    """Single DES. The 8-byte key's parity bits are ignored."""

    block_bytes = 8

    def __init__(self, key: bytes):
        self.subkeys = key_schedule(key)

    def encrypt_block(self, block: bytes) -> bytes:
        return des_block(_check_block(block), self.subkeys).to_bytes(8, "big")

    def decrypt_block(self, block: bytes) -> bytes:
        return des_block(_check_block(block), self.subkeys[::-1]).to_bytes(8, "big")


class TDES:
    """TDEA (SP 800-67): 24-byte key K1||K2||K3 (option 1) or 16-byte key K1||K2, K3 = K1 (option 2).

    Encrypt: C = E_K3(D_K2(E_K1(P))). Decrypt: P = D_K1(E_K2(D_K3(C))).
    """

    block_bytes = 8

    def __init__(self, key: bytes):
        if len(key) == 24:
            k1, k2, k3 = key[:8], key[8:16], key[16:]
        elif len(key) == 16:
            k1, k2, k3 = key[:8], key[8:], key[:8]
        else:
            raise ValueError(f"TDES key must be 16 or 24 bytes, got {len(key)}")
        self.des = [DES(k1), DES(k2), DES(k3)]

    def encrypt_block(self, block: bytes) -> bytes:
        d1, d2, d3 = self.des
        return d3.encrypt_block(d2.decrypt_block(d1.encrypt_block(block)))

    def decrypt_block(self, block: bytes) -> bytes:
        d1, d2, d3 = self.des
        return d1.decrypt_block(d2.encrypt_block(d3.decrypt_block(block)))
