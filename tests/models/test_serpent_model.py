# SPDX-License-Identifier: Apache-2.0
"""The Serpent golden model against Botan's and Crypto++'s vector files, the AES submission's
intermediate values, and Botan itself (random keys and data)."""
import random

import pytest

from linecrypt.models import modes, serpent
from linecrypt.models.serpent import Serpent
from linecrypt.oracles import botan
from linecrypt.vectors import shared_vectors_dir

VEC_DIR = shared_vectors_dir() / "serpent"


def rev(h: str) -> bytes:
    """Submission hex (most significant byte first) -> bytes in this model's order."""
    return bytes.fromhex(h)[::-1]


def ecb(cipher, decrypt: bool, data: bytes) -> bytes:
    return modes.crypt(cipher, "ecb", decrypt, data)


# --- Tables and building blocks -----------------------------------------------------------------

def test_sboxes_are_permutations_and_inverses():
    assert len(serpent.SBOXES) == 8 and len(serpent.INV_SBOXES) == 8
    for box, inv in zip(serpent.SBOXES, serpent.INV_SBOXES):
        assert sorted(box) == list(range(16))
        assert [inv[box[x]] for x in range(16)] == list(range(16))
    # Spot values from the proposal: S0 = 3 8 15 1 ..., S7 ends ... 3 5 6; InvS0[3] = 0.
    assert serpent.SBOXES[0][:4] == [3, 8, 15, 1] and serpent.SBOXES[7][-3:] == [3, 5, 6]
    assert serpent.INV_SBOXES[0][3] == 0 and serpent.INV_SBOXES[0][12] == 15


def test_sbox_bitslice_maps_each_nibble():
    # Nibble j = (X0[j], X1[j], X2[j], X3[j]) with X0 the least significant bit.
    rng = random.Random(1)
    words = tuple(rng.getrandbits(32) for _ in range(4))
    for box in serpent.SBOXES:
        out = serpent.sbox_bitslice(box, words)
        for j in range(32):
            nib_in = sum(((words[i] >> j) & 1) << i for i in range(4))
            nib_out = sum(((out[i] >> j) & 1) << i for i in range(4))
            assert nib_out == box[nib_in]


def test_lt_inverse_and_linearity():
    rng = random.Random(2)
    for _ in range(200):
        a = tuple(rng.getrandbits(32) for _ in range(4))
        b = tuple(rng.getrandbits(32) for _ in range(4))
        assert serpent.inv_lt(serpent.lt(a)) == a
        assert serpent.lt(serpent.inv_lt(a)) == a
        ab = tuple(x ^ y for x, y in zip(a, b))
        assert serpent.lt(ab) == tuple(x ^ y for x, y in zip(serpent.lt(a), serpent.lt(b)))
    # LT of X0 = 1 by hand: X0 = 0x2000, X1 = 0x2000, X3 = 0x10000; X1 <<< 1 = 0x4000,
    # X3 <<< 7 = 0x800000; X0 = 0x806000, X2 = 0x800000 ^ (0x4000 << 7) = 0xA00000;
    # X0 <<< 5 = 0x100C0000, X2 <<< 22 = 0x2800.
    assert serpent.lt((1, 0, 0, 0)) == (0x100C0000, 0x4000, 0x2800, 0x800000)


def test_key_lengths():
    for n in (16, 24, 32):
        assert len(Serpent(bytes(n)).round_keys) == 33
    for n in (0, 8, 15, 17, 20, 31, 33):
        with pytest.raises(ValueError):
            Serpent(bytes(n))
    # Short keys work at the function level, and the padding is one 1 bit then zeros.
    k = bytes(range(1, 11))
    assert serpent.key_schedule(k) == serpent.key_schedule(k + b"\x01" + bytes(21))
    assert serpent.pad_key(bytes(16)) == bytes(16) + b"\x01" + bytes(15)
    with pytest.raises(ValueError):
        serpent.key_schedule(bytes(33))
    rks = serpent.key_schedule(bytes(32))
    assert len(rks) == 33 and all(len(k) == 4 and all(0 <= w < 2**32 for w in k) for k in rks)


def test_block_words_little_endian():
    block = bytes(range(16))
    assert serpent.block_to_words(block) == (0x03020100, 0x07060504, 0x0B0A0908, 0x0F0E0D0C)
    assert serpent.words_to_block(serpent.block_to_words(block)) == block


# --- AES-submission intermediate values (ecb_iv.txt) --------------------------------------------
# Transcribed from the Serpent AES submission's ecb_iv.txt (Stajano's serpent-reference.c with
# SHOW_INTERNALS), as copied in github.com/vercingetorx/serpent-nim ecb_iv.txt
# @ 9ccea6e07089c35643f808640da9736b74ed3f35. Hex is most significant byte first.

ECB_IV = [
    {
        "key": "00112233445566778899aabbccddeeff",
        "sk": {0: "d4d39167a8979cbaa3cba7cad57f32e7", 1: "b8e69d0b2e8cda3b01e9e753557fdf82",
               2: "fd492381a4f1f602126de6b0dd739905", 31: "9cecc2625463641226b7e96a4adead49",
               32: "3c3dc2b5a37a04f0801fd85d1d40ba92"},
        "sk_std": {0: "f9694923eb1d35ffe03d463a7bd469f9", 32: "60c9994505ceea6aba133490d6cf2a1a"},
        "pt": "0123456789abcdeffedcba9876543210",
        "r": {0: "4fcb58b3308dac762ce01be9b635dccd", 1: "05f9fe5d51a3bdff9f0deac7aa7632ae",
              2: "b0eddf6f845adb902f50f2e68b947c2c", 15: "f9e837971189310c3a3f3189ed624dd3",
              30: "dc623c1890faad8028156cdc3b0ba730", 31: "e42c56b2f61ae808f83bb016d7096127"},
        "ct": "929dd890dcc881c9a7d8b94b0aa0bad5",
    },
    {
        "key": "00112233445566778899aabbccddeeffffeeddccbbaa9988",
        "sk": {0: "f7c238e9bc89645de03a10caf386b91d", 32: "65a07ef2150052d044ef7869f56f4867"},
        "sk_std": {0: "fbfd4c99d82261b414db9401ae85f52d"},
        "pt": "0123456789abcdeffedcba9876543210",
        "r": {0: "3985713e9b7a720f7e1824644150479f", 30: "821c89e9406504480f5b259525defc43"},
        "ct": "9a873410c7a404f42b8020b7420886da",
    },
    {
        "key": "00112233445566778899aabbccddeeffffeeddccbbaa99887766554433221100",
        "sk": {0: "7c0faaedcef154de28b151f26faac016", 32: "3e4add777dab047e12b3e34b4583c600"},
        "sk_std": {0: "4db8fd517476989e97868482eea7cd78"},
        "pt": "0123456789abcdeffedcba9876543210",
        "r": {0: "a4c994f6cc9d73e62cd6c105797aa693", 31: "ec73b3c67cc9dafef3a5557bf02d62bf"},
        "ct": "ca7fa193e3eb9e99bd87e3af3c9adf93",
    },
]


def _as_submission_hex(words) -> str:
    """Bitslice words -> the submission's hex of the 128-bit number X3||X2||X1||X0."""
    return "".join(f"{w:08x}" for w in reversed(words))


def _ip_hex(words) -> str:
    """Bitslice words -> standard (IP-domain) hex: bit 4k+m is bit k of word Xm."""
    b = 0
    for k in range(32):
        for m in range(4):
            b |= ((words[m] >> k) & 1) << (4 * k + m)
    return f"{b:032x}"


@pytest.mark.parametrize("v", ECB_IV, ids=lambda v: f"{len(v['key']) * 4}bit")
def test_submission_intermediate_values(v):
    key = rev(v["key"])
    rks = serpent.key_schedule(key)
    for i, h in v["sk"].items():
        assert _as_submission_hex(rks[i]) == h, i
    for i, h in v["sk_std"].items():
        assert _ip_hex(rks[i]) == h, i
    # The plaintext in the IP domain is the 6333633c... value the file shows as Rinv[0].
    x = serpent.block_to_words(rev(v["pt"]))
    assert _ip_hex(x) == "6333633c63c363cc6c336c3c6cc36ccc"
    states = []
    for i in range(32):
        x = serpent.encrypt_round(i, x, rks)
        states.append(x)
    for i, h in v["r"].items():
        assert _ip_hex(states[i]) == h, i
    # E(rev(K), rev(P)) = rev(C)
    c = Serpent(key)
    assert c.encrypt_block(rev(v["pt"])) == rev(v["ct"])
    assert c.decrypt_block(rev(v["ct"])) == rev(v["pt"])
    # and the inverse rounds retrace the same states
    for i in range(31, 0, -1):
        x = serpent.decrypt_round(i, x, rks)
        assert x == states[i - 1]


def test_submission_ecb_vk_1_byte_order_example():
    # ecb_vk.txt I=1: KEY=80 00..00 -> CT=49AFBFAD9D5A34052CD8FFA5986BD2DD (SOURCES.md).
    c = Serpent(rev("80" + "00" * 15))
    assert c.encrypt_block(bytes(16)).hex().upper() == "DDD26B98A5FFD82C05345A9DADBFAF49"
    # Unreversed, the same bytes are a different key: NESSIE Set 1 #0.
    assert Serpent(bytes.fromhex("80" + "00" * 15)).encrypt_block(bytes(16)).hex().upper() \
        == "264E5481EFF42A4606ABDA06C0BFDA3D"


# --- Botan's serpent.vec ------------------------------------------------------------------------

def read_botan_vec(path):
    recs, cur = [], {}
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("["):
            if cur:
                recs.append(cur)
                cur = {}
            continue
        k, v = (x.strip() for x in line.split("=", 1))
        assert k in ("Key", "In", "Out") and k not in cur, line
        cur[k] = bytes.fromhex(v)
    if cur:
        recs.append(cur)
    return recs


def test_botan_serpent_vec():
    recs = read_botan_vec(VEC_DIR / "serpent.vec")
    assert len(recs) == 1047
    sizes = {16: 0, 24: 0, 32: 0}
    blocks = 0
    for r in recs:
        assert set(r) == {"Key", "In", "Out"}
        assert len(r["In"]) == len(r["Out"]) and len(r["In"]) % 16 == 0 and r["In"]
        sizes[len(r["Key"])] += 1
        blocks += len(r["In"]) // 16
        c = Serpent(r["Key"])
        assert ecb(c, False, r["In"]) == r["Out"], r["Key"].hex()
        assert ecb(c, True, r["Out"]) == r["In"], r["Key"].hex()
    assert sizes == {16: 261, 24: 327, 32: 459}
    assert blocks == 1158


# --- Crypto++'s serpentv.dat --------------------------------------------------------------------

def read_cryptopp_dat(path):
    raw = path.read_bytes()
    lines = raw.split(b"\r\n")
    assert lines[-1] == b""  # CRLF-terminated
    recs = []
    for line in lines[:-1]:
        fields = line.decode().split()
        assert len(fields) == 3, line
        recs.append(tuple(bytes.fromhex(f) for f in fields))
    return recs


def test_cryptopp_serpentv_dat():
    recs = read_cryptopp_dat(VEC_DIR / "serpentv.dat")
    assert len(recs) == 12
    assert sorted(len(k) for k, _, _ in recs) == [16] * 5 + [24] * 4 + [32] * 3
    # Bytes taken as they are (NESSIE order, as SOURCES.md says): key byte 0 = least
    # significant key byte, block byte 0 = least significant byte of X0.
    for key, pt, ct in recs:
        c = Serpent(key)
        assert c.encrypt_block(pt) == ct, key.hex()
        assert c.decrypt_block(ct) == pt, key.hex()
    # The submission (byte-reversed) reading of the same lines matches none of them.
    assert not any(Serpent(k[::-1]).encrypt_block(p[::-1]) == c[::-1] for k, p, c in recs)


# --- Botan, random ------------------------------------------------------------------------------

needs_botan = pytest.mark.usefixtures("need_botan")   # tests/conftest.py


@needs_botan
def test_random_vs_botan():
    rng = random.Random(20240611)
    jobs = []
    for i in range(120):
        key = rng.randbytes(rng.choice((16, 24, 32)))
        data = rng.randbytes(16 * rng.randint(1, 3))
        jobs.append(("Serpent", key, bool(i % 2), data))
    # Padding cross-check through Botan: a 16/24-byte key equals the 32-byte padded key.
    pad_jobs = []
    for n in (16, 24):
        key = rng.randbytes(n)
        data = rng.randbytes(32)
        pad_jobs.append(("Serpent", key, False, data))
        pad_jobs.append(("Serpent", serpent.pad_key(key), False, data))
    outs = botan.block_ecb(jobs + pad_jobs)
    assert len(outs) == len(jobs) + len(pad_jobs)
    assert sum(1 for _, _, d, _ in jobs if d) == 60
    for (_, key, decrypt, data), out in zip(jobs, outs):
        assert len(out) == len(data)
        assert ecb(Serpent(key), decrypt, data) == out, (key.hex(), decrypt, data.hex())
    p = outs[len(jobs):]
    assert p[0] == p[1] and p[2] == p[3]
    assert ecb(Serpent(pad_jobs[0][1]), False, pad_jobs[0][3]) == p[0]


@needs_botan
def test_cbc_ctr_vs_botan_ecb():
    rng = random.Random(7)
    key, iv = rng.randbytes(32), rng.randbytes(16)
    data = rng.randbytes(16 * 3 + 5)
    whole = data[:48]
    ctr_in = b"".join(modes.ctr_blocks(iv, 4))
    c = Serpent(key)
    cbc_ct = modes.crypt(c, "cbc", False, whole, iv)
    ks, cbc_dec = botan.block_ecb([("Serpent", key, False, ctr_in),
                                   ("Serpent", key, True, cbc_ct)])
    # CTR: data XOR Botan's ECB of the counter blocks.
    expect_ctr = bytes(a ^ b for a, b in zip(data, ks))
    assert modes.crypt(c, "ctr", False, data, iv) == expect_ctr
    assert modes.crypt(c, "ctr", True, expect_ctr, iv) == data
    # CBC: Botan's ECB decryption of the model's CBC ciphertext, chained by hand.
    prev = [iv] + [cbc_ct[i:i + 16] for i in range(0, 32, 16)]
    recovered = b"".join(bytes(a ^ b for a, b in zip(cbc_dec[16 * i:16 * i + 16], prev[i]))
                         for i in range(3))
    assert recovered == whole
    assert modes.crypt(c, "cbc", True, cbc_ct, iv) == whole
