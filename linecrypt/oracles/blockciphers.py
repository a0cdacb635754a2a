# SPDX-License-Identifier: Apache-2.0
"""Reference block functions for RTL tests: an independent library wherever one exists.

``reference(cipher, decrypt)`` returns ``f(key: bytes, blocks: list[bytes]) -> list[bytes]``.
Standard ciphers use libraries we did not write: pycryptodome (AES, DES), pyca/cryptography
(3DES, IDEA) and Botan (Serpent, which no PyPI package implements). Only the non-standard
``aes-128-ekx`` always uses our golden model, which is itself checked against FIPS-197 words.

Where Botan is missing, Serpent blocks are checked against our own model instead, loudly: each
such call emits a ``ModelFallbackWarning`` with the number of blocks (pytest lists it in its
warnings summary; ``model_fallback_report()`` sums them over a test, including those of a child
process such as the cocotb simulator), and with ``LINECRYPT_REQUIRE_BOTAN=1`` in the environment
(``.ci/run`` sets it) it raises ``BotanMissing`` instead.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
import warnings
from collections import Counter
from typing import Callable

REQUIRE_BOTAN_ENV = "LINECRYPT_REQUIRE_BOTAN"
FALLBACK_LOG_ENV = "LINECRYPT_ORACLE_FALLBACK_LOG"


class ModelFallbackWarning(UserWarning):
    """RTL outputs were compared with LineCrypt's own model, not an independent implementation."""


class BotanMissing(RuntimeError):
    pass


def _fallback_message(cipher: str, blocks: int) -> str:
    return (f"{blocks} {cipher} block(s) checked against LineCrypt's own model, not Botan: "
            "python3-botan is missing (`/usr/bin/python3 -c 'import botan2'` fails; "
            "`apt-get install python3-botan` on Debian)")


# counters of the open model_fallback_report() contexts in this process, innermost last
_REPORTS: list[Counter] = []


def _model_fallback(cipher: str, blocks: int) -> None:
    if os.environ.get(REQUIRE_BOTAN_ENV) == "1":
        raise BotanMissing(f"{REQUIRE_BOTAN_ENV}=1 but " + _fallback_message(cipher, blocks)
                           .replace(" checked against", " would be checked against"))
    log = os.environ.get(FALLBACK_LOG_ENV)
    if log:
        with open(log, "a") as f:
            f.write(f"{cipher}\t{blocks}\n")
    if _REPORTS:
        _REPORTS[-1][cipher] += blocks
    else:
        warnings.warn(_fallback_message(cipher, blocks), ModelFallbackWarning, stacklevel=3)


@contextlib.contextmanager
def model_fallback_report():
    """Collects the model fallbacks inside the block, this process's and those of any child
    process run with the environment it yields (the cocotb simulator), and warns once on exit
    with the total number of blocks per cipher."""
    fd, path = tempfile.mkstemp(prefix="linecrypt-oracle-", suffix=".log")
    os.close(fd)
    counts: Counter = Counter()
    _REPORTS.append(counts)
    try:
        yield {FALLBACK_LOG_ENV: path}
    finally:
        _REPORTS.remove(counts)
        with open(path) as f:
            for line in f:
                cipher, n = line.split("\t")
                counts[cipher] += int(n)
        os.unlink(path)
        for cipher, n in counts.items():
            warnings.warn(_fallback_message(cipher, n), ModelFallbackWarning, stacklevel=3)


def _aes_lib(decrypt: bool):
    from Crypto.Cipher import AES

    def f(key, blocks):
        c = AES.new(key, AES.MODE_ECB)
        fn = c.decrypt if decrypt else c.encrypt
        return [fn(b) for b in blocks]
    return f


def _aes_ekx(decrypt: bool):
    from linecrypt.models.aes import AES

    def f(key, blocks):
        c = AES(key, enhanced_kx=True)
        fn = c.decrypt_block if decrypt else c.encrypt_block
        return [fn(b) for b in blocks]
    return f


def _botan_or_model(botan_name: str, model_factory):
    """Botan where installed (an independent implementation); else, with a warning (an error
    under LINECRYPT_REQUIRE_BOTAN=1), our model, which the model tests prove against the
    published vectors."""
    def make(decrypt: bool):
        def f(key, blocks):
            from linecrypt.oracles import botan
            if botan.available():
                return _split(botan.block_ecb([(botan_name, key, decrypt, b"".join(blocks))])[0], len(blocks))
            _model_fallback(botan_name, len(blocks))
            c = model_factory(key)
            fn = c.decrypt_block if decrypt else c.encrypt_block
            return [fn(b) for b in blocks]
        return f
    return make


def _split(data: bytes, n: int) -> list[bytes]:
    size = len(data) // n if n else 0
    return [data[i * size:(i + 1) * size] for i in range(n)]


def _des_lib(decrypt: bool):
    from Crypto.Cipher import DES

    def f(key, blocks):
        c = DES.new(key, DES.MODE_ECB)
        fn = c.decrypt if decrypt else c.encrypt
        return [fn(b) for b in blocks]
    return f


def _idea_lib(decrypt: bool):
    from cryptography.hazmat.decrepit.ciphers.algorithms import IDEA
    from cryptography.hazmat.primitives.ciphers import Cipher, modes

    def f(key, blocks):
        c = Cipher(IDEA(key), modes.ECB())
        ctx = c.decryptor() if decrypt else c.encryptor()
        return _split(ctx.update(b"".join(blocks)) + ctx.finalize(), len(blocks))
    return f


def _tdes_lib(decrypt: bool):
    # pyca/cryptography (OpenSSL): unlike pycryptodome's DES3 it takes degenerate keys
    # (K1 == K2 or K2 == K3, which reduce to single DES), which the RTL must handle too
    from cryptography.hazmat.decrepit.ciphers.algorithms import TripleDES
    from cryptography.hazmat.primitives.ciphers import Cipher, modes

    def f(key, blocks):
        if len(key) == 16:               # keying option 2: K1, K2, K1
            key = key + key[:8]
        c = Cipher(TripleDES(key), modes.ECB())
        ctx = c.decryptor() if decrypt else c.encryptor()
        return _split(ctx.update(b"".join(blocks)) + ctx.finalize(), len(blocks))
    return f


def _serpent_model(key):
    from linecrypt.models.serpent import Serpent
    return Serpent(key)


_TABLE: dict[str, Callable] = {
    "aes": _aes_lib,
    "aes-ekx": _aes_ekx,
    "serpent": _botan_or_model("Serpent", _serpent_model),
    "des": _des_lib,
    "3des": _tdes_lib,
    "idea": _idea_lib,
}


def reference(cipher: str, decrypt: bool):
    return _TABLE[cipher](decrypt)


def oracle_name(cipher: str) -> str:
    """What ``reference(cipher, ...)`` compares with, for messages (the demo's, for one)."""
    if cipher == "serpent":
        from linecrypt.oracles import botan
        return "Botan" if botan.available() else "LineCrypt's own model (Botan missing)"
    return {"aes": "pycryptodome", "des": "pycryptodome", "3des": "pyca/cryptography",
            "idea": "pyca/cryptography",
            "aes-ekx": "LineCrypt's own model (no other implementation exists)"}[cipher]


class PycaAES:
    """AES block cipher backed by pyca/cryptography's ECB (an implementation we did not write),
    with the golden models' block-cipher interface; fast where the mode logic is under test."""

    block_bytes = 16

    def __init__(self, key: bytes):
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        c = Cipher(algorithms.AES(key), modes.ECB())
        self._enc, self._dec = c.encryptor(), c.decryptor()

    def encrypt_block(self, block: bytes) -> bytes:
        return self._enc.update(block)

    def decrypt_block(self, block: bytes) -> bytes:
        return self._dec.update(block)
