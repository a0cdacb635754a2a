# SPDX-License-Identifier: Apache-2.0
"""`make demo`: a real file through the RTL, checked against the golden model and pycryptodome.

Seed 002's image-encryption demo: a picture (PPM) is encrypted through the Verilated AES cores
in ECB, CBC and CTR with the pixel area encrypted and the header kept, so the ciphertext images
can be opened (ECB shows the picture's outline, CBC and CTR look like noise). Each ciphertext is
decrypted back through the RTL. Then the hardware figures: sustained bits/cycle measured in
simulation now, Fmax from the committed synthesis JSON (docs/results/).
"""
from __future__ import annotations

import json
import os
import time

from linecrypt import BUILD
from linecrypt.cli import main as cli
from linecrypt.designs import DESIGNS
from linecrypt.flows import bench
from linecrypt.flows.synth import RESULTS

KEY = bytes.fromhex("000102030405060708090a0b0c0d0e0f")
IV = bytes.fromhex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
W, H = 160, 120


def make_image(path) -> tuple[bytes, bytes]:
    """A test card: flat colour regions (what ECB leaks) and a gradient."""
    header = f"P6\n{W} {H}\n255\n".encode()
    px = bytearray()
    for y in range(H):
        for x in range(W):
            if (x - 100) ** 2 + (y - 60) ** 2 < 40 ** 2:
                px += bytes((230, 40, 40))
            elif 12 < x < 56 and 12 < y < 108:
                px += bytes((30, 30, 200))
            elif (x // 20 + y // 20) % 2:
                px += bytes((240, 240, 240))
            else:
                px += bytes((x & 0xFF, y & 0xFF, 128))
    path.write_bytes(header + px)
    return header, bytes(px)


def other_ciphers(out, data: bytes) -> bool:
    """Serpent, 3DES and IDEA in CBC through their Verilated cores."""
    from linecrypt.ciphers import CIPHERS
    from linecrypt.models import modes
    from linecrypt.oracles.blockciphers import oracle_name, reference
    ok = True
    for name, key, oracle in (("serpent-128", KEY, "serpent"), ("3des", bytes(range(1, 25)), "3des"),
                              ("idea", KEY, "idea")):
        label = oracle_name(oracle)
        spec = CIPHERS[name]
        iv = IV[:spec.block_bytes]
        enc, dec = reference(oracle, False), reference(oracle, True)

        class Ref:
            block_bytes = spec.block_bytes
            encrypt_block = staticmethod(lambda b: enc(key, [b])[0])
            decrypt_block = staticmethod(lambda b: dec(key, [b])[0])
        expected = modes.crypt(Ref, "cbc", False, data, iv)
        src, ct, pt = out / "other.bin", out / f"enc_{name}.bin", out / f"dec_{name}.bin"
        src.write_bytes(data)
        t0 = time.time()
        common = ["--cipher", name, "--mode", "cbc", "--key", key.hex(), "--iv", iv.hex(), "--backend", "rtl"]
        rc = cli(["encrypt", *common, "--in", str(src), "--out", str(ct)])
        rc |= cli(["decrypt", *common, "--in", str(ct), "--out", str(pt)])
        good = rc == 0 and ct.read_bytes() == expected and pt.read_bytes() == data
        ok &= good
        print(f"  {name:12s} {'PASS' if good else 'FAIL'}  rtl == {label}: {'yes' if ct.read_bytes() == expected else 'NO'}, "
              f"decrypt(rtl) == original: {'yes' if pt.read_bytes() == data else 'NO'}  ({time.time() - t0:.1f} s)")
    print()
    return ok


def aead(out, data: bytes) -> bool:
    """GCM and OCB3 through the one-lane engines, against pycryptodome; then one flipped
    ciphertext bit: exit 1, the one stderr line, no output file."""
    from Crypto.Cipher import AES as PyAES
    ok = True
    nonce, aad = bytes(range(12)), b"LineCrypt demo header"
    src = out / "pixels.bin"
    for mode in ("gcm", "ocb"):
        if mode == "gcm":
            c = PyAES.new(KEY, PyAES.MODE_GCM, nonce=nonce)
        else:
            c = PyAES.new(KEY, PyAES.MODE_OCB, nonce=nonce)
        c.update(aad)
        ct, tag = c.encrypt_and_digest(data)
        enc, dec, bad, forged = (out / f"enc_{mode}.bin", out / f"dec_{mode}.bin",
                                 out / f"forged_{mode}.bin", out / f"dec_forged_{mode}.bin")
        common = ["--cipher", "aes-128", "--mode", mode, "--key", KEY.hex(), "--nonce", nonce.hex(),
                  "--aad", aad.hex(), "--backend", "rtl"]
        t0 = time.time()
        rc = cli(["encrypt", *common, "--in", str(src), "--out", str(enc)])
        rc |= cli(["decrypt", *common, "--in", str(enc), "--out", str(dec)])
        body = bytearray(enc.read_bytes())
        body[len(body) // 2] ^= 0x01
        bad.write_bytes(bytes(body))
        forged.unlink(missing_ok=True)
        rc_forged = cli(["decrypt", *common, "--in", str(bad), "--out", str(forged)])
        checks = {
            "rtl == pycryptodome": enc.read_bytes() == ct + tag,
            "decrypt(rtl) == original": dec.read_bytes() == data,
            "one flipped bit: rejected, no output": rc_forged == 1 and not forged.exists(),
        }
        good = rc == 0 and all(checks.values())
        ok &= good
        print(f"  AES-128-{mode.upper()} {'PASS' if good else 'FAIL'}  " + ", ".join(
            f"{k}: {'yes' if v else 'NO'}" for k, v in checks.items()) + f"  ({time.time() - t0:.1f} s)")
    print()
    return ok


def link_runs() -> bool:
    """`linecrypt link` twice through the model: clean, then forged frames with valid-looking
    headers on 20 % of the data frames; nothing forged may reach a client."""
    from linecrypt.link import run as link_run
    ok = True
    for fault in (None, "forge"):
        r = link_run.run_model(link_run.LinkRun(frames=300, fault=fault, fault_rate=0.2, seed=5))
        good = link_run.verdict(r) and (fault is None or r["auth_failures"] == r["faults_injected"] > 0)
        ok &= good
        print(f"  {fault or 'clean':6s} {'PASS' if good else 'FAIL'}  client frames in "
              f"{r['frames_in']}, out {r['frames_out']}, corrupted out {r['frames_mismatched']}, "
              f"forged frames {r['faults_injected']}, auth failures {r['auth_failures']}, "
              f"purged {r['purged']}")
    print("  (RTL: linecrypt link --backend rtl --channels 4 --frame-words 8)\n")
    return ok


def main() -> int:
    from Crypto.Cipher import AES as PyAES

    out = BUILD / "demo"
    out.mkdir(parents=True, exist_ok=True)
    header, pixels = make_image(out / "testcard.ppm")
    (out / "pixels.bin").write_bytes(pixels)
    print(f"LineCrypt demo: {len(pixels)} bytes of image data through the Verilated AES-128 cores")
    print("(the first run compiles each core with Verilator: a few minutes in all, cached in build/)\n")
    refs = {
        "ecb": PyAES.new(KEY, PyAES.MODE_ECB).encrypt(pixels),
        "cbc": PyAES.new(KEY, PyAES.MODE_CBC, iv=IV).encrypt(pixels),
        "ctr": PyAES.new(KEY, PyAES.MODE_CTR, nonce=b"", initial_value=IV).encrypt(pixels),
    }
    ok = True
    for mode in ("ecb", "cbc", "ctr"):
        iv = [] if mode == "ecb" else ["--iv", IV.hex()]
        common = ["--cipher", "aes-128", "--mode", mode, "--key", KEY.hex(), *iv]
        enc, dec, mod = out / f"enc_{mode}.bin", out / f"dec_{mode}.bin", out / f"model_{mode}.bin"
        t0 = time.time()
        rc = cli(["encrypt", *common, "--backend", "rtl", "--in", str(out / "pixels.bin"), "--out", str(enc)])
        rc |= cli(["decrypt", *common, "--backend", "rtl", "--in", str(enc), "--out", str(dec)])
        rc |= cli(["encrypt", *common, "--backend", "model", "--in", str(out / "pixels.bin"), "--out", str(mod)])
        dt = time.time() - t0
        c = enc.read_bytes()
        checks = {
            "rtl == pycryptodome": c == refs[mode],
            "rtl == model": c == mod.read_bytes(),
            "decrypt(rtl) == original": dec.read_bytes() == pixels,
        }
        (out / f"testcard_{mode}.ppm").write_bytes(header + c)
        status = "PASS" if rc == 0 and all(checks.values()) else "FAIL"
        ok &= status == "PASS"
        print(f"  AES-128-{mode.upper():3s} {status}  " + ", ".join(f"{k}: {'yes' if v else 'NO'}"
                                                            for k, v in checks.items()) + f"  ({dt:.1f} s)")
    print(f"\n  images: {out}/testcard.ppm and testcard_{{ecb,cbc,ctr}}.ppm (ECB leaks the shapes)\n")

    print("Authenticated encryption through the engines (one lane), against pycryptodome")
    print("(the stderr line below is the forged message being refused):")
    ok &= aead(out, pixels)

    print("The other cores, CBC through the RTL, against an independent implementation:")
    ok &= other_ciphers(out, pixels[:4096])

    print("The link encryptor (`linecrypt link`, the line-format model): ten 10 Gbit/s clients,")
    print("AES-128-GCM, clean and with forged frames on the line:")
    ok &= link_runs()

    print("Hardware figures (ECP5-85F speed 8, nextpnr; Fmax from docs/results/*.json;")
    print("bits/cycle measured now in simulation for AES-128; for the others one block per clock,")
    print("as the zero-bubble test of every core checks):")
    print(f"  {'design':20s} {'LUT4':>7s} {'FF':>6s} {'DSP':>4s} {'Fmax MHz':>9s} {'bits/cycle':>11s} {'Gbit/s':>7s}")
    measured = {n: bench.run(n, total_bytes=1 << 16)["bits_per_cycle"] for n in ("aes128-enc-s2", "aes128-dec-s2")}
    for path in sorted(RESULTS.glob("*.json")):
        s = json.loads(path.read_text())
        head = f"  {s['design']:20s} {s['lut4']:7d} {s['ff']:6d} {s['dsp']:4d} {s['fmax_mhz']:9.1f}"
        d = DESIGNS.get(s["design"])
        if d is not None and d.building_block:      # a round, a multiplier, a brick: no throughput
            print(f"{head} {'(block)':>11s} {'-':>7s}")
            continue
        bpc = measured.get(s["design"], s["bits_per_cycle"])
        print(f"{head} {bpc:11.2f} {bpc * s['fmax_mhz'] / 1000:7.1f}")
    print("\n  reproduce: linecrypt synth --design NAME --json ; linecrypt bench --design NAME --json")
    print("\ndemo " + ("PASSED" if ok else "FAILED"))
    return 0 if ok else 1
