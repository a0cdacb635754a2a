# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/aesmp/rtl/fortuna_gen.v.

Expected values: a reference generator written here from pycryptodome AES-256 and hashlib
SHA-256 (the book's generator as linecrypt/models/fortuna.py defines it), checked against that
model on every request. Streams: command, seed in, random bytes out and status, each with seeded
random stalls. LC_SEED replays a run (the seed is logged).
"""
import hashlib
import json
import os
import random

import cocotb
from Crypto.Cipher import AES
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from cocotb_aes_hash import beats
from cocotb_streams import Sink, Source
from linecrypt.models.fortuna import FortunaError, Generator

SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 32)))
SWEEP = int(json.loads(os.environ.get("LC_PARAMS", "{}")).get("SWEEP", 0))   # 1: pytest -m slow
MAX = 1 << 20


class Reference:
    """K, C; reseed K = SHA-256(K || s), C += 1; generate AES-256_K(C) with C little-endian."""

    def __init__(self):
        self.key, self.ctr = bytes(32), 0
        self.model = Generator()

    def reseed(self, s):
        self.key = hashlib.sha256(self.key + s).digest()
        self.ctr = (self.ctr + 1) % (1 << 128)
        self.model.reseed(s)

    def seed(self, s):
        """c_op 2: restart from K = 0, C = 0 and reseed."""
        self.key, self.ctr = bytes(32), 0
        self.model.key, self.model.counter = bytes(32), 0
        self.reseed(s)

    def _blocks(self, k):
        e = AES.new(self.key, AES.MODE_ECB)
        out = b""
        for _ in range(k):
            out += e.encrypt(self.ctr.to_bytes(16, "little"))
            self.ctr = (self.ctr + 1) % (1 << 128)
        return out

    def generate(self, n):
        """The n bytes, or None for a refused request (state unchanged)."""
        try:
            want = self.model.random_data(n)
        except FortunaError:
            want = None
        if self.ctr == 0 or n > MAX:
            assert want is None
            return None
        r = self._blocks(-(-n // 16))[:n]
        self.key = self._blocks(2)
        assert r == want and self.key == self.model.key and self.ctr == self.model.counter
        return r


class Bench:
    def __init__(self, dut, stall=0.0, seed_extra=0):
        self.dut = dut
        s = SEED + 10 * seed_extra
        self.cmd = Source(dut, "c_valid", "c_ready", ["c_op", "c_nbytes"], seed=s, p_idle=stall)
        self.data = Source(dut, "s_tvalid", "s_tready", ["s_tdata", "s_tkeep", "s_tlast"],
                           seed=s + 1, p_idle=stall)
        self.out = Sink(dut, "m_tvalid", "m_tready", ["m_tdata", "m_tkeep", "m_tlast"], seed=s + 2,
                        p_stall=stall)
        self.st = Sink(dut, "st_valid", "st_ready", ["st_err"], seed=s + 3, p_stall=stall)
        self.ref = Reference()
        self.expected = []          # (output bytes or None, err)

    async def start(self):
        cocotb.start_soon(Clock(self.dut.clk, 10, unit="ns").start())
        self.dut.rst.value = 1
        await ClockCycles(self.dut.clk, 3)
        self.dut.rst.value = 0
        for s in (self.cmd, self.data, self.out, self.st):
            cocotb.start_soon(s.run())
        self.dut._log.info(f"seed {SEED} (LC_SEED replays)")

    def reseed(self, s, rng=None):
        self.cmd.put({"c_op": 0})
        for b in beats(s, rng):
            self.data.put(b)
        self.ref.reseed(s)
        self.expected.append((None, 0))

    def seed(self, s, rng=None):
        self.cmd.put({"c_op": 2})
        for b in beats(s, rng):
            self.data.put(b)
        self.ref.seed(s)
        self.expected.append((None, 0))

    def generate(self, n):
        self.cmd.put({"c_op": 1, "c_nbytes": n})
        r = self.ref.generate(n)
        self.expected.append((r, int(r is None)))

    def bad(self, op=None, seed_beats=None):
        self.cmd.put({"c_op": op if op is not None else 0})
        for b in seed_beats or []:
            self.data.put(b)
        self.expected.append((None, 1))

    async def check(self):
        st = await self.st.wait_for(len(self.expected), clocks=400_000)
        msgs, cur = [], b""
        for b in self.out.items:
            k = bin(b["m_tkeep"]).count("1")
            assert b["m_tkeep"] == (1 << k) - 1, f"m_tkeep {b['m_tkeep']:#x} not contiguous"
            assert k == 8 or b["m_tlast"], "a partial beat without m_tlast"
            cur += b["m_tdata"].to_bytes(8, "little")[:k]
            if b["m_tlast"]:
                msgs.append(cur)
                cur = b""
        assert cur == b"", "output ends without m_tlast"
        it = iter(msgs)
        for i, ((exp, err), s) in enumerate(zip(self.expected, st)):
            assert s["st_err"] == err, f"request {i}: st_err {s['st_err']}, expected {err}"
            if not exp:
                continue
            got = next(it, None)
            assert got == exp, f"request {i}: output differs\n{got and got.hex()}\n{exp.hex()}"
        assert next(it, None) is None, "more output than expected"


@cocotb.test()
async def test_requests_random_stalls(dut):
    """GENERATE before seeding fails; then reseeds across the SHA-256 block boundaries (seeds
    of 0..40 bytes and longer) and requests of 0..40 bytes and longer, interleaved, random
    stalls on all streams."""
    rng = random.Random(SEED)
    b = Bench(dut, stall=0.3)
    await b.start()
    b.generate(16)
    for n in range(41):
        b.reseed(rng.randbytes(rng.choice([n, n + 23, rng.randrange(200)])), rng)
        b.generate(n)
        if n % 5 == 0:
            b.generate(rng.randrange(41, 300))
    await b.check()


@cocotb.test()
async def test_bad_input(dut):
    """c_op 3, GENERATE over 2^20 bytes, malformed seed beats (RESEED and SEED): status error,
    no output, the state unchanged (the next request is right); SEED (c_op 2) restarts the
    generator from K = 0, C = 0."""
    rng = random.Random(SEED + 1)
    b = Bench(dut, stall=0.2, seed_extra=1)
    await b.start()
    b.reseed(rng.randbytes(20))
    good = beats(rng.randbytes(30))
    bad1 = [dict(x) for x in good]
    bad1[1]["s_tkeep"] = 0x0F
    bad2 = [dict(x) for x in good]
    bad2[-1]["s_tkeep"] = 0x22
    b.generate(33)
    b.seed(rng.randbytes(20))
    b.generate(40)
    b.bad(op=3)
    b.generate(MAX + 1)
    b.generate(17)
    b.bad(seed_beats=bad1)
    b.generate(8)
    b.bad(seed_beats=bad2)
    b.generate(64)
    b.bad(op=2, seed_beats=bad1)      # a malformed SEED: the state stays
    b.generate(24)
    b.seed(b"")
    b.generate(16)
    await b.check()


@cocotb.test()
async def test_reset(dut):
    """Reset during a reseed and during a long GENERATE: nothing more comes out, the generator
    is unseeded again (GENERATE fails), and a reseed starts it anew."""
    rng = random.Random(SEED + 2)
    b = Bench(dut, seed_extra=2)
    await b.start()
    for at, long_req in ((20, False), (300, True)):
        b.reseed(rng.randbytes(100))
        if long_req:
            b.generate(5000)
        await ClockCycles(dut.clk, at)
        dut.rst.value = 1
        await RisingEdge(dut.clk)
        for s in (b.cmd, b.data):
            s.clear()
        await ClockCycles(dut.clk, 2)
        dut.rst.value = 0
        await ClockCycles(dut.clk, 2)
        b.out.items.clear()
        b.st.items.clear()
        b.expected.clear()
        b.ref = Reference()
        await ClockCycles(dut.clk, 50)
        assert not b.out.items and not b.st.items, "output after reset"
        b.generate(16)
        b.reseed(rng.randbytes(9))
        b.generate(50)
        await b.check()
        b.out.items.clear()
        b.st.items.clear()
        b.expected.clear()


@cocotb.test()
async def test_generate_rate(dut):
    """A 4096-byte request without stalls: 16 clocks per AES-256 block (the datasheet's figure)."""
    b = Bench(dut, seed_extra=3)
    await b.start()
    b.reseed(b"rate")
    await b.st.wait_for(1, clocks=2000)
    n0 = len(b.st.items)
    b.generate(4096)
    clocks = 0
    while len(b.st.items) == n0:
        await RisingEdge(dut.clk)
        clocks += 1
    nblk = 4096 // 16 + 2
    dut._log.info(f"{clocks} clocks for {nblk} blocks")
    assert nblk * 16 <= clocks <= nblk * 16 + 10, clocks
    await b.check()


@cocotb.test(skip=not SWEEP)
async def test_request_sweep(dut):
    """Seeds of 0..150 bytes, requests of 0..600 bytes, interleaved, random stalls."""
    rng = random.Random(SEED + 5)
    b = Bench(dut, stall=0.3, seed_extra=5)
    await b.start()
    for n in range(151):
        b.reseed(rng.randbytes(n), rng)
        b.generate(rng.randrange(601))
    await b.check()
