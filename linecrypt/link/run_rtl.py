# SPDX-License-Identifier: Apache-2.0
"""`linecrypt link --backend rtl`: the traffic and faults of run.run_model through the whole link
in RTL (ip/link/tb/link_system_tb.v in Verilator, driven by ip/link/tb/cocotb_link_cli.py), and
the same summary.

One build per (cipher, channels, frame words): --channels 4 --frame-words 8 is the build of
ip/link/tb/test_link_system.py (same top, sources and parameters, so the same cached build
directory); any other N and K builds its own (about 15 minutes for a new build). L = 10 lanes with
the fixture's fixed skews (0..32 blocks) and lane permutation; gcm-aes (MODE 0, CIPHER 0) or
ocb-serpent (MODE 1, CIPHER 1). The bench forwards the transmitter's line words to the lane layer
and applies the faults there (flip, drop, dup, forge a data frame; lose a sync frame); the lane
skew is always the fixture's, so `--fault skew` adds nothing to it.

Times are line clocks (5 ns, one 512-bit word per clock): latency runs from the clock a client
port samples a frame's last beat to the clock the receiving client takes its last beat."""
from __future__ import annotations

import json
import os
import random
import sys
import tempfile
from pathlib import Path

from linecrypt import ROOT
from linecrypt.link import format as fmt
from linecrypt.link import model as m
from linecrypt.link import traffic
from linecrypt.link.run import CIPHERS, LinkRun

CHANNELS, FRAME_WORDS = 4, 8    # the build ip/link/tb/test_link_system.py shares
BUILDS = {"gcm-aes": (0, 0), "ocb-serpent": (1, 1)}           # --cipher -> (MODE, CIPHER)
FAULTS = (None, "flip", "drop", "dup", "forge", "lose-sync", "skew")
SKEW_SPREAD = 32                 # link_system_tb's SKEW default: lanes 0..32 blocks apart


def params(cipher: str, channels: int = CHANNELS, frame_words: int = FRAME_WORDS) -> dict:
    """link_system_tb parameters; the defaults are exactly those of ip/link/tb/test_link_system.py."""
    mode, c = BUILDS[cipher]
    return {"N": channels, "K": frame_words, "L": 10, "MODE": mode, "CIPHER": c}


def unsupported(opts: LinkRun) -> str | None:
    """Why the RTL back end cannot run ``opts`` (one line), or None."""
    if opts.cipher not in BUILDS:
        return f"--backend rtl: no link system build for --cipher {opts.cipher}"
    if opts.fault not in FAULTS:
        return f"--backend rtl: --fault {opts.fault} is not supported (the bench keeps frame order)"
    return None


def _plan(rng: random.Random, fault: str | None, rate: float, bound: int):
    """Data frame faults {index: kind} and lost sync frames, each frame hit with probability
    ``rate``, over the first ``bound`` frames (more than the run emits)."""
    if fault in ("flip", "drop", "dup", "forge"):
        return {n: fault for n in range(bound) if rng.random() < rate}, []
    if fault == "lose-sync":
        return {}, [n for n in range(bound) if rng.random() < rate]
    return {}, []


def run_rtl(opts: LinkRun) -> dict:
    from linecrypt.designs import sources_for
    from linecrypt.host.sim import build_dir, cxx_opt, run_cocotb

    mode, cipher = CIPHERS[opts.cipher]
    rng = random.Random(opts.seed)
    n, k = opts.channels, opts.frame_words
    sync_period = opts.sync_period or fmt.default_sync_period(k)
    cfg = m.LinkConfig(mode=mode, cipher=cipher, channels=n, frame_words=k,
                       sync_period=sync_period)
    if opts.pcap:
        frames = traffic.from_pcap(opts.pcap, n)
    else:
        frames = traffic.generated(rng, opts.frames, n, **traffic.sizes_arg(opts.frame_bytes))
    key = rng.randbytes(16)
    payload = fmt.payload_capacity(k)
    bound = 4 * (sum(len(f) + 8 for _, f in frames) // payload + len(frames)) + 64
    plan, sync_plan = _plan(rng, opts.fault, opts.fault_rate, bound)

    p = params(opts.cipher, n, k)
    bdir = build_dir("link_system_tb", p, opt=cxx_opt())   # the directory run_cocotb builds in
    bdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="link-cli-", dir=bdir) as tmp:
        job, res, log = Path(tmp) / "job.json", Path(tmp) / "result.json", bdir / f"link-cli-{os.getpid()}.log"
        job.write_text(json.dumps({
            "frames": [(ch, f.hex()) for ch, f in frames], "key": key.hex(),
            "plan": {str(n): k for n, k in plan.items()}, "sync_plan": sync_plan,
            "flush_words": cfg.flush_words, "quiet_clocks": 2000 + 4 * cfg.flush_words,
            "result": str(res)}))
        tb = str(ROOT / "ip/link/tb")
        if tb not in sys.path:          # the runner hands sys.path to the simulator's Python
            sys.path.insert(0, tb)
        # the build and the simulator write to fds 1 and 2: into the log, so stdout stays the summary
        sys.stdout.flush()
        sys.stderr.flush()
        saved = os.dup(1), os.dup(2)
        try:
            with open(log, "w") as f:
                os.dup2(f.fileno(), 1)
                os.dup2(f.fileno(), 2)
                run_cocotb("link_system_tb", sources_for("link_tx") +
                           [ROOT / "ip/link/tb/link_system_tb.v"], p, "cocotb_link_cli",
                           testcase="link_cli_run", tb_params={"job": str(job),
                                                               "sync_period": sync_period},
                           extra_env={"LINK_SEED": str(opts.seed)})
        except Exception as e:
            why = (str(e).splitlines() or [type(e).__name__])[0]
            raise RuntimeError(f"link system simulation failed ({why}); see {log}") from None
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
        r = json.loads(res.read_text())

    sent = [[] for _ in range(n)]
    for ch, f in frames:
        sent[ch].append(f)
    mismatched, latency = 0, []
    for ch in range(n):
        i = 0                            # delivered frames must be a subsequence of the sent ones
        for fhex, t_out in zip(r["delivered"][ch], r["t_got"][ch]):
            f = bytes.fromhex(fhex)
            while i < len(sent[ch]) and sent[ch][i] != f:
                i += 1
            if i == len(sent[ch]):
                mismatched += 1
                continue
            latency.append(t_out - r["t_sent"][ch][i])
            i += 1
    ev = r["events"]
    out = sum(map(len, r["delivered"]))
    delivered_bytes = sum(len(f) // 2 for d in r["delivered"] for f in d)
    if opts.fault == "skew":
        hits = SKEW_SPREAD
    elif opts.fault == "lose-sync":
        hits = sum(n < r["sync_frames_seen"] for n in sync_plan)
    else:
        hits = r["data_hits"]
    return {
        "backend": "rtl",
        "cipher": opts.cipher,
        "channels": n,
        "frame_words": k,
        "frame_bytes": opts.frame_bytes,
        "sync_period": sync_period,
        "fault": opts.fault,
        "fault_rate": opts.fault_rate if opts.fault else 0.0,
        "faults_injected": hits,
        "seed": opts.seed,
        "frames_in": len(frames),
        "frames_out": out,
        "frames_mismatched": mismatched,
        "frames_lost": len(frames) - out + mismatched,
        "auth_failures": ev["rx_ev_auth_fail"],
        "purged": ev["rx_ev_purged_frame"],
        "sync_losses": ev["rx_ev_sync_loss"],
        "rx_counters": r["rx_counters"],
        "lane_counters": {"am_errors": ev["ev_am_err"], "lanes_aligned": r["lanes_aligned"]},
        "tx_drops": ev["tx_ev_drop"],
        "rx_overflows": ev["rx_ev_overflow"],
        "rx_matches_model": r["rx_model_agrees"],
        "line_words": r["line_words"],
        "line_bits_per_cycle": round(8 * delivered_bytes / max(1, r["line_words"]), 2),
        "latency_cycles": {"min": round(min(latency, default=0)), "mean": round(
            sum(latency) / len(latency)) if latency else 0, "max": round(max(latency, default=0))},
    }
