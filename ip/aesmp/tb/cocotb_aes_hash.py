# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/aesmp/rtl/aes_hash.v.

Expected values: linecrypt.models.aes_hash, the definition of AES-Hash (its cipher,
linecrypt.models.rijndael, is proven against Gladman's Rijndael-256 vectors). Streams: message
in, digest out and status, each with seeded random stalls. LC_SEED replays a run.
"""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from cocotb_streams import Sink, Source
from linecrypt.models.aes_hash import aes_hash

SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 32)))
SWEEP = int(json.loads(os.environ.get("LC_PARAMS", "{}")).get("SWEEP", 0))   # 1: pytest -m slow


def beats(msg, rng=None):
    """8 bytes a beat, byte 0 in lane 0, the last with the rest (tkeep 2^k - 1); a message that
    fills its last beat is sometimes closed by an extra tkeep = 0 beat instead (both allowed)."""
    out = []
    for i in range(0, len(msg), 8):
        chunk = msg[i:i + 8]
        out.append({"s_tdata": int.from_bytes(chunk, "little"), "s_tkeep": (1 << len(chunk)) - 1,
                    "s_tlast": 0})
    if not out or (rng is not None and len(msg) % 8 == 0 and rng.random() < 0.3):
        out.append({"s_tdata": rng.getrandbits(64) if rng else 0, "s_tkeep": 0, "s_tlast": 1})
    else:
        out[-1]["s_tlast"] = 1
    return out


class Bench:
    def __init__(self, dut, stall=0.0, seed_extra=0):
        self.dut = dut
        s = SEED + 10 * seed_extra
        self.data = Source(dut, "s_tvalid", "s_tready", ["s_tdata", "s_tkeep", "s_tlast"],
                           seed=s, p_idle=stall)
        self.out = Sink(dut, "m_tvalid", "m_tready", ["m_tdata", "m_tkeep", "m_tlast"], seed=s + 1,
                        p_stall=stall)
        self.st = Sink(dut, "st_valid", "st_ready", ["st_err"], seed=s + 2, p_stall=stall)
        self.expected = []

    async def start(self):
        cocotb.start_soon(Clock(self.dut.clk, 10, unit="ns").start())
        self.dut.rst.value = 1
        await ClockCycles(self.dut.clk, 3)
        self.dut.rst.value = 0
        for s in (self.data, self.out, self.st):
            cocotb.start_soon(s.run())
        self.dut._log.info(f"seed {SEED} (LC_SEED replays)")

    def send(self, data_beats, expect, err=0):
        for b in data_beats:
            self.data.put(b)
        self.expected.append((expect, err))

    def hash(self, msg, rng=None):
        self.send(beats(msg, rng), aes_hash(msg))

    async def check(self):
        st = await self.st.wait_for(len(self.expected), clocks=400_000)
        msgs, cur = [], b""
        for b in self.out.items:
            assert b["m_tkeep"] == 0xFF
            cur += b["m_tdata"].to_bytes(8, "little")
            if b["m_tlast"]:
                msgs.append(cur)
                cur = b""
        assert cur == b"", "output ends without m_tlast"
        it = iter(msgs)
        for i, ((exp, err), s) in enumerate(zip(self.expected, st)):
            assert s["st_err"] == err, f"message {i}: st_err {s['st_err']}, expected {err}"
            if err:
                continue
            got = next(it, None)
            assert got == exp, f"message {i}: digest differs\n{got and got.hex()}\n{exp.hex()}"
        assert next(it, None) is None, "more digests than expected"


@cocotb.test()
async def test_lengths_random_stalls(dut):
    """Every length 0..72 (one, two and three padded blocks, each padding boundary) and some
    longer ones, back to back, random stalls on all streams."""
    rng = random.Random(SEED)
    b = Bench(dut, stall=0.3)
    await b.start()
    for n in list(range(73)) + [rng.randrange(73, 400) for _ in range(4)]:
        b.hash(rng.randbytes(n), rng)
    await b.check()


@cocotb.test()
async def test_bad_input(dut):
    """A beat before the last with s_tkeep != 0xff, a last beat with a gap in s_tkeep, a
    malformed single last beat: status error, no digest, and the next message is right."""
    rng = random.Random(SEED + 1)
    b = Bench(dut, stall=0.2, seed_extra=1)
    await b.start()
    good = beats(rng.randbytes(100))
    bad1 = [dict(x) for x in good]
    bad1[2]["s_tkeep"] = 0x7F
    bad2 = [dict(x) for x in good]
    bad2[-1]["s_tkeep"] = 0x05
    bad3 = [{"s_tdata": 0, "s_tkeep": 0x80, "s_tlast": 1}]
    for bts in (bad1, bad2, bad3):
        b.send(bts, b"", err=1)
        b.hash(rng.randbytes(rng.randrange(100)), rng)
    await b.check()


@cocotb.test()
async def test_reset_mid_message(dut):
    """Reset while absorbing and while the digest waits: nothing of that message comes out;
    the next messages are right."""
    rng = random.Random(SEED + 2)
    b = Bench(dut, seed_extra=2)
    await b.start()
    for at, n in ((30, 500), (80, 5)):
        b.out.p_stall = 1.0 if n == 5 else 0.0       # the short one's digest is held
        b.hash(rng.randbytes(n), rng)
        await ClockCycles(dut.clk, at)
        dut.rst.value = 1
        await RisingEdge(dut.clk)
        b.data.clear()
        await ClockCycles(dut.clk, 2)
        dut.rst.value = 0
        b.out.p_stall = 0.0
        await ClockCycles(dut.clk, 2)
        b.out.items.clear()
        b.st.items.clear()
        b.expected.clear()
        await ClockCycles(dut.clk, 50)
        assert not b.out.items and not b.st.items, "output after reset"
    for _ in range(3):
        b.hash(rng.randbytes(rng.randrange(100)), rng)
    await b.check()


@cocotb.test()
async def test_block_rate(dut):
    """A long message without stalls: 17 clocks per 32-byte block (the datasheet's figure)."""
    rng = random.Random(SEED + 3)
    b = Bench(dut, seed_extra=3)
    await b.start()
    nblk = 20
    msg = rng.randbytes(32 * nblk - 9)       # pads to exactly nblk blocks
    b.hash(msg)
    clocks = 0
    while not b.st.items:
        await RisingEdge(dut.clk)
        clocks += 1
    dut._log.info(f"{clocks} clocks for {nblk} blocks")
    assert nblk * 17 <= clocks <= nblk * 17 + 12, clocks
    await b.check()


@cocotb.test(skip=not SWEEP)
async def test_length_sweep(dut):
    """Every length 0..400 and random ones up to 4 KiB, random stalls."""
    rng = random.Random(SEED + 5)
    b = Bench(dut, stall=0.3, seed_extra=5)
    await b.start()
    for n in list(range(401)) + [rng.randrange(4096) for _ in range(20)]:
        b.hash(rng.randbytes(n), rng)
    await b.check()
