# SPDX-License-Identifier: Apache-2.0
"""aead_hold under random stalls: packets whose status is OK leave intact and in order, packets
with any other status leave nothing, every status leaves in order after its packet, statuses
without data pass between the packets, and messages as large as the buffer's BYTES go through
while the next one arrives. The status of a message is sent independently of its data (often
before the packet's tlast): the buffer must wait for the packet, never release early."""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles

from cocotb_streams import Sink, Source

DATA = ["s_axis_tdata", "s_axis_tkeep", "s_axis_tlast", "s_axis_ttag", "s_axis_tid"]
STS = ["s_sts_code", "s_sts_id", "s_sts_has_data"]
MOUT = ["m_axis_tdata", "m_axis_tkeep", "m_axis_tlast", "m_axis_ttag", "m_axis_tid"]
MSTS = ["m_sts_code", "m_sts_id"]


@cocotb.test()
async def hold(dut):
    p = json.loads(os.environ["LC_PARAMS"])
    lanes, max_beats = p["LANES"], -(-p["BYTES"] // (16 * p["LANES"]))
    seed = int(os.environ.get("LC_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    dut._log.info(f"seed {seed} (LC_SEED={seed} replays this run)")
    cocotb.start_soon(Clock(dut.clk, 4, unit="ns").start())
    dut.rst.value = 1
    await ClockCycles(dut.clk, 3)
    dut.rst.value = 0

    for stall in (0.3, 0.0, 0.6):
        src = Source(dut, "s_axis_tvalid", "s_axis_tready", DATA, rng.randrange(1 << 20), stall)
        sts = Source(dut, "s_sts_tvalid", "s_sts_tready", STS, rng.randrange(1 << 20), stall)
        out = Sink(dut, "m_axis_tvalid", "m_axis_tready", MOUT, rng.randrange(1 << 20), stall)
        osts = Sink(dut, "m_sts_tvalid", "m_sts_tready", MSTS, rng.randrange(1 << 20), stall)
        tasks = [cocotb.start_soon(x.run()) for x in (src, sts, out, osts)]
        exp_beats, exp_sts = [], []
        for k in range(p["LC_COUNT"]):
            n = rng.choice([0, 0, 1, 2, 3, max_beats, rng.randrange(1, max_beats + 1)])
            code = rng.choice([0, 0, 0, 1, 2])
            beats = [{"s_axis_tdata": rng.getrandbits(128 * lanes),
                      "s_axis_tkeep": rng.getrandbits(16 * lanes), "s_axis_tlast": int(i == n - 1),
                      "s_axis_ttag": rng.randrange(2), "s_axis_tid": k & 0xFF} for i in range(n)]
            for b in beats:
                src.put(b)
            sts.put({"s_sts_code": code, "s_sts_id": k & 0xFF, "s_sts_has_data": int(n > 0)})
            if code == 0:
                exp_beats += [{"m" + f[1:]: v for f, v in b.items()} for b in beats]
            exp_sts.append({"m_sts_code": code, "m_sts_id": k & 0xFF})
        got = await osts.wait_for(len(exp_sts))
        assert got == exp_sts, "statuses differ"
        await ClockCycles(dut.clk, 10)
        assert out.items == exp_beats, (f"released beats differ: {len(out.items)} got, "
                                        f"{len(exp_beats)} expected")
        assert not src.queue and not sts.queue
        for t in tasks:
            t.cancel()
        dut._log.info(f"stall {stall}: {len(exp_sts)} messages, {len(exp_beats)} beats released")
