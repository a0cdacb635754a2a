# SPDX-License-Identifier: Apache-2.0
"""The operation builders: what DO carries is checked against hashlib and pycryptodome, not
against linecrypt.models; the streams follow the framing rules of docs/lwc-protocol.md."""
import hashlib
import random

import pytest
from Crypto.Cipher import AES as PyAES
from Crypto.Hash import CMAC as PyCMAC
from Crypto.Hash import keccak as pykeccak

from linecrypt.lwc.protocol import (
    Header, Op, ProtocolError, Reason, Seg, decode_header, decode_instruction,
    decode_status, dec_transaction, enc_transaction, hash_transaction, keccak_mac_hook,
    mac_transaction,
    prng_transaction, tag_stream, words_for,
)

WIDTHS = (32, 128)
LENS = (0, 1, 3, 4, 15, 16, 17, 135, 136, 137, 300)


def split_do(words, width):
    """[(Header, data)] and the list of status words of a DO stream."""
    segs, stats, k = [], [], 0
    while k < len(words):
        w = words[k]
        if w.kind == "STT":
            stats.append(decode_status(w.value, width))
            k += 1
            continue
        h = decode_header(w.value, width)
        n = words_for(h.length, width)
        raw = b"".join(x.value.to_bytes(width // 8, "big") for x in words[k + 1:k + 1 + n])
        segs.append((h, raw[:h.length]))
        k += 1 + n
    return segs, stats


def joined(segs, t):
    return b"".join(d for h, d in segs if h.type == t)


def pdi_headers(words, width):
    return [decode_header(w.value, width) for w in words if w.kind == "HDR"]


def rnd(n, seed):
    return random.Random(seed).randbytes(n)


HASHLIB = {"sha3-224": hashlib.sha3_224, "sha3-256": hashlib.sha3_256,
           "sha3-384": hashlib.sha3_384, "sha3-512": hashlib.sha3_512}


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("alg", sorted(HASHLIB))
def test_sha3_digest_on_do_equals_hashlib(width, alg):
    for n in LENS:
        msg = rnd(n, n)
        t = hash_transaction(alg, msg, width, max_seg=64)
        segs, stats = split_do(t.do, width)
        assert joined(segs, Seg.HASH_VALUE) == HASHLIB[alg](msg).digest()
        assert [s.ok for s in stats] == [True]
        assert [h.type for h, _ in segs] == [Seg.HASH_VALUE] and segs[0][0].last


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("alg, ref", [("shake128", hashlib.shake_128),
                                      ("shake256", hashlib.shake_256)])
def test_shake_output_on_do_equals_hashlib(width, alg, ref):
    for n, out in ((0, 0), (1, 1), (137, 200), (5, 70000)):
        msg = rnd(n, out)
        t = hash_transaction(alg, msg, width, out_len=out)
        segs, _ = split_do(t.do, width)
        assert joined(segs, Seg.HASH_VALUE) == ref(msg).digest(out)
        # LENGTH comes first, 4 bytes big-endian
        hs = pdi_headers(t.pdi, width)
        assert hs[0].type == Seg.LENGTH and hs[0].length == 4
        assert t.pdi[2].value >> (width - 32) == out
    # 70000 bytes do not fit one segment: 65532 (w=32) or 65520 (w=128) bytes per segment
    first = 65532 if width == 32 else 65520
    assert [h.length for h, _ in segs] == [first, 70000 - first]
    assert [h.eot for h, _ in segs] == [False, True]


@pytest.mark.parametrize("width", WIDTHS)
def test_keccak256_equals_pycryptodome(width):
    for n in LENS:
        msg = rnd(n, 7 * n)
        t = hash_transaction("keccak-256", msg, width)
        segs, _ = split_do(t.do, width)
        assert joined(segs, Seg.HASH_VALUE) == pykeccak.new(digest_bits=256, data=msg).digest()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("klen", (16, 24, 32))
def test_cmac_tag_on_do_equals_pycryptodome(width, klen):
    for n in LENS:
        key, msg = rnd(klen, n + 1), rnd(n, n + 2)
        t = mac_transaction("aes-cmac", key, msg, width, max_seg=32)
        segs, stats = split_do(t.do, width)
        assert joined(segs, Seg.TAG) == PyCMAC.new(key, msg, ciphermod=PyAES).digest()
        assert [s.ok for s in stats] == [True]
        # the key goes on SDI after LDKEY; ACTKEY and MAC on PDI
        assert decode_instruction(t.sdi[0].value, width).op == Op.LDKEY
        assert [decode_instruction(w.value, width).op for w in t.pdi if w.kind == "INS"] == \
            [Op.ACTKEY, Op.MAC]


@pytest.mark.parametrize("width", WIDTHS)
def test_gcm_on_do_equals_pycryptodome(width):
    for n, a in ((0, 0), (1, 0), (0, 5), (16, 20), (300, 33)):
        key, iv, ad, pt = rnd(16, n), rnd(12, n + 1), rnd(a, n + 2), rnd(n, n + 3)
        ref = PyAES.new(key, PyAES.MODE_GCM, nonce=iv)
        ref.update(ad)
        ct_ref, tag_ref = ref.encrypt_and_digest(pt)
        t = enc_transaction("aes-gcm", key, iv, ad, pt, width, max_seg=64)
        segs, stats = split_do(t.do, width)
        assert joined(segs, Seg.CT) == ct_ref and joined(segs, Seg.TAG) == tag_ref
        assert stats[-1].ok
        # CT segments mirror PT segments
        pt_lens = [h.length for h in pdi_headers(t.pdi, width) if h.type == Seg.PT]
        assert [h.length for h, _ in segs if h.type == Seg.CT] == pt_lens
        d = dec_transaction("aes-gcm", key, iv, ad, ct_ref, tag_ref, width, max_seg=64)
        dsegs, dstats = split_do(d.do, width)
        assert joined(dsegs, Seg.PT) == pt and dstats[-1].ok
        bad = dec_transaction("aes-gcm", key, iv, ad, ct_ref, bytes(16), width)
        assert [w.kind for w in bad.do] == ["STT"]
        assert decode_status(bad.do[0].value, width).reason == Reason.AUTH


@pytest.mark.parametrize("width", WIDTHS)
def test_fortuna_random_on_do_equals_an_independent_generator(width):
    # Fortuna per linecrypt.models.fortuna's docstring, from hashlib and pycryptodome's AES
    def generate(state, n):
        key, c = state
        out = b""
        for _ in range(-(-n // 16) + 2):
            out += PyAES.new(key, PyAES.MODE_ECB).encrypt(c.to_bytes(16, "little"))
            c += 1
        k = -(-n // 16) * 16
        return (out[k:k + 32], c), out[:n]

    seed, reseed = b"seed material", b"more"
    t = prng_transaction("fortuna", [("seed", seed), ("gen", 40), ("reseed", reseed),
                                     ("gen", 0), ("gen", 17)], width)
    segs, stats = split_do(t.do, width)
    state = (hashlib.sha256(bytes(32) + seed).digest(), 1)
    state, r1 = generate(state, 40)
    state = (hashlib.sha256(state[0] + reseed).digest(), state[1] + 1)
    state, r2 = generate(state, 0)
    state, r3 = generate(state, 17)
    assert [d for h, d in segs] == [r1, r2, r3]
    assert all(s.ok for s in stats) and len(stats) == 5


@pytest.mark.parametrize("width", WIDTHS)
def test_keccak_duplex_random_on_do_equals_shake256(width):
    # keccak-duplex per docs/lwc-protocol.md: the output of each duplexing call is hashlib's
    # SHAKE256 of the padded inputs of the calls before it and its own input (the
    # duplexing-sponge lemma)
    def pad(sigma):
        p = bytearray(sigma + b"\x1f" + bytes(135 - len(sigma)))
        p[135] ^= 0x80
        return bytes(p)

    hist = []

    def call(sigma):                                 # one duplexing call: its output
        z = hashlib.shake_256(b"".join(pad(x) for x in hist) + sigma).digest(135)
        hist.append(sigma)
        return z

    seed, reseed = bytes(range(135)) + b"x", b"more"
    call(seed[:135])
    z = call(seed[135:])                             # seed: two calls
    r1 = z[:40]
    call(z)                                          # forget
    z = call(reseed)                                 # reseed: one call
    r2 = z[:0]
    z = call(z)                                      # forget; its output starts the next request
    r3 = (z + call(b""))[:150]
    t = prng_transaction("keccak-duplex", [("seed", seed), ("gen", 40), ("reseed", reseed),
                                           ("gen", 0), ("gen", 150)], width)
    segs, stats = split_do(t.do, width)
    assert [d for h, d in segs] == [r1, r2, r3]
    assert all(s.ok for s in stats) and len(stats) == 5


@pytest.mark.parametrize("alg", ["fortuna", "keccak-duplex"])
def test_prng_before_seed_fails(alg):
    t = prng_transaction(alg, [("gen", 8), ("reseed", b"x")], 32)
    _, stats = split_do(t.do, 32)
    assert [s.reason for s in stats] == [Reason.NOT_SEEDED, Reason.NOT_SEEDED]


@pytest.mark.parametrize("width", WIDTHS)
def test_framing_flags(width):
    t = enc_transaction("aes-gcm", bytes(16), bytes(12), b"a" * 40, b"p" * 40, width,
                        max_seg=16)
    hs = pdi_headers(t.pdi, width)
    assert [h.type for h in hs] == [Seg.NPUB] + [Seg.AD] * 3 + [Seg.PT] * 3
    assert [h.length for h in hs] == [12, 16, 16, 8, 16, 16, 8]
    assert [h.eot for h in hs] == [True, False, False, True, False, False, True]
    assert [h.last for h in hs] == [False] * 6 + [True]
    assert [h.eoi for h in hs] == [False] * 6 + [True]
    # every word is what tag_stream reads it as
    for port in ("pdi", "sdi", "do"):
        s = getattr(t, port)
        assert tag_stream([w.value for w in s], width, port) == s
    # DO: EOI 0, Last on the segment before the status
    segs, _ = split_do(t.do, width)
    assert not any(h.eoi for h, _ in segs)
    assert [h.last for h, _ in segs] == [False, False, False, True]


def test_eoi_when_the_last_parts_are_empty():
    # EOI on the last non-empty input segment (the AD), not on the empty PT nor the TAG
    t = dec_transaction("aes-gcm", bytes(16), bytes(12), b"ad", b"", bytes(16), 32)
    hs = pdi_headers(t.pdi, 32)
    assert [(h.type, h.eoi) for h in hs] == [(Seg.NPUB, False), (Seg.AD, True),
                                             (Seg.CT, False), (Seg.TAG, False)]
    # all inputs empty: EOI on the last input segment
    t = hash_transaction("sha3-256", b"", 32)
    assert pdi_headers(t.pdi, 32) == [Header(Seg.HASH_MSG, 0, True, True, True)]


def test_lake_keyak_round_trip_through_the_builders():
    key, npub = bytes(range(16)), bytes(range(150))
    t = enc_transaction("lake-keyak", key, npub, b"ad", b"hello keyak", 32)
    segs, _ = split_do(t.do, 32)
    ct, tag = joined(segs, Seg.CT), joined(segs, Seg.TAG)
    d = dec_transaction("lake-keyak", key, npub, b"ad", ct, tag, 32)
    dsegs, dstats = split_do(d.do, 32)
    assert joined(dsegs, Seg.PT) == b"hello keyak" and dstats[-1].ok


@pytest.mark.parametrize("call, message", [
    (lambda: hash_transaction("sha3-256", b"", 32, out_len=8), "fixed digest length"),
    (lambda: hash_transaction("shake128", b"", 32), "needs an output length"),
    (lambda: hash_transaction("md5", b"", 32), "unknown algorithm 'md5'"),
    (lambda: hash_transaction("aes-gcm", b"", 32), "aes-gcm does not take HASH"),
    (lambda: enc_transaction("aes-gcm", bytes(15), bytes(12), b"", b"", 32), "16, 24 or 32"),
    (lambda: enc_transaction("aes-gcm", bytes(16), b"", b"", b"", 32), "1..64-byte NPUB"),
    (lambda: enc_transaction("lake-keyak", bytes(16), bytes(12), b"", b"", 32), "150-byte"),
    (lambda: dec_transaction("aes-gcm", bytes(16), bytes(12), b"", b"", bytes(8), 32),
     "TAG segment is 16 bytes"),
    (lambda: hash_transaction("sha3-256", b"", 64), "width must be 32 or 128"),
    (lambda: hash_transaction("sha3-256", b"", 32, max_seg=2), "max_seg must be 4..65535"),
    (lambda: prng_transaction("fortuna", [("gen", 1 << 21)], 32), "0..1048576"),
    (lambda: prng_transaction("fortuna", [("stir", 1)], 32), "unknown PRNG step"),
])
def test_bad_builder_arguments(call, message):
    with pytest.raises((ProtocolError, NotImplementedError), match=message):
        call()


def test_tag_stream_rejects_broken_streams():
    t = hash_transaction("sha3-256", b"abcde", 32)
    pdi = [w.value for w in t.pdi]
    with pytest.raises(ProtocolError, match="PDI word 1: a 5-byte segment needs 2 data words"):
        tag_stream(pdi[:-1], 32, "PDI")
    with pytest.raises(ProtocolError, match="no segment with Last = 1"):
        tag_stream([0x81200000, 0x76000000], 32, "PDI")
    with pytest.raises(ProtocolError, match="LDKEY is not an instruction of PDI"):
        tag_stream([0x40000000], 32, "PDI")
    with pytest.raises(ProtocolError, match="DO word 0"):
        tag_stream([0xE0000001], 32, "DO")


def test_keccak_mac_tag_on_do_equals_pycryptodome_keccak256():
    """Keccak-MAC with an empty IV is Keccak-256 (pycryptodome) of the padded KeyPack block and
    the message, truncated to 16 bytes."""
    from Crypto.Hash import keccak as pyc_keccak

    from linecrypt.models.keyak import keypack
    key, msg = bytes(range(16)), bytes(range(100))
    head = keypack(key)
    block = head + b"\x01" + bytes(136 - len(head) - 2) + b"\x80"
    ref = pyc_keccak.new(digest_bits=256, data=block + msg).digest()
    assert keccak_mac_hook(key, msg) == ref[:16]
