# SPDX-License-Identifier: Apache-2.0
"""The Keccak sponge with hardware padding (ip/keccak/rtl/keccak_sponge.v) under cocotb +
Verilator against hashlib SHA-3/SHAKE and the Keccak-256 KATs (cocotb_keccak_sponge): every
mode at the block-boundary lengths under random stalls, bad input, reset mid-message, the absorb
rate. One round per clock by default; two is `slow`. The same bench runs keccak_sponge_lite (block
RAM), all `slow`: trimmed KAT and block counts, all of them, and the ECP5 primitive branch as
synthesized (the lite permutation's own bench is in the default run)."""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


@pytest.mark.parametrize("rpc", [pytest.param(1, id="rpc1"),
                                 pytest.param(2, id="rpc2", marks=pytest.mark.slow)])
def test_keccak_sponge(rpc):
    run_cocotb("keccak_sponge", sources_for("keccak_sponge"), {"RPC": rpc}, "cocotb_keccak_sponge")


@pytest.mark.parametrize("tech,long", [pytest.param(False, 0, id="rtl", marks=pytest.mark.slow),
                                       pytest.param(False, 1, id="rtl-long", marks=pytest.mark.slow),
                                       pytest.param(True, 1, id="ecp5-long", marks=pytest.mark.slow)])
def test_keccak_sponge_lite(tech, long):
    from test_keccak_p1600 import lite_sources
    srcs, defs = lite_sources("keccak_sponge_lite", tech)
    run_cocotb("keccak_sponge_lite", srcs, {"MEM_BRAM": 1, "WREG": 1}, "cocotb_keccak_sponge",
               tb_params={"LITE": 1, "LONG": long}, defines=defs)
