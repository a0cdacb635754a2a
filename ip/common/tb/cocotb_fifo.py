# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for the shared FIFO bricks (ip/common/rtl/lc_fifo.v, lc_credit_fifo.v).

The reference is the FIFO contract itself, checked clock by clock against a Python deque:
items leave in order, none is lost or duplicated, and (lc_fifo) `m_valid` is low exactly when
the FIFO is empty, `m_valid_next` says what `m_valid` will be after the clock edge, `s_ready`
low exactly when it holds DEPTH items, `count` equals the number held. lc_credit_fifo: a
pipeline of LATENCY clocks is modelled in the testbench; items are admitted only with
`credit_ok`, and the test fails if an admitted item ever finds the FIFO without room (the
deque exceeding DEPTH + 4, or + 8 with BRAM=1: the deep FIFO and the output stage) or the stream
throttles with a ready sink. Random `s_valid`/`m_ready` duty cycles, long full and long empty
phases, reset mid-stream.

The streams are cocotbext-axi's: lc_fifo's s_* and m_* (AXI-Stream handshakes under short
names, bound by name in cocotb_axis.py) are driven by an AxiStreamSource and taken by an
AxiStreamSink whose seeded pause generators set the duty cycles; lc_credit_fifo's m_* goes to an
AxiStreamSink, its credit input side (admit, pipe_*) is driven by hand. The contract is checked
from the pins, and what the sink received must be exactly what was sent, in order.
LC_PARAMS: TOP, WIDTH, DEPTH / LATENCY (, BRAM). The seed is printed (LC_SEED replays it).
"""
import json
import os
import random
from collections import deque

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, ReadOnly, RisingEdge
from cocotbext.axi import AxiStreamFrame, AxiStreamSink, AxiStreamSource

from cocotb_axis import axis_bus, quiet, set_pauses

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


def fifo_endpoints(dut):
    """lc_fifo's s_*/m_* ports are AXI-Stream without the t prefix: bound by name."""
    source = AxiStreamSource(axis_bus(dut, tdata="s_data", tvalid="s_valid", tready="s_ready"),
                             dut.clk, dut.rst, byte_lanes=1)
    sink = AxiStreamSink(axis_bus(dut, tdata="m_data", tvalid="m_valid", tready="m_ready"),
                         dut.clk, dut.rst, byte_lanes=1)
    quiet(source, sink)
    return source, sink


def credit_sink(dut):
    """lc_credit_fifo's output (m_*); its input side is the credit protocol, driven by hand."""
    sink = AxiStreamSink(axis_bus(dut, tdata="m_data", tvalid="m_valid", tready="m_ready"),
                         dut.clk, dut.rst, byte_lanes=1)
    quiet(sink)
    return sink


def received(sink):
    return [sink.recv_nowait().tdata[0] for _ in range(sink.count())]


async def fifo_contract(dut, depth, ref, counter):
    """The lc_fifo contract, clock by clock, read from the pins: the deque ``ref`` holds what the
    FIFO must hold; ``counter`` counts [writes, reads]. A clock in reset empties it."""
    while True:
        await ReadOnly()
        if int(dut.rst.value):
            ref.clear()
            await RisingEdge(dut.clk)
            continue
        held = len(ref)
        want = int(dut.s_valid.value)
        ready = int(dut.m_ready.value)
        assert int(dut.count.value) == held, f"count {int(dut.count.value)} != {held}"
        assert int(dut.m_valid.value) == (held > 0), f"m_valid wrong with {held} held"
        assert int(dut.s_ready.value) == (held < depth), f"s_ready wrong with {held} held"
        if ready and held:
            got = int(dut.m_data.value)
            assert got == ref[0], f"item {counter[1]}: got {got:x}, expected {ref[0]:x}"
        wr = want and held < depth
        item = int(dut.s_data.value) if wr else None
        after = held - int(ready and held > 0) + int(wr)
        assert int(dut.m_valid_next.value) == (after > 0), f"m_valid_next wrong, {after} next"
        await RisingEdge(dut.clk)
        if ready and held:
            ref.popleft()
            counter[1] += 1
        if wr:
            ref.append(item)
            counter[0] += 1


async def fifo_run(dut, rng, phases, ends, pause_rng):
    """Drive the phases with cocotbext-axi (pause probabilities 1 - p); return the items sent."""
    source, sink = ends
    sent = []
    for pv, pr, n in phases:
        while source.count() < n:                  # never let the source run dry in a phase
            item = rng.getrandbits(WIDTH)
            sent.append(item)
            source.send_nowait(AxiStreamFrame([item]))
        set_pauses(source, pause_rng, 1.0 - pv)
        set_pauses(sink, pause_rng, 1.0 - pr)
        await ClockCycles(dut.clk, n)
    return sent


async def credit_run(dut, rng, phases, ref, counter, sink, pause_rng):
    """Inputs change at the falling edge, from the flop outputs (credit_ok, m_valid, m_data);
    the output is taken by the AxiStreamSink ``sink``, which stalls with probability 1 - p.
    Returns the items the pipe delivered, in order."""
    latency = int(P["LATENCY"])
    pipe = deque([None] * latency)      # the item admitted now leaves the pipe LATENCY clocks later
    depth = 1 << (latency + 11 - 1).bit_length()
    stage = 8 if int(P.get("BRAM", 0)) else 4          # output-stage entries
    delivered = []

    def take():
        """The sink takes m_data at the next rising edge when m_valid and m_ready are high now."""
        if int(dut.m_valid.value) and int(dut.m_ready.value):
            assert ref, "m_valid high with nothing delivered"
            got = int(dut.m_data.value)
            assert got == ref[0], f"item {counter[1]}: got {got:x}, expected {ref[0]:x}"
            ref.popleft()
            counter[1] += 1

    for pv, pr, n in phases:
        set_pauses(sink, pause_rng, 1.0 - pr)
        for i in range(n):
            await FallingEdge(dut.clk)
            credit = int(dut.credit_ok.value)
            want = rng.random() < pv
            if pv == 1.0 and pr == 1.0 and i > 2 * latency + 20:
                assert credit, f"stream throttled at clock {i} of a phase with an always-ready sink"
            adm = want and credit
            out = pipe.popleft()
            item = rng.getrandbits(WIDTH) if adm else None
            pipe.append(item)
            dut.admit.value = int(adm)
            dut.pipe_valid.value = int(out is not None)
            dut.pipe_data.value = out if out is not None else 0
            take()
            if out is not None:
                ref.append(out)
                delivered.append(out)
                counter[0] += 1
                # deep FIFO + output stage; an overwritten entry also fails the order check
                assert len(ref) <= depth + stage, f"{len(ref)} items held: credit let the FIFO overflow"
    # drain the pipe so nothing admitted is left unchecked (+2: the sink raises m_ready at the
    # rising edge after it is told to stop stalling)
    set_pauses(sink, pause_rng, 0.0)
    for _ in range(latency + depth + 8 + 2):
        await FallingEdge(dut.clk)
        out = pipe.popleft()
        pipe.append(None)
        dut.admit.value = 0
        dut.pipe_valid.value = int(out is not None)
        dut.pipe_data.value = out if out is not None else 0
        take()
        if out is not None:
            ref.append(out)
            delivered.append(out)
            counter[0] += 1
    assert not ref and counter[0] == counter[1], f"{len(ref)} items never came out"
    return delivered


@cocotb.test()
async def test_fifo_contract(dut):
    """Random duty cycles, full and empty phases, then reset mid-stream and run again."""
    rng = random.Random(SEED)
    pause_rng = random.Random(SEED + 1)
    dut._log.info("seed %d", SEED)
    if TOP == "lc_fifo":
        source, sink = fifo_endpoints(dut)
    else:
        source, sink = None, credit_sink(dut)
    await start(dut)
    ref, counter = deque(), [0, 0]
    if TOP == "lc_fifo":
        depth = int(P["DEPTH"])
        contract = cocotb.start_soon(fifo_contract(dut, depth, ref, counter))

        async def run(phases):
            return await fifo_run(dut, rng, phases, (source, sink), pause_rng)
    else:
        async def run(phases):
            return await credit_run(dut, rng, phases, ref, counter, sink, pause_rng)
    sent = await run(PHASES)
    assert counter[0] > 500 and counter[1] > 400, f"too little traffic: {counter}"
    # reset with items inside: everything clears, then the contract holds again
    await RisingEdge(dut.clk)
    if source is not None:
        source.clear()
    dut.rst.value = 1
    await reset_inputs(dut)
    await RisingEdge(dut.clk)
    await RisingEdge(dut.clk)
    # the sink (cocotbext-axi) got the items in the order they were sent, none lost or doubled
    got = received(sink)
    assert got == sent[:len(got)] and len(got) == counter[1], \
        f"sink got {len(got)} items, {counter[1]} left the FIFO; order or content differs"
    dut.rst.value = 0
    await ReadOnly()
    assert int(dut.m_valid.value) == 0
    counter[:] = [0, 0]
    await RisingEdge(dut.clk)
    sent = await run(PHASES[:4])
    assert counter[1] > 200
    await RisingEdge(dut.clk)
    got = received(sink)
    assert got == sent[:len(got)] and len(got) == counter[1], \
        f"sink got {len(got)} items, {counter[1]} left the FIFO; order or content differs"
    if TOP == "lc_fifo":
        contract.cancel()
