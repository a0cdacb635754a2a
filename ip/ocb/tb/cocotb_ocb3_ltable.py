# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/ocb/rtl/ocb3_ltable.v (OCB3 key table).

Reference: linecrypt.models.ocb (l_table, ntz; proven against RFC 7253, pyca and pycryptodome in
tests/models/test_ocb_model.py) over pycryptodome's AES, which also gives L_* = E_K(0^128) to the
write port. Every entry of every slot is read back (L_0..L_LMAX on the registered read port, L_*,
L_$ and the prefixes P_j on the constant port), the clocks from the write handshake to slot_ready
are counted, the read register is checked to hold while l_rd_en is low, and a reset during a
doubling run leaves the table usable after a rewrite. Random gaps on the write port.
LC_PARAMS: NSLOTS, LMAX, N. The seed is printed (LC_SEED replays it).
"""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge
from Crypto.Cipher import AES

from linecrypt.models import ocb

P = json.loads(os.environ["LC_PARAMS"])
NSLOTS, LMAX, N = int(P["NSLOTS"]), int(P["LMAX"]), int(P["N"])
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 30)))


class PyAES:
    def __init__(self, key: bytes):
        self._ecb = AES.new(key, AES.MODE_ECB)

    def encrypt_block(self, block: bytes) -> bytes:
        return self._ecb.encrypt(block)


def prefixes(table) -> list[int]:
    """P_0 .. P_{N-1}, P_j = L_{ntz(1)} xor ... xor L_{ntz(j)}."""
    out, acc = [0], 0
    for j in range(1, N):
        acc ^= int.from_bytes(table.l[ocb.ntz(j)], "big")
        out.append(acc)
    return out


async def start(dut):
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.rst.value = 1
    dut.s_lstar_tvalid.value = 0
    dut.s_lstar_tdata.value = 0
    dut.s_lstar_slot.value = 0
    dut.l_rd_en.value = 0
    dut.l_rd_slot.value = 0
    dut.l_rd_idx.value = 0
    dut.c_slot.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk)
    dut.rst.value = 0


async def write_slot(dut, rng, slot: int, lstar: bytes) -> int:
    """Offer L_* after a random gap; return the clocks from the handshake edge to slot_ready."""
    for _ in range(1 + rng.randrange(4)):
        await RisingEdge(dut.clk)
    dut.s_lstar_tvalid.value = 1
    dut.s_lstar_slot.value = slot
    dut.s_lstar_tdata.value = int.from_bytes(lstar, "big")
    while True:
        await ReadOnly()
        ready = int(dut.s_lstar_tready.value)
        await RisingEdge(dut.clk)
        if ready:
            break
    dut.s_lstar_tvalid.value = 0
    clocks = 0
    while True:
        await ReadOnly()
        if (int(dut.slot_ready.value) >> slot) & 1:
            return clocks
        assert clocks < 4 * LMAX + 20, "slot_ready never rose"
        await RisingEdge(dut.clk)
        clocks += 1


async def check_slot(dut, slot: int, table) -> None:
    await RisingEdge(dut.clk)
    dut.c_slot.value = slot
    await ReadOnly()
    assert int(dut.c_lstar.value) == int.from_bytes(table.star, "big"), f"slot {slot}: L_*"
    assert int(dut.c_ldollar.value) == int.from_bytes(table.dollar, "big"), f"slot {slot}: L_$"
    pv = int(dut.c_prefix.value)
    for j, want in enumerate(prefixes(table)):
        got = (pv >> (128 * j)) & ocb.MASK128
        assert got == want, f"slot {slot}: P_{j} = {got:032x}, expected {want:032x}"
    for i in range(LMAX + 1):
        await RisingEdge(dut.clk)
        dut.l_rd_en.value = 1
        dut.l_rd_slot.value = slot
        dut.l_rd_idx.value = i
        await RisingEdge(dut.clk)
        dut.l_rd_en.value = 0
        dut.l_rd_idx.value = (i + 1) % (LMAX + 1)       # a different address: must not be read
        await ReadOnly()
        want = int.from_bytes(table.l[i], "big")
        assert int(dut.l_rd_data.value) == want, f"slot {slot}: L_{i}"
        await RisingEdge(dut.clk)
        await ReadOnly()
        assert int(dut.l_rd_data.value) == want, f"slot {slot}: L_{i} not held with l_rd_en low"


@cocotb.test()
async def test_every_entry_every_slot(dut):
    """Random keys in every slot (twice), every entry read back, clocks to ready counted."""
    rng = random.Random(SEED)
    dut._log.info("seed %d", SEED)
    await start(dut)
    tables = {}
    for rnd in range(2):
        for slot in rng.sample(range(NSLOTS), NSLOTS):
            cipher = PyAES(rng.randbytes(16))
            table = ocb.l_table(cipher, LMAX + 1)
            clocks = await write_slot(dut, rng, slot, cipher.encrypt_block(bytes(16)))
            assert clocks == LMAX + 2, f"slot_ready after {clocks} clocks, documented {LMAX + 2}"
            tables[slot] = table
            await check_slot(dut, slot, table)
        for slot in range(NSLOTS):                     # rewriting one slot left the others alone
            await check_slot(dut, slot, tables[slot])
    # a reset during a doubling run: every slot_ready drops, the port is free again, and a
    # rewrite gives a complete table
    cipher = PyAES(rng.randbytes(16))
    await RisingEdge(dut.clk)
    dut.s_lstar_tvalid.value = 1
    dut.s_lstar_slot.value = 1
    dut.s_lstar_tdata.value = int.from_bytes(cipher.encrypt_block(bytes(16)), "big")
    await RisingEdge(dut.clk)
    dut.s_lstar_tvalid.value = 0
    for _ in range(LMAX // 2):
        await RisingEdge(dut.clk)
    dut.rst.value = 1
    await RisingEdge(dut.clk)
    dut.rst.value = 0
    await ReadOnly()
    assert int(dut.slot_ready.value) == 0 and int(dut.s_lstar_tready.value) == 1
    table = ocb.l_table(cipher, LMAX + 1)
    assert await write_slot(dut, rng, 1, table.star) == LMAX + 2
    await check_slot(dut, 1, table)
