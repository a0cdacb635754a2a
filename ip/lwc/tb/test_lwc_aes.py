# SPDX-License-Identifier: Apache-2.0
"""The LWC-style front end of the AES engine (ip/lwc/rtl/lwc_aes.v) under cocotb + Verilator:
cocotb_lwc_aes (AES-Hash, AES-CMAC against pycryptodome, Fortuna against a pycryptodome/hashlib
generator, keys, empty parts, back-to-back operations, malformed input, a control-word fuzz,
random operation sequences and reset mid-operation, all against the engine model
EngineModel(Engine.AES, W, without={Alg.AES_GCM})). W = 32 by default; `slow` adds W = 128,
longer sweeps and an output over one DO segment."""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


@pytest.mark.parametrize("width", [32, pytest.param(128, marks=pytest.mark.slow)])
def test_lwc_aes(width):
    run_cocotb("lwc_aes", sources_for("lwc_aes"), {"W": width}, "cocotb_lwc_aes")


@pytest.mark.slow
@pytest.mark.parametrize("width", [32, 128])
def test_lwc_aes_long(width):
    """Every hash length 0..129, 150 random operations, 60 fuzz rounds, a RANDOM output over one
    DO segment."""
    for tc in ("test_hash", "test_random_operations", "test_fuzz_control_words",
               "test_long_output"):
        run_cocotb("lwc_aes", sources_for("lwc_aes"), {"W": width}, "cocotb_lwc_aes",
                   testcase=tc, tb_params={"SLOW": 1})
