# SPDX-License-Identifier: Apache-2.0
"""DES / 3DES core RTL (ip/des/rtl/des_core.v) under cocotb + Verilator.

Published vectors: the FIPS 46-3 worked example and the NIST CAVP TDES ECB files shipped in
cryptography-vectors (KAT records carry one key, i.e. K1 = K2 = K3 = single DES; TECBMMT1 has
K1 = K2 = K3, TECBMMT2 keying option 2 (K3 = K1), TECBMMT3 keying option 1). Random blocks are
checked against pycryptodome (DES) and pyca/cryptography (3DES, any K1, K2, K3).

Default points cover every parameter value (DES/3DES, enc/dec, 1/2 stages per round);
`make test-long` runs all of them.
"""
import itertools

import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb
from linecrypt.vectors import cryptography_vectors_dir, read_nist

KAT_FILES = ("TECBvarkey", "TECBvartext", "TECBinvperm", "TECBpermop", "TECBsubtab")


def _records(name: str) -> list[dict]:
    return read_nist(cryptography_vectors_dir() / "ciphers" / "3DES" / "ECB" / f"{name}.rsp")


def _blocks(key: str, pt: str, ct: str) -> list[tuple[str, str, str]]:
    """A multi-block ECB record as single-block vectors."""
    return [(key, pt[i:i + 16], ct[i:i + 16]) for i in range(0, len(pt), 16)]


def _sample(vecs: list, n: int) -> list:
    step = max(1, len(vecs) // n)
    return vecs[::step][:n]


def des_vectors(triple: bool, per_file: int = 4) -> list[tuple[str, str, str]]:
    """(key_hex, pt_hex, ct_hex); 8-byte keys for DES, 24-byte K1||K2||K3 keys for 3DES."""
    # FIPS 46-3 worked example (also in the DES literature as the standard walk-through)
    vecs = [("133457799bbcdff1", "0123456789abcdef", "85e813540f0ab405")]
    for f in KAT_FILES:          # one key per record: single DES, or 3DES with K1 = K2 = K3
        recs = [r for r in _records(f) if r["section"] == "ENCRYPT"]
        vecs += [(r["KEYs"], r["PLAINTEXT"], r["CIPHERTEXT"]) for r in _sample(recs, per_file)]
    if triple:
        vecs = [(k * 3, p, c) for k, p, c in vecs]
        mmt = ("TECBMMT2", "TECBMMT3")
    else:
        mmt = ("TECBMMT1",)
    for f in mmt:
        recs = _records(f)
        if not triple:
            assert all(r["KEY1"] == r["KEY2"] == r["KEY3"] for r in recs)
        for r in _sample(recs, 3):
            key = r["KEY1"] if not triple else r["KEY1"] + r["KEY2"] + r["KEY3"]
            vecs += _blocks(key, r["PLAINTEXT"], r["CIPHERTEXT"])[:3]
    return vecs


def run_des(triple, decrypt, stages, nslots=4, testcase=None):
    params = {"TRIPLE": triple, "DECRYPT": decrypt, "STAGES": stages, "NSLOTS": nslots,
              "USER_WIDTH": 8}
    extra = {"LC_CIPHER": "3des" if triple else "des", "LC_BLOCK_BITS": 64,
             "LC_KEY_BITS": 192 if triple else 64, "LC_VECTORS": des_vectors(bool(triple))}
    run_cocotb("des_core", sources_for("des_core"), params, "cocotb_block_core",
               testcase=testcase, tb_params=extra)


ALL = [(t, d, s, 4) for t, d, s in itertools.product((0, 1), (0, 1), (1, 2))] + [(0, 1, 1, 2)]
# Default: DES encrypt, 3DES decrypt, 3DES encrypt; both STAGES values appear.
# one build by default; 3DES encryption runs in the CBC interleaver's default bench
DEFAULT = [(0, 0, 1, 4)]


def _id(p):
    t, d, s, n = p
    return f"{'3des' if t else 'des'}-{'dec' if d else 'enc'}-s{s}" + ("" if n == 4 else f"-slots{n}")


def test_vectors_match_model():
    """The vector list itself is right (guards against a mis-parsed file or a wrong key layout)."""
    from linecrypt.models.des import DES, TDES
    for triple in (False, True):
        for k, p, c in des_vectors(triple):
            cipher = TDES(bytes.fromhex(k)) if triple else DES(bytes.fromhex(k))
            assert cipher.encrypt_block(bytes.fromhex(p)).hex() == c.lower(), (k, p, c)


@pytest.mark.parametrize("point", DEFAULT, ids=_id)
def test_des_core(point):
    run_des(*point)


@pytest.mark.slow
@pytest.mark.parametrize("point", [p for p in ALL if p not in DEFAULT], ids=_id)
def test_des_core_all_points(point):
    run_des(*point)
