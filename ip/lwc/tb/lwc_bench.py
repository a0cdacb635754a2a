# SPDX-License-Identifier: Apache-2.0
"""The cocotb bench of the LWC-style front ends (ip/lwc/rtl/lwc_keccak.v, lwc_aes.v): PDI and
SDI drivers and the DO monitor with seeded random valid/ready stalls, reset, the session's
words, and DO checked word for word against the engine model of the build; word helpers and the
foreign-ALG cases both engines' benches use.

    class Bench(lwc_bench.Bench):              # per engine: its model of this build
        def new_model(self):
            return EngineModel(Engine.AES, W)

    b = Bench(dut, stall=0.3, seed_extra=1)     # PDI, SDI, DO with 30 % idle/stall clocks
    await b.start()                              # clock, reset, drivers running
    b.add(pdi_words, sdi_words)                  # queue words; the model decides DO
    b.add_tx(transaction)                        # or a builder's transaction with its DO
    await b.check()                              # DO since the last reset equals the model's

LC_PARAMS (JSON, the RTL parameters and testbench settings): W, optionally SLOW. LC_SEED replays
a run (the seed is logged at start).
"""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from cocotb_streams import Sink, Source
from linecrypt.lwc.protocol import (
    ALG_NAMES, ALG_OPS, XOFS, Alg, Engine, Op, Seg, engine_of, pack_data, segments,
)

P = json.loads(os.environ["LC_PARAMS"])
W = int(P["W"])
WB = W // 8
SLOW = bool(P.get("SLOW", 0))
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 32)))


def v(words):
    """The values of tagged words (linecrypt.lwc.protocol.Word)."""
    return [w.value for w in words]


def view(v32):
    """A 32-bit control word in its place at [W-1:W-32]."""
    return v32 << (W - 32)


def INS(op, alg=0, res=0):
    return view((int(op) << 28) | (alg << 20) | res)


def HDR(t, n, eot=1, last=1, eoi=0, extra=0):
    return view((int(t) << 28) | (eoi << 26) | (eot << 25) | (last << 24) | n | extra)


def seg(t, data, eot=1, last=1):
    return [HDR(t, len(data), eot, last)] + pack_data(data, W)


def split(data, rng, k):
    """``data`` in ``k`` pieces at random byte positions (empty pieces allowed)."""
    cuts = sorted(rng.randrange(len(data) + 1) for _ in range(k - 1))
    return [data[a:b] for a, b in zip([0] + cuts, cuts + [len(data)])]


class Bench:
    """PDI and SDI sources and the DO sink of one front end, and the words of the session since
    the last reset. Subclasses give :meth:`new_model`, the engine model of the build."""

    def __init__(self, dut, stall=0.0, seed_extra=0):
        self.dut = dut
        s = SEED + 10 * seed_extra
        self.rng = random.Random(s)
        self.pdi = Source(dut, "pdi_valid", "pdi_ready", ["pdi_data"], seed=s, p_idle=stall)
        self.sdi = Source(dut, "sdi_valid", "sdi_ready", ["sdi_data"], seed=s + 1, p_idle=stall)
        self.do = Sink(dut, "do_valid", "do_ready", ["do_data"], seed=s + 2, p_stall=stall)
        self.reset_session()

    def new_model(self):
        raise NotImplementedError("a bench names its engine model")

    def reset_session(self):
        """A new session (after reset): the model restarts from its reset state."""
        self.pdi_words, self.sdi_words, self.known = [], [], []
        self.all_known = True

    async def start(self):
        cocotb.start_soon(Clock(self.dut.clk, 10, unit="ns").start())
        self.dut.rst.value = 1
        await ClockCycles(self.dut.clk, 3)
        self.dut.rst.value = 0
        for s in (self.pdi, self.sdi, self.do):
            cocotb.start_soon(s.run())
        self.dut._log.info(f"seed {SEED} (LC_SEED replays), W={W}")

    async def reset_mid_traffic(self):
        """A reset pulse while words may be queued: the PDI and SDI words not yet taken go with
        it; DO words and the model's session start anew."""
        self.dut.rst.value = 1
        await RisingEdge(self.dut.clk)
        for s in (self.pdi, self.sdi):
            s.clear()
        await ClockCycles(self.dut.clk, 2)
        self.dut.rst.value = 0
        await ClockCycles(self.dut.clk, 2)
        self.do.items.clear()
        self.reset_session()

    def add(self, pdi, sdi=(), do=None):
        """Queue one operation; ``do``: the builders' DO for it (None: the model decides)."""
        pdi, sdi = list(pdi), list(sdi)
        self.pdi_words += pdi
        self.sdi_words += sdi
        for w in pdi:
            self.pdi.put({"pdi_data": w})
        for w in sdi:
            self.sdi.put({"sdi_data": w})
        if do is None:
            self.all_known = False
        else:
            self.known += list(do)

    def add_tx(self, t):
        self.add(v(t.pdi), v(t.sdi), v(t.do))

    def expected(self):
        """The model's DO for the session and its failure reasons (and the builders' DO equal
        to it where they gave all of it)."""
        model = self.new_model()
        exp = model.run(self.pdi_words, self.sdi_words)
        if self.all_known:
            assert exp == self.known, "the model and the builders disagree"
        return exp, model.errors

    async def check(self, clocks=400_000, sdi_left_ok=False):
        """DO since the last reset equals the model's (and the builders') DO for the session,
        no word more within 200 clocks, PDI (and SDI unless ``sdi_left_ok``) all taken.
        Returns the DO words."""
        exp, why = self.expected()
        got = await self.do.wait_for(len(exp), clocks=clocks)
        got = [g["do_data"] for g in got]
        for i, (g, e) in enumerate(zip(got, exp)):
            assert g == e, (f"DO word {i}: {g:#0{W // 4 + 2}x}, expected {e:#0{W // 4 + 2}x}\n"
                            f"model's failure reasons: {why}")
        await ClockCycles(self.dut.clk, 200)
        extra = len(self.do.items) - len(exp)
        assert extra == 0, (f"{extra} DO words more than expected: "
                            f"{[hex(x['do_data']) for x in self.do.items[len(exp):]]}; last "
                            f"expected {[hex(x) for x in exp[-6:]]}")
        assert not self.pdi.queue, f"{len(self.pdi.queue)} PDI words not taken"
        assert sdi_left_ok or not self.sdi.queue, f"{len(self.sdi.queue)} SDI words not taken"
        return got


def foreign_cases(rng, own_engine):
    """(description, PDI words, SDI words) of valid instruction words whose ALG runs on the
    other engine, for every opcode that takes an ALG: ENC and DEC with their NPUB, AD, PT/CT
    (and TAG) parts, HASH (an XOF with its LENGTH part), MAC, PRNG_GEN with LENGTH, and
    PRNG_SEED / PRNG_RESEED with an SDI unit: the same word and a SEED part in one to three
    segments, a malformed SEED header before Last = 1, or another seed word (the engine's own
    ALG). The engine model answers each with BAD_INSTRUCTION alone."""
    own = {Engine.AES: Alg.FORTUNA, Engine.KECCAK: Alg.KECCAK_DUPLEX}[own_engine]
    cases = []
    for alg, ops in ALG_OPS.items():
        if engine_of(alg) == own_engine:
            continue
        for op in ops:
            name = f"{op.name} {ALG_NAMES[alg]}"
            if op in (Op.ENC, Op.DEC):
                parts = [(Seg.NPUB, rng.randbytes(rng.choice([12, 150]))),
                         (Seg.AD, rng.randbytes(rng.randrange(30))),
                         (Seg.PT if op == Op.ENC else Seg.CT, rng.randbytes(rng.randrange(60)))]
                if op == Op.DEC:
                    parts.append((Seg.TAG, rng.randbytes(16)))
            elif op in (Op.HASH, Op.MAC):
                parts = [(Seg.HASH_MSG, rng.randbytes(rng.randrange(80)))]
                if alg in XOFS:
                    parts.insert(0, (Seg.LENGTH, (40).to_bytes(4, "big")))
            elif op == Op.PRNG_GEN:
                parts = [(Seg.LENGTH, rng.randrange(1, 100).to_bytes(4, "big"))]
            else:
                s = rng.randbytes(rng.randrange(150))
                unit = v(segments([(Seg.SEED, s)], W, chunks=[split(s, rng, rng.randrange(1, 4))]))
                cases.append((name, [INS(op, alg)], [INS(op, alg)] + unit))
                cases.append((f"{name}, malformed SEED header", [INS(op, alg)],
                              [INS(op, alg)] + seg(Seg.KEY, b"k" * 5, last=0)
                              + seg(Seg.SEED, s)))
                cases.append((f"{name}, SDI holds the {ALG_NAMES[own]} word", [INS(op, alg)],
                              [INS(op, own)] + seg(Seg.SEED, s)))
                continue
            chunks = [split(d, rng, rng.randrange(1, 3)) for _, d in parts]
            cases.append((name, [INS(op, alg)] + v(segments(parts, W, chunks=chunks)), []))
    return cases


def foreign_seed_cases(cases):
    """The PRNG_SEED and PRNG_RESEED cases of :func:`foreign_cases`."""
    return [c for c in cases if c[0].startswith(("PRNG_SEED", "PRNG_RESEED"))]


def bad_instructions(words):
    """How many DO words are the BAD_INSTRUCTION failure status."""
    return sum(1 for w in words if w >> (W - 32) == 0xF0000003)


async def check_foreign_algs(b, own_engine, gen, seed, follow, strict=True):
    """Every case of :func:`foreign_cases`, each followed by a valid instruction: first the
    seed cases unseeded, each followed by PRNG_GEN (NOT_SEEDED: a foreign seed does not seed),
    then a PRNG_SEED and every case with the next of ``follow`` (callables queuing one valid
    instruction each, in turn), then a PRNG_GEN (the state a foreign PRNG_RESEED left alone).
    ``gen(n)`` queues PRNG_GEN of n bytes, ``seed(op, data)`` a seed instruction on PDI and
    SDI. DO word for word as the model; ``strict``: the model answers BAD_INSTRUCTION exactly
    once per case (a build that lacks an algorithm of ``follow`` answers more)."""
    rng = b.rng
    cases = foreign_cases(rng, own_engine)
    seeds = foreign_seed_cases(cases)
    for _, pdi, sdi in seeds:
        b.add(pdi, sdi)
        gen(8)
    seed(Op.PRNG_SEED, rng.randbytes(20))
    for k, (_, pdi, sdi) in enumerate(cases):
        b.add(pdi, sdi)
        follow[k % len(follow)]()
    gen(50)
    exp, why = b.expected()
    assert not strict or bad_instructions(exp) == len(cases) + len(seeds), (len(cases), why)
    b.dut._log.info(f"{len(cases)} foreign-ALG instructions ({len(seeds)} unseeded first)")
    await b.check()
