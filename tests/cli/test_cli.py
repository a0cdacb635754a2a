# SPDX-License-Identifier: Apache-2.0
"""`linecrypt encrypt|decrypt` per ../shared/CLI.md, both back ends, against independent libraries."""
import random
import subprocess
import sys

import pytest
from Crypto.Cipher import AES as PyAES
from Crypto.Cipher import DES as PyDES
from Crypto.Cipher import DES3 as PyDES3

CLI = [sys.executable, "-m", "linecrypt.cli"]


def lc(*args, data=b"", check=True):
    r = subprocess.run([*CLI, *args], input=data, capture_output=True, timeout=900)
    if check:
        assert r.returncode == 0, r.stderr.decode()
    return r


def pyaes(key, mode, iv, data, decrypt):
    if mode == "ecb":
        c = PyAES.new(key, PyAES.MODE_ECB)
    elif mode == "cbc":
        c = PyAES.new(key, PyAES.MODE_CBC, iv=iv)
    else:
        c = PyAES.new(key, PyAES.MODE_CTR, nonce=b"", initial_value=iv)
    return c.decrypt(data) if decrypt else c.encrypt(data)


def _cases(rng, key_bytes, n):
    for i in range(n):
        mode = ("ecb", "cbc", "ctr")[i % 3]
        size = rng.choice([0, 16, 48, 160, 1024, 4096])
        if mode == "ctr":
            size += rng.randrange(16)          # any length in CTR
        yield mode, rng.randbytes(key_bytes), rng.randbytes(16), rng.randbytes(size)


@pytest.mark.parametrize("backend,key_bytes", [("rtl", 16), ("rtl", 32), ("model", 16),
                                               ("model", 24), ("model", 32)])
def test_aes_random_vs_pycryptodome(backend, key_bytes):
    rng = random.Random(1000 + key_bytes + (backend == "rtl"))
    for mode, key, iv, data in _cases(rng, key_bytes, 6):
        ivarg = [] if mode == "ecb" else ["--iv", iv.hex()]
        args = ["--cipher", f"aes-{8 * key_bytes}", "--mode", mode, "--key", key.hex(), *ivarg,
                "--backend", backend]
        ct = lc("encrypt", *args, data=data).stdout
        assert ct == pyaes(key, mode, iv, data, False), (mode, len(data))
        assert lc("decrypt", *args, data=ct).stdout == data


@pytest.mark.slow
def test_aes192_rtl_vs_pycryptodome():
    rng = random.Random(192)
    for mode, key, iv, data in _cases(rng, 24, 6):
        ivarg = [] if mode == "ecb" else ["--iv", iv.hex()]
        args = ["--cipher", "aes-192", "--mode", mode, "--key", key.hex(), *ivarg, "--backend", "rtl"]
        assert lc("encrypt", *args, data=data).stdout == pyaes(key, mode, iv, data, False)


def test_rtl_is_the_default_backend_for_aes(tmp_path):
    # The RTL harness leaves a build; the default must be rtl, so a run with no --backend and
    # one with --backend rtl give the same bytes as pycryptodome.
    key, iv, data = bytes(range(16)), bytes(16), bytes(range(256)) * 4
    out = lc("encrypt", "--cipher", "aes-128", "--mode", "cbc", "--key", key.hex(), "--iv", iv.hex(),
             data=data).stdout
    assert out == pyaes(key, "cbc", iv, data, False)


def test_files_in_and_out(tmp_path):
    key = bytes(range(16))
    src = tmp_path / "in.bin"
    src.write_bytes(bytes(range(256)))
    dst = tmp_path / "out.bin"
    lc("encrypt", "--cipher", "aes-128", "--mode", "ecb", "--key", key.hex(), "--in", str(src),
       "--out", str(dst), "--backend", "model")
    assert dst.read_bytes() == pyaes(key, "ecb", None, bytes(range(256)), False)


def test_ekx_rtl_matches_model_and_is_not_aes():
    key, data = bytes(range(16)), bytes(range(64))
    a = lc("encrypt", "--cipher", "aes-128-ekx", "--mode", "ecb", "--key", key.hex(), "--backend", "rtl",
           data=data).stdout
    b = lc("encrypt", "--cipher", "aes-128-ekx", "--mode", "ecb", "--key", key.hex(), "--backend", "model",
           data=data).stdout
    assert a == b and a != pyaes(key, "ecb", None, data, False)
    assert lc("decrypt", "--cipher", "aes-128-ekx", "--mode", "ecb", "--key", key.hex(),
              "--backend", "rtl", data=a).stdout == data
    assert "NOT AES" in lc("encrypt", "--help").stdout.decode()


def test_des_3des_model_backend_vs_pycryptodome():
    rng = random.Random(3)
    iv, data = rng.randbytes(8), rng.randbytes(64)
    k = rng.randbytes(8)
    out = lc("encrypt", "--cipher", "des", "--mode", "cbc", "--key", k.hex(), "--iv", iv.hex(), data=data).stdout
    assert out == PyDES.new(k, PyDES.MODE_CBC, iv=iv).encrypt(data)
    k3 = PyDES3.adjust_key_parity(rng.randbytes(24))
    out = lc("encrypt", "--cipher", "3des", "--mode", "ctr", "--key", k3.hex(), "--iv", iv.hex(),
             data=data[:61]).stdout
    assert out == PyDES3.new(k3, PyDES3.MODE_CTR, nonce=b"", initial_value=iv).encrypt(data[:61])


@pytest.mark.parametrize("args,data,needle", [
    (["encrypt", "--cipher", "aes-128", "--mode", "ecb", "--key", "00" * 15], b"", "key"),
    (["encrypt", "--cipher", "aes-128", "--mode", "ecb", "--key", "zz" * 16], b"", "hex"),
    (["encrypt", "--cipher", "rot13", "--mode", "ecb", "--key", "00" * 16], b"", "cipher"),
    (["encrypt", "--cipher", "aes-128", "--mode", "xts", "--key", "00" * 16], b"", "mode"),
    (["encrypt", "--cipher", "aes-128", "--mode", "ecb", "--key", "00" * 16], b"x" * 17, "multiple"),
    (["decrypt", "--cipher", "aes-128", "--mode", "cbc", "--key", "00" * 16, "--iv", "00" * 16], b"x" * 5, "multiple"),
    (["encrypt", "--cipher", "aes-128", "--mode", "cbc", "--key", "00" * 16], b"", "iv"),
    (["encrypt", "--cipher", "aes-128", "--mode", "ctr", "--key", "00" * 16, "--iv", "00" * 8], b"", "iv"),
    (["encrypt", "--cipher", "aes-128", "--mode", "ecb", "--key", "00" * 16, "--in", "/nonexistent/x"], b"", "input"),
    (["encrypt", "--cipher", "des", "--mode", "ecb", "--key", "00" * 16], b"", "key"),
    (["encrypt", "--cipher", "aes-128", "--mode", "ecb"], b"", "key"),
    (["frobnicate"], b"", "invalid choice"),
])
def test_user_errors(args, data, needle, tmp_path):
    out = tmp_path / "never.bin"
    r = lc(*args, "--out", str(out), data=data, check=False) if args[0] != "frobnicate" else \
        lc(*args, data=data, check=False)
    err = r.stderr.decode()
    assert r.returncode == 2, err
    assert r.stdout == b""
    assert len(err.strip().splitlines()) == 1 and err.startswith("linecrypt: "), err
    assert needle in err.lower()
    assert "Traceback" not in err
    assert not out.exists()


def _rtl_ciphers():
    from linecrypt.ciphers import CIPHERS
    out = []
    for c in CIPHERS.values():
        if c.rtl and not c.name.startswith("aes"):
            # each key size of Serpent is its own pair of cores: one in the default suite
            slow = c.name in ("serpent-192", "serpent-256")
            out.append(pytest.param(c, id=c.name, marks=[pytest.mark.slow] if slow else []))
    return out


@pytest.mark.parametrize("spec", _rtl_ciphers())
def test_other_ciphers_rtl_backend(spec):
    """Every non-AES cipher with RTL: both back ends against the independent oracle's ECB,
    chained by the SP 800-38A mode code (itself checked against pycryptodome above)."""
    from linecrypt.models import modes
    from linecrypt.oracles.blockciphers import reference
    oracle = {"serpent": "serpent", "des": "des", "3des": "3des", "idea": "idea"}[spec.name.split("-")[0]]
    rng = random.Random(sum(map(ord, spec.name)))
    bb = spec.block_bytes

    class Oracle:
        block_bytes = bb

        def __init__(self, key):
            self.enc, self.dec, self.key = reference(oracle, False), reference(oracle, True), key

        def encrypt_block(self, b):
            return self.enc(self.key, [b])[0]

        def decrypt_block(self, b):
            return self.dec(self.key, [b])[0]

    for klen in spec.rtl:
        for mode in ("ecb", "cbc", "ctr"):
            key, iv = rng.randbytes(klen), rng.randbytes(bb)
            if spec.name == "3des" and len({key[i:i + 8] for i in range(0, klen, 8)}) < klen // 8:
                continue
            data = rng.randbytes(bb * rng.randrange(1, 40) + (rng.randrange(bb) if mode == "ctr" else 0))
            ref_key = key + key[:8] if spec.name == "3des" and klen == 16 else key
            exp = modes.crypt(Oracle(ref_key), mode, False, data, iv if mode != "ecb" else None)
            ivarg = [] if mode == "ecb" else ["--iv", iv.hex()]
            args = ["--cipher", spec.name, "--mode", mode, "--key", key.hex(), *ivarg]
            for backend in ("rtl", "model"):
                ct = lc("encrypt", *args, "--backend", backend, data=data).stdout
                assert ct == exp, (spec.name, mode, backend)
                assert lc("decrypt", *args, "--backend", backend, data=ct).stdout == data
