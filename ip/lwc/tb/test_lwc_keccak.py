# SPDX-License-Identifier: Apache-2.0
"""The LWC-style front end of the Keccak engine (ip/lwc/rtl/lwc_keccak.v) under cocotb +
Verilator (cocotb_lwc_keccak) at W = 32 and 128: every hash, SHAKE with LENGTH, Keccak-MAC, the
PRNG instructions, malformed input against the engine model, reset mid-operation, and a KAT set
written by `python -m linecrypt.lwc.kat`. `slow` adds more fuzz rounds."""
import subprocess
import sys

import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


def kat_set(tmp_path, width):
    out = tmp_path / f"kat-w{width}"
    subprocess.run([sys.executable, "-m", "linecrypt.lwc.kat", "--op", "hash", "--alg",
                    "sha3-256", "--msg-lens", "0,1,135,136,137,300", "--width", str(width),
                    "--max-seg", "64", "--out", str(out)], check=True)
    return out


@pytest.mark.parametrize("width", [32, 128])
def test_lwc_keccak(width, tmp_path):
    run_cocotb("lwc_keccak", sources_for("lwc_keccak"), {"W": width, "RPC": 1},
               "cocotb_lwc_keccak", tb_params={"KAT": str(kat_set(tmp_path, width))})


@pytest.mark.slow
@pytest.mark.parametrize("width", [32, 128])
def test_lwc_keccak_fuzz_long(width):
    run_cocotb("lwc_keccak", sources_for("lwc_keccak"), {"W": width, "RPC": 1},
               "cocotb_lwc_keccak", testcase="test_fuzz_control_words", tb_params={"SLOW": 1})
