# SPDX-License-Identifier: Apache-2.0
"""The link lane layer (ip/link/rtl/link_lane_tx.v, link_lane_rx.v) against the link model
(linecrypt.link.model.to_lanes, LaneRx.align, skew_lanes, reorder_lanes): cocotb_link_lanes.

One Verilator build per module and lane count: L = 10 (the default) by default, L = 4 and a
receiver with a smaller deskew buffer and AM_LOSS off under `slow`.
"""
import pytest

from linecrypt import ROOT
from linecrypt.host.sim import run_cocotb

RTL = ROOT / "ip" / "link" / "rtl"

BUILDS = {
    "tx-l10": ("link_lane_tx", {"L": 10}, False),
    "rx-l10": ("link_lane_rx", {"L": 10, "DESKEW": 32}, False),
    "tx-l4": ("link_lane_tx", {"L": 4}, True),
    "rx-l4": ("link_lane_rx", {"L": 4, "DESKEW": 32}, True),
    "rx-l10-deskew16": ("link_lane_rx", {"L": 10, "DESKEW": 16, "AM_LOSS": 0}, True),
}


def _case(name):
    slow = BUILDS[name][2]
    return pytest.param(name, marks=pytest.mark.slow, id=name) if slow else pytest.param(name, id=name)


@pytest.mark.parametrize("build", [_case(n) for n in BUILDS])
def test_link_lanes(build):
    top, params, _ = BUILDS[build]
    run_cocotb(top, [RTL / f"{top}.v"], params, "cocotb_link_lanes", tb_params={"TOP": top})
