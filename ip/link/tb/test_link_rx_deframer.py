# SPDX-License-Identifier: Apache-2.0
"""link_rx_deframer (ip/link/rtl/link_rx_deframer.v) with gcm_engine AES-128 and ocb3_engine
Serpent-128 (LANES = 4, decryption) against the link model (linecrypt.link.model: LinkTx builds the line, LinkRx is the oracle):
cocotb_link_rx_deframer runs every case (clean cold start, joining mid-stream, bit flips, lost,
duplicated, swapped and forged frames, lost sync frame, sync loss and relock, key switch under
load, reset and resync in traffic, stalls, FIFO overflow).

One build per parameter set, all in `make test-long` (a four-lane engine is a long Verilator
build); the default suite runs the deframer inside the whole link (test_link_system.py).
"""
from pathlib import Path

import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb

RTL = Path(__file__).resolve().parents[1] / "rtl"

BUILDS = {
    "k4": ({"MODE": 0, "K": 4, "NSLOTS": 4, "IN_FIFO": 32}, True),
    "k7": ({"MODE": 0, "K": 7, "NSLOTS": 4, "IN_FIFO": 32}, True),
    "ocb-serpent128-k8": ({"MODE": 1, "CIPHER": 1, "K": 8, "NSLOTS": 4, "IN_FIFO": 64}, True),
}


def _case(name):
    _, slow = BUILDS[name]
    return pytest.param(name, marks=pytest.mark.slow, id=name) if slow else pytest.param(name, id=name)


@pytest.mark.parametrize("build", [_case(n) for n in BUILDS])
def test_link_rx_deframer(build):
    params, _ = BUILDS[build]
    engine = "ocb3_engine" if params["MODE"] else "gcm_engine"
    run_cocotb("link_rx_deframer", sources_for(engine) + [RTL / "link_rx_deframer.v"],
               params, "cocotb_link_rx_deframer", tb_params={"SEED": 1})
