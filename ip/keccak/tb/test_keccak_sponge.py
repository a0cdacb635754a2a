# SPDX-License-Identifier: Apache-2.0
"""The Keccak sponge with hardware padding (ip/keccak/rtl/keccak_sponge.v) under cocotb +
Verilator against hashlib SHA-3/SHAKE and the Keccak-256 KATs (cocotb_keccak_sponge): every
mode at the block-boundary lengths under random stalls, bad input, reset mid-message, the absorb
rate. One round per clock by default; two is `slow`."""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


@pytest.mark.parametrize("rpc", [pytest.param(1, id="rpc1"),
                                 pytest.param(2, id="rpc2", marks=pytest.mark.slow)])
def test_keccak_sponge(rpc):
    run_cocotb("keccak_sponge", sources_for("keccak_sponge"), {"RPC": rpc}, "cocotb_keccak_sponge")
