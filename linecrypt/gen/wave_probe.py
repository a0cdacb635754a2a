# SPDX-License-Identifier: Apache-2.0
"""cocotb probe behind the datasheets' timing diagrams (`python -m linecrypt.gen.datasheets --capture`).

It drives one core through a fixed scenario and records, in every clock, the ports a diagram
shows; `linecrypt.gen.datasheets` turns the record into the WaveDrom sources under
`ip/<name>/doc/`, so every edge in a diagram is one the RTL produced in Verilator.

Block cores (aes_core, serpent_core, des_core, idea_core), scenario:
  1. key command for slot 0, wait until slot_valid[0];
  2. four blocks for slot 0 back to back, m_axis_tready high (latency, one block per clock);
  3. key command for slot 1 while slot 0 streams; a block for slot 1 waits at the head;
  4. m_axis_tready low while blocks keep coming: the credit counter closes s_axis_tready;
     m_axis_tready high again reopens it.
cbc_encrypt_interleave: key for slot 0, IVs for streams 0 and 1, then blocks s0, s1, s0, s1:
stream 0's second block waits at the head until its first has left the core.

Parameters arrive as JSON in LC_PARAMS (LC_KEY_BYTES added); the record goes to PROBE_OUT.
"""
import json
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

P = json.loads(os.environ.get("LC_PARAMS", "{}"))
KB = P.pop("LC_KEY_BYTES", 16)
MAX_WAIT = 20_000

PORTS = ["s_key_tvalid", "s_key_tready", "s_key_slot", "slot_loading", "slot_valid",
         "s_axis_tvalid", "s_axis_tready", "s_axis_tslot", "s_axis_tuser",
         "m_axis_tvalid", "m_axis_tready", "m_axis_tuser", "m_axis_terr"]
CBC_PORTS = ["s_axis_tstream", "s_axis_tiv", "m_axis_tstream", "stream_busy"]
# shell internals (the key-expansion handshake), recorded when the simulator exposes them
INTERNAL = {"kx_start": ("u_shell", "kx_start"), "kx_busy": ("u_shell", "kx_busy")}


class Probe:
    def __init__(self, dut, cbc=False):
        self.dut, self.cycle, self.trace, self.events = dut, 0, [], {}
        self.ports = PORTS + (CBC_PORTS if cbc else [])
        self.internal = {}
        if not cbc:
            for name, (inst, sig) in INTERNAL.items():
                try:
                    self.internal[name] = getattr(getattr(dut, inst), sig)
                except AttributeError:
                    pass

    async def step(self, **inputs):
        """Set inputs for this clock, record every port after it settles, advance one clock."""
        for k, v in inputs.items():
            getattr(self.dut, k).value = v
        await ReadOnly()
        row = {s: int(getattr(self.dut, s).value) for s in self.ports}
        row.update({n: int(h.value) for n, h in self.internal.items()})
        row["cycle"] = self.cycle
        self.trace.append(row)
        await RisingEdge(self.dut.clk)
        self.cycle += 1
        return row

    async def until(self, cond, **inputs):
        row = await self.step(**inputs)
        for _ in range(MAX_WAIT):
            if cond(row):
                return row
            row = await self.step()
        raise AssertionError("probe: condition never met")

    def save(self):
        with open(os.environ["PROBE_OUT"], "w") as f:
            json.dump({"params": P, "events": self.events, "trace": self.trace}, f)


async def start(dut, inputs):
    cocotb.start_soon(Clock(dut.clk, 4, unit="ns").start())
    for s in inputs:
        getattr(dut, s).value = 0
    dut.rst.value = 1
    for _ in range(3):
        await RisingEdge(dut.clk)
    dut.rst.value = 0


KEY = int.from_bytes(bytes(range(1, KB + 1)), "big")


@cocotb.test()
async def block_core(dut):
    cbc = hasattr(dut, "s_axis_tiv")
    if cbc:
        return await _cbc(dut)
    pr = Probe(dut)
    ev = pr.events
    await start(dut, ["s_axis_tvalid", "s_key_tvalid", "m_axis_tready", "s_axis_tdata",
                      "s_axis_tslot", "s_axis_tuser", "s_key_tdata", "s_key_slot"])
    # 1: key into slot 0
    r = await pr.until(lambda r: r["s_key_tready"], s_key_tvalid=1, s_key_slot=0, s_key_tdata=KEY)
    ev["key0_accept"] = r["cycle"]
    r = await pr.until(lambda r: r["slot_valid"] & 1, s_key_tvalid=0)
    ev["slot0_valid"] = r["cycle"]
    r = await pr.until(lambda r: r["s_key_tready"])
    ev["key_ready_again"] = r["cycle"]
    # 2: four blocks back to back
    await pr.step(m_axis_tready=1)
    for i in range(4):
        r = await pr.step(s_axis_tvalid=1, s_axis_tslot=0, s_axis_tuser=i, s_axis_tdata=i)
        assert r["s_axis_tready"], "probe: a block for a valid slot was not accepted"
        ev.setdefault("stream_first_in", r["cycle"])
    r = await pr.until(lambda r: r["m_axis_tvalid"], s_axis_tvalid=0)
    ev["stream_first_out"] = r["cycle"]
    for _ in range(6):
        await pr.step()
    # 3: key into slot 1 while slot 0 streams; a slot-1 block waits at the head
    r = await pr.step(s_key_tvalid=1, s_key_slot=1, s_axis_tvalid=1, s_axis_tslot=0, s_axis_tuser=4)
    assert r["s_key_tready"] and r["s_axis_tready"]
    ev["key1_accept"] = r["cycle"]
    r = await pr.step(s_key_tvalid=0, s_axis_tuser=5)
    assert r["s_axis_tready"]
    r = await pr.step(s_axis_tslot=1, s_axis_tuser=6)
    ev["slot1_block_presented"] = r["cycle"]
    r = await pr.until(lambda r: r["s_axis_tready"])
    ev["slot1_block_accepted"] = r["cycle"]
    ev["slot1_valid"] = next(x["cycle"] for x in pr.trace if x["cycle"] > ev["key1_accept"]
                             and x["slot_valid"] & 2)
    await pr.step(s_axis_tvalid=0)
    for _ in range(ev["stream_first_out"] - ev["stream_first_in"] + 6):
        await pr.step()
    # 4: output stalled, input keeps coming until the credits run out
    n = 0
    r = await pr.step(m_axis_tready=0, s_axis_tvalid=1, s_axis_tslot=0, s_axis_tuser=16)
    ev["stall_start"] = r["cycle"]
    while r["s_axis_tready"]:
        n += 1
        r = await pr.step(s_axis_tuser=16 + n)
    ev["credit_closed"] = r["cycle"]
    ev["admitted_while_stalled"] = n
    for _ in range(3):
        r = await pr.step()
    r = await pr.step(m_axis_tready=1)
    ev["ready_again"] = r["cycle"]
    r = await pr.until(lambda r: r["s_axis_tready"])
    ev["credit_reopened"] = r["cycle"]
    for i in range(3):
        r = await pr.until(lambda r: r["s_axis_tready"], s_axis_tuser=16 + n + 1 + i)
    for _ in range(4):
        await pr.step(s_axis_tvalid=0)
    pr.save()


async def _cbc(dut):
    pr = Probe(dut, cbc=True)
    ev = pr.events
    await start(dut, ["s_axis_tvalid", "s_key_tvalid", "m_axis_tready", "s_axis_tdata",
                      "s_axis_tslot", "s_axis_tuser", "s_key_tdata", "s_key_slot",
                      "s_axis_tstream", "s_axis_tiv"])
    r = await pr.until(lambda r: r["s_key_tready"], s_key_tvalid=1, s_key_slot=0, s_key_tdata=KEY)
    r = await pr.until(lambda r: r["slot_valid"] & 1, s_key_tvalid=0)
    ev["slot0_valid"] = r["cycle"]
    await pr.step(m_axis_tready=1)
    beats = [(1, 0, 0), (1, 1, 1), (0, 0, 2), (0, 1, 3), (0, 0, 4), (0, 1, 5)]   # (iv, stream, user)
    for iv, sid, user in beats:
        r = await pr.until(lambda r: r["s_axis_tready"], s_axis_tvalid=1, s_axis_tiv=iv,
                           s_axis_tstream=sid, s_axis_tslot=0, s_axis_tuser=user, s_axis_tdata=user)
        ev[f"accept_{user}"] = r["cycle"]
    r = await pr.step(s_axis_tvalid=0)
    for _ in range(MAX_WAIT):
        if any(x["m_axis_tvalid"] and x["m_axis_tuser"] == 5 for x in pr.trace):
            break
        r = await pr.step()
    for u in (2, 3, 4, 5):
        ev[f"out_{u}"] = next(x["cycle"] for x in pr.trace if x["m_axis_tvalid"] and x["m_axis_tuser"] == u)
    for _ in range(3):
        await pr.step()
    pr.save()
