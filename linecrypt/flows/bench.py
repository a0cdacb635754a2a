# SPDX-License-Identifier: Apache-2.0
"""`linecrypt bench`: sustained throughput of a core in Verilator simulation.

Block cores: messages of 64, 576, 1500 and 9000 bytes are streamed back to back with the output
always ready and the key slot changing on every message; the harness counts clock cycles.
Authenticated-encryption engines (:func:`run_engine`): messages of 16..9000 bytes with and
without associated data, streamed flat out through the engine's message interface, every output
checked against the golden model. Throughput in Gbit/s at the ECP5 Fmax combines this with the
committed synthesis result of the design.
"""
from __future__ import annotations

import json
import os

from linecrypt.designs import lookup
from linecrypt.flows.synth import RESULTS
from linecrypt.host.aead_device import OK, AeadDevice, DeviceError, is_engine
from linecrypt.host.rtl_device import BlockDevice

SIZES = (64, 576, 1500, 9000)


def run(name: str, total_bytes: int = 1 << 20) -> dict:
    d = lookup(name)
    if is_engine(d):
        return run_engine(name)
    bb = d.block_bits // 8
    res = {"design": name, "bits_per_block": d.block_bits, "messages": [],
           "harness_params": d.harness_params,
           "load_average": round(os.getloadavg()[0], 2)}   # simulation speed depends on it
    with BlockDevice(d) as dev:
        for slot in (0, 1):
            dev.load_key(slot, bytes(range(slot, slot + d.key_bits // 8)))
        for size in SIZES:
            blocks = -(-size // bb)
            msgs = max(8, total_bytes // size)
            r = dev.bench(msgs, blocks)
            res["messages"].append({
                "bytes": size,
                "blocks": blocks,
                "count": msgs,
                "bits_per_cycle": round(msgs * blocks * d.block_bits / r["total_cycles"], 3),
                "cycles_per_message": round(r["sum_message_cycles"] / msgs, 2),
                "max_cycles_per_message": r["max_message_cycles"],
                "sim_blocks_per_second": round(msgs * blocks / (r["wall_ns"] * 1e-9)),
            })
    res["bits_per_cycle"] = min(m["bits_per_cycle"] for m in res["messages"])
    synth_json = RESULTS / f"{name}.json"
    if synth_json.exists():
        s = json.loads(synth_json.read_text())
        res["fmax_mhz"] = s["fmax_mhz"]
        res["gbps_at_fmax"] = round(res["bits_per_cycle"] * s["fmax_mhz"] / 1000.0, 2)
    res["command"] = f"linecrypt bench --design {name} --json"
    return res


# Authenticated-encryption engines: messages of these sizes, each with no AD and with 16 bytes
# of AD (a header), 12-byte nonces, 16-byte tags. The headline bits_per_cycle is the 1500-byte,
# 16-byte-AD run in the engine's first direction (encrypt; decrypt for an OCB decrypt engine).
ENGINE_SIZES = (16, 64, 576, 1500, 9000)
ENGINE_AD = (0, 16)
HEADLINE = {"bytes": 1500, "ad_bytes": 16}
TEMPLATES = 4           # distinct messages (nonce, data, key slot 0/1 alternating) cycled through


def _model_cipher(d, key: bytes):
    if d.cipher == "serpent":
        from linecrypt.models.serpent import Serpent
        return Serpent(key)
    from linecrypt.models.aes import AES
    return AES(key)


def run_engine(name: str, sizes=ENGINE_SIZES, ad_sizes=ENGINE_AD, total_bytes: int = 1 << 17,
               min_count: int = 32, max_count: int = 512) -> dict:
    """Bench an engine design point: for each direction, AD size and message size, ``count``
    messages back to back (descriptors and data always valid, output and status always ready),
    cycling through TEMPLATES distinct messages whose outputs are checked against the golden
    model. Per run:

    - ``cycles_per_message``: the steady-state interval between consecutive messages' status
      words (mean over the second half of the run): what each message costs in a stream;
    - ``bits_per_cycle``: message bits / cycles_per_message (AD and tag not counted);
    - ``ideal_cycles`` = ceil(bytes / (16 * LANES)) and ``overhead_cycles`` = cycles_per_message
      - ideal_cycles; ``ideal_cycles_all_parts`` also counts the AD beats and (decryption) the
      tag beat, ``overhead_cycles_all_parts`` against it;
    - ``latency_cycles``: first data beat accepted .. status word, inclusive, under that load
      (mean over the second half, and the maximum over the run: it includes the wait behind
      earlier messages); ``latency_cycles_idle`` the same for one message into an idle engine.
    """
    import random
    from linecrypt.models import gcm, ocb

    d = lookup(name)
    p = d.harness_params
    lanes, beat = p["LANES"], 16 * p["LANES"]
    is_gcm = d.top == "gcm_engine"
    impl = gcm if is_gcm else ocb
    directions = ("encrypt", "decrypt") if is_gcm else (("decrypt",) if p.get("DECRYPT") else ("encrypt",))
    rng = random.Random(f"bench {name}")
    keys = [rng.randbytes(d.key_bits // 8) for _ in range(2)]
    ciphers = [_model_cipher(d, k) for k in keys]
    res = {"design": name, "engine": "gcm" if is_gcm else "ocb", "lanes": lanes,
           "peak_bits_per_cycle": d.bits_per_cycle, "harness_params": p,
           "nonce_bytes": 12, "tag_bytes": 16, "sizes": list(sizes), "ad_sizes": list(ad_sizes),
           "templates": TEMPLATES, "runs": [],
           "load_average": round(os.getloadavg()[0], 2)}
    ceil = lambda n: -(-n // beat)        # noqa: E731
    with AeadDevice(d) as dev:
        res["key_load_cycles"] = [dev.load_key(slot, k) for slot, k in enumerate(keys)]
        for ad_len in ad_sizes:
            for size in sizes:
                count = min(max(min_count, total_bytes // size), max_count)
                tmpl = []
                for i in range(TEMPLATES):
                    nonce = (1000 * size + 10 * ad_len + i).to_bytes(12, "big")
                    ad, pt = rng.randbytes(ad_len), rng.randbytes(size)
                    sealed = impl.encrypt(ciphers[i % 2], nonce, ad, pt, 16)
                    tmpl.append((i % 2, nonce, ad, pt, sealed))
                for direction in directions:
                    dec = direction == "decrypt"
                    msgs = [dev.message(int(dec), slot, nonce, ad, sealed[:-16] if dec else pt, 16,
                                        sealed[-16:] if dec else b"")
                            for slot, nonce, ad, pt, sealed in tmpl]
                    (alone,) = dev.run(msgs[:1])        # one message into an idle engine
                    b = dev.bench(msgs, count)
                    for (slot, nonce, ad, pt, sealed), r in zip(tmpl, b["first"]):
                        got = r.out if dec else r.out + r.tag
                        want = pt if dec else sealed
                        if r.status != OK or r.flags or got != want:
                            raise DeviceError(
                                f"{name}: bench {direction} of {size} bytes (AD {ad_len}): engine output "
                                f"differs from the model (status {r.status_name}, flags {r.flags})")
                    if b["mismatches"] or b["stray_beats"]:
                        raise DeviceError(f"{name}: bench {direction} of {size} bytes (AD {ad_len}): "
                                          f"{b['mismatches']} messages differ from their first run, "
                                          f"{b['stray_beats']} stray output beats")
                    t = b["times"]
                    half = count // 2
                    interval = (t["status"][-1] - t["status"][half]) / (count - 1 - half)
                    lat = [t["status"][i] - t["in_first"][i] + 1 for i in range(count)]
                    ideal = ceil(size)
                    ideal_all = ceil(ad_len) + ideal + (1 if dec else 0)
                    res["runs"].append({
                        "direction": direction,
                        "ad_bytes": ad_len,
                        "bytes": size,
                        "count": count,
                        "cycles_per_message": round(interval, 2),
                        "bits_per_cycle": round(8 * size / interval, 3),
                        "ideal_cycles": ideal,
                        "overhead_cycles": round(interval - ideal, 2),
                        "ideal_cycles_all_parts": ideal_all,
                        "overhead_cycles_all_parts": round(interval - ideal_all, 2),
                        "latency_cycles": round(sum(lat[half:]) / (count - half), 2),
                        "max_latency_cycles": max(lat),
                        "latency_cycles_idle": alone.times["status"] - alone.times["in_first"] + 1,
                        "total_cycles": t["status"][-1] - t["cmd"][0] + 1,
                        "sim_cycles_per_second": round(b["cycles"] / (b["wall_ns"] * 1e-9)),
                    })
    head = [r for r in res["runs"] if r["bytes"] == HEADLINE["bytes"]
            and r["ad_bytes"] == HEADLINE["ad_bytes"] and r["direction"] == directions[0]]
    if head:
        res["bits_per_cycle"] = head[0]["bits_per_cycle"]
        res["bits_per_cycle_at"] = {**HEADLINE, "direction": directions[0]}
        synth_json = RESULTS / f"{name}.json"
        if synth_json.exists():
            s = json.loads(synth_json.read_text())
            res["fmax_mhz"] = s["fmax_mhz"]
            res["gbps_at_fmax"] = round(res["bits_per_cycle"] * s["fmax_mhz"] / 1000.0, 2)
    res["command"] = f"linecrypt bench --design {name} --json"
    return res


def format_text(r: dict) -> str:
    if "runs" in r:
        return _format_engine(r)
    lines = [f"{r['design']}: sustained {r['bits_per_cycle']} bits/cycle"
             + (f", {r['gbps_at_fmax']} Gbit/s at {r['fmax_mhz']} MHz" if "gbps_at_fmax" in r else "")]
    for m in r["messages"]:
        lines.append(f"  {m['bytes']:5d} B: {m['bits_per_cycle']:7.2f} bits/cycle, "
                     f"{m['cycles_per_message']:8.1f} cycles/message (first in .. last out), "
                     f"sim {m['sim_blocks_per_second'] / 1e6:.2f} M blocks/s")
    return "\n".join(lines)


def _format_engine(r: dict) -> str:
    lines = [f"{r['design']}: {r['lanes']} lane(s), peak {r['peak_bits_per_cycle']} bits/cycle"
             + (f"; {r['bits_per_cycle']} bits/cycle at {r['bits_per_cycle_at']['bytes']} B + "
                f"{r['bits_per_cycle_at']['ad_bytes']} B AD" if "bits_per_cycle" in r else "")
             + (f", {r['gbps_at_fmax']} Gbit/s at {r['fmax_mhz']} MHz" if "gbps_at_fmax" in r else ""),
             f"  key load: {r['key_load_cycles']} cycles"]
    for m in r["runs"]:
        lines.append(f"  {m['direction']:7s} AD {m['ad_bytes']:3d} B, {m['bytes']:5d} B: "
                     f"{m['bits_per_cycle']:7.2f} bits/cycle, {m['cycles_per_message']:8.1f} cycles/message "
                     f"(ideal {m['ideal_cycles']}, +{m['overhead_cycles']}), latency {m['latency_cycles_idle']} "
                     f"idle / {m['latency_cycles']:.0f} loaded")
    return "\n".join(lines)
