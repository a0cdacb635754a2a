# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of the link lane layer (ip/link/rtl/link_lane_tx.v, link_lane_rx.v) against the
link model: linecrypt.link.model.to_lanes (transmit), LaneRx.align (receive), skew_lanes /
reorder_lanes (the line between them) and format.am_block / parse_am (the markers).

LC_PARAMS JSON: the RTL parameters (L, DESKEW) plus TOP (which module this build is; the other
module's tests are skipped). Every stream has seeded random stalls; the seed is logged and
LC_SEED replays it.

Bus packing (architecture.md): a line word's block j at tdata bits [64*(j^1) +: 64], a lane's
block at [64*lane +: 64], byte 0 of a block in its most significant byte.
"""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from linecrypt.link import format as fmt
from linecrypt.link import model as m

P = json.loads(os.environ["LC_PARAMS"])
TOP = P["TOP"]
L = P.get("L", 10)
DESKEW = P.get("DESKEW", 32)
AM_LOSS = P.get("AM_LOSS", 4)
MASK64 = (1 << 64) - 1
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 30)))


def rng_for(dut, name):
    dut._log.info(f"{name}: seed {SEED} (LC_SEED={SEED} replays this run)")
    return random.Random(f"{SEED}-{name}")


# --- packing ---------------------------------------------------------------------------------------

def word_to_int(w: bytes) -> int:
    return sum(int.from_bytes(w[8 * j:8 * j + 8], "big") << (64 * (j ^ 1)) for j in range(8))


def int_to_word(v: int) -> bytes:
    return b"".join(((v >> (64 * (j ^ 1))) & MASK64).to_bytes(8, "big") for j in range(8))


def blocks_to_int(blocks) -> int:
    return sum(int.from_bytes(b, "big") << (64 * i) for i, b in enumerate(blocks))


def int_to_blocks(v: int, n: int) -> list[bytes]:
    return [((v >> (64 * i)) & MASK64).to_bytes(8, "big") for i in range(n)]


def rounds_of(lanes):
    """to_lanes' per-lane lists as a list of rounds (one block per lane)."""
    return [[lanes[lane][r] for lane in range(len(lanes))] for r in range(len(lanes[0]))]


def cfg(am_period):
    return m.LinkConfig(lanes=L, am_period=am_period, deskew_blocks=DESKEW)


def random_words(rng, n):
    return [rng.randbytes(fmt.WORD) for _ in range(n)]


def linktx_words(rng):
    """A short line stream from the transmitter model: sync and data frames, idle words."""
    c = m.LinkConfig(channels=2, frame_words=4, sync_period=3, fifo_bytes=1 << 20, flush_words=8)
    tx = m.LinkTx(c)
    tx.load_key(1, rng.randbytes(16))
    tx.set_session(5)
    tx.switch_key(1)
    for _ in range(6):
        assert tx.push(rng.randrange(2), rng.randbytes(rng.randint(60, 200)))
    return tx.run()


async def start(dut):
    cocotb.start_soon(Clock(dut.clk, 4, unit="ns").start())
    dut.rst.value = 1
    await ClockCycles(dut.clk, 3)
    dut.rst.value = 0


# --- transmit --------------------------------------------------------------------------------------

def tx_expected(words, am_period):
    """The rounds link_lane_tx sends for ``words`` and then no input: to_lanes without its
    zero-filled last round (the gearbox waits for real blocks), plus the marker round that falls
    due while it waits."""
    rounds = rounds_of(m.to_lanes(words, L, am_period))
    if 8 * len(words) % L:
        rounds = rounds[:-1]
    if len(rounds) % am_period == 0:
        rounds.append([fmt.am_block(lane, len(rounds) // am_period) for lane in range(L)])
    return rounds


class TxBench:
    def __init__(self, dut, rng, p_idle):
        self.dut, self.rng, self.p_idle = dut, rng, p_idle
        self.rounds = []           # rounds seen on m_lane_*
        self.sent = 0              # words accepted
        self.clock = 0
        self.first_take = self.last_take = None
        dut.s_tvalid.value = 0

    async def send(self, words, drain=40, reset_at=None):
        """Offer ``words`` with random gaps; with ``reset_at`` (clock), pulse rst there and stop.
        Returns the rounds seen from the start of this call."""
        dut, i, valid = self.dut, 0, False
        seen = []
        idle = 0
        while idle < drain:
            await RisingEdge(dut.clk)
            self.clock += 1
            if valid and int(dut.s_tready.value):
                i += 1
                self.first_take = self.clock if self.first_take is None else self.first_take
                self.last_take = self.clock
            if int(dut.m_lane_valid.value):
                seen.append(int_to_blocks(int(dut.m_lane_data.value), L))
            if reset_at is not None and self.clock >= reset_at:
                dut.s_tvalid.value = 0
                dut.rst.value = 1
                await RisingEdge(dut.clk)         # the round sent on the clock before reset
                if int(dut.m_lane_valid.value):
                    seen.append(int_to_blocks(int(dut.m_lane_data.value), L))
                await RisingEdge(dut.clk)
                dut.rst.value = 0
                self.sent = i
                return seen
            valid = i < len(words) and self.rng.random() >= self.p_idle
            if valid:
                dut.s_tdata.value = word_to_int(words[i])
            dut.s_tvalid.value = int(valid)
            idle = idle + 1 if i == len(words) else 0
        self.sent = i
        return seen


@cocotb.test(skip=TOP != "link_lane_tx")
async def tx_random_words_match_to_lanes(dut):
    """Random words with random s_tvalid gaps, several marker periods and lengths (a multiple of
    L blocks and not), reset between runs: every round equals to_lanes'."""
    rng = rng_for(dut, "tx_random")
    dut.am_period.value = 5
    await start(dut)
    for am_period, n, p_idle in ((5, 60, 0.3), (13, 5 * L, 0.5), (7, 97, 0.0), (20, 3, 0.2),
                                 (2, 41, 0.3)):
        dut.am_period.value = am_period
        dut.rst.value = 1
        await ClockCycles(dut.clk, 2)
        dut.rst.value = 0
        words = random_words(rng, n)
        bench = TxBench(dut, rng, p_idle)
        got = await bench.send(words)
        assert bench.sent == n
        want = tx_expected(words, am_period)
        assert len(got) == len(want), (am_period, n, len(got), len(want))
        for r, (g, w) in enumerate(zip(got, want)):
            assert g == w, f"period {am_period}, {n} words: round {r}: {g} != {w}"


@cocotb.test(skip=TOP != "link_lane_tx")
async def tx_linktx_stream_and_rate(dut):
    """Words from the transmitter model, offered on every clock: rounds as to_lanes, and the
    gearbox takes a word per clock (L >= 8) or sends a round per clock (L < 8), less the marker
    rounds."""
    rng = rng_for(dut, "tx_linktx")
    am_period = 9
    dut.am_period.value = am_period
    await start(dut)
    words = linktx_words(rng)
    words += random_words(rng, 200)
    bench = TxBench(dut, rng, 0.0)
    got = await bench.send(words)
    want = tx_expected(words, am_period)
    assert got == want
    clocks = bench.last_take - bench.first_take + 1
    # data rounds at most one per clock, marker rounds take one in every am_period
    ideal = len(words) * max(1.0, 8 / L) * am_period / (am_period - 1)
    dut._log.info(f"{len(words)} words in {clocks} clocks (ideal {ideal:.0f})")
    assert clocks <= ideal + 3


@cocotb.test(skip=TOP != "link_lane_tx")
async def tx_reset_mid_stream(dut):
    """A reset in the middle of traffic: the rounds before it are a prefix of to_lanes of the
    words accepted; after it the lanes start over at marker round 0 (am_seq 0)."""
    rng = rng_for(dut, "tx_reset")
    am_period = 6
    dut.am_period.value = am_period
    await start(dut)
    for _ in range(4):
        words = random_words(rng, 50)
        bench = TxBench(dut, rng, 0.3)
        got = await bench.send(words, reset_at=rng.randrange(5, 60))
        want = rounds_of(m.to_lanes(words[:bench.sent], L, am_period)) if bench.sent else []
        assert got == want[:len(got)]
        assert len(got) >= len(want) - 3 or not bench.sent
    words = random_words(rng, 40)
    bench = TxBench(dut, rng, 0.3)
    assert await bench.send(words) == tx_expected(words, am_period)


# --- receive ---------------------------------------------------------------------------------------

class RxBench:
    """Feeds physical lanes (lists of blocks); all lanes take a block on the same clocks unless
    ``lag`` delays a lane's valid pattern by some clocks. Records the words and the events."""

    def __init__(self, dut, rng, p_valid):
        self.dut, self.rng, self.p_valid = dut, rng, p_valid
        self.words = []
        self.am_err_events = self.am_err_lanes = self.deskew_events = 0
        self.aligned_seen = []
        self.deskew_at = []        # sample numbers of the ev_deskew_err strobes
        self.skews = []            # skew status at every sample
        dut.s_lane_valid.value = 0
        dut.resync.value = 0

    def _sample(self):
        dut = self.dut
        if int(dut.m_tvalid.value):
            self.words.append(int_to_word(int(dut.m_tdata.value)))
        if int(dut.ev_am_err.value):
            self.am_err_events += 1
            self.am_err_lanes += int(dut.ev_am_err_n.value)
        else:
            assert int(dut.ev_am_err_n.value) == 0
        if int(dut.ev_deskew_err.value):
            self.deskew_events += 1
            self.deskew_at.append(len(self.aligned_seen))
        self.aligned_seen.append(int(dut.aligned.value))
        self.skews.append(int(dut.skew.value))

    async def feed(self, phys, lag=None, drain=60, cut=None, cut_kind="rst"):
        """Drive ``phys`` to its shortest lane's end. With ``cut`` (blocks), pulse rst or resync
        after that many blocks per lane and return (words before, blocks fed before); the caller
        calls feed again with the rest."""
        dut = self.dut
        n = len(phys)
        lag = lag or [0] * n
        total = min(len(b) for b in phys)
        idx = [0] * n
        pattern = []               # common valid pattern; lane p follows it lag[p] clocks late
        t = 0
        idle = 0
        while idle < drain:
            await RisingEdge(dut.clk)
            self._sample()
            if cut is not None and min(idx) >= cut and max(idx) >= cut:
                dut.s_lane_valid.value = 0
                sig = dut.rst if cut_kind == "rst" else dut.resync
                sig.value = 1
                await RisingEdge(dut.clk)
                self._sample()
                if cut_kind == "rst":
                    await ClockCycles(dut.clk, 2)
                sig.value = 0
                return idx
            pattern.append(self.rng.random() < self.p_valid)
            data, valid = 0, 0
            for p in range(n):
                k = t - lag[p]
                want = k >= 0 and pattern[k] and idx[p] < total and (cut is None or idx[p] < cut)
                if want:
                    data |= int.from_bytes(phys[p][idx[p]], "big") << (64 * p)
                    valid |= 1 << p
                    idx[p] += 1
            dut.s_lane_data.value = data
            dut.s_lane_valid.value = valid
            t += 1
            idle = idle + 1 if min(idx) == total else 0
        dut.s_lane_valid.value = 0
        return idx


def line(rng, words, am_period, delays, perm=None, tail=None):
    """The physical lanes for ``words`` and the block stream they carry (as bytes, with to_lanes'
    zero fill): to_lanes, then skew_lanes and reorder_lanes; ``tail`` extra random words after
    ``words`` so that every word's rounds reach every lane."""
    tail = (DESKEW // am_period + 4) * L if tail is None else tail
    sent = list(words) + random_words(rng, tail)
    lanes = m.to_lanes(sent, L, am_period)
    lanes = m.skew_lanes(lanes, delays, rng)
    return m.reorder_lanes(lanes, perm or list(range(L))), b"".join(sent) + bytes(8 * L)


def is_block_run(out_words, stream: bytes) -> bool:
    """``out_words`` are consecutive blocks of the line's block stream. After an alignment that
    starts at a marker round other than round 0 the words may start at any block, not only at a
    word boundary: the lane layer keeps no word framing (as LaneRx.align)."""
    data = b"".join(out_words)
    at = stream.find(data)
    while at >= 0 and at % fmt.BLOCK:
        at = stream.find(data, at + 1)
    return at >= 0


def truncated(phys):
    k = min(len(b) for b in phys)
    return [b[:k] for b in phys]


def model_align(phys, am_period):
    lrx = m.LaneRx(cfg(am_period))
    return lrx, lrx.align(truncated(phys))


def status(dut):
    return dict(locked=int(dut.locked.value), aligned=int(dut.aligned.value),
                skew=int(dut.skew.value), deskew_err=int(dut.deskew_err.value))


def good_status(lrx):
    return dict(locked=(1 << L) - 1, aligned=1, skew=lrx.skew, deskew_err=0)


async def rx_reset(dut, am_period):
    dut.am_period.value = am_period
    dut.rst.value = 1
    await ClockCycles(dut.clk, 2)
    dut.rst.value = 0


def p_valid_for(rng):
    """Lane valid share: the lanes must average at most eight blocks (a word) per clock."""
    return min(1.0, 7.5 / L) * rng.uniform(0.7, 1.0)


@cocotb.test(skip=TOP != "link_lane_rx")
async def rx_skewed_reordered_lanes(dut):
    """to_lanes + skew_lanes (spans 0..DESKEW, DESKEW exactly once) + random lane order, random
    valid gaps: the words are LaneRx.align's (the original words), skew and status as the
    model's, no marker errors."""
    rng = rng_for(dut, "rx_skew")
    dut.am_period.value = 5
    await start(dut)
    trials = [(5, DESKEW), (13, 0), (20, None), (7, None), (2, None), (9, DESKEW)]
    for am_period, span in trials:
        await rx_reset(dut, am_period)
        span = rng.randint(1, DESKEW) if span is None else span
        delays = [rng.randint(0, span) for _ in range(L)]
        lo, hi = rng.sample(range(L), 2)
        delays[lo], delays[hi] = 0, span
        perm = list(range(L))
        rng.shuffle(perm)
        words = linktx_words(rng) if am_period == 20 else random_words(rng, rng.randint(30, 120))
        phys, _ = line(rng, words, am_period, delays, perm)
        lrx, want = model_align(phys, am_period)
        assert want[:len(words)] == words and lrx.counters["am_errors"] == 0
        bench = RxBench(dut, rng, p_valid_for(rng))
        await bench.feed(phys)
        assert bench.words == want, (am_period, delays, perm, len(bench.words), len(want))
        assert status(dut) == good_status(lrx) and lrx.skew == max(delays) - min(delays)
        assert bench.am_err_events == 0 and bench.deskew_events == 0


@cocotb.test(skip=TOP != "link_lane_rx")
async def rx_lane_time_lag(dut):
    """Lanes whose valid strobes arrive some clocks apart (as from per-lane clock-crossing FIFOs)
    on top of block skew: the same words as the model."""
    rng = rng_for(dut, "rx_lag")
    dut.am_period.value = 11
    await start(dut)
    for _ in range(2):
        await rx_reset(dut, 11)
        delays = [rng.randint(0, DESKEW // 2) for _ in range(L)]
        lag = [rng.randint(0, 6) for _ in range(L)]
        perm = list(range(L))
        rng.shuffle(perm)
        words = random_words(rng, 80)
        phys, _ = line(rng, words, 11, delays, perm)
        lrx, want = model_align(phys, 11)
        bench = RxBench(dut, rng, p_valid_for(rng))
        await bench.feed(phys, lag=lag)
        assert bench.words == want and status(dut) == good_status(lrx)


@cocotb.test(skip=TOP != "link_lane_rx")
async def rx_skew_beyond_deskew_refused(dut):
    """Skew DESKEW+1 and more: refused like the model (deskew_err, ev_deskew_err, skew as the
    model's, not aligned, no words); then a clean line aligns again after resync."""
    rng = rng_for(dut, "rx_deskew")
    dut.am_period.value = 10
    await start(dut)
    for am_period, extra in ((10, 1), (40, 1), (6, 9)):
        await rx_reset(dut, am_period)
        delays = [rng.randint(0, DESKEW) for _ in range(L)]
        delays[0], delays[-1] = 0, DESKEW + extra
        phys, _ = line(rng, random_words(rng, 60), am_period, delays)
        lrx, want = model_align(phys, am_period)
        assert want == [] and lrx.counters["deskew_errors"] == 1
        bench = RxBench(dut, rng, p_valid_for(rng))
        await bench.feed(phys)
        assert bench.words == [] and bench.deskew_events >= 1 and not any(bench.aligned_seen)
        assert status(dut) == dict(locked=status(dut)["locked"], aligned=0, skew=lrx.skew,
                                   deskew_err=1)
    # resync clears the status; a line within DESKEW aligns
    dut.resync.value = 1
    await RisingEdge(dut.clk)
    dut.resync.value = 0
    await RisingEdge(dut.clk)
    assert int(dut.deskew_err.value) == 0 and int(dut.skew.value) == 0
    phys, _ = line(rng, random_words(rng, 40), 10, [rng.randint(0, DESKEW) for _ in range(L)])
    lrx, want = model_align(phys, 10)
    dut.am_period.value = 10
    bench = RxBench(dut, rng, p_valid_for(rng))
    await bench.feed(phys)
    assert bench.words == want and status(dut) == good_status(lrx)


def corrupt(lanes, lane, rnd, rng, field="any"):
    """Flip one bit of the block of logical lane ``lane`` in round ``rnd`` (a marker round):
    anywhere, in am_seq ("seq": still a marker, of another round) or elsewhere ("name": no
    longer a marker)."""
    b = bytearray(lanes[lane][rnd])
    at = {"seq": rng.randrange(6, 8), "name": rng.randrange(6)}.get(field, rng.randrange(8))
    b[at] ^= 1 << rng.randrange(8)
    lanes[lane][rnd] = bytes(b)


@cocotb.test(skip=TOP != "link_lane_rx")
async def rx_bad_markers(dut):
    """Damaged markers: one lane in one round, two lanes in one round (ev_am_err_n = 2), and the
    first markers of one lane (it locks late, every lane starts at its first good marker
    round): words, am_errors and status as the model's."""
    rng = rng_for(dut, "rx_am")
    dut.am_period.value = 8
    await start(dut)
    for am_period, case in ((8, "one"), (6, "two"), (5, "first"), (16, "first"), (7, "mixed")):
        await rx_reset(dut, am_period)
        words = random_words(rng, 90)
        lanes = m.to_lanes(words + random_words(rng, 8 * L), L, am_period)
        nm = (len(lanes[0]) - DESKEW) // am_period     # marker rounds every lane reaches
        if case in ("one", "mixed"):
            corrupt(lanes, rng.randrange(L), am_period * rng.randint(4, nm - 1), rng)
        if case in ("two", "mixed"):
            a, b = rng.sample(range(L), 2) if L > 1 else (0, 0)
            r = am_period * rng.randint(4, nm - 1)
            corrupt(lanes, a, r, rng, "seq")
            if b != a:
                corrupt(lanes, b, r, rng, "seq")
        if case in ("first", "mixed"):
            lane = rng.randrange(L)
            for k in range(rng.randint(1, 3)):
                corrupt(lanes, lane, am_period * k, rng, "name")
        delays = [rng.randint(0, DESKEW) for _ in range(L)]
        perm = list(range(L))
        rng.shuffle(perm)
        phys = m.reorder_lanes(m.skew_lanes(lanes, delays, rng), perm)
        lrx, want = model_align(phys, am_period)
        bench = RxBench(dut, rng, p_valid_for(rng))
        await bench.feed(phys)
        assert bench.words == want, (case, am_period, delays)
        assert bench.am_err_lanes == lrx.counters["am_errors"], (case, bench.am_err_lanes,
                                                                  lrx.counters)
        assert status(dut) == good_status(lrx)
        if case == "first":
            assert want and want[0] != words[0]        # the late lane moved the start
        else:
            assert lrx.counters["am_errors"] >= 1
        if case == "two" and L > 1:
            assert bench.am_err_events == 1 and bench.am_err_lanes == 2
        if case == "one":
            assert bench.am_err_events == bench.am_err_lanes == 1


@cocotb.test(skip=TOP != "link_lane_rx")
async def rx_bogus_first_marker_refused_then_retried(dut):
    """A lane whose first marker carries a wrong am_seq (256 and more rounds ahead): the model
    refuses the alignment (its skew > 255); the RTL refuses it too (ev_deskew_err, skew 255),
    starts over, and aligns on the later, good markers (the words then a run of the line's
    blocks, skew as the line's)."""
    rng = rng_for(dut, "rx_bogus")
    am_period = 8
    dut.am_period.value = am_period
    await start(dut)
    words = random_words(rng, 600)
    lanes = m.to_lanes(words, L, am_period)
    stream = b"".join(words) + bytes(8 * L)
    lane = rng.randrange(L)
    b = bytearray(lanes[lane][0])
    b[6] |= 1 << rng.randrange(7)              # am_seq 0 -> 256 .. 16384
    lanes[lane][0] = bytes(b)
    delays = [rng.randint(0, DESKEW) for _ in range(L)]
    phys = truncated(m.skew_lanes(lanes, delays, rng))
    lrx, want = model_align(phys, am_period)
    assert want == [] and lrx.skew > 255 and lrx.counters["deskew_errors"] == 1
    bench = RxBench(dut, rng, p_valid_for(rng))
    await bench.feed(phys)
    first = bench.deskew_at[0]
    assert bench.skews[first + 1] == 255 and not any(bench.aligned_seen[:first + 1])
    assert bench.deskew_events == 1 and any(bench.aligned_seen[first:])
    assert status(dut) == dict(locked=(1 << L) - 1, aligned=1,
                               skew=max(delays) - min(delays), deskew_err=0)
    assert len(bench.words) > 100 and is_block_run(bench.words, stream)
    assert bench.am_err_events == 0


@cocotb.test(skip=TOP != "link_lane_rx")
async def rx_reset_and_resync_mid_stream(dut):
    """rst or resync in the middle of traffic, at random points and with small marker periods
    (the lanes' first markers then differ in am_seq): before it the words are a prefix of the
    model's, after it exactly LaneRx.align of the lanes from that point on."""
    rng = rng_for(dut, "rx_reset")
    dut.am_period.value = 5
    await start(dut)
    for trial in range(6):
        am_period = rng.choice([3, 5, 7, 12, 19])
        await rx_reset(dut, am_period)
        delays = [rng.randint(0, DESKEW) for _ in range(L)]
        perm = list(range(L))
        rng.shuffle(perm)
        words = random_words(rng, 120)
        phys, stream = line(rng, words, am_period, delays, perm)
        phys = truncated(phys)
        _, full = model_align(phys, am_period)
        cut = rng.randrange(10, len(phys[0]) // 2)
        bench = RxBench(dut, rng, p_valid_for(rng))
        kind = "rst" if trial % 2 else "resync"
        idx = await bench.feed(phys, cut=cut, cut_kind=kind)
        before = bench.words
        assert before == full[:len(before)]
        # the rounds still buffered at the cut are lost (the skew, the alignment's clocks)
        _, upto = model_align([b[:cut] for b in phys], am_period)
        assert len(before) <= len(upto)
        rest = [b[cut:] for b in phys]
        assert idx == [cut] * L
        lrx, want = model_align(rest, am_period)
        bench = RxBench(dut, rng, p_valid_for(rng))
        await bench.feed(rest)
        assert bench.words == want, (trial, kind, am_period, cut, delays)
        assert status(dut) == good_status(lrx)
        assert want and is_block_run(want, stream)


@cocotb.test(skip=TOP != "link_lane_rx" or AM_LOSS == 0)
async def rx_persistent_marker_loss_realigns(dut):
    """AM_LOSS consecutive bad marker rounds (a lane slipped one block) restart the alignment:
    aligned drops, the lanes align again, and the words after it are again a run of the
    original words."""
    rng = rng_for(dut, "rx_loss")
    am_period = 6
    dut.am_period.value = am_period
    await start(dut)
    words = random_words(rng, 160)
    lanes = m.to_lanes(words, L, am_period)
    stream = b"".join(words) + bytes(8 * L)
    slip_at = am_period * 10 + 2
    victim = rng.randrange(L)
    lanes[victim] = lanes[victim][:slip_at] + lanes[victim][slip_at + 1:]   # one block lost
    phys = truncated(lanes)
    lrx, want = model_align(phys, am_period)
    bench = RxBench(dut, rng, p_valid_for(rng))
    await bench.feed(phys)
    seen = bench.aligned_seen
    fell = seen.index(0, seen.index(1))
    assert 1 in seen[fell:], "did not align again"
    assert AM_LOSS <= bench.am_err_events < lrx.counters["am_errors"]
    # before the slip the words are the model's (the original words); after the realignment
    # a run of the line's blocks again
    good = 0
    while good < len(bench.words) and bench.words[good] == words[good]:
        good += 1
    assert good >= (slip_at - slip_at // am_period - 1) * L // 8 - 2
    after = bench.words[-20:]
    assert len(bench.words) - good > 20 and is_block_run(after, stream)
