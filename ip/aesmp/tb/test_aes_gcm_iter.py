# SPDX-License-Identifier: Apache-2.0
"""aes_gcm_iter (ip/aesmp/rtl/aes_gcm_iter.v) under cocotb + Verilator against pycryptodome's
AES-GCM."""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


@pytest.mark.slow          # make test-long: lwc_aes's bench runs it behind the LWC protocol
def test_aes_gcm_iter():
    run_cocotb("aes_gcm_iter", sources_for("aes_gcm_iter"), {}, "cocotb_aes_gcm_iter")
