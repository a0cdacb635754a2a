# SPDX-License-Identifier: Apache-2.0
"""The Lake Keyak v2 engine (ip/keccak/rtl/keyak_engine.v) under cocotb + Verilator
(cocotb_keyak_engine) against linecrypt.models.keyak, the Keccak team's transcript and the
SUPERCOP self-test vector: Rs/Ra boundary lengths both ways, multi-Wrap sessions, tampering,
malformed commands, reset mid-message, the rate. One round per clock and a subset of the
transcript by default; every session (and RPC = 2) is `slow`."""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


@pytest.mark.parametrize("rpc,sessions", [
    pytest.param(1, "subset", id="rpc1"),
    pytest.param(1, "all", id="rpc1-all-sessions", marks=pytest.mark.slow),
    pytest.param(2, "subset", id="rpc2", marks=pytest.mark.slow)])
def test_keyak_engine(rpc, sessions):
    run_cocotb("keyak_engine", sources_for("keyak_engine"), {"RPC": rpc}, "cocotb_keyak_engine",
               tb_params={"SESSIONS": sessions})
