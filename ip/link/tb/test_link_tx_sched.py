# SPDX-License-Identifier: Apache-2.0
"""link_tx_sched (ip/link/rtl/link_tx_sched.v): the DRR scheduler and record packer, checked by
cocotb_link_tx_sched against linecrypt.link.format.parse_records and the model transmitter
(linecrypt.link.model.LinkTx). The default build is N = 6 channels with K = 8 words per frame
(CAP = 464 bytes, so 9000-byte client frames cross many payloads); the others are `slow`.

test_link_tx_sched_rate measures the steady-state rate (test_rate) at the link's default size,
N = 10, K = 256 (`slow`): every channel backlogged with 64-, 1500- or 9000-byte frames, 64-byte
and mixed frames with p_tready stalls, idle channels, one channel bursting 9000-byte frames
against 64-byte ones (per-channel bytes and the longest wait between a channel's records); with
LC_RATE_JSON=path it writes the figures there, e.g. docs/results/bench/link-tx-sched-rate.json
(the reproduce command is in it).
"""
from pathlib import Path

import pytest

from linecrypt.host.sim import run_cocotb

RTL = Path(__file__).resolve().parents[1] / "rtl"

BUILDS = {
    "n6-k8": ({"N": 6, "K": 8}, False),
    "n10-k16": ({"N": 10, "K": 16}, True),
    "n16-k2": ({"N": 16, "K": 2}, True),
    "n1-k4": ({"N": 1, "K": 4}, True),
}


def _case(name):
    _, slow = BUILDS[name]
    return pytest.param(name, marks=pytest.mark.slow, id=name) if slow else pytest.param(name, id=name)


@pytest.mark.parametrize("build", [_case(n) for n in BUILDS])
def test_link_tx_sched(build):
    params, _ = BUILDS[build]
    run_cocotb("link_tx_sched", [RTL / "link_tx_sched.v"], params, "cocotb_link_tx_sched")


@pytest.mark.slow
def test_link_tx_sched_rate():
    run_cocotb("link_tx_sched", [RTL / "link_tx_sched.v"], {"N": 10, "K": 256},
               "cocotb_link_tx_sched", testcase="test_rate")
