# SPDX-License-Identifier: Apache-2.0
"""The LWC-style front end of the Keccak engine (ip/lwc/rtl/lwc_keccak.v) under cocotb +
Verilator (cocotb_lwc_keccak) at W = 32 and 128: every hash, SHAKE with LENGTH, Keccak-MAC, the
PRNG instructions, malformed input against the engine model, reset mid-operation, and a KAT set
written by `python -m linecrypt.lwc.kat`. W = 32 by default; `slow` adds W = 128, outputs
over one DO segment and more fuzz rounds."""
import os
import subprocess
import sys

import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


def kat_sets(tmp_path, width):
    """Two KAT sets (SHA3-256 and Keccak-MAC) written by the KAT generator's command line."""
    out = []
    for op, alg, lens in (("hash", "sha3-256", "0,1,135,136,137,300"),
                          ("mac", "keccak-mac", "0,1,136,200")):
        d = tmp_path / f"kat-{alg}-w{width}"
        subprocess.run([sys.executable, "-m", "linecrypt.lwc.kat", "--op", op, "--alg", alg,
                        "--msg-lens", lens, "--width", str(width), "--max-seg", "64",
                        "--out", str(d)], check=True)
        out.append(str(d))
    return os.pathsep.join(out)


@pytest.mark.parametrize("width", [32, pytest.param(128, marks=pytest.mark.slow)])
def test_lwc_keccak(width, tmp_path):
    run_cocotb("lwc_keccak", sources_for("lwc_keccak"), {"W": width, "RPC": 1},
               "cocotb_lwc_keccak", tb_params={"KAT": kat_sets(tmp_path, width)})


@pytest.mark.slow
@pytest.mark.parametrize("width", [32, 128])
def test_lwc_keccak_long(width):
    """Outputs over one DO segment and a longer fuzz."""
    for tc in ("test_long_output", "test_fuzz_control_words"):
        run_cocotb("lwc_keccak", sources_for("lwc_keccak"), {"W": width, "RPC": 1},
                   "cocotb_lwc_keccak", testcase=tc, tb_params={"SLOW": 1})
