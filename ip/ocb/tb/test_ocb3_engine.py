# SPDX-License-Identifier: Apache-2.0
"""The OCB3 engine (ip/ocb/rtl/ocb3_engine.v) against pycryptodome / pyca AES-OCB and Botan
Serpent/OCB (linecrypt.oracles.aead) through the shared AEAD bench: cocotb_ocb3_engine.

Each build is about a minute of Verilator compile, so the default run takes one-lane AES
decryption and one-lane Serpent encryption; the two- and four-lane offset generators have their
own bench (test_ocb3_bricks.py), the CLI tests run the one-lane AES engines through the harness
and the GCM tests the release-hold buffer. The others, HOLD among them, run with `-m slow`."""
import pytest

from linecrypt.host.sim import run_cocotb
from linecrypt.ipcores import ip_files

slow = pytest.mark.slow
BUILDS = [
    ("aes128-l1-enc", {"CIPHER": 0, "LANES": 1, "DECRYPT": 0}, slow),
    ("aes128-l2-dec", {"CIPHER": 0, "LANES": 2, "DECRYPT": 1}, slow),
    ("aes128-l1-dec-hold", {"CIPHER": 0, "LANES": 1, "DECRYPT": 1, "HOLD": 1}, slow),
    ("serpent128-l1-enc", {"CIPHER": 1, "LANES": 1, "DECRYPT": 0}, ()),
    ("aes128-l1-dec", {"CIPHER": 0, "LANES": 1, "DECRYPT": 1}, ()),
    ("aes128-l2-enc", {"CIPHER": 0, "LANES": 2, "DECRYPT": 0}, slow),
    ("aes128-l4-enc", {"CIPHER": 0, "LANES": 4, "DECRYPT": 0}, slow),
]


@pytest.mark.parametrize("params", [pytest.param(p, id=n, marks=m) for n, p, m in BUILDS])
def test_ocb3_engine(params):
    params = {"KEY_BITS": 128, **params, "NSLOTS": 2, "ID_W": 8}
    run_cocotb("ocb3_engine", ip_files("ocb"), params, "cocotb_ocb3_engine",
               tb_params={"COUNT": 40})
