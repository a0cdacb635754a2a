# SPDX-License-Identifier: Apache-2.0
"""The whole link in RTL (ip/link/tb/link_system_tb.v: link_tx, the lane layer with skewed and
reordered lanes, link_rx) against the model receiver: cocotb_link_system.

One build: N = 4 clients, K = 8 words per data frame, L = 10 lanes with skews of 0..32 blocks
and a lane permutation, AES-128-GCM. OCB3-Serpent under `slow`.
"""
import pytest

from linecrypt import ROOT
from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


def sources():
    # ip/link/link.core with its dependencies (both engines' files; the build elaborates one)
    return sources_for("link_tx") + [ROOT / "ip/link/tb/link_system_tb.v"]


def params(mode, cipher):
    # the lane skews (0..32 blocks) and permutation are the fixture's SKEW and PERM defaults
    return {"N": 4, "K": 8, "L": 10, "MODE": mode, "CIPHER": cipher}


@pytest.mark.xdist_group("link_system_build")      # tests/cli/test_cli_link.py reuses the build
@pytest.mark.parametrize("mode,cipher", [
    pytest.param(0, 0, id="gcm-aes128"),
    pytest.param(1, 1, id="ocb-serpent128", marks=pytest.mark.slow),
])
def test_link_system(mode, cipher):
    run_cocotb("link_system_tb", sources(), params(mode, cipher), "cocotb_link_system")
