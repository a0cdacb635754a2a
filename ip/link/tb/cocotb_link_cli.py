# SPDX-License-Identifier: Apache-2.0
"""`linecrypt link --backend rtl` inside the simulator: the job's client frames through the whole
link in RTL (link_system_tb, driven by cocotb_link_system's Bench), with the job's faults on the
line, and the raw outcome written back as JSON for linecrypt/link/run_rtl.py to summarise.

The job (a JSON file named by ``job`` in LC_PARAMS) holds the frames as (channel, hex), the key,
the data frame fault plan {index: kind}, the sync frames to lose, flush_words, the quiet time that
ends the run and the result path. Clients send back to back (2 or 3 idle beats between frames,
about the 20 bytes of preamble and gap) and never stall their receive port."""
import json

import cocotb
from cocotb.triggers import ClockCycles

import cocotb_link_system as ls

JOB = json.load(open(ls.P["job"]))
CLK_PS = 5000                    # the line clock of Bench.start


class CliBench(ls.Bench):
    """The system bench with the job's fault plan from the first line word on, and a count of
    the data frames the plan actually hit."""

    def __init__(self, dut):
        super().__init__(dut)
        self.plan = {int(n): kind for n, kind in JOB["plan"].items()}
        self.sync_plan = set(JOB["sync_plan"])
        self.rx_stall = 0.0
        self.hits = 0

    def _fault_data(self, frame, n):
        self.hits += n in self.plan
        return super()._fault_data(frame, n)


@cocotb.test()
async def link_cli_run(dut):
    frames = [[] for _ in range(ls.N)]
    for ch, f in JOB["frames"]:
        frames[ch].append(bytes.fromhex(f))
    b = await ls.setup(dut, keys={1: bytes.fromhex(JOB["key"])}, bench=CliBench)
    dut.flush_words.value = JOB["flush_words"]
    words0 = len(b.words)
    tasks = [cocotb.start_soon(b.client(ch, frames[ch], gaps=(2, 3))) for ch in range(ls.N)]
    for t in tasks:
        await t
    # until every frame is out, or nothing has come out for the quiet time
    want, last, quiet, line_words = sum(map(len, frames)), -1, 0, 0
    while quiet < JOB["quiet_clocks"]:
        await ClockCycles(dut.clk, 20)
        got = sum(map(len, b.got))
        if got != last:
            last, quiet, line_words = got, 0, len(b.words) - words0
        else:
            quiet += 20
        if got >= want:
            break
    rx = b.model()
    ev = b.ev
    model_agrees = b.got == rx.delivered and all(
        ev[e] == rx.counters[c] for e, c in ls.EVENT_COUNTERS.items())
    result = {
        "delivered": [[f.hex() for f in g] for g in b.got],
        "t_sent": [[t / CLK_PS for t in ts] for ts in b.t_sent],
        "t_got": [[t / CLK_PS for t in ts] for ts in b.t_got],
        "events": ev,
        "rx_counters": {**{c: ev[e] for e, c in ls.EVENT_COUNTERS.items()},
                        "session_errors": ev["rx_ev_session_err"]},
        "data_hits": b.hits,
        "sync_frames_seen": ev["tx_ev_sync"],
        "line_words": line_words,
        "lanes_aligned": int(dut.lanes_aligned.value),
        "rx_model_agrees": model_agrees,
    }
    with open(JOB["result"], "w") as f:
        json.dump(result, f)
