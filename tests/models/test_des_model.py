# SPDX-License-Identifier: Apache-2.0
"""The DES / TDES golden model against FIPS 46-3, NIST CAVP TDES (cryptography-vectors),
pycryptodome and Botan."""
import random

import pytest
from Crypto.Cipher import DES as PyDES
from Crypto.Cipher import DES3 as PyDES3

from linecrypt.models import des, modes
from linecrypt.vectors import cryptography_vectors_dir, read_nist

CAVP = cryptography_vectors_dir() / "ciphers" / "3DES"

# Records per CAVP file (ENCRYPT + DECRYPT sections), counted from the files themselves:
# guards against a parser bug that would silently drop records.
KAT_COUNTS = {"invperm": 128, "permop": 64, "subtab": 38, "varkey": 112, "vartext": 128}
MMT_COUNT = 20


def _h(s: str) -> bytes:
    return bytes.fromhex(s)


# --- Tables and the worked example ------------------------------------------------------------

def test_tables_are_consistent():
    assert sorted(des.IP) == list(range(1, 65))
    # FP = IP^-1: FP[IP[i]] == i (1-based).
    assert all(des.FP[des.IP[i] - 1] == i + 1 for i in range(64))
    assert sorted(des.P) == list(range(1, 33))
    assert sorted(set(des.E)) == list(range(1, 33)) and len(des.E) == 48
    # PC1 drops exactly the parity bits 8, 16, ..., 64.
    assert sorted(des.PC1) == [b for b in range(1, 65) if b % 8]
    assert len(des.PC2) == 48 and len(set(des.PC2)) == 48 and max(des.PC2) <= 56
    assert sum(des.SHIFTS) == 28 and len(des.SHIFTS) == 16
    assert len(des.SBOXES) == 8
    for sbox in des.SBOXES:
        assert len(sbox) == 4
        for row in sbox:
            assert sorted(row) == list(range(16))


def test_worked_example_round_by_round():
    """J. Orlin Grabbe, "The DES Algorithm Illustrated": key 133457799BBCDFF1,
    M = 0123456789ABCDEF -> C = 85E813540F0AB405, with its intermediate values."""
    key, m = _h("133457799BBCDFF1"), _h("0123456789ABCDEF")
    ks = des.key_schedule(key)
    assert len(ks) == 16 and all(0 <= k < 1 << 48 for k in ks)
    assert ks[0] == 0b000110_110000_001011_101111_111111_000111_000001_110010
    assert ks[15] == 0b110010_110011_110110_001011_000011_100001_011111_110101
    cd = des.key_schedule_cd(key)
    assert cd[0] == (0b1111000011001100101010101111, 0b0101010101100110011110001111)
    trace = des.round_trace(int.from_bytes(m, "big"), ks)
    assert trace[0] == (0xCC00CCFF, 0xF0AAF0AA)              # L0, R0 after IP
    assert trace[1] == (0xF0AAF0AA, 0xEF4A6544)              # L1, R1
    assert trace[16] == (0x43423234, 0x0A4CD995)             # L16, R16
    assert des.final_permutation(*trace[16]) == 0x85E813540F0AB405
    c = des.DES(key)
    assert c.encrypt_block(m) == _h("85E813540F0AB405")
    assert c.decrypt_block(_h("85E813540F0AB405")) == m


def test_decryption_trace_mirrors_encryption():
    """Decryption round i state == encryption round 16-i state with halves swapped; useful
    when an RTL core shares one datapath for both directions."""
    rng = random.Random(46)
    for _ in range(8):
        ks = des.key_schedule(rng.randbytes(8))
        p = rng.getrandbits(64)
        enc = des.round_trace(p, ks)
        c = des.des_block(p, ks)
        dec = des.round_trace(c, ks[::-1])
        for i in range(17):
            assert dec[i] == (enc[16 - i][1], enc[16 - i][0])
        assert des.des_block(c, ks[::-1]) == p


def test_weak_and_semi_weak_keys_and_parity():
    # FIPS 74 / well-known: weak keys give 16 equal subkeys and E_k = D_k.
    for k, sub in (("0101010101010101", 0), ("FEFEFEFEFEFEFEFE", (1 << 48) - 1),
                   ("E0E0E0E0F1F1F1F1", None), ("1F1F1F1F0E0E0E0E", None)):
        ks = des.key_schedule(_h(k))
        assert len(set(ks)) == 1 and (sub is None or ks[0] == sub)
    # Semi-weak pair: E_k1(E_k2(x)) = x.
    a, b = des.DES(_h("01FE01FE01FE01FE")), des.DES(_h("FE01FE01FE01FE01"))
    x = _h("0123456789ABCDEF")
    assert a.encrypt_block(b.encrypt_block(x)) == x
    # Parity bits (LSB of each key byte) are ignored.
    k = _h("133457799BBCDFF1")
    assert des.DES(bytes(v ^ 1 for v in k)).encrypt_block(x) == des.DES(k).encrypt_block(x)


def test_bad_lengths():
    for n in (0, 7, 9, 16):
        with pytest.raises(ValueError):
            des.DES(bytes(n))
    for n in (8, 15, 23, 32):
        with pytest.raises(ValueError):
            des.TDES(bytes(n))
    with pytest.raises(ValueError):
        des.DES(bytes(8)).encrypt_block(bytes(16))


# --- NIST CAVP TDES ---------------------------------------------------------------------------

def _files():
    files = sorted((CAVP / "ECB").glob("*.rsp")) + sorted((CAVP / "CBC").glob("*.rsp"))
    assert len(files) == 24, [f.name for f in files]
    return files


def _expected_count(name: str) -> int:
    if "MMT" in name:
        return MMT_COUNT
    return next(v for k, v in KAT_COUNTS.items() if k in name)


def _tdes_key(r: dict) -> list[bytes]:
    """Keys to try for one record: KEYs (single DES as K1=K2=K3), or KEY1/2/3 as a 24-byte key
    and, when K3 == K1, also as a 16-byte keying-option-2 key."""
    if "KEYs" in r:
        return [_h(r["KEYs"]) * 3]
    k1, k2, k3 = _h(r["KEY1"]), _h(r["KEY2"]), _h(r["KEY3"])
    return [k1 + k2 + k3] + ([k1 + k2] if k3 == k1 else [])


def _interleaved_cbc(c, decrypt: bool, data: bytes, ivs: list[bytes]) -> bytes:
    """TCBC-I (ANSI X9.52): block j belongs to chain j mod 3, each chain plain CBC with IV_(j mod 3)."""
    blocks = [data[i:i + 8] for i in range(0, len(data), 8)]
    out = [b""] * len(blocks)
    for chain in range(3):
        idx = list(range(chain, len(blocks), 3))
        res = modes.crypt(c, "cbc", decrypt, b"".join(blocks[i] for i in idx), ivs[chain])
        for n, i in enumerate(idx):
            out[i] = res[8 * n:8 * n + 8]
    return b"".join(out)


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_cavp_tdes(path):
    mode = "cbc" if path.parent.name == "CBC" else "ecb"
    interleaved = path.name.startswith("TCBCI")
    recs = read_nist(path)
    assert len(recs) == _expected_count(path.name)
    assert {r["section"] for r in recs} == {"ENCRYPT", "DECRYPT"}
    checked = 0
    for r in recs:
        dec = r["section"] == "DECRYPT"
        for key in _tdes_key(r):
            c = des.TDES(key)
            if interleaved and "PLAINTEXT" in r and "CIPHERTEXT" in r:
                # TCBC-I multi-block message test: one message, three interleaved chains.
                ivs = [_h(r[f"IV{i}"]) for i in (1, 2, 3)]
                pt, ct = _h(r["PLAINTEXT"]), _h(r["CIPHERTEXT"])
                got = _interleaved_cbc(c, dec, ct if dec else pt, ivs)
                assert got == (pt if dec else ct), r
            elif interleaved:
                # TCBC-I KAT: chain i is a one-block CBC with IV_i. A missing PLAINTEXTi means
                # the shared PLAINTEXT; a missing CIPHERTEXTi (invperm DECRYPT) means CIPHERTEXT1.
                for i in (1, 2, 3):
                    pt = _h(r.get(f"PLAINTEXT{i}", r.get("PLAINTEXT", "")))
                    ct = _h(r.get(f"CIPHERTEXT{i}", r["CIPHERTEXT1"]))
                    assert len(pt) == len(ct) == 8, r
                    iv = _h(r[f"IV{i}"])
                    if dec:
                        assert modes.crypt(c, "cbc", True, ct, iv) == pt, (r, i)
                    else:
                        assert modes.crypt(c, "cbc", False, pt, iv) == ct, (r, i)
            else:
                iv = _h(r["IV"]) if mode == "cbc" else None
                pt, ct = _h(r["PLAINTEXT"]), _h(r["CIPHERTEXT"])
                assert len(pt) == len(ct) > 0 and len(pt) % 8 == 0
                if dec:
                    assert modes.crypt(c, mode, True, ct, iv) == pt, r
                else:
                    assert modes.crypt(c, mode, False, pt, iv) == ct, r
            checked += 1
    assert checked >= len(recs)


def test_cavp_file_inventory():
    """No Monte Carlo files ship in cryptography-vectors 50 (ciphers/3DES has only KAT and MMT),
    so every ECB/CBC file is exercised above; fail loudly if that changes."""
    names = [p.name for p in _files()]
    assert not [n for n in names if "Monte" in n or "MCT" in n]
    # Five KAT files in each of ECB, CBC and CBC-I (470 records each), plus nine MMT files.
    assert sum(_expected_count(n) for n in names) == 3 * 470 + 9 * MMT_COUNT


# --- Independent implementations --------------------------------------------------------------

def _py_tdes_key(rng: random.Random, klen: int) -> bytes:
    """A key pycryptodome accepts (it refuses keys that degenerate to single DES)."""
    while True:
        try:
            return PyDES3.adjust_key_parity(rng.randbytes(klen))
        except ValueError:
            continue


def test_random_against_pycryptodome():
    rng = random.Random(4663)
    for i in range(24):
        iv = rng.randbytes(8)
        data = rng.randbytes(8 * rng.randrange(0, 5))
        # Single DES, and the same key as a K1=K2=K3 TDES.
        k = rng.randbytes(8)
        ref_ecb = PyDES.new(k, PyDES.MODE_ECB)
        for c in (des.DES(k), des.TDES(k * 3)):
            assert modes.crypt(c, "ecb", False, data) == ref_ecb.encrypt(data)
            assert modes.crypt(c, "ecb", True, data) == ref_ecb.decrypt(data)
            assert modes.crypt(c, "cbc", False, data, iv) == PyDES.new(k, PyDES.MODE_CBC, iv=iv).encrypt(data)
            assert modes.crypt(c, "cbc", True, data, iv) == PyDES.new(k, PyDES.MODE_CBC, iv=iv).decrypt(data)
        # Triple DES, keying options 1 and 2.
        key = _py_tdes_key(rng, (16, 24)[i % 2])
        c = des.TDES(key)
        ref = PyDES3.new(key, PyDES3.MODE_ECB)
        assert modes.crypt(c, "ecb", False, data) == ref.encrypt(data)
        assert modes.crypt(c, "ecb", True, data) == ref.decrypt(data)
        assert modes.crypt(c, "cbc", False, data, iv) == PyDES3.new(key, PyDES3.MODE_CBC, iv=iv).encrypt(data)
        assert modes.crypt(c, "cbc", True, data, iv) == PyDES3.new(key, PyDES3.MODE_CBC, iv=iv).decrypt(data)


def test_option2_equals_option1_with_k3_eq_k1():
    rng = random.Random(67)
    for _ in range(4):
        k1, k2 = rng.randbytes(8), rng.randbytes(8)
        b = rng.randbytes(8)
        assert des.TDES(k1 + k2).encrypt_block(b) == des.TDES(k1 + k2 + k1).encrypt_block(b)


def test_random_against_botan():
    from linecrypt.oracles import botan
    if not botan.available():
        pytest.skip("python3-botan not installed (.ci/run installs it on Debian)")
    rng = random.Random(3)
    jobs = []
    for dec in (False, True):
        for _ in range(3):
            jobs.append(("DES", rng.randbytes(8), dec, rng.randbytes(8 * 6)))
            jobs.append(("TripleDES", rng.randbytes(16), dec, rng.randbytes(8 * 6)))
            jobs.append(("TripleDES", rng.randbytes(24), dec, rng.randbytes(8 * 6)))
            jobs.append(("TripleDES", rng.randbytes(8) * 3, dec, rng.randbytes(8 * 6)))  # K1=K2=K3
    outs = botan.block_ecb(jobs)
    assert len(outs) == len(jobs) == 24
    for (name, key, dec, data), out in zip(jobs, outs):
        c = des.DES(key) if name == "DES" else des.TDES(key)
        assert len(out) == len(data)
        assert modes.crypt(c, "ecb", dec, data) == out, (name, key.hex(), dec)
        if name == "TripleDES" and key[:8] == key[8:16] == key[16:]:
            assert modes.crypt(des.DES(key[:8]), "ecb", dec, data) == out
