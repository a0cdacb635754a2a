# SPDX-License-Identifier: Apache-2.0
"""The link encryptor's AXI4-Lite register block (ip/link/rtl/link_regs.v, generated from
ip/link/link.rdl by linecrypt/link/regblock.py) against the RDL itself: cocotb_link_regs.

The default build is the RDL's map (N = 10 channels, 11 address bits); the slow build has three
channels and a 12-bit address, so the channel blocks from N on and the addresses above the
map's 2 KiB must read as unmapped instead of aliasing."""
import pytest

from linecrypt import ROOT
from linecrypt.host.sim import run_cocotb

SOURCES = [ROOT / "ip/link/rtl/link_regs.v"]


@pytest.mark.parametrize("params", [
    pytest.param({"N": 10, "ADDR_WIDTH": 11}, id="n10"),
    pytest.param({"N": 3, "ADDR_WIDTH": 12}, id="n3-aw12", marks=pytest.mark.slow),
])
def test_link_regs(params):
    run_cocotb("link_regs", SOURCES, params, "cocotb_link_regs")
