# SPDX-License-Identifier: Apache-2.0
"""Keccak-p[1600, nr] (ip/keccak/rtl/keccak_p1600.v) under cocotb + Verilator: the XKCP trace,
random states and round counts against linecrypt.models.keccak under random stalls, bad round
counts, back-to-back rate, reset mid-permutation (cocotb_keccak_p1600). One round per clock by
default; two, three and four are `slow`."""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


def _rpc(r, slow=False):
    return pytest.param(r, marks=pytest.mark.slow, id=f"rpc{r}") if slow else pytest.param(r, id=f"rpc{r}")


@pytest.mark.parametrize("rpc", [_rpc(1), _rpc(2, True), _rpc(3, True), _rpc(4, True)])
def test_keccak_p1600(rpc):
    run_cocotb("keccak_p1600", sources_for("keccak_p1600"), {"RPC": rpc}, "cocotb_keccak_p1600")
