# SPDX-License-Identifier: Apache-2.0
"""AES-CMAC with subkeys in hardware (ip/aesmp/rtl/aes_cmac.v) under cocotb + Verilator against
the SP 800-38B examples and pycryptodome's CMAC (cocotb_aes_cmac): every length and tag length
under random stalls, malformed input, reset mid-message, the block rate."""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


def test_aes_cmac():
    run_cocotb("aes_cmac", sources_for("aes_cmac"), {}, "cocotb_aes_cmac")


@pytest.mark.slow
def test_aes_cmac_sweep():
    run_cocotb("aes_cmac", sources_for("aes_cmac"), {}, "cocotb_aes_cmac", testcase="test_length_sweep",
               tb_params={"SWEEP": 1})
