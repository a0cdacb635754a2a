# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of gcm_engine (ip/gcm/rtl/gcm_engine.v) on the shared AEAD bench
(ip/aead/tb/aead_bench.py). Expected ciphertexts, tags, plaintexts and status codes come from
linecrypt.oracles.aead: pycryptodome / pyca for AES-GCM, Botan for Serpent/GCM (a 4-byte tag
there is Botan's 16-byte tag truncated, SP 800-38D's MSB_t). The expectations of a batch of
messages are computed in one oracle call per kind (one Botan child), with the key each message
was sent under, so key reloads are checked message by message.

LC_PARAMS JSON: the RTL parameters plus COUNT (random messages per test). Every stream has
seeded random stalls unless a test measures clocks; the seed is logged and LC_SEED replays it.
"""
import json
import os

import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from aead_bench import (AUTH_FAIL, DECRYPT, ENCRYPT, ERR_LENGTH, ERR_NONCE, ERR_SLOT,
                        ERR_TAG_LEN, ERR_TOO_LONG, OK, AeadBench, Expected, Message, bad_tkeep,
                        compare, expected_status)

from linecrypt.oracles import aead as oracle

P = json.loads(os.environ["LC_PARAMS"])
LANES, ID_W = P["LANES"], P.get("ID_W", 8)
HOLD = bool(P.get("HOLD", 0))
CIPHER = "serpent" if P.get("CIPHER", 0) else "aes"
KEY_BYTES = P.get("KEY_BITS", 128) // 8
COUNT = P.get("COUNT", 40)
MAX_MSG = P.get("MAX_MSG", 0x10_0000)
if HOLD:
    MAX_MSG = min(MAX_MSG, P.get("HOLD_BYTES", 16384))
W = 16 * LANES
TAGS = oracle.GCM_TAG_LENGTHS
# the cipher core's pipeline depth, as gcm_engine.v computes it (default STAGES)
LAT = (1 + (KEY_BYTES // 4 + 6) * 2) if CIPHER == "aes" else 33


def make_bench(dut, stall=0.3):
    return AeadBench(dut, LANES, ID_W, mode="gcm", cipher=CIPHER, hold=HOLD, max_msg=MAX_MSG,
                     stall=stall)


def lengths():
    """0..3 beats and odd sizes around the block and beat boundaries."""
    return sorted({0, 1, 15, 16, 17, 31, W - 1, W, W + 1, 2 * W + 5, 3 * W, 3 * W - 7})


class Run:
    """Messages sent on one bench, each with the key its slot held when it was sent (None: the
    slot is empty), checked in one go against batched oracle results."""

    def __init__(self, bench):
        self.bench = bench
        self.keys = {}                 # slot -> key, as the engine will use it
        self.items = []                # (message, key) in send order

    def set_key(self, slot, key):
        self.keys[slot] = key

    def sealed_many(self, specs):
        """Decryption messages of what the oracle seals: specs are dicts of slot, nonce, ad,
        pt, tag_len and optional flip ("tag", "ct", "ad", "nonce", "tag_last")."""
        jobs = [(self.keys[s["slot"]], s["nonce"], s["ad"], s["pt"], s["tag_len"]) for s in specs]
        out = []
        for s, sealed in zip(specs, oracle.seal_many("gcm", CIPHER, jobs)):
            m = Message(DECRYPT, s["slot"], s["nonce"], s["ad"], sealed.ciphertext, s["tag_len"],
                        sealed.tag)
            flip = s.get("flip")
            if flip == "tag":
                m.tag = bytes([m.tag[0] ^ 1]) + m.tag[1:]
            elif flip == "tag_last":
                m.tag = m.tag[:-1] + bytes([m.tag[-1] ^ 0x80])
            elif flip == "ct":
                m.data = m.data[:-1] + bytes([m.data[-1] ^ 0x40])
            elif flip == "ad":
                m.ad = bytes([m.ad[0] ^ 2]) + m.ad[1:]
            elif flip == "nonce":
                m.nonce = bytes([m.nonce[0] ^ 0x80]) + m.nonce[1:]
            out.append(m)
        return out

    def send(self, msg):
        msg = self.bench.send(msg)
        self.items.append((msg, self.keys.get(msg.slot)))
        return msg

    def expectations(self):
        """Expected results of every message sent, in order (oracle calls batched)."""
        exp = [None] * len(self.items)
        seal, open_ = [], []
        for i, (m, key) in enumerate(self.items):
            code = expected_status("gcm", m, key, max_msg=MAX_MSG)
            if code is not None:
                exp[i] = Expected(None, None, code)
            elif m.op == ENCRYPT:
                seal.append(i)
            else:
                open_.append(i)
        def job(i, kind):
            m, key = self.items[i]
            n = m.effective_nonce("gcm")
            if kind == "seal":
                return (key, n, m.ad, m.data, m.tag_len)
            if kind == "open":
                return (key, n, m.ad, m.data, m.tag)
            return (key, n, b"", m.data, 16)        # GCTR again: the unverified plaintext
        for i, s in zip(seal, oracle.seal_many("gcm", CIPHER, [job(i, "seal") for i in seal])):
            exp[i] = Expected(s.ciphertext, s.tag, OK, s.source)
        pts = oracle.open_many("gcm", CIPHER, [job(i, "open") for i in open_])
        failed = [i for i, pt in zip(open_, pts) if pt is None]
        for i, pt in zip(open_, pts):
            if pt is not None:
                exp[i] = Expected(pt, None, OK)
        unver = oracle.seal_many("gcm", CIPHER, [job(i, "raw") for i in failed]) if failed else []
        for i, s in zip(failed, unver):
            exp[i] = Expected(b"" if HOLD else s.ciphertext, None, AUTH_FAIL, s.source)
        return exp

    async def check(self, log):
        """Take every outstanding result and check it; returns the results and a count per
        status name."""
        exp = self.expectations()
        results, names = [], {}
        for (m, _), e in zip(self.items, exp):
            r = await self.bench.result()
            assert r.msg.id == m.id
            try:
                compare(r, e)
            except AssertionError:
                log.error("failing message id %d: op %d slot %d nonce %s (%d) ad %d data %d "
                          "tag %d", m.id, m.op, m.slot, m.nonce.hex(), m.desc()["nonce_len"],
                          len(m.ad), len(m.data), m.tag_len)
                raise
            results.append(r)
            names[r.name] = names.get(r.name, 0) + 1
        self.items.clear()
        return results, names


async def started(dut, stall=0.3, slots=(0,)):
    bench = make_bench(dut, stall)
    await bench.reset()
    run = Run(bench)
    for s in slots:
        key = bench.rng.randbytes(KEY_BYTES)
        await bench.load_key(s, key)
        run.set_key(s, key)
    return bench, run


def random_specs(rng, n, slots=(0,), ivs=(12,)):
    """n random (op, slot, iv, ad, pt, tag_len): lengths from lengths(), every tag length."""
    lens = lengths()
    out = []
    for i in range(n):
        out.append(dict(op=rng.randrange(2), slot=rng.choice(slots),
                        nonce=rng.randbytes(rng.choice(ivs)), ad=rng.randbytes(rng.choice(lens)),
                        pt=rng.randbytes(rng.choice(lens)), tag_len=TAGS[i % len(TAGS)]))
    return out


def send_specs(run, specs):
    """Send encryptions as they are and decryptions sealed by the oracle, in spec order."""
    dec = run.sealed_many([s for s in specs if s["op"] == DECRYPT])
    sent = []
    for s in specs:
        if s["op"] == DECRYPT:
            sent.append(run.send(dec.pop(0)))
        else:
            sent.append(run.send(Message(ENCRYPT, s["slot"], s["nonce"], s["ad"], s["pt"],
                                         s["tag_len"])))
    return sent


# --------------------------------------------------------------------------------------------

@cocotb.test()
async def lengths_and_tags(dut):
    """Every (AD, message) length pair of lengths() with a 12-byte IV, both directions, every
    tag length, back to back with random stalls on every stream."""
    bench, run = await started(dut, stall=0.3)
    rng = bench.rng
    lens = lengths()
    specs = []
    for i, a in enumerate(lens):
        for j, m in enumerate(lens):
            specs.append(dict(op=(i + j) % 2, slot=0, nonce=rng.randbytes(12),
                              ad=rng.randbytes(a), pt=rng.randbytes(m),
                              tag_len=TAGS[(i * len(lens) + j) % len(TAGS)]))
    if LANES > 1 or CIPHER != "aes":      # the smaller builds: every pair is long enough
        specs = specs[::2] + [s for s in specs[1::2] if not s["ad"] or not s["pt"]]
    send_specs(run, specs)
    _, names = await run.check(dut._log)
    dut._log.info("%d messages: %s", len(specs), names)
    assert names == {"OK": len(specs)}


@cocotb.test()
async def iv_lengths(dut):
    """IVs of 1, 8, 12, 16, 60 bytes (all but 12 travel as the first data part and give J0 by
    GHASH), both directions, with and without AD and message, random stalls."""
    bench, run = await started(dut, stall=0.3)
    rng = bench.rng
    specs = []
    for iv in (1, 8, 12, 16, 60, 2 * W + 3):
        for op in (ENCRYPT, DECRYPT):
            for a, m in ((0, 0), (0, 5), (W + 3, 0), (17, 2 * W + 1)):
                specs.append(dict(op=op, slot=0, nonce=rng.randbytes(iv), ad=rng.randbytes(a),
                                  pt=rng.randbytes(m), tag_len=rng.choice(TAGS)))
    send_specs(run, specs)
    _, names = await run.check(dut._log)
    assert names == {"OK": len(specs)}


@cocotb.test()
async def tampered(dut):
    """Decryptions with a flipped tag bit (first and last tag byte), ciphertext bit, AD bit or
    IV bit give AUTH_FAIL (HOLD: no plaintext leaves); the untouched ones around them pass."""
    bench, run = await started(dut, stall=0.3)
    rng = bench.rng
    specs = []
    for flip in ("tag", "tag_last", "ct", "ad", "nonce", None):
        for iv in (12, 8):
            for t in (4, 12, 16):
                specs.append(dict(op=DECRYPT, slot=0, nonce=rng.randbytes(iv),
                                  ad=rng.randbytes(rng.choice((5, W + 1))),
                                  pt=rng.randbytes(rng.choice((1, 2 * W + 3))), tag_len=t,
                                  flip=flip))
    good = dict(op=DECRYPT, slot=0, nonce=rng.randbytes(12), ad=b"", pt=rng.randbytes(W),
                tag_len=16)
    msgs = run.sealed_many(specs + [good])
    for m in msgs:
        run.send(m)
    results, names = await run.check(dut._log)
    assert names == {"AUTH_FAIL": len(specs) - 6, "OK": 7}, names
    if HOLD:
        assert not any(r.data for r in results if r.code == AUTH_FAIL)


@cocotb.test()
async def malformed(dut):
    """Bad tag lengths, a zero IV length, lengths above MAX_MSG, an empty slot, and data that
    does not match the descriptor (part too short or too long, tkeep wrong, tlast missing) get
    their error status; the message after each is right."""
    bench, run = await started(dut, stall=0.3, slots=(0,))
    rng = bench.rng
    nslots = len(dut.slot_valid)
    empty = nslots - 1

    def enc(**kw):
        base = dict(op=ENCRYPT, slot=0, nonce=rng.randbytes(12), ad=rng.randbytes(W + 5),
                    data=rng.randbytes(2 * W + 3), tag_len=16)
        base.update(kw)
        return Message(**base)

    bad = [
        (enc(tag_len=5), ERR_TAG_LEN), (enc(tag_len=0), ERR_TAG_LEN),
        (enc(tag_len=17), ERR_TAG_LEN), (enc(tag_len=3), ERR_TAG_LEN),
        (enc(nonce=b"", nonce_len=0), ERR_NONCE),
        (enc(ad_len=MAX_MSG + 1), ERR_TOO_LONG),
        (enc(slot=empty), ERR_SLOT),
        (enc(slot=empty, nonce=rng.randbytes(20)), ERR_SLOT),
        (enc(ad_len=W + 6), ERR_LENGTH), (enc(ad_len=W + 4), ERR_LENGTH),
        (enc(msg_len=2 * W + 2), ERR_LENGTH), (enc(msg_len=3 * W), ERR_LENGTH),
        (enc(ad_len=W), ERR_LENGTH), (enc(ad_len=3 * W), ERR_LENGTH),
        (enc(mangle=bad_tkeep(-1, 1)), ERR_LENGTH), (enc(mangle=bad_tkeep(0, 1 << 15)), ERR_LENGTH),
        (enc(nonce=rng.randbytes(9), nonce_len=10), ERR_LENGTH),
        (enc(nonce=rng.randbytes(40), nonce_len=24), ERR_LENGTH),
    ]
    # decryptions: a short tag part, a bad ciphertext length (its output is closed), a bad
    # tkeep on the tag beat (after the plaintext's tlast beat). The data keep one tlast per
    # declared part: the ingress resynchronises by counting them (aead_ingress.v)
    d = run.sealed_many([dict(slot=0, nonce=rng.randbytes(12), ad=b"", pt=rng.randbytes(3 * W),
                              tag_len=16) for _ in range(3)])
    d[0].tag = d[0].tag[:15]
    d[1].msg_len = 3 * W + 1
    d[2].mangle = bad_tkeep(-1, 1)
    bad += [(d[0], ERR_LENGTH), (d[1], ERR_LENGTH), (d[2], ERR_LENGTH)]
    good = run.sealed_many([dict(slot=0, nonce=rng.randbytes(12), ad=rng.randbytes(7),
                                 pt=rng.randbytes(W + 1), tag_len=12) for _ in bad])
    for (m, code), g in zip(bad, good):
        run.send(m)
        run.send(enc() if rng.random() < 0.5 else g)
    results, names = await run.check(dut._log)
    for (m, code), r in zip(bad, results[::2]):
        assert r.code == code, f"message id {r.id}: {r.name}, expected {code}"
    assert all(r.code == OK for r in results[1::2])
    # an output cut by an error ends with a tkeep = 0, tlast = 1 beat (without HOLD)
    if not HOLD:
        cut = [r for r in results if r.code == ERR_LENGTH and r.beats]
        assert cut and all(r.closed or r.beats[-1].tlast for r in cut)


@cocotb.test()
async def keys_and_slots(dut):
    """Messages alternating between two slots back to back, a slot reloaded while messages for
    it are queued (those sent before the key command use the old key, the later ones the new
    key), and a key load into a free slot while traffic flows."""
    nslots = len(dut.slot_valid)
    bench, run = await started(dut, stall=0.2, slots=(0, 1))
    rng = bench.rng
    send_specs(run, random_specs(rng, 12, slots=(0, 1), ivs=(12, 7)))
    # wait until those descriptors are taken, then reload slot 0 without waiting
    while not bench.cmd.idle():
        await RisingEdge(dut.clk)
    key = rng.randbytes(KEY_BYTES)
    await bench.load_key(0, key, wait=False)
    while bench.key.queue or bench.key._current:
        await RisingEdge(dut.clk)
    run.set_key(0, key)
    send_specs(run, random_specs(rng, 12, slots=(0, 1), ivs=(12, 7)))
    if nslots > 2:
        key2 = rng.randbytes(KEY_BYTES)
        await bench.load_key(2, key2, wait=False)
    _, names = await run.check(dut._log)
    assert names == {"OK": 24}, names
    await ClockCycles(dut.clk, 2)
    await ReadOnly()
    assert int(dut.slot_valid.value) & 3 == 3


@cocotb.test()
async def reset_mid_message(dut):
    """A reset while a long message streams (and while a key loads) clears everything: the
    slots are empty afterwards (ERR_SLOT) and the engine works after new keys."""
    bench, run = await started(dut, stall=0.2)
    rng = bench.rng
    for _ in range(3):
        run.send(Message(ENCRYPT, 0, rng.randbytes(12), rng.randbytes(40), rng.randbytes(20 * W)))
    await ClockCycles(dut.clk, 12)
    await bench.load_key(1, rng.randbytes(KEY_BYTES), wait=False)
    await ClockCycles(dut.clk, 5)
    await bench.reset()
    run.items.clear()
    run.keys.clear()
    await ClockCycles(dut.clk, 3)
    await ReadOnly()
    assert int(dut.slot_valid.value) == 0
    await RisingEdge(dut.clk)
    run.send(Message(ENCRYPT, 0, rng.randbytes(12), b"", rng.randbytes(5)))
    _, names = await run.check(dut._log)
    assert names == {"ERR_SLOT": 1}
    key = rng.randbytes(KEY_BYTES)
    await bench.load_key(0, key)
    run.set_key(0, key)
    send_specs(run, random_specs(rng, 10, ivs=(12, 20)))
    _, names = await run.check(dut._log)
    assert names == {"OK": 10}, names


@cocotb.test()
async def status_needs_no_later_output(dut):
    """Decryptions back to back, the output stream stopped after the first message's last beat:
    the first status word still comes, then everything completes and checks."""
    bench, run = await started(dut, stall=0.0)
    rng = bench.rng
    specs = [dict(op=DECRYPT, slot=0, nonce=rng.randbytes(12), ad=rng.randbytes(n % 40),
                  pt=rng.randbytes(3 * W + n), tag_len=16) for n in range(6)]
    sent = send_specs(run, specs)
    exp = run.expectations()
    run.items.clear()
    for r, e in zip(await bench.status_without_later_output(sent), exp):
        compare(r, e)


@cocotb.test()
async def back_to_back(dut):
    """No stalls: messages follow each other with no idle clock. Steady state, the status words
    of messages with a 12-byte IV are ceil(A/W) + ceil(M/W) + 1 clocks apart (the module
    header's formula), in both directions (HOLD: aead_hold's own rate may bound it); the first
    message's latency is bounded too."""
    bench, run = await started(dut, stall=0.0)
    rng = bench.rng
    for a, m in ((0, 0), (W, 2 * W), (5, W + 1), (0, 3 * W)):
        for op in (ENCRYPT, DECRYPT):
            n = 24
            specs = [dict(op=op, slot=0, nonce=rng.randbytes(12), ad=rng.randbytes(a),
                          pt=rng.randbytes(m), tag_len=16) for _ in range(n)]
            await ClockCycles(dut.clk, 4)
            send_specs(run, specs)
            results, names = await run.check(dut._log)
            assert names == {"OK": n}
            cost = -(-a // W) + -(-m // W) + 1
            gaps = [y.sts_cycle - x.sts_cycle for x, y in zip(results, results[1:])]
            steady = gaps[n // 2:]
            dut._log.info("A=%d M=%d op %d: %d clocks/message (formula %d), first status %d "
                          "clocks after its descriptor", a, m, op, max(steady), cost,
                          results[0].sts_cycle - results[0].cmd_cycle)
            if HOLD:
                # aead_hold releases a message's beats, then its status: one clock more for
                # messages with more output beats than input beats
                beats = len(results[0].beats)
                assert max(steady) <= max(cost, beats + 1), (steady, cost, beats)
            else:
                assert max(steady) == cost and min(steady) == cost, (steady, cost)
            assert results[0].sts_cycle - results[0].cmd_cycle < LAT + 40 + cost


@cocotb.test()
async def random_traffic(dut):
    """COUNT random messages: IVs of 12 and random lengths, both directions, every tag length,
    two slots, random stalls on every stream."""
    bench, run = await started(dut, stall=0.3, slots=(0, 1))
    rng = bench.rng
    specs = random_specs(rng, COUNT, slots=(0, 1), ivs=(12, 12, 12, 1, 16, 33))
    send_specs(run, specs)
    _, names = await run.check(dut._log)
    assert names == {"OK": COUNT}, names


ENGINE_WAVE = [("s_cmd_tvalid", "bit", None), ("s_cmd_tready", "bit", None),
               ("s_cmd_op", "data", "s_cmd_tvalid"), ("s_cmd_id", "data", "s_cmd_tvalid"),
               ("s_axis_tvalid", "bit", None), ("s_axis_tready", "bit", None),
               ("s_axis_tlast", "flag", "s_axis_tvalid"),
               ("m_axis_tvalid", "bit", None), ("m_axis_tready", "bit", None),
               ("m_axis_tlast", "flag", "m_axis_tvalid"), ("m_axis_ttag", "flag", "m_axis_tvalid"),
               ("m_axis_tid", "data", "m_axis_tvalid"),
               ("m_sts_tvalid", "bit", None), ("m_sts_code", "data", "m_sts_tvalid"),
               ("m_sts_id", "data", "m_sts_tvalid")]


@cocotb.test(skip="LC_WAVE_OUT" not in os.environ)
async def diagram(dut):
    """Records ip/aead/doc/timing-engine.json (the timing diagram of docs/aead-interface.md):
    LANES = 1, no stalls; message 1 encrypts 16 bytes of AD and a 24-byte message (tag 16),
    message 2 decrypts 16 bytes with a tag that verifies, message 3 the same with a forged tag."""
    from cocotb_wave import record, wavedrom
    bench = make_bench(dut, stall=0.0)
    await bench.reset()
    await bench.load_key(0, bytes(range(KEY_BYTES)))
    bench.set_stalls(0)
    nonce = bytes(range(12))
    seen = []

    def third_status(row):
        if row["m_sts_tvalid"] and row["m_sts_tready"]:
            seen.append(row["m_sts_id"])
        return len(seen) == 3
    rec = cocotb.start_soon(record(dut, ENGINE_WAVE + [("m_sts_tready", "bit", None)], 400,
                                   third_status))
    await RisingEdge(dut.clk)
    bench.send(Message(ENCRYPT, 0, nonce, bytes(16), bytes(range(24)), 16))
    bench.send(bench.sealed(0, nonce, b"", bytes(16), 16))
    bench.send(bench.sealed(0, nonce, b"", bytes(16), 16, flip_tag=True))
    rows = await rec
    src = wavedrom(rows, ENGINE_WAVE, "gcm_engine, LANES = 1, AES-128: encrypt (AD 16 B, "
                   "message 24 B), decrypt (16 B, tag OK), decrypt (forged tag: AUTH_FAIL = 1)")
    with open(os.environ["LC_WAVE_OUT"], "w") as f:
        json.dump(src, f, indent=1)
    await bench.results(3)
