# SPDX-License-Identifier: Apache-2.0
"""The CMAC model (SP 800-38B) over the AES model, against the SP 800-38B / RFC 4493 examples
shipped in cryptography_vectors (CMAC/nist-800-38b-aes{128,192,256}.txt, every record), the
published subkeys, and pycryptodome's and pyca/cryptography's CMAC on random inputs.

cryptography_vectors 50.0.2 ships no CAVP CMACGen*.rsp files (those carry the Tlen sections),
so truncated tags (Tlen = 4..16 bytes, the CAVP range) are checked against pycryptodome's
``mac_len``, which truncates to the leftmost bytes as SP 800-38B does.
"""
import random

import pytest
from Crypto.Hash import CMAC as PyCMAC
from Crypto.Cipher import AES as PyAES
from cryptography.hazmat.primitives import cmac as pyca_cmac
from cryptography.hazmat.primitives.ciphers import algorithms

from linecrypt.models import cmac
from linecrypt.models.aes import AES
from linecrypt.vectors import cryptography_vectors_dir, read_nist

CMAC_DIR = cryptography_vectors_dir() / "CMAC"
FILES = [CMAC_DIR / f"nist-800-38b-aes{k}.txt" for k in (128, 192, 256)]


def _pycryptodome(key, msg, tlen=16):
    return PyCMAC.new(key, msg, ciphermod=PyAES, mac_len=tlen).digest()


def _pyca(key, msg):
    c = pyca_cmac.CMAC(algorithms.AES(key))
    c.update(msg)
    return c.finalize()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_sp800_38b_examples(path):
    recs = read_nist(path)
    assert len(recs) == 4
    assert {len(r["MESSAGE"]) // 2 for r in recs} == {0, 16, 40, 64}
    for r in recs:
        key, msg = bytes.fromhex(r["KEY"]), bytes.fromhex(r["MESSAGE"])
        tag = bytes.fromhex(r["OUTPUT"])
        assert len(key) * 8 == int(path.stem[-3:])
        assert cmac.cmac(key, msg) == tag, r
        assert cmac.verify(key, msg, tag)


@pytest.mark.parametrize("key,k1,k2", [
    # SP 800-38B Appendix D.1 / RFC 4493 section 4 (AES-128), D.2 (AES-192), D.3 (AES-256)
    ("2b7e151628aed2a6abf7158809cf4f3c",
     "fbeed618357133667c85e08f7236a8de", "f7ddac306ae266ccf90bc11ee46d513b"),
    ("8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
     "448a5b1c93514b273ee6439dd4daa296", "8914b63926a2964e7dcc873ba9b5452c"),
    ("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     "cad1ed03299eedac2e9a99808621502f", "95a3da06533ddb585d3533010c42a0d9"),
])
def test_subkeys_sp800_38b_appendix_d(key, k1, k2):
    assert [k.hex() for k in cmac.subkeys(bytes.fromhex(key))] == [k1, k2]


@pytest.mark.parametrize("klen", [16, 24, 32])
def test_random_against_pycryptodome_and_pyca(klen):
    rng = random.Random(38 + klen)
    lengths = [0, 1, 15, 16, 17, 31, 32, 33, 48, 64] + [rng.randrange(0, 100) for _ in range(6)]
    for n in lengths:
        key, msg = rng.randbytes(klen), rng.randbytes(n)
        tag = cmac.cmac(key, msg)
        assert tag == _pycryptodome(key, msg), (klen, n)
        assert tag == _pyca(key, msg), (klen, n)


@pytest.mark.parametrize("tlen", range(4, 17))
def test_truncated_tags_against_pycryptodome(tlen):
    rng = random.Random(tlen)
    for klen, n in ((16, 0), (24, 16), (32, 37)):
        key, msg = rng.randbytes(klen), rng.randbytes(n)
        tag = cmac.cmac(key, msg, tlen)
        assert tag == _pycryptodome(key, msg, tlen)
        assert cmac.verify(key, msg, tag)
        assert not cmac.verify(key, msg, bytes([tag[0] ^ 1]) + tag[1:])


def test_block_cipher_object_and_errors():
    key = bytes(range(16))
    assert cmac.cmac(AES(key), b"abc") == cmac.cmac(key, b"abc")
    for bad in (0, 17):
        with pytest.raises(ValueError):
            cmac.cmac(key, b"", bad)
    with pytest.raises(ValueError):
        cmac.cmac(bytes(15), b"")
