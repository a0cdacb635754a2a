# SPDX-License-Identifier: Apache-2.0
"""link_rx_reasm (ip/link/rtl/link_rx_reasm.v) against the link receiver model: records from
linecrypt.link.format, reassembly by LinkRx._record, verdict rules of LinkRx._data_frame
(cocotb_link_rx_reasm.py: all ok, back to back, v_fail with purge on/off, seq gaps, stale
frames, malformed records, reset mid-stream; random stalls on d_*, v_* and c_*).

The default build is N = 10 channels, K = 8 words per frame (464-byte payloads, so client
frames up to 1600 bytes span several frames) with two frame buffers; a non-power-of-two K with
16 channels and 3 buffers, and the smallest K with 7 buffers (link_rx's OCB3 count at K = 8)
are `slow`.
"""
from pathlib import Path

import pytest

from linecrypt.host.sim import run_cocotb

RTL = Path(__file__).resolve().parents[1] / "rtl"

BUILDS = {
    "n10-k8": ({"N": 10, "K": 8}, False),
    "n16-k5-s3": ({"N": 16, "K": 5, "SLOTS": 3}, True),
    "n3-k4-s7": ({"N": 3, "K": 4, "SLOTS": 7}, True),
}


def _case(name):
    _, slow = BUILDS[name]
    return pytest.param(name, marks=pytest.mark.slow, id=name) if slow else pytest.param(name, id=name)


@pytest.mark.parametrize("build", [_case(n) for n in BUILDS])
def test_link_rx_reasm(build):
    params, _ = BUILDS[build]
    run_cocotb("link_rx_reasm", [RTL / "link_rx_reasm.v"], params, "cocotb_link_rx_reasm")


@pytest.mark.slow
def test_link_rx_reasm_rate():
    run_cocotb("link_rx_reasm", [RTL / "link_rx_reasm.v"], {"N": 10, "K": 256},
               "cocotb_link_rx_reasm", testcase="rate")
