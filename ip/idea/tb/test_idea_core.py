# SPDX-License-Identifier: Apache-2.0
"""IDEA core RTL (ip/idea/rtl/idea_core.v) under cocotb + Verilator, against pyca
cryptography's IDEA (oracle "idea").

Published vectors: Botan's idea.vec (single-block records spread over the file, plus records
whose keys have all-zero 16-bit words, so subkeys 0 = 2^16 and their inverses are exercised)
and the Lai-Massey example from ideaval.dat. The default suite runs decryption at the default
multiplier depth; encryption and the other MUL_PIPE values are `slow` (`make test-long`).
"""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb
from linecrypt.vectors import shared_vectors_dir

LAI_MASSEY = ("00010002000300040005000600070008", "0000000100020003", "11FBED2B01986DE5")


def read_botan(path) -> list[dict]:
    """Botan .vec records (``Key = ...`` / ``In = ...`` / ``Out = ...``)."""
    recs, cur = [], {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if "=" in line and not line.startswith("#"):
            k, v = (x.strip() for x in line.split("=", 1))
            cur[k] = v
            if k == "Out":
                recs.append(cur)
                cur = {}
    return recs


def idea_vectors(spread: int = 16, zero_words: int = 8) -> list[tuple[str, str, str]]:
    d = shared_vectors_dir() / "idea"
    single = [r for r in read_botan(d / "idea.vec") if len(r["In"]) == 16]
    has_zero = [r for r in single if "0000" in (r["Key"][i:i + 4] for i in range(0, 32, 4))]
    picked = single[::max(1, len(single) // spread)][:spread]
    picked += has_zero[::max(1, len(has_zero) // zero_words)][:zero_words]
    lai = next(line.split() for line in (d / "ideaval.dat").read_text().splitlines() if line.strip())
    assert tuple(x.upper() for x in lai) == LAI_MASSEY
    vecs = [LAI_MASSEY] + [(r["Key"], r["In"], r["Out"]) for r in picked]
    return list(dict.fromkeys(vecs))          # drop duplicates, keep order


def run_idea(decrypt, mul_pipe=3, nslots=4, testcase=None):
    params = {"DECRYPT": decrypt, "NSLOTS": nslots, "USER_WIDTH": 8, "MUL_PIPE": mul_pipe}
    extra = {"LC_CIPHER": "idea", "LC_BLOCK_BITS": 64, "LC_KEY_BITS": 128,
             "LC_VECTORS": idea_vectors()}
    run_cocotb("idea_core", sources_for("idea_core"), params, "cocotb_block_core",
               testcase=testcase, tb_params=extra)


def _id(p):
    d, m = p
    return f"idea-{'dec' if d else 'enc'}-mp{m}"


# decryption by default (its key schedule inverts the encryption subkeys); the CLI tests run
# encryption through the RTL
DEFAULT = [(1, 3)]
SLOW = [(0, 3)] + [(d, m) for d in (0, 1) for m in (2, 4)]


def test_vector_selection():
    v = idea_vectors()
    assert len(v) >= 20 and v[0] == LAI_MASSEY
    assert sum("0000" in (k[i:i + 4] for i in range(0, 32, 4)) for k, _, _ in v) >= 8


@pytest.mark.parametrize("point", DEFAULT, ids=_id)
def test_idea_core(point):
    run_idea(*point)


@pytest.mark.slow
@pytest.mark.parametrize("point", SLOW, ids=_id)
def test_idea_core_other_depths(point):
    run_idea(*point)
