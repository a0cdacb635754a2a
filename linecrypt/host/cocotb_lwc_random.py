# SPDX-License-Identifier: Apache-2.0
"""cocotb module of the CLI's `linecrypt random --alg keccak-duplex --backend rtl`: one PRNG
session through ip/lwc/rtl/lwc_keccak.v (run by :func:`linecrypt.host.lwc_random.prng_rtl`).

Environment: LC_RANDOM_STEPS names a JSON file of steps (["seed", hex], ["reseed", hex],
["gen", n]), LC_RANDOM_OUT the file the RANDOM bytes go to. PDI and SDI carry the protocol's
words (instructions, SEED and LENGTH segments); the bytes out are what DO gives, unpacked from
its RANDOM segments: nothing here computes the generator. A failure status, a malformed DO
stream or a hang fails the test."""
import json
import os
import sys
from pathlib import Path

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from linecrypt import IP
from linecrypt.lwc.protocol import (
    MAX_SEG, Alg, Op, Seg, decode_header, decode_status, ins, segments, unpack_data, words_for,
)

sys.path.insert(0, str(IP / "aead" / "tb"))
from cocotb_streams import Sink, Source  # noqa: E402

W = 32
SEGMAX = MAX_SEG - MAX_SEG % (W // 8)          # the engine's RANDOM segment size


def _words(steps):
    """PDI and SDI words of the session and the number of DO words it gives."""
    a = Alg.KECCAK_DUPLEX
    pdi, sdi, n_do = [], [], 0
    for kind, arg in steps:
        if kind in ("seed", "reseed"):
            op = Op.PRNG_SEED if kind == "seed" else Op.PRNG_RESEED
            pdi.append(ins(op, a, W).value)
            sdi += [ins(op, a, W).value] + [w.value for w in
                                            segments([(Seg.SEED, bytes.fromhex(arg))], W)]
            n_do += 1
        else:
            pdi += [ins(Op.PRNG_GEN, a, W).value] + [
                w.value for w in segments([(Seg.LENGTH, int(arg).to_bytes(4, "big"))], W)]
            lens = [min(SEGMAX, arg - i) for i in range(0, arg, SEGMAX)] or [0]
            n_do += sum(1 + words_for(n, W) for n in lens) + 1
    return pdi, sdi, n_do


async def _feed(dut, src: Source, words, field: str, depth: int = 64) -> None:
    for w in words:
        while len(src.queue) >= depth:
            await RisingEdge(dut.clk)
        src.put({field: w})


@cocotb.test()
async def random_session(dut):
    steps = json.loads(Path(os.environ["LC_RANDOM_STEPS"]).read_text())
    pdi, sdi, n_do = _words(steps)
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    p = Source(dut, "pdi_valid", "pdi_ready", ["pdi_data"])
    s = Source(dut, "sdi_valid", "sdi_ready", ["sdi_data"])
    do = Sink(dut, "do_valid", "do_ready", ["do_data"])
    dut.rst.value = 1
    await ClockCycles(dut.clk, 3)
    dut.rst.value = 0
    for x in (p, s, do):
        cocotb.start_soon(x.run())
    cocotb.start_soon(_feed(dut, p, pdi, "pdi_data"))
    cocotb.start_soon(_feed(dut, s, sdi, "sdi_data"))
    # SEED bytes one per clock and a padded block per 135; a DO word per clock, 24 clocks per
    # 136 output bytes
    seed_bytes = sum(len(a) // 2 for k, a in steps if k != "gen")
    out_bytes = sum(a for k, a in steps if k == "gen")
    clocks = 2000 + 400 * len(steps) + 4 * seed_bytes + out_bytes
    words = [x["do_data"] for x in await do.wait_for(n_do, clocks=clocks)]
    got, k = b"", 0
    while k < len(words):
        if words[k] >> (W - 4) in (0b1110, 0b1111):
            st = decode_status(words[k], W)
            assert st.ok, f"the engine answered failure, reason {st.reason.name}"
            k += 1
            continue
        h = decode_header(words[k], W)
        assert h.type == Seg.RANDOM, f"DO word {k}: a {h.type.name} segment"
        n = words_for(h.length, W)
        got += unpack_data(words[k + 1:k + 1 + n], h.length, W)
        k += 1 + n
    assert len(got) == out_bytes, f"{len(got)} bytes out, {out_bytes} asked for"
    Path(os.environ["LC_RANDOM_OUT"]).write_bytes(got)
