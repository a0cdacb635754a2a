# SPDX-License-Identifier: Apache-2.0
"""The OCB3 datapath bricks (ip/ocb/rtl) against the RFC 7253 model over pycryptodome AES:
the key table (cocotb_ocb3_ltable), the N-lane offsets with their table (cocotb_ocb3_offsets)
and the nonce unit with its Ktop cache (cocotb_ocb3_nonce)."""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


# N = 4 stores the most prefixes (P_1..P_3); N = 1 and 2 are covered through test_ocb3_offsets
# (whose every offset depends on every entry a lane uses) and the engines' benches (1 and 2 lanes)
@pytest.mark.parametrize("n", [4, pytest.param(1, marks=pytest.mark.slow),
                               pytest.param(2, marks=pytest.mark.slow)], ids=lambda n: f"N{n}")
def test_ocb3_ltable(n):
    run_cocotb("ocb3_ltable", sources_for("ocb3_ltable"), {"NSLOTS": 4, "LMAX": 16, "N": n},
               "cocotb_ocb3_ltable")


# N = 4 by default (the one-lane and two-lane generators run inside the engines' default benches)
@pytest.mark.parametrize("n", [pytest.param(1, marks=pytest.mark.slow),
                               pytest.param(2, marks=pytest.mark.slow), 4], ids=lambda n: f"N{n}")
def test_ocb3_offsets(n):
    run_cocotb("ocb3_offset_gen", sources_for("ocb3_offset_gen"),
               {"N": n, "NSLOTS": 4, "LMAX": 16, "USER_W": 8}, "cocotb_ocb3_offsets",
               tb_params={"MAXBLOCKS": 200})


# messages of the largest length LMAX allows (2^17 - 1 blocks: every L_i up to L_16 in use)
@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 2, 4], ids=lambda n: f"N{n}")
def test_ocb3_offsets_longest_messages(n):
    run_cocotb("ocb3_offset_gen", sources_for("ocb3_offset_gen"),
               {"N": n, "NSLOTS": 4, "LMAX": 16, "USER_W": 8}, "cocotb_ocb3_offsets",
               testcase="test_offsets_random", tb_params={"MAXBLOCKS": 200, "BIG": 2})


def test_ocb3_nonce():
    run_cocotb("ocb3_nonce", sources_for("ocb3_nonce"), {"NSLOTS": 4, "DEPTH": 16, "USER_W": 8},
               "cocotb_ocb3_nonce", tb_params={"COUNT": 64 * 8})


# a two-entry pending FIFO (every stall reaches the lookup) and a long counter run
@pytest.mark.slow
def test_ocb3_nonce_shallow_long():
    run_cocotb("ocb3_nonce", sources_for("ocb3_nonce"), {"NSLOTS": 2, "DEPTH": 2, "USER_W": 3},
               "cocotb_ocb3_nonce", tb_params={"COUNT": 64 * 64})
