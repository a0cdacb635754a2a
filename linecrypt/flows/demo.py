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


def main() -> int:
    from Crypto.Cipher import AES as PyAES

    out = BUILD / "demo"
    out.mkdir(parents=True, exist_ok=True)
    header, pixels = make_image(out / "testcard.ppm")
    (out / "pixels.bin").write_bytes(pixels)
    print(f"LineCrypt demo: {len(pixels)} bytes of image data through the Verilated AES-128 cores")
    print("(first run compiles the encrypt and decrypt cores with Verilator: about a minute)\n")
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

    print("Hardware figures (ECP5-85F speed 8, nextpnr; Fmax from docs/results/*.json):")
    print(f"  {'design':20s} {'LUT4':>7s} {'FF':>6s} {'Fmax MHz':>9s} {'bits/cycle':>11s} {'Gbit/s':>7s}")
    for name in ("aes128-enc-s2", "aes128-dec-s2"):
        b = bench.run(name, total_bytes=1 << 16)
        path = RESULTS / f"{name}.json"
        if path.exists():
            s = json.loads(path.read_text())
            print(f"  {name:20s} {s['lut4']:7d} {s['ff']:6d} {s['fmax_mhz']:9.1f} {b['bits_per_cycle']:11.2f} "
                  f"{b['bits_per_cycle'] * s['fmax_mhz'] / 1000:7.1f}")
        else:
            print(f"  {name:20s} (no synthesis result committed) {b['bits_per_cycle']:.2f} bits/cycle")
    print("\n  reproduce: linecrypt synth --design NAME --json ; linecrypt bench --design NAME --json")
    print("\ndemo " + ("PASSED" if ok else "FAILED"))
    return 0 if ok else 1
