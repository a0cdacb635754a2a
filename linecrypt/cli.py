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
    if args.aad is not None and args.aad_file is not None:
        raise UsageError("give --aad or --aad-file, not both")
    ad = _hex("--aad", args.aad) or b""
    if args.aad_file is not None:
        try:
            with open(args.aad_file, "rb") as f:
                ad = f.read()
        except OSError as e:
            raise UsageError(f"cannot read associated data file {args.aad_file}: {e.strerror}") from None
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

    spec = CIPHERS.get(args.cipher)
    if spec is None:
        raise UsageError(f"unknown cipher {args.cipher!r} (choose from {', '.join(CIPHERS)})")
    mode = MODES.get(args.mode)
    if mode is None:
        raise UsageError(f"unknown mode {args.mode!r} (choose from {', '.join(MODES)})")
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
                            pcap=args.inp)
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


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="linecrypt", description="LineCrypt: line-rate FPGA crypto cores, models and flows")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in ("encrypt", "decrypt"):
        s = sub.add_parser(
            name, help=f"{name} with a block cipher (ecb, cbc, ctr, gcm, ocb)",
            formatter_class=argparse.RawDescriptionHelpFormatter,
            description=f"{name.capitalize()} --in (default stdin) to --out (default stdout), raw bytes.\n\n"
                        f"Ciphers (--cipher):\n{_cipher_help()}\n\nModes (--mode):\n{_mode_help()}",
            epilog="Keys, IVs, nonces and associated data are hex on the command line: the digits "
                   "0-9 and a-f, two per byte, no spaces, no 0x (e.g. --key 000102030405060708090a0b0c0d0e0f).\n"
                   "A user error prints one line on stderr and exits with status 2. gcm/ocb "
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
        s.add_argument("--in", dest="inp", default="-", metavar="FILE", help="input file (default -, stdin)")
        s.add_argument("--out", default="-", metavar="FILE",
                       help="output file (default -, stdout). A regular file is replaced whole or "
                            "not at all (a symlink's target is replaced, the link stays); a FIFO, "
                            "device, /dev/stdout or /dev/fd/N is written through")
        s.add_argument("--backend", choices=("rtl", "model"),
                       help="rtl: the blocks pass through the Verilated core (gcm, ocb: the "
                            "Verilated one-lane engine; built on first use, cached; the default "
                            "where the RTL exists); model: the Python golden model")
        s.add_argument("-v", "--verbose", action="store_true",
                       help="print the back end and design point used on stderr")
    s = sub.add_parser("synth", help="Yosys + nextpnr-ecp5 (--85k --speed 8) for a design point")
    s.add_argument("--list", action="store_true")
    s.add_argument("--design", action="append", help="a design point (repeat for several)")
    s.add_argument("--all", action="store_true")
    s.add_argument("--jobs", type=int, default=1, help="design points run side by side (default 1)")
    s.add_argument("--json", action="store_true")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--seeds", help="comma-separated nextpnr seeds: one netlist placed with each "
                                   "(with --write-results: docs/results/seeds/<design>.json, and "
                                   "seed 1's run as docs/results/<design>.json)")
    s.add_argument("--placer", choices=PLACERS,
                   help="nextpnr-ecp5 placer (default: the design point's own, see its JSON)")
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
                        "rtl: the whole link in Verilator (link_system_tb: --channels 4 "
                        "--frame-words 8 only, the fixture's fixed lane skew; no reorder fault; "
                        "the first run builds the model, ~15 minutes; then two dozen frames take "
                        "about 30 s), so not the default")
    sub.add_parser("demo", help="encrypt and decrypt a real file through the RTL, check, show figures")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command in ("encrypt", "decrypt"):
            return cmd_crypt(args, args.command == "decrypt")
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
