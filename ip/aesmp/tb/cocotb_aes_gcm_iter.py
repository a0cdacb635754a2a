# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/aesmp/rtl/aes_gcm_iter.v.

Expected values from pycryptodome's AES-GCM (and linecrypt.models.gcm for the same inputs):
encryption (CT and tag) and decryption (PT, tag check) with 128/192/256-bit keys, IVs of 1, 12,
13, 16, 17 and 64 bytes, AD and messages around the 16-byte block, under random stalls on every
stream. LC_SEED replays a run (the seed is logged).
"""
import os
import random

import cocotb
from Crypto.Cipher import AES
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from cocotb_aes_hash import beats
from cocotb_streams import Sink, Source
from linecrypt.models import gcm
from linecrypt.models.aes import AES as ModelAES

SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 32)))


def gcm_ref(key, iv, ad, msg):
    c = AES.new(key, AES.MODE_GCM, nonce=iv, mac_len=16)
    c.update(ad)
    ct, tag = c.encrypt_and_digest(msg)
    assert gcm.encrypt(ModelAES(key), iv, ad, msg, 16) == ct + tag
    return ct, tag


class Bench:
    def __init__(self, dut, stall=0.0, seed_extra=0):
        self.dut = dut
        s = SEED + 10 * seed_extra
        self.cmd = Source(dut, "c_valid", "c_ready", ["c_key", "c_klen", "c_dec"], seed=s,
                          p_idle=stall)
        self.data = Source(dut, "s_tvalid", "s_tready", ["s_tdata", "s_tkeep", "s_tlast"],
                           seed=s + 1, p_idle=stall)
        self.out = Sink(dut, "m_tvalid", "m_tready", ["m_tdata", "m_tkeep", "m_tlast"],
                        seed=s + 2, p_stall=stall)
        self.st = Sink(dut, "st_valid", "st_ready", ["st_fail", "st_tag"], seed=s + 3,
                       p_stall=stall)
        self.expected = []          # (output bytes, tag, fail)

    async def start(self):
        cocotb.start_soon(Clock(self.dut.clk, 10, unit="ns").start())
        self.dut.rst.value = 1
        await ClockCycles(self.dut.clk, 3)
        self.dut.rst.value = 0
        for s in (self.cmd, self.data, self.out, self.st):
            cocotb.start_soon(s.run())
        self.dut._log.info(f"seed {SEED} (LC_SEED replays)")

    def enc(self, key, iv, ad, msg, rng=None):
        self.cmd.put({"c_key": int.from_bytes(key.ljust(32, b"\0"), "big"),
                      "c_klen": len(key) // 8 - 2, "c_dec": 0})
        for p in (iv, ad, msg):
            for b in beats(p, rng):
                self.data.put(b)
        ct, tag = gcm_ref(key, iv, ad, msg)
        self.expected.append((ct, tag, 0))

    def dec(self, key, iv, ad, ct, tag, rng=None):
        self.cmd.put({"c_key": int.from_bytes(key.ljust(32, b"\0"), "big"),
                      "c_klen": len(key) // 8 - 2, "c_dec": 1})
        for p in (iv, ad, ct, tag):
            for b in beats(p, rng):
                self.data.put(b)
        c = AES.new(key, AES.MODE_GCM, nonce=iv, mac_len=16)
        c.update(ad)
        pt = c.decrypt(ct)
        try:
            c.verify(tag)
            ok = True
        except ValueError:
            ok = False
        want_tag = gcm_ref(key, iv, ad, pt)[1]
        self.expected.append((pt, want_tag, int(not ok)))

    async def check(self):
        st = await self.st.wait_for(len(self.expected), clocks=400_000)
        msgs, cur = [], b""
        for b in self.out.items:
            k = bin(b["m_tkeep"]).count("1")
            assert b["m_tkeep"] == (1 << k) - 1, f"m_tkeep {b['m_tkeep']:#x} not contiguous"
            cur += b["m_tdata"].to_bytes(8, "little")[:k]
            if b["m_tlast"]:
                msgs.append(cur)
                cur = b""
        assert cur == b"", "output ends without m_tlast"
        it = iter(msgs)
        for i, ((out, tag, fail), s) in enumerate(zip(self.expected, st)):
            assert s["st_fail"] == fail, f"message {i}: st_fail {s['st_fail']}, expected {fail}"
            assert s["st_tag"] == int.from_bytes(tag, "big"), f"message {i}: tag differs"
            if out:
                got = next(it, None)
                assert got == out, f"message {i}: output differs\n{got and got.hex()}\n{out.hex()}"
        assert next(it, None) is None, "more output than expected"


@cocotb.test()
async def test_encrypt_decrypt(dut):
    """Encryption and decryption of random messages: every key size, IVs of 1, 12, 13, 16, 17
    and 64 bytes, AD of 0..33 bytes, messages of 0..49 bytes; a flipped tag, CT and AD bit fail
    the check (the plaintext still leaves: the caller holds it)."""
    rng = random.Random(SEED)
    b = Bench(dut, stall=0.3)
    await b.start()
    for i in range(40):
        key = rng.randbytes(rng.choice([16, 24, 32]))
        iv = rng.randbytes(rng.choice([12, 12, 1, 13, 16, 17, 64]))
        ad = rng.randbytes(rng.choice([0, rng.randrange(1, 34)]))
        msg = rng.randbytes(rng.choice([0, rng.randrange(1, 50)]))
        b.enc(key, iv, ad, msg, rng)
        ct, tag = gcm_ref(key, iv, ad, msg)
        if i % 3 == 0:
            tag = bytes([tag[0] ^ 1]) + tag[1:]
        elif i % 3 == 1 and ct:
            ct = bytes([ct[0] ^ 0x80]) + ct[1:]
        b.dec(key, iv, ad, ct, tag, rng)
    await b.check()


@cocotb.test()
async def test_reset(dut):
    """Reset in the middle of a message: nothing more comes out; the next message is right."""
    rng = random.Random(SEED + 1)
    b = Bench(dut, seed_extra=1)
    await b.start()
    key = rng.randbytes(32)
    b.enc(key, rng.randbytes(12), b"", rng.randbytes(300))
    await ClockCycles(dut.clk, 60)
    dut.rst.value = 1
    await RisingEdge(dut.clk)
    b.cmd.clear()
    b.data.clear()
    await ClockCycles(dut.clk, 2)
    dut.rst.value = 0
    await ClockCycles(dut.clk, 2)
    b.out.items.clear()
    b.st.items.clear()
    b.expected.clear()
    b.enc(key, rng.randbytes(20), b"ad", rng.randbytes(33))
    await b.check()
