# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for rtl/modes/cbc_encrypt_interleave.v (CBC encryption, interleaved streams).

Parameters arrive as JSON in LC_PARAMS (the RTL parameters plus LC_CIPHER). Expected ciphertext
comes from pycryptodome's CBC mode (DES.MODE_CBC, DES3.MODE_CBC, AES.MODE_CBC) over whole
messages. Random tvalid gaps and tready stalls; the seed is printed (LC_SEED replays it).

The throughput test counts clock cycles (never wall time) for 1 .. NSTREAMS streams and writes
them to cbc_throughput.json in the simulation build directory.
"""
import json
import os
import random
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

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
MAX_WAIT = 200_000


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
        self.cycle = 0
        dut._log.info("seed %d  params %s cipher %s latency %d", seed, P, CIPHER, LATENCY)
        cocotb.start_soon(Clock(dut.clk, 4, unit="ns").start())
        cocotb.start_soon(self._count())
        for sig in ("s_axis_tvalid", "s_key_tvalid", "m_axis_tready", "s_axis_tdata", "s_axis_tstream",
                    "s_axis_tslot", "s_axis_tiv", "s_axis_tuser", "s_key_tdata", "s_key_slot"):
            getattr(dut, sig).value = 0

    async def _count(self):
        while True:
            await RisingEdge(self.dut.clk)
            self.cycle += 1

    async def reset(self, cycles=3):
        self.dut.rst.value = 1
        for _ in range(cycles):
            await RisingEdge(self.dut.clk)
        self.dut.rst.value = 0
        await RisingEdge(self.dut.clk)

    async def load_key(self, slot, key):
        d = self.dut
        await RisingEdge(d.clk)
        d.s_key_tdata.value = int.from_bytes(key, "big")
        d.s_key_slot.value = slot
        d.s_key_tvalid.value = 1
        for _ in range(MAX_WAIT):
            await ReadOnly()
            if d.s_key_tready.value == 1:
                break
            await RisingEdge(d.clk)
        else:
            raise AssertionError("key port never ready")
        await RisingEdge(d.clk)
        d.s_key_tvalid.value = 0
        for _ in range(MAX_WAIT):
            await RisingEdge(d.clk)
            await ReadOnly()
            if (int(d.slot_valid.value) >> slot) & 1:
                await RisingEdge(d.clk)
                return
        raise AssertionError(f"slot {slot} never became valid")

    async def source(self, beats, idle=0.0, accepted=None):
        """Drive beats in order; ``accepted`` gets the cycle of every data (non-IV) beat."""
        d = self.dut
        i, presenting = 0, False
        while i < len(beats):
            await RisingEdge(d.clk)
            if not presenting:
                presenting = self.rng.random() >= idle
            if presenting:
                b = beats[i]
                d.s_axis_tdata.value = int.from_bytes(b.data, "big")
                d.s_axis_tstream.value = b.stream
                d.s_axis_tslot.value = b.slot
                d.s_axis_tiv.value = b.iv
                d.s_axis_tuser.value = b.user
            d.s_axis_tvalid.value = int(presenting)
            await ReadOnly()
            if presenting and d.s_axis_tready.value == 1:
                if accepted is not None and not beats[i].iv:
                    accepted.append(self.cycle)
                i += 1
                presenting = False
        await RisingEdge(d.clk)
        d.s_axis_tvalid.value = 0

    async def sink(self, n, stall=0.0):
        """Collect n beats as (data, stream, user, err, cycle)."""
        d = self.dut
        out = []
        for _ in range(MAX_WAIT):
            if len(out) >= n:
                break
            await RisingEdge(d.clk)
            ready = self.rng.random() >= stall
            d.m_axis_tready.value = int(ready)
            await ReadOnly()
            if ready and d.m_axis_tvalid.value == 1:
                out.append((int(d.m_axis_tdata.value).to_bytes(BB, "big"), int(d.m_axis_tstream.value),
                            int(d.m_axis_tuser.value), int(d.m_axis_terr.value), self.cycle))
        else:
            raise AssertionError(f"sink timed out with {len(out)} of {n} beats")
        await RisingEdge(d.clk)
        d.m_axis_tready.value = 0
        return out

    async def run(self, beats, idle=0.0, stall=0.0, accepted=None):
        data = [b for b in beats if not b.iv]
        src = cocotb.start_soon(self.source(beats, idle, accepted))
        out = await self.sink(len(data), stall)
        await src
        return out, data


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
              "command": ".venv/bin/python -m pytest -m \"slow or not slow\" tests/rtl/test_cbc_interleave.py",
              "results": results}
    path = Path("cbc_throughput.json").resolve()
    path.write_text(json.dumps(report, indent=1) + "\n")
    dut._log.info("throughput written to %s", path)
