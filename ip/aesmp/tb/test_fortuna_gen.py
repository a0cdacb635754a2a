# SPDX-License-Identifier: Apache-2.0
"""The Fortuna generator (ip/aesmp/rtl/fortuna_gen.v, with sha256_compress) under cocotb +
Verilator against pycryptodome AES-256 + hashlib SHA-256 and linecrypt.models.fortuna
(cocotb_fortuna_gen): reseeds and requests across the block boundaries under random stalls,
refused requests and malformed seeds, reset, the output rate."""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


@pytest.mark.slow          # make test-long: the cipher it runs is covered by test_rijndael_iter
def test_fortuna_gen():
    run_cocotb("fortuna_gen", sources_for("fortuna_gen"), {}, "cocotb_fortuna_gen")


@pytest.mark.slow
def test_fortuna_gen_sweep():
    run_cocotb("fortuna_gen", sources_for("fortuna_gen"), {}, "cocotb_fortuna_gen", testcase="test_request_sweep",
               tb_params={"SWEEP": 1})
