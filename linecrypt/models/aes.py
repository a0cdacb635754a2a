# SPDX-License-Identifier: Apache-2.0
"""AES golden model (FIPS-197), written to mirror the standard's pseudocode.

Byte order (FIPS-197 section 3.4): a 16-byte block ``b[0..15]`` fills the state column by
column, ``s[r][c] = b[r + 4c]``. Words of the key schedule are 4 bytes, ``w[i] = b[4i..4i+3]``,
printed and stored big-endian (byte 0 is the most significant byte of the 32-bit integer).
The RTL uses the same convention: ``tdata[127:120]`` is block byte 0.

Besides the standard key expansion this module holds the *enhanced* key expansion of seed 002
(Fig. 7c). It is **not** AES: ciphertexts are not interoperable with any AES implementation.
See :func:`expand_key_enhanced` for every choice the paper leaves open.

Speed is not this module's job; readability and faithfulness to the standard are.
"""
from __future__ import annotations


# --- GF(2^8) arithmetic and the S-box, derived rather than typed in -------------------------

def xtime(a: int) -> int:
    """Multiply by x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (FIPS-197 4.2.1)."""
    a <<= 1
    return (a ^ 0x11B) if a & 0x100 else a


def gmul(a: int, b: int) -> int:
    """Multiply two field elements (FIPS-197 4.2)."""
    p = 0
    while b:
        if b & 1:
            p ^= a
        a = xtime(a)
        b >>= 1
    return p


def ginv(a: int) -> int:
    """Multiplicative inverse, with 0 mapped to 0 (a^254)."""
    if a == 0:
        return 0
    r, e, base = 1, 254, a
    while e:
        if e & 1:
            r = gmul(r, base)
        base = gmul(base, base)
        e >>= 1
    return r


def _affine(b: int) -> int:
    """FIPS-197 5.1.1 equation (5.1): b'_i = b_i ^ b_(i+4) ^ b_(i+5) ^ b_(i+6) ^ b_(i+7) ^ c_i."""
    c = 0x63
    out = 0
    for i in range(8):
        bit = ((b >> i) ^ (b >> ((i + 4) % 8)) ^ (b >> ((i + 5) % 8))
               ^ (b >> ((i + 6) % 8)) ^ (b >> ((i + 7) % 8)) ^ (c >> i)) & 1
        out |= bit << i
    return out


SBOX = [_affine(ginv(x)) for x in range(256)]
INV_SBOX = [0] * 256
for _x, _y in enumerate(SBOX):
    INV_SBOX[_y] = _x

# Round constants Rcon[i] = x^(i-1), i >= 1 (FIPS-197 5.2).
RCON = [0x00]
for _i in range(1, 15):
    RCON.append(0x01 if _i == 1 else xtime(RCON[-1]))

KEY_SIZES = {16: 10, 24: 12, 32: 14}  # key bytes -> Nr


# --- Key expansion ----------------------------------------------------------------------------

def _word(b: bytes) -> int:
    return int.from_bytes(b, "big")


def sub_word(w: int) -> int:
    return _word(bytes(SBOX[x] for x in w.to_bytes(4, "big")))


def rot_word(w: int) -> int:
    """[a0,a1,a2,a3] -> [a1,a2,a3,a0]: a left rotation by 8 of the big-endian word."""
    return ((w << 8) | (w >> 24)) & 0xFFFFFFFF


def rotl32(w: int, n: int) -> int:
    return ((w << n) | (w >> (32 - n))) & 0xFFFFFFFF


def expand_key(key: bytes) -> list[bytes]:
    """FIPS-197 5.2 KeyExpansion. Returns Nr+1 round keys of 16 bytes each."""
    if len(key) not in KEY_SIZES:
        raise ValueError(f"AES key must be 16, 24 or 32 bytes, got {len(key)}")
    nk = len(key) // 4
    nr = KEY_SIZES[len(key)]
    w = [_word(key[4 * i:4 * i + 4]) for i in range(nk)]
    for i in range(nk, 4 * (nr + 1)):
        temp = w[i - 1]
        if i % nk == 0:
            temp = sub_word(rot_word(temp)) ^ (RCON[i // nk] << 24)
        elif nk > 6 and i % nk == 4:
            temp = sub_word(temp)
        w.append(w[i - nk] ^ temp)
    return [b"".join(x.to_bytes(4, "big") for x in w[4 * r:4 * r + 4]) for r in range(nr + 1)]


# Judgement bits of the enhanced key expansion: bit positions inside the 32-bit big-endian word
# Key_{N+1}0 (bit 31 = most significant bit of its first byte).
EKX_JUDGE_BIT_2 = 31   # selects the rotation used for Key_{N+1}2
EKX_JUDGE_BIT_3 = 0    # selects the rotation used for Key_{N+1}3


def _judge(judge_bit: int, operand_1: int, operand_2: int) -> int:
    """Seed 002 judgement module: out = op1 ^ (op2 <<< 16) if bit else op1 ^ (op2 <<< 8)."""
    return operand_1 ^ rotl32(operand_2, 16 if judge_bit else 8)


def expand_key_enhanced(key: bytes) -> list[bytes]:
    """Enhanced (non-standard) AES-128 key expansion of seed 002, Fig. 7c.

    The paper gives a figure and prose; these are the choices made where it is silent, and the
    RTL (``ip/aes/rtl/aes_key_expand.v``, ``ENHANCED_KX=1``) implements exactly this:

    * Only AES-128 (Nk = 4, Nr = 10): the paper's scheme is drawn for 4-word round keys.
    * Round key 0 is the seed key, as in FIPS-197.
    * "ShiftRows, SubBytes and XOR with Rcon" on one word is read as the FIPS-197 word function
      ``g(x) = SubWord(RotWord(x)) ^ Rcon[N+1]`` (RotWord is the one-word ShiftRows).
    * ``Key_{N+1}0 = Key_N0 ^ g(Key_N3)`` and ``Key_{N+1}1 = Key_N1 ^ g(Key_N2)``, both with the
      same Rcon of round N+1.
    * Judgement modules, following the [20] structure they replace (Key2 = Key0 ^ Key1,
      Key3 = Key1 ^ Key2) with a rotation on the second operand:
      ``Key_{N+1}2 = J(b2; Key_{N+1}0, Key_{N+1}1)`` and ``Key_{N+1}3 = J(b3; Key_{N+1}1, Key_{N+1}2)``
      where ``J(b; x, y) = x ^ (y <<< 16)`` if b else ``x ^ (y <<< 8)``.
    * Judgement bits: ``b2`` = bit 31 (MSB of byte 0) and ``b3`` = bit 0 (LSB of byte 3) of
      ``Key_{N+1}0`` ("any two bits of Key_{N+1}0", the paper says).
    * Decryption uses the same round keys in reverse order (round key Nr first), with the
      straight FIPS-197 InvCipher; no inverse key schedule is needed or defined.
    """
    if len(key) != 16:
        raise ValueError("the enhanced key expansion is defined for AES-128 only (16-byte key)")
    k = [_word(key[4 * i:4 * i + 4]) for i in range(4)]
    rks = [key]
    for n in range(1, 11):
        rc = RCON[n] << 24
        k0 = k[0] ^ sub_word(rot_word(k[3])) ^ rc
        k1 = k[1] ^ sub_word(rot_word(k[2])) ^ rc
        k2 = _judge((k0 >> EKX_JUDGE_BIT_2) & 1, k0, k1)
        k3 = _judge((k0 >> EKX_JUDGE_BIT_3) & 1, k1, k2)
        k = [k0, k1, k2, k3]
        rks.append(b"".join(x.to_bytes(4, "big") for x in k))
    return rks


# --- Round transformations on a 16-byte state (column-major, FIPS-197 3.4) ---------------------

def sub_bytes(s: bytes) -> bytes:
    return bytes(SBOX[x] for x in s)


def inv_sub_bytes(s: bytes) -> bytes:
    return bytes(INV_SBOX[x] for x in s)


def shift_rows(s: bytes) -> bytes:
    # s'[r][c] = s[r][(c + r) mod 4]; byte index r + 4c.
    return bytes(s[r + 4 * ((c + r) % 4)] for c in range(4) for r in range(4))


def inv_shift_rows(s: bytes) -> bytes:
    return bytes(s[r + 4 * ((c - r) % 4)] for c in range(4) for r in range(4))


def _mix(s: bytes, m: tuple[int, int, int, int]) -> bytes:
    out = bytearray(16)
    for c in range(4):
        col = s[4 * c:4 * c + 4]
        for r in range(4):
            acc = 0
            for k in range(4):
                acc ^= gmul(m[(k - r) % 4], col[k])
            out[4 * c + r] = acc
    return bytes(out)


def mix_columns(s: bytes) -> bytes:
    return _mix(s, (0x02, 0x03, 0x01, 0x01))


def inv_mix_columns(s: bytes) -> bytes:
    return _mix(s, (0x0E, 0x0B, 0x0D, 0x09))


def add_round_key(s: bytes, rk: bytes) -> bytes:
    return bytes(a ^ b for a, b in zip(s, rk))


def cipher(block: bytes, round_keys: list[bytes]) -> bytes:
    """FIPS-197 5.1 Cipher."""
    nr = len(round_keys) - 1
    s = add_round_key(block, round_keys[0])
    for r in range(1, nr):
        s = add_round_key(mix_columns(shift_rows(sub_bytes(s))), round_keys[r])
    return add_round_key(shift_rows(sub_bytes(s)), round_keys[nr])


def inv_cipher(block: bytes, round_keys: list[bytes]) -> bytes:
    """FIPS-197 5.3 InvCipher (straight inverse, round keys used from Nr down to 0)."""
    nr = len(round_keys) - 1
    s = add_round_key(block, round_keys[nr])
    for r in range(nr - 1, 0, -1):
        s = inv_mix_columns(add_round_key(inv_sub_bytes(inv_shift_rows(s)), round_keys[r]))
    return add_round_key(inv_sub_bytes(inv_shift_rows(s)), round_keys[0])


class AES:
    """Block-cipher object used by the mode models and the CLI's model back end."""

    block_bytes = 16

    def __init__(self, key: bytes, enhanced_kx: bool = False):
        self.round_keys = expand_key_enhanced(key) if enhanced_kx else expand_key(key)

    def encrypt_block(self, block: bytes) -> bytes:
        if len(block) != 16:
            raise ValueError("AES block must be 16 bytes")
        return cipher(block, self.round_keys)

    def decrypt_block(self, block: bytes) -> bytes:
        if len(block) != 16:
            raise ValueError("AES block must be 16 bytes")
        return inv_cipher(block, self.round_keys)
