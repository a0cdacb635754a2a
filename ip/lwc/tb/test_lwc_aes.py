# SPDX-License-Identifier: Apache-2.0
"""The LWC-style front end of the AES engine (ip/lwc/rtl/lwc_aes.v) under cocotb + Verilator:
cocotb_lwc_aes (AES-Hash, AES-CMAC and AES-GCM against pycryptodome, Fortuna against a
pycryptodome/hashlib generator, keys, empty parts, the GCM buffers' limits, back-to-back
operations, malformed input, the Keccak engine's ALGs on every opcode, a control-word fuzz,
random operation sequences and reset mid-operation, all against the engine model
EngineModel(Engine.AES, W, aead_limits=...)). W = 32 with small GCM buffers by default; `slow`
adds W = 32 and 128 with the RTL's default buffers, longer sweeps, an output over one DO
segment and the build without AES-GCM (GCM = 0)."""
import os
import subprocess
import sys

import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb

# the RTL's defaults, spelled out: the bench's engine model takes the same buffer limits
GCM_PARAMS = {"GCM": 1, "GCM_MSG": 4096, "GCM_SEGS": 64}
# the default run's build: small GCM buffers, so their limits are reached in few clocks (the
# `slow` runs take the RTL's defaults)
GCM_SMALL = {"GCM": 1, "GCM_MSG": 512, "GCM_SEGS": 16}


def kat_sets(tmp_path, width, gcm=True):
    """KAT sets (AES-Hash, AES-CMAC, Fortuna, and AES-GCM ENC and DEC) written by the KAT
    generator's command line."""
    out = []
    runs = [("hash", "aes-hash", "0,1,31,32,33,100", "0"),
            ("mac", "aes-cmac", "0,1,16,17,64", "0"),
            ("prng", "fortuna", "0,1,16,40", "0")]
    if gcm:
        runs += [("enc", "aes-gcm", "0,1,16,17,100", "0,16,33"),
                 ("dec", "aes-gcm", "0,5,48", "0,7")]
    for op, alg, lens, ad_lens in runs:
        d = tmp_path / f"kat-{op}-{alg}-w{width}"
        subprocess.run([sys.executable, "-m", "linecrypt.lwc.kat", "--op", op, "--alg", alg,
                        "--msg-lens", lens, "--ad-lens", ad_lens, "--width", str(width),
                        "--max-seg", "32", "--out", str(d)], check=True)
        out.append(str(d))
    return os.pathsep.join(out)


def test_lwc_aes(tmp_path):
    run_cocotb("lwc_aes", sources_for("lwc_aes"), {"W": 32, **GCM_SMALL}, "cocotb_lwc_aes",
               tb_params={"KAT": kat_sets(tmp_path, 32)})


@pytest.mark.slow
@pytest.mark.parametrize("width", [32, 128])
def test_lwc_aes_default_buffers(width, tmp_path):
    run_cocotb("lwc_aes", sources_for("lwc_aes"), {"W": width, **GCM_PARAMS}, "cocotb_lwc_aes",
               tb_params={"KAT": kat_sets(tmp_path, width)})


@pytest.mark.slow
@pytest.mark.parametrize("width", [32, 128])
def test_lwc_aes_long(width):
    """Every hash length 0..129, AES-GCM at every message length 0..49, 150 random operations,
    60 fuzz rounds, a RANDOM output over one DO segment."""
    for tc in ("test_hash", "test_gcm", "test_gcm_limits", "test_random_operations",
               "test_fuzz_control_words", "test_long_output"):
        run_cocotb("lwc_aes", sources_for("lwc_aes"), {"W": width, **GCM_PARAMS},
                   "cocotb_lwc_aes", testcase=tc, tb_params={"SLOW": 1})


@pytest.mark.slow
def test_lwc_aes_without_gcm(tmp_path):
    """The build without AES-GCM (GCM = 0): ENC/DEC answer BAD_INSTRUCTION as
    EngineModel(..., without={Alg.AES_GCM}); everything else as in the full build."""
    run_cocotb("lwc_aes", sources_for("lwc_aes"), {"W": 32, "GCM": 0}, "cocotb_lwc_aes",
               tb_params={"KAT": kat_sets(tmp_path, 32, gcm=False)})
