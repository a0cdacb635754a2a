# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for the shared FIFO bricks (rtl/common/lc_fifo.v, lc_credit_fifo.v).

The reference is the FIFO contract itself, checked clock by clock against a Python deque:
items leave in order, none is lost or duplicated, and (lc_fifo) `m_valid` is low exactly when
the FIFO is empty, `m_valid_next` says what `m_valid` will be after the clock edge, `s_ready`
low exactly when it holds DEPTH items, `count` equals the number held. lc_credit_fifo: a
pipeline of LATENCY clocks is modelled in the testbench; items are admitted only with
`credit_ok`, and the test fails if an admitted item ever finds the FIFO without room (the
deque exceeding DEPTH + 4, or + 8 with BRAM=1: the deep FIFO and the output stage) or the stream
throttles with a ready sink. Random `s_valid`/`m_ready` duty cycles, long full and long empty phases, reset
mid-stream. LC_PARAMS: TOP, WIDTH, DEPTH / LATENCY (, BRAM). The seed is printed (LC_SEED replays it).
"""
import json
import os
import random
from collections import deque

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge

P = json.loads(os.environ["LC_PARAMS"])
TOP = P["TOP"]
WIDTH = int(P["WIDTH"])
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 30)))


async def start(dut):
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.rst.value = 1
    await reset_inputs(dut)
    for _ in range(3):
        await RisingEdge(dut.clk)
    dut.rst.value = 0


async def reset_inputs(dut):
    if TOP == "lc_fifo":
        dut.s_valid.value = 0
        dut.s_data.value = 0
    else:
        dut.admit.value = 0
        dut.pipe_valid.value = 0
        dut.pipe_data.value = 0
    dut.m_ready.value = 0


# phases: (probability of s_valid / admit attempt, probability of m_ready, clocks)
PHASES = [(0.5, 0.5, 400), (1.0, 0.1, 200), (0.1, 1.0, 200), (1.0, 1.0, 300),
          (0.9, 0.0, 120), (0.0, 0.9, 120), (0.7, 0.3, 300), (0.3, 0.7, 300)]


async def fifo_run(dut, rng, phases, ref, counter):
    depth = int(P["DEPTH"])
    for pv, pr, n in phases:
        for _ in range(n):
            want = rng.random() < pv
            item = rng.getrandbits(WIDTH)
            dut.s_valid.value = int(want)
            dut.s_data.value = item
            ready = rng.random() < pr
            dut.m_ready.value = int(ready)
            await ReadOnly()
            held = len(ref)
            assert int(dut.count.value) == held, f"count {int(dut.count.value)} != {held}"
            assert int(dut.m_valid.value) == (held > 0), f"m_valid wrong with {held} held"
            assert int(dut.s_ready.value) == (held < depth), f"s_ready wrong with {held} held"
            if ready and held:
                got = int(dut.m_data.value)
                assert got == ref[0], f"item {counter[1]}: got {got:x}, expected {ref[0]:x}"
            wr = want and held < depth
            after = held - int(ready and held > 0) + int(wr)
            assert int(dut.m_valid_next.value) == (after > 0), f"m_valid_next wrong, {after} next"
            await RisingEdge(dut.clk)
            if ready and held:
                ref.popleft()
                counter[1] += 1
            if wr:
                ref.append(item)
                counter[0] += 1


async def credit_run(dut, rng, phases, ref, counter):
    """Inputs change at the falling edge, from the flop outputs (credit_ok, m_valid, m_data)."""
    latency = int(P["LATENCY"])
    pipe = deque([None] * latency)      # the item admitted now leaves the pipe LATENCY clocks later
    depth = 1 << (latency + 11 - 1).bit_length()
    stage = 8 if int(P.get("BRAM", 0)) else 4          # output-stage entries
    for pv, pr, n in phases:
        for i in range(n):
            await FallingEdge(dut.clk)
            credit = int(dut.credit_ok.value)
            mvalid = int(dut.m_valid.value)
            want = rng.random() < pv
            ready = rng.random() < pr
            if pv == 1.0 and pr == 1.0 and i > 2 * latency + 20:
                assert credit, f"stream throttled at clock {i} of a phase with an always-ready sink"
            adm = want and credit
            out = pipe.popleft()
            item = rng.getrandbits(WIDTH) if adm else None
            pipe.append(item)
            dut.admit.value = int(adm)
            dut.pipe_valid.value = int(out is not None)
            dut.pipe_data.value = out if out is not None else 0
            dut.m_ready.value = int(ready)
            if ready and mvalid:                       # the sink takes m_data at the next edge
                assert ref, "m_valid high with nothing delivered"
                got = int(dut.m_data.value)
                assert got == ref[0], f"item {counter[1]}: got {got:x}, expected {ref[0]:x}"
                ref.popleft()
                counter[1] += 1
            if out is not None:
                ref.append(out)
                counter[0] += 1
                # deep FIFO + output stage; an overwritten entry also fails the order check
                assert len(ref) <= depth + stage, f"{len(ref)} items held: credit let the FIFO overflow"
    # drain the pipe so nothing admitted is left unchecked
    for _ in range(latency + depth + 8):
        await FallingEdge(dut.clk)
        mvalid = int(dut.m_valid.value)
        out = pipe.popleft()
        pipe.append(None)
        dut.admit.value = 0
        dut.pipe_valid.value = int(out is not None)
        dut.pipe_data.value = out if out is not None else 0
        dut.m_ready.value = 1
        if mvalid:
            assert ref and int(dut.m_data.value) == ref[0], "wrong item while draining"
            ref.popleft()
            counter[1] += 1
        if out is not None:
            ref.append(out)
            counter[0] += 1
    assert not ref and counter[0] == counter[1], f"{len(ref)} items never came out"


@cocotb.test()
async def test_fifo_contract(dut):
    """Random duty cycles, full and empty phases, then reset mid-stream and run again."""
    rng = random.Random(SEED)
    dut._log.info("seed %d", SEED)
    await start(dut)
    run = fifo_run if TOP == "lc_fifo" else credit_run
    ref, counter = deque(), [0, 0]
    await run(dut, rng, PHASES, ref, counter)
    assert counter[0] > 500 and counter[1] > 400, f"too little traffic: {counter}"
    # reset with items inside: everything clears, then the contract holds again
    await RisingEdge(dut.clk)
    dut.rst.value = 1
    await reset_inputs(dut)
    await RisingEdge(dut.clk)
    await RisingEdge(dut.clk)
    dut.rst.value = 0
    await ReadOnly()
    assert int(dut.m_valid.value) == 0
    ref2, counter2 = deque(), [0, 0]
    await RisingEdge(dut.clk)
    await run(dut, rng, PHASES[:4], ref2, counter2)
    assert counter2[1] > 200
