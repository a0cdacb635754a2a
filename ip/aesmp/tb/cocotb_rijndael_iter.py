# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/aesmp/rtl/rijndael_iter.v.

Expected values: Gladman's Rijndael-256 vectors (../shared/vectors/rijndael256), pycryptodome AES
for Nb = 4, and linecrypt.models.rijndael (itself proven against those vectors) for random
Rijndael-256 blocks. Streams: input and output, each with seeded random stalls. LC_PARAMS: NB8.
LC_SEED replays a run (the seed is logged).
"""
import json
import os
import random

import cocotb
from Crypto.Cipher import AES
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from cocotb_streams import Sink, Source
from linecrypt.models.rijndael import Rijndael
from linecrypt.vectors import shared_vectors_dir

P = json.loads(os.environ["LC_PARAMS"])
NB8 = int(P.get("NB8", 1))
SWEEP = int(P.get("SWEEP", 0))      # 1: the long random sweep (pytest -m slow)
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 32)))
KLEN = {16: 0, 24: 1, 32: 2}


def gladman():
    recs, pt = [], None
    for line in (shared_vectors_dir() / "rijndael256" / "rijndael256_gladman.txt").read_text().splitlines():
        if "=" not in line or line.startswith("#"):
            continue
        k, v = (x.strip() for x in line.split("="))
        if k == "PT":
            pt = bytes.fromhex(v)
        elif k == "KEY":
            key = bytes.fromhex(v)
        elif k == "CT":
            recs.append((key, pt, bytes.fromhex(v)))
    return recs


class Bench:
    def __init__(self, dut, stall=0.0, seed_extra=0):
        self.dut = dut
        s = SEED + 10 * seed_extra
        self.inp = Source(dut, "s_valid", "s_ready", ["s_nb8", "s_klen", "s_key", "s_block", "s_user"],
                          seed=s, p_idle=stall)
        self.out = Sink(dut, "m_valid", "m_ready", ["m_block", "m_err", "m_user"], seed=s + 1,
                        p_stall=stall)
        self.expected = []

    async def start(self):
        cocotb.start_soon(Clock(self.dut.clk, 10, unit="ns").start())
        self.dut.rst.value = 1
        await ClockCycles(self.dut.clk, 3)
        self.dut.rst.value = 0
        for s in (self.inp, self.out):
            cocotb.start_soon(s.run())
        self.dut._log.info(f"seed {SEED} (LC_SEED replays), NB8={NB8}")

    def send(self, key, block, expect, klen=None, err=0):
        klen = KLEN[len(key)] if klen is None else klen
        nb8 = int(len(block) == 32)
        u = len(self.expected) & 1
        self.inp.put({"s_nb8": nb8, "s_klen": klen,
                      "s_key": int.from_bytes(key.ljust(32, b"\0"), "big"),
                      "s_block": int.from_bytes(block.ljust(32, b"\0"), "big"), "s_user": u})
        self.expected.append((expect.ljust(32, b"\0"), err, u))

    async def check(self):
        got = await self.out.wait_for(len(self.expected), clocks=200_000)
        for i, ((exp, err, u), g) in enumerate(zip(self.expected, got)):
            assert g["m_err"] == err, f"block {i}: m_err {g['m_err']}, expected {err}"
            assert g["m_user"] == u, f"block {i}: m_user"
            blk = g["m_block"].to_bytes(32, "big")
            assert blk == exp, f"block {i}: {blk.hex()} != {exp.hex()}"


def aes(key, pt):
    return AES.new(key, AES.MODE_ECB).encrypt(pt)


@cocotb.test(skip=not NB8)
async def test_gladman_rijndael256(dut):
    """Rijndael-256 against Gladman's vectors (128-, 192- and 256-bit keys), back to back."""
    b = Bench(dut)
    await b.start()
    for key, pt, ct in gladman():
        if len(key) in KLEN:
            b.send(key, pt, ct)
    await b.check()


@cocotb.test()
async def test_aes_random_stalls(dut):
    """AES-128/192/256 (Nb = 4) against pycryptodome and, with NB8, Rijndael-256 against the model,
    interleaved, random stalls on both streams."""
    rng = random.Random(SEED)
    b = Bench(dut, stall=0.3, seed_extra=1)
    await b.start()
    for n in range(60):
        key = rng.randbytes(rng.choice((16, 24, 32)))
        if NB8 and n % 3 == 2:
            pt = rng.randbytes(32)
            b.send(key, pt, Rijndael(key, 32).encrypt_block(pt))
        else:
            pt = rng.randbytes(16)
            b.send(key, pt, aes(key, pt))
    await b.check()


@cocotb.test()
async def test_fips197_and_bad_input(dut):
    """FIPS-197 Appendix C, then s_klen = 3 (and Nb = 8 without NB8): m_err, zero block; the
    next blocks are right."""
    b = Bench(dut, stall=0.2, seed_extra=2)
    await b.start()
    pt = bytes.fromhex("00112233445566778899aabbccddeeff")
    for kl in (16, 24, 32):
        key = bytes(range(kl))
        b.send(key, pt, aes(key, pt))
        b.send(key, pt, b"", klen=3, err=1)
    if not NB8:
        b.send(bytes(32), bytes(32), b"", err=1)
    b.send(bytes(16), pt, aes(bytes(16), pt))
    await b.check()


@cocotb.test()
async def test_reset_mid_block(dut):
    """Reset while a block is in the rounds and while its result waits: nothing comes out of
    it; the next blocks are right."""
    rng = random.Random(SEED + 3)
    b = Bench(dut, seed_extra=3)
    await b.start()
    for at in (5, 30):
        b.out.p_stall = 1.0 if at == 30 else 0.0     # at 30 the result is held at the output
        key, pt = rng.randbytes(32), rng.randbytes(16)
        b.send(key, pt, aes(key, pt))
        await ClockCycles(dut.clk, at)
        dut.rst.value = 1
        await RisingEdge(dut.clk)
        b.inp.clear()
        await ClockCycles(dut.clk, 2)
        dut.rst.value = 0
        b.out.p_stall = 0.0
        await ClockCycles(dut.clk, 2)
        b.out.items.clear()
        b.expected.clear()
        await ClockCycles(dut.clk, 30)
        assert not b.out.items, "output after reset"
    key, pt = rng.randbytes(16), rng.randbytes(16)
    b.send(key, pt, aes(key, pt))
    await b.check()


@cocotb.test()
async def test_block_rate(dut):
    """Back-to-back blocks without stalls: Nr + 2 clocks per block (the datasheet's figure)."""
    rng = random.Random(SEED + 4)
    b = Bench(dut, seed_extra=4)
    await b.start()
    cases = [(16, 16, 10), (24, 16, 12), (32, 16, 14)] + ([(32, 32, 14), (16, 32, 14)] if NB8 else [])
    for kl, bl, nr in cases:
        n, n0 = 10, len(b.out.items)
        for _ in range(n):
            key, pt = rng.randbytes(kl), rng.randbytes(bl)
            b.send(key, pt, aes(key, pt) if bl == 16 else Rijndael(key, 32).encrypt_block(pt))
        clocks = 0
        while len(b.out.items) < n0 + n:
            await RisingEdge(dut.clk)
            clocks += 1
        dut._log.info(f"key {kl * 8}, block {bl * 8}: {clocks} clocks for {n} blocks")
        assert n * (nr + 2) <= clocks <= n * (nr + 2) + 4, clocks
    await b.check()


@cocotb.test(skip=not SWEEP)
async def test_random_sweep(dut):
    """2000 random blocks, every key size, both block sizes (with NB8), random stalls."""
    rng = random.Random(SEED + 5)
    b = Bench(dut, stall=0.3, seed_extra=5)
    await b.start()
    for _ in range(2000):
        key = rng.randbytes(rng.choice((16, 24, 32)))
        if NB8 and rng.random() < 0.5:
            pt = rng.randbytes(32)
            b.send(key, pt, Rijndael(key, 32).encrypt_block(pt))
        else:
            pt = rng.randbytes(16)
            b.send(key, pt, aes(key, pt))
    await b.check()
