# SPDX-License-Identifier: Apache-2.0
"""The cipher names of the command line (../shared/CLI.md) and what implements each.

Each entry knows its key sizes, block size, golden-model factory and, where the RTL exists,
the encrypt and decrypt design points that `--backend rtl` runs the blocks through.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class CipherSpec:
    name: str
    key_bytes: tuple[int, ...]
    block_bytes: int
    model: Callable[[bytes], object]
    rtl: dict | None = None          # key length -> (encrypt design, decrypt design)
    note: str = ""
    rtl_key: Callable[[bytes], bytes] | None = None   # host-side key form the core takes


def _aes(key):
    from linecrypt.models.aes import AES
    return AES(key)


def _aes_ekx(key):
    from linecrypt.models.aes import AES
    return AES(key, enhanced_kx=True)


def _serpent(key):
    from linecrypt.models.serpent import Serpent
    return Serpent(key)


def _des(key):
    from linecrypt.models.des import DES
    return DES(key)


def _tdes(key):
    from linecrypt.models.des import TDES
    return TDES(key)


def _idea(key):
    from linecrypt.models.idea import IDEA
    return IDEA(key)


CIPHERS: dict[str, CipherSpec] = {}
for _kb in (128, 192, 256):
    CIPHERS[f"aes-{_kb}"] = CipherSpec(f"aes-{_kb}", (_kb // 8,), 16, _aes,
                                       {_kb // 8: (f"aes{_kb}-enc-s2", f"aes{_kb}-dec-s2")})
    CIPHERS[f"serpent-{_kb}"] = CipherSpec(f"serpent-{_kb}", (_kb // 8,), 16, _serpent,
                                           {_kb // 8: (f"serpent{_kb}-enc-s1", f"serpent{_kb}-dec-s1")})
CIPHERS["des"] = CipherSpec("des", (8,), 8, _des, {8: ("des-enc", "des-dec")}, note="parity bits ignored")
CIPHERS["3des"] = CipherSpec("3des", (24, 16), 8, _tdes, {24: ("3des-enc", "3des-dec"), 16: ("3des-enc", "3des-dec")},
                             note="EDE; 16-byte key means K1,K2,K1",
                             rtl_key=lambda k: k + k[:8] if len(k) == 16 else k)
CIPHERS["idea"] = CipherSpec("idea", (16,), 8, _idea, {16: ("idea-enc", "idea-dec")})
CIPHERS["aes-128-ekx"] = CipherSpec(
    "aes-128-ekx", (16,), 16, _aes_ekx, {16: ("aes128ekx-enc-s2", "aes128ekx-dec-s2")},
    note="AES-128 with the seed-002 enhanced key expansion: NOT AES, never interoperable")
