# SPDX-License-Identifier: Apache-2.0
"""The block shell's ports as every bench drives them (lc_block_shell, lc_key_slot_ctrl): the clock
and reset, the key command port (s_key_*) and the slot status (slot_valid). Shared by the
block-core bench and the CBC interleaver bench, whose key ports are the shell's."""
from cocotb.triggers import ReadOnly, RisingEdge
from cocotb.utils import get_sim_time, get_time_from_sim_steps

MAX_WAIT = 200_000      # clocks any single wait may take before the bench calls the DUT hung
CLK_NS = 4


def cycle_now():
    return round(get_sim_time("ns") / CLK_NS)


def cycle_of(steps):
    """The clock cycle of a cocotbext-axi frame time stamp (a rising edge)."""
    return round(get_time_from_sim_steps(steps, "ns") / CLK_NS)


async def pulse_reset(dut, cycles=3):
    dut.rst.value = 1
    for _ in range(cycles):
        await RisingEdge(dut.clk)
    dut.rst.value = 0
    await RisingEdge(dut.clk)


async def wait_slot(dut, slot):
    """Wait until slot_valid[slot]; return in a writable phase (after the next rising edge)."""
    for _ in range(MAX_WAIT):
        await RisingEdge(dut.clk)
        await ReadOnly()
        if (int(dut.slot_valid.value) >> slot) & 1:
            await RisingEdge(dut.clk)
            return
    raise AssertionError(f"slot {slot} never became valid")


async def load_key(dut, slot, key, wait=True):
    """Send one key command (s_key_* by hand); return the cycle of the edge that took it. With
    ``wait``, also wait until the slot is valid."""
    await RisingEdge(dut.clk)
    dut.s_key_tdata.value = int.from_bytes(key, "big")
    dut.s_key_slot.value = slot
    dut.s_key_tvalid.value = 1
    for _ in range(MAX_WAIT):
        await ReadOnly()
        if dut.s_key_tready.value == 1:
            break
        await RisingEdge(dut.clk)
    else:
        raise AssertionError("key port never ready")
    await RisingEdge(dut.clk)
    fired = cycle_now()
    dut.s_key_tvalid.value = 0
    if wait:
        await wait_slot(dut, slot)
    return fired
