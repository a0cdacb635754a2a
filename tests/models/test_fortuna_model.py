# SPDX-License-Identifier: Apache-2.0
"""The Fortuna-style generator (linecrypt.models.fortuna).

Its expected outputs come from the construction recomputed here independently: pycryptodome
AES-256-ECB on little-endian counter blocks and hashlib SHA-256 for reseeding. The few fixed
outputs at the end are DEFINITION values (no published vectors exist for this exact generator:
the book's reseed uses SHA_d-256, LineCrypt's uses SHA-256).
"""
import hashlib

import pytest
from Crypto.Cipher import AES as PyAES

from linecrypt.models import fortuna
from linecrypt.models.fortuna import FortunaError, Generator


class Reference:
    """Practical Cryptography 10.3, restated with pycryptodome."""

    def __init__(self):
        self.k, self.c = bytes(32), 0

    def reseed(self, s):
        self.k = hashlib.sha256(self.k + s).digest()
        self.c += 1

    def blocks(self, n):
        ecb = PyAES.new(self.k, PyAES.MODE_ECB)
        out = b"".join(ecb.encrypt((self.c + i).to_bytes(16, "little")) for i in range(n))
        self.c += n
        return out

    def random_data(self, n):
        r = self.blocks((n + 15) // 16)[:n]
        self.k = self.blocks(2)
        return r


SCRIPT = [("seed", b"first seed"), 0, 1, 15, 16, 17, 32, 100,
          ("seed", b""), 33, ("seed", bytes(range(200))), 5, 64]


def test_against_independent_recomputation():
    g, ref = Generator(), Reference()
    for step in SCRIPT:
        if isinstance(step, tuple):
            g.reseed(step[1])
            ref.reseed(step[1])
        else:
            out = g.random_data(step)
            assert len(out) == step
            assert out == ref.random_data(step), step
        assert (g.key, g.counter) == (ref.k, ref.c)


def test_counter_block_is_little_endian_with_carry():
    g = Generator()
    g.key, g.counter = bytes(range(32)), 0x01FF
    ecb = PyAES.new(bytes(range(32)), PyAES.MODE_ECB)
    out = g.random_data(32)
    assert out == (ecb.encrypt(bytes([0xFF, 0x01]) + bytes(14))
                   + ecb.encrypt(bytes([0x00, 0x02]) + bytes(14)))
    assert g.counter == 0x01FF + 4  # two output blocks, two key blocks


def test_reseed_is_sha256_of_key_and_seed_then_counter_plus_one():
    g = Generator()
    g.reseed(b"abc")
    assert g.key == hashlib.sha256(bytes(32) + b"abc").digest() and g.counter == 1
    k = g.key
    g.reseed(b"def")
    assert g.key == hashlib.sha256(k + b"def").digest() and g.counter == 2


def test_rekey_after_each_request():
    a, b = Generator(), Generator()
    a.reseed(b"same seed")
    b.reseed(b"same seed")
    first, second = a.random_data(16), a.random_data(16)  # two requests
    both = b.random_data(32)                               # one request of the same length
    assert both[:16] == first
    # Without the rekey, a's second block would be the next counter block under the old key.
    assert second != both[16:]
    ecb = PyAES.new(hashlib.sha256(bytes(32) + b"same seed").digest(), PyAES.MODE_ECB)
    assert second != ecb.encrypt((2).to_bytes(16, "little"))
    # a's key after its first request is the two counter blocks after the output.
    assert a.key != b.key


def test_zero_byte_request_still_rekeys():
    g = Generator()
    g.reseed(b"x")
    k = g.key
    assert g.random_data(0) == b""
    assert g.key != k and g.counter == 3


def test_use_before_seeding_fails():
    g = Generator()
    for n in (0, 1, 16):
        with pytest.raises(FortunaError):
            g.random_data(n)
    assert g.key == bytes(32) and g.counter == 0


def test_request_limit(monkeypatch):
    # A 1 MiB request is 65536 blocks: run it over pycryptodome so the test stays fast.
    class FastAES:
        def __init__(self, key):
            self._ecb = PyAES.new(key, PyAES.MODE_ECB)

        def encrypt_block(self, b):
            return self._ecb.encrypt(b)

    monkeypatch.setattr(fortuna, "AES", FastAES)
    g = Generator()
    g.reseed(b"limit")
    assert fortuna.MAX_REQUEST == 1 << 20
    assert len(g.random_data(1 << 20)) == 1 << 20
    c = g.counter
    for n in ((1 << 20) + 1, -1):
        with pytest.raises(FortunaError):
            g.random_data(n)
    assert g.counter == c  # a refused request changes nothing


# DEFINITION values (computed by this model; pinned for the docs and the RTL bench).
def test_definition_values():
    g = Generator()
    g.reseed(b"LineCrypt Fortuna")
    assert g.random_data(32).hex() == DEF_FIRST
    assert g.random_data(20).hex() == DEF_SECOND


DEF_FIRST = "fd30ed16af293091f2bcaaf5690eacf05ef711a8a7b66b34da8969698f013ccc"
DEF_SECOND = "cd321aaa7c2443b84af6493b558a79ad7336f039"
