# SPDX-License-Identifier: Apache-2.0
"""AES-CMAC with subkeys in hardware (ip/aesmp/rtl/aes_cmac.v) under cocotb + Verilator against
the SP 800-38B examples and pycryptodome's CMAC (cocotb_aes_cmac): every length and tag length
under random stalls, malformed input, reset mid-message, the block rate; also with EXT_CIPHER = 1
on a shared cipher outside (aes_cmac_ext_cipher.v)."""
from pathlib import Path

import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb

HERE = Path(__file__).parent


def test_aes_cmac():
    run_cocotb("aes_cmac", sources_for("aes_cmac"), {}, "cocotb_aes_cmac")


@pytest.mark.slow
def test_aes_cmac_sweep():
    run_cocotb("aes_cmac", sources_for("aes_cmac"), {}, "cocotb_aes_cmac", testcase="test_length_sweep",
               tb_params={"SWEEP": 1})


def test_aes_cmac_ext_cipher():
    """The same bench on aes_cmac with EXT_CIPHER = 1 (the cph_* ports), its cipher outside behind
    rijndael_iter_mux as lwc_aes shares it (fixture tb/aes_cmac_ext_cipher.v): the same tags and
    the same clocks per block."""
    run_cocotb("aes_cmac_ext_cipher", sources_for("aes_cmac") + [HERE / "aes_cmac_ext_cipher.v"],
               {}, "cocotb_aes_cmac")
