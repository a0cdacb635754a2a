# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for any LineCrypt block-cipher core (same ports as ip/aes/rtl/aes_core.v).

Parameters arrive as JSON in LC_PARAMS (the RTL parameters plus LC_CIPHER, LC_BLOCK_BITS).
s_axis_* is driven by a cocotbext-axi AxiStreamSource and watched by an AxiStreamMonitor (the
cycle each block was taken), m_axis_* is taken by an AxiStreamSink (cocotb_axis.py binds the
ports: tslot rides in tuser's top bits on the input, terr on the output). Every stream runs with
seeded random tvalid gaps and tready stalls (pause generators); the seed is printed and LC_SEED
replays it. The key port (s_key_*) is driven by hand.
Expected values come from an independent library (linecrypt.oracles.blockciphers).
"""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge, SimTimeoutError, with_timeout
from cocotbext.axi import AxiStreamFrame, AxiStreamMonitor, AxiStreamSink, AxiStreamSource

from cocotb_axis import axis_bus, quiet, set_pauses
from cocotb_shell import CLK_NS, MAX_WAIT, cycle_of, load_key, pulse_reset, wait_slot

from linecrypt.oracles.blockciphers import reference

P = json.loads(os.environ["LC_PARAMS"])
CIPHER = P.pop("LC_CIPHER")
BLOCK_BITS = P.pop("LC_BLOCK_BITS")
VECTORS = P.pop("LC_VECTORS", [])
KEY_BITS = P.pop("LC_KEY_BITS", None) or P["KEY_BITS"]   # cores with a fixed key size pass LC_KEY_BITS
DECRYPT = bool(P.get("DECRYPT", 0))
NSLOTS = P.get("NSLOTS", 4)
USER_WIDTH = P.get("USER_WIDTH", 8)
BB = BLOCK_BITS // 8
KB = KEY_BITS // 8
REF = reference(CIPHER, DECRYPT)
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 30)))

class TB:
    def __init__(self, dut, seed=SEED):
        self.dut = dut
        self.rng = random.Random(seed)
        # the pause generators draw from their own generators, so a replay needs only the seed
        self.src_rng = random.Random(seed * 2 + 1)
        self.snk_rng = random.Random(seed * 2 + 2)
        dut._log.info("seed %d  params %s cipher %s", seed, P, CIPHER)
        cocotb.start_soon(Clock(dut.clk, CLK_NS, unit="ns").start())
        dut.s_key_tvalid.value = 0
        dut.s_key_tdata.value = 0
        dut.s_key_slot.value = 0
        # s_axis_* and m_axis_* through cocotbext-axi; tslot and terr ride in tuser's top bits
        self.source = AxiStreamSource(axis_bus(dut, tdata="s_axis_tdata", tvalid="s_axis_tvalid",
                                               tready="s_axis_tready",
                                               tuser=("s_axis_tslot", "s_axis_tuser")),
                                      dut.clk, dut.rst, byte_lanes=1)
        self.monitor = AxiStreamMonitor(axis_bus(dut, tdata="s_axis_tdata", tvalid="s_axis_tvalid",
                                                 tready="s_axis_tready",
                                                 tuser=("s_axis_tslot", "s_axis_tuser")),
                                        dut.clk, dut.rst, byte_lanes=1)
        self.sink = AxiStreamSink(axis_bus(dut, tdata="m_axis_tdata", tvalid="m_axis_tvalid",
                                           tready="m_axis_tready",
                                           tuser=("m_axis_terr", "m_axis_tuser")),
                                  dut.clk, dut.rst, byte_lanes=1)
        quiet(self.source, self.monitor, self.sink)

    async def reset(self, cycles=3):
        await pulse_reset(self.dut, cycles)

    async def load_key(self, slot, key, wait=True):
        return await load_key(self.dut, slot, key, wait)

    async def wait_slot(self, slot):
        await wait_slot(self.dut, slot)

    def send(self, items, idle=0.0):
        """Queue items, a list of (slot, block, user), on the source; tvalid gaps with probability idle."""
        set_pauses(self.source, self.src_rng, idle)
        for slot, block, user in items:
            self.source.send_nowait(AxiStreamFrame([int.from_bytes(block, "big")],
                                                   tuser=(slot << USER_WIDTH) | user))

    async def receive(self, n, stall=0.0):
        """Collect n beats as (block, user, err, cycle); tready stalls with probability stall."""
        set_pauses(self.sink, self.snk_rng, stall)

        async def collect():
            out = []
            for _ in range(n):
                f = await self.sink.recv()
                tuser = f.tuser
                out.append((f.tdata[0].to_bytes(BB, "big"), tuser & ((1 << USER_WIDTH) - 1),
                            tuser >> USER_WIDTH, cycle_of(f.sim_time_start)))
            return out
        try:
            return await with_timeout(collect(), MAX_WAIT * CLK_NS, "ns")
        except SimTimeoutError:
            raise AssertionError(f"sink timed out: {self.sink.count()} beats waiting, {n} expected") from None

    def accepted(self, items):
        """Cycles at which the input took ``items`` (from the monitor), checked against them."""
        cycles = []
        for n, (slot, block, user) in enumerate(items):
            f = self.monitor.recv_nowait()
            assert (f.tdata[0], f.tuser) == (int.from_bytes(block, "big"), (slot << USER_WIDTH) | user), \
                f"input beat {n} seen by the monitor is not the one sent"
            cycles.append(cycle_of(f.sim_time_start))
        return cycles

    async def stream(self, items, idle=0.0, stall=0.0, accepted=None):
        self.send(items, idle)
        out = await self.receive(len(items), stall)
        await self.source.wait()
        acc = self.accepted(items)
        if accepted is not None:
            accepted.extend(acc)
        return out


def reference_outputs(items, keys_per_item):
    """Expected outputs, one oracle call per distinct key (the oracles may be child processes)."""
    groups = {}
    for n, ((_, block, _), key) in enumerate(zip(items, keys_per_item)):
        groups.setdefault(key, []).append((n, block))
    exp = [None] * len(items)
    for key, members in groups.items():
        for (n, _), out in zip(members, REF(key, [b for _, b in members])):
            exp[n] = out
    return exp


def check(out, items, keys_per_item):
    assert len(out) == len(items)
    exp_all = reference_outputs(items, keys_per_item)
    for n, ((got, user, err, _), (slot, block, u), key, exp) in enumerate(
            zip(out, items, keys_per_item, exp_all)):
        assert err == 0, f"beat {n}: unexpected error flag"
        assert user == u, f"beat {n}: user {user:#x} != {u:#x}"
        assert got == exp, f"beat {n} slot {slot}: {got.hex()} != {exp.hex()} (key {key.hex()}, in {block.hex()})"


def rand_items(rng, n, slots):
    return [(rng.choice(slots), rng.randbytes(BB), rng.randrange(1 << USER_WIDTH)) for _ in range(n)]


@cocotb.test()
async def test_published_vectors(dut):
    """Published vectors (FIPS-197 / CAVP / NESSIE ...), one slot per key, slots rotating."""
    tb = TB(dut)
    await tb.reset()
    assert VECTORS, "no vectors handed to the testbench"
    items, keys = [], []
    for n in range(0, len(VECTORS), NSLOTS):
        chunk = VECTORS[n:n + NSLOTS]
        for s, (k, pt, ct) in enumerate(chunk):
            await tb.load_key(s, bytes.fromhex(k))
        items = [(s, bytes.fromhex(ct if DECRYPT else pt), s) for s, (k, pt, ct) in enumerate(chunk)]
        out = await tb.stream(items, idle=0.3, stall=0.3)
        for (got, _, err, _), (k, pt, ct) in zip(out, chunk):
            assert err == 0
            assert got.hex() == (pt if DECRYPT else ct).lower(), (k, pt, ct, got.hex())
    dut._log.info("%d published vectors passed", len(VECTORS))


@cocotb.test()
async def test_random_stalls_all_slots(dut):
    """Random blocks (LC_RANDOM_BLOCKS, 900; `make test-long` 3000), random slot per block, random
    stalls on both sides."""
    tb = TB(dut)
    await tb.reset()
    keys = [tb.rng.randbytes(KB) for _ in range(NSLOTS)]
    for s, k in enumerate(keys):
        await tb.load_key(s, k)
    n = int(os.environ.get("LC_RANDOM_BLOCKS", "900"))
    for idle, stall in ((0.5, 0.5), (0.0, 0.7), (0.7, 0.0)):
        items = rand_items(tb.rng, n // 3, list(range(NSLOTS)))
        out = await tb.stream(items, idle=idle, stall=stall)
        check(out, items, [keys[s] for s, _, _ in items])


@cocotb.test()
async def test_zero_bubbles_slot_switch_every_block(dut):
    """No stalls: one block per clock in and out, changing slot on every block."""
    tb = TB(dut)
    await tb.reset()
    keys = [tb.rng.randbytes(KB) for _ in range(NSLOTS)]
    for s, k in enumerate(keys):
        await tb.load_key(s, k)
    items = [(i % NSLOTS, tb.rng.randbytes(BB), i % (1 << USER_WIDTH)) for i in range(400)]
    accepted = []
    out = await tb.stream(items, accepted=accepted)
    check(out, items, [keys[s] for s, _, _ in items])
    cycles_in = accepted[-1] - accepted[0] + 1
    cycles_out = out[-1][3] - out[0][3] + 1
    assert cycles_in == len(items), f"input took {cycles_in} cycles for {len(items)} blocks"
    assert cycles_out == len(items), f"output took {cycles_out} cycles for {len(items)} blocks"
    dut._log.info("latency %d cycles, %d blocks in %d cycles", out[0][3] - accepted[0], len(items), cycles_out)


@cocotb.test()
async def test_key_reload_while_streaming(dut):
    """Reload slots while other slots stream; blocks admitted before the key command keep the old key."""
    tb = TB(dut)
    await tb.reset()
    keys = [tb.rng.randbytes(KB) for _ in range(NSLOTS)]
    for s, k in enumerate(keys):
        await tb.load_key(s, k)
    items = rand_items(tb.rng, 1200, list(range(NSLOTS)))
    tb.send(items, idle=0.2)
    snk = cocotb.start_soon(tb.receive(len(items), stall=0.2))
    history = [[(-1, k)] for k in keys]          # per slot: (accept cycle of key cmd, key)
    for _ in range(6):
        for _ in range(tb.rng.randrange(50, 200)):
            await RisingEdge(dut.clk)
        slot = tb.rng.randrange(NSLOTS)
        new = tb.rng.randbytes(KB)
        fired = await tb.load_key(slot, new, wait=False)
        history[slot].append((fired, new))
    out = await snk
    accepted = tb.accepted(items)

    def key_at(slot, cyc):
        k = history[slot][0][1]
        for fired, kk in history[slot]:
            if fired < cyc:     # key command accepted strictly before this block was
                k = kk
        return k
    check(out, items, [key_at(s, c) for (s, _, _), c in zip(items, accepted)])


@cocotb.test()
async def test_unloaded_slot_reports_error(dut):
    """A block naming an empty slot comes out flagged with zero data; nothing hangs."""
    tb = TB(dut)
    await tb.reset()
    key = tb.rng.randbytes(KB)
    await tb.load_key(0, key)
    items = [(i % 2, tb.rng.randbytes(BB), i) for i in range(20)]   # slot 1 is empty
    out = await tb.stream(items, idle=0.3, stall=0.3)
    exp = reference_outputs(items, [key] * len(items))
    for (got, user, err, _), (slot, block, u), e in zip(out, items, exp):
        assert user == u
        if slot == 1:
            assert err == 1 and got == bytes(BB)
        else:
            assert err == 0 and got == e


@cocotb.test()
async def test_reset_mid_stream(dut):
    """Reset while blocks are in flight: outputs and key slots clear, then everything works."""
    tb = TB(dut)
    await tb.reset()
    keys = [tb.rng.randbytes(KB) for _ in range(NSLOTS)]
    for s, k in enumerate(keys):
        await tb.load_key(s, k)
    items = rand_items(tb.rng, 300, list(range(NSLOTS)))
    tb.sink.clear_pause_generator()
    tb.sink.pause = True                       # m_axis_tready low: let the FIFO fill, then reset
    tb.send(items, idle=0.1)
    for _ in range(40):
        await RisingEdge(dut.clk)
    tb.source.clear()                          # the beat on the bus now is dropped by the reset
    # also reset in the middle of a key load
    key_task = cocotb.start_soon(tb.load_key(1, tb.rng.randbytes(KB), wait=False))
    await RisingEdge(dut.clk)
    await RisingEdge(dut.clk)
    await key_task
    await tb.reset()
    tb.monitor.clear()                         # blocks taken before the reset
    await ReadOnly()
    assert dut.m_axis_tvalid.value == 0, "output still valid after reset"
    assert int(dut.slot_valid.value) == 0, "key slots survived reset"
    assert tb.sink.empty(), "a block left with m_axis_tready low"
    for _ in range(60):                      # nothing left in the pipe comes out
        await RisingEdge(dut.clk)
        await ReadOnly()
        assert dut.m_axis_tvalid.value == 0
    await RisingEdge(dut.clk)
    for s, k in enumerate(keys):
        await tb.load_key(s, k)
    items = rand_items(tb.rng, 200, list(range(NSLOTS)))
    out = await tb.stream(items, idle=0.3, stall=0.3)
    check(out, items, [keys[s] for s, _, _ in items])
