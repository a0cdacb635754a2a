# SPDX-License-Identifier: Apache-2.0
"""The AEAD bench (aead_bench.py) on its test fixture aead_loopback.v, whose "cipher" inverts
the message bytes and whose tag is tag_len bytes of A5: random messages and every error the
fixture knows, under random stalls on every stream; a reset between messages; the stall-free
clock count. The expectations here are the fixture's (``loop_expect``), not the oracle's."""
import json
import os

import cocotb
from cocotb.triggers import ClockCycles

from aead_bench import (DECRYPT, ENCRYPT, ERR_LENGTH, ERR_SLOT, OK, AUTH_FAIL, AeadBench, Expected,
                        Message, bad_tkeep, compare, expected_status, keep_count)

P = json.loads(os.environ["LC_PARAMS"])
LANES, ID_W = P["LANES"], P["ID_W"]
MODE = "gcm" if P["MODE"] else "ocb"


def loop_expect(bench, msg):
    code = expected_status(MODE, msg, bench.keys.get(msg.slot))
    if code is not None:
        return Expected(None, None, code)
    out = bytes(b ^ 0xFF for b in msg.data)
    if msg.op == ENCRYPT:
        return Expected(out, b"\xA5" * msg.tag_len, OK)
    return Expected(out, None, OK if msg.tag == b"\xA5" * msg.tag_len else AUTH_FAIL)


def random_message(bench, i):
    rng = bench.rng
    op = rng.randrange(2)
    nonce = rng.randbytes(rng.choice((12, 12, 1, 13, 40) if MODE == "gcm" else (1, 12, 15)))
    tag_len = rng.choice((4, 8, 12, 16) if MODE == "gcm" else (1, 8, 16))
    ad = rng.randbytes(rng.choice((0, 0, 1, 16, 17, 16 * LANES, 70)))
    data = rng.randbytes(rng.choice((0, 1, 15, 16, 31, 32 * LANES, 100)))
    tag = (b"\xA5" * tag_len if rng.random() < 0.8 else rng.randbytes(tag_len)) if op else None
    m = Message(op, 0, nonce, ad, data, tag_len, tag)
    # every fifth message carries a fault; the kinds take turns, so each appears in any run
    fault = (i // 5) % 5 if i % 5 == 4 else None
    if fault == 0:
        m.slot = 1                                      # never loaded: ERR_SLOT
    elif fault == 1:
        m.tag_len = 5 if MODE == "gcm" else 17 % 32     # ERR_TAG_LEN (17 fits the 5-bit field)
        if op:
            m.tag = rng.randbytes(m.tag_len)
    elif fault == 2 and data:
        m.msg_len = len(data) + rng.choice((1, 16 * LANES))   # the part ends early (tlast)
    elif fault == 3 and data:
        m.mangle = bad_tkeep(-1 if not op else -2, 1)         # a bad tkeep on the message part
    elif fault == 4 and len(data) > 1:
        m.msg_len = rng.randrange(1, len(data))               # the part runs on past its tlast
    return m


@cocotb.test()
async def random_messages(dut):
    bench = AeadBench(dut, LANES, ID_W, mode=MODE, stall=0.3)
    await bench.reset()
    await bench.load_key(0, bench.rng.randbytes(16))
    msgs = [bench.send(random_message(bench, i)) for i in range(80)]
    codes = {}
    for m in msgs:
        r = await bench.result()
        assert r.msg is m
        try:
            compare(r, loop_expect(bench, m))
        except AssertionError:
            for prev in msgs[max(0, msgs.index(m) - 2):msgs.index(m) + 1]:
                dut._log.error("message %s", prev)
            raise
        codes[r.name] = codes.get(r.name, 0) + 1
        if r.code == ERR_LENGTH and r.beats:
            assert r.closed and keep_count(r.beats[-1].tkeep, LANES) == 0
    dut._log.info("status codes %s", codes)
    assert {"OK", "AUTH_FAIL", "ERR_SLOT", "ERR_LENGTH", "ERR_TAG_LEN"} <= set(codes), codes
    # errors found after output beats have left: the fixture closes the output with an empty
    # beat; the message after each is intact
    w = 16 * LANES
    bad = [Message(ENCRYPT, 0, bytes(12), b"", bytes(3 * w), 16, msg_len=3 * w + 1),
           Message(DECRYPT, 0, bytes(12), b"a", bytes(3 * w), 8, b"\xA5" * 8, mangle=bad_tkeep(-2, 1)),
           Message(ENCRYPT, 0, bytes(12), b"", bytes(3 * w), 16, msg_len=2 * w)]
    for m, nbeats in zip(bad, (3, 3, 2)):
        m = bench.send(m)
        good = bench.send(Message(ENCRYPT, 0, bytes(12), b"", b"after", 4))
        r = await bench.result()
        compare(r, loop_expect(bench, m))
        assert r.code == ERR_LENGTH and r.closed and len(r.beats) == nbeats, r.beats
        compare(await bench.result(), loop_expect(bench, good))


@cocotb.test()
async def bench_catches_a_wrong_expectation(dut):
    # a test that cannot fail is a defect: the comparison must see a wrong byte and a wrong code
    bench = AeadBench(dut, LANES, ID_W, mode=MODE, stall=0.2)
    await bench.reset()
    await bench.load_key(0, bytes(16))
    m = bench.send(Message(ENCRYPT, 0, bytes(12), b"a", b"plain", 8))
    r = await bench.result()
    compare(r, loop_expect(bench, m))
    for wrong in (Expected(b"qlain", b"\xA5" * 8, OK), Expected(r.data, b"\xA5" * 8, AUTH_FAIL),
                  Expected(r.data, b"\xA4" + b"\xA5" * 7, OK)):
        try:
            compare(r, wrong)
        except AssertionError:
            continue
        raise AssertionError(f"compare accepted {wrong}")


@cocotb.test()
async def reset_clears_slots_and_streams(dut):
    bench = AeadBench(dut, LANES, ID_W, mode=MODE, stall=0.3)
    await bench.reset()
    await bench.load_key(0, bytes(16))
    for _ in range(4):
        bench.send(Message(ENCRYPT, 0, bytes(12), b"", bytes(100), 16))
    await ClockCycles(dut.clk, 7)
    await bench.reset()
    assert not bench.sent
    m = bench.send(Message(DECRYPT, 0, bytes(12), b"x", bytes(20), 16, b"\xA5" * 16))
    r = await bench.result()
    assert r.code == ERR_SLOT and not r.beats
    await bench.load_key(0, bytes(16))
    m = bench.send(m)
    r = await bench.result()
    compare(r, loop_expect(bench, m))
    assert r.code == OK


@cocotb.test()
async def stall_free_clocks(dut):
    bench = AeadBench(dut, LANES, ID_W, mode=MODE, stall=0.0)
    await bench.reset()
    await bench.load_key(0, bytes(16))
    n, size = 6, 64 * LANES
    msgs = [bench.send(Message(ENCRYPT, 0, bytes(12), b"", bytes(size), 16)) for _ in range(n)]
    rs = await bench.results()
    for m, r in zip(msgs, rs):
        compare(r, loop_expect(bench, m))
        # no stalls: the output beats of a message leave on consecutive clocks
        cycles = [b.cycle for b in r.beats]
        assert cycles == list(range(cycles[0], cycles[0] + len(cycles))), cycles
    span = bench.span(rs)
    beats = size // (16 * LANES)
    dut._log.info("%d messages of %d bytes: %d clocks", n, size, span)
    # the fixture takes a descriptor, the beats, a tag clock and a status clock per message
    assert n * beats <= span <= n * (beats + 4), span
