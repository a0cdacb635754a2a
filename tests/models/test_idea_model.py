# SPDX-License-Identifier: Apache-2.0
"""The IDEA golden model against Botan's idea.vec, Crypto++'s ideaval.dat, NESSIE (via
cryptography-vectors), pyca/cryptography's decrepit IDEA and Botan."""
import random

import pytest
from cryptography.hazmat.decrepit.ciphers.algorithms import IDEA as PycaIDEA
from cryptography.hazmat.primitives.ciphers import Cipher, modes as pyca_modes

from linecrypt.models import idea, modes
from linecrypt.vectors import cryptography_vectors_dir, read_nist, shared_vectors_dir

SHARED = shared_vectors_dir() / "idea"
NESSIE = cryptography_vectors_dir() / "ciphers" / "IDEA" / "idea-ecb.txt"


def _h(s: str) -> bytes:
    return bytes.fromhex(s)


# --- Group operations -------------------------------------------------------------------------

def _mul_low_high(a: int, b: int) -> int:
    """Multiplication mod 2^16+1 the way hardware does it (Lai-Massey low-high lemma):
    ab mod (2^16+1) = lo - hi (+1 if lo < hi), with the zero operands handled separately."""
    if a == 0:
        return (1 - b) & 0xFFFF
    if b == 0:
        return (1 - a) & 0xFFFF
    p = a * b
    lo, hi = p & 0xFFFF, p >> 16
    return (lo - hi + (lo < hi)) & 0xFFFF


def test_mul_sample_and_edges():
    rng = random.Random(65537)
    pairs = [(a, b) for a in (0, 1, 2, 0x8000, 0xFFFF) for b in (0, 1, 2, 0x8000, 0xFFFF)]
    pairs += [(rng.getrandbits(16), rng.getrandbits(16)) for _ in range(20000)]
    for a, b in pairs:
        big_a, big_b = a or 65536, b or 65536
        want = (big_a * big_b) % 65537
        assert idea.mul(a, b) == (0 if want == 65536 else want), (a, b)
        assert idea.mul(a, b) == _mul_low_high(a, b) == idea.mul(b, a)
    assert idea.mul(0, 0) == 1          # (2^16)^2 = (-1)^2 = 1
    assert idea.mul(0, 1) == 0          # 2^16 * 1 = 2^16 -> word 0
    assert idea.mul(0xFFFF, 0xFFFF) == 4   # (-2)^2


def test_mul_inv_all_words():
    inv = [idea.mul_inv(a) for a in range(65536)]
    assert sorted(inv) == list(range(65536))        # a permutation of the words
    for a in range(65536):
        assert idea.mul(a, inv[a]) == 1, a
        assert inv[inv[a]] == a
    assert inv[0] == 0 and inv[1] == 1


def test_add_inv():
    for a in (0, 1, 0x7FFF, 0x8000, 0xFFFF, 12345):
        assert idea.add(a, idea.add_inv(a)) == 0
    assert idea.add_inv(0) == 0 and idea.add_inv(1) == 0xFFFF


# --- Key schedules ----------------------------------------------------------------------------

def test_encrypt_key_schedule_thesis_key():
    # Lai's thesis example key 0001 0002 ... 0008: Z1..Z8 are the key words, Z9..Z16 come
    # from the key rotated left by 25 bits.
    z = idea.encrypt_key_schedule(_h("00010002000300040005000600070008"))
    assert len(z) == 52
    assert z[:8] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert z[8:16] == [0x0400, 0x0600, 0x0800, 0x0A00, 0x0C00, 0x0E00, 0x1000, 0x0200]
    for bad in (0, 8, 15, 17, 32):
        with pytest.raises(ValueError):
            idea.IDEA(bytes(bad))


def test_decrypt_key_schedule_layout():
    """Each decryption subkey against the IDEA paper's table, in 1-based Z numbering."""
    rng = random.Random(52)
    for _ in range(20):
        z = [None] + idea.encrypt_key_schedule(rng.randbytes(16))   # z[1..52]
        d = [None] + idea.decrypt_key_schedule(z[1:])
        assert len(d) == 53
        for r in range(1, 10):                  # decryption step r undoes encryption step 10-r
            base = 6 * (9 - r)                  # Z(base+1) is the first key of step 10-r
            add2, add3 = (base + 2, base + 3) if r in (1, 9) else (base + 3, base + 2)
            q = 6 * (r - 1)
            assert d[q + 1] == idea.mul_inv(z[base + 1])
            assert d[q + 2] == idea.add_inv(z[add2])
            assert d[q + 3] == idea.add_inv(z[add3])
            assert d[q + 4] == idea.mul_inv(z[base + 4])
            if r <= 8:
                assert (d[q + 5], d[q + 6]) == (z[base - 1], z[base])
        # Spot checks written out as in the paper: step 1 and step 2.
        assert d[1:7] == [idea.mul_inv(z[49]), idea.add_inv(z[50]), idea.add_inv(z[51]),
                          idea.mul_inv(z[52]), z[47], z[48]]
        assert d[7:13] == [idea.mul_inv(z[43]), idea.add_inv(z[45]), idea.add_inv(z[44]),
                           idea.mul_inv(z[46]), z[41], z[42]]
        assert d[49:53] == [idea.mul_inv(z[1]), idea.add_inv(z[2]), idea.add_inv(z[3]),
                            idea.mul_inv(z[4])]
        # The inverse schedule is an involution.
        assert idea.decrypt_key_schedule(d[1:]) == z[1:]


def test_crypt_words_both_directions():
    rng = random.Random(8)
    for _ in range(50):
        ek = idea.encrypt_key_schedule(rng.randbytes(16))
        dk = idea.decrypt_key_schedule(ek)
        x = tuple(rng.getrandbits(16) for _ in range(4))
        assert idea.crypt_words(idea.crypt_words(x, ek), dk) == x
        assert idea.crypt_words(idea.crypt_words(x, dk), ek) == x


# --- Published vectors ------------------------------------------------------------------------

def test_botan_idea_vec():
    recs = read_nist(SHARED / "idea.vec")
    assert len(recs) == 542
    assert {r["section"] for r in recs} == {"IDEA"}
    multi = 0
    for r in recs:
        c = idea.IDEA(_h(r["Key"]))
        pt, ct = _h(r["In"]), _h(r["Out"])
        assert len(pt) == len(ct) and len(pt) % 8 == 0 and pt
        multi += len(pt) > 8
        assert modes.crypt(c, "ecb", False, pt) == ct, r
        assert modes.crypt(c, "ecb", True, ct) == pt, r
    assert multi == 4          # the four multi-block (ECB) entries


def test_cryptopp_ideaval_dat():
    lines = [ln.split() for ln in (SHARED / "ideaval.dat").read_text().splitlines() if ln.strip()]
    assert len(lines) == 11
    for key, pt, ct in lines:
        c = idea.IDEA(_h(key))
        assert c.encrypt_block(_h(pt)) == _h(ct)
        assert c.decrypt_block(_h(ct)) == _h(pt)
    # The Lai-Massey thesis vector is among them.
    assert ["00010002000300040005000600070008", "0000000100020003", "11FBED2B01986DE5"] in lines


def test_nessie_idea_ecb():
    recs = read_nist(NESSIE)
    assert len(recs) == 900
    # The file has a single [ENCRYPT] section; records 450..899 are NESSIE's decryption sets
    # (CIPHERTEXT given, PLAINTEXT = its decryption). Both directions are checked for all.
    assert {r["section"] for r in recs} == {"ENCRYPT"}
    iterated = 0
    for r in recs:
        key = _h(r["KEY"])
        c = idea.IDEA(key)
        pt, ct = _h(r["PLAINTEXT"]), _h(r["CIPHERTEXT"])
        assert c.encrypt_block(pt) == ct, r
        assert c.decrypt_block(ct) == pt, r
        if "CIPHERTEXT100" in r:
            # NESSIE "Iterated 100/1000 times": encrypt the plaintext 100 (1000) times.
            x = idea.block_to_words(pt)
            for i in range(1, 1001):
                x = idea.crypt_words(x, c.enc_subkeys)
                if i == 100:
                    assert idea.words_to_block(x) == _h(r["CIPHERTEXT100"]), r
            assert idea.words_to_block(x) == _h(r["CIPHERTEXT1000"]), r
            iterated += 1
    assert iterated == 450


# --- Independent implementations --------------------------------------------------------------

def test_random_against_pyca_cryptography():
    rng = random.Random(1991)
    for _ in range(40):
        key = rng.randbytes(16)
        data = rng.randbytes(8 * rng.randrange(1, 6))
        ref = Cipher(PycaIDEA(key), pyca_modes.ECB())
        c = idea.IDEA(key)
        assert modes.crypt(c, "ecb", False, data) == ref.encryptor().update(data)
        assert modes.crypt(c, "ecb", True, data) == ref.decryptor().update(data)
    # Keys with zero words exercise the 0 <-> 2^16 convention in the subkeys and inverses.
    for key in (bytes(16), b"\x00\x01" * 8, b"\xff" * 16, bytes(14) + b"\x00\x01"):
        ref = Cipher(PycaIDEA(key), pyca_modes.ECB())
        data = bytes(8) + b"\xff" * 8 + rng.randbytes(16)
        assert modes.crypt(idea.IDEA(key), "ecb", False, data) == ref.encryptor().update(data)
        assert modes.crypt(idea.IDEA(key), "ecb", True, data) == ref.decryptor().update(data)


def test_random_against_botan():
    from linecrypt.oracles import botan
    if not botan.available():
        pytest.skip("python3-botan not installed (.ci/run installs it on Debian)")
    rng = random.Random(1990)
    jobs = [("IDEA", rng.randbytes(16), dec, rng.randbytes(8 * 8))
            for dec in (False, True) for _ in range(6)]
    outs = botan.block_ecb(jobs)
    assert len(outs) == len(jobs) == 12
    for (_, key, dec, data), out in zip(jobs, outs):
        assert len(out) == len(data)
        assert modes.crypt(idea.IDEA(key), "ecb", dec, data) == out, (key.hex(), dec)
