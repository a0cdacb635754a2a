# SPDX-License-Identifier: Apache-2.0
"""AES core RTL (ip/aes/rtl/aes_core.v) under cocotb + Verilator, against pycryptodome.

The default suite covers every supported parameter value (enc/dec, 128/192/256, 1/2/3 stages
per round, enhanced key expansion) in a set of combinations; `make test-long` runs all of them.
"""
import itertools

import pytest

from linecrypt.host.sim import run_cocotb
from linecrypt.designs import sources_for
from linecrypt.vectors import cryptography_vectors_dir, read_nist


def aes_vectors(key_bits: int, limit: int = 24) -> list[tuple[str, str, str]]:
    """FIPS-197 Appendix C plus CAVP ECB KAT records (GFSbox, KeySbox, VarKey, VarTxt)."""
    fips = {
        128: ("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
        192: ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
        256: ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
              "8ea2b7ca516745bfeafc49904b496089"),
    }[key_bits]
    vecs = [(fips[0], "00112233445566778899aabbccddeeff", fips[1])]
    d = cryptography_vectors_dir() / "ciphers" / "AES" / "ECB"
    for kind in ("GFSbox", "KeySbox", "VarKey", "VarTxt"):
        recs = [r for r in read_nist(d / f"ECB{kind}{key_bits}.rsp") if r["section"] == "ENCRYPT"]
        step = max(1, len(recs) // (limit // 4))
        vecs += [(r["KEY"], r["PLAINTEXT"], r["CIPHERTEXT"]) for r in recs[::step]][: limit // 4]
    return vecs


def ekx_vectors() -> list[tuple[str, str, str]]:
    # No published vectors exist for the non-standard EKX; the golden model (whose round
    # function is checked word by word against FIPS-197) provides them.
    import random
    from linecrypt.models.aes import AES
    rng = random.Random(5)
    out = []
    for _ in range(8):
        k, p = rng.randbytes(16), rng.randbytes(16)
        out.append((k.hex(), p.hex(), AES(k, enhanced_kx=True).encrypt_block(p).hex()))
    return out


def run_aes(key_bits, decrypt, stages, ekx=0, testcase=None, nslots=4, copies=None, link=0, mix=0,
            bram=0, sbox_bram=0):
    params = {"KEY_BITS": key_bits, "DECRYPT": decrypt, "STAGES": stages, "NSLOTS": nslots,
              "USER_WIDTH": 8, "ENHANCED_KX": ekx}
    if copies is not None:
        params["SBOX_COPIES"] = copies
    if link:
        params["LINK_REG"] = link
    if mix:
        params["MIX_REG"] = mix
    if bram:
        params["OUT_BRAM"] = bram
    if sbox_bram:
        params["SBOX_BRAM"] = sbox_bram
    extra = {"LC_CIPHER": "aes-ekx" if ekx else "aes", "LC_BLOCK_BITS": 128,
             "LC_VECTORS": ekx_vectors() if ekx else aes_vectors(key_bits)}
    run_cocotb("aes_core", sources_for("aes_core"), params, "cocotb_block_core",
               testcase=testcase, tb_params=extra)


ALL = [(k, d, s, 0) for k, d, s in itertools.product((128, 192, 256), (0, 1), (1, 2, 3))] + \
      [(128, 0, 2, 1), (128, 1, 2, 1), (128, 0, 3, 1)]
# Default: AES-256 decryption, AES-128 decryption with EKX and (below) AES-128 encryption with
# MIX_REG, LINK_REG and OUT_BRAM; the CLI tests run the AES-128 two-stage encrypt core. Every other
# point (AES-192, STAGES = 1 among them) runs under `slow` (`make test-long`).
DEFAULT = [(256, 1, 2, 0), (128, 1, 3, 1)]
SLOW_DEFAULTS = [(192, 1, 1, 0), (128, 0, 2, 1), (192, 0, 1, 0)]


def _id(p):
    k, d, s, e = p
    return f"aes{k}-{'dec' if d else 'enc'}-s{s}" + ("-ekx" if e else "")


# SBOX_COPIES changes only how many flops hold each round output (a timing option, checked on
# its own below); it costs 3-4x simulation time. Default points run the core's default (4) on
# this one and 1 copy on the others, which keeps `make test` short.
DEFAULT_COPIES_AT_4 = {(256, 1, 2, 0)}


@pytest.mark.parametrize("point", DEFAULT, ids=_id)
def test_aes_core(point):
    run_aes(*point, copies=None if point in DEFAULT_COPIES_AT_4 else 1)


@pytest.mark.slow
@pytest.mark.parametrize("point", [p for p in ALL if p not in DEFAULT or p in SLOW_DEFAULTS], ids=_id)
def test_aes_core_all_points(point):
    run_aes(*point)


# SBOX_COPIES (duplicated round-output registers, a timing option): the default (4) runs on one
# default point above, 1 on the others, 2 on a MIX point below; `make test-long` adds 1 on an
# encrypt two-stage point, 2 on a decrypt point and 8 (3-4 min each).
COPIES = [pytest.param((128, 0, 2, 1), marks=pytest.mark.slow),
          pytest.param((128, 1, 3, 2), marks=pytest.mark.slow),
          pytest.param((192, 0, 1, 8), marks=pytest.mark.slow)]


@pytest.mark.parametrize("point", COPIES, ids=lambda p: f"aes{p[0]}-{'dec' if p[1] else 'enc'}-s{p[2]}-c{p[3]}")
def test_aes_core_sbox_copies(point):
    k, d, s, c = point
    run_aes(k, d, s, copies=c)


# LINK_REG (a transport register between rounds, a timing option): one more clock per round,
# including the one-stage round, whose key read-ahead then follows the transport register.
# OUT_BRAM (output FIFO in block RAM, as the link design points use it) on one of them (and on
# the default MIX_REG point).
# With STAGES = 3 it also adds one after each S-box (the decrypt case in `make test-long`).
LINK = [pytest.param((128, 0, 3, 1, 1), marks=pytest.mark.slow),
        pytest.param((128, 1, 1, 1, 0), marks=pytest.mark.slow),
        pytest.param((192, 0, 2, 2, 1), marks=pytest.mark.slow),
        pytest.param((128, 1, 3, 1, 0), marks=pytest.mark.slow)]


@pytest.mark.parametrize("point", LINK, ids=lambda p: f"aes{p[0]}-{'dec' if p[1] else 'enc'}-s{p[2]}-c{p[3]}-link"
                                                      + ("-bram" if p[4] else ""))
def test_aes_core_link_reg(point):
    k, d, s, c, bram = point
    run_aes(k, d, s, copies=c, link=1, bram=bram)


# MIX_REG (encrypt: a register between the two MixColumns halves, aes_mix_column_split): one more
# clock per middle round, the round key read a stage later. One point by default (AES-128 with
# LINK_REG and OUT_BRAM); `make test-long` adds AES-256, every STAGES value alone and AES-192.
MIX = [pytest.param((128, 2, 1, 0), marks=pytest.mark.slow), (128, 3, 1, 1),
       pytest.param((192, 1, 1, 0), marks=pytest.mark.slow),
       pytest.param((256, 2, 2, 1), marks=pytest.mark.slow)]


@pytest.mark.parametrize("point", MIX, ids=lambda p: f"aes{p[0]}-enc-s{p[1]}-c{p[2]}-mix" + ("-link-bram" if p[3] else ""))
def test_aes_core_mix_reg(point):
    k, s, c, link = point
    run_aes(k, 0, s, copies=c, link=link, mix=1, bram=link)


# SBOX_BRAM (the round S-boxes in block-RAM ROMs with a registered read, STAGES = 2, one copy):
# same function and latency as the LUT S-box and its register. No design point uses it yet, so
# both points (encrypt; decrypt with the inverse table, LINK_REG and AES-256) are in
# `make test-long`.
SBOX_BRAM = [pytest.param((128, 0, 0), marks=pytest.mark.slow),
             pytest.param((256, 1, 1), marks=pytest.mark.slow)]


@pytest.mark.parametrize("point", SBOX_BRAM, ids=lambda p: f"aes{p[0]}-{'dec' if p[1] else 'enc'}-s2-c1"
                                                           + ("-link" if p[2] else "") + "-sbox-bram")
def test_aes_core_sbox_bram(point):
    k, d, link = point
    run_aes(k, d, 2, copies=1, link=link, sbox_bram=1)
