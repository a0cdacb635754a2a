# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/keccak/rtl/keccak_p1600_pipe.v (ring of STAGES one-round stages,
STAGES states interleaved).

Expected values: the XKCP Keccak-f[1600] trace (../shared/vectors/keccak, both examples, 24
rounds, and Keccak-p[1600, nr] from the trace's state after round 23 - nr) and, for random
states, linecrypt.models.keccak.keccak_p (checked against the trace and hashlib in
tests/models/test_keccak_model.py). Results of different nr may leave out of order: each state
carries s_id (its queue index modulo 2^ID_W) and a result is matched to the oldest outstanding
state with its m_id; states of equal nr must leave in the order they went in. LC_PARAMS:
STAGES, ID_W. LC_SEED replays a run (the seed is logged).
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
STAGES = int(P["STAGES"])
ID_W = int(P.get("ID_W", 4))
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 32)))
TRACE = read_keccak_trace(shared_vectors_dir() / "keccak" / "KeccakF-1600-IntermediateValues.txt")
GOOD_NR = [n for n in range(1, 25) if n % STAGES == 0]
MIXED_NR = [n for n in (12, 24) if n % STAGES == 0]


def to_int(state: bytes) -> int:
    return int.from_bytes(state, "little")


def to_bytes(v: int) -> bytes:
    return v.to_bytes(200, "little")


class Scoreboard:
    """States as queued (index, nr, expected state, expected m_terr) and their source."""

    def __init__(self, src):
        self.src = src
        self.sent = []

    def put(self, state: bytes, nr: int, expected: bytes, err: int):
        i = len(self.sent)
        self.sent.append((nr, expected, err))
        self.src.put({"s_tdata": to_int(state), "s_nr": nr, "s_id": i % (1 << ID_W)})

    def check(self, items, first=0):
        """Match each result to the oldest outstanding state with its id; equal-nr states in
        order. Every state from index ``first`` on must have come back exactly once."""
        open_ = list(range(first, len(self.sent)))
        last_of_nr = {}
        assert len(items) == len(open_), f"{len(items)} results for {len(open_)} states"
        for n, got in enumerate(items):
            cand = [i for i in open_ if i % (1 << ID_W) == got["m_id"]]
            assert cand, f"result {n}: m_id {got['m_id']} matches no outstanding state"
            i = cand[0]
            open_.remove(i)
            nr, exp, err = self.sent[i]
            assert got["m_terr"] == err, f"state {i} (nr {nr}): m_terr {got['m_terr']}, expected {err}"
            assert to_bytes(got["m_tdata"]) == exp, f"state {i} (nr {nr}) differs"
            assert last_of_nr.get(nr, -1) < i, f"state {i} (nr {nr}) left after a later one"
            last_of_nr[nr] = i


async def setup(dut, p_idle=0.0, p_stall=0.0, seed_extra=0):
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.rst.value = 1
    src = Source(dut, "s_tvalid", "s_tready", ["s_tdata", "s_nr", "s_id"], seed=SEED + seed_extra,
                 p_idle=p_idle)
    snk = Sink(dut, "m_tvalid", "m_tready", ["m_tdata", "m_id", "m_terr"],
               seed=SEED + seed_extra + 1, p_stall=p_stall)
    await ClockCycles(dut.clk, 3)
    dut.rst.value = 0
    cocotb.start_soon(src.run())
    cocotb.start_soon(snk.run())
    dut._log.info(f"seed {SEED} (LC_SEED replays), STAGES={STAGES} ID_W={ID_W}")
    return Scoreboard(src), snk


@cocotb.test()
async def test_trace(dut):
    """The XKCP trace: Keccak-f[1600] of both examples, and Keccak-p[1600, nr] from the state
    after round 23 - nr for every nr this build runs, all queued at once (interleaved)."""
    sb, snk = await setup(dut)
    for ex in TRACE:
        for nr in GOOD_NR:
            start = ex["input"] if nr == 24 else ex["rounds"][23 - nr]
            sb.put(start, nr, ex["output"], 0)
    sb.check(await snk.wait_for(len(sb.sent)))


@cocotb.test()
async def test_random_stalls(dut):
    """Random states, nr 12 and 24 mixed, random s_tvalid gaps and m_tready stalls."""
    rng = random.Random(SEED + 1)
    sb, snk = await setup(dut, p_idle=0.3, p_stall=0.4, seed_extra=1)
    for _ in range(40 * STAGES):
        s = rng.randbytes(200)
        nr = rng.choice(MIXED_NR)
        sb.put(s, nr, keccak_p(s, nr), 0)
    sb.check(await snk.wait_for(len(sb.sent)))


@cocotb.test()
async def test_bad_round_count(dut):
    """nr = 0, 25, 31 and the counts that are not a multiple of STAGES come back unchanged with
    m_terr = 1; the permutations around them (nr 12 and 24 mixed, random stalls) are unaffected."""
    rng = random.Random(SEED + 2)
    sb, snk = await setup(dut, p_idle=0.2, p_stall=0.2, seed_extra=2)
    bad = [0, 25, 31] + [n for n in range(1, 25) if n % STAGES]
    for nr in bad:
        for _ in range(rng.randrange(1, STAGES + 1)):
            s = rng.randbytes(200)
            n = rng.choice(MIXED_NR)
            sb.put(s, n, keccak_p(s, n), 0)
        s = rng.randbytes(200)
        sb.put(s, nr, s, 1)
    sb.check(await snk.wait_for(len(sb.sent)))


@cocotb.test()
async def test_back_to_back_rate(dut):
    """No stalls, 4 x STAGES states of one nr queued (nr = STAGES, 12, 24): the first result nr
    clocks after the first state is taken; then the ring leaves STAGES results on consecutive clocks every nr clocks
    (each slot takes a new state as its result leaves), so in steady state result i + STAGES
    comes exactly nr clocks after result i: one state every nr / STAGES clocks on average."""
    sb, snk = await setup(dut, seed_extra=3)
    rng = random.Random(SEED + 3)
    for nr in sorted({GOOD_NR[0], *MIXED_NR}):
        n = 4 * STAGES
        first, start = len(sb.sent), len(snk.items)
        for _ in range(n):
            s = rng.randbytes(200)
            sb.put(s, nr, keccak_p(s, nr), 0)
        # handshakes as the DUT sees them at each rising edge (the Source and Sink sample alike)
        clk, took, stamps = 0, None, []
        while len(stamps) < n:
            await RisingEdge(dut.clk)
            clk += 1
            if took is None and int(dut.s_tvalid.value) and int(dut.s_tready.value):
                took = clk
            if int(dut.m_tvalid.value) and int(dut.m_tready.value):
                stamps.append(clk)
        await snk.wait_for(start + n)
        assert stamps[0] - took == nr, f"nr={nr}: first result {stamps[0] - took} clocks after its state"
        assert stamps == [stamps[0] + (i // STAGES) * nr + i % STAGES for i in range(n)], \
            f"nr={nr}: result clocks {stamps}"
        steady = [b - a for a, b in zip(stamps, stamps[STAGES:])]
        assert steady == [nr] * (n - STAGES), f"nr={nr}: clocks per {STAGES} results {steady}"
        # steady state: from the first result to the first of the last burst, n - STAGES results
        # in (n / STAGES - 1) * nr clocks
        avg = (stamps[n - STAGES] - stamps[0]) / (n - STAGES)
        dut._log.info(f"nr={nr}: {avg:.3f} clocks per state in steady state (nr / STAGES = "
                      f"{nr / STAGES:.3f}), {nr} clocks from the first state taken to its result")
        assert avg == nr / STAGES, f"nr={nr}: {avg} clocks per state"
        sb.check(snk.items[start:], first)


@cocotb.test()
async def test_reset_mid_flight(dut):
    """A reset while states run and one result waits drops them all; a reset while the ring
    runs (nothing waiting) leaves nothing behind; then the ring takes new states normally."""
    rng = random.Random(SEED + 4)
    sb, snk = await setup(dut, seed_extra=4)
    snk.p_stall = 1.0                                  # hold the result
    nr = MIXED_NR[-1]
    for _ in range(STAGES + 1):
        s = rng.randbytes(200)
        sb.src.put({"s_tdata": to_int(s), "s_nr": nr, "s_id": 0})
    await ClockCycles(dut.clk, nr + 3)
    # first result waiting, the ring full and held, one state not taken
    assert int(dut.m_tvalid.value) == 1 and int(dut.s_tready.value) == 0
    sb.src.clear()
    dut.rst.value = 1
    await ClockCycles(dut.clk, 2)
    dut.rst.value = 0
    await RisingEdge(dut.clk)
    assert int(dut.m_tvalid.value) == 0 and int(dut.s_tready.value) == 1
    snk.p_stall = 0.0
    # states interrupted mid-way by reset leave nothing behind
    for _ in range(STAGES):
        sb.src.put({"s_tdata": to_int(rng.randbytes(200)), "s_nr": nr, "s_id": 0})
    await ClockCycles(dut.clk, STAGES + nr // 2)
    sb.src.clear()
    dut.rst.value = 1
    await RisingEdge(dut.clk)
    dut.rst.value = 0
    await ClockCycles(dut.clk, 24 + 30)
    assert int(dut.m_tvalid.value) == 0 and not snk.items
    first = len(sb.sent)
    for _ in range(2 * STAGES):
        s = rng.randbytes(200)
        n = rng.choice(MIXED_NR)
        sb.put(s, n, keccak_p(s, n), 0)
    sb.check(await snk.wait_for(2 * STAGES), first)
