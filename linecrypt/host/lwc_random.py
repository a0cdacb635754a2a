# SPDX-License-Identifier: Apache-2.0
"""The CLI's `linecrypt random --alg keccak-duplex --backend rtl`: a PRNG session through the
Verilated LWC front end of the Keccak engine (ip/lwc/rtl/lwc_keccak.v, W = 32, RPC = 1, the
build ip/lwc's own test uses) under cocotb.

The session (seed, reseeds, requests) goes to the simulation in a JSON file named in the
environment; the bytes of the RANDOM segments on DO come back in another
(linecrypt/host/cocotb_lwc_random.py). The simulator's output goes to a log file, never to
stdout; the model is built on first use (about a minute) and cached under build/sim/."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from linecrypt import BUILD

# ip/lwc/tb/test_lwc_keccak.py's W = 32 parameters, so the two share one build
PARAMS = {"W": 32, "RPC": 1, "KEYAK": 1, "KEYAK_AD": 2048, "KEYAK_MSG": 4096, "KEYAK_SEGS": 64}


class PrngRTLError(RuntimeError):
    """The build or the simulation failed; the message names the log."""


def prng_rtl(steps: list[tuple[str, bytes | int]]) -> bytes:
    """The RANDOM bytes of a keccak-duplex session run by the RTL: steps ``("seed", bytes)``,
    ``("reseed", bytes)``, ``("gen", n)`` as :func:`linecrypt.lwc.protocol.prng_transaction`
    takes them; the outputs of the ``gen`` steps, joined."""
    from linecrypt.designs import sources_for
    from linecrypt.host.sim import run_cocotb

    logs = BUILD / "sim" / "cli-logs"
    logs.mkdir(parents=True, exist_ok=True)
    log = logs / f"lwc_keccak-random-{os.getpid()}.log"
    with tempfile.TemporaryDirectory(prefix="linecrypt-random-") as tmp:
        src, dst = Path(tmp) / "steps.json", Path(tmp) / "random.bin"
        src.write_text(json.dumps([[k, a.hex() if isinstance(a, bytes) else a]
                                   for k, a in steps]))
        try:
            run_cocotb("lwc_keccak", sources_for("lwc_keccak"), PARAMS,
                       "linecrypt.host.cocotb_lwc_random", log_file=log,
                       extra_env={"LC_RANDOM_STEPS": str(src), "LC_RANDOM_OUT": str(dst)})
            out = dst.read_bytes()
        except Exception as e:
            raise PrngRTLError(f"the lwc_keccak simulation failed ({type(e).__name__}: "
                               f"{(str(e).splitlines() or [''])[0]}); see {log}") from None
    log.unlink(missing_ok=True)
    return out
