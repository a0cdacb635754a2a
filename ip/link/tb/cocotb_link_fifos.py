# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of the link's client FIFOs, ip/link/rtl/link_ingress.v and link_egress.v.

The expected output is the input itself: every frame a client sends (ingress) or the
reassembler's bus carries (egress) must come out byte for byte, in order, or be dropped for a
reason the test knows in advance (bad / discarded, too long, empty, no room, channel disabled);
the drop strobes are counted and compared exactly. Byte order on the line side is the one of
ip/link/doc/architecture.md, decoded here independently of the RTL (`line_bytes`, `line_int`,
`line_keep`).

LC_PARAMS JSON: the RTL parameters plus TOP (link_ingress or link_egress, the tests of the other
top are skipped), COUNT (frames per random test) and ROUNDS (pairs of resets, rst then cli_rst). Every stream with a ready has seeded random
stalls; the seed is logged and LC_SEED replays it.
"""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge, Timer

P = json.loads(os.environ["LC_PARAMS"])
TOP = P["TOP"]
BYTES = P.get("BYTES", 65536)
MAX_FRAME = P.get("MAX_FRAME", 16383)
CHAN = P.get("CHAN", 0)
COUNT = P.get("COUNT", 60)
ROUNDS = P.get("ROUNDS", 2)         # reset rounds (each: a reset of rst, then of cli_rst)
DEPTH_W = BYTES // 64
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 32)))
HANG = 200_000          # clocks without progress before a test calls the DUT hung


# --- line byte order (architecture.md, "Line byte order") -----------------------------------

from linecrypt.link.format import bus_to_word as line_bytes, word_to_bus as line_int  # noqa: E402


def line_keep(positions) -> int:
    """tkeep of line words with bytes ``positions`` kept: bit 16*(b/16) + 15 - (b%16) (64 bits
    for a word, 128 for the reassembler's two-word beat)."""
    k = 0
    for b in positions:
        k |= 1 << (16 * (b // 16) + 15 - b % 16)
    return k


def rng_for(name: str) -> random.Random:
    return random.Random(SEED + sum(map(ord, name)))


def skip_unless(top):
    return TOP != top


async def start_clocks(dut, cli_ns, line_ns):
    cocotb.start_soon(Clock(dut.cli_clk, cli_ns, unit="ns").start())
    await Timer(1.3, unit="ns")         # the clocks' edges never coincide at the start
    cocotb.start_soon(Clock(dut.clk, line_ns, unit="ns").start())


async def reset_both(dut, tb, cycles=8):
    dut.rst.value = 1
    dut.cli_rst.value = 1
    await ClockCycles(dut.clk, cycles)
    await ClockCycles(dut.cli_clk, cycles)
    dut.rst.value = 0
    dut.cli_rst.value = 0
    await ClockCycles(dut.clk, 30)
    await ClockCycles(dut.cli_clk, 30)
    tb.q_hold = tb.m_hold = False
    tb.drops = tb.frames_in = 0


async def wait_quiet(clk, events, quiet=500):
    """Until ``events`` (a list the bench appends to) has not grown for ``quiet`` clocks."""
    n, seen, total = 0, len(events), 0
    while n < quiet:
        await RisingEdge(clk)
        total += 1
        assert total < HANG, "no quiet moment"
        n = n + 1 if len(events) == seen else 0
        seen = len(events)


def is_subsequence(got, sent):
    it = iter(sent)
    return all(any(g == s for s in it) for g in got)


# =============================================================================================
# link_ingress
# =============================================================================================

class Ingress:
    """Client-side driver (no tready: beats back to back, gaps between frames), line-side
    consumer with random q_tready stalls that checks q_len / q_tlast / zero fill word by word,
    and counters of the event strobes."""

    def __init__(self, dut, name, q_stall=0.3):
        self.dut = dut
        self.rng = rng_for(name)
        dut._log.info("seed %d (LC_SEED=%d replays)", SEED, SEED)
        self.q_stall = q_stall
        self.q_hold = True              # q_tready forced low (until the first reset is over)
        self.got = []                   # frames popped, in order
        self.partial = []
        self.drops = 0
        self.frames_in = 0
        self.pops = []                  # line clock index of every pop
        self.lcyc = 0
        dut.s_axis_tvalid.value = 0
        dut.s_axis_tdata.value = 0
        dut.s_axis_tkeep.value = 0
        dut.s_axis_tlast.value = 0
        dut.s_axis_tuser.value = 0
        dut.enable.value = 1
        dut.q_tready.value = 0
        dut.rst.value = 0
        dut.cli_rst.value = 0
        cocotb.start_soon(self._consume())

    async def _consume(self):
        dut = self.dut
        clen = None
        while True:
            await RisingEdge(dut.clk)
            self.lcyc += 1
            self.drops += int(dut.ev_drop.value)
            self.frames_in += int(dut.ev_frame_in.value)
            if int(dut.q_tvalid.value) and int(dut.q_tready.value):
                self.pops.append(self.lcyc)
                word = line_bytes(int(dut.q_tdata.value))
                ln, last = int(dut.q_len.value), int(dut.q_tlast.value)
                if self.partial:
                    assert ln == clen, f"q_len {ln} changed within a frame of {clen}"
                clen = ln
                self.partial.append(word)
                assert len(self.partial) <= (ln + 63) // 64, f"frame of {ln} bytes runs past its words"
                if last:
                    assert len(self.partial) == (ln + 63) // 64, \
                        f"q_tlast after {len(self.partial)} words, frame of {ln} bytes"
                    data = b"".join(self.partial)
                    assert data[ln:] == bytes(len(data) - ln), "bytes after the frame's end not zero"
                    self.got.append(data[:ln])
                    self.partial = []
            dut.q_tready.value = 0 if self.q_hold else int(self.rng.random() >= self.q_stall)

    async def idle(self, n):
        self.dut.s_axis_tvalid.value = 0
        for _ in range(n):
            await RisingEdge(self.dut.cli_clk)

    async def send(self, data: bytes, bad=False, keep0=False, pause_at=None, pause=0):
        """One frame, beats back to back (or a pause of ``pause`` clocks before beat
        ``pause_at``); garbage in the bytes after its end and in tuser of the beats before the
        last; keep0: the frame ends with an extra beat of tkeep 0."""
        dut, rng = self.dut, self.rng
        chunks = [data[i:i + 8] for i in range(0, len(data), 8)]
        if keep0 or not chunks:
            chunks.append(b"")
        for n, c in enumerate(chunks):
            last = n == len(chunks) - 1
            if n == pause_at:
                await self.idle(pause)
            dut.s_axis_tdata.value = int.from_bytes(c + rng.randbytes(8 - len(c)), "little")
            dut.s_axis_tkeep.value = (1 << len(c)) - 1
            dut.s_axis_tlast.value = int(last)
            dut.s_axis_tuser.value = int(bad) if last else rng.randrange(2)
            dut.s_axis_tvalid.value = 1
            await RisingEdge(dut.cli_clk)
        dut.s_axis_tvalid.value = 0

    async def wait_drained(self, expect_frames):
        n = 0
        while len(self.got) < expect_frames or self.partial:
            await RisingEdge(self.dut.clk)
            n += 1
            assert n < HANG, f"hung: {len(self.got)} of {expect_frames} frames out"
        await ClockCycles(self.dut.clk, 50)


def frame_len(rng, small=0.35):
    r = rng.random()
    if r < small:
        return rng.randint(1, 130)
    if r < 0.8:
        return rng.randint(60, 1600)
    return rng.randint(1600, min(9000, MAX_FRAME))


async def ingress_random(dut, cli_ns, line_ns, name):
    await start_clocks(dut, cli_ns, line_ns)
    tb = Ingress(dut, name, q_stall=0.3)
    await reset_both(dut, tb)
    rng = tb.rng
    want, dropped = [], 0
    for i in range(COUNT):
        kind = rng.random()
        ln = frame_len(rng)
        data = rng.randbytes(ln)
        keep0 = ln % 8 == 0 and rng.random() < 0.5
        if kind < 0.1:
            await tb.send(data, bad=True, keep0=keep0)
            dropped += 1
        elif kind < 0.14:
            await tb.send(rng.randbytes(MAX_FRAME + rng.randint(1, 100)))
            dropped += 1
        elif kind < 0.16:
            await tb.send(b"")                       # empty frame: one beat, tkeep 0
            dropped += 1
        else:
            await tb.send(data, keep0=keep0)
            want.append(data)
        await tb.idle(rng.choice([0, 0, 1, 2, 5]))
    await tb.wait_drained(len(want))
    assert len(tb.got) == len(want), f"{len(tb.got)} frames out, {len(want)} expected"
    for n, (g, w) in enumerate(zip(tb.got, want)):
        assert g == w, f"frame {n} ({len(w)} bytes) differs"
    assert tb.drops == dropped, f"ev_drop {tb.drops}, expected {dropped}"
    assert tb.frames_in == len(want), f"ev_frame_in {tb.frames_in}, expected {len(want)}"
    dut._log.info("%d frames, %d bytes through, %d dropped", len(want), sum(map(len, want)), dropped)


@cocotb.test(skip=skip_unless("link_ingress"))
async def ingress_random_client_slower(dut):
    """Client 6.4 ns (156.25 MHz), line 5 ns; random lengths, bad, long and empty frames."""
    await ingress_random(dut, 6.4, 5.0, "ingress_slow")


@cocotb.test(skip=skip_unless("link_ingress"))
async def ingress_random_client_faster(dut):
    """Client 3.1 ns, line 5 ns."""
    await ingress_random(dut, 3.1, 5.0, "ingress_fast")


@cocotb.test(skip=skip_unless("link_ingress"))
async def ingress_full(dut):
    """q_tready low: frames fill the buffer, the ones that no longer fit are dropped exactly as
    a word count says; then the backlog leaves at one word per clock, and the space is reused."""
    await start_clocks(dut, 6.4, 5.0)
    tb = Ingress(dut, "ingress_full", q_stall=0.0)
    await reset_both(dut, tb)
    rng = tb.rng
    for rnd in range(2):
        tb.q_hold = True
        await ClockCycles(dut.clk, 2)
        used, want, dropped = 0, [], 0
        lens = [rng.choice([rng.randint(1, 64), rng.randint(65, 700), rng.randint(700, 3000)])
                for _ in range(3 * BYTES // 1000 + 8)]
        lens += [rng.randint(1, 64) for _ in range(6)]      # one-word frames fill the gaps
        for ln in lens:
            data = rng.randbytes(ln)
            words = (ln + 63) // 64
            if used + words <= DEPTH_W:
                used += words
                want.append(data)
            else:
                dropped += 1
            await tb.send(data, keep0=ln % 8 == 0 and rng.random() < 0.5)
            await tb.idle(rng.choice([0, 1, 3]))
        await ClockCycles(dut.clk, 60)
        assert tb.drops == dropped, f"round {rnd}: ev_drop {tb.drops}, expected {dropped}"
        assert tb.frames_in == len(want), f"round {rnd}: ev_frame_in {tb.frames_in} != {len(want)}"
        assert used > DEPTH_W - 40, f"the test did not fill the buffer ({used} words)"
        start = len(tb.pops)
        tb.q_hold = False
        await tb.wait_drained(len(want))
        pops = tb.pops[start:]
        assert len(pops) == used, f"{len(pops)} pops for {used} words"
        assert pops[-1] - pops[0] == used - 1, \
            f"{used} words took {pops[-1] - pops[0] + 1} clocks with q_tready high"
        assert tb.got == want, f"round {rnd}: frames differ"
        tb.got, tb.drops, tb.frames_in = [], 0, 0


@cocotb.test(skip=skip_unless("link_ingress"))
async def ingress_enable(dut):
    """enable toggled while frames arrive: frames wholly inside an enabled stretch come out,
    frames wholly inside a disabled one are dropped, the rest either, none lost uncounted."""
    await start_clocks(dut, 6.4, 5.0)
    tb = Ingress(dut, "ingress_enable", q_stall=0.2)
    await reset_both(dut, tb)
    rng = tb.rng
    edges = [(cocotb.utils.get_sim_time("ns"), 1)]

    async def toggler():
        v = 1
        while True:
            await ClockCycles(dut.clk, rng.randint(100, 1500))
            v ^= 1
            dut.enable.value = v
            edges.append((cocotb.utils.get_sim_time("ns"), v))

    task = cocotb.start_soon(toggler())
    sent = []                           # (data, t_first, t_last)
    for _ in range(COUNT * 2):
        data = rng.randbytes(rng.choice([rng.randint(1, 200), rng.randint(200, 2000)]))
        t0 = cocotb.utils.get_sim_time("ns")
        await tb.send(data)
        sent.append((data, t0, cocotb.utils.get_sim_time("ns")))
        await tb.idle(rng.randint(0, 20))
    task.cancel()
    dut.enable.value = 1
    await ClockCycles(dut.clk, 100)
    await tb.wait_drained(0)
    margin = 6 * 6.4 + 4 * 5.0          # the synchroniser and the input register

    def state(t0, t1):
        """1 / 0 when enable was steady over [t0 - margin, t1 + margin], else None."""
        v = None
        for t, e in edges:
            if t <= t0 - margin:
                v = e
            elif t <= t1 + margin:
                return None
        return v

    it = iter(tb.got)
    nxt = next(it, None)
    must, mustnot, out = 0, 0, 0
    for data, t0, t1 in sent:
        s = state(t0, t1)
        if nxt is not None and nxt == data:
            assert s != 0, f"a frame sent while disabled came out ({len(data)} bytes)"
            out += 1
            nxt = next(it, None)
        else:
            assert s != 1, f"a frame sent while enabled was lost ({len(data)} bytes)"
        must += s == 1
        mustnot += s == 0
    assert nxt is None, "a frame came out that was not sent (or out of order)"
    assert tb.drops == len(sent) - out, f"ev_drop {tb.drops}, {len(sent) - out} frames dropped"
    assert must > 10 and mustnot > 10, f"toggling too coarse: {must} on, {mustnot} off"
    dut._log.info("%d frames, %d out, %d surely on, %d surely off", len(sent), out, must, mustnot)


@cocotb.test(skip=skip_unless("link_ingress"))
async def ingress_reset(dut):
    """One-clock resets of either side in the middle of traffic: frames the reset touches are
    lost whole (none comes out cut or merged), everything sent after it comes out."""
    await start_clocks(dut, 6.4, 5.0)
    tb = Ingress(dut, "ingress_reset", q_stall=0.3)
    await reset_both(dut, tb)
    rng = tb.rng
    for which in ("rst", "cli_rst") * ROUNDS:
        sent = []
        stop = []

        async def traffic():
            while not stop:
                data = rng.randbytes(rng.randint(1, 1500))
                sent.append(data)
                await tb.send(data)
                await tb.idle(rng.randint(0, 3))

        task = cocotb.start_soon(traffic())
        await ClockCycles(dut.clk, rng.randint(300, 3000))
        tb.q_hold = True
        await ClockCycles(dut.clk, rng.randint(0, 3))
        sig = getattr(dut, which)
        if which == "cli_rst":
            task.cancel()               # the client is reset too: its frame stops, no tlast
            dut.s_axis_tvalid.value = 0
        sig.value = 1
        await RisingEdge(dut.clk if which == "rst" else dut.cli_clk)
        sig.value = 0
        if which == "rst":              # the client goes on, to a frame end
            await ClockCycles(dut.clk, rng.randint(0, 200))
            stop.append(1)
            await task
        await ClockCycles(dut.clk, 50)
        tb.partial = []                 # the frame being popped at the reset
        tb.q_hold = False
        await wait_quiet(dut.clk, tb.pops)
        assert not tb.partial
        assert is_subsequence(tb.got, sent), f"{which}: frames out not as sent"
        dut._log.info("%s: %d of %d frames around the reset out", which, len(tb.got), len(sent))
        tb.got = []
        want = []
        for _ in range(COUNT // 2):
            data = rng.randbytes(frame_len(rng))
            await tb.send(data)
            want.append(data)
            await tb.idle(rng.randint(0, 3))
        await tb.wait_drained(len(want))
        assert tb.got == want, f"after {which}: frames differ"
        tb.got = []
    # a client reset while the client keeps sending: the tail after it is skipped
    tb.q_hold = False

    async def pulse():
        await ClockCycles(dut.cli_clk, 40)
        dut.cli_rst.value = 1
        await RisingEdge(dut.cli_clk)
        dut.cli_rst.value = 0

    want = [rng.randbytes(1000), rng.randbytes(200)]
    cocotb.start_soon(pulse())
    await tb.send(rng.randbytes(2000))  # cut by the reset in its 40th beat, the rest skipped
    for d in want:
        await tb.send(d)
        await tb.idle(2)
    await tb.wait_drained(len(want))
    assert tb.got == want, "the tail of a frame cut by cli_rst came out, or a frame after it did not"
    tb.got = []

    # a line reset whose hold falls in a pause inside a frame: the frame is dropped
    async def pulse_line():
        await ClockCycles(dut.cli_clk, 25)
        dut.rst.value = 1
        await RisingEdge(dut.clk)
        dut.rst.value = 0

    cocotb.start_soon(pulse_line())
    await tb.send(rng.randbytes(800), pause_at=20, pause=80)
    for d in want:
        await tb.send(d)
        await tb.idle(2)
    await tb.wait_drained(len(want))
    assert tb.got == want, "the tail of a frame paused over a reset came out"


# =============================================================================================
# link_egress
# =============================================================================================

OTHER = [c for c in range(16) if c != CHAN]


BEAT = 128                          # bytes of a c_* beat: two line words


def beat_int(data: bytes) -> int:
    """c_tdata of a 128-byte beat: line word 0 in bits [511:0], word 1 in [1023:512]."""
    return line_int(data[:64]) | (line_int(data[64:]) << 512)


def split_beats(rng, data: bytes, discard=False, keep0=False, coarse=False):
    """The beats of one frame on the reassembler's bus: pieces at random 8-byte-aligned cuts
    (always cut at the 128-byte beat ends), each at its position modulo 128, garbage in the
    bytes not kept; c_tlast on the last (keep0: an extra empty last beat), c_tuser = discard."""
    cuts = {0, len(data)} | set(range(BEAT, len(data), BEAT))
    if not coarse:
        cuts |= {8 * rng.randrange(len(data) // 8 + 1) for _ in range(len(data) // 24 + 1)}
    cuts = sorted(c for c in cuts if c <= len(data))
    beats = []
    for a, b in zip(cuts, cuts[1:]):
        word = bytearray(rng.randbytes(BEAT))
        pos = range(a % BEAT, a % BEAT + (b - a))
        word[a % BEAT:a % BEAT + (b - a)] = data[a:b]
        beats.append(dict(c_tdata=beat_int(bytes(word)), c_tkeep=line_keep(pos), c_tchan=CHAN,
                          c_tlast=0, c_tuser=rng.randrange(2)))
    if keep0 or not beats:
        beats.append(dict(c_tdata=beat_int(rng.randbytes(BEAT)), c_tkeep=0, c_tchan=CHAN,
                          c_tlast=0, c_tuser=0))
    beats[-1]["c_tlast"] = 1
    beats[-1]["c_tuser"] = int(discard)
    return beats


class Egress:
    """Line-side driver of the c_* bus (beats of CHAN held until c_tready; beats of other
    channels shown for one clock and ignored by the DUT), client-side sink with random
    m_axis_tready stalls that checks tkeep, and an ev_drop counter."""

    def __init__(self, dut, name, c_idle=0.2, m_stall=0.3):
        self.dut = dut
        self.rng = rng_for(name)
        dut._log.info("seed %d (LC_SEED=%d replays)", SEED, SEED)
        self.c_idle, self.m_stall = c_idle, m_stall
        self.other = 0.15                # share of beats of other channels
        self.m_hold = True               # m_axis_tready forced low (until the first reset is over)
        self.beats = []                  # queued beats for the bus
        self.got = []
        self.partial = bytearray()
        self.drops = 0
        self.waited = 0                  # clocks a CHAN beat waited for c_tready
        self.outs = []                   # client clock index of every beat out
        self.ccyc = 0
        self.flush = False               # the reassembler was reset: drop the held beat
        self.in_frame = False            # the last beat of CHAN taken was not a last one
        self.taken = 0                   # beats of CHAN taken by the DUT
        self.ends = []                   # per frame put: beats of CHAN up to its last
        for s in ("c_tdata", "c_tkeep", "c_tchan", "c_tlast", "c_tuser", "c_tvalid"):
            getattr(dut, s).value = 0
        dut.m_axis_tready.value = 0
        dut.rst.value = 0
        dut.cli_rst.value = 0
        cocotb.start_soon(self._drive())
        cocotb.start_soon(self._sink())

    async def _drive(self):
        dut, rng = self.dut, self.rng
        cur = None
        while True:
            await RisingEdge(dut.clk)
            self.drops += int(dut.ev_drop.value)
            if cur is not None:
                if cur["c_tchan"] != CHAN:
                    cur = None
                elif int(dut.c_tready.value):
                    self.in_frame = not cur["c_tlast"]
                    cur = None
                    self.taken += 1
                else:
                    self.waited += 1
            if self.flush:
                cur, self.flush = None, False
            if cur is None:
                if rng.random() < self.c_idle:
                    dut.c_tvalid.value = 0
                    continue
                if rng.random() < self.other:
                    cur = dict(c_tdata=rng.getrandbits(1024), c_tkeep=rng.getrandbits(128),
                               c_tchan=rng.choice(OTHER), c_tlast=rng.randrange(2),
                               c_tuser=rng.randrange(2))
                elif self.beats:
                    cur = self.beats.pop(0)
                else:
                    dut.c_tvalid.value = 0
                    continue
                for k, v in cur.items():
                    getattr(dut, k).value = v
                dut.c_tvalid.value = 1

    async def _sink(self):
        dut = self.dut
        while True:
            await RisingEdge(dut.cli_clk)
            self.ccyc += 1
            if int(dut.m_axis_tvalid.value) and int(dut.m_axis_tready.value):
                self.outs.append(self.ccyc)
                keep = int(dut.m_axis_tkeep.value)
                last = int(dut.m_axis_tlast.value)
                n = bin(keep).count("1")
                assert keep == (1 << n) - 1 and n > 0, f"tkeep {keep:#04x} not contiguous"
                assert last or n == 8, f"tkeep {keep:#04x} before the last beat"
                self.partial += int(dut.m_axis_tdata.value).to_bytes(8, "little")[:n]
                if last:
                    self.got.append(bytes(self.partial))
                    self.partial = bytearray()
            dut.m_axis_tready.value = 0 if self.m_hold else int(self.rng.random() >= self.m_stall)

    def put(self, data, **kw):
        self.beats += split_beats(self.rng, data, **kw)
        self.ends.append(self.taken + len(self.beats))

    async def wait_sent(self):
        n = 0
        while self.beats:
            await RisingEdge(self.dut.clk)
            n += 1
            assert n < HANG, f"hung: {len(self.beats)} beats not taken"

    async def wait_drained(self, expect_frames):
        await self.wait_sent()
        n = 0
        while len(self.got) < expect_frames or self.partial:
            await RisingEdge(self.dut.cli_clk)
            n += 1
            assert n < HANG, f"hung: {len(self.got)} of {expect_frames} frames out"
        await ClockCycles(self.dut.cli_clk, 50)


async def egress_random(dut, cli_ns, line_ns, name):
    await start_clocks(dut, cli_ns, line_ns)
    tb = Egress(dut, name)
    await reset_both(dut, tb)
    rng = tb.rng
    want, dropped = [], 0
    for _ in range(COUNT):
        kind = rng.random()
        ln = frame_len(rng)
        data = rng.randbytes(ln)
        keep0 = rng.random() < 0.2
        if kind < 0.1:
            tb.put(data, discard=True, keep0=keep0)
            dropped += 1
        elif kind < 0.13:
            tb.put(rng.randbytes(MAX_FRAME + rng.randint(1, 200)), keep0=keep0)
            dropped += 1
        elif kind < 0.15:
            tb.put(b"")                               # empty frame: a keep-0 last beat
            dropped += 1
        else:
            tb.put(data, keep0=keep0, coarse=rng.random() < 0.3)
            want.append(data)
    await tb.wait_drained(len(want))
    assert len(tb.got) == len(want), f"{len(tb.got)} frames out, {len(want)} expected"
    for n, (g, w) in enumerate(zip(tb.got, want)):
        assert g == w, f"frame {n} ({len(w)} bytes) differs"
    assert tb.drops == dropped, f"ev_drop {tb.drops}, expected {dropped}"
    dut._log.info("%d frames, %d bytes, %d dropped, c_tready low %d clocks", len(want),
                  sum(map(len, want)), dropped, tb.waited)


@cocotb.test(skip=skip_unless("link_egress"))
async def egress_random_client_slower(dut):
    """Client 6.4 ns, line 5 ns: the client drains slower than the bus fills, c_tready waits."""
    await egress_random(dut, 6.4, 5.0, "egress_slow")


@cocotb.test(skip=skip_unless("link_egress"))
async def egress_random_client_faster(dut):
    """Client 3.1 ns, line 5 ns."""
    await egress_random(dut, 3.1, 5.0, "egress_fast")


@cocotb.test(skip=skip_unless("link_egress"))
async def egress_full(dut):
    """m_axis_tready low: the buffer fills and c_tready falls without losing a beat; then the
    backlog (small frames among large ones) leaves at one beat per client clock."""
    await start_clocks(dut, 6.4, 5.0)
    tb = Egress(dut, "egress_full", c_idle=0.0, m_stall=0.0)
    await reset_both(dut, tb)
    rng = tb.rng
    tb.m_hold = True
    want = []
    total = 0
    while total < BYTES + 4 * MAX_FRAME:
        ln = rng.choice([rng.randint(1, 8), rng.randint(1, 70), rng.randint(500, 3000)])
        data = rng.randbytes(ln)
        tb.put(data, keep0=rng.random() < 0.2)
        want.append(data)
        total += ln
    await ClockCycles(dut.clk, 4000)
    assert tb.beats, "the whole backlog was taken: no back-pressure"
    assert int(dut.c_tready.value) == 0, "c_tready high with the buffer full"
    assert not tb.got and not tb.partial
    held = sum(1 for e in tb.ends if e <= tb.taken)     # frames wholly in the buffer
    held_beats = sum((len(w) + 7) // 8 for w in want[:held])
    assert held_beats * 8 > BYTES // 2, f"only {held} frames held"
    start = len(tb.outs)
    tb.m_hold = False
    await tb.wait_drained(len(want))
    assert tb.got == want, "frames differ"
    # the frames held at the release leave at one beat per client clock
    outs = tb.outs[start:start + held_beats]
    assert outs[-1] - outs[0] == held_beats - 1, \
        f"{held} frames, {held_beats} beats took {outs[-1] - outs[0] + 1} clocks"
    dut._log.info("c_tready low %d clocks, %d frames (%d beats) held", tb.waited, held, held_beats)


@cocotb.test(skip=skip_unless("link_egress"))
async def egress_reset(dut):
    """One-clock resets of either side in the middle of traffic: frames the reset touches are
    lost whole, everything after comes out."""
    await start_clocks(dut, 6.4, 5.0)
    tb = Egress(dut, "egress_reset")
    await reset_both(dut, tb)
    rng = tb.rng
    for which in ("rst", "cli_rst") * ROUNDS:
        sent = []
        for _ in range(COUNT // 2):
            data = rng.randbytes(frame_len(rng))
            tb.put(data)
            sent.append(data)
        await ClockCycles(dut.clk, rng.randint(500, 3000))
        tb.m_hold = True
        n = 0
        while not tb.in_frame:          # cut a frame: reset between two of its beats
            if not tb.beats:
                data = rng.randbytes(rng.randint(600, 3000))
                tb.put(data)
                sent.append(data)
            await RisingEdge(dut.clk)
            n += 1
            assert n < HANG, "no frame in progress"
        await ClockCycles(dut.cli_clk, 2)
        sig = getattr(dut, which)
        sig.value = 1
        await RisingEdge(dut.clk if which == "rst" else dut.cli_clk)
        sig.value = 0
        if which == "rst":
            # the reassembler restarts too: its frame in progress is gone
            tb.beats = []
            tb.flush = True
        await ClockCycles(dut.clk, 100)
        tb.partial = bytearray()        # the frame being sent at the reset
        assert is_subsequence(tb.got, sent), f"{which}: frames out not as sent"
        tb.m_hold = False
        await tb.wait_sent()            # the bus side goes on; a cut frame is discarded
        await wait_quiet(dut.cli_clk, tb.outs)
        assert not tb.partial
        assert is_subsequence(tb.got, sent), f"{which}: frames out not as sent"
        dut._log.info("%s: %d of %d frames around the reset out", which, len(tb.got), len(sent))
        tb.got = []
        want = []
        for _ in range(COUNT // 3):
            data = rng.randbytes(frame_len(rng))
            tb.put(data, keep0=rng.random() < 0.2)
            want.append(data)
        await tb.wait_drained(len(want))
        assert tb.got == want, f"after {which}: frames differ"
        tb.got = []


@cocotb.test(skip=skip_unless("link_egress"))
async def egress_bus_rate(dut):
    """The bus side at full rate: beats of CHAN on every clock, each up to two words (frames of
    65..136 bytes in one beat, larger ones in whole 128-byte beats), while the buffer has room:
    c_tready never falls, so the egress writes two words per clock where the beats carry them."""
    await start_clocks(dut, 3.1, 5.0)
    tb = Egress(dut, "egress_bus_rate", c_idle=0.0, m_stall=0.0)
    tb.other = 0.0
    await reset_both(dut, tb)
    rng = tb.rng
    want, room = [], 0
    while True:
        data = rng.randbytes(rng.choice([rng.randint(65, 136), rng.randint(65, 136), 1500]))
        room += -(-len(data) // 64) * 64
        if room > BYTES // 2:
            break
        tb.put(data, coarse=True)
        want.append(data)
    beats = len(tb.beats)
    await tb.wait_drained(len(want))
    assert tb.got == want, "frames differ"
    assert tb.waited == 0, f"c_tready low {tb.waited} clocks for {beats} beats with room left"
    dut._log.info("%d frames in %d beats, c_tready high throughout", len(want), beats)
