# SPDX-License-Identifier: Apache-2.0
"""IDEA multiplier modulo 2^16 + 1 (ip/idea/rtl/idea_mul.v) under cocotb + Verilator,
against the golden model linecrypt.models.idea.mul: every edge-value pair, full 16-bit sweeps
of one operand against the edge values, inverse pairs, and a large random sample.
"""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


def run_mul(pipe, n_random, sweep):
    run_cocotb("idea_mul", sources_for("idea_mul"), {"PIPE": pipe}, "cocotb_idea_mul",
               tb_params={"LC_RANDOM": n_random, "LC_SWEEP": int(sweep)})


# All under `slow` (the IDEA core's default bench runs the multiplier at depth 3, its slow
# points every depth); the default depth with the full sweep.
@pytest.mark.parametrize("pipe", [pytest.param(2, marks=pytest.mark.slow), pytest.param(3, marks=pytest.mark.slow),
                                  pytest.param(4, marks=pytest.mark.slow)], ids=lambda p: f"pipe{p}")
def test_idea_mul(pipe):
    run_mul(pipe, 100_000 if pipe == 3 else 20_000, sweep=(pipe == 3))


@pytest.mark.slow
@pytest.mark.parametrize("pipe", [2, 4], ids=lambda p: f"pipe{p}")
def test_idea_mul_full(pipe):
    run_mul(pipe, 200_000, sweep=True)
