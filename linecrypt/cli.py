# SPDX-License-Identifier: Apache-2.0
"""The `linecrypt` command (contract: ../shared/CLI.md)."""
from __future__ import annotations

import argparse
import json
import os
import sys

from linecrypt.ciphers import CIPHERS
from linecrypt.designs import PLACERS

AEAD_MODES = ("gcm", "ocb")
MODES = ("ecb", "cbc", "ctr") + AEAD_MODES


class UsageError(Exception):
    """A user mistake: one line on stderr, exit status 2, nothing on stdout."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):   # one line, not usage + message
        raise UsageError(message)


def _hex(name: str, value: str | None) -> bytes | None:
    if value is None:
        return None
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise UsageError(f"--{name} is not a valid hex string") from None


def _read_input(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise UsageError(f"cannot read input file {path}: {e.strerror}") from None


def _write_output(path: str, data: bytes) -> None:
    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    tmp = f"{path}.linecrypt-tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError as e:
        raise UsageError(f"cannot write output file {path}: {e.strerror}") from None


def _cipher_help() -> str:
    lines = []
    for c in CIPHERS.values():
        rtl = "rtl+model" if c.rtl else "model"
        note = f"; {c.note}" if c.note else ""
        lines.append(f"{c.name} (key {'/'.join(str(k) for k in c.key_bytes)} bytes, "
                     f"{8 * c.block_bytes}-bit block, {rtl}{note})")
    return "; ".join(lines)


def cmd_crypt(args, decrypt: bool) -> int:
    from linecrypt.models import modes

    spec = CIPHERS.get(args.cipher)
    if spec is None:
        raise UsageError(f"unknown cipher {args.cipher!r} (choose from {', '.join(CIPHERS)})")
    if args.mode not in MODES:
        raise UsageError(f"unknown mode {args.mode!r} (choose from {', '.join(MODES)})")
    if args.mode in AEAD_MODES:
        raise UsageError(f"mode {args.mode} is not available in this version yet")
    if args.key is None:
        raise UsageError("--key is required")
    key = _hex("key", args.key)
    if len(key) not in spec.key_bytes:
        raise UsageError(f"{spec.name} needs a key of {' or '.join(str(k) for k in spec.key_bytes)} "
                         f"bytes, got {len(key)}")
    iv = _hex("iv", args.iv)
    if args.mode in ("cbc", "ctr"):
        if iv is None:
            raise UsageError(f"{args.mode} needs --iv ({spec.block_bytes} bytes)")
        if len(iv) != spec.block_bytes:
            raise UsageError(f"--iv must be {spec.block_bytes} bytes for {spec.name}, got {len(iv)}")
    elif iv is not None:
        raise UsageError("ecb takes no --iv")
    backend = args.backend or ("rtl" if spec.rtl else "model")
    if backend == "rtl" and not (spec.rtl and len(key) in spec.rtl):
        raise UsageError(f"no RTL back end for {spec.name} yet; use --backend model")
    data = _read_input(args.inp)
    if args.mode in ("ecb", "cbc") and len(data) % spec.block_bytes:
        raise UsageError(f"{args.mode} input length {len(data)} is not a multiple of the "
                         f"{spec.block_bytes}-byte block")
    if backend == "rtl":
        from linecrypt.host.rtl_device import RTLBlockCipher
        enc_d, dec_d = spec.rtl[len(key)]
        cipher = RTLBlockCipher(enc_d, dec_d, spec.rtl_key(key) if spec.rtl_key else key)
        try:
            out = modes.crypt(cipher, args.mode, decrypt, data, iv,
                              batch_enc=cipher.batch_encrypt, batch_dec=cipher.batch_decrypt)
        finally:
            cipher.close()
    else:
        out = modes.crypt(spec.model(key), args.mode, decrypt, data, iv)
    _write_output(args.out, out)
    return 0


def cmd_synth(args) -> int:
    from linecrypt.designs import DESIGNS
    from linecrypt.flows import synth

    if args.list:
        for name, d in DESIGNS.items():
            print(f"{name:24s} {d.description}")
        return 0
    if args.update_readme:
        synth.update_readme()
        return 0
    names = list(DESIGNS) if args.all else (args.design or [])
    if not names:
        raise UsageError("give --design NAME, --all or --list")
    for n in names:
        if n not in DESIGNS:
            raise UsageError(f"unknown design {n!r} (see `linecrypt synth --list`)")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.write_results and args.placer and any(args.placer != DESIGNS[n].placer for n in names):
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
    from linecrypt.designs import DESIGNS
    from linecrypt.flows import bench

    if args.design not in DESIGNS:
        raise UsageError(f"unknown design {args.design!r} (see `linecrypt synth --list`)")
    r = bench.run(args.design)
    if args.json:
        print(json.dumps(r, sort_keys=True))
    else:
        print(bench.format_text(r))
    return 0


def cmd_demo(args) -> int:
    from linecrypt.flows import demo
    return demo.main()


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="linecrypt", description="LineCrypt: line-rate FPGA crypto cores, models and flows")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in ("encrypt", "decrypt"):
        s = sub.add_parser(name, help=f"{name} with a block cipher in ecb/cbc/ctr",
                           description=f"Ciphers: {_cipher_help()}. Modes: ecb and cbc take whole blocks "
                                       "(no padding); ctr increments the whole counter block as one "
                                       "big-endian integer (SP 800-38A).")
        s.add_argument("--cipher", required=True)
        s.add_argument("--mode", required=True)
        s.add_argument("--key")
        s.add_argument("--iv")
        s.add_argument("--in", dest="inp", default="-")
        s.add_argument("--out", default="-")
        s.add_argument("--backend", choices=("rtl", "model"),
                       help="rtl: blocks pass through the Verilated core (default where it exists)")
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
    s.add_argument("--update-readme", action="store_true", help="regenerate the README results table")
    s = sub.add_parser("bench", help="sustained bits/cycle and cycles per message in simulation")
    s.add_argument("--design", required=True)
    s.add_argument("--json", action="store_true")
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
        if args.command == "demo":
            return cmd_demo(args)
    except UsageError as e:
        print(f"linecrypt: {e}", file=sys.stderr)
        return 2
    except RuntimeError as e:      # a tool run failed (synth): one line, details in its log
        print(f"linecrypt: {(str(e).splitlines() or ['failed'])[0]}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 1
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
