# SPDX-License-Identifier: Apache-2.0
"""The shared FIFO bricks (ip/common/rtl/lc_fifo.v, lc_credit_fifo.v) on their own, under random
stalls, full/empty phases and reset mid-stream (cocotb_fifo.py). Every core's tests
exercise them too, but never fill the deep FIFO; these do.
"""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


# the largest depth by default, the others under `slow`
@pytest.mark.parametrize("depth", [pytest.param(2, marks=pytest.mark.slow), pytest.param(4, marks=pytest.mark.slow),
                                   pytest.param(16, marks=pytest.mark.slow), 64],
                         ids=lambda d: f"depth{d}")
def test_lc_fifo(depth):
    run_cocotb("lc_fifo", sources_for("lc_fifo"), {"WIDTH": 37, "DEPTH": depth}, "cocotb_fifo",
               tb_params={"TOP": "lc_fifo"})


# latencies giving credit chains of D = 2 (21: depth 32), 5 (11: depth 32) and 6 (38: depth 64),
# and a deep FIFO of one RAM bank (3: depth 16; the others have 2 and 4 banks)
# BRAM=1: the deep FIFO in block RAM (two-clock read, 8-entry output stage), simulated by
# lc_bram_sdp's plain-Verilog form; depth 16 (LATENCY 3) and 64 (LATENCY 38)
# by default the deep block-RAM FIFO; the rest under `slow`
@pytest.mark.parametrize("latency,bram", [pytest.param(3, 0, marks=pytest.mark.slow),
                                          pytest.param(11, 0, marks=pytest.mark.slow),
                                          pytest.param(21, 0, marks=pytest.mark.slow),
                                          pytest.param(38, 0, marks=pytest.mark.slow),
                                          pytest.param(3, 1, marks=pytest.mark.slow), (38, 1)],
                         ids=lambda v: f"latency{v}" if v > 1 else ("bram" if v else "lutram"))
def test_lc_credit_fifo(latency, bram):
    run_cocotb("lc_credit_fifo", sources_for("lc_credit_fifo"),
               {"WIDTH": 40, "LATENCY": latency, "BRAM": bram},
               "cocotb_fifo", tb_params={"TOP": "lc_credit_fifo"})
