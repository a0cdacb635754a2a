# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/idea/rtl/idea_mul.v against linecrypt.models.idea.mul.

One operand pair enters every clock (the multiplier has no valid or stall; its latency is PIPE
clocks), so the check is a stream: the result seen after edge n belongs to the pair driven
PIPE clocks earlier. Operands (LC_PARAMS JSON: PIPE, LC_RANDOM, LC_SWEEP):
  * every pair of the edge values (0 = 2^16, 1, 2, 0x7FFF, 0x8000, 0x8001, 0xFFFE, 0xFFFF);
  * each edge value against random words, in both operand positions;
  * pairs whose result is 1 (a, a^-1) or 0 = 2^16 (a, -a^-1): the low-high borrow extremes;
  * with LC_SWEEP, every 16-bit word as `a` against the edge values as `b`, and the reverse;
  * LC_RANDOM uniformly random pairs. The seed is printed (LC_SEED replays it).
"""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from linecrypt.models.idea import mul, mul_inv

P = json.loads(os.environ["LC_PARAMS"])
PIPE = int(P.get("PIPE", 3))
N_RANDOM = int(P.get("LC_RANDOM", 50_000))
SWEEP = bool(P.get("LC_SWEEP", 1))
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 30)))
EDGES = [0x0000, 0x0001, 0x0002, 0x7FFF, 0x8000, 0x8001, 0xFFFE, 0xFFFF]


def operand_pairs(rng):
    pairs = [(a, b) for a in EDGES for b in EDGES]
    for e in EDGES:
        for _ in range(256):
            x = rng.randrange(1 << 16)
            pairs += [(e, x), (x, e)]
    for _ in range(2000):
        a = rng.randrange(1 << 16)
        inv = mul_inv(a)
        pairs += [(a, inv), (inv, a), (a, mul(inv, 0))]      # results 1, 1, 0 (= 2^16)
    if SWEEP:
        for a in range(1 << 16):
            e = EDGES[a % len(EDGES)]
            pairs += [(a, e), (e, a)]
    pairs += [(rng.randrange(1 << 16), rng.randrange(1 << 16)) for _ in range(N_RANDOM)]
    return pairs


async def run_stream(dut, pairs):
    """Drive one pair per clock; return the list of outputs aligned with ``pairs``."""
    out = []
    for n in range(len(pairs) + PIPE):
        await RisingEdge(dut.clk)
        if n < len(pairs):
            dut.a.value, dut.b.value = pairs[n]
        await ReadOnly()
        if n >= PIPE:
            out.append(int(dut.p.value))
    return out


@cocotb.test()
async def test_mul_mod_65537(dut):
    rng = random.Random(SEED)
    dut._log.info("seed %d  PIPE %d", SEED, PIPE)
    cocotb.start_soon(Clock(dut.clk, 4, unit="ns").start())
    dut.a.value = 0
    dut.b.value = 0
    pairs = operand_pairs(rng)
    out = await run_stream(dut, pairs)
    bad = [(a, b, got, mul(a, b)) for (a, b), got in zip(pairs, out) if got != mul(a, b)]
    for a, b, got, exp in bad[:10]:
        dut._log.error("mul(%#06x, %#06x) = %#06x, expected %#06x", a, b, got, exp)
    assert not bad, f"{len(bad)} of {len(pairs)} products wrong (seed {SEED})"
    dut._log.info("%d products correct", len(pairs))
