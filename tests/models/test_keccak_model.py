# SPDX-License-Identifier: Apache-2.0
"""linecrypt.models.keccak against XKCP's Keccak-f[1600] trace (every round of both examples,
Keccak-p[1600, nr] as the last nr rounds), FIPS 202 SHA-3/SHAKE from Python's hashlib, and
the Keccak team's original-padding Keccak-256 KATs in ../shared/vectors/keccak256."""
import hashlib
import random

import pytest

from linecrypt.models import keccak
from linecrypt.vectors import read_keccak_trace, read_nist, shared_vectors_dir

TRACE = shared_vectors_dir() / "keccak" / "KeccakF-1600-IntermediateValues.txt"


@pytest.fixture(scope="module")
def trace():
    ex = read_keccak_trace(TRACE)
    assert len(ex) == 2 and all(len(e["rounds"]) == 24 for e in ex)
    return ex


def test_round_constants_match_the_trace_file():
    text = TRACE.read_text()
    for i, rc in enumerate(keccak.RC):
        assert f"RC[{i:02d}][0][0] = {rc:016X}" in text


def test_every_round_of_the_trace(trace):
    for ex in trace:
        a = keccak.lanes_of(ex["input"])
        for ir in range(24):
            a = keccak.keccak_round(a, ir)
            assert keccak.bytes_of(a) == ex["rounds"][ir], f"round {ir}"
        assert keccak.keccak_f(ex["input"]) == ex["output"]


@pytest.mark.parametrize("nr", [1, 2, 12, 23, 24])
def test_keccak_p_is_the_last_rounds(trace, nr):
    for ex in trace:
        start = ex["input"] if nr == 24 else ex["rounds"][23 - nr]
        assert keccak.keccak_p(start, nr) == ex["output"]


@pytest.mark.parametrize("bits", [224, 256, 384, 512])
def test_sha3_vs_hashlib(bits):
    rng = random.Random(bits)
    rate = 200 - bits // 4
    for n in [0, 1, rate - 1, rate, rate + 1, 2 * rate] + [rng.randrange(600) for _ in range(10)]:
        m = rng.randbytes(n)
        assert keccak.sha3(m, bits) == hashlib.new(f"sha3_{bits}", m).digest(), n


@pytest.mark.parametrize("bits", [128, 256])
def test_shake_vs_hashlib(bits):
    rng = random.Random(bits)
    for n in [0, 1, 135, 136, 167, 168, 169, 500]:
        m = rng.randbytes(n)
        for out in (1, 32, 200, 513):
            assert keccak.shake(m, bits, out) == hashlib.new(f"shake_{bits}", m).digest(out)


@pytest.mark.parametrize("name", ["ShortMsgKAT_256.txt", "LongMsgKAT_256.txt"])
def test_keccak256_original_padding(name):
    recs = [r for r in read_nist(shared_vectors_dir() / "keccak256" / name)
            if int(r["Len"]) % 8 == 0]
    assert len(recs) > 10
    for r in recs:
        n = int(r["Len"]) // 8
        msg = bytes.fromhex(r["Msg"])[:n]
        assert keccak.keccak256(msg) == bytes.fromhex(r["MD"]), r["Len"]


def test_bad_arguments():
    with pytest.raises(ValueError):
        keccak.keccak_p(bytes(200), 25)
    with pytest.raises(ValueError):
        keccak.lanes_of(bytes(199))
    with pytest.raises(ValueError):
        keccak.sha3(b"", 128)


def test_keccak_mac_is_keccak256_of_the_padded_key_block():
    from Crypto.Hash import keccak as pyc_keccak

    from linecrypt.models.keyak import keypack
    rng = random.Random(5)
    for klen, ivlen, mlen in [(16, 0, 0), (16, 16, 1), (32, 95 - 24, 135), (38, 57, 136),
                              (16, 95, 3), (16, 12, 1000)]:
        k, iv, m = rng.randbytes(klen), rng.randbytes(ivlen), rng.randbytes(mlen)
        head = keypack(k) + iv
        block = head + b"\x01" + bytes(136 - len(head) - 2) + b"\x80" if len(head) < 135 else \
            head + b"\x81"
        ref = pyc_keccak.new(digest_bits=256, data=block + m).digest()
        assert len(block) == 136
        assert keccak.keccak_mac(k, iv, m) == ref[:16]
        assert keccak.keccak_mac(k, iv, m, 32) == ref


def test_keccak_mac_rejects_long_iv():
    with pytest.raises(ValueError):
        keccak.keccak_mac(bytes(16), bytes(96), b"")
