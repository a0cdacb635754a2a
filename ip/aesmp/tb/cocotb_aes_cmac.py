# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/aesmp/rtl/aes_cmac.v.

Expected values: the SP 800-38B example vectors as the cryptography-vectors package ships them
(cryptography_vectors/CMAC/nist-800-38b-aes{128,192,256}.txt) and pycryptodome's CMAC; none
come from the RTL or our model. Streams: command, message in, tag out and status, each with
seeded random stalls. LC_SEED replays a run (the seed is logged).
"""
import json
import os
import random

import cocotb
from Crypto.Cipher import AES
from Crypto.Hash import CMAC
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from cocotb_aes_hash import beats
from cocotb_streams import Sink, Source
from linecrypt.vectors import cryptography_vectors_dir, read_nist

SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 32)))
SWEEP = int(json.loads(os.environ.get("LC_PARAMS", "{}")).get("SWEEP", 0))   # 1: pytest -m slow
KLEN = {16: 0, 24: 1, 32: 2}


def reference(key, msg, tlen):
    return CMAC.new(key, msg, ciphermod=AES, mac_len=16).digest()[:tlen]


class Bench:
    def __init__(self, dut, stall=0.0, seed_extra=0):
        self.dut = dut
        s = SEED + 10 * seed_extra
        self.cmd = Source(dut, "c_valid", "c_ready", ["c_key", "c_klen", "c_tlen"], seed=s,
                          p_idle=stall)
        self.data = Source(dut, "s_tvalid", "s_tready", ["s_tdata", "s_tkeep", "s_tlast"],
                           seed=s + 1, p_idle=stall)
        self.out = Sink(dut, "m_tvalid", "m_tready", ["m_tdata", "m_tkeep", "m_tlast"], seed=s + 2,
                        p_stall=stall)
        self.st = Sink(dut, "st_valid", "st_ready", ["st_err"], seed=s + 3, p_stall=stall)
        self.expected = []

    async def start(self):
        cocotb.start_soon(Clock(self.dut.clk, 10, unit="ns").start())
        self.dut.rst.value = 1
        await ClockCycles(self.dut.clk, 3)
        self.dut.rst.value = 0
        for s in (self.cmd, self.data, self.out, self.st):
            cocotb.start_soon(s.run())
        self.dut._log.info(f"seed {SEED} (LC_SEED replays)")

    def send(self, key, data_beats, tlen, expect, klen=None, err=0):
        klen = KLEN[len(key)] if klen is None else klen
        self.cmd.put({"c_key": int.from_bytes(key.ljust(32, b"\0"), "big"), "c_klen": klen,
                      "c_tlen": tlen})
        for b in data_beats:
            self.data.put(b)
        self.expected.append((expect, err))

    def mac(self, key, msg, tlen=16, rng=None):
        self.send(key, beats(msg, rng), tlen, reference(key, msg, tlen))

    async def check(self):
        st = await self.st.wait_for(len(self.expected), clocks=400_000)
        msgs, cur = [], b""
        for b in self.out.items:
            k = bin(b["m_tkeep"]).count("1")
            assert b["m_tkeep"] == (1 << k) - 1, f"m_tkeep {b['m_tkeep']:#x} not contiguous"
            assert k == 8 or b["m_tlast"], "a partial beat without m_tlast"
            cur += b["m_tdata"].to_bytes(8, "little")[:k]
            if b["m_tlast"]:
                msgs.append(cur)
                cur = b""
        assert cur == b"", "output ends without m_tlast"
        it = iter(msgs)
        for i, ((exp, err), s) in enumerate(zip(self.expected, st)):
            assert s["st_err"] == err, f"message {i}: st_err {s['st_err']}, expected {err}"
            if err:
                continue
            got = next(it, None)
            assert got == exp, f"message {i}: tag differs\n{got and got.hex()}\n{exp.hex()}"
        assert next(it, None) is None, "more tags than expected"


@cocotb.test()
async def test_sp800_38b_vectors(dut):
    """The SP 800-38B examples (AES-128/192/256, 0, 16, 40 and 64 bytes), back to back."""
    b = Bench(dut)
    await b.start()
    n = 0
    for kb in (128, 192, 256):
        for r in read_nist(cryptography_vectors_dir() / "CMAC" / f"nist-800-38b-aes{kb}.txt"):
            msg = bytes.fromhex(r.get("MESSAGE", ""))
            exp = bytes.fromhex(r["OUTPUT"])
            assert reference(bytes.fromhex(r["KEY"]), msg, 16) == exp     # the reference agrees
            b.send(bytes.fromhex(r["KEY"]), beats(msg), 16, exp)
            n += 1
    assert n == 12
    await b.check()


@cocotb.test()
async def test_lengths_tags_random_stalls(dut):
    """Every message length 0..49 (empty, partial and complete last blocks), every tag length
    1..16, every key size, against pycryptodome, random stalls on all streams."""
    rng = random.Random(SEED)
    b = Bench(dut, stall=0.3, seed_extra=1)
    await b.start()
    for n in list(range(50)) + [rng.randrange(50, 300) for _ in range(3)]:
        key = rng.randbytes(rng.choice((16, 24, 32)))
        b.mac(key, rng.randbytes(n), rng.randrange(1, 17), rng)
    await b.check()


@cocotb.test()
async def test_bad_input(dut):
    """c_klen = 3, c_tlen 0 and 17, a beat before the last with s_tkeep != 0xff, a gap in the
    last s_tkeep: status error, no tag, the message read to its end; the next one is right."""
    rng = random.Random(SEED + 2)
    b = Bench(dut, stall=0.2, seed_extra=2)
    await b.start()
    key = rng.randbytes(16)
    good = beats(rng.randbytes(40))
    bad1 = [dict(x) for x in good]
    bad1[1]["s_tkeep"] = 0x3F
    bad2 = [dict(x) for x in good]
    bad2[-1]["s_tkeep"] = 0x09
    for kl, tl, bts in ((3, 16, good), (0, 0, good), (0, 17, good), (0, 16, bad1), (0, 16, bad2)):
        b.send(key, bts, tl, b"", klen=kl, err=1)
        b.mac(rng.randbytes(32), rng.randbytes(rng.randrange(60)), rng.randrange(1, 17), rng)
    await b.check()


@cocotb.test()
async def test_reset_mid_message(dut):
    """Reset during the subkey, the message and a held tag: nothing of it comes out after; the
    next messages are right."""
    rng = random.Random(SEED + 3)
    b = Bench(dut, seed_extra=3)
    await b.start()
    for at, n in ((5, 300), (40, 300), (60, 3)):
        b.out.p_stall = 1.0 if n == 3 else 0.0
        b.mac(rng.randbytes(16), rng.randbytes(n))
        await ClockCycles(dut.clk, at)
        dut.rst.value = 1
        await RisingEdge(dut.clk)
        for s in (b.cmd, b.data):
            s.clear()
        await ClockCycles(dut.clk, 2)
        dut.rst.value = 0
        b.out.p_stall = 0.0
        await ClockCycles(dut.clk, 2)
        b.out.items.clear()
        b.st.items.clear()
        b.expected.clear()
        await ClockCycles(dut.clk, 50)
        assert not b.out.items and not b.st.items, "output after reset"
    for _ in range(3):
        b.mac(rng.randbytes(24), rng.randbytes(rng.randrange(70)), 16, rng)
    await b.check()


@cocotb.test()
async def test_block_rate(dut):
    """A long message without stalls: Nr + 3 clocks per block, one more block for L with a new
    key; the same key again skips L (and the tag is still right)."""
    rng = random.Random(SEED + 4)
    b = Bench(dut, seed_extra=4)
    await b.start()
    for kl, nr in ((16, 10), (24, 12), (32, 14)):
        nblk = 16
        key = rng.randbytes(kl)
        for extra in (1, 0):             # a new key: L first; the same key: no L
            n0 = len(b.st.items)
            b.mac(key, rng.randbytes(16 * nblk))
            clocks = 0
            while len(b.st.items) == n0:
                await RisingEdge(dut.clk)
                clocks += 1
            dut._log.info(f"AES-{kl * 8}: {clocks} clocks for {nblk} blocks{' + L' if extra else ''}")
            want = (nblk + extra) * (nr + 3)
            assert want <= clocks <= want + 10, clocks
    await b.check()


@cocotb.test(skip=not SWEEP)
async def test_length_sweep(dut):
    """Every length 0..300 with random key sizes and tag lengths, random stalls."""
    rng = random.Random(SEED + 5)
    b = Bench(dut, stall=0.3, seed_extra=5)
    await b.start()
    for n in range(301):
        b.mac(rng.randbytes(rng.choice((16, 24, 32))), rng.randbytes(n), rng.randrange(1, 17), rng)
    await b.check()
