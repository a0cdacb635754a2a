# SPDX-License-Identifier: Apache-2.0
"""The GCM golden model (NIST SP 800-38D) against the NIST CAVP GCM files shipped in
cryptography_vectors (encryption and decryption, FAIL records included), pyca/cryptography,
pycryptodome and Botan's Serpent/GCM.

The mode logic is what these tests prove, so most cases run the model over ``PycaAES`` (AES-ECB
from pyca/cryptography, fast); a sample of the CAVP records also runs over the project's AES
model. GHASH values, H^i and J0 are recovered from reference tags, not recomputed by the model.
"""
import random
from pathlib import Path

import pytest
from Crypto.Cipher import AES as CryptoAES
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes as pyca_modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from linecrypt.models import gcm
from linecrypt.models.aes import AES
from linecrypt.models.modes import ModeError
from linecrypt.models.serpent import Serpent
from linecrypt.oracles import botan
from linecrypt.oracles.blockciphers import PycaAES
from linecrypt.vectors import cryptography_vectors_dir

GCM_DIR = cryptography_vectors_dir() / "ciphers" / "AES" / "GCM"
SECTION_KEYS = ("Keylen", "IVlen", "PTlen", "AADlen", "Taglen")


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def _flip(data: bytes, i: int, bit: int = 0x01) -> bytes:
    return data[:i] + bytes([data[i] ^ bit]) + data[i + 1:]


# --- NIST CAVP GCM files -----------------------------------------------------------------------

def read_cavp_gcm(path: Path) -> dict[tuple, list[dict]]:
    """Records grouped by section (Keylen, IVlen, PTlen, AADlen, Taglen); a bare ``FAIL`` line
    (decryption files) sets ``fail`` on its record. ``linecrypt.vectors.read_nist`` drops such
    lines, hence this reader."""
    sections: dict[tuple, list[dict]] = {}
    head: dict[str, int] = {}
    cur = None
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if line.startswith("[") and line.endswith("]"):
            k, v = (x.strip() for x in line[1:-1].split("=", 1))
            head[k] = int(v)
        elif line == "FAIL":
            cur["fail"] = True
        elif line.startswith("Count"):
            cur = {"fail": False, "Count": int(line.split("=")[1])}
            sections.setdefault(tuple(head[k] for k in SECTION_KEYS), []).append(cur)
        elif "=" in line and cur is not None:
            k, v = (x.strip() for x in line.split("=", 1))
            cur[k] = bytes.fromhex(v)
    return sections


CAVP_FILES = [f"gcm{kind}{bits}.rsp" for kind in ("EncryptExtIV", "Decrypt")
              for bits in (128, 192, 256)]


def _check_record(cipher, sec: tuple, r: dict, decrypt: bool, where) -> None:
    keylen, ivlen, ptlen, aadlen, taglen = sec
    assert (8 * len(r["Key"]), 8 * len(r["IV"]), 8 * len(r["CT"]), 8 * len(r["AAD"]),
            8 * len(r["Tag"])) == sec, where
    t = taglen // 8
    if not decrypt:
        assert gcm.encrypt(cipher, r["IV"], r["AAD"], r["PT"], t) == r["CT"] + r["Tag"], where
    elif r["fail"]:
        with pytest.raises(gcm.AuthenticationError):
            gcm.decrypt(cipher, r["IV"], r["AAD"], r["CT"] + r["Tag"], t)
            pytest.fail(str(where))
    else:
        assert gcm.decrypt(cipher, r["IV"], r["AAD"], r["CT"] + r["Tag"], t) == r["PT"], where


@pytest.mark.parametrize("name", CAVP_FILES)
def test_cavp_gcm(name):
    # Every section (Keylen x IVlen x PTlen x AADlen x Taglen) of every file: its first two
    # records, and in decryption files its first FAIL record and first passing record as well.
    decrypt = name.startswith("gcmDecrypt")
    sections = read_cavp_gcm(GCM_DIR / name)
    assert len(sections) == 525
    fails = passes = 0
    model_done = set()
    for sec, recs in sections.items():
        assert len(recs) == 15
        chosen = recs[:2]
        if decrypt:
            chosen += [r for r in recs if r["fail"]][:1] + [r for r in recs if not r["fail"]][:1]
        for r in chosen:
            _check_record(PycaAES(r["Key"]), sec, r, decrypt, (name, sec, r["Count"]))
            fails += r["fail"]
            passes += not r["fail"]
        # The project's AES model on one record per (IVlen, Taglen).
        if (sec[1], sec[4]) not in model_done:
            model_done.add((sec[1], sec[4]))
            r = chosen[-1]
            _check_record(AES(r["Key"]), sec, r, decrypt, (name, sec, r["Count"], "model AES"))
    assert passes >= 525 and (fails >= 400 if decrypt else fails == 0)
    assert len(model_done) == 21


# --- GHASH, H powers and J0 recovered from reference tags --------------------------------------
# With empty P, Tag = E_K(J0) xor GHASH_H(A || 0^v || [len(A)]_64 || [0]_64), so the GHASH value
# is Tag xor E_K(J0) (full 16-byte tag, 12-byte IV so J0 = IV || 0^31 || 1).

ONE = bytes([0x80]) + bytes(15)      # the field element 1: x_0 = 1 (SP 800-38D section 6.3)


def _ghash_of_ad(key: bytes, iv: bytes, ad: bytes) -> bytes:
    tag = AESGCM(key).encrypt(iv, b"", ad)
    ej0 = PycaAES(key).encrypt_block(iv + b"\x00\x00\x00\x01")
    return _xor(tag, ej0)


def test_ghash_vs_reference():
    rng = random.Random(3)
    for keylen in (16, 24, 32):
        key, iv = rng.randbytes(keylen), rng.randbytes(12)
        h = PycaAES(key).encrypt_block(bytes(16))
        assert gcm.hash_subkey(PycaAES(key)) == h
        for alen in list(range(0, 50)) + [64, 80, 100]:
            ad = rng.randbytes(alen)
            want = _ghash_of_ad(key, iv, ad)
            data = ad + bytes(-alen % 16) + gcm.length_block(alen, 0)
            assert gcm.ghash(h, data) == want, (keylen, alen)


def test_h_powers_and_gf_mult_vs_reference():
    # A = a || 0^(128(k-1)) and A' = a' || 0^(128(k-1)) give GHASH(A) xor GHASH(A') =
    # (a xor a') . H^(k+1): with a xor a' = 1 that is H^(k+1) itself.
    rng = random.Random(4)
    key, iv = rng.randbytes(16), rng.randbytes(12)
    h = PycaAES(key).encrypt_block(bytes(16))
    n = 10
    powers = gcm.h_powers(h, n)
    assert len(powers) == n and powers[0] == h
    for k in range(1, n):
        a = rng.randbytes(16)
        tail = bytes(16 * (k - 1))
        h_k1 = _xor(_ghash_of_ad(key, iv, a + tail), _ghash_of_ad(key, iv, _xor(a, ONE) + tail))
        assert powers[k] == h_k1, k
        b = rng.randbytes(16)
        prod = _xor(_ghash_of_ad(key, iv, a + tail), _ghash_of_ad(key, iv, b + tail))
        assert gcm.gf_mult(_xor(a, b), h_k1) == prod, k
        assert gcm.gf_mult(h_k1, _xor(a, b)) == prod, k


def test_gf_mult_identities():
    # 1 is the identity, and x_127 (the last bit) times x_1 wraps through R = 11100001 || 0^120.
    rng = random.Random(5)
    y = rng.randbytes(16)
    assert gcm.gf_mult(ONE, y) == y and gcm.gf_mult(y, ONE) == y
    assert gcm.gf_mult(bytes(16), y) == bytes(16)
    x127 = bytes(15) + b"\x01"
    x1 = bytes([0x40]) + bytes(15)
    assert gcm.gf_mult(x127, x1) == bytes([0xE1]) + bytes(15)


def test_j0_vs_reference():
    # With A and P empty, GHASH of the all-zero length block is 0, so Tag = E_K(J0).
    rng = random.Random(6)
    key = rng.randbytes(16)
    c = PycaAES(key)
    h = c.encrypt_block(bytes(16))
    for ivlen in list(range(1, 41)) + [48, 60, 64, 100, 128]:
        iv = rng.randbytes(ivlen)
        if ivlen >= 8:
            tag = AESGCM(key).encrypt(iv, b"", None)
        else:
            tag = CryptoAES.new(key, CryptoAES.MODE_GCM, nonce=iv).digest()
        assert gcm.derive_j0(h, iv) == c.decrypt_block(tag), ivlen
    with pytest.raises(ModeError):
        gcm.derive_j0(h, b"")


def test_inc32():
    # SP 800-38D section 6.2: only the rightmost 32 bits count, modulo 2^32.
    assert gcm.inc32(bytes.fromhex("ffffffffffffffffffffffffffffffff")) == \
        bytes.fromhex("ffffffffffffffffffffffff00000000")
    assert gcm.inc32(bytes.fromhex("000000000000000000000000000000ff")) == \
        bytes.fromhex("00000000000000000000000000000100")


# --- Random messages against pyca/cryptography and pycryptodome --------------------------------

def test_random_vs_pyca():
    # AESGCM: IVs of 8..128 bytes, 16-byte tags. The Cipher/GCM API checks truncated tags.
    seed = 80
    rng = random.Random(seed)
    for plen in range(101):
        keylen = (16, 24, 32)[plen % 3]
        key = rng.randbytes(keylen)
        iv = rng.randbytes(rng.choice((8, 12, 12, 13, 16, 17, 32, 64, 128)))
        ad, pt = rng.randbytes(rng.randrange(101)), rng.randbytes(plen)
        want = AESGCM(key).encrypt(iv, pt, ad)
        assert gcm.encrypt(PycaAES(key), iv, ad, pt) == want, (seed, plen)
        assert gcm.decrypt(PycaAES(key), iv, ad, want) == pt, (seed, plen)
        t = gcm.TAG_LENGTHS[plen % len(gcm.TAG_LENGTHS)]
        got = gcm.encrypt(PycaAES(key), iv, ad, pt, t)
        mode = pyca_modes.GCM(iv, got[len(pt):], min_tag_length=4)
        d = Cipher(algorithms.AES(key), mode).decryptor()
        d.authenticate_additional_data(ad)
        assert d.update(got[:len(pt)]) + d.finalize() == pt, (seed, plen, t)


def test_random_vs_pycryptodome():
    # MODE_GCM: IVs of any length, tags of 4..16 bytes.
    seed = 81
    rng = random.Random(seed)
    for i in range(250):
        key = rng.randbytes(rng.choice((16, 24, 32)))
        iv = rng.randbytes(rng.choice((1, 7, 11, 12, 12, 15, 16, 20, 33)))
        t = gcm.TAG_LENGTHS[i % len(gcm.TAG_LENGTHS)]
        ad, pt = rng.randbytes(rng.randrange(101)), rng.randbytes(rng.randrange(101))
        c = CryptoAES.new(key, CryptoAES.MODE_GCM, nonce=iv, mac_len=t)
        c.update(ad)
        ct, tag = c.encrypt_and_digest(pt)
        assert gcm.encrypt(PycaAES(key), iv, ad, pt, t) == ct + tag, (seed, i)
        assert gcm.decrypt(PycaAES(key), iv, ad, ct + tag, t) == pt, (seed, i)


def test_counter_wraps_modulo_2_32():
    # An IV whose J0 ends in ffffffff is not findable, so force the wrap through GCTR:
    # counter blocks ...fffffffe, ...ffffffff, ...00000000 against pycryptodome's CTR with a
    # 32-bit counter field, which wraps within the field as inc_32 does.
    key = bytes(range(16))
    c = PycaAES(key)
    icb = bytes.fromhex("0123456789abcdef01234567fffffffe")
    data = bytes(range(48))
    ref = CryptoAES.new(key, CryptoAES.MODE_CTR, nonce=icb[:12], initial_value=icb[12:])
    assert gcm.gctr(c, icb, data) == ref.encrypt(data)


# --- Tampering and bad parameters --------------------------------------------------------------

@pytest.mark.parametrize("t", [4, 8, 12, 16])
def test_tamper_rejected(t):
    rng = random.Random(t)
    key, iv = rng.randbytes(16), rng.randbytes(12)
    ad, pt = rng.randbytes(21), rng.randbytes(37)
    c = CryptoAES.new(key, CryptoAES.MODE_GCM, nonce=iv, mac_len=t)
    c.update(ad)
    ct, tag = c.encrypt_and_digest(pt)
    good = ct + tag
    cipher = PycaAES(key)
    assert gcm.decrypt(cipher, iv, ad, good, t) == pt
    cases = {
        "tag": (iv, ad, _flip(good, len(good) - 1)),
        "ciphertext full block": (iv, ad, _flip(good, 3, 0x80)),
        "ciphertext partial block": (iv, ad, _flip(good, 33)),
        "ad full block": (iv, _flip(ad, 3), good),
        "ad partial block": (iv, _flip(ad, 20), good),
        "ad dropped": (iv, b"", good),
        "iv": (_flip(iv, 11), ad, good),
        "iv longer": (iv + b"\x00", ad, good),
        "truncated": (iv, ad, good[:-1]),
        "shorter than tag": (iv, ad, good[:t - 1]),
    }
    for what, (n, a, data) in cases.items():
        with pytest.raises(gcm.AuthenticationError):
            gcm.decrypt(cipher, n, a, data, t)
            pytest.fail(what)


def test_bad_tag_lengths():
    c = PycaAES(bytes(16))
    for t in (0, 1, 3, 5, 7, 9, 10, 11, 17):
        with pytest.raises(ModeError):
            gcm.encrypt(c, bytes(12), b"", b"x", t)
        with pytest.raises(ModeError):
            gcm.decrypt(c, bytes(12), b"", bytes(32), t)
    with pytest.raises(ModeError):
        gcm.encrypt(c, b"", b"", b"x")


# --- Serpent-GCM against Botan -----------------------------------------------------------------

def test_serpent_gcm_vs_botan(need_botan):
    seed = 82
    rng = random.Random(seed)
    key = rng.randbytes(32)
    # The Serpent model's byte order is Botan's (as in test_serpent_model's ECB checks).
    block = rng.randbytes(16)
    assert botan.block_ecb([("Serpent", key, False, block)])[0] == Serpent(key).encrypt_block(block)
    cases = []
    for i, (plen, alen, ivlen) in enumerate([(0, 0, 12), (1, 0, 12), (0, 17, 1), (15, 3, 16),
                                             (16, 16, 8), (17, 32, 12), (33, 1, 64), (48, 0, 13),
                                             (69, 40, 12)]):
        t = (16, 12, 8, 13)[i % 4]
        cases.append((rng.randbytes((16, 24, 32)[i % 3]), rng.randbytes(ivlen),
                      rng.randbytes(alen), rng.randbytes(plen), t))
    want = botan.aead([(f"Serpent/GCM({t})", k, n, a, False, p) for k, n, a, p, t in cases])
    got = [gcm.encrypt(Serpent(k), n, a, p, t) for k, n, a, p, t in cases]
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, (seed, i)
    back = botan.aead([(f"Serpent/GCM({t})", k, n, a, True, g)
                       for (k, n, a, p, t), g in zip(cases, got)]
                      + [(f"Serpent/GCM({t})", k, n, a, True, _flip(g, len(g) - 1))
                         for (k, n, a, p, t), g in zip(cases, got)])
    assert back[:len(cases)] == [p for _, _, _, p, _ in cases]
    assert back[len(cases):] == [None] * len(cases)
