# SPDX-License-Identifier: Apache-2.0
"""The `linecrypt` command (its contract: docs/cli.md)."""
from __future__ import annotations

import argparse
import json
import re
import string
import textwrap
import sys
from dataclasses import dataclass
from typing import Callable

from linecrypt.ciphers import CIPHERS
from linecrypt.designs import PLACERS
from linecrypt.output import OutputError, write_output


class UsageError(Exception):
    """A user mistake: one line on stderr, exit status 2, nothing on stdout."""


class AuthenticationFailed(Exception):
    """gcm/ocb decryption: the tag does not verify. One line on stderr, exit status 1, no output."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):   # one line, not usage + message
        raise UsageError(message)


@dataclass(frozen=True)
class ModeSpec:
    """One `--mode`: which of the per-mode options it takes and how it treats the input.

    Adding a mode means adding its row here and its branch in ``_run_mode``; the checks that
    reject options a mode does not use, and the --help text, follow from the table.
    """
    name: str
    summary: str
    options: tuple[str, ...] = ()     # argparse dests among MODE_OPTIONS
    whole_blocks: bool = False        # input length must be a multiple of the block
    inverse_cipher: bool = False      # decryption runs the block cipher's inverse
    available: bool = True
    # authenticated encryption (output ciphertext || tag): nonce bytes (min, max), tag lengths
    nonce_bytes: tuple[int, int] | None = None
    tag_lengths: tuple[int, ...] = ()


# the options that only some modes take: argparse dest -> flag
MODE_OPTIONS = {"iv": "--iv", "nonce": "--nonce", "aad": "--aad", "aad_file": "--aad-file",
                "tag_bytes": "--tag-bytes"}
_AEAD_OPTIONS = ("nonce", "aad", "aad_file", "tag_bytes")

MODES: dict[str, ModeSpec] = {m.name: m for m in (
    ModeSpec("ecb", "whole blocks, no padding, no IV", (), whole_blocks=True, inverse_cipher=True),
    ModeSpec("cbc", "whole blocks, no padding; --iv is one block", ("iv",), whole_blocks=True,
             inverse_cipher=True),
    ModeSpec("ctr", "any length; --iv is the initial counter block, incremented as one big-endian "
                    "integer of the block's width (SP 800-38A)", ("iv",)),
    ModeSpec("gcm", "SP 800-38D; --nonce 1..64 bytes (12 recommended), --aad or --aad-file, "
                    "--tag-bytes 4, 8, 12..16 (default 16); 128-bit-block ciphers; encrypt writes "
                    "ciphertext || tag, decrypt reads ciphertext || tag and writes nothing unless "
                    "the tag verifies (then: exit 1)", _AEAD_OPTIONS,
             nonce_bytes=(1, 64), tag_lengths=(4, 8, 12, 13, 14, 15, 16)),
    ModeSpec("ocb", "RFC 7253 OCB3; --nonce 1..15 bytes, --aad or --aad-file, --tag-bytes 1..16 "
                    "(default 16); 128-bit-block ciphers; ciphertext || tag as gcm", _AEAD_OPTIONS,
             inverse_cipher=True, nonce_bytes=(1, 15), tag_lengths=tuple(range(1, 17))),
)}

_HEX = re.compile(r"(?:[0-9a-fA-F]{2})*")


def _hex(flag: str, value: str | None) -> bytes | None:
    """Strict hex: digits 0-9, a-f, A-F, two per byte, nothing else (no spaces, no 0x)."""
    if value is None:
        return None
    if _HEX.fullmatch(value):
        return bytes.fromhex(value)
    for i, c in enumerate(value):
        if c not in string.hexdigits:
            raise UsageError(f"{flag} is not a hex string: {c!r} at position {i + 1} "
                             "(give hex digits only, two per byte, no spaces or 0x)")
    raise UsageError(f"{flag} has an odd number of hex digits ({len(value)}); give two per byte")


def _read_input(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise UsageError(f"cannot read input file {path}: {e.strerror}") from None


def _cipher_help() -> str:
    lines = []
    for c in CIPHERS.values():
        rtl = "rtl+model" if c.rtl else "model"
        note = f"; {c.note}" if c.note else ""
        lines.append(_item(c.name, 12, f"key {'/'.join(str(k) for k in c.key_bytes)} bytes, "
                                       f"{8 * c.block_bytes}-bit block, {rtl}{note}"))
    return "\n".join(lines)


def _mode_help() -> str:
    return "\n".join(_item(m.name, 4, m.summary) for m in MODES.values())


def _item(name: str, width: int, text: str) -> str:
    return textwrap.fill(text, 88, initial_indent=f"  {name:{width}s} ",
                         subsequent_indent=" " * (width + 3), break_on_hyphens=False)


def _check_mode_options(args, mode: ModeSpec) -> None:
    for dest, flag in MODE_OPTIONS.items():
        if getattr(args, dest) is not None and dest not in mode.options:
            raise UsageError(f"{flag} is not used by --mode {mode.name}")


def _backend(args, spec, key: bytes, mode: ModeSpec, decrypt: bool) -> tuple[str, str | None]:
    """The back end to run and, for rtl, the design point the blocks pass through."""
    has_rtl = bool(spec.rtl) and len(key) in spec.rtl
    backend = args.backend or ("rtl" if has_rtl else "model")
    if backend == "model":
        return backend, None
    if not has_rtl:
        raise UsageError(f"no RTL back end for {spec.name} with a {len(key)}-byte key; "
                         "use --backend model")
    enc_d, dec_d = spec.rtl[len(key)]
    return backend, dec_d if decrypt and mode.inverse_cipher else enc_d


def _run_mode(cipher, mode: ModeSpec, decrypt: bool, data: bytes, iv: bytes | None,
              batch_enc=None, batch_dec=None) -> bytes:
    from linecrypt.models import modes
    if mode.name in ("ecb", "cbc", "ctr"):
        return modes.crypt(cipher, mode.name, decrypt, data, iv, batch_enc=batch_enc, batch_dec=batch_dec)
    raise UsageError(f"--mode {mode.name} is not available yet")


def _tag_list(lengths: tuple[int, ...]) -> str:
    # 4, 8, 12..16 / 1..16
    runs, start = [], None
    for i, n in enumerate(lengths):
        if start is None:
            start = n
        if i + 1 == len(lengths) or lengths[i + 1] != n + 1:
            runs.append(str(n) if n == start else f"{start}..{n}" if n > start + 1 else f"{start}, {n}")
            start = None
    return ", ".join(runs)


def _aead_engine(spec, key: bytes, mode: ModeSpec, decrypt: bool):
    """The engine design point a gcm/ocb message passes through, or None without one (no
    engine for the cipher, or its RTL not in the tree)."""
    from linecrypt.designs import aead_cli_design
    from linecrypt.host.aead_device import engine_available
    m = re.fullmatch(r"(aes|serpent)-(128|192|256)", spec.name)
    if m is None or len(key) * 8 != int(m.group(2)):
        return None
    d = aead_cli_design(m.group(1), int(m.group(2)), mode.name, decrypt)
    return d if engine_available(d) else None


def _associated_data(args) -> bytes:
    """--aad (hex) or --aad-file (raw bytes), empty without either."""
    if args.aad is not None and args.aad_file is not None:
        raise UsageError("give --aad or --aad-file, not both")
    ad = _hex("--aad", args.aad) or b""
    if args.aad_file is not None:
        try:
            with open(args.aad_file, "rb") as f:
                ad = f.read()
        except OSError as e:
            raise UsageError(f"cannot read associated data file {args.aad_file}: {e.strerror}") from None
    return ad


def cmd_aead(args, spec, mode: ModeSpec, key: bytes, decrypt: bool) -> int:
    """gcm/ocb: ciphertext || tag out of encrypt, into decrypt (../shared/CLI.md)."""
    if spec.block_bytes != 16:
        raise UsageError(f"--mode {mode.name} needs a cipher with 128-bit blocks; "
                         f"{spec.name} has {8 * spec.block_bytes}-bit blocks")
    if args.nonce is None:
        raise UsageError(f"{mode.name} needs --nonce ({mode.nonce_bytes[0]}..{mode.nonce_bytes[1]} bytes)")
    nonce = _hex("--nonce", args.nonce)
    lo, hi = mode.nonce_bytes
    if not lo <= len(nonce) <= hi:
        raise UsageError(f"--nonce must be {lo} to {hi} bytes for {mode.name}, got {len(nonce)}")
    tag_len = 16 if args.tag_bytes is None else args.tag_bytes
    if tag_len not in mode.tag_lengths:
        raise UsageError(f"--tag-bytes must be one of {_tag_list(mode.tag_lengths)} for "
                         f"{mode.name}, got {tag_len}")
    ad = _associated_data(args)
    engine = _aead_engine(spec, key, mode, decrypt)
    backend = args.backend or ("rtl" if engine is not None else "model")
    if backend == "rtl" and engine is None:
        raise UsageError(f"no RTL engine for {spec.name} --mode {mode.name}; use --backend model")
    data = _read_input(args.inp)
    if decrypt and len(data) < tag_len:
        raise UsageError(f"{mode.name} decryption input of {len(data)} bytes is shorter than "
                         f"the {tag_len}-byte tag")
    if backend == "rtl":
        limit = engine.params["MAX_MSG"]
        for what, n in (("associated data", len(ad)), ("message", len(data) - decrypt * tag_len)):
            if n > limit:
                raise UsageError(f"{what} of {n} bytes is longer than the RTL engine takes "
                                 f"({limit} bytes); use --backend model")
    if args.verbose:
        what = f"design {engine.name}" if backend == "rtl" else f"{spec.name} golden model, {mode.name}"
        print(f"linecrypt: backend {backend} ({what})", file=sys.stderr, flush=True)
    from linecrypt.models.modes import ModeError
    from linecrypt.models.ocb import AuthenticationError
    try:
        if backend == "rtl":
            from linecrypt.host.aead_device import AeadDevice
            with AeadDevice(engine) as dev:
                dev.load_key(0, key)
                out = (dev.open if decrypt else dev.seal)(0, nonce, ad, data, tag_len)
        else:
            from linecrypt.models import gcm, ocb
            impl = gcm if mode.name == "gcm" else ocb
            out = (impl.decrypt if decrypt else impl.encrypt)(spec.model(key), nonce, ad, data, tag_len)
    except AuthenticationError:
        raise AuthenticationFailed() from None
    except ModeError as e:
        raise UsageError(str(e)) from None
    write_output(args.out, out)
    return 0


def cmd_crypt(args, decrypt: bool) -> int:
    from linecrypt.models.modes import ModeError

    if args.cipher == KEYAK or args.mode == "aead":
        return cmd_keyak(args, decrypt)
    spec = CIPHERS.get(args.cipher)
    if spec is None:
        raise UsageError(f"unknown cipher {args.cipher!r} (choose from {', '.join([*CIPHERS, KEYAK])})")
    mode = MODES.get(args.mode)
    if mode is None:
        raise UsageError(f"unknown mode {args.mode!r} (choose from {', '.join([*MODES, 'aead'])})")
    if not mode.available:
        raise UsageError(f"--mode {mode.name} is not available yet")
    _check_mode_options(args, mode)
    if args.key is None:
        raise UsageError("--key is required")
    key = _hex("--key", args.key)
    if len(key) not in spec.key_bytes:
        raise UsageError(f"{spec.name} needs a key of {' or '.join(str(k) for k in spec.key_bytes)} "
                         f"bytes, got {len(key)}")
    if mode.nonce_bytes is not None:
        return cmd_aead(args, spec, mode, key, decrypt)
    iv = _hex("--iv", args.iv)
    if "iv" in mode.options:
        if iv is None:
            raise UsageError(f"{mode.name} needs --iv ({spec.block_bytes} bytes)")
        if len(iv) != spec.block_bytes:
            raise UsageError(f"--iv must be {spec.block_bytes} bytes for {spec.name}, got {len(iv)}")
    backend, design = _backend(args, spec, key, mode, decrypt)
    data = _read_input(args.inp)
    if mode.whole_blocks and len(data) % spec.block_bytes:
        raise UsageError(f"{mode.name} input length {len(data)} is not a multiple of the "
                         f"{spec.block_bytes}-byte block")
    if args.verbose:
        what = f"design {design}" if design else f"{spec.name} golden model"
        print(f"linecrypt: backend {backend} ({what})", file=sys.stderr, flush=True)
    try:
        if backend == "rtl":
            from linecrypt.host.rtl_device import RTLBlockCipher
            enc_d, dec_d = spec.rtl[len(key)]
            cipher = RTLBlockCipher(enc_d, dec_d, spec.rtl_key(key) if spec.rtl_key else key)
            try:
                out = _run_mode(cipher, mode, decrypt, data, iv,
                                batch_enc=cipher.batch_encrypt, batch_dec=cipher.batch_decrypt)
            finally:
                cipher.close()
        else:
            out = _run_mode(spec.model(key), mode, decrypt, data, iv)
    except ModeError as e:
        raise UsageError(str(e)) from None
    write_output(args.out, out)
    return 0


# -- lake-keyak (--mode aead) ------------------------------------------------------------------

KEYAK = "lake-keyak"
KEYAK_KEY_BYTES = (16, 32)
KEYAK_NONCE_MAX = 150
KEYAK_TAG = 16
KEYAK_HELP = ("Lake Keyak v2, Keyak[b=1600, nr=12, Pi=1, c=256, tau=128] (CAESAR rounds 2 and 3); "
              "--mode aead only: --key 16..32 bytes, --nonce up to 150 bytes (the CAESAR API: "
              "16-byte key, 150-byte nonce), --aad or --aad-file; encrypt writes ciphertext || "
              "16-byte tag, decrypt reads it and writes nothing unless the tag verifies (then: "
              "exit 1); model")


def cmd_keyak(args, decrypt: bool) -> int:
    """encrypt|decrypt --cipher lake-keyak --mode aead (../shared/CLI.md)."""
    if args.cipher != KEYAK:
        raise UsageError(f"--mode aead is for --cipher {KEYAK} only")
    if args.mode != "aead":
        raise UsageError(f"{KEYAK} takes --mode aead only, not {args.mode!r}")
    if args.iv is not None:
        raise UsageError("--iv is not used by --mode aead")
    if args.tag_bytes is not None and args.tag_bytes != KEYAK_TAG:
        raise UsageError(f"{KEYAK} has a {KEYAK_TAG}-byte tag; --tag-bytes {args.tag_bytes} "
                         "does not match it (leave it out)")
    if args.key is None:
        raise UsageError("--key is required")
    key = _hex("--key", args.key)
    lo, hi = KEYAK_KEY_BYTES
    if not lo <= len(key) <= hi:
        raise UsageError(f"{KEYAK} needs a key of {lo} to {hi} bytes, got {len(key)}")
    if args.nonce is None:
        raise UsageError(f"{KEYAK} needs --nonce (up to {KEYAK_NONCE_MAX} bytes)")
    nonce = _hex("--nonce", args.nonce)
    if len(nonce) > KEYAK_NONCE_MAX:
        raise UsageError(f"--nonce must be at most {KEYAK_NONCE_MAX} bytes for {KEYAK}, "
                         f"got {len(nonce)}")
    ad = _associated_data(args)
    if args.backend == "rtl":
        raise UsageError(f"no RTL back end for {KEYAK}; use --backend model")
    data = _read_input(args.inp)
    if decrypt and len(data) < KEYAK_TAG:
        raise UsageError(f"{KEYAK} decryption input of {len(data)} bytes is shorter than the "
                         f"{KEYAK_TAG}-byte tag")
    _say_backend(args, "model", f"{KEYAK} golden model")
    from linecrypt.models import keyak
    if decrypt:
        out = keyak.lake_keyak_open(key, nonce, ad, data)
        if out is None:
            raise AuthenticationFailed()
    else:
        out = keyak.lake_keyak_seal(key, nonce, ad, data)
    write_output(args.out, out)
    return 0


def _say_backend(args, backend: str, what: str) -> None:
    if args.verbose:
        print(f"linecrypt: backend {backend} ({what})", file=sys.stderr, flush=True)


def _check_range(flag: str, n: int, lo: int, hi: int, what: str) -> None:
    if not lo <= n <= hi:
        raise UsageError(f"{flag} must be {lo}..{hi} for {what}, got {n}")


# -- hash, mac, random -------------------------------------------------------------------------

MAX_OUT = 1 << 20          # --out-bytes, --bytes: 1 MiB at most


@dataclass(frozen=True)
class HashSpec:
    """One `hash --alg`: its fixed digest size (None: --out-bytes sets it), the keccak_sponge
    command that computes it in RTL (rate in bytes, suffix; None: no RTL) and its model."""
    name: str
    summary: str
    digest: int | None
    sponge: tuple[int, int] | None
    model: Callable[[bytes, int], bytes]


def _sha3(bits):
    def f(msg, n):
        from linecrypt.models.keccak import sha3
        return sha3(msg, bits)
    return f


def _shake(bits):
    def f(msg, n):
        from linecrypt.models.keccak import shake
        return shake(msg, bits, n)
    return f


def _keccak256(msg, n):
    from linecrypt.models.keccak import keccak256
    return keccak256(msg)


def _aes_hash(msg, n):
    from linecrypt.models.aes_hash import aes_hash
    return aes_hash(msg)


HASHES: dict[str, HashSpec] = {h.name: h for h in (
    *(HashSpec(f"sha3-{b}", f"FIPS 202 SHA3-{b}, {b // 8}-byte digest; rtl+model", b // 8,
               (200 - b // 4, 0x06), _sha3(b)) for b in (224, 256, 384, 512)),
    *(HashSpec(f"shake{b}", f"FIPS 202 SHAKE{b}, --out-bytes N (1..{MAX_OUT}) required; rtl+model",
               None, (200 - b // 4, 0x1F), _shake(b)) for b in (128, 256)),
    HashSpec("keccak-256", "Keccak-256 with the original Keccak padding (r = 1088, no domain "
                           "suffix; as Ethereum's), 32-byte digest; rtl+model", 32, (136, 0x01),
             _keccak256),
    HashSpec("aes-hash", "Davies-Meyer over Rijndael with a 256-bit block and a 256-bit key "
                         "(Nr = 14): H_0 = SHA-256(\"LineCrypt AES-Hash IV\"), "
                         "H_i = E_{M_i}(H_{i-1}) xor H_{i-1}, the 32-byte message block as the "
                         "key; padding as SHA-256's with 32-byte blocks: the byte 0x80, then "
                         "zero bytes up to 24 mod 32, then the message length in bits as a "
                         "64-bit big-endian integer (messages of 0..23 bytes are one block); the "
                         "digest is H_n, 32 bytes. LineCrypt's own definition: no other "
                         "implementation gives these digests; model", 32, None, _aes_hash),
)}


@dataclass(frozen=True)
class MacSpec:
    name: str
    summary: str
    key_bytes: tuple[int, int]        # min, max
    tag_bytes: tuple[int, int]        # min, max; the default is 16
    model: Callable[[bytes, bytes, bytes, int], bytes]    # (key, iv, msg, tag bytes)
    max_iv: int | None = None         # takes --iv (up to this many bytes); None: no --iv


def _cmac(key, iv, msg, n):
    from linecrypt.models.cmac import cmac
    return cmac(key, msg, n)


def _keccak_mac(key, iv, msg, n):
    from linecrypt.models.keccak import keccak_mac
    return keccak_mac(key, iv, msg, n)


MACS: dict[str, MacSpec] = {m.name: m for m in (
    *(MacSpec(f"cmac-aes-{b}", f"NIST SP 800-38B CMAC with AES-{b}: --key {b // 8} bytes, "
                               "--tag-bytes 4..16 (default 16); model",
              (b // 8, b // 8), (4, 16), _cmac) for b in (128, 192, 256)),
    MacSpec("keccak-mac", "the keyed sponge of the Multi-Purpose Keccak design: "
                          "T = Keccak[r=1088, c=512](pad(KeyPack(K) || IV) || M)[:tag bytes], the "
                          "original Keccak padding (no domain suffix), 24 rounds. KeyPack(K) is "
                          "Keyak's 40-byte key pack (the byte 40, K, the byte 0x01, zero bytes); "
                          "KeyPack(K) || IV is padded with pad10*1 to exactly one 136-byte block, "
                          "then M is absorbed with its own padding and --tag-bytes bytes are "
                          "squeezed (up to 32 bytes: Keccak-256 of that padded block followed by "
                          "M, truncated). --key 16..38 bytes, --iv 0..95 bytes "
                          "(default empty), --tag-bytes 4..64 (default 16); model",
            (16, 38), (4, 64), _keccak_mac, max_iv=95),
)}

RANDOMS = {
    "keccak-duplex": "the Keccak engine's PRNG (LWC protocol ALG 0x1A): SpongePRG (Bertoni, "
                     "Daemen, Peeters, Van Assche, CHES 2010) on Keccak-f[1600], r = 1088 bits, "
                     "c = 512, at most 135 input bytes per duplexing call, each call padded "
                     "with 0x1F and pad10*1 (SHAKE's padding) and giving rate bytes 0..134. "
                     "--seed: zero state, the seed absorbed in 135-byte pieces and a last piece "
                     "of 0..134 bytes; --reseed: the same on top of the current state; each "
                     "--bytes N: the first N bytes of the last call's output and of further "
                     "empty calls, then a forget call that absorbs the last output (zeroing it "
                     "in the state). Call i outputs the first 135 bytes of SHAKE256 of the padded "
                     "earlier inputs followed by its own input, so any SHAKE256 checks it "
                     "(docs/lwc-protocol.md); rtl+model",
    "keccak-prng": "SHAKE256 as a generator: one sponge on Keccak-f[1600], r = 1088 bits, "
                   "c = 512, absorbs the seed with the SHAKE padding (domain bits 1111, pad10*1) "
                   "and squeezes --bytes bytes; so the output equals `linecrypt hash --alg "
                   "shake256 --out-bytes N` of the seed; one --bytes, no --reseed; model",
    "fortuna": "the Fortuna generator (Ferguson and Schneier) of the AES PRNG engine: "
               "K = SHA-256(0^256 || seed), counter C = 1, output AES-256_K(C), AES-256_K(C + 1), "
               "... with C as a 16-byte little-endian block (then the generator rekeys); "
               "--reseed: K = SHA-256(K || reseed), C = C + 1; model",
}
RANDOM_RTL = ("keccak-duplex",)


def _alg(table, alg: str, what: str):
    spec = table.get(alg)
    if spec is None:
        raise UsageError(f"unknown {what} {alg!r} (choose from {', '.join(table)})")
    return spec


def cmd_hash(args) -> int:
    spec = _alg(HASHES, args.alg, "hash --alg")
    if spec.digest is None:
        if args.out_bytes is None:
            raise UsageError(f"{spec.name} needs --out-bytes N (1..{MAX_OUT})")
        _check_range("--out-bytes", args.out_bytes, 1, MAX_OUT, spec.name)
        n = args.out_bytes
    else:
        if args.out_bytes is not None and args.out_bytes != spec.digest:
            raise UsageError(f"{spec.name} has a fixed {spec.digest}-byte digest; --out-bytes "
                             f"{args.out_bytes} does not match it (leave it out)")
        n = spec.digest
    backend = args.backend or ("rtl" if spec.sponge else "model")
    if backend == "rtl" and spec.sponge is None:
        raise UsageError(f"no RTL back end for {spec.name}; use --backend model")
    data = _read_input(args.inp)
    _say_backend(args, backend, "design keccak_sponge (RPC 1)" if backend == "rtl"
                 else f"{spec.name} golden model")
    if backend == "rtl":
        from linecrypt.host.keccak_hash import sponge_rtl
        out = sponge_rtl(data, spec.sponge[0], spec.sponge[1], n)
    else:
        out = spec.model(data, n)
    write_output(args.out, out)
    return 0


def cmd_mac(args) -> int:
    spec = _alg(MACS, args.alg, "mac --alg")
    if args.key is None:
        raise UsageError("--key is required")
    key = _hex("--key", args.key)
    lo, hi = spec.key_bytes
    if not lo <= len(key) <= hi:
        need = f"{lo}" if lo == hi else f"{lo} to {hi}"
        raise UsageError(f"{spec.name} needs a key of {need} bytes, got {len(key)}")
    iv = b""
    if args.iv is not None:
        if spec.max_iv is None:
            raise UsageError(f"--iv is not used by --alg {spec.name}")
        iv = _hex("--iv", args.iv)
        if len(iv) > spec.max_iv:
            raise UsageError(f"--iv must be at most {spec.max_iv} bytes for {spec.name}, "
                             f"got {len(iv)}")
    n = 16 if args.tag_bytes is None else args.tag_bytes
    _check_range("--tag-bytes", n, *spec.tag_bytes, spec.name)
    if args.backend == "rtl":
        raise UsageError(f"no RTL back end for {spec.name}; use --backend model")
    data = _read_input(args.inp)
    _say_backend(args, "model", f"{spec.name} golden model")
    write_output(args.out, spec.model(key, iv, data, n))
    return 0


class _Step(argparse.Action):
    """--bytes and --reseed append to one ordered list of steps (a reseed acts between the
    requests on either side of it)."""

    def __call__(self, parser, namespace, value, option_string=None):
        steps = getattr(namespace, "steps", None) or []
        steps.append((self.dest, value))
        namespace.steps = steps


def cmd_random(args) -> int:
    _alg(RANDOMS, args.alg, "random --alg")
    if args.seed is None:
        raise UsageError("--seed is required")
    seed = _hex("--seed", args.seed)
    if not seed:
        raise UsageError("--seed is empty; give at least one byte")
    steps = [("seed", seed)]
    for kind, v in getattr(args, "steps", None) or []:
        if kind == "bytes":
            _check_range("--bytes", v, 0, MAX_OUT, args.alg)
            steps.append(("gen", v))
        else:
            steps.append(("reseed", _hex("--reseed", v)))
    gens = [n for k, n in steps if k == "gen"]
    if not gens:
        raise UsageError(f"--bytes N is required (0..{MAX_OUT})")
    if steps[-1][0] == "reseed":
        raise UsageError("--reseed after the last --bytes has no effect; put --bytes after it")
    if args.alg == "keccak-prng" and len(steps) != 2:
        raise UsageError("keccak-prng is SHAKE256 of the seed: one --bytes, no --reseed")
    backend = args.backend or ("rtl" if args.alg in RANDOM_RTL else "model")
    if backend == "rtl" and args.alg not in RANDOM_RTL:
        raise UsageError(f"no RTL back end for {args.alg}; use --backend model")
    _say_backend(args, backend, "design lwc_keccak (W 32, RPC 1)" if backend == "rtl"
                 else f"{args.alg} golden model")
    if backend == "rtl":
        from linecrypt.host.lwc_random import prng_rtl
        out = prng_rtl(steps)
    elif args.alg == "keccak-prng":
        from linecrypt.models.keccak import keccak_prng
        out = keccak_prng(seed, gens[0])
    else:
        from linecrypt.lwc.protocol import Alg, PrngState
        g = PrngState(Alg.KECCAK_DUPLEX if args.alg == "keccak-duplex" else Alg.FORTUNA)
        out = b""
        for kind, v in steps:
            if kind == "seed":
                g.seed(v)
            elif kind == "reseed":
                g.reseed(v)
            else:
                out += g.generate(v)
    write_output(args.out, out)
    return 0


def cmd_synth(args) -> int:
    from linecrypt.designs import AEAD_DESIGNS, DESIGNS, known, lookup
    from linecrypt.flows import synth

    if args.list:
        for name, d in DESIGNS.items():
            print(f"{name:24s} {d.description}")
        for name, d in AEAD_DESIGNS.items():
            if name not in DESIGNS:
                print(f"{name:24s} {d.description} (not measured yet)")
        return 0
    if args.update_readme:
        synth.update_readme()
        return 0
    names = list(DESIGNS) if args.all else (args.design or [])
    if not names:
        raise UsageError("give --design NAME, --all or --list")
    for n in names:
        if not known(n):
            raise UsageError(f"unknown design {n!r} (see `linecrypt synth --list`)")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.fit:
        if args.seeds is not None or args.placer:
            raise UsageError("--fit packs only: it takes no --seeds or --placer")
        for n in names:
            r = synth.fit(n)
            if args.write_results:
                print(f"wrote {synth.write_fit(r)}", file=sys.stderr)
            if args.json:
                print(json.dumps(r, sort_keys=True), flush=True)
            else:
                over = ", ".join(f"{k} {v} %" for k, v in r["over_percent"].items())
                print(f"{n}: {'fits' if r['fits'] else 'does not fit (' + over + ')'}; "
                      f"LUT4 {r['lut4_percent']} % of the device", flush=True)
        if args.write_results:
            synth.update_readme()
        return 0
    if args.write_results and args.placer and any(args.placer != lookup(n).placer for n in names):
        # the committed results are each design point's own placer (Design.placer)
        raise UsageError(f"--write-results stores a design point's own placer only; "
                         f"--placer {args.placer} differs (use --json)")
    if args.seeds is not None:
        try:
            seeds = [int(x) for x in args.seeds.split(",")]
        except ValueError:
            raise UsageError(f"--seeds takes a comma-separated list of integers, not {args.seeds!r}")
        if len(seeds) < 2 or len(set(seeds)) != len(seeds):
            raise UsageError("--seeds needs at least two different seeds")
        if args.seed != synth.DEFAULT_SEED:
            raise UsageError("give either --seed or --seeds, not both")
        for n in names:
            # one netlist, one nextpnr run per seed; --jobs runs the seeds side by side
            sw, full = synth.sweep(n, seeds, jobs=args.jobs, placer=args.placer)
            if args.write_results:
                print(f"wrote {synth.write_sweep(sw)}", file=sys.stderr)
                if synth.DEFAULT_SEED in full:      # the sweep's seed-1 run is the table row
                    print(f"wrote {synth.write_result(full[synth.DEFAULT_SEED])}", file=sys.stderr)
            if args.json:
                print(json.dumps(sw, sort_keys=True), flush=True)
            else:
                f = sw["fmax_mhz"]
                print(f"{n}: seeds {args.seeds}: Fmax min {f['min']} / median {f['median']} / "
                      f"max {f['max']} MHz", flush=True)
        if args.write_results:
            synth.update_readme()
        return 0

    def one(n):
        r = synth.run(n, seed=args.seed, placer=args.placer)
        if args.write_results:
            print(f"wrote {synth.write_result(r)}", file=sys.stderr)
        if args.json:
            print(json.dumps(r, sort_keys=True), flush=True)
        else:
            print(f"{n}: {r['lut4']} LUT4, {r['ff']} FF, {r['ebr']} EBR, {r['fmax_mhz']} MHz, "
                  f"{r['gbps']} Gbit/s", flush=True)

    # each run is one single-threaded Yosys then nextpnr process: --jobs runs design points side by side
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for f in [pool.submit(one, n) for n in names]:
            f.result()
    if args.write_results:
        synth.update_readme()
    return 0


def cmd_bench(args) -> int:
    from linecrypt.designs import known, lookup
    from linecrypt.flows import bench

    if not known(args.design):
        raise UsageError(f"unknown design {args.design!r} (see `linecrypt synth --list`)")
    if lookup(args.design).top in ("link_tx", "link_rx"):
        raise UsageError(f"{args.design} is a link half: `linecrypt link --backend rtl` runs the link")
    r = bench.run(args.design)
    if args.json:
        print(json.dumps(r, sort_keys=True))
    else:
        print(bench.format_text(r))
    return 0


def cmd_link(args) -> int:
    from linecrypt.link import run as link_run

    if not 1 <= args.channels <= 16:
        raise UsageError("--channels must be 1..16")
    if not 2 <= args.frame_words <= 1024:
        raise UsageError("--frame-words must be 2..1024")
    if args.frames < 0:
        raise UsageError("--frames must not be negative")
    if args.frame_bytes is not None and not 64 <= args.frame_bytes <= 9000:
        raise UsageError("--frame-bytes must be 64..9000")
    if not 0.0 <= args.fault_rate <= 1.0:
        raise UsageError("--fault-rate must be 0..1")
    if args.sync_period is not None and args.sync_period < 1:
        raise UsageError("--sync-period must be at least 1")
    if args.inp is not None:
        try:
            open(args.inp, "rb").close()
        except OSError as e:
            raise UsageError(f"--in {args.inp}: {e.strerror}") from None
    opts = link_run.LinkRun(cipher=args.cipher, channels=args.channels, frames=args.frames,
                            frame_words=args.frame_words, sync_period=args.sync_period,
                            fault=args.fault, fault_rate=args.fault_rate, seed=args.seed,
                            pcap=args.inp, frame_bytes=args.frame_bytes)
    if args.backend == "rtl":
        from linecrypt.link import run_rtl
        why = run_rtl.unsupported(opts)
        if why:
            raise UsageError(why)
    try:
        r = run_rtl.run_rtl(opts) if args.backend == "rtl" else link_run.run_model(opts)
    except ValueError as e:          # e.g. a pcap frame too large for Ethernet
        raise UsageError(str(e)) from None
    print(json.dumps(r, sort_keys=True) if args.json else link_run.format_text(r))
    return 0 if link_run.verdict(r) else 1


def cmd_demo(args) -> int:
    from linecrypt.flows import demo
    return demo.main()


def _table_help(table) -> str:
    width = max(12, *(len(name) for name in table))
    return "\n".join(_item(name, width, v if isinstance(v, str) else v.summary)
                     for name, v in table.items())


def _io_options(s, backend_help: str, inp: bool = True) -> None:
    """--in, --out, --backend and -v, as every data command takes them."""
    if inp:
        s.add_argument("--in", dest="inp", default="-", metavar="FILE",
                       help="input file (default -, stdin)")
    s.add_argument("--out", default="-", metavar="FILE",
                   help="output file (default -, stdout). A regular file is replaced whole or "
                        "not at all (a symlink's target is replaced, the link stays); a FIFO, "
                        "device, /dev/stdout or /dev/fd/N is written through")
    s.add_argument("--backend", choices=("rtl", "model"), help=backend_help)
    s.add_argument("-v", "--verbose", action="store_true",
                   help="print the back end and design point used on stderr")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="linecrypt", description="LineCrypt: line-rate FPGA crypto cores, models and flows")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in ("encrypt", "decrypt"):
        s = sub.add_parser(
            name, help=f"{name} with a block cipher (ecb, cbc, ctr, gcm, ocb) or lake-keyak (aead)",
            formatter_class=argparse.RawDescriptionHelpFormatter,
            description=f"{name.capitalize()} --in (default stdin) to --out (default stdout), raw bytes.\n\n"
                        f"Ciphers (--cipher):\n{_cipher_help()}\n{_item(KEYAK, 12, KEYAK_HELP)}"
                        f"\n\nModes (--mode):\n{_mode_help()}\n"
                        f"{_item('aead', 4, 'lake-keyak only (see above)')}",
            epilog="Keys, IVs, nonces and associated data are hex on the command line: the digits "
                   "0-9 and a-f, two per byte, no spaces, no 0x (e.g. --key 000102030405060708090a0b0c0d0e0f).\n"
                   "A user error prints one line on stderr and exits with status 2. gcm/ocb/aead "
                   "decryption whose tag does not verify prints 'linecrypt: authentication failed' "
                   "on stderr, exits with status 1 and writes no byte (an --out file is not "
                   "created or is left as it was).")
        s.add_argument("--cipher", required=True, metavar="CIPHER", help="one of the ciphers above")
        s.add_argument("--mode", required=True, metavar="MODE", help="one of the modes above")
        s.add_argument("--key", metavar="HEX", help="the key, hex; its length must be one the cipher takes")
        s.add_argument("--iv", metavar="HEX", help="cbc: the IV; ctr: the initial counter block; "
                                                   "hex, one block")
        s.add_argument("--nonce", metavar="HEX", help="gcm, ocb: the nonce, hex")
        s.add_argument("--aad", metavar="HEX", help="gcm, ocb: associated data, hex")
        s.add_argument("--aad-file", metavar="FILE", help="gcm, ocb: associated data, the raw bytes of FILE")
        s.add_argument("--tag-bytes", type=int, metavar="N", help="gcm, ocb: tag length in bytes")
        _io_options(s, "rtl: the blocks pass through the Verilated core (gcm, ocb: the "
                       "Verilated one-lane engine; built on first use, cached; the default "
                       "where the RTL exists; lake-keyak has none); model: the Python golden model")
    s = sub.add_parser(
        "hash", help="hash: SHA-3, SHAKE, Keccak-256, AES-Hash",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Hash --in (default stdin), write the raw digest to --out (default stdout)."
                    f"\n\nAlgorithms (--alg):\n{_table_help(HASHES)}",
        epilog="A user error prints one line on stderr and exits with status 2.")
    s.add_argument("--alg", required=True, metavar="ALG", help="one of the algorithms above")
    s.add_argument("--out-bytes", type=int, metavar="N",
                   help=f"output length, shake128/shake256 only (required there, 1..{MAX_OUT}); "
                        "for a fixed-size digest it is an error unless it equals the digest size")
    _io_options(s, "rtl: the message passes through the Verilated Keccak sponge "
                   "(ip/keccak/rtl/keccak_sponge.v under cocotb; built on first use, about a "
                   "minute, then cached; the default for sha3-*, shake*, keccak-256); model: the "
                   "Python golden model (the default, and the only back end, for aes-hash)")
    s = sub.add_parser(
        "mac", help="message authentication code: CMAC-AES, Keccak-MAC",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="MAC --in (default stdin) under --key, write the raw tag to --out (default "
                    f"stdout).\n\nAlgorithms (--alg):\n{_table_help(MACS)}",
        epilog="Keys and IVs are hex: the digits 0-9 and a-f, two per byte, no spaces, no 0x. "
               "A user error prints one line on stderr and exits with status 2.")
    s.add_argument("--alg", required=True, metavar="ALG", help="one of the algorithms above")
    s.add_argument("--key", metavar="HEX", help="the key, hex")
    s.add_argument("--iv", metavar="HEX", help="keccak-mac only: the IV, hex, 0..95 bytes (default empty)")
    s.add_argument("--tag-bytes", type=int, metavar="N", help="tag length in bytes (default 16)")
    _io_options(s, "model: the Python golden model (the default; no MAC has an RTL back end "
                   "here, so rtl is an error)")
    s = sub.add_parser(
        "random", help="deterministic random bytes from a seed: keccak-duplex, keccak-prng, "
                       "fortuna",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=textwrap.fill("Write --bytes N bytes generated from --seed to --out "
                                  "(default stdout); the same seed always gives the same bytes "
                                  "(the generators are deterministic: the seed must hold the "
                                  "entropy). --bytes and --reseed may be repeated, in any order "
                                  "after the seed: each --bytes is one request (the outputs are "
                                  "written one after the other), each --reseed adds seed "
                                  "material to the state between the requests around it (so "
                                  "`--seed S --bytes 32 --reseed R --bytes 64` writes 96 bytes).",
                                  88) +
                    f"\n\nAlgorithms (--alg):\n{_table_help(RANDOMS)}",
        epilog="A user error prints one line on stderr and exits with status 2.")
    s.add_argument("--alg", required=True, metavar="ALG", help="one of the algorithms above")
    s.add_argument("--seed", metavar="HEX", help="the seed, hex, at least one byte")
    s.add_argument("--bytes", type=int, metavar="N", action=_Step,
                   help=f"one request: N bytes, 0..{MAX_OUT} (repeatable)")
    s.add_argument("--reseed", metavar="HEX", action=_Step,
                   help="seed material added to the state at this point, hex (repeatable; "
                        "keccak-duplex and fortuna)")
    _io_options(s, "rtl: the session passes through the Verilated LWC front end of the Keccak "
                   "engine (ip/lwc/rtl/lwc_keccak.v at W = 32 under cocotb: PRNG_SEED, "
                   "PRNG_RESEED, PRNG_GEN; built on first use, about a minute, then cached; the "
                   "default for keccak-duplex); model: the Python golden model (the default, "
                   "and the only back end, for keccak-prng and fortuna)", inp=False)
    s = sub.add_parser("synth", help="Yosys + nextpnr-ecp5 (--85k --speed 8) for a design point")
    s.add_argument("--list", action="store_true")
    s.add_argument("--design", action="append", help="a design point (repeat for several)")
    s.add_argument("--all", action="store_true")
    s.add_argument("--jobs", type=int, default=1, help="design points run side by side (default 1)")
    s.add_argument("--json", action="store_true")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--seeds", help="comma-separated nextpnr seeds: one netlist placed with each "
                                   "(with --write-results: docs/results/seeds/<design>.json, and "
                                   "seed 1's run as docs/results/<design>.json); a seed already "
                                   "placed from the same netlist is not placed again")
    s.add_argument("--placer", choices=PLACERS,
                   help="nextpnr-ecp5 placer (default: the design point's own, see its JSON)")
    s.add_argument("--fit", action="store_true",
                   help="Yosys and nextpnr packing only: does the point fit the ECP5-85F? (with "
                        "--write-results: docs/results/fit/<design>.json)")
    s.add_argument("--write-results", action="store_true", help="store docs/results/<design>.json")
    s.add_argument("--update-readme", action="store_true", help="rewrite README.md, docs/results.md and docs/img/ from the JSON")
    s = sub.add_parser("bench", help="sustained bits/cycle and cycles per message in simulation")
    s.add_argument("--design", required=True)
    s.add_argument("--json", action="store_true")
    s = sub.add_parser("link", help="client traffic through the link encryptor: transmit -> line -> receive",
                       description="Send client Ethernet frames (a pcap, or generated frames of mixed "
                                   "sizes 64..9000 bytes) over N channels through the link "
                                   "transmitter, the line (with optional faults) and the receiver, "
                                   "and print a summary. Exit 0 when the result is what the faults "
                                   "allow (nothing corrupted delivered; without faults, or with "
                                   "skew, dup or lose-sync, every frame delivered in order), 1 "
                                   "otherwise. line_bits_per_cycle is client bits delivered per "
                                   "line word slot (512 bits); latency_cycles counts line word "
                                   "slots from a frame's arrival to its delivery.")
    s.add_argument("--in", dest="inp", metavar="PCAP", help="replay this pcap (default: generated frames)")
    s.add_argument("--channels", type=int, default=10, metavar="N", help="client channels, 1..16 (default 10)")
    s.add_argument("--frames", type=int, default=200, metavar="COUNT",
                   help="generated client frames (default 200; ignored with --in)")
    s.add_argument("--frame-bytes", type=int, metavar="LEN",
                   help="every generated client frame LEN bytes, 64..9000 (default: a mix of 64..9000)")
    s.add_argument("--frame-words", type=int, default=64, metavar="K",
                   help="64-byte words per data frame, 2..1024 (default 64; the RTL default is 256)")
    s.add_argument("--sync-period", type=int, metavar="FRAMES",
                   help="data frames between sync frames (default: one per ms of line time)")
    s.add_argument("--cipher", choices=("gcm-aes", "ocb-serpent"), default="gcm-aes",
                   help="AES-128-GCM or OCB3-Serpent-128 (default gcm-aes)")
    s.add_argument("--fault", choices=("flip", "drop", "dup", "reorder", "skew", "forge", "lose-sync"),
                   help="fault on the line: a bit flip, a dropped, duplicated or reordered data frame, "
                        "lanes skewed (up to 32 blocks) and reordered, a forged frame with a "
                        "valid-looking header, a lost sync frame")
    s.add_argument("--fault-rate", type=float, default=0.05, metavar="R",
                   help="fraction of data frames (lose-sync: sync frames) hit, 0..1 (default 0.05)")
    s.add_argument("--seed", type=int, default=1, help="traffic, key and fault seed (default 1)")
    s.add_argument("--json", action="store_true", help="one JSON object instead of the text summary")
    s.add_argument("--backend", choices=("rtl", "model"), default="model",
                   help="model (default): the Python model of the line format and both ends; "
                        "rtl: the whole link in Verilator (link_system_tb with the fixture's "
                        "fixed lane skew; no reorder fault; each new --channels/--frame-words/"
                        "--cipher builds the model once, ~15 minutes; then two dozen frames take "
                        "about 30 s), so not the default")
    sub.add_parser("demo", help="encrypt and decrypt a real file through the RTL, check, show figures")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command in ("encrypt", "decrypt"):
            return cmd_crypt(args, args.command == "decrypt")
        if args.command == "hash":
            return cmd_hash(args)
        if args.command == "mac":
            return cmd_mac(args)
        if args.command == "random":
            return cmd_random(args)
        if args.command == "synth":
            return cmd_synth(args)
        if args.command == "bench":
            return cmd_bench(args)
        if args.command == "link":
            return cmd_link(args)
        if args.command == "demo":
            return cmd_demo(args)
    except (UsageError, OutputError) as e:
        print(f"linecrypt: {e}", file=sys.stderr)
        return 2
    except AuthenticationFailed:
        print("linecrypt: authentication failed", file=sys.stderr)
        return 1
    except RuntimeError as e:      # a tool run failed (synth): one line, details in its log
        print(f"linecrypt: {(str(e).splitlines() or ['failed'])[0]}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 1
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
