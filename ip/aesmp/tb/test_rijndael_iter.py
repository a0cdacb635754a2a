# SPDX-License-Identifier: Apache-2.0
"""The iterative Rijndael encryptor (ip/aesmp/rtl/rijndael_iter.v) under cocotb + Verilator
against Gladman's Rijndael-256 vectors, pycryptodome AES and the Rijndael model
(cocotb_rijndael_iter): random stalls, bad key-length codes, reset mid-block, the block rate.
The 256-bit datapath by default; the AES-only build (NB8 = 0) and a 2000-block sweep are `slow`."""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


@pytest.mark.parametrize("nb8", [pytest.param(1, id="nb8"),
                                 pytest.param(0, id="aes-only", marks=pytest.mark.slow)])
def test_rijndael_iter(nb8):
    run_cocotb("rijndael_iter", sources_for("rijndael_iter"), {"NB8": nb8}, "cocotb_rijndael_iter")


@pytest.mark.slow
@pytest.mark.parametrize("nb8", [1, 0])
def test_rijndael_iter_sweep(nb8):
    run_cocotb("rijndael_iter", sources_for("rijndael_iter"), {"NB8": nb8}, "cocotb_rijndael_iter",
               testcase="test_random_sweep", tb_params={"SWEEP": 1})
