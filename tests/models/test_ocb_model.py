# SPDX-License-Identifier: Apache-2.0
"""The OCB3 golden model (RFC 7253) against the RFC's Appendix A, the OpenSSL and dkg vector
files shipped in cryptography_vectors, pyca/cryptography's AESOCB3, pycryptodome's MODE_OCB and
Botan's Serpent/OCB.

The mode logic is what these tests prove, so most cases run the model over ``PycaAES`` (AES-ECB
from pyca/cryptography, fast); the vector files also run over the project's AES model. The
intermediate values the RTL will be compared with (L_i, Offset_0, the Ktop/bottom split) are
recovered from reference tags by deciphering them, not recomputed by the model.
"""
import random

import pytest
from Crypto.Cipher import AES as CryptoAES
from cryptography.hazmat.primitives.ciphers.aead import AESOCB3

from linecrypt.models import ocb
from linecrypt.models.aes import AES
from linecrypt.models.modes import ModeError
from linecrypt.models.serpent import Serpent
from linecrypt.oracles import botan
from linecrypt.oracles.blockciphers import PycaAES
from linecrypt.vectors import cryptography_vectors_dir, read_nist

OCB_DIR = cryptography_vectors_dir() / "ciphers" / "AES" / "OCB3"


def pycryptodome_ocb(key, nonce, ad, pt, taglen):
    c = CryptoAES.new(key, CryptoAES.MODE_OCB, nonce=nonce, mac_len=taglen)
    c.update(ad)
    ct, tag = c.encrypt_and_digest(pt)
    return ct + tag


# --- Vector files (RFC 7253 Appendix A, OpenSSL, dkg/ocb-test-vectors) -------------------------

VECTOR_FILES = sorted(p.name for p in OCB_DIR.glob("*.txt"))


def test_vector_files_present():
    assert "rfc7253.txt" in VECTOR_FILES and "openssl.txt" in VECTOR_FILES
    assert {f"test-vector-1-nonce{n}.txt" for n in (104, 112, 120)} <= set(VECTOR_FILES)


@pytest.mark.parametrize("name", VECTOR_FILES)
def test_vector_file(name):
    records = read_nist(OCB_DIR / name)
    assert len(records) >= 7
    for r in records:
        key, nonce = bytes.fromhex(r["Key"]), bytes.fromhex(r["Nonce"])
        ad, pt = bytes.fromhex(r.get("AAD", "")), bytes.fromhex(r.get("Plaintext", ""))
        ct = bytes.fromhex(r["Ciphertext"])
        taglen = len(ct) - len(pt)
        assert taglen == 16
        for cipher in (AES(key), PycaAES(key)):
            assert ocb.encrypt(cipher, nonce, ad, pt, taglen) == ct, (name, r["COUNT"])
            assert ocb.decrypt(cipher, nonce, ad, ct, taglen) == pt, (name, r["COUNT"])


# RFC 7253 Appendix A, the AEAD_AES_128_OCB_TAGLEN96 example (K, N, A, P, C).
RFC_TAGLEN96 = (
    "0F0E0D0C0B0A09080706050403020100",
    "BBAA9988776655443322110D",
    "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F2021222324252627",
    "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F2021222324252627",
    "1792A4E31E0755FB03E31B22116E6C2DDF9EFD6E33D536F1A0124B0A55BAE884"
    "ED93481529C76B6AD0C515F4D1CDD4FDAC4F02AA",
)


def test_rfc7253_taglen96_example():
    key, nonce, ad, pt, ct = (bytes.fromhex(x) for x in RFC_TAGLEN96)
    assert ocb.encrypt(AES(key), nonce, ad, pt, 12) == ct
    assert ocb.decrypt(AES(key), nonce, ad, ct, 12) == pt


# RFC 7253 Appendix A, "Sample Results": the output of the iterated procedure, for
# AEAD_AES_{128,192,256}_OCB_TAGLEN{128,96,64}, transcribed from the RFC.
RFC_ITERATED = [
    (16, 16, "67E944D23256C5E0B6C61FA22FDF1EA2"),
    (24, 16, "F673F2C3E7174AAE7BAE986CA9F29E17"),
    (32, 16, "D90EB8E9C977C88B79DD793D7FFA161C"),
    (16, 12, "77A3D8E73589158D25D01209"),
    (24, 12, "05D56EAD2752C86BE6932C5E"),
    (32, 12, "5458359AC23B0CBA9E6330DD"),
    (16, 8, "192C9B7BD90BA06A"),
    (24, 8, "0066BC6E0EF34E24"),
    (32, 8, "7D4EA5D445501CBE"),
]


@pytest.mark.parametrize("keylen,taglen,expected", RFC_ITERATED)
def test_rfc7253_iterated(keylen, taglen, expected):
    # K = zeros(KEYLEN-8) || num2str(TAGLEN,8); for i = 0..127 with S = zeros(8i):
    # C ||= OCB-ENCRYPT(K, N=3i+1, S, S) || OCB-ENCRYPT(K, N=3i+2, <>, S)
    #       || OCB-ENCRYPT(K, N=3i+3, S, <>); output OCB-ENCRYPT(K, N=385, C, <>).
    cipher = PycaAES(bytes(keylen - 1) + bytes([8 * taglen]))

    def enc(n, a, p):
        return ocb.encrypt(cipher, n.to_bytes(12, "big"), a, p, taglen)

    c = b""
    for i in range(128):
        s = bytes(i)
        c += enc(3 * i + 1, s, s) + enc(3 * i + 2, b"", s) + enc(3 * i + 3, s, b"")
    assert len(c) == 128 * 127 + 3 * 128 * taglen   # 22,400 bytes for TAGLEN 128
    assert enc(385, c, b"").hex().upper() == expected


# --- Intermediate values recovered from reference tags -----------------------------------------
# With a 16-byte tag, an all-zero P of m full blocks and empty A, Tag = E(Offset_m xor L_$), so
# D_K(Tag) = Offset_m xor L_$. Offset_{2^j} = Offset_0 xor L_{j-1} xor L_j (j >= 1) and
# Offset_1 = Offset_0 xor L_0, which yields L_0, L_1, ... by differences.

def _recovered(key: bytes, nonce: bytes, m: int) -> bytes:
    return PycaAES(key).decrypt_block(pycryptodome_ocb(key, nonce, b"", bytes(16 * m), 16)[-16:])


def test_l_table_and_double_vs_reference():
    rng = random.Random(7253)
    for keylen in (16, 24, 32):
        key, nonce = rng.randbytes(keylen), rng.randbytes(12)
        d = {m: _recovered(key, nonce, m) for m in (0, 1, 2, 4, 8, 16, 32, 64)}
        ls = [ocb.xor(d[1], d[0])]
        for j in range(1, 7):
            ls.append(ocb.xor(ocb.xor(d[1 << j], d[0]), ls[-1]))
        table = ocb.l_table(PycaAES(key), 7)
        assert table.star == CryptoAES.new(key, CryptoAES.MODE_ECB).encrypt(bytes(16))
        assert table.l == ls
        assert ocb.double(table.dollar) == ls[0]          # pins L_$ (double is a bijection)
        assert [ocb.double(x) for x in ls[:-1]] == ls[1:]


def test_initial_offset_and_ktop_split_vs_reference():
    rng = random.Random(1)
    key = rng.randbytes(16)
    cipher = PycaAES(key)
    dollar = ocb.l_table(cipher, 1).dollar
    # Every bottom value with one 12-byte prefix: the Ktop cache serves all 64 nonces.
    head = rng.randbytes(11)
    prefix = None
    for bottom in range(64):
        nonce = head + bytes([0x40 | bottom])
        want = ocb.xor(_recovered(key, nonce, 0), dollar)
        p, b = ocb.split_nonce(ocb.format_nonce(nonce, 16))
        assert b == bottom
        prefix = prefix or p
        assert p == prefix
        assert ocb.offset_from_ktop(ocb.ktop(cipher, p), b) == want, bottom
        assert ocb.initial_offset(cipher, nonce, 16) == want, bottom
    # Every nonce length 1..15 bytes (pycryptodome takes them all).
    for n in range(1, 16):
        nonce = rng.randbytes(n)
        want = ocb.xor(_recovered(key, nonce, 0), dollar)
        assert ocb.initial_offset(cipher, nonce, 16) == want, n


def test_format_nonce_layout():
    # RFC 7253 section 4.2: num2str(TAGLEN mod 128, 7) || zeros(120 - bitlen(N)) || 1 || N.
    assert ocb.format_nonce(bytes.fromhex("BBAA9988776655443322110D"), 12).hex() == \
        "c0000001bbaa9988776655443322110d"
    assert ocb.format_nonce(b"\xff", 16).hex() == "000000000000000000000000000001ff"
    assert ocb.format_nonce(bytes(15), 8).hex() == "81" + "00" * 15
    assert ocb.split_nonce(bytes.fromhex("000000000000000000000000000001ff")) == \
        (bytes.fromhex("000000000000000000000000000001c0"), 0x3F)


def test_ntz_and_bad_lengths():
    assert [ocb.ntz(i) for i in range(1, 17)] == [0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4]
    assert ocb.ntz(1 << 40) == 40
    c = PycaAES(bytes(16))
    for nonce, taglen in ((b"", 16), (bytes(16), 16), (bytes(12), 0), (bytes(12), 17)):
        with pytest.raises(ModeError):
            ocb.encrypt(c, nonce, b"", b"x", taglen)
        with pytest.raises(ModeError):
            ocb.decrypt(c, nonce, b"", bytes(32), taglen)


# --- Random messages against pyca/cryptography and pycryptodome --------------------------------

def test_random_vs_pyca_aesocb3():
    # pyca's AESOCB3: nonces of 12..15 bytes, 16-byte tags only.
    seed = 38
    rng = random.Random(seed)
    for plen in range(101):
        keylen = (16, 24, 32)[plen % 3]
        key, nonce = rng.randbytes(keylen), rng.randbytes(12 + plen % 4)
        ad, pt = rng.randbytes(rng.randrange(101)), rng.randbytes(plen)
        want = AESOCB3(key).encrypt(nonce, pt, ad)
        assert ocb.encrypt(PycaAES(key), nonce, ad, pt) == want, (seed, plen)
        assert ocb.decrypt(PycaAES(key), nonce, ad, want) == pt, (seed, plen)


def test_random_vs_pycryptodome():
    # pycryptodome's MODE_OCB: nonces of 1..15 bytes, tags of 8..16 bytes.
    seed = 39
    rng = random.Random(seed)
    for i in range(300):
        keylen = rng.choice((16, 24, 32))
        key, nonce = rng.randbytes(keylen), rng.randbytes(1 + i % 15)
        taglen = 8 + i % 9
        ad, pt = rng.randbytes(rng.randrange(101)), rng.randbytes(rng.randrange(101))
        want = pycryptodome_ocb(key, nonce, ad, pt, taglen)
        assert ocb.encrypt(PycaAES(key), nonce, ad, pt, taglen) == want, (seed, i)
        assert ocb.decrypt(PycaAES(key), nonce, ad, want, taglen) == pt, (seed, i)
    # A few over the project's AES model, long enough for L_2 and a partial block.
    for i in range(3):
        key, nonce = rng.randbytes(16 + 8 * i), rng.randbytes(12)
        ad, pt = rng.randbytes(40 + i), rng.randbytes(70 + i)
        want = pycryptodome_ocb(key, nonce, ad, pt, 16)
        assert ocb.encrypt(AES(key), nonce, ad, pt) == want, (seed, "model", i)


# --- Tampering ---------------------------------------------------------------------------------

def _flip(data: bytes, i: int, bit: int = 0x01) -> bytes:
    return data[:i] + bytes([data[i] ^ bit]) + data[i + 1:]


@pytest.mark.parametrize("taglen", [8, 12, 16])
def test_tamper_rejected(taglen):
    rng = random.Random(taglen)
    key, nonce = rng.randbytes(16), rng.randbytes(12)
    ad, pt = rng.randbytes(21), rng.randbytes(37)
    good = pycryptodome_ocb(key, nonce, ad, pt, taglen)
    c = PycaAES(key)
    assert ocb.decrypt(c, nonce, ad, good, taglen) == pt
    cases = {
        "tag": (nonce, ad, _flip(good, len(good) - 1)),
        "ciphertext full block": (nonce, ad, _flip(good, 3, 0x80)),
        "ciphertext partial block": (nonce, ad, _flip(good, 33)),
        "ad full block": (nonce, _flip(ad, 3), good),
        "ad partial block": (nonce, _flip(ad, 20), good),
        "ad dropped": (nonce, b"", good),
        "nonce": (_flip(nonce, 11), ad, good),
        "truncated": (nonce, ad, good[:-1]),
        "shorter than tag": (nonce, ad, good[:taglen - 1]),
    }
    for what, (n, a, data) in cases.items():
        with pytest.raises(ocb.AuthenticationError):
            ocb.decrypt(c, n, a, data, taglen)
            pytest.fail(what)
    # TAGLEN enters the formatted nonce, so a longer tag cut to 8 bytes is not an 8-byte tag.
    if taglen > 8:
        with pytest.raises(ocb.AuthenticationError):
            ocb.decrypt(c, nonce, ad, good[:len(pt) + 8], 8)


# --- Serpent-OCB against Botan -----------------------------------------------------------------

def test_serpent_ocb_vs_botan(need_botan):
    seed = 40
    rng = random.Random(seed)
    key = rng.randbytes(32)
    # The Serpent model's byte order is Botan's (as in test_serpent_model's ECB checks).
    block = rng.randbytes(16)
    assert botan.block_ecb([("Serpent", key, False, block)])[0] == Serpent(key).encrypt_block(block)
    cases = []
    for i, (plen, alen) in enumerate([(0, 0), (1, 0), (0, 17), (15, 3), (16, 16), (17, 32),
                                      (33, 1), (48, 0), (69, 40)]):
        taglen = (16, 12, 8)[i % 3]
        cases.append((rng.randbytes((16, 24, 32)[i % 3]), rng.randbytes(1 + (i * 5) % 15),
                      rng.randbytes(alen), rng.randbytes(plen), taglen))
    want = botan.aead([(f"Serpent/OCB({t})", k, n, a, False, p) for k, n, a, p, t in cases])
    got = [ocb.encrypt(Serpent(k), n, a, p, t) for k, n, a, p, t in cases]
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, (seed, i)
    # Botan decrypts what the model wrote, and rejects it with a flipped tag bit.
    back = botan.aead([(f"Serpent/OCB({t})", k, n, a, True, g)
                       for (k, n, a, p, t), g in zip(cases, got)]
                      + [(f"Serpent/OCB({t})", k, n, a, True, _flip(g, len(g) - 1))
                         for (k, n, a, p, t), g in zip(cases, got)])
    assert back[:len(cases)] == [p for _, _, _, p, _ in cases]
    assert back[len(cases):] == [None] * len(cases)
