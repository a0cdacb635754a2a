# SPDX-License-Identifier: Apache-2.0
"""linecrypt.models.keyak against the Keccak team's Lake Keyak v2 unit-test transcript
(../shared/vectors/keyak/LakeKeyak.txt: 2672 sessions, 5064 Wrap records, and its global tag)
and the SUPERCOP self-test vector; decryption round trips and rejection of tampered inputs.

By default every session is replayed in the wrap direction, and a deterministic subset (every
key length, nonce length class and flag combination) also in the unwrap direction; the
unwrap direction for every session and the global tag run under ``-m slow``."""
import random

import pytest

from linecrypt.models import keyak
from linecrypt.vectors import read_keyak_transcript, read_nist, shared_vectors_dir

DIR = shared_vectors_dir() / "keyak"
GLOBAL_TAG = bytes.fromhex("7303c4ba1effc39d488065c2fd05f752")


@pytest.fixture(scope="module")
def transcript():
    return read_keyak_transcript(DIR / "LakeKeyak.txt")


@pytest.fixture(scope="module")
def sessions(transcript):
    return transcript["sessions"]


def _nonce_class(n: int) -> str:
    return "empty" if n == 0 else "full" if n == keyak.CAESAR_NONCE_BYTES else "partial"


def _kind(s: dict) -> tuple:
    st = s["start"]
    return (len(st["K"]), _nonce_class(len(st["N"])), st["tag_flag"], st["forget"],
            tuple(w["forget"] for w in s["wraps"]))


def _subset(sessions: list) -> list[int]:
    """Every 8th session, plus the first of each kind (key length, nonce class, flags)."""
    first = {}
    for i, s in enumerate(sessions):
        first.setdefault(_kind(s), i)
    return sorted(set(range(0, len(sessions), 8)) | set(first.values()))


def _replay_wrap(i: int, s: dict) -> None:
    st = s["start"]
    m = keyak.Motorist()
    t = m.start_engine(st["K"], st["N"], st["tag_flag"], None, st["unwrap"], st["forget"])
    assert t == (st["T"] if st["tag_flag"] else b""), f"session {i}: StartEngine tag"
    for j, w in enumerate(s["wraps"]):
        o, t = m.wrap(w["I"], w["A"], None, w["unwrap"], w["forget"])
        assert o == w["O"], f"session {i}, Wrap {j}: ciphertext"
        assert t == w["T"], f"session {i}, Wrap {j}: tag"


def _replay_unwrap(i: int, s: dict) -> None:
    st = s["start"]
    m = keyak.Motorist()
    assert m.start_engine(st["K"], st["N"], st["tag_flag"], st["T"], True, st["forget"]), i
    for j, w in enumerate(s["wraps"]):
        o, ok = m.wrap(w["O"], w["A"], w["T"], True, w["forget"])
        assert ok and o == w["I"], f"session {i}, Wrap {j}: unwrap"


# --- the transcript ----------------------------------------------------------------------------

def test_transcript_shape(transcript, sessions):
    assert len(sessions) == 2672
    assert sum(len(s["wraps"]) for s in sessions) == 5064
    assert transcript["global_tag"] == GLOBAL_TAG
    assert {s["instance"] for s in sessions} == {"Keyak[b=1600, nr=12, Π=1, c=256, τ=128]"}
    assert {len(s["start"]["K"]) for s in sessions} == set(range(16, 33))
    assert {len(s["start"]["N"]) for s in sessions} == set(range(151))
    assert {(s["start"]["tag_flag"], s["start"]["forget"]) for s in sessions} == {
        (False, False), (False, True), (True, False), (True, True)}
    # the transcript records the wrapping side only; the unwrap tests below add the other side
    assert not any(s["start"]["unwrap"] or any(w["unwrap"] for w in s["wraps"])
                   for s in sessions)


def test_subset_covers_every_kind(sessions):
    sub = _subset(sessions)
    assert len(sub) >= 300
    assert {_kind(sessions[i]) for i in sub} == {_kind(s) for s in sessions}


def test_every_session_wraps(sessions):
    for i, s in enumerate(sessions):
        _replay_wrap(i, s)


def test_subset_unwraps(sessions):
    for i in _subset(sessions):
        _replay_unwrap(i, sessions[i])


@pytest.mark.slow
def test_every_session_unwraps(sessions):
    for i, s in enumerate(sessions):
        _replay_unwrap(i, s)


@pytest.mark.slow
def test_global_tag(sessions):
    """The generator's running check: one Motorist (empty K and N) injects every tag and
    ciphertext of the transcript as metadata, in order; its last tag is the file's last line."""
    g = keyak.Motorist()
    g.start_engine(b"", b"")
    for s in sessions:
        if s["start"]["tag_flag"]:
            g.wrap(b"", s["start"]["T"])
        for w in s["wraps"]:
            g.wrap(b"", w["O"])
            g.wrap(b"", w["T"])
    assert g.wrap(b"", b"")[1] == GLOBAL_TAG


# --- the CAESAR API ----------------------------------------------------------------------------

def test_supercop_selftest():
    (v,) = read_nist(DIR / "LakeKeyak_SUPERCOP_selftest.txt")
    key, ad, pt, ct = (bytes.fromhex(v[k]) for k in ("Key", "AD", "PT", "CT"))
    nonce = bytes.fromhex(v["Nonce"]).ljust(keyak.CAESAR_NONCE_BYTES, b"\0")
    assert keyak.lake_keyak_encrypt(key, nonce, ad, pt) == ct
    assert keyak.lake_keyak_decrypt(key, nonce, ad, ct) == pt


def test_caesar_api_is_the_first_wrap_of_a_session(sessions):
    """The 530 transcript sessions with a 16-byte key, a 150-byte nonce and neither tagFlag nor
    forgetFlag: their first Wrap is the CAESAR ciphertext || tag."""
    caesar = [s for s in sessions if len(s["start"]["K"]) == 16 and len(s["start"]["N"]) == 150
              and not s["start"]["tag_flag"] and not s["start"]["forget"]
              and not s["wraps"][0]["forget"]]
    assert len(caesar) == 530
    for s in caesar[::10]:
        st, w = s["start"], s["wraps"][0]
        assert keyak.lake_keyak_encrypt(st["K"], st["N"], w["A"], w["I"]) == w["O"] + w["T"]
        assert keyak.lake_keyak_decrypt(st["K"], st["N"], w["A"], w["O"] + w["T"]) == w["I"]


LENGTHS = [0, 1, 15, 16, 167, 168, 169, 191, 192, 193, 360, 400]


def test_round_trips():
    rng = random.Random(1)
    for n in LENGTHS:
        for a in (0, 1, 24, 191, 192, 193, 385):
            key, nonce = rng.randbytes(16), rng.randbytes(150)
            ad, msg = rng.randbytes(a), rng.randbytes(n)
            ct = keyak.lake_keyak_encrypt(key, nonce, ad, msg)
            assert len(ct) == n + 16
            assert keyak.lake_keyak_decrypt(key, nonce, ad, ct) == msg


def _flip(b: bytes, i: int, bit: int = 0) -> bytes:
    x = bytearray(b)
    x[i] ^= 1 << bit
    return bytes(x)


def test_tampering_is_rejected():
    rng = random.Random(2)
    key, nonce = rng.randbytes(16), rng.randbytes(150)
    ad, msg = rng.randbytes(40), rng.randbytes(200)
    ct = keyak.lake_keyak_encrypt(key, nonce, ad, msg)
    dec = keyak.lake_keyak_decrypt
    for i in (0, 7, 15):
        assert dec(key, nonce, ad, ct[:-16] + _flip(ct[-16:], i, i % 8)) is None, "tag"
    for i in (0, 100, 167, 168, 199):
        assert dec(key, nonce, ad, _flip(ct, i, 7)) is None, f"ciphertext byte {i}"
    for i in (0, 39):
        assert dec(key, nonce, _flip(ad, i), ct) is None, f"AD byte {i}"
    assert dec(key, nonce, ad + b"\0", ct) is None
    assert dec(key, nonce, ad[:-1], ct) is None
    for i in (0, 75, 149):
        assert dec(key, _flip(nonce, i), ad, ct) is None, f"nonce byte {i}"
    assert dec(_flip(key, 5), nonce, ad, ct) is None, "key"
    assert dec(key, nonce, ad, ct[:-17] + ct[-16:]) is None, "truncated ciphertext"
    assert dec(key, nonce, ad, ct[-15:]) is None, "shorter than a tag"


def test_caesar_lengths_are_checked():
    with pytest.raises(keyak.KeyakError):
        keyak.lake_keyak_encrypt(bytes(15), bytes(150), b"", b"")
    with pytest.raises(keyak.KeyakError):
        keyak.lake_keyak_decrypt(bytes(16), bytes(149), b"", bytes(16))


# --- the Motorist ------------------------------------------------------------------------------

def test_parameters():
    assert (keyak.RS, keyak.RA, keyak.C_PRIME, keyak.LK) == (168, 192, 256, 40)
    assert (keyak.EOM, keyak.CRYPT_END, keyak.INJECT_START, keyak.INJECT_END) == (
        192, 193, 194, 195)
    assert keyak.keypack(bytes(range(1, 17))) == (
        bytes([40]) + bytes(range(1, 17)) + b"\x01" + bytes(22))
    with pytest.raises(keyak.KeyakError):
        keyak.keypack(bytes(39))


def test_session_with_flags_round_trips():
    """A session of several Wraps with tagFlag and forgetFlag, a 200-byte nonce (two-block SUV,
    beyond the transcript), unwrapped by a second Motorist."""
    rng = random.Random(3)
    key, nonce = rng.randbytes(32), rng.randbytes(200)
    w, u = keyak.Motorist(), keyak.Motorist()
    t = w.start_engine(key, nonce, True, None, False, True)
    assert len(t) == 16 and u.start_engine(key, nonce, True, t, True, True)
    for n, a, forget in [(0, 0, False), (500, 3, True), (1, 700, False), (168, 24, True)]:
        msg, ad = rng.randbytes(n), rng.randbytes(a)
        ct, tag = w.wrap(msg, ad, None, False, forget)
        assert u.wrap(ct, ad, tag, True, forget) == (msg, True)


def test_failed_unwrap_stops_the_session():
    w, u = keyak.Motorist(), keyak.Motorist()
    key, nonce = bytes(16), bytes(150)
    w.start_engine(key, nonce)
    u.start_engine(key, nonce, unwrap=True)
    ct, tag = w.wrap(b"message", b"ad")
    assert u.wrap(ct, b"ad", _flip(tag, 0), True) == (b"", False)
    with pytest.raises(keyak.KeyakError):
        u.wrap(ct, b"ad", tag, True)
    with pytest.raises(keyak.KeyakError):
        w.start_engine(key, nonce)
    v = keyak.Motorist()
    t = keyak.Motorist().start_engine(key, nonce, True)
    assert v.start_engine(key, nonce, True, _flip(t, 3), True) is False
    with pytest.raises(keyak.KeyakError):
        keyak.Motorist().wrap(b"", b"")
