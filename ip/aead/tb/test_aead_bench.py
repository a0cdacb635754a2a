# SPDX-License-Identifier: Apache-2.0
"""The AEAD engine bench (aead_bench.py) on its loopback fixture (aead_loopback.v) under
cocotb + Verilator: framing, stalls, error resynchronisation and result pairing, before any
engine exists. The bench's pure functions are tested in tests/models/test_aead_oracle.py."""
from pathlib import Path

import pytest

from linecrypt.host.sim import run_cocotb

HERE = Path(__file__).parent


@pytest.mark.parametrize("mode,lanes", [(1, 2), pytest.param(0, 1, marks=pytest.mark.slow)],
                         ids=["gcm-lanes2", "ocb-lanes1"])
def test_bench_on_loopback(mode, lanes):
    run_cocotb("aead_loopback", [HERE / "aead_loopback.v"],
               {"MODE": mode, "LANES": lanes, "ID_W": 4}, "cocotb_aead_loopback")
