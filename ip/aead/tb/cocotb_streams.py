# SPDX-License-Identifier: Apache-2.0
"""Valid/ready field-bundle streams for cocotb benches: a stream is a set of named ports plus a
valid and a ready port (e.g. the engines' command stream s_cmd_op, s_cmd_slot, ...,
s_cmd_tvalid, s_cmd_tready). cocotbext-axi covers tdata/tkeep/tuser buses; these cover the
many-field command, descriptor and status streams, with seeded random stalls on both sides.

Both sample the handshake at the rising edge, as the DUT does (the values before the edge's
updates, as cocotbext-axi reads them), then drive the next values."""
import random

from cocotb.triggers import RisingEdge

MAX_IDLE = 100_000     # clocks a stream may wait for its partner before the bench calls it hung


class Source:
    """Drives queued items (dicts: port name -> int) on ``fields``, one per handshake; with
    ``p_idle`` it leaves valid low on a random share of the clocks."""

    def __init__(self, dut, valid, ready, fields, seed=1, p_idle=0.0):
        self.dut, self.fields = dut, fields
        self.v, self.r = getattr(dut, valid), getattr(dut, ready)
        self.name = valid
        self.rng = random.Random(seed)
        self.p_idle = p_idle
        self.queue = []
        self.sent = 0
        self.v.value = 0

    def put(self, item):
        self.queue.append(item)

    def clear(self):
        self.queue.clear()
        self.v.value = 0

    async def run(self):
        waited = 0
        while True:
            await RisingEdge(self.dut.clk)
            if int(self.v.value):
                if int(self.r.value):
                    self.queue.pop(0)
                    self.sent += 1
                    waited = 0
                else:
                    waited += 1
                    assert waited < MAX_IDLE, f"{self.name}: no ready for {MAX_IDLE} clocks"
                    continue                      # valid stays up with the same item
            if self.queue and self.rng.random() >= self.p_idle:
                for f in self.fields:
                    getattr(self.dut, f).value = self.queue[0].get(f, 0)
                self.v.value = 1
            else:
                self.v.value = 0


class Sink:
    """Records dicts of ``fields`` at each handshake; ``ready`` is low on a random share
    ``p_stall`` of the clocks."""

    def __init__(self, dut, valid, ready, fields, seed=2, p_stall=0.0):
        self.dut, self.fields = dut, fields
        self.v, self.r = getattr(dut, valid), getattr(dut, ready)
        self.name = valid
        self.rng = random.Random(seed)
        self.p_stall = p_stall
        self.items = []
        self.r.value = 0

    async def run(self):
        while True:
            await RisingEdge(self.dut.clk)
            if int(self.v.value) and int(self.r.value):
                self.items.append({f: int(getattr(self.dut, f).value) for f in self.fields})
            self.r.value = int(self.rng.random() >= self.p_stall)

    async def wait_for(self, n, clocks=MAX_IDLE):
        for _ in range(clocks):
            if len(self.items) >= n:
                return self.items[:n]
            await RisingEdge(self.dut.clk)
        raise AssertionError(f"{self.name}: {len(self.items)} of {n} items after {clocks} clocks")
