# SPDX-License-Identifier: Apache-2.0
"""link_tx_framer (ip/link/rtl/link_tx_framer.v) against the link model: the line words it sends
are decoded by linecrypt.link.model.LinkRx (tags checked by pycryptodome / Botan through
linecrypt.oracles.aead), and every header is checked field by field: cocotb_link_tx_framer.

Builds: gcm_engine AES-128 (LANES = 4) with K = 5 words per data frame (an odd K: the buffer
address arithmetic is not a power of two) and OCB3-Serpent-128 with K = 4, both in
`make test-long` (a four-lane engine is a long Verilator build); the default suite runs the
framer inside the whole link (test_link_system.py).
"""
from pathlib import Path

import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb

RTL = Path(__file__).resolve().parents[1] / "rtl"

BUILDS = {
    "gcm-aes128-k5": ({"MODE": 0, "CIPHER": 0, "K": 5}, "gcm_engine", True),
    "ocb-serpent128-k4": ({"MODE": 1, "CIPHER": 1, "K": 4}, "ocb3_engine", True),
}


def _case(name):
    slow = BUILDS[name][2]
    return pytest.param(name, marks=pytest.mark.slow, id=name) if slow else pytest.param(name, id=name)


@pytest.mark.parametrize("build", [_case(n) for n in BUILDS])
def test_link_tx_framer(build):
    params, engine, _ = BUILDS[build]
    params = {"KEY_BITS": 128, "NSLOTS": 4, "SWITCH_LEAD": 4, **params}
    sources = sources_for(engine) + [RTL / "link_tx_framer.v"]
    run_cocotb("link_tx_framer", sources, params, "cocotb_link_tx_framer")
