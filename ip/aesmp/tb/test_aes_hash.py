# SPDX-License-Identifier: Apache-2.0
"""AES-Hash with hardware padding (ip/aesmp/rtl/aes_hash.v) under cocotb + Verilator against
linecrypt.models.aes_hash (cocotb_aes_hash): every length across the padding boundaries under
random stalls, malformed input, reset mid-message, the block rate."""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


@pytest.mark.slow          # make test-long: Rijndael-256 itself is test_rijndael_iter's default
def test_aes_hash():
    run_cocotb("aes_hash", sources_for("aes_hash"), {}, "cocotb_aes_hash")


@pytest.mark.slow
def test_aes_hash_sweep():
    run_cocotb("aes_hash", sources_for("aes_hash"), {}, "cocotb_aes_hash", testcase="test_length_sweep",
               tb_params={"SWEEP": 1})
