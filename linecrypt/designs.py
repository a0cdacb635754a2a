"""One registry of RTL cores and synthesis design points.

``CORES`` lists each top module's source files (in dependency order) so simulation, the CLI's
RTL back end and the synthesis flow all build the same thing. ``DESIGNS`` names every design
point `linecrypt synth` knows, with the parameters and the bits each clock carries.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path

from linecrypt import RTL

COMMON_FILES = [
    "common/lc_fifo.v",
    "common/lc_credit_fifo.v",
    "common/lc_key_slot_ctrl.v",
]

AES_FILES = COMMON_FILES + [
    "ciphers/aes/aes_sbox.v",
    "ciphers/aes/aes_sbox_split.v",
    "ciphers/aes/aes_mix_column.v",
    "ciphers/aes/aes_round.v",
    "ciphers/aes/aes_key_expand.v",
    "ciphers/aes/aes_core.v",
]

CORES: dict[str, list[str]] = {
    "aes_core": AES_FILES,
    # one pipelined round with its key memory: the unit the seed's prototype figures describe
    "aes_round": [f for f in AES_FILES if "round" in f or "sbox" in f or "mix" in f],
    # serpent cores (issue 3): add entries on this line's neighbours only
    # des cores (issue 3)
    # idea cores (issue 3)
}


def sources_for(top: str) -> list[Path]:
    return [RTL / f for f in CORES[top]]


@dataclass(frozen=True)
class Design:
    name: str
    top: str
    params: dict = field(default_factory=dict)
    bits_per_cycle: int = 128
    description: str = ""
    block_bits: int = 128
    key_bits: int = 128
    cipher: str = "aes"          # reference-oracle name (linecrypt.oracles.blockciphers)

    @property
    def sources(self) -> list[Path]:
        return sources_for(self.top)


def _aes_points() -> list[Design]:
    out = []
    for kb, dec, st in itertools.product((128, 192, 256), (0, 1), (1, 2, 3)):
        name = f"aes{kb}-{'dec' if dec else 'enc'}-s{st}"
        out.append(Design(name, "aes_core",
                          {"KEY_BITS": kb, "DECRYPT": dec, "STAGES": st, "NSLOTS": 4, "USER_WIDTH": 8},
                          128, f"AES-{kb} {'decrypt' if dec else 'encrypt'}, {st} stage(s)/round, 4 key slots",
                          128, kb))
    for dec in (0, 1):
        name = f"aes128ekx-{'dec' if dec else 'enc'}-s2"
        out.append(Design(name, "aes_core",
                          {"KEY_BITS": 128, "DECRYPT": dec, "STAGES": 2, "NSLOTS": 4, "USER_WIDTH": 8,
                           "ENHANCED_KX": 1},
                          128, f"AES-128 with seed-002 enhanced key expansion (non-standard), "
                               f"{'decrypt' if dec else 'encrypt'}, 2 stages/round", 128, 128, "aes-ekx"))
    for dec, st in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3)):
        name = f"aes-round-{'dec' if dec else 'enc'}-s{st}"
        out.append(Design(name, "aes_round",
                          {"KIND": 1, "DECRYPT": dec, "STAGES": st, "NSLOTS": 4, "META_W": 9},
                          128, f"one AES {'decrypt' if dec else 'encrypt'} middle round, {st} stage(s), "
                               "4-slot key memory (building block of the cores)"))
    return out


def _serpent_points() -> list[Design]:
    return []


def _des_points() -> list[Design]:
    return []


def _idea_points() -> list[Design]:
    return []


DESIGNS: dict[str, Design] = {d.name: d for d in
                              _aes_points() + _serpent_points() + _des_points() + _idea_points()}
