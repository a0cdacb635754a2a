# SPDX-License-Identifier: Apache-2.0
"""`linecrypt bench`: sustained throughput of a core in Verilator simulation.

Messages of 64, 576, 1500 and 9000 bytes are streamed back to back with the output always
ready and the key slot changing on every message; the harness counts clock cycles. Throughput
in Gbit/s at the ECP5 Fmax combines this with the committed synthesis result of the design.
"""
from __future__ import annotations

import json
import os

from linecrypt.designs import DESIGNS
from linecrypt.flows.synth import RESULTS
from linecrypt.host.rtl_device import BlockDevice

SIZES = (64, 576, 1500, 9000)


def run(name: str, total_bytes: int = 1 << 20) -> dict:
    d = DESIGNS[name]
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


def format_text(r: dict) -> str:
    lines = [f"{r['design']}: sustained {r['bits_per_cycle']} bits/cycle"
             + (f", {r['gbps_at_fmax']} Gbit/s at {r['fmax_mhz']} MHz" if "gbps_at_fmax" in r else "")]
    for m in r["messages"]:
        lines.append(f"  {m['bytes']:5d} B: {m['bits_per_cycle']:7.2f} bits/cycle, "
                     f"{m['cycles_per_message']:8.1f} cycles/message (first in .. last out), "
                     f"sim {m['sim_blocks_per_second'] / 1e6:.2f} M blocks/s")
    return "\n".join(lines)
