# SPDX-License-Identifier: Apache-2.0
"""Fixtures shared by the Python-side tests (tests/models, tests/cli, tests/link)."""
import os

import pytest

from linecrypt.oracles import botan
from linecrypt.oracles.blockciphers import REQUIRE_BOTAN_ENV

# The CLI tests build many Verilated harnesses and run each briefly: g++ -O0 compiles them in
# about half the time of the harness's default -O1 (linecrypt.host.rtl_device.harness_cxx_opt).
os.environ.setdefault("LC_HARNESS_CXX_OPT", "-O0")

@pytest.fixture
def need_botan():
    """Skip where python3-botan is missing, unless LINECRYPT_REQUIRE_BOTAN=1 (CI): then fail."""
    if botan.available():
        return
    if os.environ.get(REQUIRE_BOTAN_ENV) == "1":
        pytest.fail(f"{REQUIRE_BOTAN_ENV}=1 but /usr/bin/python3 cannot import botan2")
    pytest.skip("python3-botan not installed")
