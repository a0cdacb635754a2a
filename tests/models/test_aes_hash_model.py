# SPDX-License-Identifier: Apache-2.0
"""AES-Hash (Davies-Meyer over Rijndael-256, linecrypt.models.aes_hash).

No external vectors exist for this construction: the padding and IV are LineCrypt's choice.
So the tests recompute it here from its docstring (padding spelled out again, Davies-Meyer
written with the Rijndael model, which test_rijndael_model proves against Gladman's vectors),
and pin a few outputs as the *definition* values quoted in the docs.
"""
import hashlib
import random

import pytest

from linecrypt.models import aes_hash
from linecrypt.models.aes_hash import AESHash
from linecrypt.models.rijndael import Rijndael

IV_HEX = "36c50e84cc90e8224e476f5312308a9ec01068d22b63fe7d475bc158afac7cf6"
BOUNDARY_LENGTHS = [0, 1, 23, 24, 31, 32, 33, 55, 56, 63, 64, 65, 87, 88]


def _xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


def _reference(msg: bytes) -> bytes:
    """Independent restatement: SHA-256-style strengthening on 32-byte blocks, then
    H_i = E_{M_i}(H_{i-1}) xor H_{i-1} from H_0 = SHA-256("LineCrypt AES-Hash IV")."""
    padded = msg + b"\x80"
    while len(padded) % 32 != 24:
        padded += b"\x00"
    padded += (len(msg) * 8).to_bytes(8, "big")
    h = hashlib.sha256(b"LineCrypt AES-Hash IV").digest()
    for i in range(0, len(padded), 32):
        h = _xor(Rijndael(padded[i:i + 32], block_bytes=32).encrypt_block(h), h)
    return h


def test_iv_is_the_stated_nothing_up_my_sleeve_value():
    assert aes_hash.IV == hashlib.sha256(b"LineCrypt AES-Hash IV").digest()
    assert aes_hash.IV.hex() == IV_HEX
    assert IV_HEX[:32] in aes_hash.__doc__ and IV_HEX[32:] in aes_hash.__doc__


@pytest.mark.parametrize("length", BOUNDARY_LENGTHS)
def test_padding_boundaries(length):
    p = aes_hash.pad(length)
    assert (length + len(p)) % 32 == 0
    assert len(p) - 9 < 32  # fewest zero bytes
    assert p[0] == 0x80 and set(p[1:-8]) <= {0}
    assert int.from_bytes(p[-8:], "big") == 8 * length
    assert (length + len(p)) // 32 == -(-(length + 9) // 32)  # 0..23: 1, 24..55: 2, ...


def test_padding_limits():
    with pytest.raises(ValueError):
        aes_hash.pad(-1)
    with pytest.raises(ValueError):
        aes_hash.pad(1 << 61)


def test_one_block_message_is_the_davies_meyer_formula():
    msg = bytes(range(0xA0, 0xA0 + 23))  # 23 bytes: the longest one-block message
    m1 = msg + b"\x80" + (23 * 8).to_bytes(8, "big")
    assert len(m1) == 32
    h0 = bytes.fromhex(IV_HEX)
    expected = _xor(Rijndael(m1, block_bytes=32).encrypt_block(h0), h0)
    assert aes_hash.aes_hash(msg) == expected
    assert aes_hash.compress(h0, m1) == expected


def test_empty_message_is_one_padding_block():
    m1 = b"\x80" + bytes(31)
    h0 = bytes.fromhex(IV_HEX)
    assert aes_hash.aes_hash(b"") == _xor(Rijndael(m1, block_bytes=32).encrypt_block(h0), h0)


@pytest.mark.parametrize("length", BOUNDARY_LENGTHS + [random.Random(4).randrange(90, 200)])
def test_matches_reference(length):
    msg = random.Random(length).randbytes(length)
    assert aes_hash.aes_hash(msg) == _reference(msg)


@pytest.mark.parametrize("length,blocks", [(0, 1), (23, 1), (24, 2), (32, 2), (55, 2), (56, 3),
                                           (64, 3)])
def test_compression_count(monkeypatch, length, blocks):
    calls = []
    real = aes_hash.compress
    monkeypatch.setattr(aes_hash, "compress", lambda h, m: calls.append(m) or real(h, m))
    aes_hash.aes_hash(bytes(length))
    assert len(calls) == blocks


def test_incremental_and_copy_equal_one_shot():
    rng = random.Random(44)
    msg = rng.randbytes(150)
    whole = aes_hash.aes_hash(msg)
    for cut in (0, 1, 31, 32, 33, 64, 100, 150):
        h = AESHash(msg[:cut])
        snapshot = h.copy()
        h.update(msg[cut:])
        assert h.digest() == whole and h.digest() == whole  # digest() does not consume
        assert snapshot.digest() == aes_hash.aes_hash(msg[:cut])
    h = AESHash()
    for i in range(0, 150, 7):
        h.update(msg[i:i + 7])
    assert h.hexdigest() == whole.hex()


def test_deterministic_and_length_sensitive():
    outs = {aes_hash.aes_hash(bytes(n)) for n in BOUNDARY_LENGTHS}
    assert len(outs) == len(BOUNDARY_LENGTHS)  # zero messages of different lengths differ
    assert aes_hash.aes_hash(b"abc") == aes_hash.aes_hash(b"abc")
    assert aes_hash.aes_hash(b"abc") != aes_hash.aes_hash(b"abd")


# DEFINITION values: computed by this model (no external AES-Hash vectors exist). They pin the
# construction for the docs and the RTL bench; a change here is a change of definition.
DEFINITION = [
    (b"", "0716cd8847a367b1c5527862a8cabc7dbd814534c615433d2375556ae9e3c533"),
    (b"abc", "add9a1fa71cadc209fdd147f40431cd163770fc23910e419a3232fcd9a79111a"),
    (bytes(range(32)), "f65d2b9be6bd575306a3772265f857ff9585a87704129f8008b88389bc822e99"),
    (bytes(range(64)), "992d3498632f815c9528c061bb1073404ae4561d7b8cf03a30eed5471a2fed17"),
    (b"The quick brown fox jumps over the lazy dog",
     "00402e0b71b2da28a0189f8bc16210a8874e99c58e1f768d47f1b3e1a9e63c73"),
    (bytes(1000), "199a5f985e4cf9d0c1d6f2818fb8988e727d60758a2acaee9c4dca5762e269d1"),
]


@pytest.mark.parametrize("msg,digest", DEFINITION, ids=[str(len(m)) for m, _ in DEFINITION])
def test_definition_values(msg, digest):
    assert aes_hash.aes_hash(msg).hex() == digest
    assert _reference(msg).hex() == digest
