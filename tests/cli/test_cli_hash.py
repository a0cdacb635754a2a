# SPDX-License-Identifier: Apache-2.0
"""`linecrypt hash`, `mac`, `random` and `encrypt|decrypt --cipher lake-keyak --mode aead` per
../shared/CLI.md.

Expected values come from other implementations wherever one exists: hashlib (SHA-3, SHAKE;
keccak-prng is SHAKE256 of the seed by definition; keccak-duplex's every duplexing call is
SHAKE256 of the padded earlier inputs and its own, the duplexing-sponge lemma), pycryptodome (Keccak-256, CMAC, and AES-256
plus hashlib SHA-256 for the Fortuna generator as linecrypt/models/fortuna.py specifies it;
Keccak-MAC as pycryptodome's Keccak-256 of the padded key block followed by the message, the key
pack written out here) and the SUPERCOP self-test vector of Lake Keyak
(../shared/vectors/keyak; set LINECRYPT_SHARED_VECTORS=/work/shared/vectors in a worktree).
aes-hash is LineCrypt's own definition with no other implementation: its test compares the CLI
with linecrypt.models.aes_hash called directly, a check of the CLI's plumbing only (the model's
own tests hold its regression values).

Everything runs in this process with --backend model, except two tests that run the RTL back
ends (ip/keccak/rtl/keccak_sponge.v and ip/lwc/rtl/lwc_keccak.v under cocotb; a first run builds
the model, about a minute) as a subprocess, so stdout carries the output and nothing else."""
import hashlib
import os
import random
import subprocess
import sys

import pytest
from Crypto.Cipher import AES as PyAES
from Crypto.Hash import CMAC
from Crypto.Hash import keccak as pykeccak

from linecrypt.cli import main
from linecrypt.models import aes_hash
from linecrypt.vectors import read_nist, shared_vectors_dir

CLI = [sys.executable, "-m", "linecrypt.cli"]
RNG = random.Random(29)
MSGS = [b"", b"abc", RNG.randbytes(135), RNG.randbytes(136), RNG.randbytes(137), RNG.randbytes(500)]


def run(capfd, tmp_path, *args, data=None, out_name="out.bin"):
    """The CLI in this process with --in/--out files: (exit status, output bytes or None when no
    output file exists, stderr). With ``data`` None there is no --in (random)."""
    dst = tmp_path / out_name
    a = [*args, "--out", str(dst)]
    if data is not None:
        src = tmp_path / "in.bin"
        src.write_bytes(data)
        a += ["--in", str(src)]
    rc = main(a)
    out, err = capfd.readouterr()
    assert out == ""
    if data is not None:
        src.unlink()
    return rc, (dst.read_bytes() if dst.exists() else None), err


def ok(capfd, tmp_path, *args, data=None) -> bytes:
    rc, out, err = run(capfd, tmp_path, *args, data=data)
    assert rc == 0, err
    (tmp_path / "out.bin").unlink()
    return out


# --- hash ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("alg", ["sha3-224", "sha3-256", "sha3-384", "sha3-512", "keccak-256"])
def test_fixed_digests_vs_hashlib_and_pycryptodome(alg, capfd, tmp_path):
    for m in MSGS:
        if alg == "keccak-256":
            ref = pykeccak.new(data=m, digest_bits=256).digest()
        else:
            ref = hashlib.new(alg.replace("-", "_"), m).digest()
        assert ok(capfd, tmp_path, "hash", "--alg", alg, "--backend", "model", data=m) == ref
    # --out-bytes equal to the digest size is accepted
    n = str(len(ref))
    assert ok(capfd, tmp_path, "hash", "--alg", alg, "--out-bytes", n, "--backend", "model", data=m) == ref


@pytest.mark.parametrize("alg", ["shake128", "shake256"])
def test_shake_vs_hashlib(alg, capfd, tmp_path):
    for m, n in zip(MSGS, (1, 32, 167, 168, 169, 1000)):
        ref = hashlib.new(alg.replace("shake", "shake_"), m).digest(n)
        assert ok(capfd, tmp_path, "hash", "--alg", alg, "--out-bytes", str(n), "--backend", "model",
                  data=m) == ref


def test_aes_hash_is_the_model(capfd, tmp_path):
    """CLI plumbing only: aes-hash has no implementation but linecrypt.models.aes_hash. Model is
    its default back end."""
    for m in MSGS[:3] + [RNG.randbytes(56)]:
        rc, out, err = run(capfd, tmp_path, "hash", "--alg", "aes-hash", "-v", data=m)
        assert rc == 0 and out == aes_hash.aes_hash(m)
        assert err == "linecrypt: backend model (aes-hash golden model)\n"


def test_hash_rtl_is_the_default_for_the_sponge_hashes(capfd, tmp_path, monkeypatch):
    """Without --backend, sha3/shake/keccak-256 go to the keccak_sponge runner with their rate
    and suffix (a spy here; the RTL itself runs in test_hash_rtl_backend_vs_hashlib)."""
    from linecrypt.host import keccak_hash
    calls = []

    def spy(msg, rate, suffix, out_len):
        calls.append((msg, rate, suffix, out_len))
        return bytes(out_len)
    monkeypatch.setattr(keccak_hash, "sponge_rtl", spy)
    for alg, want in (("sha3-224", (144, 6, 28)), ("sha3-512", (72, 6, 64)),
                      ("shake128", (168, 0x1F, 5)), ("shake256", (136, 0x1F, 5)),
                      ("keccak-256", (136, 1, 32))):
        extra = ["--out-bytes", "5"] if alg.startswith("shake") else []
        rc, out, err = run(capfd, tmp_path, "hash", "--alg", alg, *extra, "-v", data=b"xyz")
        assert rc == 0 and calls.pop() == (b"xyz", *want), err
        assert out == bytes(want[2]) and "backend rtl" in err


def test_hash_rtl_backend_vs_hashlib(tmp_path):
    """The one RTL test: a few hundred bytes through keccak_sponge for SHA3-256 (the default back
    end) and SHAKE128, as the installed command runs it; stdout is the digest only."""
    m = RNG.randbytes(300)
    src = tmp_path / "msg.bin"
    src.write_bytes(m)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(_root()), os.environ.get("PYTHONPATH")]))}
    r = subprocess.run([*CLI, "hash", "--alg", "sha3-256", "--in", str(src), "-v"],
                       capture_output=True, env=env, timeout=900)
    assert r.returncode == 0, r.stderr.decode()
    assert r.stdout == hashlib.sha3_256(m).digest()
    assert r.stderr.decode() == "linecrypt: backend rtl (design keccak_sponge (RPC 1))\n"
    r = subprocess.run([*CLI, "hash", "--alg", "shake128", "--out-bytes", "400", "--backend", "rtl",
                        "--in", str(src)], capture_output=True, env=env, timeout=900)
    assert r.returncode == 0, r.stderr.decode()
    assert r.stdout == hashlib.shake_128(m).digest(400) and r.stderr == b""


def _root():
    import linecrypt
    return linecrypt.ROOT


# --- mac ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("bits", [128, 192, 256])
def test_cmac_vs_pycryptodome(bits, capfd, tmp_path):
    for m, tag in zip(MSGS, (16, 4, 8, 16, 12, 16)):
        key = RNG.randbytes(bits // 8)
        ref = CMAC.new(key, m, ciphermod=PyAES, mac_len=tag).digest()
        args = ["mac", "--alg", f"cmac-aes-{bits}", "--key", key.hex(), "--backend", "model"]
        args += [] if tag == 16 else ["--tag-bytes", str(tag)]
        assert ok(capfd, tmp_path, *args, data=m) == ref


def test_keccak_mac_vs_pycryptodome_keccak256(capfd, tmp_path):
    """Keccak-MAC as its --help defines it: Keccak-256 (pycryptodome) of KeyPack(K) || IV padded
    to one 136-byte block, then the message; tags of up to 32 bytes are its prefix."""
    for m, klen, ivlen, tag in zip(MSGS, (16, 20, 32, 38, 16, 24), (0, 1, 16, 95, 50, 0),
                                   (16, 4, 32, 16, 20, 32)):
        key, iv = RNG.randbytes(klen), RNG.randbytes(ivlen)
        head = bytes([40]) + key + b"\x01" + bytes(40 - klen - 2) + iv
        block = bytearray(head + bytes(136 - len(head)))
        block[len(head)] ^= 0x01
        block[135] ^= 0x80
        ref = pykeccak.new(data=bytes(block) + m, digest_bits=256).digest()[:tag]
        args = ["mac", "--alg", "keccak-mac", "--key", key.hex(), "--tag-bytes", str(tag)]
        args += ["--iv", iv.hex()] if iv else []
        assert ok(capfd, tmp_path, *args, data=m) == ref


# --- random -------------------------------------------------------------------------------------

def test_keccak_prng_is_shake256_of_the_seed(capfd, tmp_path):
    for seed, n in ((b"\x00", 0), (b"seed", 1), (RNG.randbytes(32), 136), (RNG.randbytes(200), 1000)):
        out = ok(capfd, tmp_path, "random", "--alg", "keccak-prng", "--seed", seed.hex(), "--bytes", str(n))
        assert out == hashlib.shake_256(seed).digest(n)


def duplex_reference(seed, steps):
    """keccak-duplex from hashlib's SHAKE256 alone (docs/lwc-protocol.md): the output of each
    duplexing call is the first 135 bytes of SHAKE256 of the earlier calls' inputs, each padded
    to 136 bytes (0x1F, zeros, 0x80 in the last byte), followed by its own input. ``steps``: ("gen", n) and
    ("reseed", bytes) after the seed; the requests' outputs joined."""
    hist, z = [], None

    def pad(x):
        p = bytearray(x + b"\x1f" + bytes(135 - len(x)))
        p[135] ^= 0x80
        return bytes(p)

    def call(x):
        nonlocal z
        z = hashlib.shake_256(b"".join(pad(h) for h in hist) + x).digest(135)
        hist.append(x)

    def feed(x):
        for i in range(0, len(x) - len(x) % 135 + 1, 135):
            call(x[i:i + 135])

    feed(seed)
    out = b""
    for kind, v in steps:
        if kind == "reseed":
            feed(v)
            continue
        got = z
        while len(got) < v:
            call(b"")
            got += z
        out += got[:v]
        call(z)                                         # forget
    return out


DUPLEX_CASES = [
    (b"\x00", [("gen", 0)]),
    (b"seed", [("gen", 1), ("gen", 135), ("gen", 136), ("gen", 271)]),
    (bytes(range(135)), [("gen", 40), ("reseed", b"more"), ("gen", 300), ("reseed", bytes(270)),
                         ("reseed", b"x"), ("gen", 17)]),
]


def duplex_args(seed, steps):
    a = ["random", "--alg", "keccak-duplex", "--seed", seed.hex()]
    for kind, v in steps:
        a += ["--bytes", str(v)] if kind == "gen" else ["--reseed", v.hex()]
    return a


def test_keccak_duplex_vs_shake256(capfd, tmp_path):
    for seed, steps in DUPLEX_CASES:
        out = ok(capfd, tmp_path, *duplex_args(seed, steps), "--backend", "model")
        assert out == duplex_reference(seed, steps)
    # the first 135 bytes after a short seed are SHAKE256 of it
    out = ok(capfd, tmp_path, "random", "--alg", "keccak-duplex", "--seed", "616263", "--bytes",
             "135", "--backend", "model")
    assert out == hashlib.shake_256(b"abc").digest(135)


def test_keccak_duplex_is_rtl_by_default(capfd, tmp_path, monkeypatch):
    """Without --backend, keccak-duplex runs in the RTL (a spy here; the RTL itself runs in
    test_keccak_duplex_rtl_backend_vs_shake256)."""
    from linecrypt.host import lwc_random
    seen = []

    def spy(steps):
        seen.append(steps)
        return b"r" * sum(n for k, n in steps if k == "gen")
    monkeypatch.setattr(lwc_random, "prng_rtl", spy)
    out = ok(capfd, tmp_path, "random", "--alg", "keccak-duplex", "--seed", "00ff", "--bytes", "3",
             "--reseed", "01", "--bytes", "2")
    assert out == b"rrrrr"
    assert seen == [[("seed", b"\0\xff"), ("gen", 3), ("reseed", b"\1"), ("gen", 2)]]


@pytest.mark.xdist_group("lwc-keccak-w32")       # shares ip/lwc's W = 32 build
def test_keccak_duplex_rtl_backend_vs_shake256(tmp_path):
    """The session through ip/lwc/rtl/lwc_keccak.v (PRNG_SEED, PRNG_RESEED, PRNG_GEN on its
    ports), as the installed command runs it; stdout is the random bytes only."""
    seed, steps = DUPLEX_CASES[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(_root()), os.environ.get("PYTHONPATH")]))}
    r = subprocess.run([*CLI, *duplex_args(seed, steps), "-v"], capture_output=True, env=env,
                       timeout=900)
    assert r.returncode == 0, r.stderr.decode()
    assert r.stdout == duplex_reference(seed, steps)
    assert r.stderr.decode() == "linecrypt: backend rtl (design lwc_keccak (W 32, RPC 1))\n"


def test_fortuna_vs_pycryptodome_aes(capfd, tmp_path):
    """The generator of linecrypt/models/fortuna.py built from hashlib SHA-256 and pycryptodome
    AES-256: K = SHA-256(0^32 || seed), blocks AES-256_K(C) for C = 1, 2, ... little-endian."""
    for seed, n in ((b"\x01", 16), (RNG.randbytes(48), 1), (RNG.randbytes(7), 100)):
        k = hashlib.sha256(bytes(32) + seed).digest()
        ecb = PyAES.new(k, PyAES.MODE_ECB)
        ref = b"".join(ecb.encrypt(c.to_bytes(16, "little")) for c in range(1, 2 + n // 16))[:n]
        assert ok(capfd, tmp_path, "random", "--alg", "fortuna", "--seed", seed.hex(),
                  "--bytes", str(n)) == ref
    # deterministic for a given seed
    a = ok(capfd, tmp_path, "random", "--alg", "fortuna", "--seed", "abcd", "--bytes", "64")
    assert a == ok(capfd, tmp_path, "random", "--alg", "fortuna", "--seed", "abcd", "--bytes", "64")


# --- lake-keyak ---------------------------------------------------------------------------------

def keyak_args(cmd, key, nonce, ad=b""):
    return [cmd, "--cipher", "lake-keyak", "--mode", "aead", "--key", key.hex(), "--nonce",
            nonce.hex(), *(["--aad", ad.hex()] if ad else [])]


def test_keyak_supercop_selftest(capfd, tmp_path):
    (v,) = read_nist(shared_vectors_dir() / "keyak" / "LakeKeyak_SUPERCOP_selftest.txt")
    key, ad, pt, ct = (bytes.fromhex(v[k]) for k in ("Key", "AD", "PT", "CT"))
    nonce = bytes.fromhex(v["Nonce"]).ljust(150, b"\0")
    assert ok(capfd, tmp_path, *keyak_args("encrypt", key, nonce, ad), data=pt) == ct
    assert ok(capfd, tmp_path, *keyak_args("decrypt", key, nonce, ad), data=ct) == pt


def test_keyak_round_trip(capfd, tmp_path):
    for klen, nlen, alen, mlen in ((16, 0, 0, 0), (32, 150, 3, 500), (24, 12, 200, 168), (17, 1, 0, 1)):
        key, nonce, ad, pt = (RNG.randbytes(n) for n in (klen, nlen, alen, mlen))
        ct = ok(capfd, tmp_path, *keyak_args("encrypt", key, nonce, ad), data=pt)
        assert len(ct) == mlen + 16
        assert ok(capfd, tmp_path, *keyak_args("decrypt", key, nonce, ad), data=ct) == pt
    # --aad-file is the raw form of --aad
    rc, out, _ = run(capfd, tmp_path, *keyak_args("encrypt", key, nonce), "--aad-file", "/dev/null", data=pt)
    assert rc == 0 and out == ok(capfd, tmp_path, *keyak_args("encrypt", key, nonce), data=pt)


@pytest.mark.parametrize("where", ["tag", "ciphertext", "ad", "nonce"])
@pytest.mark.parametrize("existing", [False, True])
def test_keyak_tampered_is_exit_1_and_no_output(where, existing, capfd, tmp_path):
    key, nonce, ad, pt = bytes(range(16)), b"N" * 12, b"header", b"attack at dawn" * 5
    ct = bytearray(ok(capfd, tmp_path, *keyak_args("encrypt", key, nonce, ad), data=pt))
    if where == "tag":
        ct[-1] ^= 1
    elif where == "ciphertext":
        ct[3] ^= 0x80
    elif where == "ad":
        ad = b"Header"
    else:
        nonce = b"M" + nonce[1:]
    if existing:
        (tmp_path / "out.bin").write_bytes(b"old")
    rc, out, err = run(capfd, tmp_path, *keyak_args("decrypt", key, nonce, ad), data=bytes(ct))
    assert (rc, err) == (1, "linecrypt: authentication failed\n")
    assert out == (b"old" if existing else None)
    assert sorted(os.listdir(tmp_path)) == (["out.bin"] if existing else [])


def test_keyak_tampered_to_stdout_writes_nothing(tmp_path):
    key = bytes(16)
    ct = bytearray(subprocess.run([*CLI, *keyak_args("encrypt", key, b"n")], input=b"hello",
                                  capture_output=True, check=True).stdout)
    ct[0] ^= 1
    r = subprocess.run([*CLI, *keyak_args("decrypt", key, b"n")], input=bytes(ct), capture_output=True)
    assert (r.returncode, r.stdout, r.stderr) == (1, b"", b"linecrypt: authentication failed\n")


# --- user errors --------------------------------------------------------------------------------

K16 = "00" * 16
KEYAK = ["--cipher", "lake-keyak", "--mode", "aead"]


@pytest.mark.parametrize("args,data,needle", [
    # hash
    (["hash", "--alg", "md5"], b"x", "unknown hash --alg 'md5'"),
    (["hash", "--alg", "shake128"], b"x", "shake128 needs --out-bytes"),
    (["hash", "--alg", "shake256", "--out-bytes", "0"], b"x", "--out-bytes must be 1..1048576"),
    (["hash", "--alg", "shake256", "--out-bytes", "lots"], b"x", "--out-bytes"),
    (["hash", "--alg", "sha3-256", "--out-bytes", "16"], b"x", "fixed 32-byte digest"),
    (["hash", "--alg", "aes-hash", "--backend", "rtl"], b"x", "no rtl back end for aes-hash"),
    (["hash", "--alg", "sha3-256", "--backend", "model", "--in", "/nonexistent/x"], None, "cannot read input file"),
    (["hash", "--alg", "sha3-256", "--backend", "model", "--in", "/"], None, "cannot read input file"),
    # mac
    (["mac", "--alg", "hmac-sha1", "--key", K16], b"x", "unknown mac --alg"),
    (["mac", "--alg", "cmac-aes-128"], b"x", "--key is required"),
    (["mac", "--alg", "cmac-aes-128", "--key", "0g" * 16], b"x", "--key is not a hex string"),
    (["mac", "--alg", "cmac-aes-128", "--key", "0" * 31], b"x", "odd number of hex digits"),
    (["mac", "--alg", "cmac-aes-192", "--key", K16], b"x", "needs a key of 24 bytes, got 16"),
    (["mac", "--alg", "keccak-mac", "--key", "00" * 8], b"x", "needs a key of 16 to 38 bytes"),
    (["mac", "--alg", "keccak-mac", "--key", "00" * 39], b"x", "needs a key of 16 to 38 bytes"),
    (["mac", "--alg", "cmac-aes-128", "--key", K16, "--tag-bytes", "17"], b"x", "--tag-bytes must be 4..16"),
    (["mac", "--alg", "keccak-mac", "--key", K16, "--tag-bytes", "3"], b"x", "--tag-bytes must be 4..64"),
    (["mac", "--alg", "cmac-aes-128", "--key", K16, "--iv", "00"], b"x", "--iv is not used by --alg cmac-aes-128"),
    (["mac", "--alg", "keccak-mac", "--key", K16, "--iv", "00" * 96], b"x", "at most 95 bytes"),
    (["mac", "--alg", "cmac-aes-256", "--key", "00" * 32, "--backend", "rtl"], b"x", "no rtl back end"),
    (["mac", "--alg", "cmac-aes-128", "--key", K16, "--in", "/nonexistent/x"], None, "cannot read input file"),
    # random
    (["random", "--alg", "urandom", "--seed", "00", "--bytes", "1"], None, "unknown random --alg"),
    (["random", "--alg", "fortuna", "--bytes", "1"], None, "--seed is required"),
    (["random", "--alg", "fortuna", "--seed", "", "--bytes", "1"], None, "--seed is empty"),
    (["random", "--alg", "keccak-prng", "--seed", "xy", "--bytes", "1"], None, "--seed is not a hex string"),
    (["random", "--alg", "keccak-prng", "--seed", "00"], None, "--bytes n is required"),
    (["random", "--alg", "keccak-prng", "--seed", "00", "--bytes", "-1"], None, "--bytes must be 0..1048576"),
    (["random", "--alg", "fortuna", "--seed", "00", "--bytes", str((1 << 20) + 1)], None, "--bytes must be"),
    (["random", "--alg", "fortuna", "--seed", "00", "--bytes", "1", "--backend", "rtl"], None, "no rtl back end"),
    (["random", "--alg", "keccak-prng", "--seed", "00", "--bytes", "1", "--backend", "rtl"], None, "no rtl back end"),
    (["random", "--alg", "keccak-duplex", "--seed", "00"], None, "--bytes n is required"),
    (["random", "--alg", "keccak-duplex", "--seed", "00", "--reseed", "01"], None, "--bytes n is required"),
    (["random", "--alg", "keccak-duplex", "--seed", "00", "--bytes", "1", "--reseed", "01"], None,
     "--reseed after the last --bytes"),
    (["random", "--alg", "keccak-duplex", "--seed", "00", "--bytes", "1", "--reseed", "0g", "--bytes", "1"],
     None, "--reseed is not a hex string"),
    (["random", "--alg", "keccak-duplex", "--seed", "00", "--bytes", "1", "--bytes", str((1 << 20) + 1)],
     None, "--bytes must be 0..1048576"),
    (["random", "--alg", "keccak-duplex", "--seed", "00", "--bytes", "two"], None, "invalid int value"),
    (["random", "--alg", "keccak-prng", "--seed", "00", "--reseed", "01", "--bytes", "1"], None,
     "one --bytes, no --reseed"),
    (["random", "--alg", "keccak-prng", "--seed", "00", "--bytes", "1", "--bytes", "1"], None,
     "one --bytes, no --reseed"),
    # lake-keyak
    (["encrypt", *KEYAK, "--key", "00" * 15, "--nonce", "00"], b"x", "key of 16 to 32 bytes, got 15"),
    (["encrypt", *KEYAK, "--key", "00" * 33, "--nonce", "00"], b"x", "key of 16 to 32 bytes, got 33"),
    (["encrypt", *KEYAK, "--key", K16], b"x", "needs --nonce"),
    (["encrypt", *KEYAK, "--key", K16, "--nonce", "00" * 151], b"x", "at most 150 bytes"),
    (["encrypt", *KEYAK, "--key", K16, "--nonce", "0"], b"x", "--nonce has an odd number"),
    (["encrypt", *KEYAK, "--key", K16, "--nonce", "00", "--aad", "zz"], b"x", "--aad is not a hex string"),
    (["encrypt", *KEYAK, "--key", K16, "--nonce", "00", "--tag-bytes", "8"], b"x", "16-byte tag"),
    (["encrypt", *KEYAK, "--key", K16, "--nonce", "00", "--iv", "00"], b"x", "--iv is not used by --mode aead"),
    (["encrypt", *KEYAK, "--key", K16, "--nonce", "00", "--backend", "rtl"], b"x", "no rtl back end"),
    (["encrypt", *KEYAK, "--key", K16, "--nonce", "00", "--aad-file", "/nonexistent/x"], b"x",
     "cannot read associated data file"),
    (["decrypt", *KEYAK, "--key", K16, "--nonce", "00"], b"x" * 15, "shorter than the 16-byte tag"),
    (["decrypt", *KEYAK, "--key", K16, "--nonce", "00", "--in", "/nonexistent/x"], None, "cannot read input file"),
    (["encrypt", "--cipher", "lake-keyak", "--mode", "gcm", "--key", K16, "--nonce", "00"], b"x",
     "lake-keyak takes --mode aead only"),
    (["encrypt", "--cipher", "aes-128", "--mode", "aead", "--key", K16, "--nonce", "00"], b"x",
     "--mode aead is for --cipher lake-keyak only"),
])
def test_user_errors(args, data, needle, capfd, tmp_path):
    """One line on stderr that names the problem, exit 2, nothing on stdout, no output file."""
    rc, out, err = run(capfd, tmp_path, *args, data=data)
    assert rc == 2, err
    assert len(err.splitlines()) == 1 and err.startswith("linecrypt: ") and err.endswith("\n"), err
    assert needle in err.lower() or needle in err, err
    assert out is None and os.listdir(tmp_path) == []


def test_user_error_in_a_process_has_no_traceback():
    for args in (["hash", "--alg", "shake128"], ["mac", "--alg", "keccak-mac", "--key", "00"],
                 ["random", "--alg", "fortuna", "--seed", "00"]):
        r = subprocess.run([*CLI, *args], input=b"x", capture_output=True)
        assert r.returncode == 2 and r.stdout == b""
        assert len(r.stderr.splitlines()) == 1 and b"Traceback" not in r.stderr


@pytest.mark.parametrize("command,needles", [
    ("hash", ["0x80", "big-endian", "SHA-256(\"LineCrypt AES-Hash IV\")", "keccak_sponge"]),
    ("mac", ["KeyPack(K)", "pad10*1", "SP 800-38B"]),
    ("random", ["SHAKE256", "r = 1088", "Fortuna", "SpongePRG", "0x1F", "forget", "--reseed"]),
    ("encrypt", ["lake-keyak", "aead", "150"]),
])
def test_help_documents_the_constructions(command, needles):
    r = subprocess.run([*CLI, command, "--help"], capture_output=True, text=True, check=True)
    text = " ".join(r.stdout.split())
    for n in needles:
        assert n in text, n
