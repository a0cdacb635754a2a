# SPDX-License-Identifier: Apache-2.0
"""Keccak-p[1600, nr] and the sponge over it (FIPS 202; The Keccak reference, version 3.0).

State layout: the 200-byte state string ``S`` (FIPS 202 §3.1.2) holds lane ``(x, y)`` in bytes
``8(x + 5y) .. 8(x + 5y) + 7``, little-endian, so lane bit ``z`` is bit ``64(x + 5y) + z`` of the
integer ``int.from_bytes(S, "little")``. The RTL (ip/keccak/rtl) uses the same numbering on its
1600-bit ports: byte ``i`` of the state at ``[8i +: 8]``.

Keccak-p[1600, nr] applies the last ``nr`` rounds of Keccak-f[1600]: round indices
``24 - nr .. 23`` (FIPS 202 §3.3), so Keccak-p[1600, 12] (Keyak) is rounds 12..23.

The sponge (:func:`sponge`) pads with the domain-separation suffix and pad10*1 (FIPS 202 §5.1,
B.2): ``suffix`` holds the suffix bits followed by the first 1 of the padding, least significant
bit first: 0x06 for SHA-3, 0x1F for SHAKE, 0x01 for the original Keccak padding.
"""
from __future__ import annotations

MASK = (1 << 64) - 1

# rotation offsets r[x][y] (FIPS 202 Table 2), indexed [x][y]
RHO = (
    (0, 36, 3, 41, 18),
    (1, 44, 10, 45, 2),
    (62, 6, 43, 15, 61),
    (28, 55, 25, 21, 56),
    (27, 20, 39, 8, 14),
)


def _rc_bit(t: int) -> int:
    """rc(t) of FIPS 202 Algorithm 5: the LFSR x^8 + x^6 + x^5 + x^4 + 1."""
    if t % 255 == 0:
        return 1
    r = 0x01
    for _ in range(t % 255):
        r <<= 1
        if r & 0x100:
            r ^= 0x171
    return r & 1


def round_constant(ir: int) -> int:
    """RC of round ``ir`` (FIPS 202 Algorithm 6, w = 64)."""
    rc = 0
    for j in range(7):
        rc |= _rc_bit(j + 7 * ir) << ((1 << j) - 1)
    return rc


RC = tuple(round_constant(i) for i in range(24))


def _rot(v: int, n: int) -> int:
    n %= 64
    return ((v << n) | (v >> (64 - n))) & MASK if n else v


def lanes_of(state: bytes) -> list[list[int]]:
    """The 200-byte state as lanes ``A[x][y]``."""
    if len(state) != 200:
        raise ValueError(f"a Keccak-f[1600] state is 200 bytes, not {len(state)}")
    return [[int.from_bytes(state[8 * (x + 5 * y):8 * (x + 5 * y) + 8], "little")
             for y in range(5)] for x in range(5)]


def bytes_of(a: list[list[int]]) -> bytes:
    return b"".join(a[x][y].to_bytes(8, "little") for y in range(5) for x in range(5))


def keccak_round(a: list[list[int]], ir: int) -> list[list[int]]:
    """One round Rnd(A, ir) = iota(chi(pi(rho(theta(A))))), on lanes ``A[x][y]``."""
    c = [a[x][0] ^ a[x][1] ^ a[x][2] ^ a[x][3] ^ a[x][4] for x in range(5)]
    d = [c[(x - 1) % 5] ^ _rot(c[(x + 1) % 5], 1) for x in range(5)]
    # theta, rho and pi: B[y][2x + 3y] = rot(A[x][y] ^ D[x], r[x][y])
    b = [[0] * 5 for _ in range(5)]
    for x in range(5):
        for y in range(5):
            b[y][(2 * x + 3 * y) % 5] = _rot(a[x][y] ^ d[x], RHO[x][y])
    out = [[b[x][y] ^ (~b[(x + 1) % 5][y] & MASK & b[(x + 2) % 5][y]) for y in range(5)]
           for x in range(5)]
    out[0][0] ^= RC[ir]
    return out


def keccak_p(state: bytes, nr: int = 24) -> bytes:
    """Keccak-p[1600, nr] of a 200-byte state (nr = 1..24)."""
    if not 1 <= nr <= 24:
        raise ValueError(f"Keccak-p[1600, nr] takes 1 <= nr <= 24, not {nr}")
    a = lanes_of(state)
    for ir in range(24 - nr, 24):
        a = keccak_round(a, ir)
    return bytes_of(a)


def keccak_f(state: bytes) -> bytes:
    return keccak_p(state, 24)


def pad(msg_len: int, rate: int, suffix: int) -> bytes:
    """The padding appended to a message of ``msg_len`` bytes for a ``rate``-byte sponge: the
    suffix bits, pad10*1 (at least one byte)."""
    if not 0 < suffix < 0x100:
        raise ValueError("suffix must hold at least the first padding bit")
    n = rate - msg_len % rate
    p = bytearray(n)
    p[0] = suffix
    p[-1] |= 0x80
    return bytes(p)


def sponge(msg: bytes, rate: int, suffix: int, out_len: int, nr: int = 24) -> bytes:
    """The sponge over Keccak-p[1600, nr] with a ``rate``-byte rate: absorb ``msg`` padded,
    squeeze ``out_len`` bytes."""
    if not 0 < rate < 200:
        raise ValueError(f"rate must be 1..199 bytes, not {rate}")
    data = msg + pad(len(msg), rate, suffix)
    s = bytes(200)
    for i in range(0, len(data), rate):
        blk = data[i:i + rate]
        s = keccak_p(bytes(u ^ v for u, v in zip(s[:rate], blk)) + s[rate:], nr)
    out = b""
    while True:
        out += s[:rate]
        if len(out) >= out_len:
            return out[:out_len]
        s = keccak_p(s, nr)


def sha3(msg: bytes, bits: int) -> bytes:
    """SHA3-224/256/384/512 (FIPS 202 §6.1)."""
    if bits not in (224, 256, 384, 512):
        raise ValueError(f"SHA3-{bits} is not defined")
    return sponge(msg, 200 - bits // 4, 0x06, bits // 8)


def shake(msg: bytes, bits: int, out_len: int) -> bytes:
    """SHAKE128/256 (FIPS 202 §6.2)."""
    if bits not in (128, 256):
        raise ValueError(f"SHAKE{bits} is not defined")
    return sponge(msg, 200 - bits // 4, 0x1F, out_len)


def keccak256(msg: bytes) -> bytes:
    """Keccak-256 with the original padding (r = 1088, c = 512, no domain suffix)."""
    return sponge(msg, 136, 0x01, 32)


def keccak_mac(key: bytes, iv: bytes, msg: bytes, tag_len: int = 16) -> bytes:
    """Keccak-MAC, the keyed sponge of the multi-purpose engine (seed 004): r = 1088 bits, c = 512,
    Keccak-f[1600], the original Keccak padding (suffix 0x01). The first block is
    KeyPack(K) ‖ IV padded to exactly one block (pad10*1 within the 136 bytes), then the message
    is absorbed with its own padding, then ``tag_len`` bytes are squeezed:

        T = Keccak[r=1088, c=512](pad(keypack(K, 40) ‖ IV) ‖ M)[:tag_len]

    keypack is Keyak's (linecrypt.models.keyak: enc8(40) ‖ K ‖ 0x01 ‖ 0x00*, 40 bytes, keys up to
    38 bytes), so |IV| <= 136 - 40 - 1 = 95 bytes. With the first block's padding written out as
    data this is Keccak-256 of that string, truncated: the tests check it against pycryptodome."""
    from linecrypt.models.keyak import keypack
    head = keypack(key) + iv
    if len(head) >= 136:
        raise ValueError(f"KeyPack(K) || IV must fit one 136-byte block with its padding "
                         f"(IV up to 95 bytes), not {len(head)} bytes")
    if not 1 <= tag_len <= 136:
        raise ValueError(f"tag length must be 1..136 bytes, not {tag_len}")
    return sponge(head + pad(len(head), 136, 0x01) + msg, 136, 0x01, tag_len)


PRNG_RATE = 136            # bytes: r = 1088, c = 512
PRNG_SUFFIX = 0x1F         # SHAKE's domain bits 1111 and the first padding bit


def keccak_prng(seed: bytes, n: int) -> bytes:
    """keccak-prng, LineCrypt's deterministic generator on Keccak-f[1600] (the CLI's
    ``linecrypt random --alg keccak-prng``): one sponge with r = 1088 bits, c = 512 bits and
    24 rounds that absorbs the seed with the SHAKE padding (suffix 0x1F: the domain bits 1111,
    then pad10*1) and squeezes ``n`` bytes, a Keccak-f permutation between 136-byte output blocks:

        out = Keccak[r=1088, c=512](seed ‖ 1111 ‖ pad10*1)[:n]

    This is SHAKE256(seed) truncated to ``n`` bytes, by design: the output can be checked
    against any SHAKE256, and its security is SHAKE256's (256-bit, given a seed with that much
    entropy). No reseeding and no forward secrecy within one call: a seed names one stream."""
    if n < 0:
        raise ValueError(f"output length must not be negative, not {n}")
    return sponge(bytes(seed), PRNG_RATE, PRNG_SUFFIX, n) if n else b""
