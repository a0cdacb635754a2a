# SPDX-License-Identifier: Apache-2.0
"""The line format of the LineCrypt link encryptor (docs/link-format.md): words, TDM data frames,
sync frames, records, idle words and lane alignment markers, their encoding and decoding.

Every multi-byte field is big-endian (network order): byte 0 of a structure is the first byte on
the line. The line is a stream of 64-byte words (512 bits); a word's byte b sits where the AE
engines' data stream puts it (docs/aead-interface.md: lane q = b // 16, byte j = b % 16), so the
framer feeds an engine with LANES=4 without a byte swizzle.

The field tables (``*_FIELDS``) are the single description of each structure: the pack/unpack
functions and the drawings in docs/img/link-*.svg (``bitfield_json``) both come from them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

WORD = 64                      # bytes per line word (512 bits)
BLOCK = 8                      # bytes per lane block (64 bits)
BLOCKS_PER_WORD = WORD // BLOCK
HEADER_LEN = 32                # frame header (data and sync frames), the AE associated data
TAG_LEN = 16                   # AE tag at the end of every frame
NONCE_LEN = 12                 # nonce = header bytes 16..27 = session || frame counter
NONCE_OFFSET = 16
SYNC_BODY_LEN = 16
SYNC_WORDS = 1                 # a sync frame is one word: header, body, tag
RECORD_HEADER_LEN = 8
RECORD_ALIGN = 8               # records start on 8-byte boundaries inside the payload
MIN_RECORD = RECORD_HEADER_LEN + RECORD_ALIGN   # the scheduler closes a frame below this space
VERSION = 1

MAGIC_DATA = b"LCKD"           # data (TDM) frame
MAGIC_SYNC = b"LCKS"           # sync frame
IDLE_WORD = bytes(WORD)        # the gap between frames
AM_MAGIC = b"LAM"              # lane alignment marker block

FLAG_CLEAR = 0x01              # header flag: the payload is in clear (authenticated only)
REC_SOF = 0x01                 # record flag: first fragment of a client frame
REC_EOF = 0x02                 # record flag: last fragment of a client frame
SYNC_SWITCH = 0x01             # sync flag: a key switch to next_epoch is pending

MAX_CHANNELS = 16              # width of chan_map

# (name, bits, description): most significant field first, i.e. in line order
FRAME_HEADER_FIELDS = (
    ("magic", 32, "'LCKD' data frame, 'LCKS' sync frame"),
    ("version", 8, "format version, 1"),
    ("flags", 8, "bit 0 CLEAR: payload not encrypted, authenticated only"),
    ("epoch", 16, "key epoch that sealed this frame; key slot = epoch mod NSLOTS"),
    ("chan_map", 16, "data: channels with a record in this frame; sync: enabled channels"),
    ("used", 16, "data: payload bytes holding records (the rest is zero fill); sync: 0"),
    ("frame_words", 16, "K, words per data frame"),
    ("rsvd0", 16, "zero"),
    ("session", 32, "transmit session, set by the host (nonce bytes 0..3)"),
    ("counter", 64, "frame counter, +1 per frame of either kind (nonce bytes 4..11)"),
    ("rsvd1", 32, "zero"),
)
SYNC_BODY_FIELDS = (
    ("next_epoch", 16, "epoch the transmitter switches to (= epoch when none pending)"),
    ("sync_flags", 8, "bit 0 SWITCH: a switch to next_epoch is pending"),
    ("rsvd", 8, "zero"),
    ("sync_period", 32, "data frames between sync frames"),
    ("switch_counter", 64, "first frame counter sealed under next_epoch"),
)
RECORD_HEADER_FIELDS = (
    ("chan", 8, "client channel 0..N-1"),
    ("rflags", 8, "bit 0 SOF first fragment, bit 1 EOF last fragment"),
    ("length", 16, "client bytes in this record (padding to 8 bytes excluded)"),
    ("seq", 32, "per-channel record sequence number, +1 per record"),
)
AM_FIELDS = (
    ("am_magic", 24, "'LAM'"),
    ("lane", 8, "logical lane number"),
    ("lane_inv", 8, "lane number inverted"),
    ("rsvd", 8, "zero"),
    ("am_seq", 16, "alignment-marker round counter (same on every lane of a round)"),
)


def _check_width(fields, nbytes):
    assert sum(b for _, b, _ in fields) == 8 * nbytes, fields


_check_width(FRAME_HEADER_FIELDS, HEADER_LEN)
_check_width(SYNC_BODY_FIELDS, SYNC_BODY_LEN)
_check_width(RECORD_HEADER_FIELDS, RECORD_HEADER_LEN)
_check_width(AM_FIELDS, BLOCK)


def _pack(fields, values: dict) -> bytes:
    acc, width = 0, 0
    for name, bits, _ in fields:
        v = values.get(name, 0)
        if isinstance(v, (bytes, bytearray)):
            v = int.from_bytes(v, "big")
        if not 0 <= v < (1 << bits):
            raise ValueError(f"{name}={v} does not fit in {bits} bits")
        acc = (acc << bits) | v
        width += bits
    return acc.to_bytes(width // 8, "big")


def _unpack(fields, data: bytes) -> dict:
    acc = int.from_bytes(data, "big")
    out, shift = {}, 8 * len(data)
    for name, bits, _ in fields:
        shift -= bits
        out[name] = (acc >> shift) & ((1 << bits) - 1)
    return out


class FormatError(ValueError):
    """A structure that does not decode (wrong magic, version or length)."""


# --- frame header -------------------------------------------------------------------------------

@dataclass(frozen=True)
class FrameHeader:
    kind: str                  # "data" or "sync"
    epoch: int
    session: int
    counter: int
    frame_words: int
    chan_map: int = 0
    used: int = 0
    flags: int = 0
    version: int = VERSION

    def pack(self) -> bytes:
        return _pack(FRAME_HEADER_FIELDS, dict(
            magic=MAGIC_DATA if self.kind == "data" else MAGIC_SYNC, version=self.version,
            flags=self.flags, epoch=self.epoch, chan_map=self.chan_map, used=self.used,
            frame_words=self.frame_words, session=self.session, counter=self.counter))

    @property
    def nonce(self) -> bytes:
        return nonce_of(self.pack())

    @property
    def clear(self) -> bool:
        return bool(self.flags & FLAG_CLEAR)

    @classmethod
    def unpack(cls, data: bytes) -> "FrameHeader":
        if len(data) < HEADER_LEN:
            raise FormatError("short header")
        f = _unpack(FRAME_HEADER_FIELDS, data[:HEADER_LEN])
        magic = f["magic"].to_bytes(4, "big")
        if magic not in (MAGIC_DATA, MAGIC_SYNC):
            raise FormatError(f"magic {magic!r}")
        if f["version"] != VERSION:
            raise FormatError(f"version {f['version']}")
        return cls("data" if magic == MAGIC_DATA else "sync", f["epoch"], f["session"],
                   f["counter"], f["frame_words"], f["chan_map"], f["used"], f["flags"],
                   f["version"])


def nonce_of(header: bytes) -> bytes:
    """The AE nonce of a frame: header bytes 16..27, session || counter (96 bits)."""
    return bytes(header[NONCE_OFFSET:NONCE_OFFSET + NONCE_LEN])


def word_kind(word: bytes) -> str:
    """What a word found at a frame boundary starts: "data", "sync", "idle" or "unknown"."""
    head = bytes(word[:4])
    if head == MAGIC_DATA:
        return "data"
    if head == MAGIC_SYNC:
        return "sync"
    if word == IDLE_WORD:
        return "idle"
    return "unknown"


# --- sync body ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SyncBody:
    next_epoch: int
    sync_period: int
    switch_counter: int = 0
    switch: bool = False

    def pack(self) -> bytes:
        return _pack(SYNC_BODY_FIELDS, dict(
            next_epoch=self.next_epoch, sync_flags=SYNC_SWITCH if self.switch else 0,
            sync_period=self.sync_period, switch_counter=self.switch_counter))

    @classmethod
    def unpack(cls, data: bytes) -> "SyncBody":
        f = _unpack(SYNC_BODY_FIELDS, data[:SYNC_BODY_LEN])
        return cls(f["next_epoch"], f["sync_period"], f["switch_counter"],
                   bool(f["sync_flags"] & SYNC_SWITCH))


# --- records --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Record:
    chan: int
    seq: int
    data: bytes
    sof: bool
    eof: bool

    @property
    def size(self) -> int:
        """Bytes the record takes in the payload: header + data padded to 8 bytes."""
        return record_size(len(self.data))

    def pack(self) -> bytes:
        flags = (REC_SOF if self.sof else 0) | (REC_EOF if self.eof else 0)
        head = _pack(RECORD_HEADER_FIELDS, dict(chan=self.chan, rflags=flags,
                                                length=len(self.data), seq=self.seq))
        return head + self.data + bytes(pad8(len(self.data)) - len(self.data))


def pad8(n: int) -> int:
    return -(-n // RECORD_ALIGN) * RECORD_ALIGN


def record_size(data_len: int) -> int:
    return RECORD_HEADER_LEN + pad8(data_len)


def parse_records(payload: bytes, used: int, channels: int) -> list[Record]:
    """The records in ``payload[:used]``; FormatError if they do not tile it exactly."""
    out, pos = [], 0
    if used % RECORD_ALIGN or used > len(payload):
        raise FormatError(f"used={used}")
    while pos < used:
        if used - pos < RECORD_HEADER_LEN:
            raise FormatError("truncated record header")
        f = _unpack(RECORD_HEADER_FIELDS, payload[pos:pos + RECORD_HEADER_LEN])
        n = f["length"]
        if f["chan"] >= channels or n == 0 or pos + record_size(n) > used:
            raise FormatError(f"bad record at {pos}: {f}")
        data = bytes(payload[pos + RECORD_HEADER_LEN:pos + RECORD_HEADER_LEN + n])
        out.append(Record(f["chan"], f["seq"], data, bool(f["rflags"] & REC_SOF),
                          bool(f["rflags"] & REC_EOF)))
        pos += record_size(n)
    return out


# --- frames ---------------------------------------------------------------------------------------

def payload_capacity(frame_words: int) -> int:
    """Payload bytes of a data frame of K words: 64K - header - tag."""
    return WORD * frame_words - HEADER_LEN - TAG_LEN


def data_frame_parts(header: FrameHeader, payload: bytes) -> tuple[bytes, bytes]:
    """(associated data, message) of a data frame for the AE engine. Encrypted frames: AD =
    header, message = payload. CLEAR frames: AD = header || payload, empty message."""
    h = header.pack()
    return (h + payload, b"") if header.clear else (h, payload)


def sync_parts(header: FrameHeader, body: SyncBody) -> tuple[bytes, bytes]:
    """(associated data, message) of a sync frame: AD = header || body, empty message."""
    return header.pack() + body.pack(), b""


def word_to_bus(word: bytes) -> int:
    """A 64-byte line word as the RTL's 512-bit bus carries it (an AE engine data beat with
    LANES = 4): byte b at bits [128*(b/16) + 127 - 8*(b%16) -: 8]."""
    assert len(word) == WORD
    return sum(int.from_bytes(word[16 * q:16 * q + 16], "big") << (128 * q) for q in range(4))


def bus_to_word(v: int) -> bytes:
    """The inverse of word_to_bus."""
    return b"".join(((v >> (128 * q)) & ((1 << 128) - 1)).to_bytes(16, "big") for q in range(4))


def split_words(data: bytes) -> list[bytes]:
    assert len(data) % WORD == 0
    return [data[i:i + WORD] for i in range(0, len(data), WORD)]


# --- lane alignment markers -------------------------------------------------------------------------

def am_block(lane: int, am_seq: int) -> bytes:
    return _pack(AM_FIELDS, dict(am_magic=AM_MAGIC, lane=lane, lane_inv=lane ^ 0xFF,
                                 am_seq=am_seq & 0xFFFF))


def parse_am(block: bytes) -> tuple[int, int] | None:
    """(lane, am_seq) if ``block`` is an alignment marker, else None."""
    f = _unpack(AM_FIELDS, block)
    if f["am_magic"].to_bytes(3, "big") != AM_MAGIC or f["lane"] ^ 0xFF != f["lane_inv"] \
            or f["rsvd"]:
        return None
    return f["lane"], f["am_seq"]


# --- overhead -------------------------------------------------------------------------------------

ETH_WIRE_EXTRA = 20            # preamble + SFD (8) and the minimum inter-packet gap (12), bytes


@dataclass(frozen=True)
class Overhead:
    frame_bytes: int           # client frame, FCS included
    record_bytes: float        # line payload bytes per client frame (header, padding, splits)
    line_efficiency: float     # fraction of the line's blocks that carry records
    need: float                # line rate needed for N full-rate clients / line rate
    overhead_pct: float        # line bytes per client frame over the client's frame bytes, - 1

    @property
    def fits(self) -> bool:
        return self.need <= 1.0


def overhead(frame_bytes: int, channels: int = 10, frame_words: int = 256,
             sync_period: int = 763, am_period: int = 15625, client_bps: float = 10e9,
             line_bps: float = 100e9, ppm: float = 100.0) -> Overhead:
    """Line budget for N clients sending ``frame_bytes`` frames back to back at full rate, the
    clients ``ppm`` fast and the line ``ppm`` slow (docs/link-format.md, "Overhead").

    Per client frame the line carries 8 + ceil8(F) bytes of records; each data frame of 64K bytes
    spends 48 bytes on header and tag and at most one 8-byte header on a split record; a one-word
    sync frame follows every ``sync_period`` data frames; one block round in ``am_period`` is an
    alignment marker round."""
    rec = record_size(frame_bytes)
    fbytes = WORD * frame_words
    eff = (payload_capacity(frame_words) - RECORD_HEADER_LEN) / fbytes
    eff *= sync_period * fbytes / (sync_period * fbytes + WORD * SYNC_WORDS)
    eff *= (am_period - 1) / am_period
    client_share = channels * client_bps * (1 + ppm * 1e-6) / (line_bps * (1 - ppm * 1e-6))
    need = client_share * rec / (frame_bytes + ETH_WIRE_EXTRA) / eff
    return Overhead(frame_bytes, rec, eff, need, 100.0 * (rec / eff / frame_bytes - 1))


def max_sustained_frame(**kw) -> int:
    """Largest F such that N full-rate clients fit the line for every frame size 64..F."""
    f = 64
    while f < 65535 and overhead(f + 1, **kw).fits:
        f += 1
    return f


def default_sync_period(frame_words: int = 256, line_bps: float = 100e9,
                        period_s: float = 1e-3) -> int:
    """Data frames per sync period for one sync frame per ``period_s`` of line time."""
    return max(1, math.floor(period_s * line_bps / (8 * WORD * frame_words) + 0.5))


# --- drawings (WaveDrom "reg") ------------------------------------------------------------------------

def bitfield_json(fields, lanes: int = 0) -> dict:
    """WaveDrom "reg" description of a field table (bit 0 = the last bit on the line)."""
    total = sum(b for _, b, _ in fields)
    reg = [{"bits": b, "name": n} for n, b, _ in reversed(fields)]
    return {"reg": reg, "config": {"bits": total, "lanes": lanes or max(1, total // 64),
                                   "hspace": 900, "fontsize": 12}}


DRAWINGS = {
    "link-frame-header": FRAME_HEADER_FIELDS,
    "link-sync-body": SYNC_BODY_FIELDS,
    "link-record-header": RECORD_HEADER_FIELDS,
    "link-am-block": AM_FIELDS,
}
