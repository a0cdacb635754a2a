# SPDX-License-Identifier: Apache-2.0
"""Serpent core RTL (ip/serpent/rtl/serpent_core.v) under cocotb + Verilator: published vectors,
then random blocks against Botan. Where Botan is missing the random blocks are checked against
the golden model (itself proven against the published vectors) with a ModelFallbackWarning in
pytest's warnings summary that counts them; LINECRYPT_REQUIRE_BOTAN=1 (.ci/run) makes it an error.

The default suite runs one build (192-bit decryption, two stages per round; Serpent-128
encryption runs in the OCB3 engine's default bench); `make test-long` runs all twelve points.
"""
import itertools

import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb
from linecrypt.oracles.blockciphers import model_fallback_report
from linecrypt.vectors import read_nist, shared_vectors_dir


def serpent_vectors(key_bits: int, limit: int = 24) -> list[tuple[str, str, str]]:
    """Single-block records of Botan's serpent.vec with a key of ``key_bits``, spread over the file.

    The file's hex strings are byte strings in the NESSIE order (byte 0 first), which is the
    core's tdata order (byte 0 in tdata[127:120]), so they go to the testbench unchanged.
    """
    recs = [r for r in read_nist(shared_vectors_dir() / "serpent" / "serpent.vec")
            if len(r["Key"]) * 4 == key_bits and len(r["In"]) == 32]
    step = max(1, len(recs) // limit)
    return [(r["Key"], r["In"], r["Out"]) for r in recs[::step]][:limit]


def run_serpent(key_bits, decrypt, stages, testcase=None, nslots=4, bram=0):
    params = {"KEY_BITS": key_bits, "DECRYPT": decrypt, "STAGES": stages, "NSLOTS": nslots,
              "USER_WIDTH": 8}
    if bram:
        params["OUT_BRAM"] = bram
    extra = {"LC_CIPHER": "serpent", "LC_BLOCK_BITS": 128, "LC_VECTORS": serpent_vectors(key_bits)}
    with model_fallback_report() as env:
        run_cocotb("serpent_core", sources_for("serpent_core"), params, "cocotb_block_core",
                   testcase=testcase, tb_params=extra, extra_env=env)


ALL = list(itertools.product((128, 192, 256), (0, 1), (1, 2)))
# Default: both directions and both depths, 128- and 192-bit keys (every key is padded to 256 bits
# before the same key schedule); the other points, 256-bit keys among them, are `slow`.
DEFAULT = [(192, 1, 2)]


def _id(p):
    k, d, s = p
    return f"serpent{k}-{'dec' if d else 'enc'}-s{s}"


def test_vector_selection():
    for kb in (128, 192, 256):
        vecs = serpent_vectors(kb)
        assert len(vecs) == 24 and len({v[0] for v in vecs}) > 1
        assert all(len(k) * 4 == kb and len(p) == len(c) == 32 for k, p, c in vecs)


# OUT_BRAM (output FIFO in block RAM) on the one-stage encrypt point, as the serpent128-enc-s1
# design point uses it (the FIFO's block-RAM form has its own bench: ip/common/tb/test_fifo.py)
BRAM_POINTS = {(128, 0, 1)}


@pytest.mark.parametrize("point", DEFAULT, ids=lambda p: _id(p) + ("-bram" if p in BRAM_POINTS else ""))
def test_serpent_core(point):
    run_serpent(*point, bram=int(point in BRAM_POINTS))


@pytest.mark.slow
@pytest.mark.parametrize("point", [p for p in ALL if p not in DEFAULT], ids=_id)
def test_serpent_core_all_points(point):
    run_serpent(*point)
