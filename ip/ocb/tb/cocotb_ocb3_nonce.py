# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/ocb/rtl/ocb3_nonce.v (nonce -> Offset_0 with a per-slot Ktop cache).

Reference: linecrypt.models.ocb (format_nonce, split_nonce, ktop, offset_from_ktop,
initial_offset; proven against RFC 7253, pyca and pycryptodome in tests/models/test_ocb_model.py).
The cipher side is pycryptodome AES with a random key per slot: every request on e_* is checked
(Top = the model's split_nonce prefix, the slot) and answered on k_* after a random latency, in
order, held until k_ready. Every Offset_0 must equal initial_offset(key, nonce, taglen), in request
order, with its user sideband. The hit/miss counters must match a model of the cache (a slot
hits iff its Top equals the last Top that missed in the slot), and the number of cipher requests
must equal the misses: counter nonces need exactly one cipher call per 64 once warm. Random
nonces of every length 1..15, every TAGLEN 1..16 bytes, garbage in the unused nonce bytes, random
stalls on every stream, a flush, and a reset in the middle. LC_PARAMS: NSLOTS, DEPTH, USER_W,
COUNT (counter nonces per slot in the counter phase). The seed is printed (LC_SEED replays it).
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
NSLOTS, DEPTH, USER_W = int(P["NSLOTS"]), int(P["DEPTH"]), int(P["USER_W"])
COUNT = int(P.get("COUNT", 64 * 8))
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 30)))


class PyAES:
    def __init__(self, key: bytes):
        self._ecb = AES.new(key, AES.MODE_ECB)

    def encrypt_block(self, block: bytes) -> bytes:
        return self._ecb.encrypt(block)


def i128(b: bytes) -> int:
    return int.from_bytes(b, "big")


class TB:
    def __init__(self, dut, rng):
        self.dut, self.rng = dut, rng
        self.ciphers = [PyAES(rng.randbytes(16)) for _ in range(NSLOTS)]
        self.reqs = deque()        # (nonce, taglen, slot, user) to send
        self.expect = deque()      # (offset0, user)
        self.cached = [None] * NSLOTS      # model of the cache: the last Top that missed
        self.want_hits = self.want_misses = 0
        self.in_flight = deque()   # cipher requests: [ready_at_clock, slot, top]
        self.cipher_calls = 0
        self.clock = 0
        self.delivered = 0

    def add(self, nonce: bytes, taglen: int, slot: int):
        user = self.rng.getrandbits(USER_W)
        self.reqs.append((nonce, taglen, slot, user))
        self.expect.append((i128(ocb.initial_offset(self.ciphers[slot], nonce, taglen)), user))
        top, _ = ocb.split_nonce(ocb.format_nonce(nonce, taglen))
        if self.cached[slot] == top:
            self.want_hits += 1
        else:
            self.want_misses += 1
            self.cached[slot] = top

    def add_random(self, count: int):
        for _ in range(count):
            self.add(self.rng.randbytes(self.rng.randint(1, 15)), self.rng.randint(1, 16),
                     self.rng.randrange(NSLOTS))

    async def reset(self):
        d = self.dut
        d.rst.value = 1
        for sig in (d.s_valid, d.e_ready, d.k_valid, d.m_ready, d.flush_valid):
            sig.value = 0
        for _ in range(3):
            await RisingEdge(d.clk)
        d.rst.value = 0
        self.in_flight.clear()
        self.cached = [None] * NSLOTS
        self.want_hits = self.want_misses = 0
        self.cipher_calls = 0

    async def run(self, pv, pe, pk, pr, lat=(2, 30), clocks=None):
        d, rng = self.dut, self.rng
        n = 0
        while True:
            if clocks is not None and n >= clocks:
                break
            if clocks is None and not self.expect and not self.reqs:
                break
            offer = bool(self.reqs) and rng.random() < pv
            if offer:
                nonce, taglen, slot, user = self.reqs[0]
                garbage = rng.getrandbits(8 * (16 - len(nonce)))       # must be ignored
                d.s_nonce.value = (i128(nonce + bytes(16 - len(nonce)))) | garbage
                d.s_nonce_len.value = len(nonce)
                d.s_taglen.value = taglen
                d.s_slot.value = slot
                d.s_user.value = user
            d.s_valid.value = int(offer)
            eready = rng.random() < pe
            d.e_ready.value = int(eready)
            head = self.in_flight[0] if self.in_flight else None
            kv = head is not None and head[0] <= self.clock and rng.random() < pk
            d.k_valid.value = int(kv)
            if kv:
                d.k_ktop.value = i128(self.ciphers[head[1]].encrypt_block(head[2]))
            ready = rng.random() < pr
            d.m_ready.value = int(ready)
            await ReadOnly()
            if offer and int(d.s_ready.value):
                self.reqs.popleft()
            if eready and int(d.e_valid.value):
                top = int(d.e_top.value).to_bytes(16, "big")
                assert top[-1] & 0x3F == 0, "Top with its low 6 bits set"
                self.in_flight.append([self.clock + rng.randint(*lat), int(d.e_slot.value), top])
                self.cipher_calls += 1
            if kv and int(d.k_ready.value):
                self.in_flight.popleft()
            if ready and int(d.m_valid.value):
                assert self.expect, "an Offset_0 nobody asked for"
                want, user = self.expect.popleft()
                got = int(d.m_offset0.value)
                assert got == want, f"Offset_0 #{self.delivered}: {got:032x}, expected {want:032x}"
                assert int(d.m_user.value) == user, f"m_user of #{self.delivered}"
                self.delivered += 1
            await RisingEdge(d.clk)
            self.clock += 1
            n += 1
            assert n < 500000, "the unit stopped delivering"

    async def check_counts(self):
        await ReadOnly()
        hits, misses = int(self.dut.hits.value), int(self.dut.misses.value)
        assert (hits, misses) == (self.want_hits, self.want_misses), \
            f"hits/misses {hits}/{misses}, cache model {self.want_hits}/{self.want_misses}"
        assert self.cipher_calls == misses, f"{self.cipher_calls} cipher calls for {misses} misses"
        await RisingEdge(self.dut.clk)


@cocotb.test()
async def test_nonce_offsets(dut):
    rng = random.Random(SEED)
    dut._log.info("seed %d", SEED)
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    tb = TB(dut, rng)
    await tb.reset()
    # every nonce length and TAGLEN, random slots
    for ln in range(1, 16):
        for tl in range(1, 17):
            tb.add(rng.randbytes(ln), tl, rng.randrange(NSLOTS))
    await tb.run(0.7, 0.6, 0.7, 0.6)
    await tb.check_counts()
    # counter nonces on every slot at once, interleaved, each from a Top boundary: one cipher
    # call per 64 per slot once warm (warm: the first nonce of each slot misses)
    base, per_slot = {}, COUNT
    for slot in range(NSLOTS):
        ln = rng.randint(8, 15)
        base[slot] = (ln, rng.randint(1, 16), (rng.getrandbits(8 * ln) & ~0x3F) % (1 << (8 * ln)))
    misses0, calls0 = tb.want_misses, tb.cipher_calls
    for i in range(per_slot):
        for slot in range(NSLOTS):
            ln, tl, start = base[slot]
            tb.add(((start + i) % (1 << (8 * ln))).to_bytes(ln, "big"), tl, slot)
    await tb.run(1.0, 0.8, 0.9, 0.9)
    await tb.check_counts()
    calls = tb.cipher_calls - calls0
    assert tb.want_misses - misses0 == calls == NSLOTS * (per_slot // 64), \
        f"{calls} cipher calls for {NSLOTS} x {per_slot} counter nonces"
    # a flush forgets the slot: the next counter nonce of it misses, of the others hits
    dut.flush_valid.value = 1
    dut.flush_slot.value = 2 % NSLOTS
    await RisingEdge(dut.clk)
    dut.flush_valid.value = 0
    tb.cached[2 % NSLOTS] = None
    for slot in range(NSLOTS):
        ln, tl, start = base[slot]
        tb.add(((start + per_slot - 1) % (1 << (8 * ln))).to_bytes(ln, "big"), tl, slot)
    await tb.run(0.8, 0.8, 0.8, 0.8)
    await tb.check_counts()
    # random traffic under harder stalls, a long cipher latency (the pending FIFO fills)
    tb.add_random(150)
    await tb.run(0.9, 0.3, 0.5, 0.4, lat=(20, 60))
    await tb.check_counts()
    # reset with requests and cipher calls in flight, then everything again from scratch
    tb.add_random(80)
    await tb.run(1.0, 0.7, 0.7, 0.5, clocks=60)
    assert tb.expect
    tb.reqs.clear()
    tb.expect.clear()
    await tb.reset()
    await ReadOnly()
    assert int(dut.m_valid.value) == 0 and int(dut.hits.value) == 0 and int(dut.misses.value) == 0
    await RisingEdge(dut.clk)
    tb.add_random(60)
    for i in range(130):
        tb.add((1000 + i).to_bytes(12, "big"), 16, 0)
    await tb.run(0.8, 0.7, 0.7, 0.7)
    await tb.check_counts()


@cocotb.test()
async def test_latency_hit_and_miss(dut):
    """Idle unit, ready sinks: handshake -> m_valid is 7 clocks for a hit; for a miss, the cipher
    request leaves 3 clocks after the handshake and m_valid follows the answer by 3 clocks."""
    rng = random.Random(SEED + 7)
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    tb = TB(dut, rng)
    await tb.reset()
    nonce = rng.randbytes(12)
    for want_hit in (False, True):
        dut.s_nonce.value = i128(nonce + bytes(4))
        dut.s_nonce_len.value, dut.s_taglen.value, dut.s_slot.value = 12, 16, 1
        dut.s_user.value = 5
        dut.s_valid.value = 1
        dut.e_ready.value = 1
        dut.m_ready.value = 1
        clock, e_at, k_at, answer = 0, None, None, None
        while True:
            await ReadOnly()
            if clock == 0:
                assert int(dut.s_ready.value)
            if int(dut.e_valid.value) and e_at is None:
                e_at = clock
                answer = tb.ciphers[1].encrypt_block(int(dut.e_top.value).to_bytes(16, "big"))
            if int(dut.m_valid.value):
                assert int(dut.m_offset0.value) == i128(ocb.initial_offset(tb.ciphers[1], nonce, 16))
                break
            kv = e_at is not None and clock >= e_at + 5 and k_at is None
            await RisingEdge(dut.clk)
            dut.s_valid.value = 0
            dut.k_valid.value = int(kv)
            if kv:
                dut.k_ktop.value = i128(answer)
                k_at = clock + 1
            elif k_at is not None:
                dut.k_valid.value = 0
            clock += 1
            assert clock < 100
        if want_hit:
            assert e_at is None and clock == 7, f"hit: m_valid {clock} clocks after the handshake"
        else:
            assert e_at == 3 and clock == k_at + 3, \
                f"miss: request at {e_at}, answer at {k_at}, m_valid at {clock}"
        await RisingEdge(dut.clk)
        dut.k_valid.value = 0
        for _ in range(3):
            await RisingEdge(dut.clk)
