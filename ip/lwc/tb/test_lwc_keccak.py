# SPDX-License-Identifier: Apache-2.0
"""The LWC-style front end of the Keccak engine (ip/lwc/rtl/lwc_keccak.v) under cocotb +
Verilator: cocotb_lwc_keccak (every hash, SHAKE with LENGTH, Keccak-MAC, the keccak-duplex
PRNG, malformed input and the AES engine's ALGs on every opcode against the engine model, reset
mid-operation) and cocotb_lwc_keyak (Lake Keyak ENC/DEC: lengths across the Motorist's
boundaries, the Keccak team's transcript, tampered inputs, malformed input and the buffers'
limits, a control-word fuzz, reset), plus KAT sets written by `python -m linecrypt.lwc.kat`.
W = 32 by default; `slow` adds W = 128, every transcript session, outputs over one DO segment,
longer fuzz runs and the build without Lake Keyak and the PRNG (KEYAK = 0, PRNG = 0)."""
import os
import subprocess
import sys

import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb

# the RTL's defaults, spelled out: the benches' engine model takes the same buffer limits
KEYAK_PARAMS = {"KEYAK": 1, "KEYAK_AD": 2048, "KEYAK_MSG": 4096, "KEYAK_SEGS": 64}
MODULES = ["cocotb_lwc_keccak", "cocotb_lwc_keyak"]


def kat_sets(tmp_path, width, keyak=True, prng=True):
    """KAT sets (SHA3-256, Keccak-MAC, keccak-duplex, Lake Keyak ENC and DEC) written by the KAT
    generator's command line."""
    out = []
    runs = [("hash", "sha3-256", "0,1,135,136,137,300", "0"),
            ("mac", "keccak-mac", "0,1,136,200", "0")]
    if prng:
        runs += [("prng", "keccak-duplex", "0,1,136,137", "0")]
    if keyak:
        runs += [("enc", "lake-keyak", "0,1,167,168,169,400", "0,24,193"),
                 ("dec", "lake-keyak", "0,5,336", "0,7")]
    for op, alg, lens, ad_lens in runs:
        d = tmp_path / f"kat-{op}-{alg}-w{width}"
        subprocess.run([sys.executable, "-m", "linecrypt.lwc.kat", "--op", op, "--alg", alg,
                        "--msg-lens", lens, "--ad-lens", ad_lens, "--width", str(width),
                        "--max-seg", "64", "--out", str(d)], check=True)
        out.append(str(d))
    return os.pathsep.join(out)


@pytest.mark.xdist_group("lwc-keccak-w32")   # the CLI's `random --backend rtl` uses this build
@pytest.mark.parametrize("width", [32, pytest.param(128, marks=pytest.mark.slow)])
def test_lwc_keccak(width, tmp_path):
    run_cocotb("lwc_keccak", sources_for("lwc_keccak"), {"W": width, "RPC": 1, **KEYAK_PARAMS},
               MODULES, tb_params={"KAT": kat_sets(tmp_path, width)})


@pytest.mark.slow
@pytest.mark.parametrize("width", [32, 128])
def test_lwc_keccak_long(width):
    """Outputs over one DO segment, longer fuzz runs, every CAESAR-API session of the Lake Keyak
    transcript."""
    params = {"W": width, "RPC": 1, **KEYAK_PARAMS}
    for module, tc in (("cocotb_lwc_keccak", "test_long_output"),
                       ("cocotb_lwc_keccak", "test_fuzz_control_words"),
                       ("cocotb_lwc_keyak", "test_keyak_transcript"),
                       ("cocotb_lwc_keyak", "test_keyak_fuzz")):
        run_cocotb("lwc_keccak", sources_for("lwc_keccak"), params, module, testcase=tc,
                   tb_params={"SLOW": 1})


@pytest.mark.slow
def test_lwc_keccak_hash_only(tmp_path):
    """The build without Lake Keyak and the PRNG (KEYAK = 0, PRNG = 0): ENC/DEC and PRNG_*
    answer BAD_INSTRUCTION as EngineModel(..., without={Alg.LAKE_KEYAK, Alg.KECCAK_DUPLEX});
    everything else as in the full build."""
    run_cocotb("lwc_keccak", sources_for("lwc_keccak"),
               {"W": 32, "RPC": 1, "KEYAK": 0, "PRNG": 0}, MODULES,
               tb_params={"KAT": kat_sets(tmp_path, 32, keyak=False, prng=False)})
