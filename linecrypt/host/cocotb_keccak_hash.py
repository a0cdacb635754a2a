# SPDX-License-Identifier: Apache-2.0
"""cocotb module of the CLI's `linecrypt hash --backend rtl`: one message through
ip/keccak/rtl/keccak_sponge.v (run by :func:`linecrypt.host.keccak_hash.sponge_rtl`).

Environment: LC_HASH_IN names the message file, LC_HASH_OUT the file the squeezed bytes go to,
LC_HASH_CMD is "rate_bytes suffix out_len". The bytes out are what the core's m_* port gives;
nothing here computes a hash. A status error, a missing m_tlast or a hang fails the test."""
import os
import sys
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from linecrypt import IP

sys.path.insert(0, str(IP / "aead" / "tb"))
from cocotb_streams import Sink, Source  # noqa: E402


def _beats(msg: bytes):
    """8 bytes a beat, byte j at [8j +: 8]; the last beat has the rest (tkeep 2^k - 1, k = 0..8;
    a message that fills its last beat, the empty one included, ends with a tkeep = 0 beat)."""
    full = len(msg) - len(msg) % 8
    for i in range(0, full, 8):
        yield {"s_tdata": int.from_bytes(msg[i:i + 8], "little"), "s_tkeep": 0xFF, "s_tlast": 0}
    rest = msg[full:]
    yield {"s_tdata": int.from_bytes(rest, "little"), "s_tkeep": (1 << len(rest)) - 1, "s_tlast": 1}


async def _feed(dut, src: Source, beats, depth: int = 64) -> None:
    """Keep at most ``depth`` beats queued: a long message is never one long list."""
    for b in beats:
        while len(src.queue) >= depth:
            await RisingEdge(dut.clk)
        src.put(b)


@cocotb.test()
async def hash_file(dut):
    msg = Path(os.environ["LC_HASH_IN"]).read_bytes()
    rate, suffix, out_len = (int(x) for x in os.environ["LC_HASH_CMD"].split())
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    cmd = Source(dut, "c_valid", "c_ready", ["c_rate_w", "c_suffix", "c_nr", "c_out_len"])
    data = Source(dut, "s_tvalid", "s_tready", ["s_tdata", "s_tkeep", "s_tlast"])
    out = Sink(dut, "m_tvalid", "m_tready", ["m_tdata", "m_tkeep", "m_tlast"])
    st = Sink(dut, "st_valid", "st_ready", ["st_err"])
    dut.rst.value = 1
    await ClockCycles(dut.clk, 3)
    dut.rst.value = 0
    for s in (cmd, data, out, st):
        cocotb.start_soon(s.run())
    cmd.put({"c_rate_w": rate // 8, "c_suffix": suffix, "c_nr": 24, "c_out_len": out_len})
    cocotb.start_soon(_feed(dut, data, _beats(msg)))
    # absorbing takes rate_w + 1 clocks per block, squeezing one per beat and 24 per block
    clocks = 1000 + 2 * (len(msg) // 8 + out_len // 8) + 50 * (len(msg) + out_len) // rate
    (status,) = await st.wait_for(1, clocks=clocks)
    assert status["st_err"] == 0, "keccak_sponge reported an error"
    got = b""
    for i, b in enumerate(out.items):
        k = bin(b["m_tkeep"]).count("1")
        got += b["m_tdata"].to_bytes(8, "little")[:k]
        assert bool(b["m_tlast"]) == (i == len(out.items) - 1), "m_tlast misplaced"
    assert len(got) == out_len, f"{len(got)} bytes out, {out_len} asked for"
    Path(os.environ["LC_HASH_OUT"]).write_bytes(got)
