# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/keccak/rtl/keccak_p1600.v and keccak_p1600_lite.v.

Expected values: the XKCP Keccak-f[1600] trace (../shared/vectors/keccak, both examples, 24
rounds and the last-12-round Keccak-p[1600, 12]) and, for random states and round counts,
linecrypt.models.keccak.keccak_p (itself checked against the trace and hashlib in
tests/models/test_keccak_model.py). LC_PARAMS: RPC, or LITE = 1 for the lane-serial
keccak_p1600_lite (its MEM_BRAM and WREG): the same tests through adapters that send a state as
25 lanes and gather 25 lanes into a result. LC_SEED replays a run (the seed is logged).
"""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from cocotb_streams import Sink, Source
from linecrypt.models.keccak import keccak_p
from linecrypt.vectors import read_keccak_trace, shared_vectors_dir

P = json.loads(os.environ["LC_PARAMS"])
LITE = bool(P.get("LITE", 0))
RPC = 1 if LITE else int(P["RPC"])
WREG = int(P.get("WREG", 1))
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 32)))
TRACE = read_keccak_trace(shared_vectors_dir() / "keccak" / "KeccakF-1600-IntermediateValues.txt")
GOOD_NR = [n for n in range(1, 25) if n % RPC == 0]


def perm_clocks(nr: int) -> int:
    """Clocks from the state taken (its last lane, for the lite core) to the result valid (its
    first lane): nr / RPC for keccak_p1600; for keccak_p1600_lite one set-up clock, the parity
    scan (35 reads + drain), nr rounds of 25 + 35 reads each with their drains (rho's one clock
    longer: theta is registered), and one clock to fetch lane 0 (drain = 1 + WREG): 39 + 65 nr
    with WREG = 1."""
    if not LITE:
        return nr // RPC
    drain = 1 + WREG
    return 1 + (35 + drain) + nr * (25 + drain + 1 + 35 + drain) + 1


def interval(nr: int) -> int:
    """Clocks between results back to back without stalls (lite: 25 lanes in, the permutation,
    25 lanes out; the next load waits for the last lane out)."""
    return perm_clocks(nr) + (25 + 25 if LITE else 0)


class LaneSource:
    """keccak_p1600_lite's load side as a state source: put({"s_tdata": state, "s_nr": nr})
    queues 25 lane beats (replace mode, s_tlast on lane 24)."""

    def __init__(self, dut, seed, p_idle):
        self.src = Source(dut, "s_tvalid", "s_tready", ["s_tdata", "s_txor", "s_tlast", "s_nr"],
                          seed=seed, p_idle=p_idle)

    def put(self, item):
        v = item["s_tdata"]
        for i in range(25):
            self.src.put({"s_tdata": (v >> (64 * i)) & ((1 << 64) - 1), "s_txor": 0,
                          "s_tlast": int(i == 24), "s_nr": item["s_nr"]})

    def clear(self):
        self.src.clear()

    async def run(self):
        await self.src.run()


class LaneSink:
    """keccak_p1600_lite's result side as a state sink: items are 25-lane results (m_tlast
    checked on lane 24 and nowhere else)."""

    def __init__(self, dut, seed, p_stall):
        dut.m_tdrop.value = 0
        self.snk = Sink(dut, "m_tvalid", "m_tready", ["m_tdata", "m_tlast", "m_terr"], seed=seed,
                        p_stall=p_stall)

    @property
    def p_stall(self):
        return self.snk.p_stall

    @p_stall.setter
    def p_stall(self, v):
        self.snk.p_stall = v

    @property
    def items(self):
        lanes = self.snk.items
        out = []
        for k in range(len(lanes) // 25):
            grp = lanes[25 * k:25 * k + 25]
            assert [g["m_tlast"] for g in grp] == [0] * 24 + [1], f"result {k}: m_tlast misplaced"
            assert len({g["m_terr"] for g in grp}) == 1, f"result {k}: m_terr changes"
            out.append({"m_tdata": sum(g["m_tdata"] << (64 * i) for i, g in enumerate(grp)),
                        "m_terr": grp[0]["m_terr"]})
        return out

    async def run(self):
        await self.snk.run()

    async def wait_for(self, n, clocks=400_000):
        await self.snk.wait_for(25 * n, clocks)
        return self.items[:n]


def to_int(state: bytes) -> int:
    return int.from_bytes(state, "little")


def to_bytes(v: int) -> bytes:
    return v.to_bytes(200, "little")


async def setup(dut, p_idle=0.0, p_stall=0.0, seed_extra=0):
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.rst.value = 1
    if LITE:
        src = LaneSource(dut, SEED + seed_extra, p_idle)
        snk = LaneSink(dut, SEED + seed_extra + 1, p_stall)
    else:
        src = Source(dut, "s_tvalid", "s_tready", ["s_tdata", "s_nr"], seed=SEED + seed_extra,
                     p_idle=p_idle)
        snk = Sink(dut, "m_tvalid", "m_tready", ["m_tdata", "m_terr"], seed=SEED + seed_extra + 1,
                   p_stall=p_stall)
    await ClockCycles(dut.clk, 3)
    dut.rst.value = 0
    cocotb.start_soon(src.run())
    cocotb.start_soon(snk.run())
    dut._log.info(f"seed {SEED} (LC_SEED replays), {'LITE ' + str(P) if LITE else f'RPC={RPC}'}")
    return src, snk


def check(items, expected):
    assert len(items) == len(expected)
    for i, (got, (exp, err)) in enumerate(zip(items, expected)):
        assert got["m_terr"] == err, f"result {i}: m_terr {got['m_terr']}, expected {err}"
        assert to_bytes(got["m_tdata"]) == exp, f"result {i} differs"


@cocotb.test()
async def test_trace(dut):
    """The XKCP trace: Keccak-f[1600] of both examples, and Keccak-p[1600, nr] from the state
    after round 23 - nr for every nr this build runs."""
    src, snk = await setup(dut)
    exp = []
    for ex in TRACE:
        for nr in GOOD_NR:
            start = ex["input"] if nr == 24 else ex["rounds"][23 - nr]
            src.put({"s_tdata": to_int(start), "s_nr": nr})
            exp.append((ex["output"], 0))
    check(await snk.wait_for(len(exp)), exp)


@cocotb.test()
async def test_random_stalls(dut):
    """Random states and round counts under random stalls on both sides, back to back."""
    rng = random.Random(SEED + 1)
    src, snk = await setup(dut, p_idle=0.3, p_stall=0.4, seed_extra=1)
    exp = []
    for _ in range(60):
        s = rng.randbytes(200)
        nr = rng.choice(GOOD_NR)
        src.put({"s_tdata": to_int(s), "s_nr": nr})
        exp.append((keccak_p(s, nr), 0))
    check(await snk.wait_for(len(exp)), exp)


@cocotb.test()
async def test_bad_round_count(dut):
    """nr = 0 (keccak_p1600; the lite core takes it as a load without a permutation), 25..31 and
    counts that are not a multiple of RPC come back unchanged with m_terr = 1 on the next clock;
    the permutations around them are unaffected."""
    rng = random.Random(SEED + 2)
    src, snk = await setup(dut, p_idle=0.2, p_stall=0.2, seed_extra=2)
    bad = ([] if LITE else [0]) + [25, 31] + [n for n in range(1, 25) if n % RPC]
    exp = []
    for nr in bad:
        for n, good in ((rng.choice(GOOD_NR), True), (nr, False)):
            s = rng.randbytes(200)
            src.put({"s_tdata": to_int(s), "s_nr": n})
            exp.append((keccak_p(s, n), 0) if good else (s, 1))
    check(await snk.wait_for(len(exp)), exp)


@cocotb.test()
async def test_back_to_back_rate(dut):
    """With no stalls, one permutation every nr / RPC clocks: the first result nr / RPC clocks
    after its state is taken, then one every nr / RPC clocks (lite: every interval(nr) clocks,
    25 lanes in, perm_clocks(nr), 25 lanes out)."""
    src, snk = await setup(dut, seed_extra=3)
    rng = random.Random(SEED + 3)
    for nr in sorted({24, 12, GOOD_NR[0]}):
        states = [rng.randbytes(200) for _ in range(3 if LITE else 6)]
        start = len(snk.items)
        stamps = []
        for s in states:
            src.put({"s_tdata": to_int(s), "s_nr": nr})
        clk = 0
        while len(snk.items) < start + len(states):
            await RisingEdge(dut.clk)
            clk += 1
            while len(stamps) < len(snk.items) - start:
                stamps.append(clk)
        gaps = [b - a for a, b in zip(stamps, stamps[1:])]
        assert gaps == [interval(nr)] * (len(states) - 1), f"nr={nr}: gaps {gaps}"
        check(snk.items[start:], [(keccak_p(s, nr), 0) for s in states])


@cocotb.test()
async def test_reset_mid_permutation(dut):
    """A reset while a permutation runs and while a result waits drops both; the core then
    takes new states normally."""
    rng = random.Random(SEED + 4)
    src, snk = await setup(dut, seed_extra=4)
    snk.p_stall = 1.0                                  # hold the result
    src.put({"s_tdata": to_int(rng.randbytes(200)), "s_nr": 24})
    src.put({"s_tdata": to_int(rng.randbytes(200)), "s_nr": 24})
    # first result waiting, second not taken
    await ClockCycles(dut.clk, perm_clocks(24) + (50 if LITE else 3))
    assert int(dut.m_tvalid.value) == 1
    src.clear()
    dut.rst.value = 1
    await ClockCycles(dut.clk, 2)
    dut.rst.value = 0
    await ClockCycles(dut.clk, 2 if LITE else 1)       # lite: one clock to fetch lane 0
    assert int(dut.m_tvalid.value) == 0 and int(dut.s_tready.value) == 1
    snk.p_stall = 0.0
    # a permutation interrupted mid-way by reset leaves nothing behind
    src.put({"s_tdata": to_int(rng.randbytes(200)), "s_nr": 24})
    await ClockCycles(dut.clk, max(2, (perm_clocks(24) + (25 if LITE else 0)) // 2))
    src.clear()
    dut.rst.value = 1
    await RisingEdge(dut.clk)
    dut.rst.value = 0
    await ClockCycles(dut.clk, perm_clocks(24) + 30)
    assert int(dut.m_tvalid.value) == 0
    n0 = len(snk.items)
    s = rng.randbytes(200)
    src.put({"s_tdata": to_int(s), "s_nr": 12 if 12 % RPC == 0 else 24})
    items = await snk.wait_for(n0 + 1)
    check(items[n0:], [(keccak_p(s, 12 if 12 % RPC == 0 else 24), 0)])
