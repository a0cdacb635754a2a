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


_TABLE: dict[str, Callable] = {
    "aes": _aes_lib,
    "aes-ekx": _aes_ekx,
}


def reference(cipher: str, decrypt: bool):
    return _TABLE[cipher](decrypt)
