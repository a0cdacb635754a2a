# SPDX-License-Identifier: Apache-2.0
"""CBC-encryption stream interleaver (ip/modes/rtl/cbc_encrypt_interleave.v) under cocotb + Verilator.

Checked against pycryptodome CBC over whole messages (several streams interleaved, random
stalls, IVs loaded while the previous message is in flight, an empty key slot, a reset while
streams are in flight, key slots reloaded between messages and while other streams run). The
throughput test logs blocks/cycle for 1 .. NSTREAMS streams and writes cbc_throughput.json into
the simulation build directory (build/sim/cbc_encrypt_interleave-*/).
"""
import pytest

from linecrypt.designs import DESIGNS, sources_for
from linecrypt.host.sim import run_cocotb


def run_cbc(design: str | None = None, params: dict | None = None, cipher: str | None = None):
    if design is not None:
        d = DESIGNS[design]
        params, cipher = dict(d.params), d.cipher
    run_cocotb("cbc_encrypt_interleave", sources_for("cbc_encrypt_interleave"), params,
               "cocotb_cbc_interleave", tb_params={"LC_CIPHER": cipher})


# the synthesis design point: 3DES, 64 streams (>= LATENCY + 5 = 54)
def test_cbc_3des_design_point():
    run_cbc("3des-cbc-enc-x64")


@pytest.mark.slow
def test_cbc_des_design_point():
    run_cbc("des-cbc-enc-x32")


@pytest.mark.slow
def test_cbc_des_two_stage_rounds():
    run_cbc(params={"CORE": 0, "TRIPLE": 0, "KEY_BITS": 64, "STAGES": 2, "NSLOTS": 2,
                    "NSTREAMS": 64, "USER_WIDTH": 4}, cipher="des")


@pytest.mark.slow
def test_cbc_aes128_core():
    """The same wrapper around aes_core (generic over the block size)."""
    run_cbc(params={"CORE": 1, "KEY_BITS": 128, "STAGES": 1, "NSLOTS": 4, "NSTREAMS": 16,
                    "USER_WIDTH": 8}, cipher="aes")
