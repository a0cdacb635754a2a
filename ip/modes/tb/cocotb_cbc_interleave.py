# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/modes/rtl/cbc_encrypt_interleave.v (CBC encryption, interleaved streams).

Parameters arrive as JSON in LC_PARAMS (the RTL parameters plus LC_CIPHER). Expected ciphertext
comes from pycryptodome's CBC mode (DES.MODE_CBC, DES3.MODE_CBC, AES.MODE_CBC) over whole
messages. s_axis_* is driven by a cocotbext-axi AxiStreamSource and watched by an
AxiStreamMonitor, m_axis_* is taken by an AxiStreamSink (cocotb_axis.py binds the ports: tstream
is the AXI-Stream tid, {tslot, tiv, tuser} and {terr, tuser} ride in tuser). Every stream runs
with seeded random tvalid gaps and tready stalls (pause generators); the seed is printed and
LC_SEED replays it. The key port (s_key_*) is driven by hand.

Besides the random streams, an empty slot and the throughput, the bench resets the wrapper
while streams are in flight (what left before is right, nothing stale leaves after, new
messages are right) and reloads a key slot between messages and while other slots' streams
are in flight (later messages use the new key).

The throughput test counts clock cycles (never wall time) for 1 .. NSTREAMS streams and writes
them to cbc_throughput.json in the simulation build directory.
"""
import json
import os
import random
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge, SimTimeoutError, with_timeout
from cocotbext.axi import AxiStreamFrame, AxiStreamMonitor, AxiStreamSink, AxiStreamSource

from cocotb_axis import axis_bus, quiet, set_pauses
from cocotb_shell import CLK_NS, MAX_WAIT, cycle_of, load_key, pulse_reset

P = json.loads(os.environ["LC_PARAMS"])
CIPHER = P.pop("LC_CIPHER")
CORE = P.get("CORE", 0)
TRIPLE = P.get("TRIPLE", 1)
KEY_BITS = P.get("KEY_BITS", 192)
STAGES = P.get("STAGES", 1)
NSLOTS = P.get("NSLOTS", 4)
NSTREAMS = P.get("NSTREAMS", 64)
USER_WIDTH = P.get("USER_WIDTH", 8)
BB = 16 if CORE else 8
KB = KEY_BITS // 8
# the core's latency (des_core / aes_core LATENCY parameter)
LATENCY = 1 + ((KEY_BITS // 32 + 6) if CORE else (48 if TRIPLE else 16)) * STAGES
# one CBC stream's period: the core's input-to-m_axis latency (LATENCY + the FIFO's 3 clocks)
# + the wrapper's input register stage + the clock the ciphertext takes into the chaining memory
PERIOD = LATENCY + 5
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 30)))

def cbc_encrypt(key: bytes, iv: bytes, msg: bytes) -> bytes:
    """Reference CBC encryption by pycryptodome (an implementation we did not write)."""
    if CIPHER == "aes":
        from Crypto.Cipher import AES
        return AES.new(key, AES.MODE_CBC, iv=iv).encrypt(msg)
    if CIPHER == "des":
        from Crypto.Cipher import DES
        return DES.new(key, DES.MODE_CBC, iv=iv).encrypt(msg)
    from Crypto.Cipher import DES3
    return DES3.new(key, DES3.MODE_CBC, iv=iv).encrypt(msg)


def new_key(rng: random.Random) -> bytes:
    """A random key pycryptodome accepts (3DES: K1 != K2 != K3 after dropping parity bits)."""
    while True:
        k = rng.randbytes(KB)
        if CIPHER != "3des":
            return k
        parts = [bytes(b & 0xFE for b in k[i:i + 8]) for i in (0, 8, 16)]
        if parts[0] != parts[1] and parts[1] != parts[2]:
            return k


class Beat:
    __slots__ = ("iv", "stream", "slot", "data", "user", "expect")

    def __init__(self, iv, stream, slot, data, user, expect=None):
        self.iv, self.stream, self.slot, self.data, self.user, self.expect = iv, stream, slot, data, user, expect


def message_beats(rng, stream, slot, key, nblocks):
    """[IV beat, block beats...] for one message, each block beat carrying its expected ciphertext."""
    iv = rng.randbytes(BB)
    msg = rng.randbytes(BB * nblocks)
    ct = cbc_encrypt(key, iv, msg)
    beats = [Beat(1, stream, slot, iv, rng.randrange(1 << USER_WIDTH))]
    for i in range(nblocks):
        beats.append(Beat(0, stream, slot, msg[i * BB:(i + 1) * BB], rng.randrange(1 << USER_WIDTH),
                          ct[i * BB:(i + 1) * BB]))
    return beats


def interleave(rng, queues, mode="random"):
    """Merge per-stream beat lists keeping each stream's order (random pick or round-robin)."""
    queues = [list(q) for q in queues if q]
    out = []
    if mode == "round_robin":
        while queues:
            for q in queues:
                out.append(q.pop(0))
            queues = [q for q in queues if q]
        return out
    while queues:
        q = rng.choice(queues)
        out.append(q.pop(0))
        if not q:
            queues.remove(q)
    return out


class TB:
    def __init__(self, dut, seed=SEED):
        self.dut = dut
        self.rng = random.Random(seed)
        # the pause generators draw from their own generators, so a replay needs only the seed
        self.src_rng = random.Random(seed * 2 + 1)
        self.snk_rng = random.Random(seed * 2 + 2)
        dut._log.info("seed %d  params %s cipher %s latency %d", seed, P, CIPHER, LATENCY)
        cocotb.start_soon(Clock(dut.clk, CLK_NS, unit="ns").start())
        for sig in ("s_key_tvalid", "s_key_tdata", "s_key_slot"):
            getattr(dut, sig).value = 0
        # s_axis_* / m_axis_* through cocotbext-axi: tstream is the AXI-Stream tid (the stream
        # a beat belongs to); tuser carries {tslot, tiv, tuser} in, {terr, tuser} out
        in_ports = dict(tdata="s_axis_tdata", tvalid="s_axis_tvalid", tready="s_axis_tready",
                        tid="s_axis_tstream", tuser=("s_axis_tslot", "s_axis_tiv", "s_axis_tuser"))
        self.source = AxiStreamSource(axis_bus(dut, **in_ports), dut.clk, dut.rst, byte_lanes=1)
        self.monitor = AxiStreamMonitor(axis_bus(dut, **in_ports), dut.clk, dut.rst, byte_lanes=1)
        self.sink = AxiStreamSink(axis_bus(dut, tdata="m_axis_tdata", tvalid="m_axis_tvalid",
                                           tready="m_axis_tready", tid="m_axis_tstream",
                                           tuser=("m_axis_terr", "m_axis_tuser")),
                                  dut.clk, dut.rst, byte_lanes=1)
        quiet(self.source, self.monitor, self.sink)

    async def reset(self, cycles=3):
        await pulse_reset(self.dut, cycles)

    async def load_key(self, slot, key, wait=True):
        return await load_key(self.dut, slot, key, wait)

    def send(self, beats, idle=0.0):
        """Queue beats in order on the source; tvalid gaps with probability idle."""
        set_pauses(self.source, self.src_rng, idle)
        for b in beats:
            self.source.send_nowait(AxiStreamFrame([int.from_bytes(b.data, "big")], tid=b.stream,
                                                   tuser=in_user(b)))

    async def receive(self, n, stall=0.0):
        """Collect n beats as (data, stream, user, err, cycle); tready stalls with probability stall."""
        set_pauses(self.sink, self.snk_rng, stall)

        async def collect():
            return [out_beat(await self.sink.recv()) for _ in range(n)]
        try:
            return await with_timeout(collect(), MAX_WAIT * CLK_NS, "ns")
        except SimTimeoutError:
            raise AssertionError(f"sink timed out: {self.sink.count()} beats waiting, {n} expected") from None

    def accepted(self, beats):
        """Cycles at which the input took the data (non-IV) beats (from the monitor), checked
        against the beats sent."""
        cycles = []
        for n, b in enumerate(beats):
            f = self.monitor.recv_nowait()
            assert (f.tdata[0], f.tid, f.tuser) == (int.from_bytes(b.data, "big"), b.stream, in_user(b)), \
                f"input beat {n} seen by the monitor is not the one sent"
            if not b.iv:
                cycles.append(cycle_of(f.sim_time_start))
        return cycles

    async def run(self, beats, idle=0.0, stall=0.0, accepted=None):
        data = [b for b in beats if not b.iv]
        self.send(beats, idle)
        out = await self.receive(len(data), stall)
        await self.source.wait()
        acc = self.accepted(beats)
        if accepted is not None:
            accepted.extend(acc)
        return out, data


def in_user(b):
    """The source's tuser word: {tslot, tiv, tuser}."""
    return (((b.slot << 1) | b.iv) << USER_WIDTH) | b.user


def out_beat(f):
    """(data, stream, user, err, cycle) of a sink frame; its tuser word is {terr, tuser}."""
    return (f.tdata[0].to_bytes(BB, "big"), f.tid, f.tuser & ((1 << USER_WIDTH) - 1),
            f.tuser >> USER_WIDTH, cycle_of(f.sim_time_start))


def check(out, data, errors_ok=False):
    assert len(out) == len(data)
    for n, ((got, stream, user, err, _), b) in enumerate(zip(out, data)):
        assert stream == b.stream, f"beat {n}: stream {stream} != {b.stream} (outputs must keep input order)"
        assert user == b.user, f"beat {n}: user {user:#x} != {b.user:#x}"
        if b.expect is None:
            assert errors_ok and err == 1 and got == bytes(BB), f"beat {n}: expected an error beat"
            continue
        assert err == 0, f"beat {n}: unexpected error flag"
        assert got == b.expect, f"beat {n} stream {stream}: {got.hex()} != {b.expect.hex()}"


async def setup(dut):
    tb = TB(dut)
    await tb.reset()
    keys = [new_key(tb.rng) for _ in range(NSLOTS)]
    for s, k in enumerate(keys):
        await tb.load_key(s, k)
    return tb, keys


@cocotb.test()
async def test_cbc_streams_random_stalls(dut):
    """Several messages per stream, streams randomly interleaved, random stalls on both sides."""
    tb, keys = await setup(dut)
    rng = tb.rng
    for idle, stall in ((0.3, 0.3), (0.0, 0.6), (0.6, 0.0), (0.0, 0.0)):
        nstreams = rng.choice([1, 2, 3, max(2, NSTREAMS // 4), NSTREAMS])
        queues = []
        for s in rng.sample(range(NSTREAMS), nstreams):
            q = []
            for _ in range(rng.randrange(1, 4)):
                slot = rng.randrange(NSLOTS)
                q += message_beats(rng, s, slot, keys[slot], rng.randrange(1, 13))
            queues.append(q)
        beats = interleave(rng, queues)
        out, data = await tb.run(beats, idle=idle, stall=stall)
        check(out, data)
        dut._log.info("idle %.1f stall %.1f: %d streams, %d blocks ok", idle, stall, nstreams, len(data))


@cocotb.test()
async def test_cbc_empty_slot_and_restart(dut):
    """A message naming an empty key slot comes out flagged with zero data, nothing hangs, and the
    stream works again after a new IV with a loaded slot."""
    tb = TB(dut)
    await tb.reset()
    key = new_key(tb.rng)
    await tb.load_key(0, key)
    rng = tb.rng
    bad = [Beat(1, 3, 1, rng.randbytes(BB), 0)] + \
          [Beat(0, 3, 1, rng.randbytes(BB), i) for i in range(4)]          # slot 1 is empty
    good_other = message_beats(rng, 5, 0, key, 6)
    good_again = message_beats(rng, 3, 0, key, 5)
    beats = interleave(rng, [bad + good_again, good_other])
    out, data = await tb.run(beats, idle=0.2, stall=0.2)
    check(out, data, errors_ok=True)


@cocotb.test()
async def test_cbc_throughput(dut):
    """Sustained blocks per clock for 1 .. NSTREAMS streams, no stalls, round-robin input.
    Asserted: every N reaches at least 97 % of the model min(1, N / PERIOD)."""
    tb, keys = await setup(dut)
    rng = tb.rng
    counts = sorted({1, 2, 4, 8, LATENCY // 2, LATENCY, PERIOD, NSTREAMS} - {0})
    counts = [n for n in counts if n <= NSTREAMS]
    results = []
    for n in counts:
        per_stream = max(2, min(40, 1200 // n))
        queues = [message_beats(rng, s, s % NSLOTS, keys[s % NSLOTS], per_stream) for s in range(n)]
        beats = [q[0] for q in queues] + interleave(rng, [q[1:] for q in queues], "round_robin")
        accepted = []
        out, data = await tb.run(beats, accepted=accepted)
        check(out, data)
        blocks = len(data)
        # mean rate between the first and the last block entering the core
        sustained = (blocks - 1) / (accepted[-1] - accepted[0])
        end_to_end = blocks / (out[-1][4] - accepted[0] + 1)
        ideal = min(1.0, n / PERIOD)
        results.append({"streams": n, "blocks": blocks,
                        "cycles_first_in_to_last_in": accepted[-1] - accepted[0] + 1,
                        "cycles_first_in_to_last_out": out[-1][4] - accepted[0] + 1,
                        "blocks_per_cycle": round(sustained, 4),
                        "blocks_per_cycle_first_in_to_last_out": round(end_to_end, 4),
                        "model_min_1_N_over_period": round(ideal, 4)})
        dut._log.info("CBC %s, %2d stream(s): %.4f blocks/cycle sustained (%d blocks in %d cycles), "
                      "%.4f first-in..last-out; model min(1, N/PERIOD) = %.4f",
                      CIPHER, n, sustained, blocks, accepted[-1] - accepted[0] + 1, end_to_end, ideal)
        # the wrapper must reach the model: one block per PERIOD clocks per stream, at most 1
        assert sustained >= 0.97 * ideal, \
            f"{n} streams: {sustained:.3f} blocks/cycle, model min(1, N/{PERIOD}) = {ideal:.3f}"
    report = {"cipher": CIPHER, "params": P, "core_latency": LATENCY, "period": PERIOD, "seed": SEED,
              "command": ".venv/bin/python -m pytest -m \"slow or not slow\" ip/modes/tb/test_cbc_interleave.py",
              "results": results}
    path = Path("cbc_throughput.json").resolve()
    path.write_text(json.dumps(report, indent=1) + "\n")
    dut._log.info("throughput written to %s", path)


def random_messages(rng, streams, keys, slots, per_stream=(1, 3), blocks=(1, 9)):
    """Per stream in ``streams``: a few messages on random slots of ``slots``, interleaved."""
    queues = []
    for s in streams:
        q = []
        for _ in range(rng.randrange(*per_stream)):
            slot = rng.choice(slots)
            q += message_beats(rng, s, slot, keys[slot], rng.randrange(*blocks))
        queues.append(q)
    return interleave(rng, queues)


@cocotb.test()
async def test_cbc_reset_mid_stream(dut):
    """Reset while many streams have blocks in the core and in the output FIFO: the ciphertext
    that left before the reset is right, nothing comes out after it (no stale block, m_axis_tvalid
    stays low for longer than the pipeline), the key slots and stream_busy clear, and new
    messages on the same streams (new IVs, keys loaded again) are right."""
    tb, keys = await setup(dut)
    rng = tb.rng
    streams = rng.sample(range(NSTREAMS), min(NSTREAMS, PERIOD))
    beats = random_messages(rng, streams, keys, list(range(NSLOTS)), blocks=(4, 13))
    data = [b for b in beats if not b.iv]
    tb.send(beats, idle=0.1)
    set_pauses(tb.sink, tb.snk_rng, 0.5)
    for _ in range(2 * PERIOD):                 # well inside the message set
        await RisingEdge(dut.clk)
    await ReadOnly()
    assert int(dut.stream_busy.value) != 0, "no stream in flight when the reset comes"
    await RisingEdge(dut.clk)
    tb.source.clear()                           # the beat on the bus now is dropped by the reset
    tb.sink.clear_pause_generator()
    tb.sink.pause = True                        # after the reset: m_axis_tready low
    await tb.reset()
    before = [out_beat(tb.sink.recv_nowait()) for _ in range(tb.sink.count())]
    assert 0 < len(before) < len(data), f"{len(before)} of {len(data)} blocks left before the reset"
    check(before, data[:len(before)])
    tb.monitor.clear()
    await ReadOnly()
    assert dut.m_axis_tvalid.value == 0, "output still valid after reset"
    assert int(dut.slot_valid.value) == 0, "key slots survived reset"
    assert int(dut.stream_busy.value) == 0, "streams still busy after reset"
    for _ in range(LATENCY + 40):               # nothing left in the pipe comes out
        await RisingEdge(dut.clk)
        await ReadOnly()
        assert dut.m_axis_tvalid.value == 0, "a block from before the reset came out"
    await RisingEdge(dut.clk)
    assert tb.sink.empty()
    keys = [new_key(rng) for _ in range(NSLOTS)]
    for s, k in enumerate(keys):
        await tb.load_key(s, k)
    beats = random_messages(rng, streams, keys, list(range(NSLOTS)))
    out, data = await tb.run(beats, idle=0.3, stall=0.3)
    check(out, data)
    dut._log.info("%d blocks out before the reset, %d blocks after it ok", len(before), len(data))


@cocotb.test()
async def test_cbc_key_reload(dut):
    """Reload a key slot between messages, then while other slots' streams are in flight: the
    messages after the reload use the new key, those on the other slots keep theirs."""
    tb, keys = await setup(dut)
    rng = tb.rng
    # between messages: slot 0 with one key, reloaded once the input is drained, then again
    streams = rng.sample(range(NSTREAMS), min(NSTREAMS, 8))
    for _ in range(2):
        beats = random_messages(rng, streams, keys, [0])
        out, data = await tb.run(beats, idle=0.2, stall=0.2)
        check(out, data)
        keys[0] = new_key(rng)
        await tb.load_key(0, keys[0])
    beats = random_messages(rng, streams, keys, [0])
    out, data = await tb.run(beats, idle=0.2, stall=0.2)
    check(out, data)
    # while streams on slots 1 .. NSLOTS-1 are in flight, reload slot 0 (nothing in flight uses
    # it), then messages on slot 0 with the new key on the same streams, and more on the others
    others = list(range(1, NSLOTS))
    streams = rng.sample(range(NSTREAMS), min(NSTREAMS, PERIOD))
    first = random_messages(rng, streams, keys, others, blocks=(6, 13))
    data_first = [b for b in first if not b.iv]
    tb.send(first, idle=0.2)
    recv = cocotb.start_soon(tb.receive(len(data_first), stall=0.2))
    for _ in range(PERIOD):
        await RisingEdge(dut.clk)
    await ReadOnly()
    assert int(dut.stream_busy.value) != 0, "no stream in flight when the key is loaded"
    await RisingEdge(dut.clk)
    keys[0] = new_key(rng)
    await tb.load_key(0, keys[0])
    dut._log.info("slot 0 reloaded with %d of %d first beats still queued", tb.source.count(), len(first))
    second = random_messages(rng, streams, keys, list(range(NSLOTS)))
    data_second = [b for b in second if not b.iv]
    tb.send(second, idle=0.2)
    out = await recv
    check(out, data_first)
    out = await tb.receive(len(data_second), stall=0.2)
    check(out, data_second)
    await tb.source.wait()
    tb.accepted(first + second)
    dut._log.info("key reload: %d blocks before, %d after the reload ok", len(data_first), len(data_second))
