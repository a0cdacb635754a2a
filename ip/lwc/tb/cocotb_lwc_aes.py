# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/lwc/rtl/lwc_aes.v (the LWC-style front end of the AES engine).

PDI and SDI words are driven from the linecrypt.lwc builders and from hand-made words; DO is
compared word for word with the engine model of the build (:func:`new_model`:
linecrypt.lwc.engine.EngineModel(Engine.AES, W) with the build's GCM buffer limits, or without
AES-GCM when GCM = 0), itself proven against NIST vectors in tests/lwc, and with the builders'
DO where they give one. Independent anchors: AES-GCM and AES-CMAC results against pycryptodome,
Fortuna output against a generator written here from pycryptodome AES-256 and hashlib SHA-256.
Random valid/ready stalls on all three ports. LC_PARAMS: W, GCM, GCM_MSG, GCM_SEGS (the RTL's
defaults when absent), optionally SLOW. LC_SEED replays a run (the seed is logged).
"""
import hashlib
import os

import cocotb
from Crypto.Cipher import AES
from Crypto.Hash import CMAC
from cocotb.triggers import ClockCycles, RisingEdge

import lwc_bench
from linecrypt.lwc.engine import AeadLimits, EngineModel
from linecrypt.lwc.protocol import (
    Alg, Engine, Op, Seg, dec_transaction, enc_transaction, hash_transaction, key_transaction,
    mac_transaction, pack_data, prng_transaction, segments, unpack_data,
)
from lwc_bench import HDR, INS, P, SLOW, W, WB, check_foreign_algs, seg, split, v, view

GCM = int(P.get("GCM", 1))
# the buffers of the GCM path: AD streams into GHASH (counted in 32 bits), the message and its
# segment list are held until the tag is known
LIMITS = AeadLimits((1 << 32) - 1, int(P.get("GCM_MSG", 4096)), int(P.get("GCM_SEGS", 64)))


def new_model():
    """The engine model of this build."""
    if GCM:
        return EngineModel(Engine.AES, W, aead_limits=LIMITS)
    return EngineModel(Engine.AES, W, without={Alg.AES_GCM})


def hash_pdi(msg, alg=Alg.AES_HASH, chunks=None):
    return [INS(Op.HASH, alg)] + v(segments([(Seg.HASH_MSG, msg)], W,
                                            chunks=[chunks] if chunks else None))


def mac_pdi(msg, alg=Alg.AES_CMAC, chunks=None):
    return [INS(Op.MAC, alg)] + v(segments([(Seg.HASH_MSG, msg)], W,
                                           chunks=[chunks] if chunks else None))


def ldkey_sdi(key, chunks=None):
    return [INS(Op.LDKEY)] + v(segments([(Seg.KEY, key)], W, chunks=[chunks] if chunks else None))


def seed_pair(op, seed, alg=Alg.FORTUNA, chunks=None):
    """(PDI, SDI) of PRNG_SEED or PRNG_RESEED."""
    return [INS(op, alg)], [INS(op, alg)] + v(segments([(Seg.SEED, seed)], W,
                                                        chunks=[chunks] if chunks else None))


def aead_pdi(op, npub, ad, data, tag=None, alg=Alg.AES_GCM, rng=None, k=(1, 4)):
    """PDI of ENC (NPUB, AD, PT) or DEC (NPUB, AD, CT, TAG); with ``rng`` every part split at
    random bytes into 1..3 segments (empty ones included)."""
    parts = [(Seg.NPUB, npub), (Seg.AD, ad), (Seg.PT if op == Op.ENC else Seg.CT, data)]
    if op == Op.DEC:
        parts.append((Seg.TAG, tag))
    chunks = [split(d, rng, rng.randrange(*k)) for _, d in parts] if rng else None
    return [INS(op, alg)] + v(segments(parts, W, chunks=chunks))


def gcm_ref(key, npub, ad, pt):
    """(CT, tag) from pycryptodome."""
    c = AES.new(key, AES.MODE_GCM, nonce=npub, mac_len=16)
    c.update(ad)
    return c.encrypt_and_digest(pt)


def aead_results(segs):
    """From DO segments (:func:`do_segments`): [("enc", CT, tag) or ("dec", PT)] of the
    successful ENC/DEC, in order (an ENC's CT before a malformed header is not one)."""
    out, kind, cur = [], None, b""
    for t, d in segs:
        if t in (Seg.CT, Seg.PT):
            kind, cur = t, cur + d
            continue
        if t == Seg.TAG and kind == Seg.CT:
            out.append(("enc", cur, d))
        elif t == "STT" and kind == Seg.PT and d >> 28 == 0b1110:
            out.append(("dec", cur))
        kind, cur = None, b""
    return out


def gen_pdi(n, alg=Alg.FORTUNA):
    return [INS(Op.PRNG_GEN, alg)] + seg(Seg.LENGTH, n.to_bytes(4, "big"))


class FortunaRef:
    """The generator written from the book with pycryptodome and hashlib (not the model):
    K = SHA-256(K || s), C += 1; output AES-256_K(C), C little-endian, then two blocks rekey."""

    def __init__(self):
        self.key, self.ctr = bytes(32), 0

    def seed(self, s):
        self.key, self.ctr = bytes(32), 0
        self.reseed(s)

    def reseed(self, s):
        self.key = hashlib.sha256(self.key + s).digest()
        self.ctr += 1

    def _blocks(self, k):
        e = AES.new(self.key, AES.MODE_ECB)
        out = b""
        for _ in range(k):
            out += e.encrypt(self.ctr.to_bytes(16, "little"))
            self.ctr += 1
        return out

    def generate(self, n):
        r = self._blocks(-(-n // 16))[:n]
        self.key = self._blocks(2)
        return r


class Bench(lwc_bench.Bench):
    def new_model(self):
        return new_model()


def do_segments(words):
    """(type, bytes) of each DO segment and the status words, read back from DO words."""
    out, i = [], 0
    while i < len(words):
        v32 = words[i] >> (W - 32)
        if v32 >> 28 in (0b1110, 0b1111):
            out.append(("STT", v32))
            i += 1
            continue
        n = v32 & 0xFFFF
        k = -(-n // WB)
        out.append((v32 >> 28, unpack_data(words[i + 1:i + 1 + k], n, W)))
        i += 1 + k
    return out


@cocotb.test()
async def test_hash(dut):
    """AES-Hash (ALG 0x23 and 0) at lengths around its 32-byte blocks and its padding
    boundaries (0, 1, 23, 24, 31, 32, 33, 55, 56, 64, 100), messages split into segments at any
    byte, back to back under random stalls; DO as the builders and the model give it."""
    b = Bench(dut, stall=0.3)
    await b.start()
    rng = b.rng
    lens = [0, 1, 23, 24, 31, 32, 33, 55, 56, 64, 100] if not SLOW else list(range(0, 130))
    for n in lens:
        b.add_tx(hash_transaction("aes-hash", rng.randbytes(n), W))
    for n in (5, 70, 200):
        msg = rng.randbytes(n)
        t = hash_transaction("aes-hash", msg, W)
        b.add(hash_pdi(msg, 0, split(msg, rng, rng.randrange(2, 5))), [], v(t.do))
    await b.check()


@cocotb.test()
async def test_mac(dut):
    """AES-CMAC with 16-, 24- and 32-byte keys (ALG 0x22 and 0), messages of 0..65 bytes around
    the block boundaries and in several segments, tags checked against pycryptodome's CMAC
    besides the model; a KEY part in three segments; MAC without a key and with keys AES does
    not take (20 and 64 bytes): NO_KEY after the message is read."""
    b = Bench(dut, stall=0.3, seed_extra=1)
    await b.start()
    rng = b.rng
    anchors = []                                          # (index of the TAG segment, tag)
    b.add(mac_pdi(b"no key yet"))                          # NO_KEY
    for klen in (16, 24, 32):
        key = rng.randbytes(klen)
        b.add_tx(key_transaction(key, W))
        for n in (0, 1, 15, 16, 17, 32, 65):
            msg = rng.randbytes(n)
            b.add_tx(mac_transaction("aes-cmac", key, msg, W, load_key=False))
            anchors.append(CMAC.new(key, msg, ciphermod=AES).digest())
        msg = rng.randbytes(50)
        t = mac_transaction("aes-cmac", key, msg, W, load_key=False)
        b.add(mac_pdi(msg, 0, split(msg, rng, 4)), [], v(t.do))
        anchors.append(CMAC.new(key, msg, ciphermod=AES).digest())
    key = rng.randbytes(24)
    b.add([INS(Op.ACTKEY)], ldkey_sdi(key, split(key, rng, 3)), [])
    msg = rng.randbytes(40)
    b.add_tx(mac_transaction("aes-cmac", key, msg, W, load_key=False))
    anchors.append(CMAC.new(key, msg, ciphermod=AES).digest())
    for klen in (20, 64):
        b.add_tx(key_transaction(bytes(klen), W))
        b.add(mac_pdi(b"m" * 40))                          # NO_KEY
    got = await b.check()
    tags = [d for t, d in do_segments(got) if t == Seg.TAG]
    assert tags == anchors, "AES-CMAC tags differ from pycryptodome's"
    dut._log.info(f"{len(tags)} CMAC tags equal pycryptodome's")


@cocotb.test()
async def test_prng(dut):
    """Fortuna: PRNG_GEN and PRNG_RESEED before any PRNG_SEED (NOT_SEEDED), seed, requests of 0,
    1, 16, 33 and 100 bytes, reseed, a second PRNG_SEED (restart from K = 0, C = 0), seeds in
    several segments, ALG 0 and 0x24; output checked against the model and against a generator
    written here from pycryptodome and hashlib; LENGTH of 3 and 5 bytes and over 2^20."""
    b = Bench(dut, stall=0.3, seed_extra=2)
    await b.start()
    rng = b.rng
    ref, want = FortunaRef(), []
    b.add(gen_pdi(16))                                     # NOT_SEEDED
    b.add(*seed_pair(Op.PRNG_RESEED, b"early"))            # NOT_SEEDED, SEED read
    for alg in (Alg.FORTUNA, 0):
        s = rng.randbytes(rng.randrange(60))
        b.add(*seed_pair(Op.PRNG_SEED, s, alg))
        ref.seed(s)
        for n in (0, 1, 16, 33, 100):
            b.add(gen_pdi(n, alg))
            want.append(ref.generate(n))
        s = rng.randbytes(70)
        pdi, sdi = seed_pair(Op.PRNG_RESEED, s, alg, split(s, rng, 3))
        b.add(pdi, sdi)
        ref.reseed(s)
        b.add(gen_pdi(40, alg))
        want.append(ref.generate(40))
    b.add([INS(Op.PRNG_GEN)] + seg(Seg.LENGTH, b"\0\0\x10"))
    b.add([INS(Op.PRNG_GEN)] + seg(Seg.LENGTH, b"\0\0\0\0\x10"))
    b.add(gen_pdi((1 << 20) + 1))
    b.add([INS(Op.PRNG_GEN)] + seg(Seg.LENGTH, b"\0\0", eot=0, last=0)
          + seg(Seg.LENGTH, b"\0\x07"))                    # LENGTH in two segments
    want.append(ref.generate(7))
    # the builders' session from a fresh generator state: a PRNG_SEED restarts it
    t = prng_transaction("fortuna", [("seed", b"abc"), ("gen", 48), ("reseed", b"d"),
                                     ("gen", 5)], W)
    b.add_tx(t)
    ref.seed(b"abc")
    want.append(ref.generate(48))
    ref.reseed(b"d")
    want.append(ref.generate(5))
    got = await b.check()
    rnd = [d for t, d in do_segments(got) if t == Seg.RANDOM]
    assert rnd == want, "Fortuna output differs from the pycryptodome/hashlib generator"
    dut._log.info(f"{len(rnd)} Fortuna outputs equal the independent generator's")


@cocotb.test()
async def test_empty_and_back_to_back(dut):
    """Empty messages and seeds (one header of length 0) and a 0-byte request, back to back
    with no stall anywhere, interleaving every operation."""
    b = Bench(dut, seed_extra=3)
    await b.start()
    key = bytes(range(16))
    b.add_tx(key_transaction(key, W))
    for _ in range(2):
        b.add_tx(hash_transaction("aes-hash", b"", W))
        b.add_tx(mac_transaction("aes-cmac", key, b"", W, load_key=False))
        b.add(*seed_pair(Op.PRNG_SEED, b""))
        b.add(gen_pdi(0))
        b.add(*seed_pair(Op.PRNG_RESEED, b""))
        b.add(gen_pdi(3))
        b.add_tx(hash_transaction("aes-hash", b"x", W))
    got = await b.check()
    tags = [d for t, d in do_segments(got) if t == Seg.TAG]
    assert tags == [CMAC.new(key, b"", ciphermod=AES).digest()] * 2


@cocotb.test(skip=not GCM)
async def test_gcm(dut):
    """AES-GCM ENC and DEC with 16-, 24- and 32-byte keys, NPUB of 12, 1, 13, 16 and 64 bytes,
    AD and messages around the 16-byte block, every part split into segments at random bytes
    (empty segments included), ALG 0x21 and 0; DEC of each ciphertext, and with a flipped tag,
    CT, AD or NPUB bit (AUTH, no plaintext word). DO against the model and the builders; CT, tags
    and plaintexts read back from DO against pycryptodome's AES-GCM."""
    b = Bench(dut, stall=0.3, seed_extra=10)
    await b.start()
    rng = b.rng
    want = []
    lens = [0, 1, 15, 16, 17, 33, 70] if not SLOW else list(range(0, 50)) + [64, 100, 255]
    for klen in (16, 24, 32):
        key = rng.randbytes(klen)
        b.add_tx(key_transaction(key, W))
        for n in lens:
            npub = rng.randbytes(rng.choice([12, 12, 1, 13, 16, 64]))
            ad = rng.randbytes(rng.choice([0, 1, 16, rng.randrange(40)]))
            pt = rng.randbytes(n)
            ct, tag = gcm_ref(key, npub, ad, pt)
            alg = rng.choice([0, Alg.AES_GCM])
            if rng.random() < 0.5:
                t = enc_transaction("aes-gcm", key, npub, ad, pt, W, load_key=False)
                b.add_tx(t)
            else:
                b.add(aead_pdi(Op.ENC, npub, ad, pt, alg=alg, rng=rng))
            want.append(("enc", ct, tag))
            b.add(aead_pdi(Op.DEC, npub, ad, ct, tag, alg=alg, rng=rng))
            want.append(("dec", pt))
            bad = rng.randrange(4)
            if bad == 0:
                tag = bytes([tag[0] ^ 0x40]) + tag[1:]
            elif bad == 1 and ct:
                ct = ct[:-1] + bytes([ct[-1] ^ 1])
            elif bad == 2:
                ad = ad + b"x"
            else:
                npub = bytes([npub[0] ^ 2]) + npub[1:]
            b.add_tx(dec_transaction("aes-gcm", key, npub, ad, ct, tag, W, load_key=False))
    got = await b.check()
    res = aead_results(do_segments(got))
    assert res == want, "AES-GCM results differ from pycryptodome's"
    dut._log.info(f"{len(res)} AES-GCM results equal pycryptodome's")


@cocotb.test(skip=not GCM)
async def test_gcm_limits(dut):
    """AES-GCM failures, each followed by a good ENC: no key and keys of 20 and 64 bytes
    (NO_KEY), NPUB of 0 and 65 bytes, TAG of 15 and 17 bytes, ENC and DEC of GCM_MSG bytes (run)
    and of one byte more, GCM_SEGS PT segments (run) and one more (LENGTH); a malformed header
    after some PT segments (their CT, then MALFORMED), in NPUB, in AD and in a DEC's CT part."""
    b = Bench(dut, stall=0.2, seed_extra=11)
    await b.start()
    rng = b.rng
    key = rng.randbytes(16)
    npub = rng.randbytes(12)

    def good():
        b.add_tx(enc_transaction("aes-gcm", key, rng.randbytes(12), b"a", rng.randbytes(20), W,
                                 load_key=False))

    b.add(aead_pdi(Op.ENC, npub, b"", b"no key"))
    for klen in (20, 64):
        b.add_tx(key_transaction(bytes(klen), W))
        b.add(aead_pdi(Op.DEC, npub, b"", b"abc", bytes(16)))
    b.add_tx(key_transaction(key, W))
    good()
    for n in (0, 65):
        b.add(aead_pdi(Op.ENC, bytes(n), b"ad", b"pt"))
        good()
    for n in (15, 17):
        b.add(aead_pdi(Op.DEC, npub, b"", b"ct", bytes(n)))
        good()
    for n in (LIMITS.msg, LIMITS.msg + 1):
        pt = rng.randbytes(n)
        b.add(aead_pdi(Op.ENC, npub, b"", pt))
        ct, tag = gcm_ref(key, npub, b"", pt)
        b.add(aead_pdi(Op.DEC, npub, b"", ct, tag))
        good()
    for k in (LIMITS.segments, LIMITS.segments + 1):
        pt = rng.randbytes(k)
        parts = [(Seg.NPUB, npub), (Seg.AD, b""), (Seg.PT, pt)]
        b.add([INS(Op.ENC)] + v(segments(parts, W, chunks=[[npub], [b""],
                                                            [pt[i:i + 1] for i in range(k)]])))
        good()
    # malformed headers
    pt = rng.randbytes(40)
    b.add([INS(Op.ENC)] + seg(Seg.NPUB, npub, last=0) + seg(Seg.AD, b"ad", last=0)
          + seg(Seg.PT, pt[:13], eot=0, last=0) + seg(Seg.PT, pt[13:], eot=0, last=0)
          + [HDR(Seg.PT, 4, extra=1 << 27)] + pack_data(b"more", W))
    good()
    b.add([INS(Op.ENC)] + seg(Seg.NPUB, npub, last=0) + seg(Seg.AD, b"ad", last=0)
          + seg(Seg.CT, pt))                               # CT where PT is expected, sn = 0
    good()
    b.add([INS(Op.ENC)] + seg(Seg.NPUB, npub, eot=0, last=0) + seg(Seg.AD, b"ad"))
    good()
    b.add([INS(Op.DEC)] + seg(Seg.NPUB, npub, last=0) + seg(Seg.AD, rng.randbytes(30), last=0)
          + seg(Seg.CT, pt, eot=0, last=0) + seg(Seg.CT, b"x", last=1))
    good()
    exp, why = b.expected()
    dut._log.info(f"{len(why)} failure statuses expected: {why}")
    await b.check(clocks=1_000_000)


def malformed_cases(rng):
    """(description, PDI words, SDI words) of the malformed classes of the engine model."""
    m = rng.randbytes(50)
    good_msg = seg(Seg.HASH_MSG, m)
    lb = (100).to_bytes(4, "big")
    cases = []
    for code in (0b0000, 0b0001, 0b0101, 0b0110, 0b1011, 0b1110, 0b1111):
        cases.append((f"opcode {code:04b}", [INS(code)], []))
    cases += [
        ("HASH reserved bit", [INS(Op.HASH, 0x23, res=1 << rng.randrange(20))] + good_msg, []),
        ("HASH unknown ALG", [INS(Op.HASH, 0x25)] + good_msg, []),
        ("HASH with the MAC ALG", [INS(Op.HASH, 0x22)] + good_msg, []),
        ("HASH with SHA3-256 (other engine)", [INS(Op.HASH, 0x12)] + good_msg, []),
        ("MAC with Keccak-MAC (other engine)", [INS(Op.MAC, 0x18)] + good_msg, []),
        ("ACTKEY with an ALG", [INS(Op.ACTKEY, 0x22)], []),
        ("LDKEY on PDI", [INS(Op.LDKEY)], []),
        ("ENC AES-GCM (BAD_INSTRUCTION with GCM = 0)", [INS(Op.ENC, 0x21)] + seg(Seg.NPUB, bytes(12), last=0)
         + seg(Seg.AD, b"ad", last=0) + seg(Seg.PT, b"pt" * 9), []),
        ("DEC default (AES-GCM; BAD_INSTRUCTION with GCM = 0)",
         [INS(Op.DEC, 0)] + seg(Seg.NPUB, bytes(12), last=0) + seg(Seg.AD, b"", last=0)
         + seg(Seg.CT, b"c" * 7, last=0) + seg(Seg.TAG, bytes(16)), []),
        ("ENC Lake Keyak (other engine)", [INS(Op.ENC, 0x19)] + seg(Seg.NPUB, bytes(150), last=0)
         + seg(Seg.AD, b"", last=0) + seg(Seg.PT, b"p"), []),
        ("PRNG_RESEED with a hash ALG (invalid word, SDI untouched)", [INS(Op.PRNG_RESEED, 0x23)],
         []),
        ("PRNG_GEN with a hash ALG", [INS(Op.PRNG_GEN, 0x12)] + seg(Seg.LENGTH, lb), []),
        # segment headers
        ("header bit 27", [INS(Op.HASH)] + [good_msg[0] | view(1 << 27)] + good_msg[1:], []),
        ("header bits [23:16]", [INS(Op.HASH)] + [good_msg[0] | view(1 << (16 + rng.randrange(8)))]
         + good_msg[1:], []),
        ("header EOI set (not checked)", [INS(Op.HASH)] + [good_msg[0] | view(1 << 26)]
         + good_msg[1:], []),
        ("AD where HASH_MSG is expected", [INS(Op.HASH)] + seg(Seg.AD, m), []),
        ("LENGTH on HASH (AES-Hash is not an XOF)", [INS(Op.HASH)] + seg(Seg.LENGTH, lb, last=0)
         + good_msg, []),
        ("HASH_MSG where LENGTH is expected", [INS(Op.PRNG_GEN)] + good_msg, []),
        ("final segment with Last = 0, then a discarded segment",
         [INS(Op.HASH, 0x23)] + seg(Seg.HASH_MSG, m, last=0) + seg(Seg.AD, b"zz" * 9, last=1), []),
        ("Last = 1 on a non-EOT segment", [INS(Op.MAC)] + seg(Seg.HASH_MSG, m, eot=0, last=1), []),
        ("second segment malformed mid-message (hash core reset)",
         [INS(Op.HASH)] + seg(Seg.HASH_MSG, rng.randbytes(300), eot=0, last=0)
         + [HDR(Seg.HASH_MSG, 20, extra=1 << 27)] + pack_data(bytes(20), W)
         + seg(Seg.HASH_MSG, b"q" * 5, last=1), []),
        ("MAC malformed mid-message (CMAC core reset)", [INS(Op.MAC)]
         + seg(Seg.HASH_MSG, rng.randbytes(150), eot=0, last=0) + [HDR(0b1111, 3)]
         + pack_data(b"abc", W), []),
        ("LENGTH of 3 bytes", [INS(Op.PRNG_GEN)] + seg(Seg.LENGTH, lb[1:]), []),
        ("LENGTH with Last = 0, then a discarded segment", [INS(Op.PRNG_GEN)]
         + seg(Seg.LENGTH, lb, last=0) + seg(Seg.HASH_MSG, b"x"), []),
        # SDI
        ("ACTKEY, SDI holds a HASH", [INS(Op.ACTKEY)], [INS(Op.HASH)] + seg(Seg.HASH_MSG, m)),
        ("ACTKEY, SDI LDKEY with an ALG", [INS(Op.ACTKEY)], [INS(Op.LDKEY, 0x22)]
         + seg(Seg.KEY, bytes(16))),
        ("ACTKEY, KEY header type SEED", [INS(Op.ACTKEY)], [INS(Op.LDKEY)]
         + seg(Seg.SEED, bytes(16))),
        ("ACTKEY, KEY with Last = 0 then a segment", [INS(Op.ACTKEY)], [INS(Op.LDKEY)]
         + seg(Seg.KEY, bytes(16), last=0) + seg(Seg.KEY, bytes(5))),
        ("ACTKEY, KEY reserved bits", [INS(Op.ACTKEY)], [INS(Op.LDKEY)]
         + [HDR(Seg.KEY, 16, extra=1 << 20)] + pack_data(bytes(16), W)),
        ("ACTKEY, empty KEY", [INS(Op.ACTKEY)], [INS(Op.LDKEY)] + seg(Seg.KEY, b"")),
        ("ACTKEY, 65-byte KEY", [INS(Op.ACTKEY)], [INS(Op.LDKEY)] + seg(Seg.KEY, bytes(65))),
        ("PRNG_SEED, SDI holds the other seed instruction", [INS(Op.PRNG_SEED)],
         [INS(Op.PRNG_RESEED)] + seg(Seg.SEED, b"s")),
        ("PRNG_SEED, SDI word with ALG 0x24 where PDI has 0", [INS(Op.PRNG_SEED)],
         [INS(Op.PRNG_SEED, 0x24)] + seg(Seg.SEED, b"s")),
        ("PRNG_SEED, malformed first SEED header", [INS(Op.PRNG_SEED, 0x24)],
         [INS(Op.PRNG_SEED, 0x24)] + seg(Seg.KEY, b"s", last=0) + seg(Seg.SEED, b"t")),
        ("PRNG_RESEED, malformed second SEED header (generator state kept)", [INS(Op.PRNG_RESEED)],
         [INS(Op.PRNG_RESEED)] + seg(Seg.SEED, rng.randbytes(30), eot=0, last=0)
         + [HDR(Seg.SEED, 4, extra=1 << 27)] + pack_data(b"abcd", W)),
        ("PRNG_SEED, malformed second SEED header (generator state kept)", [INS(Op.PRNG_SEED)],
         [INS(Op.PRNG_SEED)] + seg(Seg.SEED, rng.randbytes(9), eot=0, last=0)
         + seg(Seg.SEED, b"x", eot=0, last=1)),
    ]
    if W == 128:
        cases += [
            ("instruction with bits [95:0]", [INS(Op.HASH) | (1 << rng.randrange(96))] + good_msg,
             []),
            ("header with bits [95:0]", [INS(Op.HASH)] + [good_msg[0] | (1 << rng.randrange(96))]
             + good_msg[1:], []),
            ("SDI LDKEY with bits [95:0]", [INS(Op.ACTKEY)], [INS(Op.LDKEY) | 1]
             + seg(Seg.KEY, bytes(16))),
            ("SDI seed word with bits [95:0]", [INS(Op.PRNG_SEED)], [INS(Op.PRNG_SEED) | 1 << 7]
             + seg(Seg.SEED, bytes(16))),
            ("SEED header with bits [95:0]", [INS(Op.PRNG_RESEED)], [INS(Op.PRNG_RESEED)]
             + [HDR(Seg.SEED, 16) | 1 << 40] + pack_data(bytes(16), W)),
        ]
    return cases


@cocotb.test()
async def test_malformed(dut):
    """Every malformed class, each followed by a correct MAC, hash and PRNG request: DO as the
    model gives it (failure reasons included); the active key and the generator's state survive
    failed ACTKEYs and seeds; framing resumes after each."""
    b = Bench(dut, stall=0.25, seed_extra=4)
    await b.start()
    rng = b.rng
    key = rng.randbytes(16)
    b.add_tx(key_transaction(key, W))
    b.add(*seed_pair(Op.PRNG_SEED, b"start"))
    cases = malformed_cases(rng)
    for why, pdi, sdi in cases:
        b.add(pdi, sdi)
        msg = rng.randbytes(rng.randrange(40))
        b.add_tx(mac_transaction("aes-cmac", key, msg, W, load_key=False))
        b.add_tx(hash_transaction("aes-hash", msg, W))
        b.add(gen_pdi(rng.randrange(20)))
    exp, why = b.expected()
    dut._log.info(f"{len(cases)} malformed cases, {len(why)} failure statuses expected")
    await b.check()


@cocotb.test()
async def test_foreign_alg(dut):
    """Instruction words of the Keccak engine's algorithms (keccak-duplex PRNG_SEED and
    PRNG_RESEED included), each followed by a valid instruction: BAD_INSTRUCTION, their PDI
    segments discarded, a seed instruction's SDI unit consumed with nothing for fortuna_gen; the
    next instruction runs. First unseeded (a foreign PRNG_SEED does not seed: PRNG_GEN answers
    NOT_SEEDED), then seeded (a foreign PRNG_RESEED leaves the state: the requests after it
    match the model's). DO word for word as the model under random stalls."""
    b = Bench(dut, stall=0.3, seed_extra=13)
    await b.start()
    rng = b.rng
    key = rng.randbytes(16)
    b.add_tx(key_transaction(key, W))
    follow = [lambda: b.add_tx(hash_transaction("aes-hash", rng.randbytes(rng.randrange(40)), W)),
              lambda: b.add_tx(mac_transaction("aes-cmac", key, rng.randbytes(rng.randrange(40)),
                                               W, load_key=False)),
              lambda: b.add(gen_pdi(rng.randrange(40))),
              lambda: b.add(*seed_pair(Op.PRNG_RESEED, rng.randbytes(rng.randrange(30)))),
              lambda: b.add(*seed_pair(Op.PRNG_SEED, rng.randbytes(rng.randrange(30))))]
    if GCM:
        follow.append(lambda: b.add_tx(enc_transaction("aes-gcm", key, rng.randbytes(12),
                                                       rng.randbytes(5), rng.randbytes(30), W,
                                                       load_key=False)))
    await check_foreign_algs(b, Engine.AES, lambda n: b.add(gen_pdi(n)),
                             lambda op, s: b.add(*seed_pair(op, s)), follow)


def random_op(b, rng, key_box):
    """One random operation (well formed), its words queued; the model gives DO."""
    k = rng.randrange(9 if GCM else 7)
    if k in (7, 8):
        npub = rng.randbytes(rng.choice([12, 12, 7, 20]))
        ad = rng.randbytes(rng.choice([0, rng.randrange(1, 40)]))
        data = rng.randbytes(rng.choice([0, rng.randrange(1, 40), rng.randrange(40, 150)]))
        split_rng = rng if rng.random() < 0.5 else None
        if k == 7:
            b.add(aead_pdi(Op.ENC, npub, ad, data, alg=rng.choice([0, Alg.AES_GCM]),
                           rng=split_rng))
        else:
            key = key_box[0] if key_box[0] and len(key_box[0]) in (16, 24, 32) else bytes(16)
            ct, tag = gcm_ref(key, npub, ad, data)
            if rng.random() < 0.3:
                tag = bytes(16)
            b.add(aead_pdi(Op.DEC, npub, ad, ct, tag, alg=rng.choice([0, Alg.AES_GCM]),
                           rng=split_rng))
    elif k == 0:
        msg = rng.randbytes(rng.choice([0, rng.randrange(1, 40), rng.randrange(40, 200)]))
        chunks = split(msg, rng, rng.randrange(1, 4)) if rng.random() < 0.4 else None
        b.add(hash_pdi(msg, rng.choice([0, Alg.AES_HASH]), chunks))
    elif k == 1:
        msg = rng.randbytes(rng.choice([0, rng.randrange(1, 40), rng.randrange(40, 120)]))
        chunks = split(msg, rng, rng.randrange(1, 4)) if rng.random() < 0.4 else None
        b.add(mac_pdi(msg, rng.choice([0, Alg.AES_CMAC]), chunks))
    elif k == 2:
        key = rng.randbytes(rng.choice([16, 24, 32, 16, 24, 32, 5]))
        key_box[0] = key
        b.add([INS(Op.ACTKEY)], ldkey_sdi(key, split(key, rng, rng.randrange(1, 3))))
    elif k in (3, 4):
        op = Op.PRNG_SEED if k == 3 and rng.random() < 0.5 else Op.PRNG_RESEED
        s = rng.randbytes(rng.randrange(80))
        b.add(*seed_pair(op, s, rng.choice([0, Alg.FORTUNA]),
                         split(s, rng, rng.randrange(1, 3))))
    else:
        b.add(gen_pdi(rng.choice([0, rng.randrange(1, 20), rng.randrange(20, 150)]),
                      rng.choice([0, Alg.FORTUNA])))


@cocotb.test()
async def test_random_operations(dut):
    """Random sequences of every operation (keys of 16/24/32 and a wrong length, seeds and
    requests of random sizes, messages in random segments) under random stalls on PDI, SDI and
    DO: DO word for word as the model gives it."""
    b = Bench(dut, stall=0.35, seed_extra=5)
    await b.start()
    rng = b.rng
    key_box = [None]
    for _ in range(150 if SLOW else 30):
        random_op(b, rng, key_box)
    exp, why = b.expected()
    dut._log.info(f"{len(exp)} DO words, {len(why)} failure statuses")
    await b.check(clocks=1_000_000)


@cocotb.test()
async def test_fuzz_control_words(dut):
    """Valid operations (ACTKEY, MAC, PRNG_SEED, PRNG_GEN, AES-GCM ENC) with one control word
    flipped per round (a random bit of an instruction or header on PDI or SDI), then a good hash:
    DO as the model gives it, never a hang; a reset between rounds starts each from the reset
    state. Rounds whose flipped length field leaves an instruction waiting for words that never
    come are redrawn (the engine waits there, as the protocol says)."""
    b = Bench(dut, stall=0.2, seed_extra=6)
    await b.start()
    rng = b.rng
    key = rng.randbytes(16)
    rounds = 60 if SLOW else 10
    done = tries = 0
    while done < rounds and tries < 20 * rounds:
        tries += 1
        t = [key_transaction(key, W),
             mac_transaction("aes-cmac", key, rng.randbytes(30), W, load_key=False),
             prng_transaction("fortuna", [("seed", rng.randbytes(10)), ("gen", 20)], W)]
        if GCM:
            t.append(enc_transaction("aes-gcm", key, rng.randbytes(12), rng.randbytes(5),
                                     rng.randbytes(20), W, load_key=False))
        pdi = [w for x in t for w in x.pdi]
        sdi = [w for x in t for w in x.sdi]
        ctrl = [(p, i) for p, s in (("pdi", pdi), ("sdi", sdi)) for i, w in enumerate(s)
                if w.kind in ("INS", "HDR")]
        port, i = rng.choice(ctrl)
        s = pdi if port == "pdi" else sdi
        # mostly the fields above the length (opcode, ALG, type, flags, reserved bits): a
        # flipped length mostly swallows what follows and the round is redrawn
        r = rng.random()
        bit = rng.randrange(W - 16, W) if r < 0.7 else \
            rng.randrange(W - 32, W) if r < 0.9 else rng.randrange(W)
        s[i] = s[i]._replace(value=s[i].value ^ (1 << bit))
        tail = hash_transaction("aes-hash", rng.randbytes(10), W)
        pv, sv = v(pdi) + v(tail.pdi), v(sdi)
        full = new_model().run(pv, sv)
        if full[-len(tail.do):] != v(tail.do):
            continue
        b.add(pv, sv)
        await b.check(sdi_left_ok=True)
        await b.reset_mid_traffic()
        done += 1
    dut._log.info(f"{done} fuzz rounds ({tries} drawn)")
    assert done == rounds


@cocotb.test()
async def test_reset_mid_operation(dut):
    """Reset while a message is absorbed (hash, MAC), while RANDOM output leaves, while a seed
    is hashed, while ACTKEY waits for SDI, while an AES-GCM ENC takes PT and while a DEC's
    plaintext is held or leaves: nothing of the old operation comes out; the key and the
    generator's seeding are gone; the next operations run."""
    b = Bench(dut, seed_extra=7)
    await b.start()
    rng = b.rng
    key = rng.randbytes(32)
    cases = [(30, "hash"), (60, "mac"), (300, "gen"), (40, "seed"), (5, "actkey")]
    if GCM:
        cases += [(100, "enc"), (500, "dec")]
    for at, what in cases:
        if what in ("enc", "dec"):
            b.add_tx(key_transaction(key, W))
            pt = rng.randbytes(300)
            if what == "enc":
                b.add(aead_pdi(Op.ENC, rng.randbytes(12), b"", pt))
            else:
                npub = rng.randbytes(12)
                ct, tag = gcm_ref(key, npub, b"", pt)
                b.add(aead_pdi(Op.DEC, npub, b"", ct, tag))
        elif what == "hash":
            b.add(hash_pdi(rng.randbytes(500)))
        elif what == "mac":
            b.add_tx(key_transaction(key, W))
            b.add(mac_pdi(rng.randbytes(500)))
        elif what == "gen":
            b.add(*seed_pair(Op.PRNG_SEED, b"s"))
            b.add(gen_pdi(3000))
        elif what == "seed":
            b.add(*seed_pair(Op.PRNG_SEED, rng.randbytes(300)))
        else:
            b.add([INS(Op.ACTKEY)])
        await ClockCycles(dut.clk, at)
        await b.reset_mid_traffic()
        await ClockCycles(dut.clk, 50)
        assert not b.do.items, f"DO words after a reset during {what}"
    b.add(mac_pdi(b"m"))                                  # NO_KEY: the key is gone
    b.add(gen_pdi(8))                                     # NOT_SEEDED
    b.add_tx(key_transaction(key, W))
    b.add_tx(mac_transaction("aes-cmac", key, b"m", W, load_key=False))
    b.add(*seed_pair(Op.PRNG_SEED, b"again"))
    b.add(gen_pdi(20))
    b.add_tx(hash_transaction("aes-hash", rng.randbytes(99), W))
    if GCM:
        b.add_tx(enc_transaction("aes-gcm", key, bytes(12), b"", b"after reset", W,
                                 load_key=False))
    await b.check()


@cocotb.test()
async def test_cycle_counts(dut):
    """Clocks from the instruction word offered to the status word taken, without stalls (the
    datasheet's figures): AES-Hash of 0 and 320 bytes, AES-CMAC (AES-128) of 0 and 160 bytes,
    PRNG_SEED with 16 bytes, PRNG_GEN of 16 and 1024 bytes, AES-GCM (AES-128, 12-byte NPUB)
    ENC and DEC."""
    b = Bench(dut, seed_extra=8)
    await b.start()
    key = bytes(16)
    b.add_tx(key_transaction(key, W))
    await b.check()
    cases = [("aes-hash, 0 B", hash_pdi(b""), []), ("aes-hash, 320 B", hash_pdi(bytes(320)), []),
             ("aes-cmac-128, 0 B (new key)", mac_pdi(b""), []),
             ("aes-cmac-128, 160 B", mac_pdi(bytes(160)), []),
             ("prng_seed, 16 B", *seed_pair(Op.PRNG_SEED, bytes(16))),
             ("prng_gen, 16 B", gen_pdi(16), []), ("prng_gen, 1024 B", gen_pdi(1024), [])]
    if GCM:
        ct, tag = gcm_ref(key, bytes(12), bytes(32), bytes(1000))
        cases += [("aes-gcm-128 enc, 0 B, no AD", aead_pdi(Op.ENC, bytes(12), b"", b""), []),
                  ("aes-gcm-128 enc, 16 B, AD 16", aead_pdi(Op.ENC, bytes(12), bytes(16),
                                                           bytes(16)), []),
                  ("aes-gcm-128 enc, 1000 B, AD 32", aead_pdi(Op.ENC, bytes(12), bytes(32),
                                                             bytes(1000)), []),
                  ("aes-gcm-128 dec, 1000 B, AD 32", aead_pdi(Op.DEC, bytes(12), bytes(32), ct,
                                                             tag), [])]
        if LIMITS.msg >= 4096:                   # the RTL's default buffer
            cases.append(("aes-gcm-128 enc, 4096 B, no AD",
                          aead_pdi(Op.ENC, bytes(12), b"", bytes(4096)), []))

    # the model runs once: each case ends with the status word at ends[k]
    model = new_model()
    exp = model.run(b.pdi_words + [w for _, p, _ in cases for w in p],
                    b.sdi_words + [w for _, _, q in cases for w in q])
    ends, i = [], 0
    while i < len(exp):
        if exp[i] >> (W - 4) in (0b1110, 0b1111):
            ends.append(i + 1)
            i += 1
        else:
            i += 1 + -(-(exp[i] >> (W - 32) & 0xFFFF) // WB)
    assert len(ends) == len(cases), (len(ends), len(cases))
    rows = []
    for (name, pdi, sdi), end in zip(cases, ends):
        await ClockCycles(dut.clk, 5)
        s0 = b.pdi.sent
        b.add(pdi, sdi)
        t0, clk = None, 0
        while len(b.do.items) < end:
            await RisingEdge(dut.clk)
            clk += 1
            assert clk < 100_000, f"{name}: no status word"
            if t0 is None and b.pdi.sent > s0:
                t0 = clk - 1
        rows.append((name, clk - t0))
    await b.check()
    for name, c in rows:
        dut._log.info(f"cycles {name}: {c} (instruction offered to status taken, W={W})")


@cocotb.test(skip="KAT" not in P)
async def test_kat_files(dut):
    """KAT sets written by `python -m linecrypt.lwc.kat` (pdi.txt, sdi.txt, do.txt; LC_PARAMS KAT:
    directories joined by os.pathsep) through the RTL back to back without stalls: DO equals
    do.txt word for word."""
    from linecrypt.lwc.kat import read_kat
    b = Bench(dut, seed_extra=12)
    await b.start()
    for d in P["KAT"].split(os.pathsep):
        kat = read_kat(d, W)
        for vec in kat.vectors:
            b.add_tx(vec.tx)
        dut._log.info(f"{len(kat.vectors)} KAT messages from {d}")
    await b.check()


@cocotb.test(skip=not SLOW)
async def test_long_output(dut):
    """A PRNG_GEN longer than one DO segment (65532 bytes at W = 32, 65520 at W = 128): RANDOM
    split into segments as the model splits it; under DO stalls."""
    b = Bench(dut, stall=0.1, seed_extra=9)
    await b.start()
    seg_max = 65535 - 65535 % WB
    b.add(*seed_pair(Op.PRNG_SEED, b"long"))
    b.add(gen_pdi(seg_max + 17))
    b.add_tx(hash_transaction("aes-hash", b"after", W))
    await b.check(clocks=3_000_000)
