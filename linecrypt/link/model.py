# SPDX-License-Identifier: Apache-2.0
"""System model of the link encryptor (docs/link-format.md): the test oracle of its RTL.

    LinkTx   client frames -> TDM scheduler (deficit round robin, one quantum per channel) ->
             records -> data frames sealed by the AE -> sync frames every sync_period -> words
    to_lanes / LaneRx   words <-> L lanes of 64-bit blocks with alignment-marker rounds
    LinkRx   words -> HUNT/SYNC state machine -> tag check -> records -> per-channel reassembly

The tags come from ``linecrypt.oracles.aead`` (pycryptodome for AES, Botan for Serpent), not from
LineCrypt's own mode models. Counter names are the register names of ip/link/link.rdl.

The model is transaction level: the transmitter advances in line-word slots (one 512-bit word per
slot at the line rate), which is enough to measure the rate budget (clients at +ppm, line at
-ppm) and the latency of a frame in words; it is not cycle accurate.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field

from linecrypt.link import format as fmt
from linecrypt.link.format import FrameHeader, Record, SyncBody

HUNT, SYNC = "HUNT", "SYNC"


class LinkError(RuntimeError):
    """A use of the model that the hardware refuses (no session, no key for the epoch)."""


@dataclass
class LinkConfig:
    mode: str = "gcm"                      # "gcm" or "ocb"
    cipher: str = "aes"                    # "aes" or "serpent"
    channels: int = 10
    frame_words: int = 256                 # K: words per data frame
    sync_period: int = fmt.default_sync_period(256)   # data frames between sync frames
    lanes: int = 10
    am_period: int = 15625                 # block rounds per lane from one AM round to the next
    deskew_blocks: int = 32                # per-lane deskew buffer, blocks (>= 200 ns at 10G)
    los_threshold: int = 4                 # consecutive bad frames that drop SYNC to HUNT
    nslots: int = 4
    shares: tuple[int, ...] | None = None  # DRR quantum per channel, bytes (default 1024 each)
    flush_words: int = 256                 # a partial frame leaves after its oldest byte waited this long
    switch_lead: int = 4                   # frames between the announcing sync frame and the switch
    fifo_bytes: int = 65536                # transmit ingress buffer per channel
    line_bps: float = 100e9
    line_ppm: float = 0.0                  # line clock offset (negative: slow)

    def __post_init__(self):
        if self.shares is None:
            self.shares = (1024,) * self.channels
        if not 1 <= self.channels <= fmt.MAX_CHANNELS:
            raise ValueError("channels must be 1..16")
        if len(self.shares) != self.channels or min(self.shares) < 8:
            raise ValueError("one share of at least 8 bytes per channel")
        if self.frame_words < 2 or fmt.payload_capacity(self.frame_words) > 0xFFFF:
            raise ValueError("frame_words must be 2..1024")

    @property
    def word_time(self) -> float:
        """Seconds per framer word slot: the line's blocks less the alignment-marker rounds."""
        rate = self.line_bps * (1 + self.line_ppm * 1e-6) * (self.am_period - 1) / self.am_period
        return 8 * fmt.WORD / rate


class Aead:
    """seal/open of whole batches through linecrypt.oracles.aead (independent libraries)."""

    def __init__(self, mode: str, cipher: str, source: str | None = None):
        self.mode, self.cipher, self.source = mode, cipher, source

    def seal_many(self, jobs):
        from linecrypt.oracles import aead
        if not jobs:
            return []
        return aead.seal_many(self.mode, self.cipher,
                              [(k, n, a, m, fmt.TAG_LEN) for k, n, a, m in jobs], self.source)

    def open_many(self, jobs):
        from linecrypt.oracles import aead
        return aead.open_many(self.mode, self.cipher, jobs, self.source) if jobs else []

    def decrypt_unverified(self, key, nonce, ct):
        from linecrypt.oracles import aead
        return aead.decrypt_unverified(self.mode, self.cipher, key, nonce, ct, fmt.TAG_LEN)[0]


class _KeySlots:
    def __init__(self, nslots: int):
        self.nslots = nslots
        self.slots: dict[int, tuple[int, bytes]] = {}

    def load(self, epoch: int, key: bytes):
        if len(key) not in (16, 24, 32):
            raise ValueError("key must be 16, 24 or 32 bytes")
        self.slots[epoch % self.nslots] = (epoch & 0xFFFF, bytes(key))

    def get(self, epoch: int) -> bytes | None:
        e = self.slots.get(epoch % self.nslots)
        return e[1] if e and e[0] == epoch else None


def _chan_counters(n):
    return {k: [0] * n for k in ("frames", "bytes", "drops", "auth_fail", "purged")}


# --- transmitter --------------------------------------------------------------------------------

@dataclass
class _Entry:
    t: float                   # arrival time of the client frame's last byte
    fid: int                   # client frame number on its channel
    data: bytes
    off: int = 0


@dataclass
class TxFrame:
    """What the transmitter put in one frame (for tests and debugging)."""
    kind: str
    counter: int
    epoch: int
    word: int                  # index of its first word in the transmitter's output
    records: list = field(default_factory=list)   # (chan, seq, fid, sof, eof, bytes)


class LinkTx:
    """Transmitter: call load_key, set_session, switch_key (first call picks the epoch), push
    client frames, then run."""

    def __init__(self, cfg: LinkConfig, aead: Aead | None = None):
        self.cfg = cfg
        self.aead = aead or Aead(cfg.mode, cfg.cipher)
        self.keys = _KeySlots(cfg.nslots)
        self.session: int | None = None
        self.last_session: int | None = None
        self.counter = 0
        self.epoch: int | None = None
        self.pending: tuple[int, int] | None = None      # (next epoch, switch counter)
        self.force_sync = True
        self.since_sync = 0
        self.encrypt = True
        self.chan_enable = (1 << cfg.channels) - 1
        n = cfg.channels
        self.fifo = [deque() for _ in range(n)]
        self.fifo_level = [0] * n
        self.fifo_max = [0] * n
        self.fid = [0] * n
        self.seq = [0] * n
        self.deficit = [0] * n
        self.rr = 0
        self.visit_open = False
        self.words_out = 0
        self.log: list[TxFrame] = []
        self.chan = _chan_counters(n)
        self.counters = dict(tx_tdm_frames=0, tx_sync_frames=0, tx_idle_words=0,
                             tx_key_switches=0, session_errors=0)

    # host side
    def load_key(self, epoch: int, key: bytes):
        self.keys.load(epoch, key)

    def set_session(self, session: int):
        """Arm the transmitter: nonce = session || counter, the counter restarts at 0. Sessions
        must increase within a power cycle (a repeated one is refused and counted)."""
        if not 0 <= session < 1 << 32:
            raise ValueError("session is 32 bits")
        if self.last_session is not None and session <= self.last_session:
            self.counters["session_errors"] += 1
            raise LinkError(f"session {session} does not exceed {self.last_session}")
        self.session = self.last_session = session
        self.counter = 0
        self.force_sync = True

    def switch_key(self, epoch: int):
        """Select the key epoch; after the first, a switch is announced in a sync frame and takes
        effect ``switch_lead`` frames later."""
        if self.keys.get(epoch) is None:
            raise LinkError(f"no key loaded for epoch {epoch}")
        if self.epoch is None:
            self.epoch = epoch
        else:
            if epoch != (self.epoch + 1) & 0xFFFF:
                raise LinkError("the next epoch is the current one + 1")
            self.pending = (epoch, self.counter + 1 + self.cfg.switch_lead)
            self.force_sync = True

    # client side
    def push(self, ch: int, frame: bytes, t: float = 0.0) -> bool:
        """A client frame (FCS included) whose last byte arrived at time ``t``; False when the
        channel is disabled or its ingress buffer is full (the frame is dropped and counted)."""
        if not (self.chan_enable >> ch) & 1 or \
                self.fifo_level[ch] + len(frame) > self.cfg.fifo_bytes:
            self.chan["drops"][ch] += 1
            return False
        self.fifo[ch].append(_Entry(t, self.fid[ch], bytes(frame)))
        self.fid[ch] += 1
        self.fifo_level[ch] += len(frame)
        self.fifo_max[ch] = max(self.fifo_max[ch], self.fifo_level[ch])
        return True

    # line side
    @property
    def now(self) -> float:
        return self.words_out * self.cfg.word_time

    def _eligible(self, ch, now):
        q = self.fifo[ch]
        return bool(q) and q[0].t <= now

    def _ready_cost(self, now, limit):
        """Payload bytes the eligible frames would take, counted up to ``limit``."""
        cost = 0
        for q in self.fifo:
            for e in q:
                if e.t > now:
                    break
                cost += fmt.record_size(len(e.data) - e.off)
                if cost >= limit:
                    return cost
        return cost

    def _oldest(self, now):
        ts = [q[0].t for q in self.fifo if q and q[0].t <= now]
        return min(ts) if ts else None

    def _next_arrival(self, now):
        ts = [e.t for q in self.fifo for e in q if e.t > now]
        return min(ts) if ts else None

    def run(self, until: float | None = None) -> list[bytes]:
        """Line words up to time ``until`` (idle words fill the gaps); without ``until``, every
        pushed frame is sent at once, the last data frame partly filled."""
        if self.session is None or self.epoch is None:
            raise LinkError("set_session and switch_key first")
        cfg = self.cfg
        out: list = []
        jobs = []                                   # (index in out, key, header, ad, msg)
        cap = fmt.payload_capacity(cfg.frame_words)
        tw = cfg.word_time
        while True:
            now = self.now
            if until is not None and now >= until:
                break
            if self.force_sync or self.since_sync >= cfg.sync_period:
                self._sync(out, jobs)
                continue
            ready = self._ready_cost(now, cap)
            oldest = self._oldest(now)
            if ready and (until is None or ready >= cap
                          or now - oldest >= cfg.flush_words * tw - 1e-15):
                self._data(out, jobs, now)
                continue
            if until is None:
                break
            nxt = [t for t in (self._next_arrival(now), until,
                               oldest + cfg.flush_words * tw if oldest is not None else None)
                   if t is not None]
            n = max(1, int(-(-(min(nxt) - now) // tw)))
            out.extend([fmt.IDLE_WORD] * n)
            self.words_out += n
            self.counters["tx_idle_words"] += n
        sealed = self.aead.seal_many([(k, h.nonce, a, m) for _, k, h, a, m in jobs])
        for (i, _, h, a, m), (ct, tag) in zip(jobs, sealed):
            body = a + tag if h.kind == "sync" else (a if h.clear else a + ct) + tag
            out[i] = fmt.split_words(body)
        words = []
        for w in out:
            (words.extend if isinstance(w, list) else words.append)(w)
        return words

    def _key(self, epoch):
        k = self.keys.get(epoch)
        if k is None:
            raise LinkError(f"no key for epoch {epoch}")
        return k

    def _emit(self, out, jobs, header, ad, msg, nwords, records=()):
        self.log.append(TxFrame(header.kind, header.counter, header.epoch, self.words_out,
                                list(records)))
        jobs.append((len(out), self._key(header.epoch), header, ad, msg))
        out.append(None)
        self.words_out += nwords
        self.counter += 1

    def _sync(self, out, jobs):
        nxt, sw = self.pending if self.pending else (self.epoch, 0)
        h = FrameHeader("sync", self.epoch, self.session, self.counter, self.cfg.frame_words,
                        chan_map=self.chan_enable)
        body = SyncBody(nxt, self.cfg.sync_period, sw, self.pending is not None)
        ad, msg = fmt.sync_parts(h, body)
        self._emit(out, jobs, h, ad, msg, fmt.SYNC_WORDS)
        self.counters["tx_sync_frames"] += 1
        self.force_sync = False
        self.since_sync = 0

    def _data(self, out, jobs, now):
        cfg = self.cfg
        if self.pending and self.counter >= self.pending[1]:
            self.epoch, self.pending = self.pending[0], None
            self.counters["tx_key_switches"] += 1
        cap = fmt.payload_capacity(cfg.frame_words)
        space, parts, recs, chan_map = cap, [], [], 0
        n = cfg.channels
        while space >= fmt.MIN_RECORD and any(self._eligible(c, now) for c in range(n)):
            ch = self.rr
            if not self._eligible(ch, now):
                self.deficit[ch] = min(self.deficit[ch], 0)
                self.rr, self.visit_open = (ch + 1) % n, False
                continue
            if not self.visit_open:
                self.deficit[ch] += cfg.shares[ch]
                self.visit_open = True
            while self.deficit[ch] > 0 and self._eligible(ch, now) and space >= fmt.MIN_RECORD:
                e = self.fifo[ch][0]
                k = min(len(e.data) - e.off, (space - fmt.RECORD_HEADER_LEN) // 8 * 8)
                r = Record(ch, self.seq[ch], e.data[e.off:e.off + k], e.off == 0,
                           e.off + k == len(e.data))
                self.seq[ch] = (self.seq[ch] + 1) & 0xFFFFFFFF
                parts.append(r.pack())
                recs.append((ch, r.seq, e.fid, r.sof, r.eof, k))
                chan_map |= 1 << ch
                space -= r.size
                self.deficit[ch] -= r.size
                e.off += k
                self.fifo_level[ch] -= k
                if r.eof:
                    self.fifo[ch].popleft()
                    self.chan["frames"][ch] += 1
                    self.chan["bytes"][ch] += len(e.data)
            if self.deficit[ch] <= 0 or not self._eligible(ch, now):
                if not self._eligible(ch, now):
                    self.deficit[ch] = min(self.deficit[ch], 0)
                self.rr, self.visit_open = (ch + 1) % n, False
        payload = b"".join(parts)
        used = len(payload)
        payload += bytes(cap - used)
        h = FrameHeader("data", self.epoch, self.session, self.counter, cfg.frame_words,
                        chan_map=chan_map, used=used, flags=0 if self.encrypt else fmt.FLAG_CLEAR)
        ad, msg = fmt.data_frame_parts(h, payload)
        self._emit(out, jobs, h, ad, msg, cfg.frame_words, recs)
        self.counters["tx_tdm_frames"] += 1
        self.since_sync += 1


# --- receiver -------------------------------------------------------------------------------------

class LinkRx:
    """Receiver: load_key, then receive(words) as often as words arrive. ``delivered[ch]`` holds
    the client frames in order; ``counters``, ``chan`` and ``alarm`` mirror the registers."""

    def __init__(self, cfg: LinkConfig, aead: Aead | None = None):
        self.cfg = cfg
        self.aead = aead or Aead(cfg.mode, cfg.cipher)
        self.keys = _KeySlots(cfg.nslots)
        n = cfg.channels
        self.state = HUNT
        self.session: int | None = None
        self.last: int | None = None
        self.epoch: int | None = None
        self.next_epoch: int | None = None
        self.switch_counter: int | None = None
        self.sync_period = cfg.sync_period
        self.expected_sync: int | None = None
        self.bad_run = 0
        self.failed_since = 0                    # failed data frames since the last accepted one
        self.in_unknown = False
        self.purge = (1 << n) - 1
        self.chan_enable = (1 << n) - 1
        self.alarm = 0
        self.exp_seq: list[int | None] = [None] * n
        self.partial: list[list[bytes] | None] = [None] * n
        self.skipping = [False] * n
        self.delivered: list[list[bytes]] = [[] for _ in range(n)]
        self.delivered_word: list[list[int]] = [[] for _ in range(n)]
        self.accepted: list[int] = []            # counters of the data frames accepted
        self.words_in = 0
        self._buf: list[bytes] = []
        self.chan = _chan_counters(n)
        self.counters = dict(rx_tdm_frames=0, rx_sync_frames=0, auth_fail=0, purged_frames=0,
                             sync_loss=0, sync_missed=0, frames_missing=0, replay_drops=0,
                             hdr_errors=0, sync_errors=0, session_errors=0, rec_errors=0,
                             hunt_skipped=0, rx_key_switches=0)

    def load_key(self, epoch: int, key: bytes):
        self.keys.load(epoch, key)

    @property
    def next_key_missing(self) -> bool:
        return self.next_epoch not in (None, self.epoch) and self.keys.get(self.next_epoch) is None

    # --- authentication, batched over the words at hand ---
    def _prepass(self, words):
        K = self.cfg.frame_words
        jobs, where = [], []
        for i, w in enumerate(words):
            kind = fmt.word_kind(w)
            if kind not in ("data", "sync"):
                continue
            try:
                h = FrameHeader.unpack(w)
            except fmt.FormatError:
                continue
            n = K if kind == "data" else fmt.SYNC_WORDS
            key = self.keys.get(h.epoch)
            if i + n > len(words) or key is None or h.frame_words != K:
                continue
            data = b"".join(words[i:i + n])
            hl = fmt.HEADER_LEN + (fmt.SYNC_BODY_LEN if kind == "sync" else 0)
            if kind == "sync" or h.clear:
                ad, ct = data[:-fmt.TAG_LEN], b""
            else:
                ad, ct = data[:hl], data[hl:-fmt.TAG_LEN]
            jobs.append((key, h.nonce, ad, ct, data[-fmt.TAG_LEN:]))
            where.append(i)
        return dict(zip(where, self.aead.open_many(jobs)))

    def receive(self, words: list[bytes]):
        buf = self._buf + list(words)
        base = self.words_in - len(self._buf)
        opened = self._prepass(buf)
        K = self.cfg.frame_words
        i = 0
        while i < len(buf):
            w = buf[i]
            kind = fmt.word_kind(w)
            if kind == "data" and i + K > len(buf):
                break
            if self.state == HUNT:
                if kind == "sync":
                    self._sync_frame(w, opened.get(i), hunting=True)
                    i += 1
                elif kind == "data" and self._header(w) is not None:
                    self.counters["hunt_skipped"] += 1
                    i += K
                else:
                    i += 1
                continue
            if kind == "idle":
                self.in_unknown = False
                i += 1
                continue
            h = self._header(w)
            if kind == "unknown" or h is None or h.frame_words != K:
                if not self.in_unknown:
                    self.counters["hdr_errors"] += 1
                    self._bad()
                self.in_unknown = True
                i += 1
                continue
            self.in_unknown = False
            if kind == "sync":
                self._sync_frame(w, opened.get(i), hunting=False)
                i += 1
            else:
                self._data_frame(h, b"".join(buf[i:i + K]), opened.get(i), base + i + K)
                i += K
        self._buf = buf[i:]
        self.words_in = base + len(buf)

    @staticmethod
    def _header(w):
        try:
            return FrameHeader.unpack(w)
        except fmt.FormatError:
            return None

    def _bad(self):
        self.bad_run += 1
        if self.state == SYNC and self.bad_run >= self.cfg.los_threshold:
            self.state = HUNT
            self.counters["sync_loss"] += 1

    def _advance(self, h) -> bool:
        """Counter bookkeeping of an authentic frame of the current session; False if stale."""
        if h.session != self.session:
            if self.session is not None and h.session < self.session:
                self.counters["replay_drops"] += 1
            else:
                self.counters["session_errors"] += 1
                self._bad()
            return False
        if h.counter <= self.last:
            self.counters["replay_drops"] += 1
            return False
        self.counters["frames_missing"] += max(0, h.counter - self.last - 1 - self.failed_since)
        self.failed_since = 0
        self.last = h.counter
        while self.expected_sync is not None and h.counter > self.expected_sync:
            self.counters["sync_missed"] += 1
            self.expected_sync += self.sync_period + 1
        return True

    def _epoch_ok(self, epoch) -> bool:
        if epoch == self.epoch:
            return True
        if epoch == (self.epoch + 1) & 0xFFFF:
            self.epoch = epoch
            self.counters["rx_key_switches"] += 1
            return True
        self.counters["replay_drops"] += 1
        return False

    def _sync_frame(self, w, plain, hunting):
        h = self._header(w)
        if h is None or h.frame_words != self.cfg.frame_words or plain is None:
            if not hunting:
                self.counters["sync_errors"] += 1
                self._bad()
            return
        body = SyncBody.unpack(w[fmt.HEADER_LEN:])
        if hunting:
            fresh = self.session is None or h.session > self.session or \
                (h.session == self.session and h.counter > self.last)
            if not fresh:
                self.counters["replay_drops"] += 1
                return
            self.session, self.last, self.epoch = h.session, h.counter, h.epoch
            self.failed_since = 0
            self.state = SYNC
        elif h.session > self.session:          # the transmitter started a new session
            self.session, self.last, self.epoch = h.session, h.counter, h.epoch
            self.failed_since = 0
        elif not self._advance(h) or not self._epoch_ok(h.epoch):
            return
        self.bad_run = 0
        self.counters["rx_sync_frames"] += 1
        self.sync_period = body.sync_period
        self.expected_sync = h.counter + body.sync_period + 1
        self.next_epoch = body.next_epoch if body.switch else h.epoch
        self.switch_counter = body.switch_counter if body.switch else None

    def _data_frame(self, h, data, plain, end_word):
        cfg = self.cfg
        if plain is None:                        # not authentic (or no key for its epoch)
            self.counters["auth_fail"] += 1
            self.failed_since += 1
            purged = False
            for ch in range(cfg.channels):
                if not (h.chan_map >> ch) & 1:
                    continue
                self.chan["auth_fail"][ch] += 1
                self.alarm |= 1 << ch
                if (self.purge >> ch) & 1:
                    self.chan["purged"][ch] += 1
                    purged = True
            if purged:
                self.counters["purged_frames"] += 1
            keep = h.chan_map & ~self.purge & self.chan_enable
            if keep and self.keys.get(h.epoch) is not None:
                self._deliver_unverified(h, data, keep, end_word)
            self._bad()
            return
        if not self._advance(h) or not self._epoch_ok(h.epoch):
            return
        self.bad_run = 0
        self.counters["rx_tdm_frames"] += 1
        self.accepted.append(h.counter)
        payload = data[fmt.HEADER_LEN:-fmt.TAG_LEN] if h.clear else plain
        try:
            recs = fmt.parse_records(payload, h.used, cfg.channels)
        except fmt.FormatError:
            self.counters["rec_errors"] += 1
            return
        for r in recs:
            self._record(r, end_word)

    def _deliver_unverified(self, h, data, keep, end_word):
        """Purge off: the records of a failed frame for the channels in ``keep``, as decrypted
        without a tag check (what the seed's "alarm only" setting lets through)."""
        body = data[fmt.HEADER_LEN:-fmt.TAG_LEN]
        if not h.clear:
            body = self.aead.decrypt_unverified(self.keys.get(h.epoch), h.nonce, body)
        try:
            recs = fmt.parse_records(body, h.used, self.cfg.channels)
        except fmt.FormatError:
            return
        for r in recs:
            if (keep >> r.chan) & 1:
                self._record(r, end_word)

    def _record(self, r: Record, end_word):
        ch = r.chan
        if not (self.chan_enable >> ch) & 1:
            return
        exp = self.exp_seq[ch]
        self.exp_seq[ch] = (r.seq + 1) & 0xFFFFFFFF
        if exp is not None and r.seq != exp and self.partial[ch] is not None:
            self.chan["drops"][ch] += 1            # a piece of this client frame is missing
            self.partial[ch], self.skipping[ch] = None, True
        if r.sof:
            if self.partial[ch] is not None:
                self.chan["drops"][ch] += 1
            self.partial[ch], self.skipping[ch] = [r.data], False
        elif self.partial[ch] is None:
            if not self.skipping[ch]:
                self.chan["drops"][ch] += 1
                self.skipping[ch] = True
            return
        else:
            self.partial[ch].append(r.data)
        if r.eof:
            frame = b"".join(self.partial[ch])
            self.partial[ch] = None
            self.delivered[ch].append(frame)
            self.delivered_word[ch].append(end_word)
            self.chan["frames"][ch] += 1
            self.chan["bytes"][ch] += len(frame)


# --- lanes ----------------------------------------------------------------------------------------

def to_lanes(words: list[bytes], lanes: int, am_period: int) -> list[list[bytes]]:
    """Deal the words' 64-bit blocks round robin over ``lanes`` lanes; every ``am_period``-th block
    round (from round 0) is an alignment-marker round. The last round is filled with zero
    blocks."""
    blocks = [w[j:j + fmt.BLOCK] for w in words for j in range(0, fmt.WORD, fmt.BLOCK)]
    blocks += [bytes(fmt.BLOCK)] * (-len(blocks) % lanes)
    out: list[list[bytes]] = [[] for _ in range(lanes)]
    r = bi = am_seq = 0
    while bi < len(blocks):
        if r % am_period == 0:
            for lane in range(lanes):
                out[lane].append(fmt.am_block(lane, am_seq))
            am_seq += 1
        else:
            for lane in range(lanes):
                out[lane].append(blocks[bi + lane])
            bi += lanes
        r += 1
    return out


class LaneRx:
    """Lane alignment: find each physical lane's markers, name it by the marker's lane number,
    align all lanes on a common marker round (skew up to ``deskew_blocks``), drop the marker
    rounds and interleave the blocks back into words."""

    def __init__(self, cfg: LinkConfig):
        self.cfg = cfg
        self.locked = 0                       # logical lanes whose marker was found
        self.aligned = False
        self.lane_map: list[int] = []         # physical lane -> logical lane
        self.skew = 0                         # blocks between the earliest and latest lane
        self.counters = dict(am_errors=0, deskew_errors=0)

    def align(self, lanes: list[list[bytes]]) -> list[bytes]:
        L, P = self.cfg.lanes, self.cfg.am_period
        if len(lanes) != L:
            raise ValueError(f"{L} lanes expected")
        first = {}                             # logical lane -> (physical, index, am_seq)
        for p, blocks in enumerate(lanes):
            for idx, b in enumerate(blocks):
                m = fmt.parse_am(b)
                if m is not None and m[0] < L and m[0] not in first:
                    first[m[0]] = (p, idx, m[1])
                    self.locked |= 1 << m[0]
                    break
        if len(first) != L:
            return []
        seq0 = max(s for _, _, s in first.values())
        start = {}
        for lane, (p, idx, s) in first.items():
            start[lane] = (p, idx + (seq0 - s) * P)
        idxs = [i for _, i in start.values()]
        self.skew = max(idxs) - min(idxs)
        if self.skew > self.cfg.deskew_blocks:
            self.counters["deskew_errors"] += 1
            return []
        self.aligned = True
        self.lane_map = [0] * L
        for lane, (p, _) in start.items():
            self.lane_map[p] = lane
        streams = [lanes[start[lane][0]][start[lane][1]:] for lane in range(L)]
        rounds = min(len(s) for s in streams)
        blocks = []
        for r in range(rounds):
            if r % P == 0:
                for lane in range(L):
                    if fmt.parse_am(streams[lane][r]) != (lane, (seq0 + r // P) & 0xFFFF):
                        self.counters["am_errors"] += 1
                continue
            blocks.extend(streams[lane][r] for lane in range(L))
        nw = len(blocks) // fmt.BLOCKS_PER_WORD
        return [b"".join(blocks[i * 8:i * 8 + 8]) for i in range(nw)]


# --- fault injection ------------------------------------------------------------------------------

def frame_spans(words: list[bytes], frame_words: int) -> list[tuple[str, int, int]]:
    """(kind, first word, words) of every frame in a clean word stream."""
    out, i = [], 0
    while i < len(words):
        kind = fmt.word_kind(words[i])
        if kind == "data":
            out.append(("data", i, frame_words))
            i += frame_words
        elif kind == "sync":
            out.append(("sync", i, 1))
            i += 1
        else:
            i += 1
    return out


def _span(words, frame_words, n, kind=None):
    spans = [s for s in frame_spans(words, frame_words) if kind is None or s[0] == kind]
    return spans[n]


def flip_bit(words, word: int, bit: int) -> list[bytes]:
    """Flip bit ``bit`` (0 = msb of byte 0) of word ``word``."""
    out = list(words)
    w = bytearray(out[word])
    w[bit // 8] ^= 0x80 >> (bit % 8)
    out[word] = bytes(w)
    return out


def drop_frame(words, frame_words, n, kind="data"):
    """Remove the n-th frame of ``kind`` ("data" or "sync")."""
    _, s, k = _span(words, frame_words, n, kind)
    return words[:s] + words[s + k:]


def duplicate_frame(words, frame_words, n):
    _, s, k = _span(words, frame_words, n, "data")
    return words[:s + k] + words[s:s + k] + words[s + k:]


def swap_frames(words, frame_words, n):
    """Exchange the n-th and (n+1)-th data frames (they must be adjacent)."""
    _, s, k = _span(words, frame_words, n, "data")
    _, s2, k2 = _span(words, frame_words, n + 1, "data")
    if s2 != s + k:
        raise ValueError("frames not adjacent")
    return words[:s] + words[s2:s2 + k2] + words[s:s + k] + words[s2 + k2:]


def forge_frame(words, frame_words, n, rng: random.Random, chan_map: int | None = None):
    """Insert, before the n-th data frame, a frame with a valid-looking header (a copy of that
    frame's, same session, epoch and counter) and attacker-chosen payload and tag."""
    _, s, k = _span(words, frame_words, n, "data")
    h = FrameHeader.unpack(words[s])
    if chan_map is not None:
        h = FrameHeader("data", h.epoch, h.session, h.counter, h.frame_words, chan_map, h.used,
                        h.flags)
    body = h.pack() + rng.randbytes(fmt.WORD * frame_words - fmt.HEADER_LEN)
    return words[:s] + fmt.split_words(body) + words[s:]


def skew_lanes(lanes, delays, rng: random.Random | None = None):
    """Delay lane l by delays[l] blocks (filled with random blocks)."""
    rng = rng or random.Random(0)
    return [[rng.randbytes(fmt.BLOCK) for _ in range(d)] + list(b) for b, d in zip(lanes, delays)]


def reorder_lanes(lanes, perm):
    """Physical lane p carries logical lane perm[p]."""
    return [lanes[q] for q in perm]


# --- client egress --------------------------------------------------------------------------------

def egress(ready: list[tuple[float, int]], bps: float, ppm: float = 0.0, ipg: int = 12,
           min_ipg: int = 12, high_water: int = 4096) -> tuple[int, float]:
    """Send frames ``(time ready, bytes)`` to a client port of ``bps`` (+ppm) with preamble and an
    inter-packet gap of ``ipg`` bytes, shrunk to ``min_ipg`` while more than ``high_water``
    bytes wait. Returns (largest backlog in bytes, time the last frame ends)."""
    byte_t = 8 / (bps * (1 + ppm * 1e-6))
    t_free, worst = 0.0, 0
    waiting: deque = deque()
    level = 0
    for t, n in ready:
        while waiting and waiting[0][0] <= t:
            level -= waiting.popleft()[1]
        start = max(t, t_free)
        gap = min_ipg if level > high_water else ipg
        t_free = start + (8 + n + gap) * byte_t
        waiting.append((start, n))
        level += n
        worst = max(worst, level)
    return worst, t_free
