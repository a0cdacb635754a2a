# SPDX-License-Identifier: Apache-2.0
"""The link's client FIFOs, link_ingress and link_egress (ip/link/rtl), against the frames sent
(cocotb_link_fifos): byte-exact delivery in the line byte order, exact drop counts (bad, too
long, empty, no room, disabled), random stalls on every ready, enable toggled live, one-clock
resets of either clock domain in the middle of traffic, client clocks slower and faster than
the line clock, one word / beat per clock from a backlog.

Default runs use small buffers (fast to fill); the architecture's defaults (64 KiB, MAX_FRAME
16383) are `slow`.
"""
from pathlib import Path

import pytest

from linecrypt.host.sim import run_cocotb

RTL = Path(__file__).resolve().parents[1] / "rtl"
COMMON = Path(__file__).resolve().parents[2] / "common" / "rtl"


def sources(top):
    return [COMMON / "lc_fifo.v", RTL / "link_cdc.v", RTL / f"{top}.v"]


@pytest.mark.parametrize("params,count,rounds", [
    pytest.param({"BYTES": 16384, "MAX_FRAME": 9600}, 40, 1, id="16k"),
    pytest.param({"BYTES": 65536, "MAX_FRAME": 16383}, 150, 3, id="64k", marks=pytest.mark.slow),
])
def test_link_ingress(params, count, rounds):
    run_cocotb("link_ingress", sources("link_ingress"), params, "cocotb_link_fifos",
               tb_params={"TOP": "link_ingress", "COUNT": count, "ROUNDS": rounds})


@pytest.mark.parametrize("params,count,rounds", [
    pytest.param({"CHAN": 5, "BYTES": 32768, "MAX_FRAME": 9600}, 40, 1, id="32k"),
    pytest.param({"CHAN": 0, "BYTES": 65536, "MAX_FRAME": 16383}, 150, 3, id="64k",
                 marks=pytest.mark.slow),
])
def test_link_egress(params, count, rounds):
    run_cocotb("link_egress", sources("link_egress"), params, "cocotb_link_fifos",
               tb_params={"TOP": "link_egress", "COUNT": count, "ROUNDS": rounds})
