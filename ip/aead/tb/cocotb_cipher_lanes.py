# SPDX-License-Identifier: Apache-2.0
"""cipher_lanes: N lanes with one key expansion give, lane by lane, what an independent
implementation gives (pyca/cryptography for AES, Botan for Serpent: linecrypt.oracles), with
two slots used at random beat by beat, random stalls on input and output, and a key reloaded
between batches (the lanes without a key unit of their own must follow lane 0's)."""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles

from cocotb_shell import load_key
from cocotb_streams import Sink, Source
from linecrypt.oracles.blockciphers import reference

IN = ["s_axis_tdata", "s_axis_tslot", "s_axis_tuser"]
OUT = ["m_axis_tdata", "m_axis_tuser", "m_axis_terr"]


def split(v, lanes):
    return [((v >> (128 * q)) & ((1 << 128) - 1)).to_bytes(16, "big") for q in range(lanes)]


@cocotb.test()
async def lanes(dut):
    p = json.loads(os.environ["LC_PARAMS"])
    n, kb = p["LANES"], p["KEY_BITS"] // 8
    ref = reference("aes" if p["CIPHER"] == 0 else "serpent", bool(p["DECRYPT"]))
    seed = int(os.environ.get("LC_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    dut._log.info(f"seed {seed} (LC_SEED={seed} replays this run)")
    cocotb.start_soon(Clock(dut.clk, 4, unit="ns").start())
    dut.s_key_tvalid.value = 0
    dut.rst.value = 1
    await ClockCycles(dut.clk, 3)
    dut.rst.value = 0
    keys = {}
    for batch in range(3):
        for s in ((0, 1) if batch == 0 else (rng.randrange(2),)):
            keys[s] = rng.randbytes(kb)
            await load_key(dut, s, keys[s])
        src = Source(dut, "s_axis_tvalid", "s_axis_tready", IN, rng.randrange(1 << 20), 0.3)
        snk = Sink(dut, "m_axis_tvalid", "m_axis_tready", OUT, rng.randrange(1 << 20), 0.3)
        tasks = [cocotb.start_soon(x.run()) for x in (src, snk)]
        beats = [(rng.randrange(2), rng.getrandbits(128 * n)) for _ in range(p["LC_COUNT"])]
        for i, (s, v) in enumerate(beats):
            src.put({"s_axis_tdata": v, "s_axis_tslot": s, "s_axis_tuser": i & 0xFF})
        got = await snk.wait_for(len(beats))
        for s in (0, 1):
            idx = [i for i, (sl, _) in enumerate(beats) if sl == s]
            blocks = [b for i in idx for b in split(beats[i][1], n)]
            exp = ref(keys[s], blocks)
            for j, i in enumerate(idx):
                assert got[i]["m_axis_terr"] == 0 and got[i]["m_axis_tuser"] == i & 0xFF
                assert split(got[i]["m_axis_tdata"], n) == exp[j * n:(j + 1) * n], \
                    f"batch {batch} beat {i} slot {s}"
        for t in tasks:
            t.cancel()
        dut._log.info(f"batch {batch}: {len(beats)} beats of {n} blocks match")
