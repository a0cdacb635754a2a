# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of link_rx_deframer (ip/link/rtl/link_rx_deframer.v) against the link model.

Every case builds a line with the model transmitter (linecrypt.link.model.LinkTx: client frames
pushed, run()), applies the model's faults (flip_bit, drop_frame, duplicate_frame, swap_frames,
forge_frame), feeds the words to the RTL and to the model receiver LinkRx, and compares:

* the data frames with v_ok, in order: their plaintext on d_* (all 64K - 48 payload bytes), v_used
  and v_chan_map against the payload the transmitter built for the counter LinkRx accepted
  (re-derived from LinkTx.log and the client frames pushed, not from the AE);
* the v_fail frames: their number and chan_map bits against LinkRx's auth_fail counters and alarm;
* every event count against the LinkRx counter of the same name, and the final status;
* one verdict per d_ frame, no FIFO overflow where the line leaves the engine its 2 clocks.

LC_PARAMS JSON: RTL parameters (K, MODE, CIPHER: the model link uses the same AE mode and cipher,
...) and SEED (LC_SEED overrides). Streams: s_tvalid gaps,
d_tready and v_ready stalls drawn from a seeded generator; the seed is logged.
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
K = P["K"]
SEED = int(os.environ.get("LC_SEED", P.get("SEED", 1)))
CAP = fmt.payload_capacity(K)
CHANNELS = 4
SYNC_PERIOD = 5
EVENTS = ("ev_tdm", "ev_sync", "ev_auth_fail", "ev_sync_loss", "ev_sync_missed", "ev_missing",
          "ev_replay", "ev_hdr_err", "ev_sync_err", "ev_session_err", "ev_hunt_skip",
          "ev_key_switch", "ev_overflow")
# model counter for each event (frames_missing is the sum of ev_missing_n)
COUNTER = dict(ev_tdm="rx_tdm_frames", ev_sync="rx_sync_frames", ev_auth_fail="auth_fail",
               ev_sync_loss="sync_loss", ev_sync_missed="sync_missed", ev_replay="replay_drops",
               ev_hdr_err="hdr_errors", ev_sync_err="sync_errors",
               ev_session_err="session_errors", ev_hunt_skip="hunt_skipped",
               ev_key_switch="rx_key_switches")


def cfg():
    return m.LinkConfig(mode="ocb" if P.get("MODE", 0) else "gcm",
                        cipher="serpent" if P.get("CIPHER", 0) else "aes",
                        channels=CHANNELS, frame_words=K, sync_period=SYNC_PERIOD,
                        fifo_bytes=1 << 24, nslots=4)


from linecrypt.link.format import word_to_bus as word_int  # noqa: E402  (line byte order)


def beat_bytes(v: int, keep: int) -> bytes:
    raw = fmt.bus_to_word(v)
    if keep == (1 << 64) - 1:
        return raw
    return bytes(raw[b] for b in range(64) if (keep >> (16 * (b // 16) + 15 - b % 16)) & 1)


class Line:
    """A model transmitter with the client frames it was given, and the payload it built for
    each data frame counter."""

    def __init__(self, rng, epochs=(1,)):
        self.rng = rng
        self.keys = {e: rng.randbytes(16) for e in epochs}
        self.tx = m.LinkTx(cfg())
        for e, k in self.keys.items():
            self.tx.load_key(e, k)
        self.tx.set_session(7)
        self.tx.switch_key(epochs[0])
        self.sent = [[] for _ in range(CHANNELS)]

    def push(self, n, lo=20, hi=500):
        for _ in range(n):
            ch = self.rng.randrange(CHANNELS)
            f = self.rng.randbytes(self.rng.randint(lo, hi))
            assert self.tx.push(ch, f)
            self.sent[ch].append(f)

    def payloads(self):
        """counter -> (payload zero filled to CAP, used, chan_map) of every data frame sent."""
        off, out = {}, {}
        for fr in self.tx.log:
            if fr.kind != "data":
                continue
            parts, cmap = [], 0
            for ch, seq, fid, sof, eof, k in fr.records:
                o = off.get((ch, fid), 0)
                parts.append(fmt.Record(ch, seq, self.sent[ch][fid][o:o + k], sof, eof).pack())
                off[(ch, fid)] = o + k
                cmap |= 1 << ch
            p = b"".join(parts)
            out[fr.counter] = (p + bytes(CAP - len(p)), len(p), cmap)
        return out


# OCB3 decryption hashes the AD on its one forward lane, one block per clock: a CLEAR data
# frame (AD = the whole frame) takes 4K + 1 clocks there, 3K more than an encrypted one
CLEAR_EXTRA = 3 * K if P.get("MODE", 0) else 0


def pad(words, gap_data=3, gap_sync=1):
    """The words with idle words after each frame: 3 after a data frame, 1 after a sync frame.
    The engine takes K + 2 clocks per data frame and 2 per sync frame, so 2 and 1 would match
    it exactly; the third word is the slack that drains the FIFO after the engine's pause for a
    key load (the transmitter's line has slack whenever its clients send below the line rate).
    A CLEAR data frame gets CLEAR_EXTRA more."""
    out, last = [], 0
    for kind, s, n in m.frame_spans(words, K):
        gap = gap_sync
        if kind == "data":
            gap = gap_data + (CLEAR_EXTRA if fmt.FrameHeader.unpack(words[s]).clear else 0)
        out += words[last:s + n] + [fmt.IDLE_WORD] * gap
        last = s + n
    return out + words[last:]


def spans(words, kind="data"):
    return [(s, n) for k, s, n in m.frame_spans(words, K) if k == kind]


def adjacent(words, start):
    """The first n >= start whose data frames n and n + 1 follow each other directly."""
    sp = spans(words)
    return next(n for n in range(start, len(sp) - 1) if sp[n][0] + sp[n][1] == sp[n + 1][0])


class Bench:
    def __init__(self, dut, rng):
        self.dut, self.rng = dut, rng
        self.ev = {e: getattr(dut, e) for e in EVENTS}
        self.clear()

    def clear(self):
        self.counts = dict.fromkeys(EVENTS, 0)
        self.missing_n = 0
        self.frames = []            # d_ frames (bytes)
        self.cur = []
        self.verdicts = []          # (ok, fail, used, chan_map)
        self.clock = 0

    async def reset(self):
        d = self.dut
        d.rst.value = 1
        d.s_tvalid.value = 0
        d.s_tdata.value = 0
        d.rx_en.value = 1
        d.resync.value = 0
        d.los_threshold.value = 4
        d.s_key_tvalid.value = 0
        d.s_key_tdata.value = 0
        d.s_key_epoch.value = 0
        d.d_tready.value = 0
        d.v_ready.value = 0
        await ClockCycles(d.clk, 3)
        d.rst.value = 0
        await RisingEdge(d.clk)

    async def load_key(self, epoch, key):
        d = self.dut
        d.s_key_tdata.value = int.from_bytes(key, "big")
        d.s_key_epoch.value = epoch
        d.s_key_tvalid.value = 1
        while True:
            await RisingEdge(d.clk)
            if int(d.s_key_tready.value):
                break
        d.s_key_tvalid.value = 0

    async def key_ready(self, epochs, clocks=5000):
        """Wait until the engine holds the keys of ``epochs`` (its key setup takes a few hundred
        clocks; a frame naming a slot being loaded waits for it)."""
        want = sum(1 << (e % 4) for e in epochs)
        for _ in range(clocks):
            if int(self.dut.slot_valid.value) & want == want:
                return
            await RisingEdge(self.dut.clk)
        raise AssertionError("key setup did not finish")

    async def run(self, words, p_gap=0.0, p_dstall=0.0, p_vstall=0.0, tail=400,
                  at_clock=None, stop_at=None):
        """Feed ``words`` (one per clock unless a random gap), sample d_, v_ and events at every
        rising edge; ``at_clock``: {clock: coroutine function} started at that clock;
        ``stop_at``: return right after feeding that many words (the clock goes on)."""
        d, rng = self.dut, self.rng
        i, idle = 0, 0
        d.d_tready.value = 1
        d.v_ready.value = 1
        while True:
            await RisingEdge(d.clk)
            self.clock += 1
            if at_clock and self.clock in at_clock:
                cocotb.start_soon(at_clock[self.clock]())
            # the handshakes at this edge (values before the edge's updates)
            if int(d.d_tvalid.value) and int(d.d_tready.value):
                self.cur.append(beat_bytes(int(d.d_tdata.value), int(d.d_tkeep.value)))
                if int(d.d_tlast.value):
                    self.frames.append(b"".join(self.cur))
                    self.cur = []
            if int(d.v_valid.value) and int(d.v_ready.value):
                self.verdicts.append((int(d.v_ok.value), int(d.v_fail.value),
                                      int(d.v_used.value), int(d.v_chan_map.value)))
            for e, h in self.ev.items():
                if int(h.value):
                    self.counts[e] += 1
            if int(d.ev_missing.value):
                self.missing_n += int(d.ev_missing_n.value)
            # next inputs
            if stop_at is not None and i >= stop_at:
                d.s_tvalid.value = 0
                return
            if i < len(words) and rng.random() >= p_gap:
                d.s_tdata.value = word_int(words[i])
                d.s_tvalid.value = 1
                i += 1
            else:
                d.s_tvalid.value = 0
                if i >= len(words):
                    idle += 1
                    if idle > tail:
                        return
            d.d_tready.value = int(rng.random() >= p_dstall)
            d.v_ready.value = int(rng.random() >= p_vstall)


def rx_model(line, words, rx_keys=None):
    rx = m.LinkRx(cfg())
    for e, k in (rx_keys if rx_keys is not None else line.keys).items():
        rx.load_key(e, k)
    rx.receive(words)
    return rx


def compare(bench, line, rx, log, overflow=False):
    """The RTL's verdicts, plaintext and events against LinkRx (see the module docstring)."""
    dut = bench.dut
    assert len(bench.verdicts) == len(bench.frames), (len(bench.verdicts), len(bench.frames))
    assert not bench.cur, "a d_ frame without its d_tlast"
    pay = line.payloads()
    got_ok = [(f, used, cmap) for f, (ok, fail, used, cmap) in zip(bench.frames, bench.verdicts)
              if ok]
    for ok, fail, _, _ in bench.verdicts:
        assert not (ok and fail)
    want_ok = [pay[c] for c in rx.accepted]
    assert len(got_ok) == len(want_ok), (len(got_ok), len(want_ok))
    for n, (g, w) in enumerate(zip(got_ok, want_ok)):
        assert g[1:] == w[1:], f"accepted frame {n}: used/chan_map {g[1:]} != {w[1:]}"
        assert g[0] == w[0], f"accepted frame {n}: plaintext differs"
    fails = [(used, cmap) for ok, fail, used, cmap in bench.verdicts if fail]
    assert len(fails) == rx.counters["auth_fail"]
    per_chan = [sum((c >> ch) & 1 for _, c in fails) for ch in range(CHANNELS)]
    assert per_chan == rx.chan["auth_fail"], (per_chan, rx.chan["auth_fail"])
    alarm = 0
    for _, c in fails:
        alarm |= c
    assert alarm == rx.alarm
    got = {COUNTER[e]: bench.counts[e] for e in COUNTER}
    got["frames_missing"] = bench.missing_n
    want = {k: rx.counters[k] for k in got}
    log.info("events %s", got)
    assert got == want, f"RTL {got}\nmodel {want}"
    if not overflow:
        assert bench.counts["ev_overflow"] == 0
    assert int(dut.rx_sync.value) == (rx.state == m.SYNC)
    if rx.session is not None:
        assert int(dut.session.value) == rx.session
        assert int(dut.epoch.value) == rx.epoch
    assert int(dut.next_key_missing.value) == int(rx.next_key_missing)
    return got


async def start(dut, keys, seed_offset=0):
    seed = SEED * 1000 + seed_offset
    dut._log.info("seed %d (LC_SEED=%d replays the file)", seed, SEED)
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    rng = random.Random(seed)
    b = Bench(dut, rng)
    await b.reset()
    for e, k in keys.items():
        await b.load_key(e, k)
    await b.key_ready(keys)
    return b, rng


async def simple(dut, name, make, n=30, p_gap=0.0, p_dstall=0.0, p_vstall=0.0, offset=0):
    rng0 = random.Random(SEED * 7919 + offset)
    line = Line(rng0)
    line.push(n)
    words = make(line, line.tx.run(), rng0)
    b, _ = await start(dut, line.keys, offset)
    await b.run(words, p_gap, p_dstall, p_vstall)
    rx = rx_model(line, words)
    got = compare(b, line, rx, dut._log)
    dut._log.info("%s: %d words, %d verdicts", name, len(words), len(b.verdicts))
    return got, rx


@cocotb.test()
async def clean_cold_start(dut):
    got, rx = await simple(dut, "clean", lambda line, w, rng: pad(w), offset=1)
    assert got["rx_tdm_frames"] == len(rx.accepted) > 10
    assert sum(v for k, v in got.items() if k not in ("rx_tdm_frames", "rx_sync_frames")) == 0


@cocotb.test()
async def join_mid_stream(dut):
    def make(line, w, rng):
        w = pad(w)
        s, _ = spans(w)[3]
        return w[s + 2:]                       # inside the fourth data frame
    got, _ = await simple(dut, "mid-stream", make, offset=2)
    assert got["hunt_skipped"] >= 1 and got["rx_tdm_frames"] > 5


@cocotb.test()
async def bit_flips(dut):
    def make(line, w, rng):
        w = pad(w)
        sp = spans(w)
        s = sp[2][0]
        w = m.flip_bit(w, s + 1, 300)                     # payload
        s = sp[5][0]
        w = m.flip_bit(w, s + K - 1, 8 * 63)              # tag
        s = sp[8][0]
        w = m.flip_bit(w, s, 8 * 27 + 7)                  # header counter
        s = sp[11][0]
        w = m.flip_bit(w, s, 2)                           # magic
        return w
    got, _ = await simple(dut, "bit flips", make, n=40, offset=3)
    assert got["auth_fail"] == 3 and got["hdr_errors"] == 1 and got["frames_missing"] == 1


@cocotb.test()
async def dropped_duplicated_swapped(dut):
    def make(line, w, rng):
        w = m.drop_frame(w, K, 2)
        w = m.duplicate_frame(w, K, 5)
        w = m.swap_frames(w, K, adjacent(w, 9))
        w = m.drop_frame(w, K, 3, kind="sync")
        return pad(w)
    got, _ = await simple(dut, "drop/dup/swap/sync", make, n=40, offset=4)
    assert got["replay_drops"] == 2 and got["frames_missing"] == 3 and got["sync_missed"] == 1


@cocotb.test()
async def forged_frame(dut):
    def make(line, w, rng):
        return pad(m.forge_frame(w, K, 4, rng, chan_map=0b1010))
    got, rx = await simple(dut, "forged", make, offset=5)
    assert got["auth_fail"] == 1 and rx.alarm == 0b1010 and got["frames_missing"] == 0


@cocotb.test()
async def four_bad_frames_then_relock(dut):
    def make(line, w, rng):
        w = pad(w)
        sp = m.frame_spans(w, K)
        # four data frames in a row with no sync frame between them
        for j in range(len(sp) - 4):
            if all(k == "data" for k, _, _ in sp[j:j + 4]) and j > 3:
                break
        for k, s, n in sp[j:j + 4]:
            w = m.flip_bit(w, s + 1, 9)
        return w
    got, rx = await simple(dut, "los", make, n=40, offset=6)
    assert got["sync_loss"] == 1 and got["auth_fail"] == 4 and got["hunt_skipped"] >= 1
    assert rx.state == m.SYNC


async def key_switch(dut, offset, lose_announce=False, rx_has_next=True, p_gap=0.0,
                     p_dstall=0.0):
    rng0 = random.Random(SEED * 7919 + offset)
    line = Line(rng0, epochs=(1, 2))
    line.push(140)                             # long enough for the engine's key setup
    w1 = line.tx.run()
    line.tx.switch_key(2)
    line.push(25)
    w2 = line.tx.run()
    if lose_announce:
        w2 = m.drop_frame(w2, K, 0, kind="sync")
    words = pad(w1 + w2)
    b, _ = await start(dut, {1: line.keys[1]}, offset)
    first2 = min(s for s, _ in spans(words)
                 if fmt.FrameHeader.unpack(words[s]).epoch == 2)
    # the receiver's next key is loaded while frames of epoch 1 stream
    assert first2 > 900 or not rx_has_next
    load = {5: (lambda: b.load_key(2, line.keys[2]))} if rx_has_next else None
    await b.run(words, p_gap, p_dstall, at_clock=load)
    rx_keys = dict(line.keys) if rx_has_next else {1: line.keys[1]}
    rx = rx_model(line, words, rx_keys)
    got = compare(b, line, rx, dut._log)
    return got, rx


@cocotb.test()
async def key_switch_under_load(dut):
    got, rx = await key_switch(dut, 7)
    assert got["rx_key_switches"] == 1 and rx.epoch == 2
    assert sum(v for k, v in got.items() if k not in ("rx_tdm_frames", "rx_sync_frames",
                                                      "rx_key_switches")) == 0


@cocotb.test()
async def key_switch_announcement_lost(dut):
    got, rx = await key_switch(dut, 8, lose_announce=True)
    assert got["rx_key_switches"] == 1 and got["sync_missed"] == 1
    assert got["frames_missing"] == 1


@cocotb.test()
async def key_switch_without_next_key(dut):
    got, rx = await key_switch(dut, 9, rx_has_next=False)
    assert got["sync_loss"] == 1 and rx.state == m.HUNT and rx.next_key_missing


@cocotb.test()
async def stalls_everywhere(dut):
    def make(line, w, rng):
        w = m.drop_frame(w, K, 4)
        w = pad(w)
        s = spans(w)[7][0]
        return m.flip_bit(w, s + 1, 77)
    got, _ = await simple(dut, "stalls", make, n=40, p_gap=0.5, p_dstall=0.3, p_vstall=0.4,
                          offset=10)
    assert got["auth_fail"] == 1 and got["frames_missing"] == 1


@cocotb.test()
async def key_switch_with_stalls(dut):
    got, rx = await key_switch(dut, 11, p_gap=0.5, p_dstall=0.3)
    assert got["rx_key_switches"] == 1


@cocotb.test()
async def reset_mid_traffic(dut):
    rng0 = random.Random(SEED * 7919 + 12)
    line = Line(rng0)
    line.push(40)
    words = pad(line.tx.run())
    b, _ = await start(dut, line.keys, 12)
    cut = len(words) // 2 + 1
    await b.run(words, p_dstall=0.2, stop_at=cut)
    await b.reset()
    await b.load_key(1, line.keys[1])
    await b.key_ready({1: None})
    b.clear()
    await b.run(words[cut:], p_dstall=0.2)
    rx = rx_model(line, words[cut:])
    got = compare(b, line, rx, dut._log)
    assert got["rx_tdm_frames"] > 3


@cocotb.test()
async def resync_then_relock(dut):
    """CTRL.rx_resync in the middle: back to HUNT, data frames skipped until the next sync
    frame (compared with the model run in two pieces with its state reset to HUNT between)."""
    rng0 = random.Random(SEED * 7919 + 13)
    line = Line(rng0)
    line.push(40)
    words = pad(line.tx.run())
    b, _ = await start(dut, line.keys, 13)
    cut = len(words) // 2
    await b.run(words[:cut], tail=300)        # everything decided before the resync
    dut.resync.value = 1
    await RisingEdge(dut.clk)
    dut.resync.value = 0
    await b.run(words[cut:])
    rx = m.LinkRx(cfg())
    rx.load_key(1, line.keys[1])
    rx.receive(words[:cut])
    rx.state = m.HUNT
    rx.receive(words[cut:])
    got = compare(b, line, rx, dut._log)
    assert got["hunt_skipped"] >= 1


@cocotb.test()
async def overflow_back_to_back(dut):
    """Back-to-back frames with no idle word: the FIFO fills (2 words per data frame), frames
    are dropped and counted, nothing hangs, and every frame given v_ok is genuine and in order."""
    rng0 = random.Random(SEED * 7919 + 14)
    line = Line(rng0)
    line.push(80)
    words = line.tx.run()
    b, _ = await start(dut, line.keys, 14)
    await b.run(words, p_dstall=0.1)
    assert b.counts["ev_overflow"] > 0
    assert len(b.verdicts) == len(b.frames) and not b.cur
    pay = line.payloads()
    order = sorted(pay)
    pos = 0
    oks = [(f, u, c) for f, (ok, _, u, c) in zip(b.frames, b.verdicts) if ok]
    assert len(oks) > 10
    for f, u, c in oks:                        # a subsequence of the frames sent
        while pos < len(order) and pay[order[pos]] != (f, u, c):
            pos += 1
        assert pos < len(order), "a v_ok frame that was not sent (or out of order)"
        pos += 1
    assert b.counts["ev_auth_fail"] == sum(1 for v in b.verdicts if v[1])
    dut._log.info("overflow: %d drops, %d of %d data frames accepted, events %s",
                  b.counts["ev_overflow"], len(oks), len(pay), b.counts)


def mixed_line(rng0, batches):
    """A line whose data frames alternate between encrypted and CLEAR batches (the model
    transmitter's encrypt flag toggled between runs, as CTRL.enc_en between frames)."""
    line = Line(rng0)
    words = []
    for enc, n in batches:
        line.tx.encrypt = enc
        line.push(n)
        words += line.tx.run()
    return line, words


def clear_spans(words):
    return [(s, n) for s, n in spans(words) if fmt.FrameHeader.unpack(words[s]).clear]


@cocotb.test()
async def clear_frames_mixed(dut):
    """CLEAR data frames (payload in clear, AD = header || payload) mixed with encrypted ones,
    the encryption toggled between frames: every accepted CLEAR frame gives its payload on d_
    as a decrypted one would; a tampered CLEAR payload byte (in word 0's payload half and in a
    later word) and a tampered CLEAR tag fail authentication, v_fail with used and chan_map
    (the reassembler purges them), counted like encrypted frames."""
    rng0 = random.Random(SEED * 7919 + 15)
    batches = [(True, 6), (False, 8), (True, 3), (False, 5), (False, 4), (True, 5), (False, 9)]
    line, words = mixed_line(rng0, batches)
    words = pad(words)
    cl = clear_spans(words)
    ncl = len(cl)
    assert ncl >= 8 and ncl < len(spans(words)), (ncl, len(spans(words)))
    words = m.flip_bit(words, cl[1][0], 8 * 40 + 3)          # word 0, payload byte 8
    words = m.flip_bit(words, cl[4][0] + 1, 301)             # a payload word
    words = m.flip_bit(words, cl[6][0] + K - 1, 8 * 60)      # tag
    b, _ = await start(dut, line.keys, 15)
    await b.run(words)
    rx = rx_model(line, words)
    got = compare(b, line, rx, dut._log)
    assert got["auth_fail"] == 3 and got["frames_missing"] == 0 and got["sync_loss"] == 0, got
    hdrs = {fmt.FrameHeader.unpack(words[s]).counter: fmt.FrameHeader.unpack(words[s])
            for s, _ in cl}
    fails = [v for v in b.verdicts if v[1]]
    bad = [hdrs[fmt.FrameHeader.unpack(words[cl[j][0]]).counter] for j in (1, 4, 6)]
    assert [(u, c) for _, _, u, c in fails] == [(h.used, h.chan_map) for h in bad], fails
    n_ok_clear = sum(1 for c in rx.accepted if c in hdrs)
    assert n_ok_clear == ncl - 3, (n_ok_clear, ncl)
    dut._log.info("CLEAR: %d frames, %d accepted; events %s", ncl, n_ok_clear, got)


@cocotb.test()
async def clear_frames_stalls(dut):
    """Mixed CLEAR and encrypted frames with s_tvalid gaps and d_tready / v_ready stalls, one
    tampered CLEAR frame."""
    rng0 = random.Random(SEED * 7919 + 16)
    line, words = mixed_line(rng0, [(False, 5), (True, 5), (False, 8), (True, 2), (False, 6)])
    words = pad(words)
    cl = clear_spans(words)
    words = m.flip_bit(words, cl[3][0] + K // 2, 17)
    b, _ = await start(dut, line.keys, 16)
    await b.run(words, p_gap=0.4, p_dstall=0.3, p_vstall=0.3)
    rx = rx_model(line, words)
    got = compare(b, line, rx, dut._log)
    assert got["auth_fail"] == 1, got


@cocotb.test()
async def clear_back_to_back(dut):
    """CLEAR frames at the rate the engine takes them (GCM: as encrypted ones, 2 idle words per
    data frame; OCB3: CLEAR_EXTRA more): no FIFO overflow, every frame accepted."""
    rng1 = random.Random(SEED * 7919 + 17)
    line, words = mixed_line(rng1, [(False, 40)])
    words = pad(words, gap_data=2)
    b, _ = await start(dut, line.keys, 17)
    await b.run(words)
    rx = rx_model(line, words)
    got = compare(b, line, rx, dut._log)
    assert got["rx_tdm_frames"] == len(clear_spans(words)) > 10, got
