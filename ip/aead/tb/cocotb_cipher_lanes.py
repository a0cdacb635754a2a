# SPDX-License-Identifier: Apache-2.0
"""cipher_lanes: N lanes with one key expansion (and, SHARE_RK = 1, one set of round-key
memories) give, lane by lane, what an independent implementation gives (pyca/cryptography for
AES, Botan for Serpent: linecrypt.oracles), with two slots used at random beat by beat and
random stalls on input and output.

After the first batch a key is reloaded into one slot while blocks of that slot are still in
the pipe and blocks of the other slot keep flowing (queued as soon as the key is taken, so
they enter during the whole expansion); the blocks of the reloaded slot queued behind them
wait at the input and enter on the first clock the slot is valid again, so the first
blocks under the new key are checked in every lane. The slot status is checked too: the
reloaded slot reads loading and not valid from the clock the key is taken until it is valid,
the other slot valid throughout."""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from cocotb_shell import load_key
from cocotb_streams import Sink, Source
from linecrypt.oracles.blockciphers import reference

IN = ["s_axis_tdata", "s_axis_tslot", "s_axis_tuser"]
OUT = ["m_axis_tdata", "m_axis_tuser", "m_axis_terr"]


def split(v, lanes):
    return [((v >> (128 * q)) & ((1 << 128) - 1)).to_bytes(16, "big") for q in range(lanes)]


def check(got, beats, keyof, n, ref, what):
    """Every beat against the oracle, one oracle call per key used."""
    for key in set(keyof):
        idx = [i for i, k in enumerate(keyof) if k == key]
        exp = ref(key, [b for i in idx for b in split(beats[i][1], n)])
        for j, i in enumerate(idx):
            assert got[i]["m_axis_terr"] == 0, f"{what} beat {i}: terr"
            assert got[i]["m_axis_tuser"] == i & 0xFF, f"{what} beat {i}: tuser"
            assert split(got[i]["m_axis_tdata"], n) == exp[j * n:(j + 1) * n], \
                f"{what} beat {i} slot {beats[i][0]}: " + " ".join(
                    f"lane {q} {'ok' if a == b else 'WRONG'}"
                    for q, (a, b) in enumerate(zip(split(got[i]["m_axis_tdata"], n),
                                                   exp[j * n:(j + 1) * n])))


async def watch_status(dut, slot, other, log):
    """From the clock the key is taken until slot_valid[slot]: loading, not valid; the other
    slot valid throughout. Returns the clocks the load took."""
    clocks = 0
    while True:
        await ReadOnly()
        v, ld = int(dut.slot_valid.value), int(dut.slot_loading.value)
        assert (v >> other) & 1 and not (ld >> other) & 1, f"slot {other} left service: {v:b} {ld:b}"
        if (v >> slot) & 1:
            assert not (ld >> slot) & 1, "slot valid and loading at once"
            log.append(clocks)
            return
        assert (ld >> slot) & 1, f"slot {slot} neither valid nor loading ({clocks} clocks in)"
        clocks += 1
        await RisingEdge(dut.clk)


@cocotb.test()
async def lanes(dut):
    p = json.loads(os.environ["LC_PARAMS"])
    n, kb, count = p["LANES"], p["KEY_BITS"] // 8, p["LC_COUNT"]
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
    for s in (0, 1):
        keys[s] = rng.randbytes(kb)
        await load_key(dut, s, keys[s])
    src = Source(dut, "s_axis_tvalid", "s_axis_tready", IN, rng.randrange(1 << 20), 0.3)
    snk = Sink(dut, "m_axis_tvalid", "m_axis_tready", OUT, rng.randrange(1 << 20), 0.3)
    for x in (src, snk):
        cocotb.start_soon(x.run())
    beats, keyof = [], []

    def put(slot):
        i = len(beats)
        beats.append((slot, rng.getrandbits(128 * n)))
        keyof.append(keys[slot])
        src.put({"s_axis_tdata": beats[i][1], "s_axis_tslot": slot, "s_axis_tuser": i & 0xFF})

    for batch in range(p.get("LC_BATCHES", 3)):
        # blocks of both slots; the last of them are still in the pipe when the key comes
        for _ in range(count):
            put(rng.randrange(2))
        while src.queue:
            await RisingEdge(dut.clk)
        s = rng.randrange(2)
        keys[s] = rng.randbytes(kb)
        await load_key(dut, s, keys[s], wait=False)   # returns after the edge that took it
        loads = []
        watcher = cocotb.start_soon(watch_status(dut, s, 1 - s, loads))
        # the other slot's blocks flow during the load; the reloaded slot's wait behind them
        for _ in range(count // 2):
            put(1 - s)
        for _ in range(count // 2):
            put(s if rng.random() < 0.7 else 1 - s)
        await watcher
        dut._log.info(f"batch {batch}: slot {s} reloaded in {loads[0]} clocks, "
                      f"{len(src.queue)} of {count} beats still queued then")
    got = await snk.wait_for(len(beats))
    check(got, beats, keyof, n, ref, "run")
    dut._log.info(f"{len(beats)} beats of {n} blocks match")
