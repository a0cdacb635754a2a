# SPDX-License-Identifier: Apache-2.0
"""linecrypt.oracles.aead (the expected values of the AEAD engine benches and the CLI) against
RFC 7253 and NIST CAVP records from cryptography_vectors, its sources against each other
(pycryptodome, pyca/cryptography, Botan, and the model where it stands in), its fallback when
Botan is missing; and the pure parts of the engine bench ip/aead/tb/aead_bench.py (beat
packing, tkeep, the parts of a message, expected status codes, framing checks)."""
import random
from pathlib import Path

import pytest

from aead_bench import (AUTH_FAIL, DECRYPT, ENCRYPT, ERR_LENGTH, ERR_NONCE, ERR_OP, ERR_SLOT,
                        ERR_TAG_LEN, ERR_TOO_LONG, OK, Expected, Message, OutBeat, Result,
                        bad_tkeep, beat_bytes, check_framing, compare, expect, expected_status,
                        keep_bits, keep_count, message_beats, move_tlast, nonce_field, pack_beat,
                        part_beats, parts, unpack_beat)
from linecrypt.oracles import aead, botan
from linecrypt.oracles.blockciphers import REQUIRE_BOTAN_ENV, BotanMissing, ModelFallbackWarning
from linecrypt.vectors import cryptography_vectors_dir, read_nist

VEC = cryptography_vectors_dir() / "ciphers" / "AES"


def _flip(data: bytes, i: int = 0, bit: int = 0x01) -> bytes:
    return data[:i] + bytes([data[i] ^ bit]) + data[i + 1:]


def _lib_sources(mode, cipher, nonce_len, tag_len):
    """The library sources covering a case (the model excluded)."""
    return [s for s in aead.sources_for(mode, cipher, nonce_len, tag_len) if s != "model"]


# --- RFC 7253 and CAVP records -------------------------------------------------------------------

def test_rfc7253_records_every_source():
    # Appendix A's AES-128 examples (12-byte nonces, 16-byte tags): pycryptodome, pyca and
    # Botan all cover them; each must reproduce every record and open it.
    records = read_nist(VEC / "OCB3" / "rfc7253.txt")
    assert len(records) >= 16
    for src in ("pycryptodome", "pyca", "botan"):
        if src == "botan" and not botan.available():
            continue
        jobs, want = [], []
        for r in records:
            key, nonce = bytes.fromhex(r["Key"]), bytes.fromhex(r["Nonce"])
            ad, pt = bytes.fromhex(r.get("AAD", "")), bytes.fromhex(r.get("Plaintext", ""))
            ct = bytes.fromhex(r["Ciphertext"])
            jobs.append((key, nonce, ad, pt, 16))
            want.append((ct[:len(pt)], ct[len(pt):]))
        got = aead.seal_many("ocb", "aes", jobs, source=src)
        assert got == want, src
        assert all(g.source == src for g in got)
        back = aead.open_many("ocb", "aes", [(k, n, a, c, t) for (k, n, a, _, _), (c, t)
                                             in zip(jobs, want)], source=src)
        assert back == [p for _, _, _, p, _ in jobs], src
    # the default source
    r = records[5]
    s = aead.seal("ocb", "aes", bytes.fromhex(r["Key"]), bytes.fromhex(r["Nonce"]),
                  bytes.fromhex(r.get("AAD", "")), bytes.fromhex(r.get("Plaintext", "")), 16)
    assert s.source == "pycryptodome" and (s.ciphertext + s.tag).hex().upper() == r["Ciphertext"]


def test_rfc7253_taglen96_and_other_nonce_lengths():
    # RFC 7253 Appendix A's AEAD_AES_128_OCB_TAGLEN96 example (pycryptodome, Botan: 12-byte tag)
    key = bytes.fromhex("0F0E0D0C0B0A09080706050403020100")
    nonce = bytes.fromhex("BBAA9988776655443322110D")
    ad = pt = bytes(range(40))
    ct = bytes.fromhex("1792A4E31E0755FB03E31B22116E6C2DDF9EFD6E33D536F1A0124B0A55BAE884"
                       "ED93481529C76B6AD0C515F4D1CDD4FDAC4F02AA")
    for src in _lib_sources("ocb", "aes", 12, 12):
        assert aead.seal("ocb", "aes", key, nonce, ad, pt, 12, source=src) == (ct[:40], ct[40:]), src
        assert aead.open_("ocb", "aes", key, nonce, ad, ct[:40], ct[40:], source=src) == pt, src
    # dkg's vector files: 13..15-byte nonces
    for n in (104, 112, 120):
        for r in read_nist(VEC / "OCB3" / f"test-vector-1-nonce{n}.txt")[:4]:
            key, nonce = bytes.fromhex(r["Key"]), bytes.fromhex(r["Nonce"])
            ad, pt = bytes.fromhex(r.get("AAD", "")), bytes.fromhex(r.get("Plaintext", ""))
            ct = bytes.fromhex(r["Ciphertext"])
            assert len(nonce) == n // 8
            assert aead.seal("ocb", "aes", key, nonce, ad, pt, 16) == (ct[:len(pt)], ct[len(pt):])


def read_cavp_gcm(path: Path) -> list[dict]:
    """CAVP GCM records with their section's lengths; ``fail`` from a bare FAIL line."""
    out, head, cur = [], {}, None
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if line.startswith("[") and line.endswith("]"):
            k, v = (x.strip() for x in line[1:-1].split("=", 1))
            head[k] = int(v)
        elif line == "FAIL":
            cur["fail"] = True
        elif line.startswith("Count"):
            cur = {"fail": False, "Taglen": head["Taglen"] // 8, "IVlen": head["IVlen"] // 8}
            out.append(cur)
        elif "=" in line and cur is not None:
            k, v = (x.strip() for x in line.split("=", 1))
            cur[k] = bytes.fromhex(v)
    return out


def _cavp_pick(records: list[dict], decrypt: bool) -> list[dict]:
    """Per (IV length, tag length): a record with AD and text, and in decryption files a FAIL one."""
    picked = {}
    for r in records:
        kind = (r["IVlen"], r["Taglen"], r["fail"])
        if kind not in picked and (r["fail"] or (r["AAD"] and r["CT"])):
            picked[kind] = r
    assert len(picked) == (42 if decrypt else 21)
    return list(picked.values())


@pytest.mark.parametrize("bits", [128, 256])
def test_cavp_gcm_records_every_source(bits):
    enc = _cavp_pick(read_cavp_gcm(VEC / "GCM" / f"gcmEncryptExtIV{bits}.rsp"), False)
    dec = _cavp_pick(read_cavp_gcm(VEC / "GCM" / f"gcmDecrypt{bits}.rsp"), True)
    assert {r["IVlen"] for r in enc} == {1, 12, 128}
    assert {r["Taglen"] for r in enc} == set(aead.GCM_TAG_LENGTHS)
    for src in ("pycryptodome", "pyca", "botan", None):
        if src == "botan" and not botan.available():
            continue

        def covered(rs):
            return [r for r in rs if src is None
                    or src in aead.sources_for("gcm", "aes", r["IVlen"], r["Taglen"])]
        e = covered(enc)
        got = aead.seal_many("gcm", "aes", [(r["Key"], r["IV"], r["AAD"], r["PT"], r["Taglen"]) for r in e],
                             source=src)
        assert got == [(r["CT"], r["Tag"]) for r in e], src
        d = covered(dec)
        back = aead.open_many("gcm", "aes", [(r["Key"], r["IV"], r["AAD"], r["CT"], r["Tag"]) for r in d],
                              source=src)
        assert back == [None if r["fail"] else r["PT"] for r in d], src
        assert sum(r["fail"] for r in d) >= (14 if src == "pyca" else 21), src
    assert got[0].source == "pycryptodome"


# --- the sources against each other ---------------------------------------------------------------

def _random_cases(rng, mode, n):
    """(key, nonce, ad, msg, tag_len): every legal tag length, and for OCB every other case with
    a tag Botan takes (8, 12, 16) and a nonce pyca takes (12..15)."""
    r = aead.rules(mode)
    nonces = [1, 7, 8, 11, 12, 12, 13, 15] + ([16, 17, 64, 129] if mode == "gcm" else [])
    for i in range(n):
        t = r.tag_lens[(i // 2) % len(r.tag_lens)]
        nlen = rng.choice(nonces)
        if mode == "ocb" and i % 2:
            t, nlen = (8, 12, 16)[(i // 2) % 3], rng.choice((12, 13, 14, 15))
        yield (rng.randbytes((16, 24, 32)[i % 3]), rng.randbytes(nlen),
               rng.randbytes(rng.choice((0, 1, 15, 16, 17, 40))),
               rng.randbytes(rng.choice((0, 1, 15, 16, 17, 33, 64, 70))), t)


@pytest.mark.parametrize("mode", aead.MODES)
def test_sources_agree_aes(mode):
    seed = 27 + (mode == "gcm")
    rng = random.Random(seed)
    cases = list(_random_cases(rng, mode, 120))
    by_src = {}
    for src in aead.SOURCES:
        if src == "botan" and not botan.available():
            continue
        idx = [i for i, c in enumerate(cases) if src in aead.sources_for(mode, "aes", len(c[1]), c[4])]
        by_src[src] = dict(zip(idx, aead.seal_many(mode, "aes", [cases[i] for i in idx], source=src)))
    compared = {s: 0 for s in by_src}
    for i, (key, nonce, ad, pt, t) in enumerate(cases):
        libs = [s for s in by_src if s != "model" and i in by_src[s]]
        results = {by_src[s][i] for s in libs} | {by_src["model"][i]}
        assert len(results) == 1, (seed, i, libs)
        if len(libs) >= 2:
            for s in libs:
                compared[s] += 1
    # cases where two or more libraries agree, per library (OCB: Botan takes tags 8, 12, 16 only)
    assert min(n for s, n in compared.items() if s != "model") >= 10, compared
    # every source opens what the default sealed, and rejects a flipped tag bit
    for src in by_src:
        idx = list(by_src[src])
        good = [(cases[i][0], cases[i][1], cases[i][2], *by_src[src][i]) for i in idx]
        bad = [(k, n, a, c, _flip(t, len(t) - 1, 0x80)) for k, n, a, c, t in good]
        back = aead.open_many(mode, "aes", good + bad, source=src)
        assert back[:len(idx)] == [cases[i][3] for i in idx], src
        assert back[len(idx):] == [None] * len(idx), src


@pytest.mark.parametrize("mode", aead.MODES)
def test_sources_agree_serpent(mode, need_botan):
    seed = 29 + (mode == "gcm")
    rng = random.Random(seed)
    cases = list(_random_cases(rng, mode, 40))
    got = aead.seal_many(mode, "serpent", cases)
    model = aead.seal_many(mode, "serpent", cases, source="model")
    assert got == model, seed
    want_src = ["botan" if "botan" in aead.sources_for(mode, "serpent", len(c[1]), c[4]) else "model"
                for c in cases]
    assert [g.source for g in got] == want_src
    assert want_src.count("botan") >= 15
    opened = aead.open_many(mode, "serpent", [(k, n, a, *g) for (k, n, a, _, _), g in zip(cases, got)]
                            + [(k, n, a, g[0], _flip(g[1])) for (k, n, a, _, _), g in zip(cases, got)])
    assert opened == [c[3] for c in cases] + [None] * len(cases)


def test_serpent_botan_takes_aes_too(need_botan):
    # Botan's AES agrees with pycryptodome: a check that the Botan job names carry the key size
    rng = random.Random(31)
    for mode in aead.MODES:
        cases = list(_random_cases(rng, mode, 12))
        libs = [c for c in cases if "botan" in aead.sources_for(mode, "aes", len(c[1]), c[4])]
        assert aead.seal_many(mode, "aes", libs, source="botan") == \
            aead.seal_many(mode, "aes", libs, source="model")


def test_short_ocb_tags_come_from_the_model():
    # No library takes OCB tags of 1..7 bytes: the model, visibly. TAGLEN enters the nonce
    # formatting, so a short tag is not a prefix of the 16-byte one.
    key, nonce, ad, pt = bytes(range(16)), bytes(range(12)), b"ad", b"message"
    for t in range(1, 8):
        assert aead.sources_for("ocb", "aes", 12, t) == ["model"]
        s = aead.seal("ocb", "aes", key, nonce, ad, pt, t)
        assert s.source == "model" and len(s.tag) == t
        assert s.tag != aead.seal("ocb", "aes", key, nonce, ad, pt, 16).tag[:t]
        assert aead.open_("ocb", "aes", key, nonce, ad, *s) == pt
        assert aead.open_("ocb", "aes", key, nonce, ad, s.ciphertext, _flip(s.tag)) is None
    assert aead.sources_for("ocb", "serpent", 12, 13) == ["model"]


def test_decrypt_unverified():
    rng = random.Random(32)
    for mode in aead.MODES:
        for cipher in aead.CIPHERS:
            if cipher == "serpent" and not botan.available():
                continue
            for t in (aead.rules(mode).tag_lens[0], 8, 16):
                key, nonce, pt = rng.randbytes(16), rng.randbytes(12), rng.randbytes(37)
                ct, _ = aead.seal(mode, cipher, key, nonce, b"x", pt, t)
                got, src = aead.decrypt_unverified(mode, cipher, key, nonce, ct, t)
                assert got == pt, (mode, cipher, t, src)


# --- rules, sources and the Botan fallback -------------------------------------------------------

def test_rules_and_bad_parameters():
    ocb, gcm = aead.rules("ocb"), aead.rules("gcm")
    assert (ocb.nonce_lens, ocb.tag_lens) == (range(1, 16), tuple(range(1, 17)))
    assert (gcm.nonce_lens, gcm.tag_lens) == (range(1, 65536), (4, 8, 12, 13, 14, 15, 16))
    assert [gcm.nonce_in_data(n) for n in (0, 1, 11, 12, 13, 65535)] == [False, True, True, False, True, True]
    assert not any(ocb.nonce_in_data(n) for n in range(17))
    for mode, cipher, n, t in (("ocb", "aes", 0, 16), ("ocb", "aes", 16, 16), ("ocb", "aes", 12, 0),
                               ("ocb", "aes", 12, 17), ("gcm", "aes", 0, 16), ("gcm", "aes", 12, 5),
                               ("gcm", "aes", 12, 3), ("gcm", "des", 12, 16), ("ccm", "aes", 12, 16)):
        with pytest.raises(aead.AeadParamError):
            aead.seal(mode, cipher, bytes(16), bytes(n), b"", b"", t)
    with pytest.raises(aead.AeadParamError):
        aead.seal("gcm", "aes", bytes(16), bytes(7), b"", b"", 16, source="pyca")   # pyca: IV >= 8
    with pytest.raises(aead.AeadParamError):
        aead.seal("gcm", "aes", bytes(15), bytes(12), b"", b"", 16)
    assert aead.sources_for("gcm", "aes", 7, 4, installed=False) == ["pycryptodome", "botan", "model"]
    assert aead.sources_for("ocb", "aes", 11, 16, installed=False) == ["pycryptodome", "botan", "model"]
    assert aead.sources_for("ocb", "aes", 12, 13, installed=False) == ["pycryptodome", "model"]
    assert aead.sources_for("gcm", "serpent", 1, 4, installed=False) == ["botan", "model"]


@pytest.fixture
def no_botan(monkeypatch):
    """As on a machine without python3-botan, outside CI."""
    monkeypatch.setattr(botan, "available", lambda: False)
    monkeypatch.delenv(REQUIRE_BOTAN_ENV, raising=False)


def test_serpent_without_botan_warns(no_botan):
    key, nonce = bytes(range(32)), bytes(12)
    with pytest.warns(ModelFallbackWarning, match=r"^3 Serpent-GCM block\(s\) checked against"):
        s = aead.seal("gcm", "serpent", key, nonce, bytes(20), bytes(20), 16)
    assert s.source == "model"
    assert aead.source_of("ocb", "serpent", 12, 16) == "model"
    with pytest.warns(ModelFallbackWarning, match="Serpent-OCB"):
        assert aead.open_("ocb", "serpent", key, nonce, b"", b"", b"\0" * 16) is None
    # AES never needs Botan
    assert aead.seal("gcm", "aes", bytes(16), nonce, b"", b"", 16).source == "pycryptodome"


def test_serpent_without_botan_is_an_error_when_required(no_botan, monkeypatch):
    monkeypatch.setenv(REQUIRE_BOTAN_ENV, "1")
    with pytest.raises(BotanMissing, match="LINECRYPT_REQUIRE_BOTAN=1"):
        aead.seal("ocb", "serpent", bytes(16), bytes(12), b"", b"x", 16)


# --- the bench's pure functions -------------------------------------------------------------------

def test_keep_bits_layout():
    # byte j of lane q is tkeep bit 16q + 15 - j
    assert keep_bits(0, 1) == 0 and keep_bits(16, 1) == 0xFFFF
    assert keep_bits(1, 1) == 0x8000 and keep_bits(3, 1) == 0xE000
    assert keep_bits(17, 2) == 0xFFFF | (0x8000 << 16)
    assert keep_bits(20, 2) == 0xFFFF | (0xF000 << 16)
    assert keep_bits(64, 4) == (1 << 64) - 1
    for lanes in (1, 2, 4):
        assert [keep_count(keep_bits(n, lanes), lanes) for n in range(16 * lanes + 1)] == \
            list(range(16 * lanes + 1))
    assert keep_count(0x0001, 1) is None and keep_count(0xFFFF | (0x4000 << 16), 2) is None
    with pytest.raises(ValueError):
        keep_bits(17, 1)


def test_pack_and_unpack_beat():
    data = bytes(range(1, 33))
    tdata, tkeep = pack_beat(data, 2)
    # lane 0 at [127:0] with byte 0 at [127:120]; lane 1 at [255:128]
    assert (tdata >> 120) & 0xFF == 1 and tdata & 0xFF == 16
    assert (tdata >> 248) & 0xFF == 17 and (tdata >> 128) & 0xFF == 32
    assert tkeep == (1 << 32) - 1
    assert unpack_beat(tdata, tkeep, 2) == data and beat_bytes(tdata, 2) == data
    tdata, tkeep = pack_beat(data[:19], 2)
    assert tkeep == 0xFFFF | (0xE000 << 16)
    assert unpack_beat(tdata, tkeep, 2) == data[:19]
    assert beat_bytes(tdata, 2) == data[:19] + bytes(13)
    # standard AXI: tkeep bit i qualifies tdata[8i+7:8i]
    for i in range(32):
        assert ((tkeep >> i) & 1) == (((tdata >> (8 * i)) & 0xFF) != 0)
    rng = random.Random(9)
    for lanes in (1, 2, 4):
        for n in range(16 * lanes + 1):
            chunk = rng.randbytes(n)
            assert unpack_beat(*pack_beat(chunk, lanes), lanes) == chunk


def test_part_beats_and_parts():
    assert part_beats(b"", 1) == []
    beats = part_beats(bytes(range(40)), 1)
    assert [keep_count(b.tkeep, 1) for b in beats] == [16, 16, 8]
    assert [b.tlast for b in beats] == [False, False, True]
    assert b"".join(unpack_beat(b.tdata, b.tkeep, 1) for b in beats) == bytes(range(40))
    assert [(b.tkeep, b.tlast) for b in part_beats(bytes(64), 4)] == [((1 << 64) - 1, True)]
    iv12, iv13 = bytes(12), bytes(range(13))
    enc = Message(ENCRYPT, 0, iv12, ad=b"a" * 17, data=b"p" * 5)
    assert parts("gcm", enc) == [("ad", b"a" * 17), ("msg", b"p" * 5)]
    assert parts("gcm", Message(ENCRYPT, 0, iv13, data=b"p")) == [("iv", iv13), ("msg", b"p")]
    assert parts("ocb", Message(ENCRYPT, 0, iv13, data=b"p")) == [("msg", b"p")]
    assert parts("gcm", Message(ENCRYPT, 0, iv12)) == []          # no data beats at all
    dec = Message(DECRYPT, 1, iv13, ad=b"a", data=b"", tag_len=4, tag=b"tttt")
    assert parts("gcm", dec) == [("iv", iv13), ("ad", b"a"), ("tag", b"tttt")]
    beats = message_beats("gcm", Message(DECRYPT, 0, iv13, b"a" * 33, b"c" * 16, 16, b"t" * 16), 2)
    assert [(keep_count(b.tkeep, 2), b.tlast) for b in beats] == \
        [(13, True), (32, False), (1, True), (16, True), (16, True)]
    assert nonce_field(iv13) == int.from_bytes(iv13 + bytes(3), "big")
    assert nonce_field(bytes(range(20))) == int.from_bytes(bytes(range(16)), "big")


def test_mangles_and_expected_status():
    base = Message(ENCRYPT, 0, bytes(12), ad=b"a" * 20, data=b"p" * 20, id=3)
    key = bytes(16)
    assert expected_status("gcm", base, key) is None
    assert expected_status("gcm", base, None) == ERR_SLOT
    d = base.desc()
    assert (d["nonce_len"], d["ad_len"], d["msg_len"], d["tag_len"], d["id"]) == (12, 20, 20, 16, 3)
    bad = Message(ENCRYPT, 0, bytes(12), data=b"p" * 20, mangle=bad_tkeep(-1, 1 << 15))
    beats = message_beats("gcm", bad, 1)
    assert keep_count(beats[-1].tkeep, 1) is None and keep_count(beats[0].tkeep, 1) == 16
    assert expected_status("gcm", bad, key) == ERR_LENGTH
    early = Message(ENCRYPT, 0, bytes(12), data=b"p" * 20, mangle=move_tlast(0, True))
    assert [b.tlast for b in message_beats("gcm", early, 1)] == [True, True]
    assert expected_status("ocb", early, key) == ERR_LENGTH
    for fields, code in (({"msg_len": 21}, ERR_LENGTH), ({"ad_len": 0}, ERR_LENGTH),
                         ({"nonce_len": 0}, ERR_NONCE), ({"nonce_len": 13}, ERR_LENGTH),
                         ({"tag_len": 5}, ERR_TAG_LEN), ({"op": DECRYPT}, ERR_LENGTH)):
        m = Message(**{**base.__dict__, **fields})
        assert expected_status("gcm", m, key) == code, fields
    assert expected_status("ocb", Message(**{**base.__dict__, "nonce_len": 13}), key) is None
    assert expected_status("ocb", Message(**{**base.__dict__, "nonce": bytes(16)}), key) == ERR_NONCE
    assert expected_status("ocb", Message(**{**base.__dict__, "tag_len": 5}), key) is None
    assert expected_status("ocb", base, key, decrypt=1) == ERR_OP
    assert expected_status("gcm", base, key, decrypt=1) is None
    assert expected_status("gcm", base, key, max_msg=19) == ERR_TOO_LONG
    assert expected_status("gcm", base, key, max_msg=20) is None


def test_expect_against_the_oracle():
    key, iv = bytes(range(16)), bytes(range(13))
    enc = Message(ENCRYPT, 0, iv, ad=b"head", data=b"payload" * 5, tag_len=12)
    e = expect(enc, "gcm", "aes", key)
    s = aead.seal("gcm", "aes", key, iv, b"head", b"payload" * 5, 12)
    assert (e.output, e.tag, e.code, e.source) == (s.ciphertext, s.tag, OK, "pycryptodome")
    dec = Message(DECRYPT, 0, iv, b"head", s.ciphertext, 12, s.tag)
    assert expect(dec, "gcm", "aes", key) == Expected(b"payload" * 5, None, OK, "pycryptodome")
    forged = Message(DECRYPT, 0, iv, b"head", s.ciphertext, 12, _flip(s.tag))
    assert expect(forged, "gcm", "aes", key).output == b"payload" * 5      # HOLD = 0
    assert expect(forged, "gcm", "aes", key).code == AUTH_FAIL
    assert expect(forged, "gcm", "aes", key, hold=True) == Expected(b"", None, AUTH_FAIL, "pycryptodome")
    # OCB with a short tag (model) and the unverified plaintext of a forged message
    s = aead.seal("ocb", "aes", key, iv, b"", b"x" * 30, 4)
    e = expect(Message(DECRYPT, 0, iv, b"", s.ciphertext, 4, _flip(s.tag)), "ocb", "aes", key)
    assert (e.output, e.code, e.source) == (b"x" * 30, AUTH_FAIL, "model")


def _ob(lanes, data, tid=1, last=False, tag=False, n=None):
    tdata, tkeep = pack_beat(data, lanes)
    return OutBeat(tdata, keep_bits(len(data) if n is None else n, lanes), last, tag, tid, 0)


def _res(msg, code, beats, lanes=1):
    data = b"".join(unpack_beat(b.tdata, b.tkeep, lanes) for b in beats if not b.ttag)
    tags = [b for b in beats if b.ttag]
    return Result(msg, code, msg.id, data, unpack_beat(tags[0].tdata, tags[0].tkeep, lanes) if tags else None,
                  bool(beats) and beats[-1].tkeep == 0, beats, 0, 10)


def test_check_framing():
    enc = Message(ENCRYPT, 0, bytes(12), data=bytes(20), tag_len=8, id=1)
    good = [_ob(1, bytes(16)), _ob(1, bytes(4)), _ob(1, bytes(8), last=True, tag=True)]
    check_framing(_res(enc, OK, good), 1)
    compare(_res(enc, OK, good), Expected(bytes(20), bytes(8), OK))
    with pytest.raises(AssertionError, match="tag"):
        compare(_res(enc, OK, good), Expected(bytes(20), b"\1" * 8, OK))
    with pytest.raises(AssertionError, match="status"):
        compare(_res(enc, OK, good), Expected(bytes(20), bytes(8), AUTH_FAIL))
    broken = {
        "tlast": [_ob(1, bytes(16), last=True), _ob(1, bytes(4)), _ob(1, bytes(8), last=True, tag=True)],
        "tid": [_ob(1, bytes(16), tid=2), _ob(1, bytes(4)), _ob(1, bytes(8), last=True, tag=True)],
        "holds 4 bytes": [_ob(1, bytes(4)), _ob(1, bytes(16)), _ob(1, bytes(8), last=True, tag=True)],
        "not bytes 0": [_ob(1, bytes(16)), OutBeat(0, 0x0F00, False, False, 1, 0),
                        _ob(1, bytes(8), last=True, tag=True)],
        "without a tag beat": [_ob(1, bytes(16)), _ob(1, bytes(4), last=True)],
        "tag beat of 7": [_ob(1, bytes(16)), _ob(1, bytes(4)), _ob(1, bytes(7), last=True, tag=True)],
        "empty beat": [_ob(1, bytes(16)), _ob(1, bytes(4)), _ob(1, b"", last=True)],
    }
    for what, beats in broken.items():
        with pytest.raises(AssertionError, match=what):
            check_framing(_res(enc, OK, beats), 1)
    # a tkeep = 0 closing beat is fine under an error, output of a dropped message is not
    check_framing(_res(enc, ERR_LENGTH, [_ob(1, bytes(16)), _ob(1, b"", last=True)]), 1)
    with pytest.raises(AssertionError, match="dropped"):
        check_framing(_res(enc, ERR_SLOT, [_ob(1, b"", last=True)]), 1)
    dec = Message(DECRYPT, 0, bytes(12), data=bytes(20), tag_len=8, tag=bytes(8), id=1)
    with pytest.raises(AssertionError, match="tag beat on a decryption"):
        check_framing(_res(dec, OK, [_ob(1, bytes(16)), _ob(1, bytes(4)),
                                     _ob(1, bytes(8), last=True, tag=True)]), 1)
    fail = [_ob(1, bytes(16)), _ob(1, bytes(4), last=True)]
    check_framing(_res(dec, AUTH_FAIL, fail), 1)
    with pytest.raises(AssertionError, match="HOLD"):
        check_framing(_res(dec, AUTH_FAIL, fail), 1, hold=True)
    check_framing(_res(dec, AUTH_FAIL, []), 1, hold=True)
