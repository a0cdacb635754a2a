# SPDX-License-Identifier: Apache-2.0
"""Keccak-p[1600, nr] (ip/keccak/rtl/keccak_p1600.v) under cocotb + Verilator: the XKCP trace,
random states and round counts against linecrypt.models.keccak under random stalls, bad round
counts, back-to-back rate, reset mid-permutation (cocotb_keccak_p1600). One round per clock by
default; two, three and four are `slow`. The same bench runs the lane-serial keccak_p1600_lite
(state in block RAM); its LC_TECH_ECP5 branch as synthesized (ECP5 LUT4 / PFUMX / L6MUX21
instances, simulated with Yosys's models of them: a long C++ build), distributed RAM and no write
register are `slow`. The interleaving ring keccak_p1600_pipe has its own bench
(cocotb_keccak_p1600_pipe): STAGES = 2 by default, 4 `slow`."""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


def _rpc(r, slow=False):
    return pytest.param(r, marks=pytest.mark.slow, id=f"rpc{r}") if slow else pytest.param(r, id=f"rpc{r}")


# all under `slow`: the sponge and Keyak default benches run the permutation at RPC = 1
@pytest.mark.parametrize("rpc", [_rpc(1, True), _rpc(2, True), _rpc(3, True), _rpc(4, True)])
def test_keccak_p1600(rpc):
    run_cocotb("keccak_p1600", sources_for("keccak_p1600"), {"RPC": rpc}, "cocotb_keccak_p1600")


def lite_sources(top: str, tech: bool) -> tuple[list, dict]:
    """Sources and macros of a lite core: with tech, the ECP5 primitive branch and the
    primitives' simulation models (as `make lint` checks them)."""
    from linecrypt.flows.lint import ecp5_prim_stubs
    if tech:
        return [ecp5_prim_stubs(), *sources_for(top)], {"LC_TECH_ECP5": 1}
    return sources_for(top), {}


@pytest.mark.parametrize("mem_bram,wreg,tech", [
    pytest.param(1, 1, False, id="bram-wreg"),
    pytest.param(1, 1, True, id="bram-wreg-ecp5", marks=pytest.mark.slow),
    pytest.param(0, 1, False, id="dram-wreg", marks=pytest.mark.slow),
    pytest.param(1, 0, True, id="bram-ecp5", marks=pytest.mark.slow)])
def test_keccak_p1600_lite(mem_bram, wreg, tech):
    srcs, defs = lite_sources("keccak_p1600_lite", tech)
    run_cocotb("keccak_p1600_lite", srcs, {"MEM_BRAM": mem_bram, "WREG": wreg},
               "cocotb_keccak_p1600", tb_params={"LITE": 1}, defines=defs)


# the interleaving ring: STAGES = 2 by default (about 30 s with the build), 4 under `slow`
@pytest.mark.parametrize("stages", [pytest.param(2, id="stages2"),
                                    pytest.param(4, id="stages4", marks=pytest.mark.slow)])
def test_keccak_p1600_pipe(stages):
    run_cocotb("keccak_p1600_pipe", sources_for("keccak_p1600_pipe"), {"STAGES": stages, "ID_W": 4},
               "cocotb_keccak_p1600_pipe")
