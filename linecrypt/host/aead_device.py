# SPDX-License-Identifier: Apache-2.0
"""A Verilated authenticated-encryption engine as a Python object (the CLI's `--backend rtl` for
gcm/ocb, `linecrypt bench` of the engine design points).

The engine (gcm_engine or ocb3_engine, the message interface of docs/aead-interface.md) is
compiled once per design point with sim/harness/aead_engine_main.cpp and cached under
build/harness/<design>/, keyed by a fingerprint of its sources, the harness and the build
command. The harness process then serves key loads and message batches over a pipe. The bytes
really pass through the RTL: nothing here computes any cipher or mode.
"""
from __future__ import annotations

import struct
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from linecrypt import ROOT
from linecrypt.designs import Design, lookup
from linecrypt.host import rtl_device
from linecrypt.host.rtl_device import DeviceError
from linecrypt.models.ocb import AuthenticationError

HARNESS = ROOT / "sim" / "harness" / "aead_engine_main.cpp"

# status codes of the engines' status stream (docs/aead-interface.md)
OK, AUTH_FAIL, ERR_LENGTH, ERR_SLOT, ERR_NONCE, ERR_TAG_LEN, ERR_OP, ERR_TOO_LONG = range(8)
STATUS_NAMES = {OK: "OK", AUTH_FAIL: "AUTH_FAIL", ERR_LENGTH: "ERR_LENGTH", ERR_SLOT: "ERR_SLOT",
                ERR_NONCE: "ERR_NONCE", ERR_TAG_LEN: "ERR_TAG_LEN", ERR_OP: "ERR_OP",
                ERR_TOO_LONG: "ERR_TOO_LONG"}
# result flags the harness sets (sim/harness/aead_engine_main.cpp)
FLAG_ID, FLAG_CLOSED_EMPTY, FLAG_AFTER_TAG = 1, 2, 4
TIMES = ("cmd", "in_first", "in_last", "out_first", "out_last", "status")

ENGINE_TOPS = ("gcm_engine", "ocb3_engine")


def is_engine(d: Design) -> bool:
    return d.top in ENGINE_TOPS


def verilator_command(d: Design, out: Path) -> list[str]:
    """The Verilator build of engine ``d``: its synthesized top, sources and parameters."""
    p = d.harness_params
    cmd = ["verilator", "--cc", "--exe", "--build", "-j", "2", "-O3", "-Wno-fatal",
           "--x-assign", "fast", "--x-initial", "fast", "--prefix", "Vtop",
           "--top-module", d.top, "-Mdir", str(out), "-o", "Vtop",
           "-CFLAGS", f"{rtl_device.harness_cxx_opt()} -DLANES={p['LANES']} -DKEY_BYTES={p['KEY_BITS'] // 8} -DID_W={p['ID_W']}"]
    cmd += [f"-G{k}={v}" for k, v in p.items()]
    return cmd + [str(f) for f in d.sources] + [str(HARNESS)]


def engine_available(d: Design) -> bool:
    """The engine's RTL is in the tree: its top module's file is among its sources (the IP's
    .core file lists it) and every source exists."""
    try:
        files = d.sources
    except (OSError, KeyError, ValueError):
        return False
    return any(f.name == f"{d.top}.v" for f in files) and all(f.exists() for f in files)


def build(d: Design) -> Path:
    """Compile the harness for engine ``d`` (cached as every harness: rtl_device.build)."""
    return rtl_device.build(d, verilator_command, HARNESS)


@dataclass
class Message:
    """One descriptor and the parts sent for it. ``parts`` is normally left to
    :meth:`AeadDevice.message`; a test may give other parts to see the engine reject them."""
    op: int
    slot: int
    nonce: bytes
    ad_len: int
    msg_len: int
    tag_len: int
    parts: list[bytes] = field(default_factory=list)
    nonce_len: int | None = None         # default len(nonce)

    def pack(self) -> bytes:
        nl = len(self.nonce) if self.nonce_len is None else self.nonce_len
        nonce16 = self.nonce[:16].ljust(16, b"\0")
        head = struct.pack("<BBH", self.op, self.slot, nl) + nonce16
        head += struct.pack("<IIBB", self.ad_len, self.msg_len, self.tag_len, len(self.parts))
        return head + b"".join(struct.pack("<I", len(p)) + p for p in self.parts)


@dataclass
class Result:
    status: int
    flags: int
    status_id: int
    out: bytes
    tag: bytes
    times: dict

    @property
    def status_name(self) -> str:
        return STATUS_NAMES.get(self.status, f"code {self.status}")


class AeadDevice:
    """One Verilated engine: ``load_key``, ``run([Message, ...])``, ``seal``/``open``, ``bench``."""

    def __init__(self, design: str | Design):
        self.design = lookup(design) if isinstance(design, str) else design
        if not is_engine(self.design):
            raise ValueError(f"{self.design.name} is not an authenticated-encryption engine")
        p = self.design.harness_params
        self.gcm = self.design.top == "gcm_engine"
        self.lanes = p["LANES"]
        self.kb = p["KEY_BITS"] // 8
        self.nslots = p["NSLOTS"]
        self.max_msg = p["MAX_MSG"]
        self.decrypt_only = None if self.gcm else bool(p.get("DECRYPT", 0))
        exe = build(self.design)
        self._err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([str(exe)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self._err)
        self.cycles = 0

    # ---- pipe
    def _stopped(self) -> DeviceError:
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        self._err.seek(0)
        why = self._err.read().decode(errors="replace").strip().splitlines()
        return DeviceError(f"RTL harness for {self.design.name} stopped (exit {self.proc.poll()})"
                           + (f": {why[-1]}" if why else ""))

    def _send(self, data: bytes) -> None:
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise self._stopped() from None

    def _read(self, n: int) -> bytes:
        data = self.proc.stdout.read(n)
        if len(data) != n:
            raise self._stopped()
        return data

    def _unpack(self, fmt: str):
        return struct.unpack(fmt, self._read(struct.calcsize(fmt)))

    def _expect(self, tag: bytes) -> None:
        got = self._read(1)
        if got != tag:
            raise DeviceError(f"harness protocol error: {got!r} != {tag!r}")

    def _result(self) -> Result:
        status, flags, sid, olen = self._unpack("<BBII")
        out = self._read(olen)
        (tlen,) = self._unpack("<B")
        tag = self._read(tlen)
        times = dict(zip(TIMES, self._unpack("<6Q")))
        return Result(status, flags, sid, out, tag, times)

    # ---- commands
    def load_key(self, slot: int, key: bytes) -> int:
        """Load ``key`` into ``slot``; returns the clocks until the slot is valid."""
        if len(key) != self.kb:
            raise ValueError(f"{self.design.name} takes {self.kb}-byte keys")
        if not 0 <= slot < self.nslots:
            raise ValueError(f"{self.design.name} has slots 0..{self.nslots - 1}")
        self._send(b"K" + bytes([slot]) + key)
        self._expect(b"k")
        (c,) = self._unpack("<Q")
        self.cycles += c
        return c

    def message(self, op: int, slot: int, nonce: bytes, ad: bytes, data: bytes, tag_len: int,
                tag: bytes = b"") -> Message:
        """The descriptor and parts of one message per docs/aead-interface.md: the IV (GCM with a
        nonce other than 12 bytes), the AD, the message, the received tag (decryption)."""
        parts = []
        if self.gcm and len(nonce) != 12:
            parts.append(nonce)
        parts += [ad, data]
        if op == 1:
            parts.append(tag)
        return Message(op, slot, nonce, len(ad), len(data), tag_len, [p for p in parts if p])

    def run(self, msgs: list[Message]) -> list[Result]:
        """Send ``msgs`` back to back; returns one Result per message, in order."""
        self._send(b"R" + struct.pack("<I", len(msgs)) + b"".join(m.pack() for m in msgs))
        self._expect(b"r")
        c, stray = self._unpack("<QI")
        self.cycles += c
        res = [self._result() for _ in msgs]
        if stray:
            raise DeviceError(f"{self.design.name}: {stray} output beat(s) with the id of no message in flight")
        return res

    def _check(self, r: Result, what: str) -> None:
        if r.status == AUTH_FAIL:
            raise AuthenticationError(f"{self.design.name}: tag mismatch")
        if r.status != OK:
            raise DeviceError(f"{self.design.name} rejected the {what} message: status {r.status_name}")
        if r.flags:
            raise DeviceError(f"{self.design.name}: malformed output for the {what} message (flags {r.flags})")

    def seal(self, slot: int, nonce: bytes, ad: bytes, plaintext: bytes, tag_len: int) -> bytes:
        """Encrypt: ciphertext || tag."""
        (r,) = self.run([self.message(0, slot, nonce, ad, plaintext, tag_len)])
        self._check(r, "encrypt")
        if len(r.out) != len(plaintext) or len(r.tag) != tag_len:
            raise DeviceError(f"{self.design.name}: {len(r.out)} + {len(r.tag)} bytes out for "
                              f"{len(plaintext)} + {tag_len}")
        return r.out + r.tag

    def open(self, slot: int, nonce: bytes, ad: bytes, data: bytes, tag_len: int) -> bytes:
        """Decrypt ciphertext || tag: the plaintext, or AuthenticationError."""
        if len(data) < tag_len:
            raise AuthenticationError(f"input of {len(data)} bytes is shorter than the tag")
        ct, tag = data[:len(data) - tag_len], data[len(data) - tag_len:]
        (r,) = self.run([self.message(1, slot, nonce, ad, ct, tag_len, tag)])
        self._check(r, "decrypt")
        if len(r.out) != len(ct):
            raise DeviceError(f"{self.design.name}: {len(r.out)} bytes out for {len(ct)}")
        return r.out

    def bench(self, templates: list[Message], count: int) -> dict:
        """Stream ``count`` messages (template i % len(templates)) flat out. Returns the cycles,
        each template's first Result, the messages whose result differs from their template's
        first and every message's cycle numbers (``times``: lists keyed by TIMES)."""
        self._send(b"B" + struct.pack("<II", count, len(templates))
                   + b"".join(m.pack() for m in templates))
        self._expect(b"b")
        cycles, ns, stray, mism = self._unpack("<QQII")
        self.cycles += cycles
        first = [self._result() for _ in templates]
        raw = struct.unpack(f"<{6 * count}Q", self._read(48 * count))
        times = {k: list(raw[i::6]) for i, k in enumerate(TIMES)}
        return {"cycles": cycles, "wall_ns": ns, "stray_beats": stray, "mismatches": mism,
                "first": first, "times": times}

    def reset(self) -> None:
        self._send(b"Z")
        self._expect(b"z")

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write(b"Q")
                self.proc.stdin.flush()
            except BrokenPipeError:
                pass
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._err.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
