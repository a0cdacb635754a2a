# SPDX-License-Identifier: Apache-2.0
"""keccak-duplex: the Keccak engine's PRNG (ALG 0x1A of docs/lwc-protocol.md), SpongePRG
(Bertoni, Daemen, Peeters, Van Assche, "Sponge-based pseudo-random number generators", CHES
2010; the duplex construction of "Duplexing the sponge", SAC 2011) on Keccak-f[1600].

Parameters: width b = 1600, rate r = 1088 bits (R = 136 bytes), capacity c = 512 bits (as
SHAKE256), block size rho = 8 * floor((r - 2) / 8) = 1080 bits (RHO = 135 bytes: the input and
the output of one duplexing call are at most rho; XKCP's SpongePRG takes the same rho for this
rate).

Duplexing call ``D(sigma)``, ``|sigma| <= RHO``: ``P = sigma || 0x1F || 0x00* `` with the byte
``0x80`` XORed into byte R - 1, so ``P`` is R bytes (``sigma`` of 135 bytes: ``P = sigma ||
0x9F``); ``S = f(S xor (P || 0^c))``; the call's output is ``Z = S[0:RHO]``, rate bytes 0..134
(byte 135 is never output). 0x1F is SHAKE's domain-separation bits 1111 and the first bit of
pad10*1, so ``P`` is SHAKE's padding of ``sigma`` within one block, and by the duplexing-sponge
lemma the output of call i is

    Z_i = SHAKE256(P_0 || P_1 || ... || P_(i-1) || sigma_i)[0:RHO]

(``P_j`` the padded block of call j): any SHAKE256 checks the generator.

State: the 200-byte Keccak state ``S`` and whether it is seeded. Between requests ``S`` is the
state after a duplexing call whose output has not been used.

* ``seed(x)``: ``S = 0``, then ``feed(x)``; the generator is seeded.
* ``reseed(x)``: ``feed(x)`` on the current state (what earlier seeds put in stays); fails
  before the first seed.
* ``feed(x)``: ``x`` cut into pieces of RHO bytes with a last piece of 0..RHO - 1 bytes (a seed
  whose length is a multiple of 135 ends with an empty piece), one duplexing call per piece.
  So every seed instruction ends with a call of its own and ``feed(a); feed(b)`` differs from
  ``feed(a || b)``.
* ``generate(n)``, ``0 <= n <= 2^20``: the output is the first n bytes of ``Z || Z_1 || Z_2 ||
  ...``: ``Z`` the unused output of the last call, ``Z_k`` the outputs of ``ceil(n / RHO) - 1``
  further calls ``D(empty)`` (none when n <= RHO). Then *forget*: one call ``D(Z')`` whose
  input is the output of the last call (``Z'``; ``Z`` when n <= RHO): the XOR sets rate bytes
  0..134 (1080 bits, every output byte of that call) to zero before the permutation (XKCP's
  overwrite with zeroes, here with the padding of a full block), and rho >= c, so a state read
  after the request gives neither the request's output nor anything before it. Every request,
  n = 0 included, ends with the forget call; its output is the next request's ``Z``.
"""
from __future__ import annotations

from linecrypt.models.keccak import keccak_f

__all__ = ["R", "RHO", "SUFFIX", "MAX_REQUEST", "DuplexError", "KeccakDuplexPRNG", "pad_block"]

R = 136                    # rate, bytes (r = 1088 bits)
RHO = 135                  # block size: input bytes per duplexing call (rho = 1080 bits)
SUFFIX = 0x1F              # SHAKE's domain bits 1111 and the first padding bit
MAX_REQUEST = 1 << 20


class DuplexError(Exception):
    """A request or reseed before the first seed, or a request over MAX_REQUEST bytes."""


def pad_block(sigma: bytes) -> bytes:
    """P = sigma || 0x1F || 0x00*, 0x80 XORed into the last byte: R bytes."""
    if len(sigma) > RHO:
        raise ValueError(f"a duplexing call takes at most {RHO} bytes, not {len(sigma)}")
    p = bytearray(bytes(sigma) + bytes([SUFFIX]) + bytes(R - 1 - len(sigma)))
    p[R - 1] ^= 0x80
    return bytes(p)


class KeccakDuplexPRNG:
    def __init__(self):
        self.state = bytes(200)
        self.seeded = False

    def duplexing(self, sigma: bytes) -> bytes:
        """One duplexing call: absorb ``sigma`` padded, permute, return the RHO-byte output."""
        p = pad_block(sigma)
        s = bytes(u ^ v for u, v in zip(self.state[:R], p)) + self.state[R:]
        self.state = keccak_f(s)
        return self.state[:RHO]

    def _feed(self, x: bytes) -> None:
        x = bytes(x)
        for i in range(0, len(x) - len(x) % RHO + 1, RHO):
            self.duplexing(x[i:i + RHO])

    def seed(self, x: bytes) -> None:
        self.state = bytes(200)
        self._feed(x)
        self.seeded = True

    def reseed(self, x: bytes) -> None:
        if not self.seeded:
            raise DuplexError("reseed before the first seed")
        self._feed(x)

    def unseed(self) -> None:
        """Drop the state: the generator is not seeded (a seed instruction that failed midway)."""
        self.state = bytes(200)
        self.seeded = False

    def generate(self, n: int) -> bytes:
        if not self.seeded:
            raise DuplexError("generator used before it was seeded")
        if not 0 <= n <= MAX_REQUEST:
            raise DuplexError(f"request of {n} bytes: 0..{MAX_REQUEST} allowed")
        out = self.state[:RHO]
        while len(out) < n:
            out += self.duplexing(b"")
        self.duplexing(self.state[:RHO])          # forget
        return out[:n]
