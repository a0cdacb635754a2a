# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench of link_rx_reasm (ip/link/rtl/link_rx_reasm.v).

Stimulus: random client frames on N channels are packed into data-frame payloads the way the
transmitter does (records from ``linecrypt.link.format.Record(...).pack()``, per-channel seq
+1, fragments of multiples of 8 bytes when a frame does not fit the space left, a frame closed
below 16 bytes or at random as a flush would). Each payload goes to d_* (K words, line byte
order) and its verdict to v_*; verdicts are sent at random before or after their frame's last
word; random valid gaps on d_*/v_* and random c_tready stalls.

Reference: the receiver model itself. Each frame's records come from
``linecrypt.link.format.parse_records`` and go through ``LinkRx._record`` (seq checks, SOF/EOF,
discard and skip rules, the per-channel counters); verdicts as ``LinkRx._data_frame``: v_ok
delivers, v_fail gives the records to the channels of chan_map whose purge bit is clear,
neither drops. One documented difference from the model: a malformed frame (records that do not
tile ``used``) delivers the records before the bad one, because the RTL parses while it
delivers; the bench then feeds ``_record`` with that prefix, and checks that the model's parser
does reject the frame.

Check: the c_* beats (two line words, 128 bytes) of each channel are merged in order (each
beat's first byte must sit at the frame length so far mod 128 and its keep bytes must be
contiguous); every c_tlast closes a frame, c_tuser discards it. The delivered frames of every channel must equal the model's,
byte-exact and in order, and the event strobes summed over the run must equal the model's
counters. LC_PARAMS: N, K. The seed is printed (LC_SEED replays it).
"""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge
from cocotb.utils import get_sim_time

from linecrypt.link import format as fmt
from linecrypt.link.format import Record
from linecrypt.link.model import LinkConfig, LinkRx

P = json.loads(os.environ["LC_PARAMS"])
N = int(P["N"])
K = int(P["K"])
CAP = fmt.payload_capacity(K)
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 30)))
MASK = (1 << N) - 1


# ------------------------------------------------------------------ line byte order

from linecrypt.link.format import word_to_bus as word_to_int, bus_to_word as int_to_word  # noqa: E402


def keep_bytes(k: int) -> list[int]:
    """Byte numbers of a c_* beat (128 bytes) whose keep bit (16*(b/16) + 15 - b%16) is set."""
    return [b for b in range(128) if (k >> (16 * (b // 16) + 15 - b % 16)) & 1]


def int_to_beat(v: int) -> bytes:
    """A c_* beat's 128 bytes: line word 0 in c_tdata[511:0], word 1 in c_tdata[1023:512]."""
    return int_to_word(v & ((1 << 512) - 1)) + int_to_word(v >> 512)


def keep_of(n: int) -> int:
    return sum(1 << (16 * (b // 16) + 15 - b % 16) for b in range(n))


# ------------------------------------------------------------------ stimulus

class Packer:
    """Client frames -> payloads, as LinkTx._data places records (one channel's record at a
    time, fragments of multiples of 8 when the space left is short)."""

    def __init__(self, rng, n=N):
        self.rng = rng
        self.n = n
        self.queue = [[] for _ in range(n)]      # [frame bytes, offset]
        self.seq = [rng.randrange(1 << 32) if rng.random() < 0.3 else 0 for _ in range(n)]

    def push(self, ch, data):
        self.queue[ch].append([data, 0])

    def pending(self):
        return any(self.queue)

    def frame(self, p_flush=0.1):
        space, parts, chan_map = CAP, [], 0
        while space >= fmt.MIN_RECORD:
            busy = [c for c in range(self.n) if self.queue[c]]
            if not busy:
                break
            ch = self.rng.choice(busy)
            for _ in range(self.rng.randint(1, 3)):
                if not self.queue[ch] or space < fmt.MIN_RECORD:
                    break
                e = self.queue[ch][0]
                data, off = e
                k = min(len(data) - off, (space - fmt.RECORD_HEADER_LEN) // 8 * 8)
                r = Record(ch, self.seq[ch], data[off:off + k], off == 0, off + k == len(data))
                self.seq[ch] = (self.seq[ch] + 1) & 0xFFFFFFFF
                parts.append(r.pack())
                chan_map |= 1 << ch
                space -= r.size
                e[1] += k
                if r.eof:
                    self.queue[ch].pop(0)
            if self.rng.random() < p_flush:
                break
        payload = b"".join(parts)
        return payload + bytes(CAP - len(payload)), len(payload), chan_map


def client_frames(rng, count, sizes):
    out = []
    for _ in range(count):
        kind = rng.choice(sizes)
        if kind == "small":
            n = rng.randint(1, 80)
        elif kind == "x8":
            n = 8 * rng.randint(1, 40)
        elif kind == "mid":
            n = rng.randint(60, 400)
        else:
            n = rng.randint(400, 1600)
        out.append((rng.randrange(N), rng.randbytes(n)))
    return out


# ------------------------------------------------------------------ reference

def parse_prefix(payload, used, n):
    """The records the RTL delivers from payload[:used] and whether it stops on an error:
    fmt.parse_records' checks, in order, plus a fragment other than the last whose length is
    not a multiple of 8 (the transmitter never sends one; the RTL keeps client offsets 8-byte
    aligned). Checked against fmt.parse_records: same records when no error, FormatError when
    one of its own checks fails."""
    out, pos, err, extra = [], 0, False, False
    if used % 8 or used > len(payload):
        err = True
    while not err and pos < used:
        h = payload[pos:pos + 8]
        ch, fl, ln, seq = h[0], h[1], int.from_bytes(h[2:4], "big"), int.from_bytes(h[4:8], "big")
        size = fmt.record_size(ln)
        if ch >= n or ln == 0 or pos + size > used:
            err = True
            break
        if not fl & fmt.REC_EOF and ln % 8:
            err = extra = True
            break
        out.append(Record(ch, seq, payload[pos + 8:pos + 8 + ln], bool(fl & fmt.REC_SOF),
                          bool(fl & fmt.REC_EOF)))
        pos += size
    if err and not extra:
        try:
            fmt.parse_records(payload, used, n)
        except fmt.FormatError:
            pass
        else:
            raise AssertionError("reference prefix parser and parse_records disagree")
    elif not err:
        assert fmt.parse_records(payload, used, n) == out
    return out, err


class Reference:
    def __init__(self):
        self.rx = LinkRx(LinkConfig(channels=N, frame_words=K))
        self.purged_frames = 0
        self.rec_errors = 0

    def frame(self, payload, used, chan_map, verdict, purge):
        rx = self.rx
        if verdict == "fail":
            any_purged = False
            for ch in range(N):
                if (chan_map >> ch) & 1:
                    rx.chan["auth_fail"][ch] += 1
                    if (purge >> ch) & 1:
                        rx.chan["purged"][ch] += 1
                        any_purged = True
            self.purged_frames += any_purged
            keep = chan_map & ~purge & MASK
            if keep:
                recs, _ = parse_prefix(payload, used, N)
                for r in recs:
                    if (keep >> r.chan) & 1:
                        rx._record(r, 0)
        elif verdict == "ok":
            recs, err = parse_prefix(payload, used, N)
            for r in recs:
                rx._record(r, 0)
            self.rec_errors += err


# ------------------------------------------------------------------ bench

class TB:
    def __init__(self, dut, rng, p_d=0.2, p_v=0.3, p_c=0.3, late=0.5):
        self.dut, self.rng = dut, rng
        self.p_d, self.p_v, self.p_c, self.late = p_d, p_v, p_c, late
        self.frames = []              # (payload, used, chan_map, verdict)
        self.d_done = 0               # frames whose last word was taken
        self.v_done = 0
        self.got = [[] for _ in range(N)]
        self.cur = [bytearray() for _ in range(N)]
        self.discards = [0] * N
        self.ev = dict(frames=[0] * N, bytes=[0] * N, drops=[0] * N, purged=[0] * N,
                       auth=[0] * N, purged_frame=0, rec_err=0)
        self.beats = 0
        self.tasks = []

    def idle_inputs(self):
        d = self.dut
        d.d_tvalid.value = 0
        d.d_tlast.value = 0
        d.d_tdata.value = 0
        d.d_tkeep.value = 0
        d.v_valid.value = 0
        d.v_ok.value = 0
        d.v_fail.value = 0
        d.v_used.value = 0
        d.v_chan_map.value = 0
        d.c_tready.value = 0

    def start(self):
        for c in (self.drive_d(), self.drive_v(), self.sink(), self.events()):
            self.tasks.append(cocotb.start_soon(c))

    def stop(self):
        for t in self.tasks:
            t.cancel()
        self.tasks = []

    async def drive_d(self):
        d = self.dut
        i = 0
        while True:
            if i >= len(self.frames):
                d.d_tvalid.value = 0
                await RisingEdge(d.clk)
                continue
            payload = self.frames[i][0] + bytes(64 * K - CAP)
            for w in range(K):
                while self.rng.random() < self.p_d:
                    d.d_tvalid.value = 0
                    await RisingEdge(d.clk)
                d.d_tdata.value = word_to_int(payload[64 * w:64 * w + 64])
                d.d_tkeep.value = keep_of(64 if w < K - 1 else CAP - 64 * (K - 1))
                d.d_tlast.value = int(w == K - 1)
                d.d_tvalid.value = 1
                await RisingEdge(d.clk)
                while not int(d.d_tready.value):
                    await RisingEdge(d.clk)
            d.d_tvalid.value = 0
            self.d_done = i = i + 1

    async def drive_v(self):
        d = self.dut
        i = 0
        while True:
            if i >= len(self.frames):
                d.v_valid.value = 0
                await RisingEdge(d.clk)
                continue
            _, used, chan_map, verdict = self.frames[i]
            if self.rng.random() < self.late:
                while self.d_done <= i:               # after the frame's last word
                    d.v_valid.value = 0
                    await RisingEdge(d.clk)
            while self.rng.random() < self.p_v:
                d.v_valid.value = 0
                await RisingEdge(d.clk)
            d.v_ok.value = int(verdict == "ok")
            d.v_fail.value = int(verdict == "fail")
            d.v_used.value = used
            d.v_chan_map.value = chan_map
            d.v_valid.value = 1
            await RisingEdge(d.clk)
            while not int(d.v_ready.value):
                await RisingEdge(d.clk)
            d.v_valid.value = 0
            self.v_done = i = i + 1

    async def sink(self):
        d = self.dut
        while True:
            d.c_tready.value = int(self.rng.random() >= self.p_c)
            await RisingEdge(d.clk)
            if not (int(d.c_tvalid.value) and int(d.c_tready.value)):
                continue
            self.beats += 1
            ch = int(d.c_tchan.value)
            assert ch < N, f"c_tchan {ch}"
            kb = keep_bytes(int(d.c_tkeep.value))
            cur = self.cur[ch]
            if kb:
                assert kb == list(range(kb[0], kb[-1] + 1)), f"keep not contiguous: {kb}"
                assert kb[0] == len(cur) % 128, \
                    f"chan {ch}: beat starts at byte {kb[0]}, frame has {len(cur)} bytes"
                w = int_to_beat(int(d.c_tdata.value))
                cur += w[kb[0]:kb[-1] + 1]
            if int(d.c_tlast.value):
                if int(d.c_tuser.value):
                    self.discards[ch] += 1
                else:
                    assert cur, f"chan {ch}: empty frame delivered"
                    self.got[ch].append(bytes(cur))
                self.cur[ch] = bytearray()
            else:
                assert not int(d.c_tuser.value), "c_tuser without c_tlast"

    async def events(self):
        d = self.dut
        while True:
            await RisingEdge(d.clk)
            if int(d.rst.value):
                continue
            f = int(d.ev_frames.value)
            b = int(d.ev_bytes.value)
            dr = int(d.ev_drops.value)
            pu = int(d.ev_purged.value)
            au = int(d.ev_auth_fail_chan.value)
            for ch in range(N):
                self.ev["frames"][ch] += (f >> ch) & 1
                self.ev["bytes"][ch] += (b >> (16 * ch)) & 0xFFFF
                self.ev["drops"][ch] += (dr >> ch) & 1
                self.ev["purged"][ch] += (pu >> ch) & 1
                self.ev["auth"][ch] += (au >> ch) & 1
            self.ev["purged_frame"] += int(d.ev_purged_frame.value)
            self.ev["rec_err"] += int(d.ev_rec_err.value)

    async def drain(self, limit=None):
        """Wait until every frame and verdict is taken and the DUT has gone quiet."""
        d = self.dut
        limit = limit or 400 * K * (len(self.frames) + 4)
        quiet = 0
        for _ in range(limit):
            await RisingEdge(d.clk)
            busy = self.d_done < len(self.frames) or self.v_done < len(self.frames) or \
                int(d.c_tvalid.value) or int(d.state.value) != 0 or int(d.dfull.value) or \
                int(d.vfull.value)
            quiet = 0 if busy else quiet + 1
            if quiet > 8:
                return
        raise AssertionError(f"not drained: {self.d_done}/{self.v_done} of {len(self.frames)}")

    def check(self, ref: Reference, label):
        rx = ref.rx
        for ch in range(N):
            exp = rx.delivered[ch]
            got = self.got[ch]
            assert len(got) == len(exp), \
                f"{label}: chan {ch}: {len(got)} frames delivered, model {len(exp)}"
            for j, (g, e) in enumerate(zip(got, exp)):
                assert g == e, f"{label}: chan {ch} frame {j}: {len(g)} vs {len(e)} bytes differ"
            # a frame still in progress at the end (its rest purged or lost, no record since)
            part = b"".join(rx.partial[ch]) if rx.partial[ch] is not None else b""
            assert bytes(self.cur[ch]) == part, \
                f"{label}: chan {ch}: {len(self.cur[ch])} bytes open, model {len(part)}"
        ev = self.ev
        assert ev["frames"] == rx.chan["frames"], (label, ev["frames"], rx.chan["frames"])
        assert ev["bytes"] == rx.chan["bytes"], (label, ev["bytes"], rx.chan["bytes"])
        assert ev["drops"] == rx.chan["drops"], (label, ev["drops"], rx.chan["drops"])
        assert ev["purged"] == rx.chan["purged"], (label, ev["purged"], rx.chan["purged"])
        assert ev["auth"] == rx.chan["auth_fail"], (label, ev["auth"], rx.chan["auth_fail"])
        assert ev["purged_frame"] == ref.purged_frames, (label, ev["purged_frame"])
        assert ev["rec_err"] == ref.rec_errors, (label, ev["rec_err"], ref.rec_errors)
        # a channel's discards are the frames it had started and lost
        for ch in range(N):
            assert self.discards[ch] <= rx.chan["drops"][ch], (label, ch)


async def setup(dut, purge, clock=True):
    if clock:
        cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.rst.value = 1
    dut.purge_en.value = purge
    await ClockCycles(dut.clk, 3)
    dut.rst.value = 0
    await RisingEdge(dut.clk)


def build(rng, nframes, sizes=("small", "mid", "big"), p_flush=0.1):
    """Payloads of about ``nframes`` data frames: (payload, used, chan_map)."""
    pk = Packer(rng)
    out = []
    while len(out) < nframes:
        for ch, data in client_frames(rng, rng.randint(1, 6), sizes):
            pk.push(ch, data)
        out.append(pk.frame(p_flush))
    while pk.pending():
        out.append(pk.frame(p_flush))
    return out


async def run(dut, name, frames, purge=0, rng=None, clock=True, **tbkw):
    """Drive ``frames`` [(payload, used, chan_map, verdict)], compare with the model."""
    rng = rng or random.Random(SEED)
    tb = TB(dut, rng, **tbkw)
    tb.idle_inputs()
    await setup(dut, purge, clock)
    ref = Reference()
    for f in frames:
        ref.frame(*f, purge)
    tb.frames = list(frames)
    tb.start()
    await tb.drain()
    tb.stop()
    tb.check(ref, name)
    delivered = sum(len(x) for x in tb.got)
    dut._log.info(f"{name}: seed {SEED}, {len(frames)} frames, {tb.beats} beats, "
                  f"{delivered} client frames delivered, drops {ref.rx.chan['drops']}")
    return tb, ref


def seeded(tag):
    return random.Random(f"{SEED}-{tag}")


@cocotb.test()
async def all_ok(dut):
    rng = seeded("ok")
    frames = [(p, u, m, "ok") for p, u, m in build(rng, 40)]
    tb, ref = await run(dut, "all_ok", frames, rng=rng)
    assert sum(ref.rx.chan["frames"]) > 40 and not any(ref.rx.chan["drops"])


@cocotb.test()
async def back_to_back(dut):
    """No stalls anywhere, verdicts early: frames and beats at full rate (the count of clocks is
    logged)."""
    rng = seeded("b2b")
    frames = [(p, u, m, "ok") for p, u, m in build(rng, 16, sizes=("mid", "big"))]
    t0 = get_sim_time("ns")
    tb, _ = await run(dut, "back_to_back", frames, rng=rng, p_d=0.0, p_v=0.0, p_c=0.0, late=0.0)
    clocks = (get_sim_time("ns") - t0) / 10
    dut._log.info(f"back_to_back: {len(frames)} frames of {K} words, {tb.beats} beats in "
                  f"{clocks:.0f} clocks")


@cocotb.test()
async def small_records_rate(dut):
    """Frames full of small client frames (1..80 bytes), no stalls, against the model; the count
    of clocks is logged (a record header that lies in the word already read is taken on its
    predecessor's last beat, so the release costs about one clock per beat plus a header clock
    per new buffer word)."""
    rng = seeded("small")
    frames = [(p, u, m, "ok") for p, u, m in build(rng, 12, sizes=("small",), p_flush=0.0)]
    t0 = get_sim_time("ns")
    tb, _ = await run(dut, "small_records_rate", frames, rng=rng, p_d=0.0, p_v=0.0, p_c=0.0,
                      late=0.0)
    clocks = (get_sim_time("ns") - t0) / 10
    dut._log.info(f"small_records_rate: {len(frames)} frames of {K} words, {tb.beats} beats in "
                  f"{clocks:.0f} clocks")


@cocotb.test()
async def fail_purge(dut):
    """v_fail frames with purge on for some channels, off for the others; failed frames carry
    their real plaintext (a bit flip in the tag) or garbage with a random chan_map (a forgery)."""
    rng = seeded("fail")
    purge = rng.randrange(1 << N) | 1
    frames = []
    for p, u, m in build(rng, 50):
        x = rng.random()
        if x < 0.25:
            frames.append((p, u, m, "fail"))
        elif x < 0.32:
            frames.append((rng.randbytes(CAP), rng.randrange(0, CAP, 8), rng.randrange(1 << 16),
                           "fail"))
            frames.append((p, u, m, "ok"))
        else:
            frames.append((p, u, m, "ok"))
    _, ref = await run(dut, "fail_purge", frames, purge=purge, rng=rng)
    assert any(ref.rx.chan["purged"]) and any(ref.rx.chan["drops"])


@cocotb.test()
async def purge_off(dut):
    """Purge clear on every channel: failed frames are delivered unverified, nothing lost."""
    rng = seeded("nopurge")
    frames = [(p, u, m, "fail" if rng.random() < 0.4 else "ok") for p, u, m in build(rng, 30)]
    _, ref = await run(dut, "purge_off", frames, purge=0, rng=rng)
    assert not any(ref.rx.chan["drops"]) and any(ref.rx.chan["auth_fail"])


@cocotb.test()
async def seq_gap(dut):
    """Frames lost before the receiver (never sent): the channels' seq gaps discard the frames
    in progress and the records up to the next SOF."""
    rng = seeded("gap")
    frames = []
    for i, (p, u, m) in enumerate(build(rng, 50)):
        if i > 2 and rng.random() < 0.15:
            continue
        frames.append((p, u, m, "ok"))
    tb, ref = await run(dut, "seq_gap", frames, rng=rng)
    assert any(ref.rx.chan["drops"]) and sum(tb.discards) > 0


@cocotb.test()
async def stale(dut):
    """Frames with neither v_ok nor v_fail are dropped silently (their records count as
    missing for the seq checks of the next frames)."""
    rng = seeded("stale")
    frames = [(p, u, m, "stale" if rng.random() < 0.2 else "ok") for p, u, m in build(rng, 40)]
    _, ref = await run(dut, "stale", frames, rng=rng)
    assert any(ref.rx.chan["drops"])


def malform(rng, payload, used):
    """A payload whose records do not tile ``used`` (or a fragment the RTL refuses), or one
    that tiles but breaks the reassembly rules (a shorter ``used``, an EOF flag cleared)."""
    b = bytearray(payload)
    offs, pos = [], 0
    while pos < used:
        offs.append(pos)
        pos += fmt.record_size(int.from_bytes(b[pos + 2:pos + 4], "big"))
    at = rng.choice(offs) if offs else 0
    kind = rng.choice(["chan", "zero", "overrun", "used8", "usedcap", "usedcut", "usedshort",
                       "oddfrag", "noeof", "noeof"])
    ends = [o for o in offs
            if b[o + 1] & fmt.REC_EOF and int.from_bytes(b[o + 2:o + 4], "big") % 8 == 0]
    if kind == "noeof" and not ends:
        kind = "usedshort"
    if kind == "chan":
        b[at] = rng.randint(N, 255)
    elif kind == "zero":
        b[at + 2:at + 4] = bytes(2)
    elif kind == "overrun":
        b[at + 2:at + 4] = (used - at).to_bytes(2, "big")
    elif kind == "used8":
        used = used - rng.randint(1, 7) if used else 3
    elif kind == "usedcap":
        used = CAP + 8
    elif kind == "usedcut":
        used = at + 8 if used > at + 16 else used + 8
    elif kind == "usedshort":                       # a shorter used at a record boundary: valid
        used = at
    elif kind == "noeof":                           # valid layout: the next SOF ends the frame
        b[rng.choice(ends) + 1] &= ~fmt.REC_EOF
    elif kind == "oddfrag":
        b[at + 1] &= ~fmt.REC_EOF
        ln = int.from_bytes(b[at + 2:at + 4], "big")
        if ln % 8 == 0:
            b[at + 2:at + 4] = (ln - 1).to_bytes(2, "big")
    return bytes(b), used, kind


@cocotb.test()
async def malformed(dut):
    """Malformed record layouts in authentic frames: parsing stops at the bad record,
    ev_rec_err counts them; the channels recover at their next SOF."""
    rng = seeded("malformed")
    frames, kinds = [], []
    for p, u, m in build(rng, 50, sizes=("small", "mid", "big", "x8", "x8")):
        if u and rng.random() < 0.3:
            p, u, kind = malform(rng, p, u)
            kinds.append(kind)
        frames.append((p, u, m, "ok"))
    _, ref = await run(dut, "malformed", frames, rng=rng)
    dut._log.info(f"malformed kinds: {sorted(kinds)}")
    assert ref.rec_errors > 0


@cocotb.test()
async def reset_mid_stream(dut):
    """Reset while frames, verdicts and beats are in flight; afterwards a fresh stream is
    delivered exactly as the model says (nothing of the old stream leaks out)."""
    rng = seeded("reset")
    first = [(p, u, m, "ok") for p, u, m in build(rng, 20)]
    tb = TB(dut, rng)
    tb.idle_inputs()
    await setup(dut, 0)
    tb.frames = first
    tb.start()
    await ClockCycles(dut.clk, rng.randint(3 * K, 12 * K))
    dut.rst.value = 1
    await ClockCycles(dut.clk, 2)
    tb.stop()
    tb.idle_inputs()
    await ClockCycles(dut.clk, 2)
    dut.rst.value = 0
    assert tb.beats > 0, "reset came before any output"
    frames = [(p, u, m, "fail" if rng.random() < 0.2 else "ok") for p, u, m in build(rng, 20)]
    await run(dut, "after_reset", frames, purge=rng.randrange(1 << N), rng=rng, clock=False)


# ------------------------------------------------------------------ rate

RATE_SIZES = {"64": [64], "65": [65], "72": [72], "100": [100], "120": [120], "128": [128],
              "129": [129], "200": [200], "576": [576], "1000": [1000], "1500": [1500],
              "9000": [9000], "imix": [64] * 7 + [576] * 4 + [1500]}
RATE_FRAMES = 24                # data frames per size; the first 4 and the last 2 not measured
RATE_CMD = ("LC_RATE_JSON=docs/results/bench/link-rx-reasm-rate.json PYTHONPATH=. "
            ".venv/bin/python -m pytest -q -m slow -k rate ip/link/tb/test_link_rx_reasm.py")


def model_payloads(rng, sizes, nframes):
    """The first ``nframes`` data-frame payloads the model transmitter (LinkTx: DRR, share 1024
    per channel) builds when every channel is backlogged with client frames drawn from
    ``sizes``: [(payload, used, chan_map)]."""
    from linecrypt.link.model import LinkTx
    cfg = LinkConfig(channels=N, frame_words=K, shares=(1024,) * N, flush_words=1 << 20,
                     fifo_bytes=1 << 40, sync_period=1 << 30)
    tx = LinkTx(cfg)
    tx.load_key(0, bytes(16))
    tx.set_session(1)
    tx.switch_key(0)
    sent = [[] for _ in range(N)]
    for ch in range(N):
        n = 0
        while n < (nframes + 2) * CAP // N:
            f = rng.randbytes(rng.choice(sizes))
            sent[ch].append(f)
            tx.push(ch, f)
            n += len(f)
    tx.run()
    off = [0] * N
    out = []
    for fr in [f for f in tx.log if f.kind == "data"][:nframes]:
        parts, cmap = [], 0
        for c, s, fid, sof, eof, k in fr.records:
            parts.append(Record(c, s, sent[c][fid][off[c]:off[c] + k], sof, eof).pack())
            off[c] = 0 if eof else off[c] + k
            cmap |= 1 << c
        payload = b"".join(parts)
        out.append((payload + bytes(CAP - len(payload)), len(payload), cmap))
    return out


@cocotb.test()
async def rate(dut):
    """Release rate with the buffers always full: the model transmitter's payloads (every
    channel backlogged with one client frame size, or the imix) fed without gaps, verdicts
    early, c_tready always high. A frame's release ends when its slot is freed (rsel moves on);
    clocks per frame are the mean interval between those ends over frames 4..RATE_FRAMES-2,
    against the line's K + 2. The delivered frames must equal the model's. With LC_RATE_JSON
    set the figures are written there (relative to the repository root)."""
    rows = {}
    first = True
    for name, sizes in RATE_SIZES.items():
        rng = seeded(f"rate-{name}")
        frames = [(p, u, m, "ok") for p, u, m in model_payloads(rng, sizes, RATE_FRAMES)]
        ends, busy_at = [], []

        async def watch():
            prev = None
            t = busy = 0
            while True:
                await RisingEdge(dut.clk)
                t += 1
                busy += int(dut.state.value) != 0           # S_IDLE: waiting for a frame
                r = int(dut.rsel.value)
                if prev is not None and r != prev and not int(dut.rst.value):
                    ends.append(t)
                    busy_at.append(busy)
                prev = r
        w = cocotb.start_soon(watch())
        tb, _ = await run(dut, f"rate {name}", frames, rng=rng, clock=first, p_d=0.0, p_v=0.0,
                          p_c=0.0, late=0.0)
        w.cancel()
        first = False
        assert len(ends) == len(frames), (len(ends), len(frames))
        per = (ends[-2] - ends[4]) / (len(ends) - 2 - 4)
        busy = (busy_at[-2] - busy_at[4]) / (len(ends) - 2 - 4)
        beats = tb.beats / len(frames)
        dut._log.info(f"rate {name}: {per:.1f} clocks per {K}-word frame, release busy {busy:.1f} "
                      f"({beats:.1f} beats per frame), line {K + 2}")
        assert per <= K + 2, f"rate {name}: {per:.1f} clocks per frame, the line takes {K + 2}"
        rows[name] = {"clocks_per_frame": round(per, 1), "release_clocks_per_frame": round(busy, 1),
                      "beats_per_frame": round(beats, 1)}
    path = os.environ.get("LC_RATE_JSON")
    if path:
        import subprocess
        from pathlib import Path
        root = Path(__file__).resolve().parents[3]
        rev = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                             text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "diff", "--quiet", "HEAD", "--",
                                "ip/link/rtl/link_rx_reasm.v"]).returncode != 0
        out = {"design": "link_rx_reasm", "N": N, "K": K, "line_clocks_per_frame": K + 2,
               "seed": SEED, "frames_per_size": RATE_FRAMES, "rows": rows,
               "measure": "the model transmitter's payloads (N channels, share 1024, every "
                          "channel backlogged with client frames of the row's size; imix 7:4:1 "
                          "of 64/576/1500 bytes) written back to back, verdicts early, c_tready "
                          "high; mean clocks between the ends of two releases (slot freed) over "
                          f"frames 4..{RATE_FRAMES - 2}; of those, the clocks the release is busy "
                          "(not waiting for a frame's last word); output beats (up to 128 "
                          "bytes of one client frame each) per frame",
               "command": RATE_CMD, "rtl_revision": rev + ("-dirty" if dirty else "")}
        (root / path).write_text(json.dumps(out, indent=1) + "\n")
        dut._log.info(f"rates written to {root / path}")
