# SPDX-License-Identifier: Apache-2.0
"""Reference block functions for RTL tests: an independent library wherever one exists.

``reference(cipher, decrypt)`` returns ``f(key: bytes, blocks: list[bytes]) -> list[bytes]``.
Standard ciphers use libraries we did not write (pycryptodome); only the non-standard
``aes-128-ekx`` falls back to our golden model, which is itself checked against FIPS-197 words.
"""
from __future__ import annotations

from typing import Callable


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
    """Botan where installed (an independent implementation); else our model, which the model
    tests have already proven against the published vectors."""
    def make(decrypt: bool):
        def f(key, blocks):
            from linecrypt.oracles import botan
            if botan.available():
                return _split(botan.block_ecb([(botan_name, key, decrypt, b"".join(blocks))])[0], len(blocks))
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


def _serpent_model(key):
    from linecrypt.models.serpent import Serpent
    return Serpent(key)


def _tdes_model(key):
    from linecrypt.models.des import TDES
    return TDES(key)


_TABLE: dict[str, Callable] = {
    "aes": _aes_lib,
    "aes-ekx": _aes_ekx,
    "serpent": _botan_or_model("Serpent", _serpent_model),
    "des": _des_lib,
    "3des": _botan_or_model("TripleDES", _tdes_model),   # pycryptodome refuses degenerate keys
    "idea": _idea_lib,
}


def reference(cipher: str, decrypt: bool):
    return _TABLE[cipher](decrypt)
