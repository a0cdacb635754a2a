# SPDX-License-Identifier: Apache-2.0
"""The GHASH datapath (ip/gcm/rtl) under cocotb + Verilator (ip/gcm/tb/cocotb_ghash.py):
the GF(2^128) multiplier for each implementation and pipeline depth, the N-lane GHASH
accumulator on messages of 0..40 blocks back to back and with gaps (plus a GCM tag against
pyca/cryptography), and the H-power table.
"""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


def run(top, params, count):
    run_cocotb(top, sources_for(top), params, "cocotb_ghash",
               tb_params={"TOP": top, "LC_COUNT": count})


MUL_FAST = [(0, 2, 1), (1, 1, 0), (2, 0, 0)]
MUL_ALL = [(i, p, r) for i in (0, 1, 2) for p in (0, 1, 2, 3) for r in (0, 1)]


def mul_id(v):
    return "impl{}-pipe{}-inreg{}".format(*v)


@pytest.mark.parametrize("cfg", MUL_FAST, ids=mul_id)
def test_ghash_mul(cfg):
    impl, pipe, in_reg = cfg
    run("ghash_mul", {"IMPL": impl, "PIPE": pipe, "IN_REG": in_reg}, 300)


@pytest.mark.slow
@pytest.mark.parametrize("cfg", [c for c in MUL_ALL if c not in MUL_FAST], ids=mul_id)
def test_ghash_mul_all(cfg):
    impl, pipe, in_reg = cfg
    run("ghash_mul", {"IMPL": impl, "PIPE": pipe, "IN_REG": in_reg}, 300)


NWAY_FAST = [(1, 0, 1), (2, 2, 0), (4, 1, 1)]
NWAY_ALL = [(l, i, p) for l in (1, 2, 4) for i in (0, 1, 2) for p in (0, 1, 2)]


def nway_id(v):
    return "lanes{}-impl{}-pipe{}".format(*v)


@pytest.mark.parametrize("cfg", NWAY_FAST, ids=nway_id)
def test_ghash_nway(cfg):
    lanes, impl, pipe = cfg
    run("ghash_nway", {"LANES": lanes, "IMPL": impl, "PIPE": pipe, "USER_WIDTH": 4}, 60)


@pytest.mark.slow
@pytest.mark.parametrize("cfg", [c for c in NWAY_ALL if c not in NWAY_FAST], ids=nway_id)
def test_ghash_nway_all(cfg):
    lanes, impl, pipe = cfg
    run("ghash_nway", {"LANES": lanes, "IMPL": impl, "PIPE": pipe, "USER_WIDTH": 4}, 120)


@pytest.mark.parametrize("n,pipe", [(4, 2), (1, 1)], ids=lambda v: str(v))
def test_ghash_hpow(n, pipe):
    run("ghash_hpow", {"N": n, "IMPL": 2, "PIPE": pipe}, 0)


@pytest.mark.slow
@pytest.mark.parametrize("n,pipe", [(8, 1), (2, 3), (4, 1)], ids=lambda v: str(v))
def test_ghash_hpow_all(n, pipe):
    run("ghash_hpow", {"N": n, "IMPL": 0, "PIPE": pipe}, 0)
