# SPDX-License-Identifier: Apache-2.0
"""The Rijndael model against Gladman's 256-bit-block values (../shared/vectors/rijndael256,
every vector in the file) and, for Nb = 4, against FIPS-197, pycryptodome and the AES model."""
import random
import re

import pytest
from Crypto.Cipher import AES as PyAES

from linecrypt.models import aes, rijndael
from linecrypt.models.rijndael import Rijndael
from linecrypt.vectors import shared_vectors_dir

GLADMAN = shared_vectors_dir() / "rijndael256" / "rijndael256_gladman.txt"


def _gladman():
    """(key, pt, ct) triples: one shared PT, then KEY/CT pairs (byte 0 first, see SOURCES.md)."""
    text = GLADMAN.read_text()
    pts = re.findall(r"^PT = ([0-9a-f]+)$", text, re.M)
    pairs = re.findall(r"^KEY = ([0-9a-f]+)\s*\nCT = ([0-9a-f]+)$", text, re.M)
    assert len(pts) == 1 and text.count("KEY =") == len(pairs) == 5
    return [(bytes.fromhex(k), bytes.fromhex(pts[0]), bytes.fromhex(c)) for k, c in pairs]


@pytest.mark.parametrize("key,pt,ct", _gladman(), ids=lambda v: str(len(v) * 8))
def test_gladman_256_bit_block(key, pt, ct):
    c = Rijndael(key, block_bytes=32)
    assert len(c.round_keys) == 15  # Nr = max(Nk, 8) + 6 = 14 for every key length
    assert c.encrypt_block(pt) == ct
    assert c.decrypt_block(ct) == pt


def test_gladman_file_covers_the_aes_hash_key_sizes():
    assert {len(k) for k, _, _ in _gladman()} == {16, 20, 24, 28, 32}


def test_parameters():
    assert rijndael.SHIFTS[8] == (0, 1, 3, 4) and rijndael.SHIFTS[4] == (0, 1, 2, 3)
    assert [rijndael.num_rounds(nk, 8) for nk in (4, 6, 8)] == [14, 14, 14]
    assert [rijndael.num_rounds(nk, 4) for nk in (4, 6, 8)] == [10, 12, 14]


def test_shift_rows_nb8_offsets():
    s = bytes(range(32))  # s[r][c] = r + 4c
    out = rijndael.shift_rows(s)
    for r, cr in enumerate((0, 1, 3, 4)):
        assert [out[r + 4 * c] for c in range(8)] == [r + 4 * ((c + cr) % 8) for c in range(8)]
    assert rijndael.inv_shift_rows(out) == s


@pytest.mark.parametrize("key,ct", [
    ("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
    ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
    ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "8ea2b7ca516745bfeafc49904b496089"),
])
def test_nb4_is_aes_fips197_appendix_c(key, ct):
    c = Rijndael(bytes.fromhex(key), block_bytes=16)
    pt = bytes.fromhex("00112233445566778899aabbccddeeff")
    assert c.encrypt_block(pt).hex() == ct
    assert c.decrypt_block(bytes.fromhex(ct)) == pt


@pytest.mark.parametrize("klen", [16, 24, 32])
def test_nb4_equals_pycryptodome_and_aes_model(klen):
    rng = random.Random(4000 + klen)
    for _ in range(25):
        key, pt = rng.randbytes(klen), rng.randbytes(16)
        c = Rijndael(key, block_bytes=16)
        assert c.round_keys == aes.expand_key(key)
        ct = PyAES.new(key, PyAES.MODE_ECB).encrypt(pt)
        assert c.encrypt_block(pt) == ct
        assert c.decrypt_block(ct) == pt


@pytest.mark.parametrize("nb", [4, 5, 6, 7, 8])
@pytest.mark.parametrize("klen", [16, 20, 24, 28, 32])
def test_round_trip_all_sizes(nb, klen):
    rng = random.Random(nb * 100 + klen)
    c = Rijndael(rng.randbytes(klen), block_bytes=4 * nb)
    assert len(c.round_keys) == max(klen // 4, nb) + 7
    for _ in range(3):
        pt = rng.randbytes(4 * nb)
        assert c.decrypt_block(c.encrypt_block(pt)) == pt


def test_bad_sizes():
    with pytest.raises(ValueError):
        Rijndael(bytes(15))
    with pytest.raises(ValueError):
        Rijndael(bytes(16), block_bytes=36)
    with pytest.raises(ValueError):
        Rijndael(bytes(32)).encrypt_block(bytes(16))
