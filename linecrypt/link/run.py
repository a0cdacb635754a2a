# SPDX-License-Identifier: Apache-2.0
"""`linecrypt link`: client traffic through transmitter -> line (faults) -> lanes -> receiver, and
the summary the CLI prints (../shared/CLI.md, "The link encryptor").

The run is timed: every client sends its frames back to back at 10 Gbit/s, the transmitter emits
one word per line-word slot (idle words in the gaps), so the latency of each client frame is the
line words from its arrival to the end of the data frame that completes it at the receiver."""
from __future__ import annotations

import random
from dataclasses import dataclass

from linecrypt.link import format as fmt
from linecrypt.link import model as m
from linecrypt.link import traffic

FAULTS = ("flip", "drop", "dup", "reorder", "skew", "forge", "lose-sync")
CIPHERS = {"gcm-aes": ("gcm", "aes"), "ocb-serpent": ("ocb", "serpent")}


@dataclass
class LinkRun:
    cipher: str = "gcm-aes"
    channels: int = 10
    frames: int = 200                  # generated client frames (without a pcap)
    frame_words: int = 64              # K
    sync_period: int | None = None     # data frames between sync frames (default: ~1 ms of line)
    fault: str | None = None
    fault_rate: float = 0.05
    seed: int = 1
    pcap: str | None = None
    frame_bytes: int | None = None     # every generated client frame this size (None: the mix)


def _faulty(words, cfg, fault, rate, rng):
    """Apply ``fault`` to a fraction ``rate`` of the data (sync: lose-sync) frames; returns the
    words and how many frames were hit."""
    K, hits = cfg.frame_words, 0
    if fault in (None, "skew"):
        return words, 0
    kind = "sync" if fault == "lose-sync" else "data"
    spans = [s for s in m.frame_spans(words, K) if s[0] == kind]
    chosen = sorted((i for i in range(len(spans)) if rng.random() < rate), reverse=True)
    for n in chosen:                    # from the end, so earlier spans keep their positions
        _, s, k = spans[n]
        if fault == "flip":
            words = m.flip_bit(words, s + rng.randrange(k), rng.randrange(fmt.WORD * 8))
        elif fault in ("drop", "lose-sync"):
            words = m.drop_frame(words, K, n, kind)
        elif fault == "dup":
            words = m.duplicate_frame(words, K, n)
        elif fault == "reorder":
            if n + 1 >= len(spans) or spans[n + 1][1] != s + k:
                continue
            words = m.swap_frames(words, K, n)
        elif fault == "forge":
            words = m.forge_frame(words, K, n, rng)
        hits += 1
    return words, hits


def run_model(opts: LinkRun) -> dict:
    mode, cipher = CIPHERS[opts.cipher]
    rng = random.Random(opts.seed)
    kw = dict(mode=mode, cipher=cipher, channels=opts.channels, frame_words=opts.frame_words,
              am_period=1024, fifo_bytes=1 << 24)
    kw["sync_period"] = opts.sync_period or fmt.default_sync_period(opts.frame_words)
    cfg = m.LinkConfig(**kw)
    if opts.pcap:
        frames = traffic.from_pcap(opts.pcap, cfg.channels)
    else:
        frames = traffic.generated(rng, opts.frames, cfg.channels, **traffic.sizes_arg(opts.frame_bytes))
    times = traffic.arrivals(frames, cfg.channels)

    tx, rx = m.LinkTx(cfg), m.LinkRx(cfg)
    key = rng.randbytes(16)
    tx.load_key(1, key)
    rx.load_key(1, key)
    tx.set_session(1)
    tx.switch_key(1)
    sent = [[] for _ in range(cfg.channels)]
    arrive = [[] for _ in range(cfg.channels)]
    for (ch, f), t in zip(frames, times):
        tx.push(ch, f, t)
        sent[ch].append(f)
        arrive[ch].append(t)
    end = max(times, default=0.0) + 2 * cfg.flush_words * cfg.word_time
    words = tx.run(until=end) + tx.run()
    words += [fmt.IDLE_WORD] * cfg.frame_words     # so the receiver sees the last frame end

    words, hits = _faulty(words, cfg, opts.fault, opts.fault_rate, rng)
    lanes = m.to_lanes(words, cfg.lanes, cfg.am_period)
    if opts.fault == "skew":
        delays = [rng.randrange(cfg.deskew_blocks + 1) for _ in range(cfg.lanes)]
        perm = list(range(cfg.lanes))
        rng.shuffle(perm)
        lanes = m.reorder_lanes(m.skew_lanes(lanes, delays, rng), perm)
        hits = max(delays) - min(delays)
    lrx = m.LaneRx(cfg)
    rx.receive(lrx.align(lanes))

    mismatched, latency = 0, []
    for ch in range(cfg.channels):
        i = 0                            # delivered frames must be a subsequence of the sent ones
        for f, wend in zip(rx.delivered[ch], rx.delivered_word[ch]):
            while i < len(sent[ch]) and sent[ch][i] != f:
                i += 1
            if i == len(sent[ch]):
                mismatched += 1
                continue
            latency.append(wend - arrive[ch][i] / cfg.word_time)
            i += 1
    out = sum(len(d) for d in rx.delivered)
    delivered_bytes = sum(map(len, (f for d in rx.delivered for f in d)))
    return {
        "backend": "model",
        "cipher": opts.cipher,
        "channels": cfg.channels,
        "frame_words": cfg.frame_words,
        "sync_period": cfg.sync_period,
        "fault": opts.fault,
        "fault_rate": opts.fault_rate if opts.fault else 0.0,
        "faults_injected": hits,
        "seed": opts.seed,
        "frames_in": len(frames),
        "frames_out": out,
        "frames_mismatched": mismatched,
        "frames_lost": len(frames) - out + mismatched,
        "auth_failures": rx.counters["auth_fail"],
        "purged": rx.counters["purged_frames"],
        "sync_losses": rx.counters["sync_loss"],
        "rx_counters": dict(rx.counters),
        "lane_counters": dict(lrx.counters),
        "line_words": len(words),
        "line_bits_per_cycle": round(8 * delivered_bytes / max(1, len(words)), 2),
        "latency_cycles": {"min": round(min(latency, default=0)), "mean": round(
            sum(latency) / len(latency)) if latency else 0, "max": round(max(latency, default=0))},
    }


def verdict(r: dict) -> bool:
    """What the faults allow: nothing corrupted delivered, and without faults everything."""
    if r["frames_mismatched"]:
        return False
    if r["fault"] in (None, "skew", "lose-sync", "dup"):
        return r["frames_out"] == r["frames_in"]
    return True


def format_text(r: dict) -> str:
    lat = r["latency_cycles"]
    return "\n".join([
        f"link ({r['backend']}, {r['cipher']}, {r['channels']} channels, K={r['frame_words']}, "
        f"fault {r['fault'] or 'none'}" + (f" x{r['faults_injected']}" if r["fault"] else "") + ")",
        f"  client frames in {r['frames_in']}, out {r['frames_out']}, mismatched "
        f"{r['frames_mismatched']}, lost {r['frames_lost']}",
        f"  auth failures {r['auth_failures']}, purged {r['purged']}, sync losses "
        f"{r['sync_losses']}",
        f"  line {r['line_words']} words, client bits per cycle {r['line_bits_per_cycle']}, "
        f"latency {lat['min']}/{lat['mean']}/{lat['max']} cycles (min/mean/max)",
    ])
