# SPDX-License-Identifier: Apache-2.0
"""The CLI's `linecrypt hash --backend rtl`: a message through the Verilated Keccak sponge
(ip/keccak/rtl/keccak_sponge.v, one round per clock) under cocotb.

The model is built by :func:`linecrypt.host.sim.run_cocotb` on first use (about a minute) and
cached under build/sim/keccak_sponge-*, the build the IP's own test uses. The message and the
digest pass through files named in the environment (linecrypt/host/cocotb_keccak_hash.py); the
simulator's output goes to a log file, never to stdout."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from linecrypt import BUILD

PARAMS = {"RPC": 1}


class SpongeRTLError(RuntimeError):
    """The build or the simulation failed; the message names the log."""


def sponge_rtl(msg: bytes, rate: int, suffix: int, out_len: int) -> bytes:
    """Keccak[r = 8 * rate, c = 1600 - r] with the domain suffix ``suffix`` (as
    :func:`linecrypt.models.keccak.sponge`, 24 rounds) of ``msg``, ``out_len`` bytes, computed
    by the RTL."""
    from linecrypt.designs import sources_for
    from linecrypt.host.sim import run_cocotb

    logs = BUILD / "sim" / "cli-logs"
    logs.mkdir(parents=True, exist_ok=True)
    log = logs / f"keccak_sponge-{os.getpid()}.log"
    with tempfile.TemporaryDirectory(prefix="linecrypt-hash-") as tmp:
        src, dst = Path(tmp) / "msg.bin", Path(tmp) / "digest.bin"
        src.write_bytes(msg)
        try:
            run_cocotb("keccak_sponge", sources_for("keccak_sponge"), PARAMS,
                       "linecrypt.host.cocotb_keccak_hash", log_file=log,
                       extra_env={"LC_HASH_IN": str(src), "LC_HASH_OUT": str(dst),
                                  "LC_HASH_CMD": f"{rate} {suffix} {out_len}"})
            out = dst.read_bytes()
        except Exception as e:
            raise SpongeRTLError(f"the keccak_sponge simulation failed ({type(e).__name__}: "
                                 f"{(str(e).splitlines() or [''])[0]}); see {log}") from None
    log.unlink(missing_ok=True)
    return out
