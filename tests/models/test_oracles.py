# SPDX-License-Identifier: Apache-2.0
"""The RTL tests' reference functions (linecrypt.oracles.blockciphers): independent libraries,
and a fallback to our own model that is never silent."""
import os
import random
import subprocess
import sys

import pytest
from Crypto.Cipher import DES

from linecrypt.oracles import blockciphers, botan
from linecrypt.oracles.blockciphers import (REQUIRE_BOTAN_ENV, BotanMissing, ModelFallbackWarning,
                                            model_fallback_report, reference)


@pytest.fixture
def no_botan(monkeypatch):
    """As on a machine without python3-botan, outside CI (no LINECRYPT_REQUIRE_BOTAN)."""
    monkeypatch.setattr(botan, "available", lambda: False)
    monkeypatch.delenv(REQUIRE_BOTAN_ENV, raising=False)


def _ede(key, block, decrypt):
    """TDEA EDE by hand from pycryptodome's single DES (it refuses degenerate 3DES keys)."""
    e = [DES.new(key[i:i + 8], DES.MODE_ECB) for i in (0, 8, 16)]
    if decrypt:
        return e[0].decrypt(e[1].encrypt(e[2].decrypt(block)))
    return e[2].encrypt(e[1].decrypt(e[0].encrypt(block)))


def test_3des_is_an_independent_library_for_every_key(no_botan, monkeypatch):
    # our model must not be what the 3DES reference calls, Botan or not
    import linecrypt.models.des as model
    monkeypatch.setattr(model, "TDES", None)
    rng = random.Random(33)
    k1, k2, k3 = (rng.randbytes(8) for _ in range(3))
    blocks = [rng.randbytes(8) for _ in range(4)]
    for key in (k1 + k2 + k3, k1 + k1 + k3, k1 + k2 + k2, k1 * 3, k1 + k2):
        full = key + key[:8] if len(key) == 16 else key
        for decrypt in (False, True):
            assert reference("3des", decrypt)(key, blocks) == [_ede(full, b, decrypt) for b in blocks]


def test_serpent_without_botan_warns_with_the_block_count(no_botan):
    with pytest.warns(ModelFallbackWarning, match=r"^5 Serpent block\(s\) checked against LineCrypt's own"):
        out = reference("serpent", False)(bytes(16), [bytes(16)] * 5)
    from linecrypt.models.serpent import Serpent
    assert out == [Serpent(bytes(16)).encrypt_block(bytes(16))] * 5


def test_serpent_without_botan_is_an_error_when_required(no_botan, monkeypatch):
    monkeypatch.setenv(REQUIRE_BOTAN_ENV, "1")
    with pytest.raises(BotanMissing, match="LINECRYPT_REQUIRE_BOTAN=1"):
        reference("serpent", True)(bytes(32), [bytes(16)])


def test_fallback_report_sums_this_and_child_processes(no_botan):
    child = ("from linecrypt.oracles import botan; botan.available = lambda: False\n"
             "from linecrypt.oracles.blockciphers import reference\n"
             "reference('serpent', False)(bytes(16), [bytes(16)] * 3)\n")
    with pytest.warns(ModelFallbackWarning) as got:
        with model_fallback_report() as env:
            reference("serpent", False)(bytes(24), [bytes(16)] * 2)
            assert not [w for w in got if issubclass(w.category, ModelFallbackWarning)]
            cenv = {k: v for k, v in os.environ.items() if k != REQUIRE_BOTAN_ENV}
            subprocess.run([sys.executable, "-c", child], env={**cenv, **env}, check=True,
                           capture_output=True)
    msgs = [str(w.message) for w in got if issubclass(w.category, ModelFallbackWarning)]
    assert len(msgs) == 1 and msgs[0].startswith("5 Serpent block(s)"), msgs
    assert not blockciphers._REPORTS


def test_serpent_uses_botan_where_installed():
    if not botan.available():
        pytest.skip("python3-botan not installed (.ci/run installs it and requires it)")
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error", ModelFallbackWarning)
        out = reference("serpent", False)(bytes(16), [bytes(16)])
    from linecrypt.models.serpent import Serpent
    assert out == [Serpent(bytes(16)).encrypt_block(bytes(16))]
