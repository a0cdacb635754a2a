# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for ip/lwc/rtl/lwc_keccak.v (the LWC-style front end of the Keccak engine).

PDI and SDI words are driven from the linecrypt.lwc builders; DO is compared word for word with
what they give (digests from linecrypt.models.keccak, proven against hashlib and NIST vectors)
and with the engine model linecrypt.lwc.engine.EngineModel of this build (:func:`new_model`:
Lake Keyak with the build's buffer limits, or without Lake Keyak when KEYAK = 0), the oracle for
malformed input; the keccak-duplex PRNG's output comes from linecrypt.models.keccak_duplex,
proven against hashlib's SHAKE256. Random valid/ready stalls on all three ports. LC_PARAMS: W,
RPC, KEYAK, KEYAK_AD, KEYAK_MSG, KEYAK_SEGS, PRNG (the RTL's defaults when absent), and
optionally KAT
(directories written by ``python -m linecrypt.lwc.kat``). LC_SEED replays a run (the seed is
logged). cocotb_lwc_keyak.py holds the Lake Keyak (ENC/DEC) tests on this Bench.
"""
import json
import os

import cocotb
from cocotb.triggers import ClockCycles, RisingEdge

import lwc_bench
from linecrypt.lwc.engine import AeadLimits, EngineModel
from linecrypt.lwc.protocol import (
    Alg, Engine, Op, PrngState, Seg, enc_transaction, hash_transaction, ins, key_transaction,
    mac_transaction, pack_data, prng_transaction, segments,
)
from lwc_bench import HDR, INS, P, SLOW, W, WB, check_foreign_algs, seg, split, v, view

KEYAK = int(P.get("KEYAK", 1))
PRNG = int(P.get("PRNG", 1))
LIMITS = AeadLimits(int(P.get("KEYAK_AD", 2048)), int(P.get("KEYAK_MSG", 4096)),
                    int(P.get("KEYAK_SEGS", 64)))


def new_model():
    """The engine model of this build."""
    without = ({Alg.LAKE_KEYAK} if not KEYAK else set()) | \
        ({Alg.KECCAK_DUPLEX} if not PRNG else set())
    return EngineModel(Engine.KECCAK, W, without=without,
                       aead_limits=LIMITS if KEYAK else None)

RATES = {Alg.SHA3_224: 144, Alg.SHA3_256: 136, Alg.SHA3_384: 104, Alg.SHA3_512: 72,
         Alg.SHAKE128: 168, Alg.SHAKE256: 136, Alg.KECCAK_256: 136}
XOF = (Alg.SHAKE128, Alg.SHAKE256)


def hash_tx(alg, msg, out_len=None, chunks=None, len_chunks=None):
    """PDI and the builders' DO of one HASH; ``chunks`` splits the message (and ``len_chunks``
    the LENGTH bytes) at the given byte positions instead of the builders' word-aligned split."""
    t = hash_transaction(alg, msg, W, out_len)
    if chunks is None and len_chunks is None:
        return v(t.pdi), [], v(t.do)
    parts, split_ = [], []
    if alg in XOF:
        lb = out_len.to_bytes(4, "big")
        parts.append((Seg.LENGTH, lb))
        split_.append(len_chunks or [lb])
    parts.append((Seg.HASH_MSG, msg))
    split_.append(chunks or [msg])
    return [ins(Op.HASH, alg, W).value] + v(segments(parts, W, chunks=split_)), [], v(t.do)


class Bench(lwc_bench.Bench):
    def new_model(self):
        return new_model()


def msg_lengths(rate):
    return [0, 1, rate - 1, rate, rate + 1]


@cocotb.test()
async def test_hash_all_algorithms(dut):
    """Every hash at lengths 0, 1, rate - 1, rate, rate + 1, SHAKE across squeeze blocks, random
    stalls on PDI, SDI and DO, back to back."""
    b = Bench(dut, stall=0.3)
    await b.start()
    rng = b.rng
    for alg, rate in RATES.items():
        for n in msg_lengths(rate):
            out = rng.choice([0, 1, 31, rate, rate + 5, 2 * rate + 3]) if alg in XOF else None
            b.add(*hash_tx(alg, rng.randbytes(n), out))
    pdi, _, do = hash_tx(Alg.SHA3_256, b"abc")
    b.add([INS(Op.HASH, 0)] + pdi[1:], [], do)              # ALG 0: SHA3-256
    await b.check()


@cocotb.test()
async def test_hash_multi_segment(dut):
    """Messages split into segments at any byte (empty segments too), a LENGTH part split in
    two, under stalls."""
    b = Bench(dut, stall=0.3, seed_extra=1)
    await b.start()
    rng = b.rng
    for alg, rate in RATES.items():
        for n in (rng.randrange(1, 40), rate + 3, 3 * rate + rng.randrange(rate)):
            msg = rng.randbytes(n)
            out = rng.randrange(1, 400) if alg in XOF else None
            lc = None
            if alg in XOF and rng.random() < 0.5:
                lb = out.to_bytes(4, "big")
                k = rng.randrange(1, 4)
                lc = [lb[:k], lb[k:]]
            b.add(*hash_tx(alg, msg, out, chunks=split(msg, rng, rng.randrange(2, 6)),
                           len_chunks=lc))
    # the builders' own split (max_seg rounded to words)
    t = hash_transaction("sha3-512", rng.randbytes(500), W, max_seg=40)
    b.add_tx(t)
    await b.check()


@cocotb.test()
async def test_mac(dut):
    """Keccak-MAC with keys of 1, 16, 32 and 38 bytes (ALG 0x18 and 0), messages across the
    block boundaries and in several segments; MAC without a key and with keys KeyPack cannot
    hold (39, 64 bytes): NO_KEY; a KEY part in several segments."""
    b = Bench(dut, stall=0.3, seed_extra=2)
    await b.start()
    rng = b.rng
    b.add(v(mac_transaction("keccak-mac", bytes(16), b"x", W, load_key=False).pdi))   # no key
    for klen in (1, 16, 32, 38):
        key = rng.randbytes(klen)
        b.add_tx(key_transaction(key, W))
        for n in (0, 1, 95, 135, 136, 137, 300):
            t = mac_transaction("keccak-mac", key, rng.randbytes(n), W, load_key=False)
            b.add_tx(t)
        msg = rng.randbytes(200)
        t = mac_transaction("keccak-mac", key, msg, W, load_key=False)
        pdi = [INS(Op.MAC, 0)] + v(segments([(Seg.HASH_MSG, msg)], W,
                                           chunks=[split(msg, rng, 4)]))
        b.add(pdi, [], v(t.do))
    # a key in three KEY segments split at odd bytes
    key = rng.randbytes(21)
    sdi = [INS(Op.LDKEY)] + v(segments([(Seg.KEY, key)], W, chunks=[split(key, rng, 3)]))
    b.add([INS(Op.ACTKEY)], sdi, [])
    b.add_tx(mac_transaction("keccak-mac", key, b"abc" * 50, W, load_key=False))
    for klen in (39, 64):
        b.add_tx(key_transaction(bytes(klen), W))
        b.add(v(mac_transaction("keccak-mac", bytes(16), b"m" * 40, W, load_key=False).pdi))
    await b.check()


def prng_tx(steps, gen, alg=Alg.KECCAK_DUPLEX, seed_chunks=None):
    """PDI, SDI and the builders' DO of a keccak-duplex session (``gen``: a PrngState carried
    across calls; no DO with PRNG = 0). ``alg`` 0 writes ALG 0 in every instruction word (PDI and SDI);
    ``seed_chunks`` = (rng, k) splits every SEED part into k pieces at random bytes."""
    t = prng_transaction("keccak-duplex", steps, W, generator=gen)
    sel = view(0xFF << 20)
    pdi = [w.value & ~sel if w.kind == "INS" and alg == 0 else w.value for w in t.pdi]
    sdi = []
    for kind, arg in steps:
        if kind in ("seed", "reseed"):
            o = Op.PRNG_SEED if kind == "seed" else Op.PRNG_RESEED
            chunks = split(arg, *seed_chunks) if seed_chunks else [arg]
            sdi += [INS(o, alg)] + v(segments([(Seg.SEED, arg)], W, chunks=[chunks]))
    return pdi, sdi, (v(t.do) if PRNG else None)        # PRNG = 0: the model decides


@cocotb.test()
async def test_prng(dut):
    """keccak-duplex word for word against the builders and the model, random stalls on PDI,
    SDI and DO: NOT_SEEDED before the first seed, seeds of 0..300 bytes (across the 135-byte
    block) in several SEED segments, reseeds, requests of 0, 1, odd lengths and several
    blocks, ALG 0 and 0x1A, the state kept across hashes, PRNG_SEED restarting it; Fortuna
    (0x24) is BAD_INSTRUCTION (its SDI unit consumed). With PRNG = 0 the model says
    BAD_INSTRUCTION for all of it."""
    b = Bench(dut, stall=0.3, seed_extra=3)
    await b.start()
    rng = b.rng
    g = PrngState(Alg.KECCAK_DUPLEX)
    b.add(*prng_tx([("gen", 16), ("reseed", b"early")], g))
    b.add(*prng_tx([("seed", b"seed" * 5), ("gen", 40), ("gen", 0), ("reseed", b"more"),
                    ("gen", 137)], g))
    b.add(*hash_tx(Alg.SHA3_256, rng.randbytes(rng.randrange(50))))
    for n in (0, 1, 134, 135, 136, 200, 300):
        steps = [("seed" if rng.random() < 0.3 else "reseed", rng.randbytes(n)),
                 ("gen", rng.choice([0, 1, 3, 8, 17, 135, 136, 137, 270, 271, 405, 500]))]
        b.add(*prng_tx(steps, g, alg=rng.choice([0, Alg.KECCAK_DUPLEX]),
                       seed_chunks=(rng, rng.randrange(1, 4))))
        if rng.random() < 0.5:
            b.add(*hash_tx(Alg.SHAKE128, rng.randbytes(20), rng.randrange(1, 60)))
    for alg in (Alg.FORTUNA,):                              # the AES engine's
        b.add([INS(Op.PRNG_SEED, alg)], [INS(Op.PRNG_SEED, alg)] + seg(Seg.SEED, b"s"))
        b.add([INS(Op.PRNG_GEN, alg)] + seg(Seg.LENGTH, (8).to_bytes(4, "big")))
    b.add(*prng_tx([("gen", 29)], g))
    exp, why = b.expected()
    dut._log.info(f"{len(exp)} DO words expected; failure statuses: {why}")
    await b.check()


def malformed_cases(rng):
    """(description, PDI words, SDI words) of every malformed class the engine model knows."""
    m = rng.randbytes(50)
    good_msg = seg(Seg.HASH_MSG, m)
    lb = (100).to_bytes(4, "big")
    cases = []
    for code in (0b0000, 0b0001, 0b0101, 0b0110, 0b1011, 0b1110, 0b1111):
        cases.append((f"opcode {code:04b}", [INS(code)], []))
    cases += [
        ("HASH reserved bit", [INS(Op.HASH, 0x12, res=1 << rng.randrange(20))] + good_msg, []),
        ("HASH with the PRNG ALG", [INS(Op.HASH, 0x1A)] + good_msg, []),
        ("HASH unknown ALG", [INS(Op.HASH, 0x1B)] + good_msg, []),
        ("HASH ALG 0x30", [INS(Op.HASH, 0x30)] + good_msg, []),
        ("HASH with the MAC ALG", [INS(Op.HASH, 0x18)] + good_msg, []),
        ("HASH with AES-Hash (other engine)", [INS(Op.HASH, 0x23)] + good_msg, []),
        ("MAC with AES-CMAC (other engine)", [INS(Op.MAC, 0x22)] + good_msg, []),
        ("ACTKEY with an ALG", [INS(Op.ACTKEY, 0x18)], []),
        ("LDKEY on PDI", [INS(Op.LDKEY)], []),
        ("LDKEY with an ALG on PDI", [INS(Op.LDKEY, 0x12)], []),
        ("ENC Lake Keyak (runs with KEYAK = 1, BAD_INSTRUCTION without)",
         [INS(Op.ENC, 0x19)] + seg(Seg.NPUB, bytes(150), last=0) + seg(Seg.AD, b"ad", last=0)
         + seg(Seg.PT, b"pt" * 9), []),
        ("DEC default (Keyak)",
         [INS(Op.DEC, 0)] + seg(Seg.NPUB, bytes(150), last=0) + seg(Seg.AD, b"", last=0)
         + seg(Seg.CT, b"c" * 7, last=0) + seg(Seg.TAG, bytes(16)), []),
        ("ENC with AES-GCM (other engine)", [INS(Op.ENC, 0x21)] + seg(Seg.NPUB, bytes(12), last=0)
         + seg(Seg.AD, b"", last=0) + seg(Seg.PT, b"p"), []),
        ("PRNG_RESEED with a hash ALG (invalid word, SDI untouched)", [INS(Op.PRNG_RESEED, 0x12)],
         []),
        ("PRNG_GEN with a hash ALG", [INS(Op.PRNG_GEN, 0x12)] + seg(Seg.LENGTH, lb), []),
        # segment headers
        ("header bit 27", [INS(Op.HASH)] + [good_msg[0] | view(1 << 27)] + good_msg[1:], []),
        ("header bits [23:16]", [INS(Op.HASH)] + [good_msg[0] | view(1 << (16 + rng.randrange(8)))]
         + good_msg[1:], []),
        ("header EOI set (not checked)", [INS(Op.HASH)] + [good_msg[0] | view(1 << 26)]
         + good_msg[1:], []),
        ("AD where HASH_MSG is expected", [INS(Op.HASH)] + seg(Seg.AD, m), []),
        ("HASH_MSG where LENGTH is expected", [INS(Op.HASH, 0x15)] + good_msg, []),
        # (the discarding ends at the first Last = 1: nothing of the operation may follow it,
        # or its words are read as instructions)
        ("LENGTH with Last = 1", [INS(Op.HASH, 0x16)] + seg(Seg.LENGTH, lb, last=1), []),
        ("final segment with Last = 0, then a discarded segment",
         [INS(Op.HASH, 0x13)] + seg(Seg.HASH_MSG, m, last=0) + seg(Seg.AD, b"zz" * 9, last=1), []),
        ("Last = 1 on a non-EOT segment", [INS(Op.HASH, 0x11)]
         + seg(Seg.HASH_MSG, m, eot=0, last=1), []),
        ("zero words after a desynchronised stream, each an invalid instruction",
         [INS(Op.HASH, 0x11)] + seg(Seg.HASH_MSG, m, eot=0, last=1)
         + seg(Seg.HASH_MSG, bytes(12)), []),
        ("second segment malformed mid-message (sponge dropped)",
         [INS(Op.HASH, 0x14)] + seg(Seg.HASH_MSG, rng.randbytes(300), eot=0, last=0)
         + [HDR(Seg.HASH_MSG, 20, extra=1 << 27)] + pack_data(bytes(20), W)
         + seg(Seg.HASH_MSG, b"q" * 5, last=1), []),
        ("MAC malformed after the KeyPack block", [INS(Op.MAC)]
         + seg(Seg.HASH_MSG, rng.randbytes(150), eot=0, last=0) + [HDR(0b1111, 3)]
         + pack_data(b"abc", W), []),
        ("LENGTH of 3 bytes", [INS(Op.HASH, 0x15)] + seg(Seg.LENGTH, lb[1:], last=0) + good_msg, []),
        ("LENGTH of 5 bytes", [INS(Op.HASH, 0x16)] + seg(Seg.LENGTH, b"\0" + lb, last=0) + good_msg,
         []),
        ("LENGTH over 2^20", [INS(Op.HASH, 0x15)]
         + seg(Seg.LENGTH, ((1 << 20) + 1).to_bytes(4, "big"), last=0) + good_msg, []),
        ("LENGTH bad, then a malformed header", [INS(Op.HASH, 0x15)]
         + seg(Seg.LENGTH, lb[:2], last=0) + seg(Seg.CT, m), []),
        # SDI
        ("ACTKEY, SDI holds a HASH", [INS(Op.ACTKEY)], [INS(Op.HASH)] + seg(Seg.HASH_MSG, m)),
        ("ACTKEY, SDI LDKEY with an ALG", [INS(Op.ACTKEY)], [INS(Op.LDKEY, 0x18)]
         + seg(Seg.KEY, bytes(16))),
        ("ACTKEY, KEY header type SEED", [INS(Op.ACTKEY)], [INS(Op.LDKEY)]
         + seg(Seg.SEED, bytes(16))),
        ("ACTKEY, KEY with Last = 0 then a segment", [INS(Op.ACTKEY)], [INS(Op.LDKEY)]
         + seg(Seg.KEY, bytes(16), last=0) + seg(Seg.KEY, bytes(5))),
        ("ACTKEY, KEY reserved bits", [INS(Op.ACTKEY)], [INS(Op.LDKEY)]
         + [HDR(Seg.KEY, 16, extra=1 << 20)] + pack_data(bytes(16), W)),
        ("ACTKEY, empty KEY", [INS(Op.ACTKEY)], [INS(Op.LDKEY)] + seg(Seg.KEY, b"")),
        ("ACTKEY, 65-byte KEY", [INS(Op.ACTKEY)], [INS(Op.LDKEY)] + seg(Seg.KEY, bytes(65))),
        ("PRNG_SEED, SDI holds another seed instruction", [INS(Op.PRNG_SEED)],
         [INS(Op.PRNG_RESEED)] + seg(Seg.SEED, b"s")),
        ("PRNG_SEED, malformed SEED", [INS(Op.PRNG_SEED, 0x24)],
         [INS(Op.PRNG_SEED, 0x24)] + seg(Seg.KEY, b"s", last=0) + seg(Seg.SEED, b"t")),
        # keccak-duplex (each case ends seeded or not; the next gen shows which)
        ("PRNG_SEED", [INS(Op.PRNG_SEED)], [INS(Op.PRNG_SEED)] + seg(Seg.SEED, m)),
        ("PRNG_GEN, LENGTH of 3 bytes", [INS(Op.PRNG_GEN)] + seg(Seg.LENGTH, lb[1:]), []),
        ("PRNG_GEN, LENGTH over 2^20", [INS(Op.PRNG_GEN, 0x1A)]
         + seg(Seg.LENGTH, ((1 << 20) + 1).to_bytes(4, "big")), []),
        ("PRNG_GEN, LENGTH with Last = 0, then a discarded segment", [INS(Op.PRNG_GEN)]
         + seg(Seg.LENGTH, lb, last=0) + seg(Seg.AD, b"x" * 7), []),
        ("PRNG_GEN, LENGTH in two segments", [INS(Op.PRNG_GEN)]
         + seg(Seg.LENGTH, lb[:1], eot=0, last=0) + seg(Seg.LENGTH, lb[1:]), []),
        ("PRNG_GEN, HASH_MSG for LENGTH", [INS(Op.PRNG_GEN)] + good_msg, []),
        ("PRNG_GEN, empty LENGTH", [INS(Op.PRNG_GEN)] + seg(Seg.LENGTH, b""), []),
        ("PRNG_RESEED, SDI word with ALG 0x1A for ALG 0 (state kept)", [INS(Op.PRNG_RESEED)],
         [INS(Op.PRNG_RESEED, 0x1A)] + seg(Seg.SEED, b"r")),
        ("PRNG_GEN", [INS(Op.PRNG_GEN)] + seg(Seg.LENGTH, lb), []),
        ("PRNG_RESEED, malformed second SEED segment after 150 bytes (unseeded)",
         [INS(Op.PRNG_RESEED)], [INS(Op.PRNG_RESEED)]
         + seg(Seg.SEED, rng.randbytes(150), eot=0, last=0)
         + [HDR(Seg.SEED, 4, extra=1 << 27)] + pack_data(b"abcd", W)),
        ("PRNG_GEN after it: NOT_SEEDED", [INS(Op.PRNG_GEN)] + seg(Seg.LENGTH, lb), []),
        ("PRNG_RESEED, unseeded", [INS(Op.PRNG_RESEED)], [INS(Op.PRNG_RESEED)]
         + seg(Seg.SEED, b"x" * 9)),
        ("PRNG_SEED, SEED with Last = 0 then a segment", [INS(Op.PRNG_SEED)],
         [INS(Op.PRNG_SEED)] + seg(Seg.SEED, b"y" * 140, last=0) + seg(Seg.SEED, b"z")),
        ("PRNG_SEED again", [INS(Op.PRNG_SEED, 0x1A)], [INS(Op.PRNG_SEED, 0x1A)]
         + seg(Seg.SEED, b"")),
        ("PRNG_GEN of 1", [INS(Op.PRNG_GEN)] + seg(Seg.LENGTH, (1).to_bytes(4, "big")), []),
    ]
    if W == 128:
        cases += [
            ("instruction with bits [95:0]", [INS(Op.HASH) | (1 << rng.randrange(96))] + good_msg,
             []),
            ("header with bits [95:0]", [INS(Op.HASH)] + [good_msg[0] | (1 << rng.randrange(96))]
             + good_msg[1:], []),
            ("SDI LDKEY with bits [95:0]", [INS(Op.ACTKEY)], [INS(Op.LDKEY) | 1]
             + seg(Seg.KEY, bytes(16))),
            ("KEY header with bits [95:0]", [INS(Op.ACTKEY)], [INS(Op.LDKEY)]
             + [HDR(Seg.KEY, 16) | 1 << 40] + pack_data(bytes(16), W)),
        ]
    return cases


@cocotb.test()
async def test_malformed(dut):
    """Every malformed class of the engine model, each followed by a correct MAC and hash: DO
    as the model gives it (failure reasons included); the active key survives failed ACTKEYs."""
    b = Bench(dut, stall=0.25, seed_extra=4)
    await b.start()
    rng = b.rng
    key = rng.randbytes(16)
    b.add_tx(key_transaction(key, W))
    for why, pdi, sdi in malformed_cases(rng):
        b.add(pdi, sdi)
        msg = rng.randbytes(rng.randrange(40))
        b.add_tx(mac_transaction("keccak-mac", key, msg, W, load_key=False))
        b.add(*hash_tx(Alg.SHA3_256, msg))
    exp, why = b.expected()
    dut._log.info(f"{len(why)} failure statuses expected")
    await b.check()


@cocotb.test()
async def test_foreign_alg(dut):
    """Instruction words of the AES engine's algorithms (Fortuna PRNG_SEED and PRNG_RESEED
    included), each followed by a valid instruction: BAD_INSTRUCTION, their PDI segments
    discarded, a seed instruction's SDI unit consumed with nothing for the PRNG; the next
    instruction runs. First unseeded (a foreign PRNG_SEED does not seed: PRNG_GEN answers
    NOT_SEEDED), then seeded (a foreign PRNG_RESEED leaves the state: the requests after it
    match the model's). DO word for word as the model under random stalls."""
    b = Bench(dut, stall=0.3, seed_extra=11)
    await b.start()
    rng = b.rng
    key = rng.randbytes(16)
    b.add_tx(key_transaction(key, W))

    def gen(n):
        b.add([INS(Op.PRNG_GEN)] + seg(Seg.LENGTH, n.to_bytes(4, "big")))

    def seed(op, s):
        b.add([INS(op)], [INS(op)] + seg(Seg.SEED, s))

    follow = [lambda: b.add(*hash_tx(Alg.SHA3_256, rng.randbytes(rng.randrange(40)))),
              lambda: b.add_tx(mac_transaction("keccak-mac", key, rng.randbytes(rng.randrange(40)),
                                               W, load_key=False)),
              lambda: gen(rng.randrange(40)),
              lambda: seed(Op.PRNG_RESEED, rng.randbytes(rng.randrange(30))),
              lambda: seed(Op.PRNG_SEED, rng.randbytes(rng.randrange(30)))]
    if KEYAK:
        follow.append(lambda: b.add_tx(enc_transaction("lake-keyak", key, rng.randbytes(150),
                                                       rng.randbytes(5), rng.randbytes(30), W,
                                                       load_key=False)))
    await check_foreign_algs(b, Engine.KECCAK, gen, seed, follow, strict=bool(PRNG))


@cocotb.test()
async def test_fuzz_control_words(dut):
    """Valid operations with one control word flipped per round (a random bit of an instruction
    or header on PDI or SDI), then a good hash: DO as the model gives it, never a hang. Rounds
    whose flipped length field leaves an instruction waiting for words that never come are
    redrawn (the engine waits there, as the protocol says)."""
    b = Bench(dut, stall=0.2, seed_extra=5)
    await b.start()
    rng = b.rng
    key = rng.randbytes(20)
    rounds = 60 if SLOW else 12
    done = tries = 0
    while done < rounds and tries < 20 * rounds:
        tries += 1
        t = [key_transaction(key, W), mac_transaction("keccak-mac", key, rng.randbytes(30), W,
                                                      load_key=False),
             hash_transaction("shake128", rng.randbytes(20), W, out_len=40),
             prng_transaction("keccak-duplex", [("seed", rng.randbytes(20)), ("gen", 30)], W)]
        pdi = [w for x in t for w in x.pdi]
        sdi = [w for x in t for w in x.sdi]
        ctrl = [(p, i) for p, s in (("pdi", pdi), ("sdi", sdi)) for i, w in enumerate(s)
                if w.kind in ("INS", "HDR")]
        port, i = rng.choice(ctrl)
        s = pdi if port == "pdi" else sdi
        bit = rng.randrange(W - 32, W) if rng.random() < 0.8 else rng.randrange(W)
        s[i] = s[i]._replace(value=s[i].value ^ (1 << bit))
        tail = hash_transaction("sha3-224", rng.randbytes(10), W)
        pv, sv = v(pdi) + v(tail.pdi), v(sdi)
        full = new_model().run(b.pdi_words + pv, b.sdi_words + sv)
        if full[-len(tail.do):] != v(tail.do):
            continue
        b.add(pv, sv)
        done += 1
    dut._log.info(f"{done} fuzz rounds ({tries} drawn)")
    await b.check(sdi_left_ok=True)


@cocotb.test()
async def test_reset_mid_operation(dut):
    """Reset while a message is absorbed, while SHAKE output leaves, and while ACTKEY waits for
    SDI: nothing of the old operation comes out; the key is gone; the next operations run."""
    b = Bench(dut, seed_extra=6)
    await b.start()
    rng = b.rng
    for at, what in ((30, "absorbing"), (400, "squeezing"), (5, "waiting for SDI")):
        if what == "waiting for SDI":
            b.add([INS(Op.ACTKEY)])
        else:
            b.add(*hash_tx(Alg.SHAKE128, rng.randbytes(1500 if what == "absorbing" else 8), 3000))
        await ClockCycles(dut.clk, at)
        await b.reset_mid_traffic()
        await ClockCycles(dut.clk, 50)
        assert not b.do.items, f"DO words after a reset while {what}"
    key = rng.randbytes(16)
    b.add(v(mac_transaction("keccak-mac", key, b"m", W, load_key=False).pdi))   # NO_KEY
    b.add_tx(key_transaction(key, W))
    b.add_tx(mac_transaction("keccak-mac", key, b"m", W, load_key=False))
    b.add(*hash_tx(Alg.SHA3_384, rng.randbytes(99)))
    await b.check()


@cocotb.test()
async def test_prng_reset(dut):
    """Reset between PRNG_SEED and PRNG_GEN: NOT_SEEDED after it; reset while SEED bytes are
    absorbed and while RANDOM leaves: nothing more of the operation; then a seed and a request
    run as from power-up."""
    b = Bench(dut, stall=0.2, seed_extra=10)
    await b.start()
    for what, steps, at in (("after the seed", [("seed", b"before reset")], 400),
                            ("while absorbing", [("seed", bytes(400)), ("gen", 8)], 150),
                            ("while RANDOM leaves", [("seed", b"s"), ("gen", 5000)], 600)):
        g = PrngState(Alg.KECCAK_DUPLEX)
        b.add(*prng_tx(steps, g))
        await ClockCycles(dut.clk, at)
        await b.reset_mid_traffic()
        await ClockCycles(dut.clk, 50)
        assert not b.do.items, f"DO words after a reset {what}"
        g = PrngState(Alg.KECCAK_DUPLEX)
        b.add(*prng_tx([("gen", 7), ("seed", b"after"), ("gen", 150)], g))
        await b.check(clocks=200_000)
        await b.reset_mid_traffic()


@cocotb.test()
async def test_cycle_counts(dut):
    """Clocks from the instruction word to the status word without stalls (the datasheet's
    figures): SHA3-256 of 0, 136 and 1360 bytes, Keccak-MAC of 136 bytes, SHAKE128 to 1000
    bytes, keccak-duplex seed of 32 bytes and requests of 135 and 1000 bytes; ACTKEY from
    instruction to the next PDI instruction taken."""
    b = Bench(dut, seed_extra=7)
    await b.start()
    rows = []
    cases = [("sha3-256, 0 B", hash_tx(Alg.SHA3_256, b"")),
             ("sha3-256, 136 B", hash_tx(Alg.SHA3_256, bytes(136))),
             ("sha3-256, 1360 B", hash_tx(Alg.SHA3_256, bytes(1360))),
             ("shake128, 32 B -> 1000 B", hash_tx(Alg.SHAKE128, bytes(32), 1000))]
    key = bytes(16)
    kt = key_transaction(key, W)
    b.add_tx(kt)
    await b.check()
    cases.append(("keccak-mac, 136 B", (v(mac_transaction("keccak-mac", key, bytes(136), W,
                                                          load_key=False).pdi), [],
                                        v(mac_transaction("keccak-mac", key, bytes(136), W,
                                                          load_key=False).do))))
    if PRNG:
        g = PrngState(Alg.KECCAK_DUPLEX)
        cases += [("keccak-duplex seed, 32 B", prng_tx([("seed", bytes(32))], g)),
                  ("keccak-duplex gen, 135 B", prng_tx([("gen", 135)], g)),
                  ("keccak-duplex gen, 1000 B", prng_tx([("gen", 1000)], g))]
    for name, (pdi, sdi, do) in cases:
        await ClockCycles(dut.clk, 5)
        n0, s0 = len(b.do.items), b.pdi.sent
        b.add(pdi, sdi, do)
        t0 = None
        clk = 0
        while len(b.do.items) < n0 + len(do):
            await RisingEdge(dut.clk)
            clk += 1
            if t0 is None and b.pdi.sent > s0:
                t0 = clk - 1
        rows.append((name, clk - t0))
        await b.check()
    for name, c in rows:
        dut._log.info(f"cycles {name}: {c} (instruction offered to status taken, W={W})")


@cocotb.test(skip=not SLOW)
async def test_long_output(dut):
    """SHAKE128 and SHAKE256 outputs longer than one DO segment (65532 bytes at W = 32, 65520 at
    W = 128): HASH_VALUE split into segments as the builders split it; under DO stalls."""
    b = Bench(dut, stall=0.1, seed_extra=9)
    await b.start()
    seg_max = 65535 - 65535 % WB
    b.add(*hash_tx(Alg.SHAKE128, b"long", seg_max + 17))
    b.add(*hash_tx(Alg.SHAKE256, b"", seg_max))
    b.add(*hash_tx(Alg.SHA3_256, b"after"))
    await b.check(clocks=2_000_000)


@cocotb.test(skip="KAT" not in P)
async def test_kat_files(dut):
    """KAT sets written by `python -m linecrypt.lwc.kat` (pdi.txt, sdi.txt, do.txt; LC_PARAMS KAT:
    directories joined by os.pathsep) through the RTL back to back without stalls: DO equals
    do.txt word for word."""
    from linecrypt.lwc.kat import read_kat
    b = Bench(dut, seed_extra=8)
    await b.start()
    for d in P["KAT"].split(os.pathsep):
        kat = read_kat(d, W)
        for vec in kat.vectors:
            b.add_tx(vec.tx)
        dut._log.info(f"{len(kat.vectors)} KAT messages from {d}")
    await b.check()


def _wave(rows, valid, data=None, fmt="{:08x}"):
    """A WaveDrom lane from per-clock samples: bits, or data shown while ``valid`` is high."""
    wave, labels, prev = "", [], None
    for r in rows:
        if data is None:
            c = str(r[valid])
            wave += "." if c == prev else c
            prev = c
            continue
        if r[valid]:
            key = (r[data], r.get("_new_" + data, False))
            if prev is not None and prev[0] == r[data] and not key[1]:
                wave += "."
            else:
                wave += "="
                labels.append(fmt.format(r[data] >> (W - 32)))
            prev = key
        else:
            wave += "." if prev == "x" else "x"
            prev = "x"
    return wave, labels


@cocotb.test(skip="CAPTURE" not in P)
async def test_capture_diagram(dut):
    """Writes the datasheet's WaveDrom source (LC_PARAMS CAPTURE: its path): SHA3-256 of "abc"
    with no stalls, every clock from the instruction to the status word."""
    b = Bench(dut)
    await b.start()
    await ClockCycles(dut.clk, 2)
    b.add(*hash_tx(Alg.SHA3_256, b"abc"))
    rows = []
    for _ in range(60):
        await RisingEdge(dut.clk)
        r = {k: int(getattr(dut, k).value) for k in ("pdi_valid", "pdi_ready", "pdi_data",
                                                     "do_valid", "do_ready", "do_data")}
        # a new word follows each handshake, even with the same value
        if rows:
            r["_new_pdi_data"] = bool(rows[-1]["pdi_valid"] and rows[-1]["pdi_ready"])
            r["_new_do_data"] = bool(rows[-1]["do_valid"] and rows[-1]["do_ready"])
        rows.append(r)
        if r["do_valid"] and r["do_ready"] and (r["do_data"] >> (W - 4)) == 0b1110:
            break
    first = next(i for i, r in enumerate(rows) if r["pdi_valid"])
    rows = rows[max(0, first - 1):]
    lanes = [{"name": "clk", "wave": "p" + "." * (len(rows) - 1)}]
    for name in ("pdi_valid", "pdi_ready"):
        lanes.append({"name": name, "wave": _wave(rows, name)[0]})
    w, lab = _wave(rows, "pdi_valid", "pdi_data")
    lanes.append({"name": "pdi_data[31:0]", "wave": w, "data": lab})
    for name in ("do_valid", "do_ready"):
        lanes.append({"name": name, "wave": _wave(rows, name)[0]})
    w, lab = _wave(rows, "do_valid", "do_data")
    lanes.append({"name": "do_data[31:0]", "wave": w, "data": lab})
    src = {"signal": lanes, "head": {"text": f"lwc_keccak W={W}: HASH SHA3-256 of 'abc' "
                                              f"(INS, HDR, DAT in; HDR, 8 DAT, STT out)"},
           "config": {"hscale": 1}}
    with open(P["CAPTURE"], "w") as f:
        json.dump(src, f, indent=1)
        f.write("\n")
    dut._log.info(f"wrote {P['CAPTURE']} ({len(rows)} clocks)")
