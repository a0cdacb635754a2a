# SPDX-License-Identifier: Apache-2.0
"""linecrypt.models.keccak_duplex (keccak-duplex, SpongePRG on Keccak-f[1600]) against Python's
hashlib SHAKE256 and pycryptodome's SHAKE256, through the duplexing-sponge lemma: the output of
duplexing call i is SHAKE256 of the padded inputs of the calls before it followed by call i's
input. The expected values below come from those libraries and string concatenation only (no
linecrypt code), following the construction as docs/lwc-protocol.md states it."""
import hashlib
import random

import pytest
from Crypto.Hash import SHAKE256

from linecrypt.models.keccak_duplex import DuplexError, KeccakDuplexPRNG


def pad(sigma: bytes) -> bytes:
    """SHAKE's padding of sigma within one 136-byte block: 0x1F, zeros, 0x80 in byte 135."""
    assert len(sigma) <= 135
    p = bytearray(sigma + b"\x1f" + bytes(135 - len(sigma)))
    p[135] ^= 0x80
    return bytes(p)


class Oracle:
    """The generator as a string of padded inputs: each call's output from a SHAKE256."""

    def __init__(self, shake):
        self.shake = shake
        self.hist = None           # padded blocks of the calls so far but the last
        self.last = None           # the last call's input
        self.out = None            # the last call's output (135 bytes)

    def call(self, sigma):
        if self.last is not None:
            self.hist += pad(self.last)
        self.last = sigma
        self.out = self.shake(self.hist + sigma, 135)

    def feed(self, x):
        pieces = [x[i:i + 135] for i in range(0, len(x), 135)]
        if not pieces or len(pieces[-1]) == 135:
            pieces.append(b"")
        for p in pieces:
            self.call(p)

    def seed(self, x):
        self.hist, self.last = b"", None
        self.feed(x)

    def gen(self, n):
        out = self.out
        while len(out) < n:
            self.call(b"")
            out += self.out
        self.call(self.out)                          # forget
        return out[:n]


def hashlib_shake(m, n):
    return hashlib.shake_256(m).digest(n)


def pycryptodome_shake(m, n):
    return SHAKE256.new(m).read(n)


def run(gen, steps):
    out = []
    for kind, arg in steps:
        if kind == "seed":
            gen.seed(arg)
        elif kind == "reseed":
            (gen.feed if isinstance(gen, Oracle) else gen.reseed)(arg)
        else:
            out.append(gen.gen(arg) if isinstance(gen, Oracle) else gen.generate(arg))
    return out


def test_first_output_is_shake256_of_a_short_seed():
    # one duplexing call: Z = SHAKE256(seed)[:135]
    for seed in (b"", b"abc", bytes(range(134))):
        g = KeccakDuplexPRNG()
        g.seed(seed)
        assert g.generate(135) == hashlib.shake_256(seed).digest(135)


def test_second_block_is_shake256_of_the_padded_seed():
    g = KeccakDuplexPRNG()
    g.seed(b"seed")
    out = g.generate(300)
    assert out[135:270] == hashlib.shake_256(pad(b"seed")).digest(135)
    assert out[270:] == hashlib.shake_256(pad(b"seed") + pad(b"")).digest(30)


def test_forget_zeroes_the_output_bytes_of_the_rate():
    g = KeccakDuplexPRNG()
    g.seed(b"k" * 40)
    before = g.state
    g.generate(10)
    # state = f(S xor (Z[:135] || 0x9F)): undo f is not available, so check the input it took
    from linecrypt.models.keccak import keccak_f
    taken = bytes(135) + bytes([before[135] ^ 0x9F]) + before[136:]
    assert g.state == keccak_f(taken)


@pytest.mark.parametrize("shake", [hashlib_shake, pycryptodome_shake])
def test_sessions_against_shake256(shake):
    rng = random.Random(29)
    lens = [0, 1, 134, 135, 136, 137, 269, 270, 271, 405, 500]
    sessions = [
        [("seed", b"s"), ("gen", 0), ("gen", 1), ("gen", 135), ("gen", 136), ("gen", 270),
         ("gen", 271)],
        [("seed", bytes(135)), ("gen", 40), ("reseed", bytes(270)), ("gen", 300),
         ("reseed", b""), ("gen", 135)],
        [("seed", b"a"), ("gen", 16), ("seed", b"b"), ("gen", 16)],
    ]
    for _ in range(6):
        steps = [("seed", rng.randbytes(rng.choice(lens)))]
        for _ in range(rng.randrange(2, 7)):
            k = rng.random()
            if k < 0.3:
                steps.append(("reseed", rng.randbytes(rng.choice(lens))))
            elif k < 0.4:
                steps.append(("seed", rng.randbytes(rng.choice(lens))))
            else:
                steps.append(("gen", rng.choice(lens + [rng.randrange(1000)])))
        sessions.append(steps)
    for steps in sessions:
        assert run(KeccakDuplexPRNG(), steps) == run(Oracle(shake), steps), steps


def test_reseed_keeps_the_old_state():
    a, b = KeccakDuplexPRNG(), KeccakDuplexPRNG()
    a.seed(b"one")
    b.seed(b"two")
    a.reseed(b"x")
    b.reseed(b"x")
    assert a.generate(32) != b.generate(32)


def test_unseeded_and_limits():
    g = KeccakDuplexPRNG()
    with pytest.raises(DuplexError, match="before it was seeded"):
        g.generate(1)
    with pytest.raises(DuplexError, match="before the first seed"):
        g.reseed(b"x")
    g.seed(b"x")
    with pytest.raises(DuplexError, match="0..1048576"):
        g.generate((1 << 20) + 1)
    g.unseed()
    assert not g.seeded
