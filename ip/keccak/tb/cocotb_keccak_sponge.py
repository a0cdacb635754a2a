# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/keccak/rtl/keccak_sponge.v and keccak_sponge_lite.v (same ports).

Expected values: Python's hashlib (SHA3-224/256/384/512, SHAKE128/256), pycryptodome's
Keccak-256 and the Keccak team's Keccak-256 KATs in ../shared/vectors/keccak256 (original
padding); none come from the RTL or from our own model. Streams: command, data in, data out and status, each with seeded random
stalls. LC_PARAMS: RPC, or LITE = 1 for keccak_sponge_lite (its MEM_BRAM and WREG; LONG = 1 runs
every KAT and block count a default lite run trims to keep it short). LC_SEED replays a run (the
seed is logged).
"""
import hashlib
import json
import os
import random

import cocotb
from Crypto.Hash import keccak
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from cocotb_streams import Sink, Source
from linecrypt.vectors import read_nist, shared_vectors_dir

P = json.loads(os.environ["LC_PARAMS"])
LITE = bool(P.get("LITE", 0))
LONG = bool(P.get("LONG", 0)) or not LITE
RPC = 1 if LITE else int(P["RPC"])
WREG = int(P.get("WREG", 1))
# keccak_sponge_lite: clocks from a block's last lane to the next block's first (permutation
# plus fetching lane 0), as keccak_p1600_lite gives them
LITE_PERM = 2 + (35 + 1 + WREG) + 24 * (25 + 1 + 35 + 2 * (1 + WREG))
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 32)))

# name -> (rate in bytes, suffix)
MODES = {"sha3_224": (144, 0x06), "sha3_256": (136, 0x06), "sha3_384": (104, 0x06),
         "sha3_512": (72, 0x06), "shake_128": (168, 0x1F), "shake_256": (136, 0x1F),
         "keccak_256": (136, 0x01)}
DIGEST = {"sha3_224": 28, "sha3_256": 32, "sha3_384": 48, "sha3_512": 64, "keccak_256": 32}


def reference(mode, msg, out_len):
    if mode == "keccak_256":
        return keccak.new(data=msg, digest_bits=256).digest()
    h = hashlib.new(mode, msg)
    return h.digest(out_len) if mode.startswith("shake") else h.digest()


def beats(msg, rng=None):
    """Data beats: 8 bytes each, the last with the rest (tkeep 2^k - 1); a message that fills
    its last beat is sometimes closed by an extra tkeep = 0 beat instead (both are allowed)."""
    out = []
    for i in range(0, len(msg), 8):
        chunk = msg[i:i + 8]
        out.append({"s_tdata": int.from_bytes(chunk, "little"), "s_tkeep": (1 << len(chunk)) - 1,
                    "s_tlast": 0})
    if not out or (rng is not None and len(msg) % 8 == 0 and rng.random() < 0.3):
        out.append({"s_tdata": rng.getrandbits(64) if rng else 0, "s_tkeep": 0, "s_tlast": 1})
    else:
        out[-1]["s_tlast"] = 1
    return out


class Bench:
    def __init__(self, dut, stall=0.0, seed_extra=0):
        self.dut = dut
        s = SEED + 10 * seed_extra
        self.cmd = Source(dut, "c_valid", "c_ready", ["c_rate_w", "c_suffix", "c_nr", "c_out_len"],
                          seed=s, p_idle=stall)
        self.data = Source(dut, "s_tvalid", "s_tready", ["s_tdata", "s_tkeep", "s_tlast"],
                           seed=s + 1, p_idle=stall)
        self.out = Sink(dut, "m_tvalid", "m_tready", ["m_tdata", "m_tkeep", "m_tlast"], seed=s + 2,
                        p_stall=stall)
        self.st = Sink(dut, "st_valid", "st_ready", ["st_err"], seed=s + 3, p_stall=stall)
        self.expected = []          # (output bytes, err)

    async def start(self):
        cocotb.start_soon(Clock(self.dut.clk, 10, unit="ns").start())
        self.dut.rst.value = 1
        await ClockCycles(self.dut.clk, 3)
        self.dut.rst.value = 0
        for s in (self.cmd, self.data, self.out, self.st):
            cocotb.start_soon(s.run())
        self.dut._log.info(f"seed {SEED} (LC_SEED replays), {'LITE ' + str(P) if LITE else f'RPC={RPC}'}")

    def send(self, rate, suffix, out_len, data_beats, expect, err=0, nr=24):
        self.cmd.put({"c_rate_w": rate // 8, "c_suffix": suffix, "c_nr": nr, "c_out_len": out_len})
        for b in data_beats:
            self.data.put(b)
        self.expected.append((expect, err))

    def hash(self, mode, msg, out_len=None, rng=None):
        rate, suffix = MODES[mode]
        out_len = DIGEST.get(mode, out_len)
        self.send(rate, suffix, out_len, beats(msg, rng), reference(mode, msg, out_len))

    async def check(self):
        st = await self.st.wait_for(len(self.expected), clocks=4_000_000 if LITE else 400_000)
        # output beats split into messages at m_tlast; messages with an error or out_len = 0
        # have none
        msgs, cur = [], b""
        for b in self.out.items:
            k = bin(b["m_tkeep"]).count("1")
            assert b["m_tkeep"] == (1 << k) - 1, f"m_tkeep {b['m_tkeep']:#x} not contiguous"
            cur += b["m_tdata"].to_bytes(8, "little")[:k]
            assert k == 8 or b["m_tlast"], "a partial beat without m_tlast"
            if b["m_tlast"]:
                msgs.append(cur)
                cur = b""
        assert cur == b"", "output ends without m_tlast"
        it = iter(msgs)
        for i, ((exp, err), s) in enumerate(zip(self.expected, st)):
            assert s["st_err"] == err, f"message {i}: st_err {s['st_err']}, expected {err}"
            if err or not exp:
                continue
            got = next(it, None)
            assert got == exp, f"message {i}: output differs\n{got and got.hex()}\n{exp.hex()}"
        assert next(it, None) is None, "more output messages than expected"


def lengths(rate, rng):
    return sorted({0, 1, 7, 8, 9, rate - 9, rate - 8, rate - 1, rate, rate + 1, rate + 8,
                   2 * rate - 1, 2 * rate, rng.randrange(3 * rate)})


@cocotb.test()
async def test_hash_modes(dut):
    """Every mode at the block-boundary lengths and a random one, random stalls on all streams;
    SHAKE outputs cross several squeeze blocks."""
    rng = random.Random(SEED)
    b = Bench(dut, stall=0.3)
    await b.start()
    for mode, (rate, _) in MODES.items():
        for n in lengths(rate, rng):
            out_len = rng.choice([1, 7, 8, 32, rate - 1, rate, rate + 1, 2 * rate + 5])
            b.hash(mode, rng.randbytes(n), out_len, rng)
    await b.check()


@cocotb.test()
async def test_keccak256_kats(dut):
    """Keccak-256 (original padding) against the Keccak team's short-message KATs, back to back
    without stalls (the first 40 byte-length ones; a default lite run takes 12)."""
    b = Bench(dut, seed_extra=1)
    await b.start()
    recs = [r for r in read_nist(shared_vectors_dir() / "keccak256" / "ShortMsgKAT_256.txt")
            if int(r["Len"]) % 8 == 0][:40 if LONG else 12]
    for r in recs:
        msg = bytes.fromhex(r["Msg"])[:int(r["Len"]) // 8]
        b.send(136, 0x01, 32, beats(msg), bytes.fromhex(r["MD"]))
    await b.check()


@cocotb.test()
async def test_bad_input(dut):
    """A non-last beat with s_tkeep != 0xFF, a gap in s_tkeep, rate 0 and 25 lanes, suffix 0, a
    round count the core rejects: status error, no output beats, and the next message is right."""
    rng = random.Random(SEED + 2)
    b = Bench(dut, stall=0.2, seed_extra=2)
    await b.start()
    msg = rng.randbytes(300)
    good = beats(msg)
    bad1 = [dict(x) for x in good]
    bad1[3]["s_tkeep"] = 0x7F
    bad2 = [dict(x) for x in good]
    bad2[-1]["s_tkeep"] = 0x05
    for rate_b, suffix, nr, bts in ((136, 6, 24, bad1), (136, 6, 24, bad2), (0, 6, 24, good),
                                    (200, 6, 24, good), (136, 0, 24, good), (136, 6, 0, good),
                                    (136, 6, 25, good)):
        b.send(rate_b, suffix, 32, bts, b"", err=1, nr=nr)
        m2 = rng.randbytes(rng.randrange(400))
        b.hash("sha3_256", m2, rng=rng)
    await b.check()


@cocotb.test()
async def test_reset_mid_message(dut):
    """Reset while absorbing and while squeezing: nothing of the old message comes out after it;
    the next messages are right."""
    rng = random.Random(SEED + 3)
    b = Bench(dut, seed_extra=3)
    await b.start()
    # clocks into a long SHAKE message: absorbing, squeezing
    for at in ((40, LITE_PERM + 120) if LITE else (40, 150)):
        b.hash("shake_128", rng.randbytes(2000 if at == 40 else 10), 4000, rng)
        await ClockCycles(dut.clk, at)
        dut.rst.value = 1                # c_ready and s_tready fall with it: no handshake
        await RisingEdge(dut.clk)
        for s in (b.cmd, b.data):
            s.clear()
        await ClockCycles(dut.clk, 2)
        dut.rst.value = 0
        await ClockCycles(dut.clk, 2)
        b.out.items.clear()
        b.st.items.clear()
        b.expected.clear()
        await ClockCycles(dut.clk, 50)
        assert not b.out.items and not b.st.items, "output after reset"
    for _ in range(4):
        b.hash("sha3_512", rng.randbytes(rng.randrange(300)), rng=rng)
    await b.check()


@cocotb.test()
async def test_absorb_rate(dut):
    """A long message with no stalls: clocks per block = max(rate_w + 1, nr / RPC), the figure
    the datasheet gives (lite: rate_w + the permutation, 39 + 65 nr with WREG = 1; the first
    block writes all 25 lanes)."""
    rng = random.Random(SEED + 4)
    b = Bench(dut, seed_extra=4)
    await b.start()
    for mode in ("sha3_256", "sha3_512", "shake_128"):
        rate = MODES[mode][0]
        nblk = 20 if LONG else 3
        msg = rng.randbytes(rate * nblk - 1)
        n0 = len(b.st.items)
        b.hash(mode, msg, 32, rng)
        clocks = 0
        while len(b.st.items) == n0:
            await RisingEdge(dut.clk)
            clocks += 1
        per = rate // 8 + LITE_PERM if LITE else max(rate // 8 + 1, 24 // RPC)
        slack = (25 - rate // 8) + 30 if LITE else 24 // RPC + 12
        dut._log.info(f"{mode}: {clocks} clocks for {nblk} blocks ({per} per block expected)")
        assert nblk * per <= clocks <= nblk * per + slack, clocks
    await b.check()
