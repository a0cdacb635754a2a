# SPDX-License-Identifier: Apache-2.0
"""cocotb bench for the authenticated-encryption engines (ports of docs/aead-interface.md):
drives messages into ``gcm_engine`` / ``ocb3_engine`` and collects one result per message.

    bench = AeadBench(dut, lanes=2, mode="gcm", cipher="aes")     # starts the clock
    await bench.reset()
    await bench.load_key(0, key)                                  # waits for slot_valid[0]
    m = bench.send(Message(op=0, slot=0, nonce=iv, ad=ad, data=pt, tag_len=16))
    r = await bench.result()                                      # Result of the oldest message
    bench.check(r)                                                # against linecrypt.oracles.aead

Streams. ``s_axis`` (with tlast and tkeep packed into tuser) and ``m_axis`` (tlast, ttag, tid,
tkeep in tuser) are cocotbext-axi AxiStreamSource / AxiStreamSink, one frame per beat with
tdata as one integer (ip/common/tb/cocotb_axis.py binds the ports). The command (``s_cmd_*``)
and key (``s_key_*``) streams are field bundles driven by :class:`FieldSource`, the status
stream (``m_sts_*``) is taken by :class:`FieldSink`. Every stream has seeded random stalls
(tvalid gaps on sources, tready stalls on sinks), set per stream with :meth:`set_stalls`;
``set_stalls(0)`` is the stall-free mode in which the clocks of each message (``Result``'s
cycle fields, :meth:`AeadBench.span`) measure the engine alone (for benchmarks, not assertions).
The seed is logged; ``LC_SEED`` in the environment replays it.

Data parts (pure functions, unit-tested in tests/models/test_aead_oracle.py): :func:`parts`
lists a message's parts in order (GCM IV when its length is not 12, AD, message, received tag
on decryption; empty parts absent), :func:`part_beats` cuts a part into beats that start at
lane 0 byte 0 with byte j of lane q at ``tdata[128q + 127 - 8j -: 8]`` and tkeep bit
``16q + 15 - j`` (:func:`pack_beat`, :func:`keep_bits`), :func:`unpack_beat` reads a beat back.

Malformed input for error tests: the descriptor fields ``nonce_len``, ``ad_len``, ``msg_len``
of :class:`Message` override the lengths of the bytes sent (a part longer or shorter than the
descriptor says), and ``mangle`` edits the message's beat list before it is queued
(:func:`bad_tkeep`, :func:`move_tlast`, or any function of ``list[Beat] -> list[Beat]``). The
engine resynchronises by counting ``tlast``s (the doc), so a test that breaks a part sends
as many parts as the descriptor declares.

Results. :meth:`AeadBench.result` waits for the next status word (message order) and pairs it
with that message's output beats; framing is asserted there (every beat's tid is the message's
id, tkeep a contiguous run from byte 0, all beats before the last of a run full, ``tlast`` on
the last beat only, a tag beat only on encryption and only as the last beat, a ``tkeep = 0``
closing beat only under an error status, no output for codes 3..7). The beats of an OK or
AUTH_FAIL result are awaited up to their ``tlast`` (the status may come first: the two streams
have independent stalls); under the other errors the output may hold a partial run, so the bench
takes what arrives within ``settle`` clocks.
"""
from __future__ import annotations

import os
import random
from collections import deque
from dataclasses import dataclass, replace
from typing import Callable

from linecrypt.oracles import aead as oracle

OK, AUTH_FAIL, ERR_LENGTH, ERR_SLOT, ERR_NONCE, ERR_TAG_LEN, ERR_OP, ERR_TOO_LONG = range(8)
STATUS_NAMES = {OK: "OK", AUTH_FAIL: "AUTH_FAIL", ERR_LENGTH: "ERR_LENGTH", ERR_SLOT: "ERR_SLOT",
                ERR_NONCE: "ERR_NONCE", ERR_TAG_LEN: "ERR_TAG_LEN", ERR_OP: "ERR_OP",
                ERR_TOO_LONG: "ERR_TOO_LONG"}
ENCRYPT, DECRYPT = 0, 1
MAX_WAIT = 200_000      # clocks any single wait may take before the bench calls the DUT hung


# --- messages and beats (pure) -------------------------------------------------------------------

@dataclass
class Beat:
    """One data-stream beat: ``tdata`` and ``tkeep`` as the bus integers, ``tlast``."""
    tdata: int
    tkeep: int
    tlast: bool


@dataclass
class Message:
    """One message. ``data`` is the plaintext (op 0) or the ciphertext (op 1), tag excluded;
    ``tag`` is the received tag of a decryption. ``id=None``: the bench numbers messages.
    ``nonce_len``, ``ad_len``, ``msg_len`` (None: the lengths of the bytes given) override the
    descriptor only, ``mangle`` edits the beat list: both make malformed messages."""
    op: int
    slot: int
    nonce: bytes
    ad: bytes = b""
    data: bytes = b""
    tag_len: int = 16
    tag: bytes | None = None
    id: int | None = None
    nonce_len: int | None = None
    ad_len: int | None = None
    msg_len: int | None = None
    mangle: Callable[[list[Beat]], list[Beat]] | None = None

    def desc(self) -> dict:
        """The descriptor's fields, by port name without the ``s_cmd_`` prefix."""
        return {"op": self.op, "slot": self.slot, "nonce": nonce_field(self.nonce),
                "nonce_len": len(self.nonce) if self.nonce_len is None else self.nonce_len,
                "ad_len": len(self.ad) if self.ad_len is None else self.ad_len,
                "msg_len": len(self.data) if self.msg_len is None else self.msg_len,
                "tag_len": self.tag_len, "id": self.id or 0}

    def malformed(self, mode: str) -> bool:
        """The data stream does not match the descriptor (overridden lengths or mangled beats)."""
        d = self.desc()
        iv_sent = len(self.nonce) if mode == "gcm" and d["nonce_len"] != 12 else 0
        iv_declared = d["nonce_len"] if mode == "gcm" and d["nonce_len"] != 12 else 0
        return (self.mangle is not None or d["ad_len"] != len(self.ad)
                or d["msg_len"] != len(self.data) or iv_sent != iv_declared
                or (self.op == DECRYPT and len(self.tag or b"") != self.tag_len))

    def effective_nonce(self, mode: str) -> bytes:
        """The nonce the engine uses: the descriptor's first nonce_len bytes, or the GCM IV part."""
        d = self.desc()
        if mode == "gcm" and d["nonce_len"] != 12:
            return self.nonce
        return self.nonce[:16].ljust(16, b"\0")[:d["nonce_len"]]


def nonce_field(nonce: bytes) -> int:
    """s_cmd_nonce: byte 0 at [127:120], left aligned (the first 16 bytes of a longer GCM IV,
    which the engine ignores since that IV comes as a data part)."""
    return int.from_bytes(nonce[:16].ljust(16, b"\0"), "big")


def keep_bits(nbytes: int, lanes: int) -> int:
    """tkeep of a beat holding bytes 0..nbytes-1 (byte j of lane q is bit 16q + 15 - j)."""
    if not 0 <= nbytes <= 16 * lanes:
        raise ValueError(f"{nbytes} bytes do not fit a beat of {lanes} lanes")
    keep = 0
    for k in range(nbytes):
        q, j = divmod(k, 16)
        keep |= 1 << (16 * q + 15 - j)
    return keep


def keep_count(tkeep: int, lanes: int) -> int | None:
    """The number of bytes a tkeep qualifies if they are bytes 0..n-1, else None."""
    for n in range(16 * lanes + 1):
        if keep_bits(n, lanes) == tkeep:
            return n
    return None


def pack_beat(chunk: bytes, lanes: int) -> tuple[int, int]:
    """(tdata, tkeep) of a beat holding ``chunk`` from lane 0 byte 0; bytes past it are zero."""
    if len(chunk) > 16 * lanes:
        raise ValueError(f"{len(chunk)} bytes do not fit a beat of {lanes} lanes")
    padded = chunk.ljust(16 * lanes, b"\0")
    tdata = 0
    for q in range(lanes):
        tdata |= int.from_bytes(padded[16 * q:16 * q + 16], "big") << (128 * q)
    return tdata, keep_bits(len(chunk), lanes)


def beat_bytes(tdata: int, lanes: int) -> bytes:
    """All 16*lanes bytes of a beat, lane 0 byte 0 first."""
    return b"".join(((tdata >> (128 * q)) & ((1 << 128) - 1)).to_bytes(16, "big")
                    for q in range(lanes))


def unpack_beat(tdata: int, tkeep: int, lanes: int) -> bytes:
    """The bytes tkeep qualifies, in order (lane 0 byte 0 first)."""
    raw = beat_bytes(tdata, lanes)
    return bytes(raw[16 * q + j] for q in range(lanes) for j in range(16)
                 if (tkeep >> (16 * q + 15 - j)) & 1)


def part_beats(data: bytes, lanes: int) -> list[Beat]:
    """A part's beats: full beats, the last one holding the rest, with tlast."""
    w = 16 * lanes
    chunks = [data[i:i + w] for i in range(0, len(data), w)]
    return [Beat(*pack_beat(c, lanes), tlast=i == len(chunks) - 1) for i, c in enumerate(chunks)]


def parts(mode: str, msg: Message) -> list[tuple[str, bytes]]:
    """The message's data parts in order, as (kind, bytes) with kind "iv", "ad", "msg", "tag";
    empty parts absent. The IV part is there for GCM when the descriptor's nonce_len is not 12."""
    out = []
    nonce_len = msg.desc()["nonce_len"]
    if mode == "gcm" and nonce_len != 12:
        out.append(("iv", msg.nonce))
    out += [("ad", msg.ad), ("msg", msg.data)]
    if msg.op == DECRYPT:
        out.append(("tag", msg.tag or b""))
    return [(k, b) for k, b in out if b]


def message_beats(mode: str, msg: Message, lanes: int) -> list[Beat]:
    """Every data beat of a message, mangled if the message says so."""
    beats = [b for _, data in parts(mode, msg) for b in part_beats(data, lanes)]
    return msg.mangle(beats) if msg.mangle else beats


def bad_tkeep(index: int, xor: int) -> Callable[[list[Beat]], list[Beat]]:
    """A mangle: tkeep of beat ``index`` (negative counts from the end) XOR ``xor``."""
    def f(beats):
        beats = [replace(b) for b in beats]
        beats[index].tkeep ^= xor
        return beats
    return f


def move_tlast(index: int, tlast: bool) -> Callable[[list[Beat]], list[Beat]]:
    """A mangle: set beat ``index``'s tlast to ``tlast``. This changes the number of tlasts the
    engine counts to resynchronise (one part becomes two, or two one), so the message after it
    is lost as well; a part that ends early or runs on with the tlast count intact is a length
    override instead (``msg_len`` above or below the bytes sent)."""
    def f(beats):
        beats = [replace(b) for b in beats]
        beats[index].tlast = tlast
        return beats
    return f


@dataclass
class OutBeat:
    tdata: int
    tkeep: int
    tlast: bool
    ttag: bool
    tid: int
    cycle: int


@dataclass
class Result:
    """One message's result: ``data`` the concatenated kept bytes of its data beats, ``tag``
    the tag beat's bytes (None without a tag beat), ``code`` and ``id`` from the status word,
    ``closed`` True when the output ended with a tkeep = 0 closing beat. Clock cycles: the
    descriptor's handshake, each output beat's (``beats``), the status word's."""
    msg: Message
    code: int
    id: int
    data: bytes
    tag: bytes | None
    closed: bool
    beats: list[OutBeat]
    cmd_cycle: int | None
    sts_cycle: int

    @property
    def name(self) -> str:
        return STATUS_NAMES.get(self.code, str(self.code))


@dataclass
class Expected:
    """What a message should give: ``output`` (ciphertext or plaintext; None: not checked),
    ``tag`` (encryption OK only), ``code``, and the oracle's ``source``."""
    output: bytes | None
    tag: bytes | None
    code: int
    source: str = ""


def check_framing(res: Result, lanes: int, hold: bool = False) -> None:
    """Assert the framing rules of docs/aead-interface.md on one result's output beats."""
    msg, beats, where = res.msg, res.beats, f"message id {res.id} ({res.name})"
    for i, b in enumerate(beats):
        assert b.tid == res.id, f"{where}: beat {i} has tid {b.tid}"
        assert b.tlast == (i == len(beats) - 1), f"{where}: tlast on beat {i} of {len(beats)}"
        n = keep_count(b.tkeep, lanes)
        assert n is not None, f"{where}: beat {i} tkeep {b.tkeep:#x} is not bytes 0..n-1"
        if b.ttag:
            assert msg.op == ENCRYPT, f"{where}: a tag beat on a decryption"
            assert i == len(beats) - 1, f"{where}: tag beat {i} is not the last"
        elif n == 0:
            assert i == len(beats) - 1 and res.code != OK, f"{where}: empty beat {i}"
        elif i < len(beats) - 1 and not beats[i + 1].ttag and keep_count(beats[i + 1].tkeep, lanes):
            assert n == 16 * lanes, f"{where}: beat {i} holds {n} bytes before more data"
    if res.code in (ERR_SLOT, ERR_NONCE, ERR_TAG_LEN, ERR_OP, ERR_TOO_LONG):
        assert not beats, f"{where}: {len(beats)} output beats of a dropped message"
    if res.code == OK and msg.op == ENCRYPT:
        assert beats and beats[-1].ttag, f"{where}: encryption without a tag beat"
        assert keep_count(beats[-1].tkeep, lanes) == msg.tag_len, \
            f"{where}: tag beat of {keep_count(beats[-1].tkeep, lanes)} bytes"
    if res.code == OK and msg.op == DECRYPT:
        assert bool(beats) == (msg.desc()["msg_len"] > 0), f"{where}: {len(beats)} beats"
    if res.code == AUTH_FAIL:
        assert msg.op == DECRYPT, f"{where}: AUTH_FAIL on an encryption"
        if hold:
            assert not any(keep_count(b.tkeep, lanes) for b in beats), \
                f"{where}: plaintext released under HOLD"


# --- expected values ---------------------------------------------------------------------------

def expected_status(mode: str, msg: Message, key: bytes | None, decrypt: int | None = None,
                    max_msg: int | None = None) -> int | None:
    """The status code the interface gives the message, None if it depends on the tag (OK or
    AUTH_FAIL). ``key`` None: the slot is empty. ``decrypt``: OCB's built direction. Faults
    are ranked descriptor (nonce, tag length, op, too long), length, slot; the doc fixes no
    order between them, so a test gives a message one fault."""
    d = msg.desc()
    r = oracle.rules(mode)
    if d["nonce_len"] not in r.nonce_lens:
        return ERR_NONCE
    if d["tag_len"] not in r.tag_lens:
        return ERR_TAG_LEN
    if mode == "ocb" and decrypt is not None and d["op"] != decrypt:
        return ERR_OP
    if max_msg is not None and max(d["ad_len"], d["msg_len"]) > max_msg:
        return ERR_TOO_LONG
    if msg.malformed(mode):
        return ERR_LENGTH
    if key is None:
        return ERR_SLOT
    return None


def expect(msg: Message, mode: str, cipher: str, key: bytes | None, *, hold: bool = False,
           decrypt: int | None = None, max_msg: int | None = None) -> Expected:
    """The expected output, tag and status of a message, from linecrypt.oracles.aead.
    AUTH_FAIL without HOLD expects the unauthenticated plaintext (``oracle.decrypt_unverified``);
    with HOLD, none."""
    code = expected_status(mode, msg, key, decrypt, max_msg)
    if code is not None:
        return Expected(None, None, code)
    nonce = msg.effective_nonce(mode)
    if msg.op == ENCRYPT:
        s = oracle.seal(mode, cipher, key, nonce, msg.ad, msg.data, msg.tag_len)
        return Expected(s.ciphertext, s.tag, OK, s.source)
    pt = oracle.open_(mode, cipher, key, nonce, msg.ad, msg.data, msg.tag)
    src = oracle.source_of(mode, cipher, len(nonce), msg.tag_len)
    if pt is not None:
        return Expected(pt, None, OK, src)
    if hold:
        return Expected(b"", None, AUTH_FAIL, src)
    pt, src = oracle.decrypt_unverified(mode, cipher, key, nonce, msg.data, msg.tag_len)
    return Expected(pt, None, AUTH_FAIL, src)


def compare(res: Result, exp: Expected) -> None:
    """Assert a result against its expectation."""
    where = f"message id {res.id}"
    assert res.code == exp.code, \
        f"{where}: status {res.name}, expected {STATUS_NAMES.get(exp.code, exp.code)}"
    if exp.output is not None:
        assert res.data == exp.output, \
            f"{where}: output {res.data.hex()} expected {exp.output.hex()} ({exp.source})"
    if exp.code == OK and res.msg.op == ENCRYPT:
        assert res.tag == exp.tag, \
            f"{where}: tag {res.tag and res.tag.hex()} expected {exp.tag.hex()} ({exp.source})"


# --- the cocotb side ---------------------------------------------------------------------------

CLK_NS = 4


def _cycle():
    from cocotb.utils import get_sim_time
    return round(get_sim_time("ns") / CLK_NS)


def _pauses(rng: random.Random, p: float):
    while True:
        yield p > 0 and rng.random() < p


class FieldSource:
    """Drives a bundle of ports with ``tvalid``/``tready`` from a queue of ``{port: value}``
    items, with a tvalid gap before an item with probability ``p`` per clock. Records the cycle
    of each handshake (``cycles``, in order)."""

    def __init__(self, dut, ports: list[str], valid: str, ready: str, rng: random.Random):
        import cocotb
        self.dut, self.ports = dut, ports
        self.valid, self.ready = getattr(dut, valid), getattr(dut, ready)
        self.queue: deque[dict] = deque()
        self.rng, self.p = rng, 0.0
        self.cycles: list[int] = []
        self.on_accept: Callable[[dict, int], None] | None = None
        self._current: dict | None = None
        for n in ports:
            getattr(dut, n).value = 0
        self.valid.value = 0
        cocotb.start_soon(self._run())

    def send(self, item: dict) -> None:
        self.queue.append(item)

    def idle(self) -> bool:
        return not self.queue and not self._current

    async def _run(self):
        from cocotb.triggers import ReadOnly, RisingEdge
        clk, rst = self.dut.clk, self.dut.rst
        driving = False
        while True:
            await ReadOnly()
            took = driving and int(self.ready.value) == 1
            await RisingEdge(clk)
            if took:
                self.cycles.append(_cycle())
                if self.on_accept:
                    self.on_accept(self._current, _cycle())
                self._current = None
            if int(rst.value):
                self._current, driving = None, False
                self.valid.value = 0
                continue
            if self._current is None and self.queue and not (self.p > 0 and self.rng.random() < self.p):
                self._current = self.queue.popleft()
                for n, v in self._current.items():
                    getattr(self.dut, n).value = v
            driving = self._current is not None
            self.valid.value = int(driving)


class FieldSink:
    """Takes a bundle of ports with ``tvalid``/``tready``; tready low with probability ``p`` per
    clock. Received items go to ``items`` as ``({port: int}, cycle)``."""

    def __init__(self, dut, ports: list[str], valid: str, ready: str, rng: random.Random):
        import cocotb
        self.dut, self.ports = dut, ports
        self.valid, self.ready = getattr(dut, valid), getattr(dut, ready)
        self.items: deque[tuple[dict, int]] = deque()
        self.rng, self.p = rng, 0.0
        self.ready.value = 0
        cocotb.start_soon(self._run())

    async def _run(self):
        from cocotb.triggers import ReadOnly, RisingEdge
        clk, rst = self.dut.clk, self.dut.rst
        await RisingEdge(clk)
        while True:
            ready = not (self.p > 0 and self.rng.random() < self.p)
            self.ready.value = int(ready)
            await ReadOnly()
            got = None
            if ready and int(self.valid.value) == 1 and not int(rst.value):
                got = {n: int(getattr(self.dut, n).value) for n in self.ports}
            await RisingEdge(clk)
            if got is not None:
                self.items.append((got, _cycle()))


class AeadBench:
    """The bench of one engine instance; see the module docstring.

    ``lanes``, ``id_w``: the DUT's LANES and ID_W (checked against the port widths). ``mode``
    "gcm" or "ocb", ``cipher`` "aes" or "serpent" (for expectations and the GCM IV part).
    ``hold``, ``decrypt`` (OCB's built direction), ``max_msg``: the DUT's HOLD, DECRYPT, MAX_MSG,
    for expectations. ``stall``: the initial stall probability of every stream."""

    def __init__(self, dut, lanes: int, id_w: int = 8, seed: int | None = None,
                 mode: str = "gcm", cipher: str = "aes", hold: bool = False,
                 decrypt: int | None = None, max_msg: int | None = None,
                 stall: float = 0.3, clock: bool = True, settle: int = 64):
        import cocotb
        from cocotb.clock import Clock
        from cocotbext.axi import AxiStreamSink, AxiStreamSource

        from cocotb_axis import axis_bus, quiet

        oracle.rules(mode)
        self.dut, self.lanes, self.id_w = dut, lanes, id_w
        self.mode, self.cipher, self.hold = mode, cipher, bool(hold)
        self.decrypt, self.max_msg, self.settle = decrypt, max_msg, settle
        self.seed = int(os.environ.get("LC_SEED", random.randrange(1 << 30))) if seed is None else seed
        self.rng = random.Random(self.seed)
        dut._log.info("AeadBench seed %d (LC_SEED replays it): %s-%s lanes %d", self.seed,
                      cipher, mode, lanes)
        assert len(dut.s_axis_tdata) == 128 * lanes, f"s_axis_tdata is {len(dut.s_axis_tdata)} bits"
        assert len(dut.s_cmd_id) == id_w, f"s_cmd_id is {len(dut.s_cmd_id)} bits"
        self.key_bits = len(dut.s_key_tdata)
        self.nslots = len(dut.slot_valid)
        if clock:
            cocotb.start_soon(Clock(dut.clk, CLK_NS, unit="ns").start())
        dut.rst.value = 0
        rngs = [random.Random(self.seed * 8 + i) for i in range(1, 6)]
        self.cmd = FieldSource(dut, [f"s_cmd_{n}" for n in ("op", "slot", "nonce", "nonce_len",
                                                          "ad_len", "msg_len", "tag_len", "id")],
                               "s_cmd_tvalid", "s_cmd_tready", rngs[0])
        self.key = FieldSource(dut, ["s_key_tdata", "s_key_slot"], "s_key_tvalid",
                               "s_key_tready", rngs[1])
        self.sts = FieldSink(dut, ["m_sts_code", "m_sts_id"], "m_sts_tvalid", "m_sts_tready",
                             rngs[2])
        self.source = AxiStreamSource(
            axis_bus(dut, tdata="s_axis_tdata", tvalid="s_axis_tvalid", tready="s_axis_tready",
                     tuser=("s_axis_tlast", "s_axis_tkeep")),
            dut.clk, dut.rst, byte_lanes=1)
        self.sink = AxiStreamSink(
            axis_bus(dut, tdata="m_axis_tdata", tvalid="m_axis_tvalid", tready="m_axis_tready",
                     tuser=("m_axis_tlast", "m_axis_ttag", "m_axis_tid", "m_axis_tkeep")),
            dut.clk, dut.rst, byte_lanes=1)
        quiet(self.source, self.sink)
        self._data_rng, self._out_rng = rngs[3], rngs[4]
        self.keys: dict[int, bytes] = {}
        self.sent: deque[Message] = deque()        # sent, result not yet taken, in order
        self._cmd_cycle: dict[int, int] = {}       # id(message) -> descriptor handshake cycle
        self.out: deque[OutBeat] = deque()
        self._next_id = 0
        self.cmd.on_accept = self._cmd_taken
        self._cmd_msgs: deque[Message] = deque()
        cocotb.start_soon(self._collect())
        self.set_stalls(stall)

    # --- stalls

    def set_stalls(self, p: float | None = None, *, cmd: float | None = None,
                   data: float | None = None, key: float | None = None,
                   out: float | None = None, sts: float | None = None) -> None:
        """Stall probabilities per clock: ``p`` for every stream, the keywords per stream
        (cmd, data, key: tvalid gaps; out, sts: tready stalls). 0 turns a stream's stalls off."""
        from cocotb_axis import set_pauses
        each = {n: (v if v is not None else p) for n, v in
                dict(cmd=cmd, data=data, key=key, out=out, sts=sts).items()}
        if each["cmd"] is not None:
            self.cmd.p = each["cmd"]
        if each["key"] is not None:
            self.key.p = each["key"]
        if each["sts"] is not None:
            self.sts.p = each["sts"]
        if each["data"] is not None:
            set_pauses(self.source, self._data_rng, each["data"])
        if each["out"] is not None:
            set_pauses(self.sink, self._out_rng, each["out"])

    # --- reset and keys

    async def reset(self, cycles: int = 3) -> None:
        """Synchronous reset: every stream and key slot cleared, queued input dropped."""
        from cocotb.triggers import RisingEdge
        self.cmd.queue.clear()
        self.key.queue.clear()
        self.source.clear()
        self.dut.rst.value = 1
        for _ in range(cycles):
            await RisingEdge(self.dut.clk)
        self.dut.rst.value = 0
        await RisingEdge(self.dut.clk)
        self.sts.items.clear()
        self.sink.clear()
        self.out.clear()
        self.sent.clear()
        self._cmd_msgs.clear()
        self.keys.clear()

    async def load_key(self, slot: int, key: bytes, wait: bool = True) -> None:
        """Send a key command (key byte 0 at the top of s_key_tdata); with ``wait``, return once
        slot_valid[slot] is high."""
        from cocotb.triggers import ReadOnly, RisingEdge
        assert 8 * len(key) == self.key_bits, f"{len(key)}-byte key on a {self.key_bits}-bit port"
        assert 0 <= slot < self.nslots
        n = len(self.key.cycles)
        self.key.send({"s_key_tdata": int.from_bytes(key, "big"), "s_key_slot": slot})
        self.keys[slot] = key
        if not wait:
            return
        for _ in range(MAX_WAIT):
            await RisingEdge(self.dut.clk)
            if len(self.key.cycles) > n:
                break
        else:
            raise AssertionError(f"s_key_tready never high for slot {slot}")
        for _ in range(MAX_WAIT):
            await ReadOnly()
            if (int(self.dut.slot_valid.value) >> slot) & 1:
                await RisingEdge(self.dut.clk)
                return
            await RisingEdge(self.dut.clk)
        raise AssertionError(f"slot {slot} never became valid")

    # --- messages

    def send(self, msg: Message) -> Message:
        """Queue a message's descriptor and data beats (nothing waits); returns the message
        with its id filled in."""
        from cocotbext.axi import AxiStreamFrame
        if msg.id is None:
            msg = replace(msg, id=self._next_id)
        self._next_id = (msg.id + 1) % (1 << self.id_w)
        self.cmd.send({f"s_cmd_{k}": v for k, v in msg.desc().items()})
        self._cmd_msgs.append(msg)
        top = 16 * self.lanes
        for b in message_beats(self.mode, msg, self.lanes):
            self.source.send_nowait(AxiStreamFrame([b.tdata], tuser=(int(b.tlast) << top) | b.tkeep))
        self.sent.append(msg)
        return msg

    def _cmd_taken(self, item: dict, cycle: int) -> None:
        if self._cmd_msgs:
            self._cmd_cycle[id(self._cmd_msgs.popleft())] = cycle

    async def _collect(self):
        from cocotb.utils import get_time_from_sim_steps
        top, idm = 16 * self.lanes, (1 << self.id_w) - 1
        while True:
            f = await self.sink.recv()
            u = f.tuser
            self.out.append(OutBeat(tdata=f.tdata[0], tkeep=u & ((1 << top) - 1),
                                    tid=(u >> top) & idm, ttag=bool((u >> (top + self.id_w)) & 1),
                                    tlast=bool((u >> (top + self.id_w + 1)) & 1),
                                    cycle=round(get_time_from_sim_steps(f.sim_time_start, "ns")
                                                / CLK_NS)))

    async def _clock(self):
        from cocotb.triggers import RisingEdge
        await RisingEdge(self.dut.clk)

    async def result(self, check_framing_: bool = True) -> Result:
        """The oldest sent message's result (status word and output beats), framing asserted."""
        assert self.sent, "result() with no message outstanding"
        msg = self.sent.popleft()
        for _ in range(MAX_WAIT):
            if self.sts.items:
                break
            await self._clock()
        else:
            raise AssertionError(f"no status word for message id {msg.id} in {MAX_WAIT} clocks")
        word, sts_cycle = self.sts.items.popleft()
        code, sid = word["m_sts_code"], word["m_sts_id"]
        assert sid == msg.id, f"status id {sid}, expected message id {msg.id} (message order)"
        beats: list[OutBeat] = []
        if code in (OK, AUTH_FAIL):
            want = msg.op == ENCRYPT or (msg.desc()["msg_len"] > 0 and not
                                         (code == AUTH_FAIL and self.hold))
            if want:
                await self._take_run(msg, beats, MAX_WAIT)
            elif code == AUTH_FAIL:        # HOLD: at most an empty closing beat
                await self._take_run(msg, beats, self.settle, optional=True)
        else:
            await self._take_run(msg, beats, self.settle, optional=True)
        data = b"".join(unpack_beat(b.tdata, b.tkeep, self.lanes) for b in beats if not b.ttag)
        tags = [b for b in beats if b.ttag]
        res = Result(msg=msg, code=code, id=sid, data=data,
                     tag=unpack_beat(tags[0].tdata, tags[0].tkeep, self.lanes) if tags else None,
                     closed=bool(beats) and beats[-1].tkeep == 0, beats=beats,
                     cmd_cycle=self._cmd_cycle.pop(id(msg), None), sts_cycle=sts_cycle)
        if check_framing_:
            check_framing(res, self.lanes, self.hold)
        return res

    async def _take_run(self, msg: Message, beats: list, wait: int, optional: bool = False):
        """Move the message's beats (up to tlast) from ``out`` to ``beats``; wait up to ``wait``
        clocks for each. ``optional``: no beat of this id within ``wait`` clocks means none."""
        idle = 0
        while True:
            if self.out:
                b = self.out[0]
                if b.tid != msg.id:
                    assert optional and not beats, \
                        f"message id {msg.id}: output beat with tid {b.tid} in its place"
                    return
                beats.append(self.out.popleft())
                idle = 0
                if b.tlast:
                    return
                continue
            if idle >= wait:
                assert optional and not beats, \
                    f"message id {msg.id}: output run without tlast after {len(beats)} beats"
                return
            idle += 1
            await self._clock()

    async def results(self, n: int | None = None) -> list[Result]:
        """The next ``n`` results (default: every outstanding message)."""
        return [await self.result() for _ in range(len(self.sent) if n is None else n)]

    async def status_without_later_output(self, msgs: list[Message], clocks: int = 2000
                                          ) -> list[Result]:
        """``msgs`` are sent and outstanding, the first with output beats. The output stream
        stops once the first message's last beat is taken: its status word must still come within
        ``clocks`` (a consumer may wait for status n before it takes any beat of message n + 1,
        as the link receiver does). Then the output resumes; returns every message's result."""
        from cocotb.triggers import RisingEdge
        first = msgs[0]
        self.set_stalls(out=0, sts=0)
        for _ in range(MAX_WAIT):
            if any(b.tid == first.id and b.tlast for b in self.out):
                break
            await RisingEdge(self.dut.clk)
        else:
            raise AssertionError(f"message id {first.id}: no last output beat")
        self.sink.pause = True
        for _ in range(clocks):
            if self.sts.items:
                break
            await RisingEdge(self.dut.clk)
        self.sink.pause = False
        assert self.sts.items, (f"message id {first.id}: no status word in {clocks} clocks while "
                                "the output of the next message waits")
        return await self.results(len(msgs))

    # --- expectations

    def expect(self, msg: Message, mode: str | None = None, cipher: str | None = None,
               key=...) -> Expected:
        """Expected output, tag and status (linecrypt.oracles.aead). ``key``: default the key
        this bench loaded into the message's slot (None: the slot is empty)."""
        if key is ...:
            key = self.keys.get(msg.slot)
        return expect(msg, mode or self.mode, cipher or self.cipher, key, hold=self.hold,
                      decrypt=self.decrypt, max_msg=self.max_msg)

    def check(self, res: Result, exp: Expected | None = None) -> Expected:
        """Assert a result against ``exp`` (default: ``self.expect(res.msg)``)."""
        exp = exp or self.expect(res.msg)
        compare(res, exp)
        return exp

    def sealed(self, slot: int, nonce: bytes, ad: bytes, plaintext: bytes, tag_len: int = 16,
               flip_tag: bool = False, **kw) -> Message:
        """A decryption message of what the oracle seals with the key loaded in ``slot``
        (``flip_tag``: its tag's first bit flipped, for AUTH_FAIL)."""
        s = oracle.seal(self.mode, self.cipher, self.keys[slot], nonce, ad, plaintext, tag_len)
        tag = bytes([s.tag[0] ^ 0x80]) + s.tag[1:] if flip_tag else s.tag
        return Message(DECRYPT, slot, nonce, ad, s.ciphertext, tag_len, tag, **kw)

    @staticmethod
    def span(results: list[Result]) -> int:
        """Clocks from the first descriptor handshake to the last status word of ``results``
        (with ``set_stalls(0)``: the engine's time for those messages)."""
        first = min(r.cmd_cycle for r in results if r.cmd_cycle is not None)
        return max(r.sts_cycle for r in results) - first
