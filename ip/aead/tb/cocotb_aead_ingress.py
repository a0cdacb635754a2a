# SPDX-License-Identifier: Apache-2.0
"""aead_ingress under random stalls on all four streams: descriptors checked by the mode's rules,
parts split and zero-padded, malformed data (tlast early or late, tkeep wrong) reported as
ERR_LENGTH with the rest of the message dropped, and every later message still right; then a
reset in the middle of the streams and a clean run after it.

The expected beats come from the framing rules of docs/aead-interface.md, written out below
independently of the RTL (this is framing, not cryptography: there is no library to compare with).
"""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge

from cocotb_streams import Sink, Source

KIND_IV, KIND_AD, KIND_MSG, KIND_TAG = range(4)
ERR_LENGTH, ERR_NONCE, ERR_TAG_LEN, ERR_OP, ERR_TOO_LONG = 2, 4, 5, 6, 7
GCM_TAGS = (4, 8, 12, 13, 14, 15, 16)

CMD = ["s_cmd_op", "s_cmd_slot", "s_cmd_nonce", "s_cmd_nonce_len", "s_cmd_ad_len",
       "s_cmd_msg_len", "s_cmd_tag_len", "s_cmd_id"]
DATA = ["s_axis_tdata", "s_axis_tkeep", "s_axis_tlast"]
DOUT = ["d_op", "d_slot", "d_nonce", "d_nonce_len", "d_ad_len", "d_msg_len", "d_tag_len", "d_id",
        "d_err"]
BOUT = ["b_data", "b_bytes", "b_kind", "b_last", "b_eom", "b_err"]


class Rules:
    def __init__(self, mode, decrypt, max_msg):
        self.mode, self.decrypt, self.max_msg = mode, decrypt, max_msg

    def error(self, m):
        if self.mode == 0:
            if m["op"] != self.decrypt:
                return ERR_OP
            if not 1 <= m["nonce_len"] <= 15:
                return ERR_NONCE
            if not 1 <= m["tag_len"] <= 16:
                return ERR_TAG_LEN
        else:
            if m["nonce_len"] == 0:
                return ERR_NONCE
            if m["tag_len"] not in GCM_TAGS:
                return ERR_TAG_LEN
        if m["ad_len"] > self.max_msg or m["msg_len"] > self.max_msg:
            return ERR_TOO_LONG
        return 0

    def part_lengths(self, m):
        iv = m["nonce_len"] if self.mode == 1 and m["nonce_len"] != 12 else 0
        return [iv, m["ad_len"], m["msg_len"], m["tag_len"] if m["op"] else 0]


def keep_of(nbytes, lanes):
    """tkeep for the first nbytes bytes of a beat: byte j of lane q is bit 16q + 15 - j."""
    k = 0
    for i in range(nbytes):
        q, j = divmod(i, 16)
        k |= 1 << (16 * q + 15 - j)
    return k


def beat_int(chunk, lanes):
    """Beat bytes -> tdata integer: byte j of lane q at bits [128q + 127 - 8j -: 8]."""
    v = 0
    for i, b in enumerate(chunk):
        q, j = divmod(i, 16)
        v |= b << (128 * q + 120 - 8 * j)
    return v


def make_message(rng, rules, lanes, idx):
    bb = 16 * lanes
    m = {"op": rules.decrypt if rules.mode == 0 else rng.randrange(2), "slot": rng.randrange(2),
         "nonce": rng.getrandbits(128), "id": idx & 0xFF}
    m["nonce_len"] = (rng.choice([12, 12, 1, 7, 16, 40]) if rules.mode == 1
                      else rng.choice([1, 7, 12, 15]))
    m["tag_len"] = rng.choice(GCM_TAGS) if rules.mode == 1 else rng.randrange(1, 17)
    m["ad_len"] = rng.choice([0, 0, 1, 15, 16, 17, bb, bb + 1, rng.randrange(3 * bb)])
    m["msg_len"] = rng.choice([0, 1, 16, bb - 1, bb, bb + 1, rng.randrange(4 * bb)])
    bad_desc = rng.random() < 0.15
    if bad_desc:
        kind = rng.randrange(4 if rules.mode == 0 else 3)
        if kind == 0:
            m["nonce_len"] = 0 if rules.mode == 1 else rng.choice([0, 16, 20])
        elif kind == 1:
            m["tag_len"] = rng.choice([0, 17, 31] if rules.mode == 0 else [0, 1, 5, 9, 11, 17])
        elif kind == 2:
            m["msg_len"] = rules.max_msg + rng.randrange(1, 2 * bb)
        else:
            m["op"] ^= 1
    m["err"] = rules.error(m)
    # the input beats and the expected output beats
    lens = rules.part_lengths(m)
    beats, expect = [], []
    malform = None
    if m["err"] == 0 and any(lens) and rng.random() < 0.15:
        malform = (rng.choice([p for p in range(4) if lens[p]]), rng.choice(["short", "long", "keep"]))
    present = [p for p in range(4) if lens[p]]
    failed = False
    for p in present:
        data = bytes(rng.getrandbits(8) for _ in range(lens[p]))
        chunks = [data[i:i + bb] for i in range(0, len(data), bb)]
        part_in = [[beat_int(c, lanes), keep_of(len(c), lanes), int(i == len(chunks) - 1)]
                   for i, c in enumerate(chunks)]
        bad_at = None
        if malform and malform[0] == p:
            how = malform[1]
            if how == "short" and len(part_in) >= 2:
                part_in.pop()
                part_in[-1][2] = 1                 # tlast one beat early (full tkeep)
            elif how == "long" or (how == "short"):
                if how == "long":
                    part_in[-1][1] = keep_of(bb, lanes)
                    part_in[-1][2] = 0
                    part_in.append([rng.getrandbits(128 * lanes), keep_of(bb, lanes), 1])
                else:                              # one beat: one byte short on its tkeep
                    part_in[-1][1] = keep_of(len(chunks[-1]) - 1, lanes) if len(chunks[-1]) > 1 \
                        else 0
            else:                                  # keep: one byte more than the length
                part_in[-1][1] = keep_of(len(chunks[-1]) + 1, lanes) if len(chunks[-1]) < bb \
                    else keep_of(bb - 1, lanes)
            bad_at = len(chunks) - 1 if how != "short" or len(chunks) < 2 else len(chunks) - 2
        beats += part_in
        if failed:
            continue
        for i, c in enumerate(chunks):
            if bad_at is not None and i == bad_at:
                expect.append({"b_data": 0, "b_bytes": 0, "b_kind": p, "b_last": 1, "b_eom": 1,
                               "b_err": ERR_LENGTH})
                failed = True
                break
            expect.append({"b_data": beat_int(c, lanes), "b_bytes": len(c), "b_kind": p,
                           "b_last": int(i == len(chunks) - 1),
                           "b_eom": int(i == len(chunks) - 1 and p == present[-1]), "b_err": 0})
    if m["err"] or not present:
        expect = [{"b_data": 0, "b_bytes": 0, "b_kind": KIND_MSG, "b_last": 1, "b_eom": 1,
                   "b_err": m["err"]}]
    return m, beats, expect


def cmd_item(m):
    return {"s_cmd_op": m["op"], "s_cmd_slot": m["slot"], "s_cmd_nonce": m["nonce"],
            "s_cmd_nonce_len": m["nonce_len"], "s_cmd_ad_len": m["ad_len"],
            "s_cmd_msg_len": m["msg_len"], "s_cmd_tag_len": m["tag_len"], "s_cmd_id": m["id"]}


def d_expect(m):
    nl = m["nonce_len"]
    nonce = m["nonce"] if nl >= 16 else m["nonce"] & (((1 << (8 * nl)) - 1) << (128 - 8 * nl))
    return {"d_op": m["op"], "d_slot": m["slot"], "d_nonce": nonce, "d_nonce_len": nl,
            "d_ad_len": m["ad_len"], "d_msg_len": m["msg_len"], "d_tag_len": m["tag_len"],
            "d_id": m["id"], "d_err": m["err"]}


async def run_batch(dut, rng, rules, lanes, n, stalls, seed):
    cmd = Source(dut, "s_cmd_tvalid", "s_cmd_tready", CMD, seed, stalls)
    data = Source(dut, "s_axis_tvalid", "s_axis_tready", DATA, seed + 1, stalls)
    dsink = Sink(dut, "d_valid", "d_ready", DOUT, seed + 2, stalls)
    bsink = Sink(dut, "b_valid", "b_ready", BOUT, seed + 3, stalls)
    tasks = [cocotb.start_soon(x.run()) for x in (cmd, data, dsink, bsink)]
    msgs = [make_message(rng, rules, lanes, i) for i in range(n)]
    for m, beats, _ in msgs:
        cmd.put(cmd_item(m))
        for t, k, last in beats:
            data.put({"s_axis_tdata": t, "s_axis_tkeep": k, "s_axis_tlast": last})
    n_b = sum(len(e) for _, _, e in msgs)
    dut._log.info(f"{n} messages, {sum(len(b) for _, b, _ in msgs)} input beats, {n_b} out")
    got_d = await dsink.wait_for(n)
    got_b = await bsink.wait_for(n_b)
    i = 0
    for k, (m, _, exp) in enumerate(msgs):
        assert got_d[k] == d_expect(m), f"message {k}: descriptor {got_d[k]} != {d_expect(m)}"
        for e in exp:
            assert got_b[i] == e, f"message {k} ({m}), beat {i}: {got_b[i]} != {e}"
            i += 1
    for _ in range(2000):       # beats dropped after an error leave without output, at the
        if not data.queue:       # source's random pace: wait until the source is empty
            break
        await RisingEdge(dut.clk)
    await ClockCycles(dut.clk, 20)
    assert len(bsink.items) == n_b and len(dsink.items) == n, "extra output"
    assert not data.queue, f"input beats left unconsumed: {len(data.queue)}"
    for t in tasks:
        t.cancel()
    return cmd, data


@cocotb.test()
async def ingress(dut):
    p = json.loads(os.environ["LC_PARAMS"])
    lanes = p["LANES"]
    rules = Rules(p["MODE"], p["DECRYPT"], p["MAX_MSG"])
    count = p["LC_COUNT"]
    seed = int(os.environ.get("LC_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    dut._log.info(f"seed {seed} (LC_SEED={seed} replays this run)")
    cocotb.start_soon(Clock(dut.clk, 4, unit="ns").start())
    dut.rst.value = 1
    await ClockCycles(dut.clk, 3)
    dut.rst.value = 0
    await run_batch(dut, rng, rules, lanes, count, 0.3, seed)
    await run_batch(dut, rng, rules, lanes, count // 4, 0.0, seed + 10)

    # reset in the middle of the streams, then a clean batch
    cmd = Source(dut, "s_cmd_tvalid", "s_cmd_tready", CMD, seed + 20, 0.2)
    data = Source(dut, "s_axis_tvalid", "s_axis_tready", DATA, seed + 21, 0.2)
    dsink = Sink(dut, "d_valid", "d_ready", DOUT, seed + 22, 0.2)
    bsink = Sink(dut, "b_valid", "b_ready", BOUT, seed + 23, 0.2)
    tasks = [cocotb.start_soon(x.run()) for x in (cmd, data, dsink, bsink)]
    for _ in range(10):
        m, beats, _ = make_message(rng, rules, lanes, 0)
        cmd.put(cmd_item(m))
        for t, k, last in beats:
            data.put({"s_axis_tdata": t, "s_axis_tkeep": k, "s_axis_tlast": last})
    await ClockCycles(dut.clk, rng.randrange(5, 30))
    for t in tasks:
        t.cancel()
    for s in (cmd, data):
        s.clear()
    dut.rst.value = 1
    await RisingEdge(dut.clk)
    dut.rst.value = 0
    await run_batch(dut, rng, rules, lanes, count // 4, 0.3, seed + 30)


KINDS = ["IV", "AD", "MSG", "TAG"]
WAVE_PORTS = [("s_cmd_tvalid", "bit", None), ("s_cmd_tready", "bit", None),
              ("s_cmd_id", "data", "s_cmd_tvalid"), ("d_valid", "bit", None),
              ("d_id", "data", "d_valid"), ("s_axis_tvalid", "bit", None),
              ("s_axis_tready", "bit", None), ("s_axis_tlast", "flag", "s_axis_tvalid"),
              ("b_valid", "bit", None), ("b_kind", KINDS, "b_valid"), ("b_bytes", "data", "b_valid"),
              ("b_last", "flag", "b_valid"), ("b_eom", "flag", "b_valid"), ("b_err", "data", "b_valid")]


@cocotb.test(skip="LC_WAVE_OUT" not in os.environ)
async def diagram(dut):
    """Records the datasheet's timing diagram (ip/aead/doc/timing-ingress.json): LANES = 2, GCM
    rules; message 1: 20 bytes of AD and a 40-byte message; message 2: a descriptor with a tag
    length GCM forbids and a 16-byte message part, which is dropped; message 3: no data parts."""
    from cocotb_wave import record, wavedrom
    cocotb.start_soon(Clock(dut.clk, 4, unit="ns").start())
    dut.rst.value = 1
    await ClockCycles(dut.clk, 2)
    dut.rst.value = 0
    cmd = Source(dut, "s_cmd_tvalid", "s_cmd_tready", CMD, 1, 0.0)
    data = Source(dut, "s_axis_tvalid", "s_axis_tready", DATA, 2, 0.0)
    dsink = Sink(dut, "d_valid", "d_ready", DOUT, 3, 0.0)
    bsink = Sink(dut, "b_valid", "b_ready", BOUT, 4, 0.0)
    base = {"op": 0, "slot": 0, "nonce": 0, "nonce_len": 12}
    for i, (ad, msg, tag) in enumerate([(20, 40, 16), (0, 16, 5), (0, 0, 16)]):
        cmd.put(cmd_item({**base, "id": i + 1, "ad_len": ad, "msg_len": msg, "tag_len": tag}))
    for nbytes, last in [(20, 1), (32, 0), (8, 1), (16, 1)]:
        data.put({"s_axis_tdata": 0, "s_axis_tkeep": keep_of(nbytes, 2), "s_axis_tlast": last})
    for x in (cmd, data, dsink, bsink):
        cocotb.start_soon(x.run())
    rows = await record(dut, WAVE_PORTS, 12)
    src = wavedrom(rows, WAVE_PORTS, "aead_ingress, LANES = 2 (32-byte beats), GCM rules: "
                   "message 1 (AD 20 B, message 40 B), message 2 (tag length 5: ERR_TAG_LEN, its "
                   "part dropped), message 3 (no parts)", cut=False)
    with open(os.environ["LC_WAVE_OUT"], "w") as f:
        json.dump(src, f, indent=1)
