# SPDX-License-Identifier: Apache-2.0
"""The link encryptor's line format and system model (docs/link-format.md): round trips of
Ethernet traffic through transmitter -> lanes -> receiver, every fault class with exact counters,
key change under load, fairness, the rate budget, and the generated register outputs.

Tags are made and checked by linecrypt.oracles.aead (pycryptodome for AES, Botan for Serpent); one
test re-checks every transmitted frame with pyca/cryptography directly."""
from __future__ import annotations

import os
import random
import struct

import pytest

from linecrypt.link import format as fmt
from linecrypt.link import model as m
from linecrypt.link.traffic import eth_frame

SEED = int(os.environ.get("LINK_SEED", "2027"))


class Link:
    """A transmitter and receiver sharing keys, with the traffic pushed and a record of it."""

    def __init__(self, cfg: m.LinkConfig, seed=SEED, epochs=(1,)):
        self.cfg, self.rng = cfg, random.Random(seed)
        self.tx, self.rx = m.LinkTx(cfg), m.LinkRx(cfg)
        self.keys = {e: self.rng.randbytes(16) for e in epochs}
        for e, k in self.keys.items():
            self.tx.load_key(e, k)
            self.rx.load_key(e, k)
        self.tx.set_session(7)
        self.tx.switch_key(epochs[0])
        self.sent = [[] for _ in range(cfg.channels)]

    def push_random(self, n, lo=64, hi=9000, channels=None):
        chans = channels or range(self.cfg.channels)
        for _ in range(n):
            ch = self.rng.choice(list(chans))
            f = eth_frame(self.rng, self.rng.randint(lo, hi))
            assert self.tx.push(ch, f)
            self.sent[ch].append(f)

    def expected(self, accepted: set[int]) -> list[list[bytes]]:
        """Client frames all of whose records travelled in accepted data frames."""
        where: dict[tuple[int, int], set[int]] = {}
        for fr in self.tx.log:
            for ch, _, fid, *_ in fr.records:
                where.setdefault((ch, fid), set()).add(fr.counter)
        return [[f for fid, f in enumerate(self.sent[ch]) if where[(ch, fid)] <= accepted]
                for ch in range(self.cfg.channels)]

    def data_counters(self):
        return [fr.counter for fr in self.tx.log if fr.kind == "data"]


def small_cfg(**kw):
    base = dict(frame_words=32, sync_period=6, am_period=64, fifo_bytes=1 << 24)
    base.update(kw)
    return m.LinkConfig(**base)


def zero_errors(rx):
    return {k: v for k, v in rx.counters.items()
            if v and k not in ("rx_tdm_frames", "rx_sync_frames")}


# --- format ---------------------------------------------------------------------------------------

def test_header_layout_matches_struct():
    h = fmt.FrameHeader("data", epoch=0x1234, session=0xA1B2C3D4, counter=0x0102030405060708,
                        frame_words=256, chan_map=0x03FF, used=0x1F00, flags=fmt.FLAG_CLEAR)
    want = struct.pack(">4sBBHHHHHIQI", b"LCKD", 1, 1, 0x1234, 0x03FF, 0x1F00, 256, 0,
                       0xA1B2C3D4, 0x0102030405060708, 0)
    assert h.pack() == want and len(want) == fmt.HEADER_LEN
    assert fmt.FrameHeader.unpack(want) == h
    assert h.nonce == struct.pack(">IQ", 0xA1B2C3D4, 0x0102030405060708)
    b = fmt.SyncBody(next_epoch=5, sync_period=763, switch_counter=99, switch=True)
    assert b.pack() == struct.pack(">HBBIQ", 5, 1, 0, 763, 99)
    assert fmt.SyncBody.unpack(b.pack()) == b
    r = fmt.Record(chan=9, seq=0xDEADBEEF, data=b"abcdefghijk", sof=True, eof=False)
    assert r.pack() == struct.pack(">BBHI", 9, 1, 11, 0xDEADBEEF) + b"abcdefghijk" + bytes(5)
    assert fmt.parse_records(r.pack() + bytes(8), 24, 10) == [r]
    assert fmt.parse_am(fmt.am_block(7, 0x1234)) == (7, 0x1234)
    assert fmt.am_block(7, 0x1234) == bytes([0x4C, 0x41, 0x4D, 7, 0xF8, 0, 0x12, 0x34])
    with pytest.raises(fmt.FormatError):
        fmt.FrameHeader.unpack(b"LCKX" + want[4:])
    with pytest.raises(fmt.FormatError):
        fmt.parse_records(r.pack(), 16, 10)     # record longer than 'used'


def test_overhead_budget():
    assert fmt.default_sync_period(256) == 763
    o64, o1500, o9000 = (fmt.overhead(f) for f in (64, 1500, 9000))
    assert o64.fits and o1500.fits and not o9000.fits
    assert 0.996 < o64.line_efficiency < 0.997
    assert fmt.max_sustained_frame() == 1336
    assert fmt.overhead(1337).need > 1 > fmt.overhead(1336).need
    # 1500-byte frames need 1512 bytes of records: 8-byte header + 4 bytes padding
    assert o1500.record_bytes == 1512


# --- round trips --------------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["gcm", "ocb"])
def test_round_trip_through_skewed_reordered_lanes(mode):
    cfg = m.LinkConfig(mode=mode, sync_period=4, am_period=256, fifo_bytes=1 << 24)
    link = Link(cfg)
    link.push_random(250)
    words = link.tx.run()
    rng = link.rng
    lanes = m.to_lanes(words, cfg.lanes, cfg.am_period)
    delays = [rng.randrange(cfg.deskew_blocks + 1) for _ in range(cfg.lanes)]
    delays[rng.randrange(cfg.lanes)] = cfg.deskew_blocks     # >= 200 ns at 10 Gbit/s per lane
    perm = list(range(cfg.lanes))
    rng.shuffle(perm)
    lrx = m.LaneRx(cfg)
    got = lrx.align(m.reorder_lanes(m.skew_lanes(lanes, delays, rng), perm))
    assert lrx.aligned and lrx.skew == max(delays) - min(delays)
    assert [lrx.lane_map[p] for p in range(cfg.lanes)] == perm
    assert got == words and lrx.counters == dict(am_errors=0, deskew_errors=0)
    link.rx.receive(got)
    assert link.rx.delivered == link.sent
    assert zero_errors(link.rx) == {}
    assert link.rx.chan["frames"] == [len(s) for s in link.sent]
    assert link.rx.chan["bytes"] == [sum(map(len, s)) for s in link.sent]
    assert link.tx.chan["bytes"] == link.rx.chan["bytes"]
    assert link.rx.counters["rx_tdm_frames"] == link.tx.counters["tx_tdm_frames"]


def test_skew_beyond_deskew_buffer_is_refused():
    cfg = small_cfg()
    link = Link(cfg)
    link.push_random(20, hi=1500)
    lanes = m.to_lanes(link.tx.run(), cfg.lanes, cfg.am_period)
    lrx = m.LaneRx(cfg)
    assert lrx.align(m.skew_lanes(lanes, [0] * 9 + [cfg.deskew_blocks + 1])) == []
    assert lrx.counters["deskew_errors"] == 1 and not lrx.aligned


def test_serpent_ocb_round_trip(need_botan):
    cfg = small_cfg(mode="ocb", cipher="serpent", frame_words=16)
    link = Link(cfg)
    link.push_random(30, hi=2000)
    link.rx.receive(link.tx.run())
    assert link.rx.delivered == link.sent and zero_errors(link.rx) == {}


def test_every_frame_checks_with_pyca():
    """Each transmitted frame opened by pyca/cryptography's AESGCM (not via our oracle module):
    its records are the ones the transmitter logged."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    cfg = small_cfg()
    link = Link(cfg)
    link.push_random(40, hi=3000)
    words = link.tx.run()
    aes = AESGCM(link.keys[1])
    spans = m.frame_spans(words, cfg.frame_words)
    assert len(spans) == len(link.tx.log)
    for (kind, s, k), fr in zip(spans, link.tx.log):
        data = b"".join(words[s:s + k])
        h = fmt.FrameHeader.unpack(data)
        assert (h.kind, h.counter, h.session) == (kind, fr.counter, 7)
        hl = fmt.HEADER_LEN + (fmt.SYNC_BODY_LEN if kind == "sync" else 0)
        pt = aes.decrypt(h.nonce, data[hl:], data[:hl])
        if kind == "data":
            recs = fmt.parse_records(pt, h.used, cfg.channels)
            assert [(r.chan, r.seq, r.sof, r.eof) for r in recs] == \
                [(c, q, so, eo) for c, q, _, so, eo, _ in fr.records]


def test_encryption_off_is_clear_but_authenticated():
    cfg = small_cfg()
    link = Link(cfg)
    link.tx.encrypt = False
    link.push_random(12, hi=1500)
    words = link.tx.run()
    first = link.sent[link.tx.log[1].records[0][0]][0]
    assert first[:32] in b"".join(words)            # the payload is in clear
    s = m.frame_spans(words, cfg.frame_words)[1][1]
    link.rx.receive(m.flip_bit(words, s + 3, 77))
    assert link.rx.counters["auth_fail"] == 1
    assert link.rx.delivered == link.expected(set(link.rx.accepted))


# --- faults ---------------------------------------------------------------------------------------

def faulted(fault, cfg=None, n=60, **kw):
    cfg = cfg or small_cfg(**kw)
    link = Link(cfg)
    link.push_random(n, hi=4000)
    words = link.tx.run()
    link.rx.receive(fault(link, words))
    return link


def check_delivery(link, lost: set[int]):
    accepted = set(link.data_counters()) - lost
    assert set(link.rx.accepted) == accepted
    exp = link.expected(accepted)
    assert link.rx.delivered == exp
    return exp


def partial_drops(link, lost: set[int]):
    """Per channel: client frames with records both in a lost frame and in an accepted one."""
    where: dict = {}
    for fr in link.tx.log:
        for ch, _, fid, *_ in fr.records:
            where.setdefault((ch, fid), set()).add(fr.counter)
    out = [0] * link.cfg.channels
    for (ch, _), cs in where.items():
        if cs & lost and cs - lost:
            out[ch] += 1
    return out


def chans_of(link, counter):
    fr = next(f for f in link.tx.log if f.counter == counter)
    return {c for c, *_ in fr.records}


def test_bit_flip_in_payload_purges_the_frame():
    cfg = small_cfg()
    pick = {}

    def fault(link, words):
        kind, s, k = m.frame_spans(words, cfg.frame_words)[3]
        assert kind == "data"
        pick["c"] = fmt.FrameHeader.unpack(words[s]).counter
        return m.flip_bit(words, s + 5, 300)
    link = faulted(fault, cfg)
    c = pick["c"]
    rx = link.rx
    assert zero_errors(rx) == dict(auth_fail=1, purged_frames=1)
    chans = chans_of(link, c)
    assert rx.alarm == sum(1 << ch for ch in chans)
    assert rx.chan["auth_fail"] == rx.chan["purged"] == [int(ch in chans) for ch in range(10)]
    check_delivery(link, {c})
    assert rx.chan["drops"] == partial_drops(link, {c})
    assert rx.state == m.SYNC


@pytest.mark.parametrize("where", ["header_counter", "tag", "magic"])
def test_bit_flip_elsewhere(where):
    cfg = small_cfg()
    pick = {}

    def fault(link, words):
        _, s, k = m.frame_spans(words, cfg.frame_words)[4]
        pick["c"] = fmt.FrameHeader.unpack(words[s]).counter
        if where == "header_counter":
            return m.flip_bit(words, s, 8 * 27 + 7)
        if where == "tag":
            return m.flip_bit(words, s + k - 1, 8 * 63)
        return m.flip_bit(words, s, 2)
    link = faulted(fault, cfg)
    c = pick["c"]
    if where == "magic":
        # the frame's K words start no frame: one header error, the next frame is counted
        # as a gap of one
        assert zero_errors(link.rx) == dict(hdr_errors=1, frames_missing=1)
    else:
        assert zero_errors(link.rx) == dict(auth_fail=1, purged_frames=1)
    check_delivery(link, {c})


def test_dropped_duplicated_reordered_frames():
    cfg = small_cfg()
    link = faulted(lambda l, w: m.drop_frame(w, cfg.frame_words, 5), cfg)
    c = link.data_counters()[5]
    assert zero_errors(link.rx) == dict(frames_missing=1)
    check_delivery(link, {c})
    assert link.rx.chan["drops"] == partial_drops(link, {c})

    link = faulted(lambda l, w: m.duplicate_frame(w, cfg.frame_words, 5), cfg)
    assert zero_errors(link.rx) == dict(replay_drops=1)
    assert link.rx.delivered == link.sent

    link = faulted(lambda l, w: m.swap_frames(w, cfg.frame_words, 2), cfg)
    c = link.data_counters()[2]           # arrives after its successor: stale
    assert zero_errors(link.rx) == dict(frames_missing=1, replay_drops=1)
    check_delivery(link, {c})


def test_lost_sync_frame_loses_nothing():
    cfg = small_cfg()
    link = faulted(lambda l, w: m.drop_frame(w, cfg.frame_words, 2, kind="sync"), cfg)
    assert zero_errors(link.rx) == dict(frames_missing=1, sync_missed=1)
    assert link.rx.delivered == link.sent


def test_forged_frame_with_valid_header():
    cfg = small_cfg()
    evil = random.Random(666)
    link = faulted(lambda l, w: m.forge_frame(w, cfg.frame_words, 4, evil, chan_map=0b100),
                   cfg)
    # the forgery fails, the genuine frame with the same counter follows and is accepted
    assert zero_errors(link.rx) == dict(auth_fail=1, purged_frames=1)
    assert link.rx.alarm == 0b100 and link.rx.chan["purged"][2] == 1
    assert link.rx.delivered == link.sent


def test_purge_off_lets_the_corrupted_record_through():
    """The same bit flip with PURGE_EN clear for the channel: the alarm rises and the client gets
    the corrupted frame; with purge on (other tests) it never does."""
    cfg = small_cfg()
    link = Link(cfg)
    link.push_random(30, hi=1500)
    words = link.tx.run()
    fr = next(f for f in link.tx.log if f.kind == "data" and f.records)
    ch, _, fid, sof, eof, _ = fr.records[0]
    assert sof
    link.rx.purge = 0
    _, s, _ = next(x for x in m.frame_spans(words, cfg.frame_words)
                   if fmt.FrameHeader.unpack(words[x[1]]).counter == fr.counter)
    bit = 8 * (fmt.HEADER_LEN + fmt.RECORD_HEADER_LEN + 20)      # byte 20 of the client frame
    link.rx.receive(m.flip_bit(words, s + bit // 512, bit % 512))
    assert zero_errors(link.rx) == dict(auth_fail=1)
    assert link.rx.alarm >> ch & 1 and link.rx.chan["purged"] == [0] * 10
    got = link.rx.delivered[ch][fid]
    want = bytearray(link.sent[ch][fid])
    want[20] ^= 0x80
    assert got == bytes(want)                  # GCM: the flipped ciphertext bit, in clear


def test_sync_loss_and_recovery_within_one_sync_period():
    cfg = small_cfg(los_threshold=3)
    link = Link(cfg)
    link.push_random(120, hi=3000)
    words = link.tx.run()
    spans = m.frame_spans(words, cfg.frame_words)
    data_idx = [i for i, s in enumerate(spans) if s[0] == "data"]
    bad = data_idx[8:12]                       # four data frames corrupted in a row
    for i in bad:
        words = m.flip_bit(words, spans[i][1] + 1, 9)
    link.rx.receive(words)
    rx = link.rx
    assert rx.counters["sync_loss"] == 1 and rx.counters["auth_fail"] == 3
    # after the third failure the receiver hunts: the fourth bad frame and the good ones up to
    # the next sync frame are skipped; it locks again on that sync frame
    first_bad = spans[bad[0]]
    counters = [fmt.FrameHeader.unpack(words[s[1]]).counter for s in spans]
    resync = next(i for i in range(bad[2] + 1, len(spans)) if spans[i][0] == "sync")
    assert resync - bad[2] <= cfg.sync_period + 1
    skipped = {counters[i] for i in range(bad[2] + 1, resync) if spans[i][0] == "data"}
    assert rx.counters["hunt_skipped"] == len(skipped)
    lost = {counters[i] for i in bad[:3]} | skipped
    check_delivery(link, lost)
    assert rx.state == m.SYNC and first_bad


def test_cold_start_mid_stream():
    cfg = small_cfg()
    link = Link(cfg)
    link.push_random(60, hi=3000)
    words = link.tx.run()
    spans = m.frame_spans(words, cfg.frame_words)
    start = spans[3][1]
    link.rx.receive(words[start:])
    counters = [fmt.FrameHeader.unpack(words[s[1]]).counter for s in spans]
    sync_at = next(i for i in range(3, len(spans)) if spans[i][0] == "sync")
    skipped = {counters[i] for i in range(3, sync_at) if spans[i][0] == "data"}
    before = {counters[i] for i in range(3) if spans[i][0] == "data"}
    assert link.rx.counters["hunt_skipped"] == len(skipped)
    check_delivery(link, skipped | before)


def test_words_arrive_in_pieces():
    cfg = small_cfg()
    link = Link(cfg)
    link.push_random(40, hi=3000)
    words = link.tx.run()
    rng = random.Random(SEED)
    i = 0
    while i < len(words):
        n = rng.randint(1, 70)
        link.rx.receive(words[i:i + n])
        i += n
    assert link.rx.delivered == link.sent and zero_errors(link.rx) == {}


def test_replayed_old_session_is_refused():
    cfg = small_cfg()
    link = Link(cfg)
    link.push_random(10, hi=1500)
    old = link.tx.run()
    with pytest.raises(m.LinkError):
        link.tx.set_session(7)                 # not above the last session: refused
    link.tx.set_session(8)
    link.push_random(10, hi=1500)
    new = link.tx.run()
    link.rx.receive(new + old)                 # the old session's frames replayed after
    assert link.rx.session == 8
    assert link.rx.counters["replay_drops"] == len(link.tx.log) - len(m.frame_spans(new, 32))
    assert link.rx.counters["auth_fail"] == 0


# --- keys -------------------------------------------------------------------------------------------

def test_key_change_under_load_loses_nothing():
    cfg = small_cfg()
    link = Link(cfg, epochs=(1, 2))
    rx = link.rx
    words = []
    for step in range(6):
        link.push_random(25, hi=4000)
        if step == 2:
            link.tx.switch_key(2)
        w = link.tx.run()
        rx.receive(w)
        words += w
        if step == 2:
            assert rx.next_epoch == 2 and not rx.next_key_missing
    assert rx.delivered == link.sent and zero_errors(rx) == {"rx_key_switches": 1}
    assert rx.epoch == 2 and link.tx.counters["tx_key_switches"] == 1
    epochs = [fr.epoch for fr in link.tx.log if fr.kind == "data"]
    assert epochs == sorted(epochs) and epochs[0] == 1 and epochs[-1] == 2
    # the same line without the new key at the receiver: every frame after the switch fails
    rx2 = m.LinkRx(cfg)
    rx2.load_key(1, link.keys[1])
    rx2.receive(words)
    assert rx2.counters["auth_fail"] > 0 and rx2.delivered != link.sent


def test_key_switch_survives_lost_announcement():
    cfg = small_cfg()
    link = Link(cfg, epochs=(1, 2))
    link.push_random(20, hi=3000)
    w1 = link.tx.run()
    link.tx.switch_key(2)
    link.push_random(20, hi=3000)
    w2 = link.tx.run()
    w2 = m.drop_frame(w2, cfg.frame_words, 0, kind="sync")   # the announcing sync frame
    link.rx.receive(w1 + w2)
    assert link.rx.delivered == link.sent and link.rx.epoch == 2
    assert zero_errors(link.rx) == dict(frames_missing=1, sync_missed=1, rx_key_switches=1)


# --- scheduling and rates ------------------------------------------------------------------------

def test_burst_does_not_starve_other_channels():
    cfg = small_cfg(channels=3, shares=(1024, 1024, 1024))
    link = Link(cfg)
    for _ in range(200):                       # 1.8 MB burst on channel 0
        f = link.rng.randbytes(9000)
        link.tx.push(0, f)
        link.sent[0].append(f)
    small = [link.rng.randbytes(64) for _ in range(8)]
    for f in small:
        link.tx.push(1, f)
    link.sent[1] += small
    link.tx.run()
    first = {}
    for fr in link.tx.log:
        for ch, _, fid, _, eof, _ in fr.records:
            if ch == 1 and eof:
                first[fid] = fr.counter
    assert len(first) == 8 and max(first.values()) <= 2     # all out in the first data frames


def test_shares_set_the_ratio_of_backlogged_channels():
    cfg = small_cfg(channels=2, shares=(3072, 1024), frame_words=64)
    link = Link(cfg)
    for ch in (0, 1):
        for _ in range(300):
            link.tx.push(ch, link.rng.randbytes(1500))
    link.tx.run()
    data = [fr for fr in link.tx.log if fr.kind == "data"][:40]   # both still backlogged
    byt = [0, 0]
    for fr in data:
        for ch, *_, n in fr.records:
            byt[ch] += n
    assert 2.7 < byt[0] / byt[1] < 3.3


def run_rate(frame, channels=10, dur=3e-4, ppm=100.0):
    cfg = m.LinkConfig(channels=channels, line_ppm=-ppm, shares=(1024,) * channels,
                       fifo_bytes=32768)
    tx = m.LinkTx(cfg)
    tx.load_key(1, bytes(16))
    tx.set_session(1)
    tx.switch_key(1)
    ft = (frame + fmt.ETH_WIRE_EXTRA) * 8 / (10e9 * (1 + ppm * 1e-6))
    arr = sorted((k * ft + ch * ft / channels, ch) for ch in range(channels)
                 for k in range(1, int(dur / ft)))
    step, now, i, data = cfg.frame_words * cfg.word_time, 0.0, 0, bytes(frame)
    while i < len(arr):
        now += step
        while i < len(arr) and arr[i][0] <= now:
            tx.push(arr[i][1], data, arr[i][0])
            i += 1
        tx.run(until=now)
    return tx


@pytest.mark.parametrize("frame", [64, 1500])
def test_ten_clients_at_full_rate_fit(frame):
    """10 clients at 10 Gbit/s + 100 ppm back to back, the line 100 ppm slow: nothing dropped,
    the ingress buffers stay within a few frames."""
    tx = run_rate(frame)
    assert tx.chan["drops"] == [0] * 10
    assert max(tx.fifo_max) <= 3 * max(frame, 1024)
    assert tx.counters["tx_idle_words"] > 0     # the line has room to spare: gaps between frames


def test_eleven_clients_do_not_fit():
    tx = run_rate(1500, channels=11, dur=4e-4)
    assert sum(tx.chan["drops"]) > 0


def test_egress_absorbs_ppm_by_shrinking_the_gap():
    # frames arriving at the rate of a +100 ppm client, sent to a -100 ppm client port
    ft = 1520 * 8 / (10e9 * 1.0001)
    ready = [(k * ft, 1500) for k in range(100000)]
    fixed, _ = m.egress(ready, 10e9, -100, ipg=12, min_ipg=12)
    shrink, _ = m.egress(ready, 10e9, -100, ipg=12, min_ipg=9)
    assert shrink <= 4096 + 2 * 1500 < 20000 < fixed


# --- registers ---------------------------------------------------------------------------------------

def test_generated_register_outputs_are_fresh():
    from linecrypt.link import regs
    assert regs.stale() == []


def test_register_map_covers_the_model():
    from linecrypt.link import regmap
    R = regmap.REGS
    assert R["ID"]["fields"]["id"][3] == int.from_bytes(b"LCLK", "big")
    assert R["SYNC_PERIOD"]["fields"]["frames"][3] == fmt.default_sync_period(256)
    assert all(R[f"KEY_DATA[{i}]"]["fields"]["data"][2].startswith("w") for i in range(8))
    rx, tx = m.LinkRx(m.LinkConfig()), m.LinkTx(m.LinkConfig())
    names = set(rx.counters) | set(tx.counters) - {"session_errors"}
    names |= {"am_errors", "deskew_errors"}
    assert {n.upper() for n in names} <= set(R)
    for side, keys in (("tx", tx.chan), ("rx", rx.chan)):
        for k in keys:
            reg = k if k in ("auth_fail", "purged") else f"{side}_{k}"
            assert f"CHAN[9].{reg}" in R
