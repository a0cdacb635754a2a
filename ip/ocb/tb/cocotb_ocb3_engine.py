# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of ocb3_engine (ip/ocb/rtl/ocb3_engine.v) on the shared AEAD bench
(ip/aead/tb/aead_bench.py): expected ciphertexts, tags, plaintexts and status codes come from
linecrypt.oracles.aead (pycryptodome / pyca AES-OCB, Botan Serpent/OCB; LineCrypt's RFC 7253
model only for tag lengths no library takes). Parameters arrive as JSON in LC_PARAMS (the RTL
parameters plus COUNT, the number of random messages). Every stream has random stalls unless a
test measures clocks; the seed is logged and LC_SEED replays it."""
import json
import os

import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from aead_bench import (AUTH_FAIL, DECRYPT, ENCRYPT, ERR_LENGTH, ERR_NONCE, ERR_OP, ERR_SLOT,
                        ERR_TAG_LEN, OK, AeadBench, Message, bad_tkeep, keep_count)

P = json.loads(os.environ["LC_PARAMS"])
LANES, ID_W = P["LANES"], P.get("ID_W", 8)
DEC = P.get("DECRYPT", 0)
OP = DECRYPT if DEC else ENCRYPT
HOLD = bool(P.get("HOLD", 0))
CIPHER = "serpent" if P.get("CIPHER", 0) else "aes"
KEY_BYTES = P.get("KEY_BITS", 128) // 8
COUNT = P.get("COUNT", 40)
W = 16 * LANES


def make_bench(dut, stall=0.3):
    return AeadBench(dut, LANES, ID_W, mode="ocb", cipher=CIPHER, hold=HOLD, decrypt=DEC,
                     max_msg=P.get("MAX_MSG"), stall=stall)


def message(bench, slot, nonce, ad, data, tag_len, flip=None):
    """A message of the engine's direction: the plaintext itself, or what the oracle seals from
    it (decryption). ``flip``: "tag", "ct", "ad" or "nonce" to tamper with after sealing."""
    if OP == ENCRYPT:
        return Message(ENCRYPT, slot, nonce, ad, data, tag_len)
    m = bench.sealed(slot, nonce, ad, data, tag_len)
    if flip == "tag":
        m.tag = bytes([m.tag[0] ^ 1]) + m.tag[1:]
    elif flip == "ct":
        m.data = m.data[:-1] + bytes([m.data[-1] ^ 0x40])
    elif flip == "ad":
        m.ad = bytes([m.ad[0] ^ 2]) + m.ad[1:]
    elif flip == "nonce":
        m.nonce = bytes([m.nonce[0] ^ 0x80]) + m.nonce[1:]
    return m


def lengths():
    # 0..3 beats and odd sizes around the block and beat boundaries
    return (0, 1, 15, 16, 17, 31, 32, W - 1, W, W + 1, 2 * W + 5, 3 * W, 3 * W - 7, 100)


async def check_all(bench, msgs, log):
    codes = {}
    for m in msgs:
        r = await bench.result()
        assert r.msg is m
        try:
            bench.check(r)
        except AssertionError:
            log.error("failing message: op %d slot %d nonce %s ad %d bytes data %d bytes tag %d",
                      m.op, m.slot, m.nonce.hex(), len(m.ad), len(m.data), m.tag_len)
            raise
        codes[r.name] = codes.get(r.name, 0) + 1
    return codes


@cocotb.test()
async def random_messages(dut):
    """Random AD and message lengths (empty, partial blocks, 0..3 beats), nonces of 1, 12, 15 and
    random lengths, every tag length, two slots, random stalls on every stream."""
    bench = make_bench(dut, stall=0.3)
    await bench.reset()
    for s in (0, 1):
        await bench.load_key(s, bench.rng.randbytes(KEY_BYTES))
    rng = bench.rng
    msgs = []
    for i in range(COUNT):
        nlen = rng.choice((1, 12, 15, rng.randrange(1, 16)))
        tlen = rng.choice((16, 8, 12, rng.randrange(1, 17)))
        if CIPHER == "serpent":
            tlen = rng.choice((8, 12, 16))
        ad = rng.randbytes(rng.choice(lengths()))
        data = rng.randbytes(rng.choice(lengths()))
        msgs.append(bench.send(message(bench, i % 2, rng.randbytes(nlen), ad, data, tlen)))
    codes = await check_all(bench, msgs, dut._log)
    dut._log.info("status codes %s", codes)
    assert codes == {"OK": COUNT}, codes


@cocotb.test()
async def counter_nonces_back_to_back(dut):
    """Consecutive counter nonces with no stalls: the Ktop cache hits 63 times in 64, the
    messages stream back to back; clocks per message against the header's formula."""
    bench = make_bench(dut, stall=0.0)
    await bench.reset()
    await bench.load_key(0, bench.rng.randbytes(KEY_BYTES))
    n, ad_len, size = 48, 2 * W, 2 * W
    base = int.from_bytes(bench.rng.randbytes(12), "big") & ~0x3F
    misses0 = int(dut.nc_misses.value)
    msgs = [bench.send(message(bench, 0, (base + 8 + i).to_bytes(12, "big"),
                               bench.rng.randbytes(ad_len), bench.rng.randbytes(size), 16))
            for i in range(n)]
    rs = await bench.results()
    for m, r in zip(msgs, rs):
        bench.check(r)
    misses = int(dut.nc_misses.value) - misses0
    # base + 8 .. base + 55 share one Top: one cipher call for all of them
    assert misses == 1, misses
    span = bench.span(rs)
    # the header's clocks-per-message formula (no pad here: whole blocks)
    beats_in = -(-ad_len // W) + -(-size // W) + 1
    per = beats_in if OP == ENCRYPT else max(beats_in, -(-ad_len // 16) + 1)
    # steady state: status to status from the 9th message on (the pipeline is full)
    steady = (rs[-1].sts_cycle - rs[8].sts_cycle) / (n - 9)
    dut._log.info("%d messages: %d clocks; steady state %.2f clocks per message (formula %d)",
                  n, span, steady, per)
    assert steady <= per + 0.25, (steady, per)
    # messages with neither AD nor message (encryption: the tag; decryption: the TAG part):
    # the formula's one clock each (the descriptors read ahead cover the per-message setup)
    msgs = [bench.send(message(bench, 0, (base + 8 + i).to_bytes(12, "big"), b"", b"", 16))
            for i in range(24)]
    rs = await bench.results()
    for r in rs:
        bench.check(r)
    steady = (rs[-1].sts_cycle - rs[4].sts_cycle) / (len(rs) - 5)
    dut._log.info("empty messages: steady state %.2f clocks per message", steady)
    assert steady <= 1.25, steady


@cocotb.test()
async def status_needs_no_later_output(dut):
    """Messages back to back, the output stream stopped after the first message's last beat:
    the first status word still comes (decryption's tag check does not wait for the output of
    the next messages), then everything completes and checks."""
    bench = make_bench(dut, stall=0.0)
    await bench.reset()
    await bench.load_key(0, bench.rng.randbytes(KEY_BYTES))
    rng = bench.rng
    msgs = [bench.send(message(bench, 0, rng.randbytes(12), rng.randbytes(n % 40),
                               rng.randbytes(3 * W + n), 16)) for n in range(6)]
    for r in await bench.status_without_later_output(msgs):
        bench.check(r)


@cocotb.test()
async def errors_then_good(dut):
    """Malformed descriptors and data, an empty slot and (decryption) tampered messages: each
    gets its status, and the message after it is right."""
    bench = make_bench(dut, stall=0.25)
    await bench.reset()
    await bench.load_key(0, bench.rng.randbytes(KEY_BYTES))
    rng = bench.rng

    def good():
        return message(bench, 0, rng.randbytes(12), rng.randbytes(rng.choice((0, 20))),
                       rng.randbytes(rng.choice((0, 5, 2 * W + 3))), rng.choice((8, 16)))

    bad = []
    m = good(); m.nonce_len = 0; bad.append((m, ERR_NONCE))
    m = good(); m.nonce_len = 16; bad.append((m, ERR_NONCE))
    m = good(); m.tag_len = 0; m.tag = b"" if OP else None; bad.append((m, ERR_TAG_LEN))
    m = good(); m.tag_len = 17; m.tag = rng.randbytes(17) if OP else None
    bad.append((m, ERR_TAG_LEN))
    m = good(); m.op ^= 1; m.tag = rng.randbytes(m.tag_len) if m.op else None
    bad.append((m, ERR_OP))
    m = good(); m.slot = 1; bad.append((m, ERR_SLOT))
    m = message(bench, 0, rng.randbytes(12), b"", rng.randbytes(3 * W), 16)
    m.msg_len = 3 * W + 1; bad.append((m, ERR_LENGTH))            # the part ends early
    m = message(bench, 0, rng.randbytes(12), rng.randbytes(40), rng.randbytes(2 * W + 3), 16)
    m.mangle = bad_tkeep(-2 if OP else -1, 1); bad.append((m, ERR_LENGTH))   # bad tkeep
    m = message(bench, 0, rng.randbytes(12), rng.randbytes(2 * W + 1), rng.randbytes(W), 16)
    m.mangle = bad_tkeep(0, 1); bad.append((m, ERR_LENGTH))       # bad tkeep in the AD part
    m = message(bench, 0, rng.randbytes(12), rng.randbytes(30), rng.randbytes(3 * W), 16)
    m.ad_len = 20; m.mangle = None; bad.append((m, ERR_LENGTH))   # AD runs on past its length
    if OP == DECRYPT:
        for what in ("tag", "ct", "ad", "nonce"):
            m = message(bench, 0, rng.randbytes(12), rng.randbytes(21), rng.randbytes(W + 9),
                        rng.choice((4, 16)), flip=what)
            bad.append((m, AUTH_FAIL))
    seen = set()
    for m, code in bad:
        m = bench.send(m)
        g = bench.send(good())
        r = await bench.result()
        bench.check(r)
        assert r.code == code, (r.name, code)
        if code == ERR_LENGTH and r.beats:
            assert r.closed and keep_count(r.beats[-1].tkeep, LANES) == 0
        seen.add(r.name)
        r = await bench.result()
        assert r.msg is g and r.code == OK, r.name
        bench.check(r)
    dut._log.info("error codes seen %s", sorted(seen))


async def ad_only_batches(dut, stall, batches, ad_lens, data_lens):
    bench = make_bench(dut, stall=stall)
    await bench.reset()
    await bench.load_key(0, bench.rng.randbytes(KEY_BYTES))
    rng = bench.rng
    for _ in range(batches):
        msgs = [bench.send(message(bench, 0, rng.randbytes(12), rng.randbytes(rng.choice(ad_lens)),
                                   rng.randbytes(rng.choice(data_lens)), 16))
                for _ in range(rng.randrange(6, 14))]
        await check_all(bench, msgs, dut._log)


@cocotb.test()
async def ad_only_back_to_back(dut):
    """Messages with AD and no message part (and fresh random nonces: a Ktop cache miss each)
    back to back from an idle engine, no stalls. Decryption: such a message's TAG part reaches
    the output side while its AD blocks may still wait for the forward lane (LANES > 1: the AD
    queue sends a beat's blocks one per clock; any LANES: the Ktop calls of the messages behind
    it come first); its tag call, which has the lane first, must not pass them: the lane
    returns results in call order and a tag result waits for its message's Sum."""
    await ad_only_batches(dut, 0.0, 12, (17, 33, W + 1, 3 * W + 5), (0,))


@cocotb.test()
async def ad_only_among_data(dut):
    """Batches of short messages with fresh random nonces, mixing messages with AD and no
    message part among messages with one, random stalls (the tag calls of several messages
    bunch behind a message's ciphertext in the inverse lanes; the AD call of a message behind
    them must still go first)."""
    await ad_only_batches(dut, 0.2, 10, (0, 9, 33), (0, 0, 16, 50))


@cocotb.test()
async def slot_switch_and_key_reload(dut):
    """Messages alternate between two slots; slot 0 is reloaded with a new key while messages
    of both slots are queued: those accepted before finish with the old key, later ones use
    the new one (each checked against the key its descriptor met)."""
    bench = make_bench(dut, stall=0.2)
    await bench.reset()
    k0, k1, k2 = (bench.rng.randbytes(KEY_BYTES) for _ in range(3))
    await bench.load_key(0, k0)
    await bench.load_key(1, k1)
    rng = bench.rng
    first = [bench.send(message(bench, i % 2, rng.randbytes(12), rng.randbytes(7),
                                rng.randbytes(40), 16)) for i in range(6)]
    rs = [await bench.result() for _ in first]
    for r in rs:
        bench.check(r)
    await bench.load_key(0, k2)
    assert bench.keys[0] == k2
    second = [bench.send(message(bench, i % 2, rng.randbytes(15), rng.randbytes(17),
                                 rng.randbytes(3 * W + 1), 12)) for i in range(6)]
    for r in [await bench.result() for _ in second]:
        bench.check(r)
    # the reload leaves the slot valid and a key under load makes its messages wait
    taken = len(bench.key.cycles)
    bench.key.send({"s_key_tdata": int.from_bytes(k0, "big"), "s_key_slot": 0})
    bench.keys[0] = k0
    # the message goes in once the engine has taken the key (the key driver stalls at random):
    # slot 0's later messages take the new key (ocb3_engine.v, "Key load")
    for _ in range(10_000):
        await RisingEdge(dut.clk)
        if len(bench.key.cycles) > taken:
            break
    else:
        raise AssertionError("the engine never took the key")
    m = bench.send(message(bench, 0, rng.randbytes(12), b"", rng.randbytes(33), 16))
    r = await bench.result()
    bench.check(r)


@cocotb.test()
async def reset_mid_message(dut):
    """A reset while messages stream: slots are empty after it (ERR_SLOT), and after a key load
    the engine is correct again."""
    bench = make_bench(dut, stall=0.2)
    await bench.reset()
    key = bench.rng.randbytes(KEY_BYTES)
    await bench.load_key(0, key)
    rng = bench.rng
    for _ in range(4):
        bench.send(message(bench, 0, rng.randbytes(12), rng.randbytes(40), rng.randbytes(5 * W), 16))
    await ClockCycles(dut.clk, 30)
    await bench.reset()
    await RisingEdge(dut.clk)
    await ReadOnly()
    assert int(dut.slot_valid.value) == 0
    await RisingEdge(dut.clk)
    m = bench.send(message(bench, 0, rng.randbytes(12), b"x", rng.randbytes(20), 16)
                   if OP == ENCRYPT else Message(DECRYPT, 0, bytes(12), b"x", bytes(20), 16,
                                                 bytes(16)))
    r = await bench.result()
    assert r.code == ERR_SLOT and not r.beats, r.name
    await bench.load_key(0, key)
    msgs = [bench.send(message(bench, 0, rng.randbytes(12), rng.randbytes(rng.choice((0, 9, 33))),
                               rng.randbytes(rng.choice((0, 16, 50))), 16)) for _ in range(6)]
    await check_all(bench, msgs, dut._log)
