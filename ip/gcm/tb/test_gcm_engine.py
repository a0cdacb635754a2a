# SPDX-License-Identifier: Apache-2.0
"""The GCM engine (ip/gcm/rtl/gcm_engine.v) against pycryptodome / pyca AES-GCM and Botan
Serpent/GCM (linecrypt.oracles.aead) through the shared AEAD bench: cocotb_gcm_engine.

Each build runs every test of the cocotb module (lengths and tags, IV lengths, tampering,
malformed messages, key slots and reloads, reset, back-to-back timing, random traffic). The
Verilator builds of the engines are slow on a small machine: the default run builds AES-128
with two lanes under HOLD and block-RAM S-boxes (the synthesized GCM point's lanes; the CLI
tests run the one-lane engine through the harness); the other builds are `slow`.
"""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb

BUILDS = {
    "aes128-l1": ({"CIPHER": 0, "KEY_BITS": 128, "LANES": 1}, 40, True),
    "aes128-l2-hold-sboxbram": ({"CIPHER": 0, "KEY_BITS": 128, "LANES": 2, "HOLD": 1,
                                 "SBOX_COPIES": 1, "SBOX_BRAM": 1}, 40, False),
    "aes256-l2-sidebram": ({"CIPHER": 0, "KEY_BITS": 256, "LANES": 2, "SIDE_BRAM": 1}, 60, True),
    "serpent128-l1": ({"CIPHER": 1, "KEY_BITS": 128, "LANES": 1}, 40, True),
    "aes128-l4": ({"CIPHER": 0, "KEY_BITS": 128, "LANES": 4, "NSLOTS": 4}, 60, True),
}


def _case(name):
    params, count, slow = BUILDS[name]
    return pytest.param(name, marks=pytest.mark.slow, id=name) if slow else pytest.param(name, id=name)


@pytest.mark.parametrize("build", [_case(n) for n in BUILDS])
def test_gcm_engine(build):
    params, count, _ = BUILDS[build]
    params = {"NSLOTS": 2, "ID_W": 8, **params}
    run_cocotb("gcm_engine", sources_for("gcm_engine"), params, "cocotb_gcm_engine",
               tb_params={"COUNT": count})
