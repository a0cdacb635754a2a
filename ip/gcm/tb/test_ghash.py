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


# every implementation also runs inside a test_ghash_nway build below; alone, the deepest
# pipeline with its input register
MUL_FAST = [(0, 2, 1)]
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


# one build by default (GHASH runs with 2 lanes in the GCM engine's bench, 4 in the link's)
NWAY_FAST = [(2, 2, 0)]
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


def hpow_id(v):
    return "n{}-digit{}-pipe{}".format(*v)


# (N, DIGIT, PIPE): the full multiplier (DIGIT = 0) and the digit-serial one (DIGIT = 1 is the
# engine's default), tables of one entry and of lengths that are not powers of two
# the full multiplier with N = 4 runs under `slow`
HPOW_FAST = [(3, 1, 2), pytest.param((4, 0, 2), marks=pytest.mark.slow)]
HPOW_ALL = [(8, 0, 1), (2, 0, 3), (4, 0, 1), (1, 0, 1), (1, 1, 2), (4, 1, 2), (8, 2, 2),
            (4, 16, 2), (5, 8, 2), (2, 4, 2)]


def run_hpow(n, digit, pipe, impl):
    run("ghash_hpow", {"N": n, "DIGIT": digit, "IMPL": impl, "PIPE": pipe}, 0)


@pytest.mark.parametrize("cfg", HPOW_FAST, ids=hpow_id)
def test_ghash_hpow(cfg):
    run_hpow(*cfg, 2)


@pytest.mark.slow
@pytest.mark.parametrize("cfg", HPOW_ALL, ids=hpow_id)
def test_ghash_hpow_all(cfg):
    run_hpow(*cfg, 0)
