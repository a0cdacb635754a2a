# SPDX-License-Identifier: Apache-2.0
"""The whole link in RTL (link_system_tb.v: link_tx -> line words -> link_lane_tx -> skewed and
reordered lanes -> link_lane_rx -> link_rx), N clients each in its own clock domain.

The bench forwards the line words from the transmitter to the lane layer and may fault them
(drop, duplicate, corrupt, forge a data frame, lose a sync frame). The oracle is the Python model
of the receiver (linecrypt.link.model.LinkRx, its tags checked by pycryptodome) fed with exactly
the words the bench forwarded: the RTL must deliver the same client frames and count the same
events; without faults, every client frame sent arrives intact and in order."""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.simtime import get_sim_time
from cocotb.triggers import ClockCycles, RisingEdge, Timer

from linecrypt.link import format as fmt
from linecrypt.link import model as m
from linecrypt.link.traffic import eth_frame

P = json.loads(os.environ["LC_PARAMS"])
N, K = P["N"], P["K"]
SEED = int(os.environ.get("LINK_SEED", "11"))
SYNC_PERIOD = P.get("sync_period", 5)   # tb_params may set it (cocotb_link_cli)
AM_PERIOD = 41                   # (AM_PERIOD - 1) * L a multiple of 8: markers keep word framing
MAX_CLOCKS = 200_000
# every case ends within this much simulated time (a stalled stream fails the case, it does not
# hang the suite): MAX_CLOCKS of waiting for delivery plus the traffic, with room to spare
TEST_MS = 3


word_to_int, int_to_word = fmt.word_to_bus, fmt.bus_to_word      # line byte order


class Shadow:
    """A packed port written by several coroutines (one per client clock): each owns a slice."""

    def __init__(self, sig, width):
        self.sig, self.width, self.val = sig, width, 0
        sig.value = 0

    def set(self, i, v):
        mask = ((1 << self.width) - 1) << (self.width * i)
        self.val = (self.val & ~mask) | ((v << (self.width * i)) & mask)
        self.sig.value = self.val


class Bench:
    def __init__(self, dut):
        self.dut = dut
        self.rng = random.Random(SEED)
        self.tdata = Shadow(dut.s_cli_tdata, 64)
        self.tkeep = Shadow(dut.s_cli_tkeep, 8)
        self.tvalid = Shadow(dut.s_cli_tvalid, 1)
        self.tlast = Shadow(dut.s_cli_tlast, 1)
        dut.s_cli_tuser.value = 0
        self.rready = Shadow(dut.m_cli_tready, 1)
        self.sent = [[] for _ in range(N)]
        self.got = [[] for _ in range(N)]
        self.words = []                  # what the bench forwarded to the lane layer
        self.plan = {}                   # data frame index -> fault
        self.sync_plan = set()           # sync frame indices to lose
        self.clear_flips = 0             # CLEAR data frames still to corrupt (a payload bit)
        self.clear_flipped = 0
        self.rx_stall = 0.2              # probability a client's receive tready is low in a clock
        self.t_sent = [[] for _ in range(N)]   # ps: each client frame's last beat sampled
        self.t_got = [[] for _ in range(N)]    # ps: each delivered frame's last beat taken
        self.ev = {}
        self.keys = {}
        self.cfg = m.LinkConfig(mode="ocb" if P.get("MODE", 0) else "gcm",
                                cipher="serpent" if P.get("CIPHER", 0) else "aes",
                                channels=N, frame_words=K, sync_period=SYNC_PERIOD,
                                am_period=AM_PERIOD, lanes=P["L"])

    async def start(self):
        d = self.dut
        cocotb.start_soon(Clock(d.clk, 5, unit="ns").start())
        self.cli_clk = Shadow(d.cli_clk, 1)
        self.pending = [[] for _ in range(N)]      # client beats still to send
        self.cur = [bytearray() for _ in range(N)]
        for s, v in (("tx_en", 1), ("enc_en", 1), ("rx_en", 1), ("chan_en", 0xFFFF),
                     ("purge_en", 0xFFFF), ("flush_words", 16), ("sync_period", SYNC_PERIOD), ("am_period", AM_PERIOD),
                     ("los_threshold", 4), ("session_we", 0), ("switch_we", 0),
                     ("tx_key_tvalid", 0), ("rx_key_tvalid", 0), ("tx_tready", 0),
                     ("line_tvalid", 0), ("cli_rst", (1 << N) - 1), ("rst", 1)):
            getattr(d, s).value = v
        d.share.value = sum(1024 << (16 * i) for i in range(N))
        for i in range(N):        # clients a little apart: 156.25 MHz +- 0.3 %
            cocotb.start_soon(self._client_port(i, 3200 + 10 * (i % 3 - 1)))
        await ClockCycles(d.clk, 8)
        d.rst.value = 0
        d.cli_rst.value = 0
        await ClockCycles(d.clk, 4)
        cocotb.start_soon(self._forward())
        cocotb.start_soon(self._events())

    async def _client_port(self, ch, half):
        """Client clock ch (half period in ps): at its rising edge the port samples (transmit
        beats are taken, the receive handshake happens); at the falling edge the bench drives
        the next values."""
        d = self.dut
        while True:
            self.cli_clk.set(ch, 1)
            if (int(d.m_cli_tvalid.value) >> ch) & 1 and (self.rready.val >> ch) & 1:
                data = (int(d.m_cli_tdata.value) >> (64 * ch)) & ((1 << 64) - 1)
                keep = (int(d.m_cli_tkeep.value) >> (8 * ch)) & 0xFF
                nb = bin(keep).count("1")
                assert keep == (1 << nb) - 1, f"channel {ch}: tkeep {keep:#x} not contiguous"
                self.cur[ch] += data.to_bytes(8, "little")[:nb]
                if (int(d.m_cli_tlast.value) >> ch) & 1:
                    self.got[ch].append(bytes(self.cur[ch]))
                    self.t_got[ch].append(get_sim_time("ps"))
                    self.cur[ch] = bytearray()
            await Timer(half, unit="ps")
            self.cli_clk.set(ch, 0)
            beat = self.pending[ch].pop(0) if self.pending[ch] else None
            if beat:
                data, keep, last = beat
                self.tdata.set(ch, data)
                self.tkeep.set(ch, keep)
                self.tlast.set(ch, last)
                if last:
                    self.t_sent[ch].append(get_sim_time("ps") + half)
            self.tvalid.set(ch, int(bool(beat)))
            self.rready.set(ch, int(self.rng.random() >= self.rx_stall))
            await Timer(half, unit="ps")

    async def load_key(self, epoch, key):
        d = self.dut
        for side in ("tx", "rx"):
            getattr(d, f"{side}_key_tdata").value = int.from_bytes(key, "big")
            getattr(d, f"{side}_key_epoch").value = epoch
            getattr(d, f"{side}_key_tvalid").value = 1
            while True:
                await RisingEdge(d.clk)
                if int(getattr(d, f"{side}_key_tready").value):
                    break
            getattr(d, f"{side}_key_tvalid").value = 0
        self.keys[epoch] = key
        # key expansion and (GCM) H powers: ~385 clocks with four lanes
        bit = 1 << (epoch % P.get("NSLOTS", 4))
        for _ in range(2000):
            await RisingEdge(d.clk)
            if int(d.tx_slot_valid.value) & int(d.rx_slot_valid.value) & bit:
                break
        else:
            raise AssertionError(f"key of epoch {epoch}: slot not valid after 2000 clocks")

    async def pulse(self, port, value_port, value):
        d = self.dut
        getattr(d, value_port).value = value
        getattr(d, port).value = 1
        await RisingEdge(d.clk)
        getattr(d, port).value = 0

    # --- clients ---
    def send(self, ch, frame, gap=0):
        """Queue a client frame (beats of 8 bytes, byte 0 in tdata[7:0]) and ``gap`` idle clocks."""
        for off in range(0, len(frame), 8):
            chunk = frame[off:off + 8]
            self.pending[ch].append((int.from_bytes(chunk, "little"), (1 << len(chunk)) - 1,
                                     int(off + 8 >= len(frame))))
        self.pending[ch] += [None] * gap
        self.sent[ch].append(frame)

    async def client(self, ch, frames, gaps=(0, 0, 1, 3)):
        for f in frames:
            self.send(ch, f, gap=self.rng.choice(gaps))
            while len(self.pending[ch]) > 64:
                await ClockCycles(self.dut.clk, 16)
        while self.pending[ch]:
            await ClockCycles(self.dut.clk, 16)

    # --- the line between the framer and the lane layer ---
    async def _forward(self):
        d, queue = self.dut, []
        frame, data_n, sync_n = None, 0, 0
        d.tx_tready.value = 1
        while True:
            await RisingEdge(d.clk)
            if int(d.line_tvalid.value) and int(d.line_tready.value):
                queue.pop(0)
            if int(d.tx_tvalid.value) and int(d.tx_tready.value):
                w = int_to_word(int(d.tx_tdata.value))
                if frame is not None:
                    frame.append(w)
                    if len(frame) == K:
                        queue += self._fault_data(frame, data_n)
                        data_n, frame = data_n + 1, None
                elif w[:4] == fmt.MAGIC_DATA:
                    frame = [w]
                elif w[:4] == fmt.MAGIC_SYNC:
                    if sync_n not in self.sync_plan:
                        queue.append(w)
                        self.words.append(w)
                    sync_n += 1
                else:
                    queue.append(w)
                    self.words.append(w)
            d.tx_tready.value = int(len(queue) < 4 * K)
            if queue:
                d.line_tdata.value = word_to_int(queue[0])
                d.line_tvalid.value = 1
            else:
                d.line_tvalid.value = 0

    def _fault_data(self, frame, n):
        f = self.plan.get(n)
        out = list(frame)
        if f is None and self.clear_flips and fmt.FrameHeader.unpack(frame[0]).clear:
            self.clear_flips -= 1
            self.clear_flipped += 1
            w = self.rng.randrange(K)
            out = m.flip_bit(frame, w, self.rng.randrange(32 * 8, 512) if w == 0 else
                             self.rng.randrange(512 - (128 if w == K - 1 else 0)))
        if f == "drop":
            out = []
        elif f == "dup":
            out = frame + frame
        elif f == "flip":
            w = self.rng.randrange(K)
            out = m.flip_bit(frame, w, self.rng.randrange(32 * 8, 512) if w == 0 else
                             self.rng.randrange(512))
        elif f == "forge":
            out = m.forge_frame(frame, K, 0, self.rng)     # a forged frame, then the genuine one
        self.words += out
        return out

    async def _events(self):
        d = self.dut
        names = [s for s in ("tx_ev_tdm", "tx_ev_sync", "tx_ev_switch", "rx_ev_tdm", "rx_ev_sync",
                             "rx_ev_auth_fail", "rx_ev_sync_loss", "rx_ev_sync_missed",
                             "rx_ev_replay", "rx_ev_hdr_err", "rx_ev_sync_err",
                             "rx_ev_session_err", "rx_ev_hunt_skip", "rx_ev_key_switch",
                             "rx_ev_overflow", "rx_ev_rec_err", "rx_ev_purged_frame", "ev_am_err")]
        self.ev = {s: 0 for s in names + ["rx_ev_missing_n", "tx_ev_drop"]}
        sigs = [(s, getattr(d, s)) for s in names]
        while True:
            await RisingEdge(d.clk)
            for s, sig in sigs:
                if int(sig.value):
                    self.ev[s] += 1
            if int(d.rx_ev_missing.value):
                self.ev["rx_ev_missing_n"] += int(d.rx_ev_missing_n.value)
            self.ev["tx_ev_drop"] += bin(int(d.tx_ev_drop.value)).count("1")

    async def wait_delivered(self, want, clocks=MAX_CLOCKS):
        for _ in range(clocks // 100):
            if all(len(g) >= w for g, w in zip(self.got, want)):
                return
            await ClockCycles(self.dut.clk, 100)
        raise AssertionError(f"delivered {[len(g) for g in self.got]} of {want}")

    def model(self):
        """The model receiver over exactly the forwarded words."""
        rx = m.LinkRx(self.cfg)
        for e, k in self.keys.items():
            rx.load_key(e, k)
        rx.receive(self.words + [fmt.IDLE_WORD] * K)
        return rx


def traffic(rng, count, lo=64, hi=1600):
    return [[eth_frame(rng, rng.randint(lo, hi)) for _ in range(count)] for _ in range(N)]


async def setup(dut, epochs=(1,), keys=None, bench=Bench):
    """A started ``bench`` (class) with a key per epoch (``keys``: epoch -> key, default random),
    the session set and the first epoch switched to."""
    b = bench(dut)
    await b.start()
    for e in epochs:
        await b.load_key(e, keys[e] if keys else b.rng.randbytes(16))
    await b.pulse("session_we", "session", 3)
    await b.pulse("switch_we", "switch_epoch", epochs[0])
    return b


async def run_clients(b, frames):
    tasks = [cocotb.start_soon(b.client(ch, frames[ch])) for ch in range(N)]
    for t in tasks:
        await t


# receiver event (bench count) -> the model receiver's counter it must equal
EVENT_COUNTERS = {"rx_ev_tdm": "rx_tdm_frames", "rx_ev_sync": "rx_sync_frames",
                  "rx_ev_auth_fail": "auth_fail", "rx_ev_purged_frame": "purged_frames",
                  "rx_ev_sync_loss": "sync_loss", "rx_ev_sync_missed": "sync_missed",
                  "rx_ev_missing_n": "frames_missing", "rx_ev_replay": "replay_drops",
                  "rx_ev_hdr_err": "hdr_errors", "rx_ev_sync_err": "sync_errors",
                  "rx_ev_hunt_skip": "hunt_skipped", "rx_ev_key_switch": "rx_key_switches",
                  "rx_ev_rec_err": "rec_errors"}


def check_against_model(b, expect_all):
    rx = b.model()
    ev = b.ev
    assert [len(g) for g in b.got] == [len(d) for d in rx.delivered], (b.got, rx.delivered)
    assert b.got == rx.delivered
    if expect_all:
        assert b.got == b.sent
    c = rx.counters
    want = {e: c[n] for e, n in EVENT_COUNTERS.items()}
    want.update({"rx_ev_overflow": 0, "ev_am_err": 0, "tx_ev_drop": 0})
    got = {k: ev[k] for k in want}
    assert got == want, f"RTL {got}\nmodel {want}"


@cocotb.test(timeout_time=TEST_MS, timeout_unit="ms")
async def clean_traffic_on_every_channel(dut):
    """Mixed frame sizes on all channels, lanes skewed and reordered: everything arrives."""
    b = await setup(dut)
    frames = traffic(b.rng, 6)
    await run_clients(b, frames)
    await b.wait_delivered([len(f) for f in frames])
    await ClockCycles(dut.clk, 4 * K)
    assert int(dut.lanes_aligned.value) and int(dut.rx_sync.value)
    assert int(dut.lane_skew.value) == 32          # the fixture's skews span 0..32 blocks
    check_against_model(b, expect_all=True)
    assert b.ev["tx_ev_tdm"] == b.ev["rx_ev_tdm"] > 0


@cocotb.test(timeout_time=TEST_MS, timeout_unit="ms")
async def line_faults_match_the_model(dut):
    """Dropped, duplicated, corrupted and forged data frames and a lost sync frame: the RTL
    delivers what the model delivers (nothing forged or corrupted) and counts the same."""
    b = await setup(dut)
    b.plan = {3: "flip", 6: "drop", 9: "dup", 12: "forge", 15: "flip", 18: "dup"}
    b.sync_plan = {2}
    frames = traffic(b.rng, 8)
    await run_clients(b, frames)
    await ClockCycles(dut.clk, 3000)
    check_against_model(b, expect_all=False)
    assert b.ev["rx_ev_auth_fail"] >= 3 and b.ev["rx_ev_replay"] >= 2


@cocotb.test(timeout_time=TEST_MS, timeout_unit="ms")
async def key_switch_under_load(dut):
    """A new key loaded into both ends and switched to while traffic flows: nothing lost."""
    b = await setup(dut, epochs=(1, 2))
    frames = traffic(b.rng, 8)
    tasks = [cocotb.start_soon(b.client(ch, frames[ch])) for ch in range(N)]
    await ClockCycles(dut.clk, 300)
    await b.pulse("switch_we", "switch_epoch", 2)
    for t in tasks:
        await t
    await b.wait_delivered([len(f) for f in frames])
    await ClockCycles(dut.clk, 4 * K)
    check_against_model(b, expect_all=True)
    assert b.ev["tx_ev_switch"] == 1 and b.ev["rx_ev_key_switch"] == 1


@cocotb.test(timeout_time=TEST_MS, timeout_unit="ms")
async def enc_en_toggled_under_traffic(dut):
    """CTRL.enc_en switched off and on while traffic flows: CLEAR data frames (payload in
    clear, authenticated) between encrypted ones; one CLEAR frame corrupted on the line is
    rejected and purged as an encrypted one would be. The RTL delivers what the model does."""
    b = await setup(dut)
    frames = traffic(b.rng, 5)
    tasks = [cocotb.start_soon(b.client(ch, frames[ch])) for ch in range(N)]
    for n in range(6):
        await ClockCycles(dut.clk, 100 + 20 * n)
        dut.enc_en.value = n % 2
        if n == 2:
            b.clear_flips = 1
    for t in tasks:
        await t
    dut.enc_en.value = 1
    await ClockCycles(dut.clk, 2000)
    check_against_model(b, expect_all=False)
    clear = [w for w in b.words if w[:4] == fmt.MAGIC_DATA and fmt.FrameHeader.unpack(w).clear]
    data = [w for w in b.words if w[:4] == fmt.MAGIC_DATA]
    dut._log.info("CLEAR data frames: %d of %d", len(clear), len(data))
    assert 0 < len(clear) < len(data)
    assert b.clear_flipped == 1 and b.ev["rx_ev_auth_fail"] == 1, b.ev
    assert b.ev["rx_ev_purged_frame"] == 1 and b.ev["tx_ev_tdm"] == len(data)


@cocotb.test(timeout_time=TEST_MS, timeout_unit="ms")
async def channel_disabled_and_enabled_live(dut):
    """CHAN_EN of one channel cleared and set again while every channel sends: the other
    channels lose nothing; the disabled channel's frames are dropped whole at the ingress
    (counted), the rest arrive intact and in order, and the receiver still delivers exactly
    what the model receiver delivers from the same line words."""
    b = await setup(dut)
    off = 1
    frames = traffic(b.rng, 8)
    tasks = [cocotb.start_soon(b.client(ch, frames[ch])) for ch in range(N)]
    await ClockCycles(dut.clk, 150)
    dut.chan_en.value = 0xFFFF & ~(1 << off)
    await ClockCycles(dut.clk, 400)
    dut.chan_en.value = 0xFFFF
    for t in tasks:
        await t
    for _ in range(MAX_CLOCKS // 100):
        if all(len(b.got[ch]) + (b.ev["tx_ev_drop"] if ch == off else 0) >= len(frames[ch])
               for ch in range(N)):
            break
        await ClockCycles(dut.clk, 100)
    await ClockCycles(dut.clk, 4 * K)
    for ch in range(N):
        if ch != off:
            assert b.got[ch] == b.sent[ch], f"channel {ch} lost frames"
    got, sent = b.got[off], b.sent[off]
    it = iter(sent)
    assert all(any(g == s for s in it) for g in got), "channel off: not an in-order subsequence"
    drops = b.ev["tx_ev_drop"]
    dut._log.info("channel %d: %d of %d frames delivered, %d dropped at the ingress",
                  off, len(got), len(sent), drops)
    assert drops > 0 and len(got) + drops == len(sent), (len(got), drops, len(sent))
    assert got[-1] == sent[-1], "a frame sent after CHAN_EN was set again is missing"
    rx = b.model()
    assert b.got == rx.delivered
    assert b.ev["rx_ev_auth_fail"] == b.ev["rx_ev_overflow"] == 0


WORD_KINDS = ["idle", "sync", "header", "payload"]


@cocotb.test(skip="LC_WAVE_OUT" not in os.environ)
async def diagram(dut):
    """Records ip/link/doc/timing-line.json: the framer's words from the session write on, the
    receiver's verdicts and client 0's receive port, no faults."""
    from cocotb.triggers import ReadOnly
    from cocotb_wave import wavedrom
    b = await setup(dut)
    frames = traffic(b.rng, 2, lo=64, hi=200)
    tasks = [cocotb.start_soon(b.client(ch, frames[ch])) for ch in range(N)]
    rows, left = [], 0
    ports = [("line word", WORD_KINDS, None), ("tx_ev_sync", "bit", None),
             ("tx_ev_tdm", "bit", None), ("rx_ev_sync", "bit", None), ("rx_ev_tdm", "bit", None),
             ("client 0 tvalid", "bit", None), ("client 0 tlast", "flag", "client 0 tvalid")]
    for _ in range(700):
        await RisingEdge(dut.clk)
        await ReadOnly()
        w = int_to_word(int(dut.tx_tdata.value))
        if w[:4] == fmt.MAGIC_SYNC:
            kind, left = 1, 0
        elif w[:4] == fmt.MAGIC_DATA:
            kind, left = 2, K - 1
        elif left:
            kind, left = 3, left - 1
        else:
            kind = 0
        rows.append({"line word": kind,
                     **{p[0]: int(getattr(dut, p[0]).value) for p in ports[1:5]},
                     "client 0 tvalid": int(dut.m_cli_tvalid.value) & 1,
                     "client 0 tlast": int(dut.m_cli_tlast.value) & 1})
    for t in tasks:
        await t
    src = wavedrom(rows, ports, f"link_tx -> lanes -> link_rx, N = {N}, K = {K}, AES-128-GCM: "
                   "line words, verdicts, client 0 receive port")
    with open(os.environ["LC_WAVE_OUT"], "w") as f:
        json.dump(src, f, indent=1)
