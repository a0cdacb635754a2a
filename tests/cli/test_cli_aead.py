# SPDX-License-Identifier: Apache-2.0
"""`linecrypt encrypt|decrypt --mode gcm|ocb` per ../shared/CLI.md, both back ends, against
pycryptodome and pyca/cryptography (AES) and Botan (Serpent); authentication failures; user
errors; the engines' harness (sim/harness/aead_engine_main.cpp) and `linecrypt bench` on them.

The RTL tests run the engines (ip/gcm/rtl/gcm_engine.v, ip/ocb/rtl/ocb3_engine.v); each builds
one one-lane design point (cached under build/harness/)."""
import os
import random
import subprocess
import sys

import pytest
from Crypto.Cipher import AES as PyAES
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, AESOCB3

from linecrypt.designs import aead_cli_design, known, lookup
from linecrypt.host.aead_device import engine_available
from linecrypt.oracles import botan

CLI = [sys.executable, "-m", "linecrypt.cli"]
AUTH_FAILED = "linecrypt: authentication failed\n"


def lc(*args, data=b"", check=True):
    r = subprocess.run([*CLI, *args], input=data, capture_output=True, timeout=900)
    if check:
        assert r.returncode == 0, r.stderr.decode()
    return r


def run(capsys, tmp_path, *args, data=b"", out_name=None):
    """The CLI in this process (no interpreter start-up per call): (exit status, output bytes or
    None when no output file exists, stderr). The output goes to a new file unless ``out_name``
    names one that exists."""
    from linecrypt.cli import main
    src, dst = tmp_path / "in.bin", tmp_path / (out_name or "out.bin")
    src.write_bytes(data)
    if out_name is None:
        dst.unlink(missing_ok=True)
    rc = main([*args, "--in", str(src), "--out", str(dst)])
    err = capsys.readouterr().err
    src.unlink()
    return rc, (dst.read_bytes() if dst.exists() else None), err


def aead_args(cipher, mode, key, nonce, ad=b"", tag=None, backend="model"):
    a = ["--cipher", cipher, "--mode", mode, "--key", key.hex(), "--nonce", nonce.hex()]
    if ad:
        a += ["--aad", ad.hex()]
    if tag is not None:
        a += ["--tag-bytes", str(tag)]
    return a + (["--backend", backend] if backend else [])


def pycryptodome(mode, key, nonce, ad, pt, tag):
    c = PyAES.new(key, PyAES.MODE_GCM if mode == "gcm" else PyAES.MODE_OCB, nonce=nonce, mac_len=tag)
    c.update(ad)
    ct, t = c.encrypt_and_digest(pt)
    return ct + t


def _engine(mode, decrypt, cipher="aes", key_bits=128):
    return aead_cli_design(cipher, key_bits, mode, decrypt)


def need_engine(mode, decrypt=False):
    d = _engine(mode, decrypt)
    assert engine_available(d), f"{d.top}: its RTL is missing from ip/<name>/<name>.core"
    return d


# ---- model back end -------------------------------------------------------------------------

# (nonce length, tag length) per mode: pycryptodome takes OCB tags of 8..16 bytes
NONCE_TAG = {"gcm": [(12, 16), (1, 4), (8, 8), (16, 12), (64, 13), (13, 15)],
             "ocb": [(12, 16), (1, 8), (15, 12), (7, 16), (10, 9), (12, 14)]}
SIZES = [0, 1, 15, 16, 17, 48, 100]


@pytest.mark.parametrize("mode", ["gcm", "ocb"])
@pytest.mark.parametrize("key_bytes", [16, 24, 32])
def test_aes_model_vs_pycryptodome(mode, key_bytes, capsys, tmp_path):
    rng = random.Random(f"{mode} {key_bytes}")
    for i, size in enumerate(SIZES):
        nlen, tag = NONCE_TAG[mode][i % len(NONCE_TAG[mode])]
        key, nonce = rng.randbytes(key_bytes), rng.randbytes(nlen)
        ad, pt = rng.randbytes(rng.choice([0, 0, 5, 16, 40])), rng.randbytes(size)
        args = aead_args(f"aes-{8 * key_bytes}", mode, key, nonce, ad, tag)
        want = pycryptodome(mode, key, nonce, ad, pt, tag)
        rc, ct, err = run(capsys, tmp_path, "encrypt", *args, data=pt)
        assert rc == 0 and ct == want, (size, nlen, tag, err)
        rc, back, err = run(capsys, tmp_path, "decrypt", *args, data=ct)
        assert rc == 0 and back == pt, (size, nlen, tag, err)


def test_aes_model_vs_pyca(capsys, tmp_path):
    """pyca/cryptography's AESGCM and AESOCB3 (16-byte tags; OCB3 nonces of 12..15 bytes), the
    default tag length, and associated data from --aad-file."""
    rng = random.Random(7253)
    adf = tmp_path / "ad.bin"
    for mode, lib, nlen in (("gcm", AESGCM, 12), ("gcm", AESGCM, 32), ("ocb", AESOCB3, 15),
                            ("ocb", AESOCB3, 12)):
        for size in (0, 31, 64, 1000):
            key, nonce = rng.randbytes(16), rng.randbytes(nlen)
            ad, pt = rng.randbytes(rng.choice([0, 3, 33])), rng.randbytes(size)
            adf.write_bytes(ad)
            args = ["--cipher", "aes-128", "--mode", mode, "--key", key.hex(), "--nonce", nonce.hex(),
                    "--aad-file", str(adf), "--backend", "model"]
            want = lib(key).encrypt(nonce, pt, ad)
            rc, ct, err = run(capsys, tmp_path, "encrypt", *args, data=pt)
            assert rc == 0 and ct == want, (mode, nlen, size, err)
            rc, back, err = run(capsys, tmp_path, "decrypt", *args, data=ct)
            assert rc == 0 and back == pt
    # and pyca rejects what the CLI wrote once one bit is flipped (the oracle is not blind)
    bad = bytearray(ct)
    bad[0] ^= 1
    with pytest.raises(InvalidTag):
        AESOCB3(key).decrypt(nonce, bytes(bad), ad)


@pytest.mark.parametrize("mode", ["gcm", "ocb"])
def test_serpent_model_vs_botan(mode, capsys, tmp_path, need_botan):
    """Serpent-128/192/256 in both modes against Botan (tags Botan 2.19 takes: GCM 8, 12..16;
    OCB 8, 12, 16), and Botan decrypts what the CLI wrote."""
    rng = random.Random(f"serpent {mode}")
    tags = [16, 8, 12] if mode == "ocb" else [16, 8, 13]
    nonces = [12, 15, 1] if mode == "ocb" else [12, 1, 40]
    cases = []
    for i, (kb, size) in enumerate([(16, 0), (16, 17), (24, 64), (32, 100), (32, 1), (24, 48)]):
        key, nonce = rng.randbytes(kb), rng.randbytes(nonces[i % 3])
        cases.append((key, nonce, rng.randbytes(rng.choice([0, 9, 32])), rng.randbytes(size), tags[i % 3]))
    want = botan.aead([(f"Serpent/{mode.upper()}({t})", k, n, a, False, p) for k, n, a, p, t in cases])
    got = []
    for (key, nonce, ad, pt, tag), w in zip(cases, want):
        args = aead_args(f"serpent-{8 * len(key)}", mode, key, nonce, ad, tag)
        rc, ct, err = run(capsys, tmp_path, "encrypt", *args, data=pt)
        assert rc == 0 and ct == w, (len(key), len(pt), tag, err)
        rc, back, err = run(capsys, tmp_path, "decrypt", *args, data=ct)
        assert rc == 0 and back == pt
        got.append(ct)
    back = botan.aead([(f"Serpent/{mode.upper()}({t})", k, n, a, True, c)
                       for (k, n, a, p, t), c in zip(cases, got)])
    assert back == [p for k, n, a, p, t in cases]


def test_model_verbose_names_the_backend(capsys, tmp_path):
    args = aead_args("aes-128", "ocb", bytes(16), bytes(12), tag=16)
    rc, _, err = run(capsys, tmp_path, "encrypt", *args, "-v", data=b"x")
    assert rc == 0 and err == "linecrypt: backend model (aes-128 golden model, ocb)\n"


# ---- authentication failure -----------------------------------------------------------------

def _tamperings(key, nonce, ad, ct):
    """(what, key, nonce, ad, data) variants of an authentic message, each not authentic."""
    flip = lambda b, i: b[:i] + bytes([b[i] ^ 0x01]) + b[i + 1:]      # noqa: E731
    yield "ciphertext bit", key, nonce, ad, flip(ct, 0)
    yield "tag bit", key, nonce, ad, flip(ct, len(ct) - 1)
    yield "associated data", key, nonce, ad + b"!", ct
    yield "nonce", key, flip(nonce, 0), ad, ct
    yield "truncated", key, nonce, ad, ct[1:]


def check_auth_failures(capsys, tmp_path, mode, backend):
    rng = random.Random(f"auth {mode}")
    key, nonce, ad, pt = rng.randbytes(16), rng.randbytes(12), rng.randbytes(7), rng.randbytes(40)
    rc, ct, err = run(capsys, tmp_path, "encrypt", *aead_args("aes-128", mode, key, nonce, ad,
                                                              backend=backend), data=pt)
    assert rc == 0 and ct == pycryptodome(mode, key, nonce, ad, pt, 16), err
    existing = tmp_path / "existing.bin"
    for what, k, n, a, data in _tamperings(key, nonce, ad, ct):
        args = aead_args("aes-128", mode, k, n, a, backend=backend)
        # a new --out path: not created
        rc, out, err = run(capsys, tmp_path, "decrypt", *args, data=data)
        assert (rc, out, err) == (1, None, AUTH_FAILED), what
        # an existing --out file: left as it was
        existing.write_bytes(b"keep me")
        os.utime(existing, (1_000_000_000, 1_000_000_000))
        rc, out, err = run(capsys, tmp_path, "decrypt", *args, data=data, out_name=existing.name)
        assert (rc, err) == (1, AUTH_FAILED), what
        assert existing.read_bytes() == b"keep me" and existing.stat().st_mtime == 1_000_000_000
        assert sorted(os.listdir(tmp_path)) == ["existing.bin"], what    # no temporary file
    # stdout: no byte either (the installed command, a tampered tag)
    r = lc("decrypt", *aead_args("aes-128", mode, key, nonce, ad, backend=backend),
           data=ct[:-1] + bytes([ct[-1] ^ 0x80]), check=False)
    assert (r.returncode, r.stdout, r.stderr.decode()) == (1, b"", AUTH_FAILED)


@pytest.mark.parametrize("mode", ["gcm", "ocb"])
def test_authentication_failure_model(mode, capsys, tmp_path):
    check_auth_failures(capsys, tmp_path, mode, "model")


# ---- user errors ----------------------------------------------------------------------------

K16 = "00" * 16


@pytest.mark.parametrize("args,needle", [
    (["encrypt", "--cipher", "aes-128", "--mode", "gcm", "--key", K16], "needs --nonce"),
    (["encrypt", "--cipher", "aes-128", "--mode", "gcm", "--key", K16, "--nonce", ""], "--nonce must be 1 to 64"),
    (["encrypt", "--cipher", "aes-128", "--mode", "gcm", "--key", K16, "--nonce", "00" * 65], "got 65"),
    (["decrypt", "--cipher", "aes-128", "--mode", "ocb", "--key", K16, "--nonce", "00" * 16], "--nonce must be 1 to 15"),
    (["encrypt", "--cipher", "serpent-128", "--mode", "ocb", "--key", K16, "--nonce", ""], "got 0"),
    (["encrypt", "--cipher", "aes-128", "--mode", "gcm", "--key", K16, "--nonce", "0g"], "--nonce is not a hex"),
    (["encrypt", "--cipher", "aes-128", "--mode", "gcm", "--key", K16, "--nonce", "00" * 12, "--tag-bytes", "11"],
     "4, 8, 12..16"),
    (["encrypt", "--cipher", "aes-128", "--mode", "gcm", "--key", K16, "--nonce", "00" * 12, "--tag-bytes", "3"],
     "got 3"),
    (["encrypt", "--cipher", "aes-128", "--mode", "gcm", "--key", K16, "--nonce", "00" * 12, "--tag-bytes", "17"],
     "got 17"),
    (["encrypt", "--cipher", "aes-256", "--mode", "ocb", "--key", "00" * 32, "--nonce", "00" * 12, "--tag-bytes", "0"],
     "1..16"),
    (["decrypt", "--cipher", "aes-128", "--mode", "ocb", "--key", K16, "--nonce", "00" * 12, "--tag-bytes", "17"],
     "got 17"),
    (["encrypt", "--cipher", "aes-128", "--mode", "ocb", "--key", K16, "--nonce", "00", "--tag-bytes", "x"], "tag-bytes"),
    (["encrypt", "--cipher", "aes-128", "--mode", "gcm", "--key", K16, "--nonce", "00" * 12, "--iv", K16],
     "--iv is not used by --mode gcm"),
    (["encrypt", "--cipher", "aes-128", "--mode", "gcm", "--key", K16, "--nonce", "00" * 12, "--aad", "00",
      "--aad-file", "/etc/hostname"], "not both"),
    (["encrypt", "--cipher", "aes-128", "--mode", "gcm", "--key", K16, "--nonce", "00" * 12, "--aad", "abc"],
     "odd number"),
    (["encrypt", "--cipher", "aes-128", "--mode", "ocb", "--key", K16, "--nonce", "00" * 12,
      "--aad-file", "/nonexistent/ad"], "cannot read associated data file"),
    (["encrypt", "--cipher", "des", "--mode", "gcm", "--key", "00" * 8, "--nonce", "00" * 12], "128-bit blocks"),
    (["encrypt", "--cipher", "idea", "--mode", "ocb", "--key", K16, "--nonce", "00" * 12], "128-bit blocks"),
    (["encrypt", "--cipher", "aes-128", "--mode", "ocb", "--key", "00" * 15, "--nonce", "00" * 12], "16 bytes, got 15"),
    (["encrypt", "--cipher", "aes-128-ekx", "--mode", "gcm", "--key", K16, "--nonce", "00" * 12, "--backend", "rtl"],
     "no rtl engine"),
    (["decrypt", "--cipher", "aes-128", "--mode", "gcm", "--key", K16, "--nonce", "00" * 12, "--tag-bytes", "12",
      "--backend", "model"], "shorter than the 12-byte tag"),
])
def test_user_errors(args, needle, tmp_path):
    out = tmp_path / "never.bin"
    r = lc(*args, "--out", str(out), data=b"0123456789", check=False)
    err = r.stderr.decode()
    assert r.returncode == 2, err
    assert r.stdout == b""
    assert len(err.strip().splitlines()) == 1 and err.startswith("linecrypt: "), err
    assert needle.lower() in err.lower(), err
    assert "Traceback" not in err
    assert os.listdir(tmp_path) == []


# ---- RTL back end ---------------------------------------------------------------------------

def _rtl_cases(mode, rng):
    # (nonce, ad, plaintext, tag length): empty message and AD, partial and whole beats; GCM
    # also with IVs that are not 12 bytes (sent as the first part of the message)
    nonces = [12, 12, 1, 16, 40] if mode == "gcm" else [12, 15, 1, 8, 12]
    tags = [16, 12, 8, 4, 16] if mode == "gcm" else [16, 12, 8, 16, 10]
    for i, (ad_len, size) in enumerate([(0, 0), (0, 1), (20, 0), (16, 33), (5, 100)]):
        yield rng.randbytes(nonces[i]), rng.randbytes(ad_len), rng.randbytes(size), tags[i]


def _expect(mode, key, nonce, ad, pt, tag):
    if mode == "ocb" and tag < 8:          # beyond pycryptodome's OCB tags: the RFC model
        from linecrypt.models import ocb
        from linecrypt.models.aes import AES
        return ocb.encrypt(AES(key), nonce, ad, pt, tag)
    return pycryptodome(mode, key, nonce, ad, pt, tag)


@pytest.mark.parametrize("mode", ["gcm", "ocb"])
def test_rtl_device_vs_pycryptodome(mode):
    """The one-lane AES-128 engine(s) the CLI uses, through AeadDevice: messages back to back,
    both key slots, encryption and decryption, against pycryptodome."""
    from linecrypt.host.aead_device import OK, AeadDevice
    enc_d, dec_d = need_engine(mode, False), need_engine(mode, True)
    rng = random.Random(f"rtl {mode}")
    keys = [rng.randbytes(16), rng.randbytes(16)]
    cases = [(i % 2, *c) for i, c in enumerate(_rtl_cases(mode, rng))]
    want = [_expect(mode, keys[s], n, a, p, t) for s, n, a, p, t in cases]
    with AeadDevice(enc_d) as dev:
        for s, k in enumerate(keys):
            assert dev.load_key(s, k) > 0
        res = dev.run([dev.message(0, s, n, a, p, t) for s, n, a, p, t in cases])
        for c, r, w in zip(cases, res, want):
            assert (r.status, r.flags, r.out + r.tag) == (OK, 0, w), c
        if dec_d.name == enc_d.name:       # GCM: one engine, both directions
            _decrypt_checks(dev, mode, cases, want)
    if dec_d.name != enc_d.name:
        with AeadDevice(dec_d) as dec:
            for s, k in enumerate(keys):
                dec.load_key(s, k)
            _decrypt_checks(dec, mode, cases, want)


def _decrypt_checks(dev, mode, cases, want):
    from linecrypt.host.aead_device import AUTH_FAIL, OK
    msgs = [dev.message(1, s, n, a, w[:len(w) - t], t, w[len(w) - t:]) for (s, n, a, p, t), w in zip(cases, want)]
    for (s, n, a, p, t), r in zip(cases, dev.run(msgs)):
        assert (r.status, r.flags, r.out, r.tag) == (OK, 0, p, b""), (len(n), len(a), len(p), t)
    # a flipped tag bit: AUTH_FAIL, and the next message is fine again
    s, n, a, p, t = cases[3]
    w = want[3]
    bad = dev.message(1, s, n, a, w[:len(w) - t], t, bytes([w[-t] ^ 0x40]) + w[len(w) - t + 1:])
    r_bad, r_ok = dev.run([bad, msgs[4]])
    assert r_bad.status == AUTH_FAIL and (r_ok.status, r_ok.out) == (OK, cases[4][3])


def test_rtl_device_errors():
    """Error statuses of the engine the CLI sees as a DeviceError: a slot without a key, a
    tag length GCM forbids, a data stream shorter than the descriptor says; each message after
    them still comes out right."""
    from linecrypt.host.aead_device import ERR_LENGTH, ERR_SLOT, ERR_TAG_LEN, OK, AeadDevice, Message
    d = need_engine("gcm")
    key, nonce = bytes(range(16)), bytes(12)
    with AeadDevice(d) as dev:
        dev.load_key(0, key)
        good = dev.message(0, 0, nonce, b"", b"abc", 16)
        no_key = dev.message(0, 1, nonce, b"", b"abc", 16)
        bad_tag = dev.message(0, 0, nonce, b"", b"abc", 7)
        short = Message(0, 0, nonce, 0, 40, 16, [b"x" * 20])
        res = dev.run([no_key, good, bad_tag, good, short, good])
        assert [r.status for r in res] == [ERR_SLOT, OK, ERR_TAG_LEN, OK, ERR_LENGTH, OK]
        want = pycryptodome("gcm", key, nonce, b"", b"abc", 16)
        assert all(r.out + r.tag == want for r in res[1::2])


@pytest.mark.parametrize("mode", ["gcm", "ocb"])
def test_rtl_cli(mode, capsys, tmp_path):
    """The CLI: rtl is the default for aes-128 gcm/ocb, -v names the engine design, the bytes
    are pycryptodome's; a forged message is an authentication failure with no output."""
    enc_d, dec_d = need_engine(mode, False), need_engine(mode, True)
    rng = random.Random(f"cli {mode}")
    key, nonce, ad, pt = rng.randbytes(16), rng.randbytes(12), rng.randbytes(9), rng.randbytes(70)
    args = aead_args("aes-128", mode, key, nonce, ad, backend=None)
    rc, ct, err = run(capsys, tmp_path, "encrypt", *args, "-v", data=pt)
    assert (rc, err) == (0, f"linecrypt: backend rtl (design {enc_d.name})\n")
    assert ct == pycryptodome(mode, key, nonce, ad, pt, 16)
    rc, back, err = run(capsys, tmp_path, "decrypt", *args, "-v", data=ct)
    assert (rc, back, err) == (0, pt, f"linecrypt: backend rtl (design {dec_d.name})\n")
    check_auth_failures(capsys, tmp_path, mode, "rtl")


def test_bench_engine_smoke():
    """`linecrypt bench` on an engine: small sizes, every output checked against the model by
    the bench itself; a full-beat stream costs at least its beats per message."""
    from linecrypt.flows import bench
    d = need_engine("gcm")
    r = bench.run_engine(d.name, sizes=(16, 64), ad_sizes=(0, 16), total_bytes=512, min_count=8, max_count=8)
    assert {(x["direction"], x["ad_bytes"], x["bytes"]) for x in r["runs"]} == \
        {(dr, a, s) for dr in ("encrypt", "decrypt") for a in (0, 16) for s in (16, 64)}
    for x in r["runs"]:
        assert x["cycles_per_message"] >= x["ideal_cycles"] > 0
        assert x["bits_per_cycle"] <= d.bits_per_cycle
        assert x["latency_cycles"] >= x["latency_cycles_idle"] > x["ideal_cycles"]
    assert bench.format_text(r).startswith(d.name)


def test_engine_points_registered():
    """The points the CLI runs gcm/ocb through exist for every AES/Serpent key size; the 128-bit
    ones are engine points `linecrypt synth`/`bench` know (registered once measured);
    bits_per_cycle is 128 per lane."""
    for cipher in ("aes", "serpent"):
        for kb in (128, 192, 256):
            for mode, dec in (("gcm", False), ("gcm", True), ("ocb", False), ("ocb", True)):
                d = aead_cli_design(cipher, kb, mode, dec)
                assert d.params["LANES"] == 1 and d.params["KEY_BITS"] == kb
                assert d.params.get("DECRYPT", 0) == (dec and mode == "ocb")
                assert known(d.name) == (kb == 128)
    for name in ("ocb-serpent128-enc-4lane", "ocb-aes128-dec-2lane", "gcm-aes128-2lane", "gcm-serpent128-4lane"):
        d = lookup(name)
        assert d.bits_per_cycle == 128 * d.params["LANES"] and not d.building_block


# ---- slow (`make test-long`): other ciphers and key sizes, a four-lane engine ---------------

@pytest.mark.slow
@pytest.mark.parametrize("mode", ["gcm", "ocb"])
def test_rtl_cli_serpent_vs_botan(mode, capsys, tmp_path, need_botan):
    """Serpent-128 through the one-lane engines the CLI uses, against Botan."""
    for dec in (False, True):
        d = _engine(mode, dec, "serpent", 128)
        assert engine_available(d), f"{d.top}: its RTL is missing from ip/<name>/<name>.core"
    rng = random.Random(f"rtl serpent {mode}")
    cases = [(rng.randbytes(16), rng.randbytes(12), rng.randbytes(a), rng.randbytes(n), t)
             for a, n, t in ((0, 0, 16), (16, 33, 12), (3, 100, 8))]
    want = botan.aead([(f"Serpent/{mode.upper()}({t})", k, n, a, False, p) for k, n, a, p, t in cases])
    for (key, nonce, ad, pt, tag), w in zip(cases, want):
        args = aead_args("serpent-128", mode, key, nonce, ad, tag, backend="rtl")
        rc, ct, err = run(capsys, tmp_path, "encrypt", *args, data=pt)
        assert (rc, ct) == (0, w), err
        rc, back, err = run(capsys, tmp_path, "decrypt", *args, data=ct)
        assert (rc, back) == (0, pt), err
        rc, back, err = run(capsys, tmp_path, "decrypt", *args, data=ct[:-1] + bytes([ct[-1] ^ 1]))
        assert (rc, back, err) == (1, None, AUTH_FAILED)


@pytest.mark.slow
def test_rtl_cli_aes256_gcm(capsys, tmp_path):
    """A key size whose one-lane engine is simulated only (not a registered design point)."""
    d = _engine("gcm", False, "aes", 256)
    assert engine_available(d), f"{d.top}: its RTL is missing from ip/<name>/<name>.core"
    rng = random.Random("aes256 gcm")
    key, nonce, ad, pt = rng.randbytes(32), rng.randbytes(12), rng.randbytes(20), rng.randbytes(77)
    args = aead_args("aes-256", "gcm", key, nonce, ad, backend=None)
    rc, ct, err = run(capsys, tmp_path, "encrypt", *args, "-v", data=pt)
    assert (rc, err) == (0, f"linecrypt: backend rtl (design {d.name})\n")
    assert ct == pycryptodome("gcm", key, nonce, ad, pt, 16)


@pytest.mark.slow
def test_bench_four_lanes():
    """The four-lane GCM engine (512-bit beats, 64-bit tkeep) in the bench: outputs checked
    against the model, long messages within a few clocks of one beat per clock."""
    from linecrypt.flows import bench
    d = lookup("gcm-aes128-4lane")
    assert engine_available(d), f"{d.top}: its RTL is missing from ip/<name>/<name>.core"
    r = bench.run_engine(d.name, sizes=(17, 1500), ad_sizes=(0, 16), total_bytes=1 << 14,
                         min_count=8, max_count=16)
    for x in r["runs"]:
        assert x["cycles_per_message"] >= x["ideal_cycles"] > 0
        if x["bytes"] == 1500:
            assert x["overhead_cycles_all_parts"] < 8, x
