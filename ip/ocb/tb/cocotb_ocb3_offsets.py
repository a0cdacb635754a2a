# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/ocb/rtl/ocb3_offset_gen.v (ocb3_ltable + ocb3_offsets, N lanes).

Reference: linecrypt.models.ocb (l_table, offsets, ntz; proven against RFC 7253, pyca and
pycryptodome in tests/models/test_ocb_model.py) over pycryptodome's AES, which also gives
L_* = E_K(0^128) to the table's write port. Each message command (slot, Offset_0, m blocks 0..200,
partial-final-block flag) must come out as ceil(m/N) beats (one for m = 0) carrying
Offset_1..Offset_m lane by lane, m_keep, m_last, and on the last beat Offset_* = Offset_m xor L_*
and the tag offset (Offset_* or Offset_m) xor L_$. Offset_0 is a real initial offset
(initial_offset of a random nonce) or zero (the AD hash). Random valid/ready duty cycles, a
full-rate phase that must show one beat per clock with no idle clock between messages (1-beat
messages included), reset in the middle (keys reloaded after it). LC_PARAMS: N, NSLOTS, LMAX,
USER_W, MAXBLOCKS (largest m drawn), BIG (extra messages of 2^(LMAX+1) - 1 blocks).
The seed is printed (LC_SEED replays it).
"""
import json
import os
import random
from collections import deque

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge
from Crypto.Cipher import AES

from linecrypt.models import ocb

P = json.loads(os.environ["LC_PARAMS"])
N, NSLOTS, LMAX, USER_W = (int(P[k]) for k in ("N", "NSLOTS", "LMAX", "USER_W"))
MAXBLOCKS = int(P.get("MAXBLOCKS", 200))
BIG = int(P.get("BIG", 0))
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 30)))
M128 = ocb.MASK128


class PyAES:
    def __init__(self, key: bytes):
        self._ecb = AES.new(key, AES.MODE_ECB)

    def encrypt_block(self, block: bytes) -> bytes:
        return self._ecb.encrypt(block)


def i128(b: bytes) -> int:
    return int.from_bytes(b, "big")


def expected_beats(table, off0: bytes, m: int, star: bool) -> list[dict]:
    offs = [i128(o) for o in ocb.offsets(off0, table, m)]
    off_m = offs[-1] if offs else i128(off0)
    off_star = off_m ^ i128(table.star)
    tag = (off_star if star else off_m) ^ i128(table.dollar)
    beats = []
    nbeats = max(1, -(-m // N))
    for c in range(nbeats):
        lanes = offs[c * N:(c + 1) * N]
        last = c == nbeats - 1
        beats.append({"lanes": lanes, "last": last, "star": star and last,
                      "off_star": off_star if last else None, "tag": tag if last else None})
    return beats


class TB:
    def __init__(self, dut, rng):
        self.dut, self.rng = dut, rng
        self.tables = {}
        self.cmds = deque()         # commands to send: (slot, off0, m, star, user)
        self.expect = deque()       # expected beats, in order, with the message's user
        self.beat_clocks = []       # clock numbers of delivered beats
        self.clock = 0
        self.delivered = 0
        self.messages = 0

    async def reset(self, clocks=3):
        d = self.dut
        d.rst.value = 1
        for sig in (d.s_lstar_tvalid, d.s_valid, d.m_ready):
            sig.value = 0
        for _ in range(clocks):
            await RisingEdge(d.clk)
        d.rst.value = 0

    async def load_keys(self):
        d = self.dut
        for slot in range(NSLOTS):
            cipher = PyAES(self.rng.randbytes(16))
            self.tables[slot] = (cipher, ocb.l_table(cipher, LMAX + 1))
            d.s_lstar_tvalid.value = 1
            d.s_lstar_slot.value = slot
            d.s_lstar_tdata.value = i128(self.tables[slot][1].star)
            while True:
                await ReadOnly()
                ready = int(d.s_lstar_tready.value)
                await RisingEdge(d.clk)
                if ready:
                    break
            d.s_lstar_tvalid.value = 0
        while True:
            await ReadOnly()
            if int(d.slot_ready.value) == (1 << NSLOTS) - 1:
                break
            await RisingEdge(d.clk)
        await RisingEdge(d.clk)

    def add_message(self, m: int | None = None, hash_mode: bool | None = None):
        rng = self.rng
        slot = rng.randrange(NSLOTS)
        cipher, table = self.tables[slot]
        if m is None:
            m = rng.choice([0, 1, N - 1, N, N + 1, 2 * N]) if rng.random() < 0.3 else rng.randint(0, MAXBLOCKS)
            m = max(m, 0)
        star = rng.random() < 0.5
        if hash_mode if hash_mode is not None else rng.random() < 0.25:
            off0 = bytes(16)
        else:
            nonce = rng.randbytes(rng.randint(1, 15))
            off0 = ocb.initial_offset(cipher, nonce, rng.randint(1, 16))
        user = rng.getrandbits(USER_W)
        self.cmds.append((slot, i128(off0), m, int(star), user))
        for b in expected_beats(table, off0, m, star):
            b["user"] = user
            self.expect.append(b)

    def check_beat(self):
        d = self.dut
        assert self.expect, "a beat with no message outstanding"
        e = self.expect.popleft()
        k = len(e["lanes"])
        keep = int(d.m_keep.value)
        assert keep == (1 << k) - 1, f"m_keep {keep:b}, expected {k} lanes"
        data = int(d.m_offset.value)
        for q, want in enumerate(e["lanes"]):
            got = (data >> (128 * q)) & M128
            assert got == want, f"beat {self.delivered} lane {q}: {got:032x}, expected {want:032x}"
        assert int(d.m_last.value) == e["last"], f"beat {self.delivered}: m_last"
        assert int(d.m_user.value) == e["user"], f"beat {self.delivered}: m_user"
        if e["last"]:
            assert int(d.m_star.value) == e["star"], "m_star"
            assert int(d.m_offset_star.value) == e["off_star"], \
                f"Offset_*: {int(d.m_offset_star.value):032x}, expected {e['off_star']:032x}"
            assert int(d.m_offset_tag.value) == e["tag"], \
                f"tag offset: {int(d.m_offset_tag.value):032x}, expected {e['tag']:032x}"
            self.messages += 1
        self.delivered += 1
        self.beat_clocks.append(self.clock)

    async def run(self, p_valid: float, p_ready: float, clocks: int | None = None,
                  stop_after_beats: int | None = None):
        """Drive commands and take beats; until `clocks` pass or everything expected arrived."""
        d = self.dut
        n = 0
        while True:
            if clocks is not None and n >= clocks:
                break
            if clocks is None and not self.expect and not self.cmds:
                break
            offer = bool(self.cmds) and self.rng.random() < p_valid
            if offer:
                slot, off0, m, star, user = self.cmds[0]
                d.s_slot.value, d.s_offset0.value, d.s_blocks.value = slot, off0, m
                d.s_star.value, d.s_user.value = star, user
            d.s_valid.value = int(offer)
            ready = self.rng.random() < p_ready
            d.m_ready.value = int(ready)
            await ReadOnly()
            if offer and int(d.s_ready.value):
                self.cmds.popleft()
            if ready and int(d.m_valid.value):
                self.check_beat()
            await RisingEdge(d.clk)
            self.clock += 1
            n += 1
            assert n < 2_000_000, "the unit stopped delivering"


@cocotb.test()
async def test_offsets_random(dut):
    """Back-to-back messages of 0..MAXBLOCKS blocks under random stalls, reset in the middle."""
    rng = random.Random(SEED)
    dut._log.info("seed %d", SEED)
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    tb = TB(dut, rng)
    await tb.reset()
    await tb.load_keys()
    for pv, pr in ((0.5, 0.5), (1.0, 0.3), (0.3, 1.0), (1.0, 1.0), (0.8, 0.8)):
        for _ in range(40):
            tb.add_message()
        await tb.run(pv, pr)
    # reset with messages inside the unit: nothing of them may come out afterwards
    for _ in range(40):
        tb.add_message()
    await tb.run(0.9, 0.7, clocks=150)
    assert tb.expect, "the reset was meant to hit a busy unit"
    tb.cmds.clear()
    tb.expect.clear()
    await tb.reset(2)
    await ReadOnly()
    assert int(dut.m_valid.value) == 0 and int(dut.slot_ready.value) == 0
    await RisingEdge(dut.clk)
    await tb.load_keys()
    for _ in range(60):
        tb.add_message()
    await tb.run(0.7, 0.6)
    for _ in range(BIG):
        tb.add_message(m=(1 << (LMAX + 1)) - 1)
    await tb.run(1.0, 0.9)
    assert tb.messages > 250, f"only {tb.messages} messages checked"


@cocotb.test()
async def test_no_idle_clock_between_messages(dut):
    """A ready sink and a full command queue: one beat per clock from first to last, 1-beat and
    0-block messages included."""
    rng = random.Random(SEED + 1)
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    tb = TB(dut, rng)
    await tb.reset()
    await tb.load_keys()
    for i in range(120):
        tb.add_message(m=rng.choice([0, 1, N, rng.randint(0, 3 * N), rng.randint(0, 40)]))
    beats = len(tb.expect)
    await tb.run(1.0, 1.0)
    clocks = tb.beat_clocks
    assert len(clocks) == beats
    assert clocks[-1] - clocks[0] == beats - 1, \
        f"{beats} beats took {clocks[-1] - clocks[0] + 1} clocks: idle clocks between messages"
    dut._log.info("first beat %d clocks after the first command", clocks[0])


# The datasheet's timing diagram (ip/ocb/doc/timing-offsets.json), N = 2: messages A (3 blocks
# and a partial one), B (0 blocks), C (2 blocks) offered back to back to an idle unit, sink
# always ready. Per clock: s_valid, s_ready, m_valid, m_keep, m_last.
DIAGRAM_N2 = [(1, 1, 0, None, None), (1, 1, 0, None, None), (1, 0, 0, None, None),
              (1, 1, 1, 0b11, 0), (0, 1, 1, 0b01, 1), (0, 1, 1, 0b00, 1), (0, 1, 1, 0b11, 1),
              (0, 1, 0, None, None)]


@cocotb.test()
async def test_timing_diagram(dut):
    """N = 2 only: the handshakes and beats of the datasheet's diagram, clock by clock."""
    if N != 2:
        return
    rng = random.Random(SEED + 2)
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    tb = TB(dut, rng)
    await tb.reset()
    await tb.load_keys()
    for m, star in ((3, True), (0, False), (2, False)):
        tb.cmds.append((0, 0x1234, m, int(star), m))
    for clock, (sv, sr, mv, keep, last) in enumerate(DIAGRAM_N2):
        offer = bool(tb.cmds)
        if offer:
            slot, off0, m, star, user = tb.cmds[0]
            dut.s_slot.value, dut.s_offset0.value, dut.s_blocks.value = slot, off0, m
            dut.s_star.value, dut.s_user.value = star, user
        dut.s_valid.value = int(offer)
        dut.m_ready.value = 1
        await ReadOnly()
        got = (int(offer), int(dut.s_ready.value), int(dut.m_valid.value))
        assert got == (sv, sr, mv), f"clock {clock}: s_valid/s_ready/m_valid {got}, diagram {(sv, sr, mv)}"
        if mv:
            assert (int(dut.m_keep.value), int(dut.m_last.value)) == (keep, last), f"clock {clock}"
        if offer and int(dut.s_ready.value):
            tb.cmds.popleft()
        await RisingEdge(dut.clk)
