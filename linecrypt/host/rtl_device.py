# SPDX-License-Identifier: Apache-2.0
"""A Verilated block-cipher core as a Python object (the CLI's `--backend rtl`).

The core is compiled once per design point with sim/harness/block_core_main.cpp and cached
under build/harness/<design>/; the harness process then serves key loads and block batches
over a pipe. The bytes really pass through the RTL: nothing here computes any cipher.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import struct
import subprocess
from pathlib import Path

from linecrypt import BUILD, ROOT
from linecrypt.designs import DESIGNS, Design
from linecrypt.host.tools import verilator_env

HARNESS = ROOT / "sim" / "harness" / "block_core_main.cpp"


class DeviceError(RuntimeError):
    pass


def _fingerprint(d: Design, command, harness: Path) -> str:
    h = hashlib.sha1()
    for f in [*d.sources, harness]:
        h.update(f.read_bytes())
    h.update(repr(command(d, Path("-"))).encode())     # parameters and build flags
    return h.hexdigest()[:12]


def build(d: Design, command=None, harness: Path = HARNESS) -> Path:
    """Compile the harness for design ``d`` (cached under build/harness/<design>/; rebuilt when
    a source, the harness or the build command changes). ``command(d, out_dir)`` is the Verilator
    command line (default: the block-core harness's, :func:`verilator_command`)."""
    command = command or verilator_command
    out = BUILD / "harness" / d.name
    exe = out / "Vtop"
    stamp = out / "fingerprint"
    fp = _fingerprint(d, command, harness)
    if exe.exists() and stamp.exists() and stamp.read_text() == fp:
        return exe
    out.mkdir(parents=True, exist_ok=True)
    # one build at a time per design: pytest-xdist workers (and parallel CLI calls) share the
    # directory, and a second Verilator run rewriting it made the first's harness fail
    with open(out / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if exe.exists() and stamp.exists() and stamp.read_text() == fp:
            return exe                   # built by the holder of the lock meanwhile
        stamp.unlink(missing_ok=True)    # a build interrupted half way is never taken as done
        return _verilate(d, command(d, out), exe, stamp, fp)


def harness_cxx_opt() -> str:
    """The g++ level of the harness builds: -O1 (the C++ compile is most of a build; against -O2
    it takes about a quarter less CPU time and simulates as fast: aes192-enc-s2,
    serpent192-enc-s1, 3des-enc), or LC_HARNESS_CXX_OPT (the test suite compiles at -O0: its
    runs are short and its builds many)."""
    opt = os.environ.get("LC_HARNESS_CXX_OPT", "").strip() or "-O1"
    if opt not in ("-O0", "-O1", "-O2", "-O3", "-Os", "-Og"):
        raise ValueError(f"LC_HARNESS_CXX_OPT must be one of -O0 -O1 -O2 -O3 -Os -Og, not {opt!r}")
    return opt


def verilator_command(d: Design, out: Path) -> list[str]:
    """The Verilator build of design ``d``: its synthesized top, sources and parameters."""
    cmd = ["verilator", "--cc", "--exe", "--build", "-j", "2", "-O3", "-Wno-fatal",
           "--x-assign", "fast", "--x-initial", "fast", "--prefix", "Vtop",
           "--top-module", d.top, "-Mdir", str(out), "-o", "Vtop",
           "-CFLAGS", f"{harness_cxx_opt()} -DBLOCK_BYTES={d.block_bits // 8} -DKEY_BYTES={d.key_bits // 8}"]
    cmd += [f"-G{k}={v}" for k, v in d.harness_params.items()]
    return cmd + [str(f) for f in d.sources] + [str(HARNESS)]


def _verilate(d: Design, cmd: list[str], exe: Path, stamp: Path, fp: str) -> Path:
    r = subprocess.run(cmd, env=verilator_env(), capture_output=True, text=True)
    if r.returncode != 0 or not exe.exists():
        raise DeviceError(f"verilator build of {d.name} failed:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
    stamp.write_text(fp)
    return exe


class BlockDevice:
    """One Verilated core: ``load_key(slot, key)``, ``run([(slot, block), ...])``, ``bench``."""

    def __init__(self, design: str | Design):
        self.design = DESIGNS[design] if isinstance(design, str) else design
        self.bb = self.design.block_bits // 8
        self.kb = self.design.key_bits // 8
        self.nslots = int(self.design.params.get("NSLOTS", 4))
        exe = build(self.design)
        self.proc = subprocess.Popen([str(exe)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.cycles = 0

    def _read(self, n: int) -> bytes:
        data = self.proc.stdout.read(n)
        if len(data) != n:
            raise DeviceError(f"RTL harness for {self.design.name} stopped (exit {self.proc.poll()})")
        return data

    def _expect(self, tag: bytes) -> None:
        got = self._read(1)
        if got != tag:
            raise DeviceError(f"harness protocol error: {got!r} != {tag!r}")

    def load_key(self, slot: int, key: bytes) -> int:
        if len(key) != self.kb:
            raise ValueError(f"{self.design.name} takes {self.kb}-byte keys")
        self.proc.stdin.write(b"K" + bytes([slot]) + key)
        self.proc.stdin.flush()
        self._expect(b"k")
        (c,) = struct.unpack("<Q", self._read(8))
        self.cycles += c
        return c

    def run(self, items: list[tuple[int, bytes]]) -> list[bytes]:
        """Send blocks ``(slot, block)`` back to back; returns the output blocks in order."""
        out: list[bytes] = []
        for start in range(0, len(items), 1 << 16):
            chunk = items[start:start + (1 << 16)]
            payload = b"".join(bytes([s]) + b for s, b in chunk)
            self.proc.stdin.write(b"B" + struct.pack("<I", len(chunk)) + payload)
            self.proc.stdin.flush()
            self._expect(b"b")
            (c,) = struct.unpack("<Q", self._read(8))
            self.cycles += c
            raw = self._read(len(chunk) * (1 + self.bb))
            for i in range(len(chunk)):
                rec = raw[i * (1 + self.bb):(i + 1) * (1 + self.bb)]
                if rec[0]:
                    raise DeviceError(f"core reported an error for block {start + i} (slot without key)")
                out.append(rec[1:])
        return out

    def bench(self, messages: int, blocks_per_message: int) -> dict:
        self.proc.stdin.write(b"M" + struct.pack("<II", messages, blocks_per_message))
        self.proc.stdin.flush()
        self._expect(b"m")
        total, msum, mmax, ns = struct.unpack("<QQQQ", self._read(32))
        return {"total_cycles": total, "sum_message_cycles": msum, "max_message_cycles": mmax,
                "wall_ns": ns}

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write(b"Q")
                self.proc.stdin.flush()
            except BrokenPipeError:
                pass
            self.proc.wait(timeout=30)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class RTLBlockCipher:
    """A block-cipher object (as the golden models) whose blocks go through the RTL.

    Encryption and decryption are separate pipelines (separate design points); each is built
    on first use. Slot 0 holds the key.
    """

    def __init__(self, enc_design: str, dec_design: str, key: bytes):
        self.enc_design, self.dec_design, self.key = enc_design, dec_design, key
        self.block_bytes = DESIGNS[enc_design].block_bits // 8
        self._dev: dict[str, BlockDevice] = {}

    def _device(self, name: str) -> BlockDevice:
        if name not in self._dev:
            dev = BlockDevice(name)
            dev.load_key(0, self.key)
            self._dev[name] = dev
        return self._dev[name]

    def batch_encrypt(self, blocks):
        return self._device(self.enc_design).run([(0, b) for b in blocks])

    def batch_decrypt(self, blocks):
        return self._device(self.dec_design).run([(0, b) for b in blocks])

    def encrypt_block(self, b):
        return self.batch_encrypt([b])[0]

    def decrypt_block(self, b):
        return self.batch_decrypt([b])[0]

    def close(self):
        for d in self._dev.values():
            d.close()
