# SPDX-License-Identifier: Apache-2.0
"""KAT files pdi.txt/sdi.txt/do.txt: write/read round trip at w = 32 and 128, the CLI, and
broken files rejected with the file and line named."""
import hashlib
import subprocess
import sys

import pytest

from linecrypt.lwc import kat
from linecrypt.lwc.kat import KatError, generate, main, read_kat, render, write_kat
from linecrypt.lwc.protocol import Alg, Seg, decode_header, words_for

WIDTHS = (32, 128)
CASES = [("hash", Alg.SHA3_256, {}), ("hash", Alg.SHAKE128, {"out_bytes": 40}),
         ("hash", Alg.AES_HASH, {}), ("enc", Alg.AES_GCM, {"ad_lens": [0, 20]}),
         ("dec", Alg.LAKE_KEYAK, {"ad_lens": [3]}), ("mac", Alg.AES_CMAC, {}),
         ("prng", Alg.FORTUNA, {}), ("prng", Alg.KECCAK_DUPLEX, {})]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("op, alg, extra", CASES)
def test_write_read_round_trip(tmp_path, width, op, alg, extra):
    k = generate(op, alg, [0, 1, 17, 64], width, max_seg=32, **extra)
    write_kat(tmp_path, k, "test")
    back = read_kat(tmp_path)
    assert back.width == width
    assert [(v.msg_id, v.tx.title, v.tx.pdi, v.tx.sdi, v.tx.do) for v in back.vectors] == \
        [(v.msg_id, v.tx.title, v.tx.pdi, v.tx.sdi, v.tx.do) for v in k.vectors]
    assert render(back, "test") == render(k, "test")
    assert kat.check_kat(back) == []


def _digests(kat_set, width):
    out = []
    for v in kat_set.vectors:
        do, k, d = v.tx.do, 0, b""
        while do[k].kind == "HDR":
            h = decode_header(do[k].value, width)
            n = words_for(h.length, width)
            raw = b"".join(x.value.to_bytes(width // 8, "big") for x in do[k + 1:k + 1 + n])
            assert h.type == Seg.HASH_VALUE
            d += raw[:h.length]
            k += 1 + n
        out.append(d)
    return out


def _messages(kat_set, width):
    out = []
    for v in kat_set.vectors:
        words = v.tx.pdi
        h = decode_header(words[1].value, width)
        raw = b"".join(x.value.to_bytes(width // 8, "big")
                       for x in words[2:2 + words_for(h.length, width)])
        out.append(raw[:h.length])
    return out


@pytest.mark.parametrize("width", WIDTHS)
def test_cli_writes_the_example_set(tmp_path, width):
    out = tmp_path / "kat"
    rc = main(["--op", "hash", "--alg", "sha3-256", "--msg-lens", "0,1,64", "--width",
               str(width), "--out", str(out)])
    assert rc == 0
    assert sorted(p.name for p in out.iterdir()) == ["do.txt", "pdi.txt", "sdi.txt"]
    k = read_kat(out)
    msgs = _messages(k, width)
    assert [len(m) for m in msgs] == [0, 1, 64]
    assert _digests(k, width) == [hashlib.sha3_256(m).digest() for m in msgs]
    text = (out / "pdi.txt").read_text()
    assert "#### MsgID=3" in text and "INS = " in text and text.endswith("###EOF\n")
    assert "STT = " in (out / "do.txt").read_text()
    assert main(["--check", str(out)]) == 0


def test_cli_as_a_module(tmp_path):
    out = tmp_path / "m"
    r = subprocess.run([sys.executable, "-m", "linecrypt.lwc.kat", "--op", "mac", "--alg",
                        "aes-cmac", "--msg-lens", "0,33", "--width", "128", "--out", str(out)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert read_kat(out).width == 128


@pytest.mark.parametrize("args, message", [
    (["--op", "hash", "--alg", "sha3-256", "--msg-lens", "0,x"], "comma-separated integers"),
    (["--op", "hash", "--alg", "sha3-256", "--msg-lens", "-1"], "outside 0.."),
    (["--op", "hash", "--alg", "sha3-256", "--msg-lens", "1", "--width", "64"],
     "--width must be 32 or 128"),
    (["--op", "enc", "--alg", "sha3-256", "--msg-lens", "1"], "does not take --op enc"),
    (["--op", "hash", "--alg", "md6", "--msg-lens", "1"], "unknown algorithm 'md6'"),
    (["--op", "hash", "--alg", "shake256", "--msg-lens", "1"], "needs --out-bytes"),
    (["--op", "hash", "--alg", "sha3-256", "--msg-lens", "1", "--out-bytes", "3"],
     "only for shake"),
    (["--op", "hash", "--alg", "sha3-256", "--msg-lens", "1", "--max-seg", "2"], "--max-seg"),
    (["--op", "zip", "--alg", "sha3-256", "--msg-lens", "1"], "invalid choice"),
    (["--alg", "sha3-256", "--msg-lens", "1"], "--op is required"),
    (["--op", "hash", "--alg", "sha3-256", "--msg-lens", "1", "--bogus"], "unrecognized"),
])
def test_cli_bad_arguments(tmp_path, capsys, args, message):
    out = tmp_path / "never"
    assert main(args + ["--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and err.startswith("python -m linecrypt")
    assert not out.exists()


def test_cli_out_is_a_file(tmp_path, capsys):
    f = tmp_path / "file"
    f.write_text("x")
    assert main(["--op", "hash", "--alg", "sha3-256", "--msg-lens", "1", "--out", str(f)]) == 2
    assert "not a directory" in capsys.readouterr().err
    assert f.read_text() == "x"


@pytest.fixture
def good(tmp_path):
    write_kat(tmp_path, generate("hash", Alg.SHA3_256, [0, 5], 32))
    return tmp_path


def _edit(path, old, new, count=1):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, count))


@pytest.mark.parametrize("file, old, new, message", [
    ("pdi.txt", "###EOF\n", "", "no ###EOF line"),
    ("pdi.txt", "HDR = 77000000", "HDR = 7700000G", "not hex"),
    ("pdi.txt", "HDR = 77000000", "HDX = 77000000", "expected 'INS = '"),
    ("pdi.txt", "HDR = 77000000", "HDR = 770000000", "pdi.txt:9: a 36-bit HDR word"),
    ("pdi.txt", "\nDAT = ", "\nDAT = 0", "pdi.txt:17: DAT holds 17 hex digits; words are 8 digits"),
    ("pdi.txt", "HDR = 77000000", "DAT = 77000000", "marked DAT but the protocol reads it"),
    ("pdi.txt", "HDR = 77000000", "HDR = 77100000", "reserved bits"),
    ("pdi.txt", "INS = 81200000", "INS = 8120000000000000000000000000000000",
     "pdi.txt:7: a 136-bit INS word in a 32-bit file"),
    ("sdi.txt", "#### MsgID=2", "#### MsgID=3", "same MsgIDs"),
    ("do.txt", "STT = E0000000", "STT = E0000003", "success needs reason 0"),
    ("pdi.txt", "# Width = 32", "# Width = 128", "a 32-bit INS word in a 128-bit file"),
    ("sdi.txt", "# Width = 32", "# Width = 128", "disagree on the width"),
    ("pdi.txt", "#### MsgID=1", "#### MsgID=one", "MsgID is not a number"),
])
def test_broken_files_are_rejected(good, file, old, new, message):
    _edit(good / file, old, new)
    with pytest.raises(KatError, match=message):
        read_kat(good)


def test_missing_file_is_named(good):
    (good / "sdi.txt").unlink()
    with pytest.raises(KatError, match="sdi.txt: cannot read"):
        read_kat(good)


def test_check_finds_a_wrong_digest(good, capsys):
    text = (good / "do.txt").read_text()
    lines = text.splitlines()
    i = next(n for n, l in enumerate(lines) if l.startswith("DAT = "))
    lines[i] = "DAT = " + ("0" if lines[i][6] != "0" else "1") + lines[i][7:]
    (good / "do.txt").write_text("\n".join(lines) + "\n")
    assert main(["--check", str(good)]) == 1
    assert "MsgID=1: DO differs" in capsys.readouterr().err
