# SPDX-License-Identifier: Apache-2.0
"""cocotb testbench for the GHASH datapath (ip/gcm/rtl) against linecrypt.models.gcm, whose
gf_mult/ghash/h_powers are proven against the NIST CAVP GCM files, pyca/cryptography and
pycryptodome (tests/models/test_gcm_model.py); one check goes straight to pyca's AESGCM.

LC_PARAMS JSON: the RTL parameters plus TOP (which module is built: ghash_mul, ghash_nway or
ghash_hpow; only that module's tests run), LC_COUNT (operand pairs / messages). The seed is
printed; LC_SEED replays it. Blocks are the 16 bytes as one big-endian integer (byte 0 in the top
bits), lane j of a wide port at bits [128j +: 128].
"""
import json
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge
from Crypto.Cipher import AES as CryptoAES
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from linecrypt.models.gcm import gf_mult, ghash, h_powers, length_block
from linecrypt.vectors import cryptography_vectors_dir

P = json.loads(os.environ["LC_PARAMS"])
TOP = P["TOP"]
COUNT = int(P.get("LC_COUNT", 200))
SEED = int(os.environ.get("LC_SEED", random.randrange(1 << 30)))
ONE = bytes([0x80]) + bytes(15)                 # alpha^0, the field's 1


def to_int(b: bytes) -> int:
    return int.from_bytes(b, "big")


def to_bytes(v: int) -> bytes:
    return v.to_bytes(16, "big")


def cavp_keys(n=24):
    """The first keys of the CAVP GCM encryption files (128/192/256-bit)."""
    out = []
    d = cryptography_vectors_dir() / "ciphers" / "AES" / "GCM"
    for name in ("gcmEncryptExtIV128.rsp", "gcmEncryptExtIV192.rsp", "gcmEncryptExtIV256.rsp"):
        seen = []
        for line in (d / name).read_text().splitlines():
            if line.startswith("Key = "):
                k = bytes.fromhex(line.split("=")[1].strip())
                if k not in seen:
                    seen.append(k)
                if len(seen) == n // 3:
                    break
        out += seen
    return out


def hash_subkey(key: bytes) -> bytes:
    return CryptoAES.new(key, CryptoAES.MODE_ECB).encrypt(bytes(16))


async def start(dut):
    cocotb.start_soon(Clock(dut.clk, 10, unit="ns").start())
    dut.rst.value = 1
    await RisingEdge(dut.clk)
    await RisingEdge(dut.clk)
    dut.rst.value = 0


# ---------------------------------------------------------------- ghash_mul
def mul_operands(rng):
    hs = [hash_subkey(k) for k in cavp_keys()]
    edges = [bytes(16), ONE, b"\xff" * 16, to_bytes(1), to_bytes(1 << 127 | 1),
             bytes([0xE1]) + bytes(15)]
    pairs = [(a, b) for a in edges for b in edges]
    pairs += [(rng.randbytes(16), h) for h in hs for _ in range(4)]
    pairs += [(h, rng.randbytes(16)) for h in hs]
    pairs += [(rng.randbytes(16), rng.randbytes(16)) for _ in range(COUNT)]
    return pairs


@cocotb.test(skip=(TOP != "ghash_mul"))
async def mul_stream(dut):
    """Random operands and CAVP hash subkeys, random valid gaps; Z = gf_mult(X, H) in order."""
    rng = random.Random(SEED)
    dut._log.info(f"seed {SEED} (LC_SEED replays)")
    pairs = mul_operands(rng)
    expected = [gf_mult(x, h) for x, h in pairs]
    got = []
    lat = int(P.get("PIPE", 2)) + int(P.get("IN_REG", 0))
    dut.in_valid.value = 0
    await start(dut)

    async def monitor():
        # mid-cycle: the inputs change just after rising edges, so a falling edge sees this
        # cycle's output, combinational (PIPE = 0) or registered
        while True:
            await FallingEdge(dut.clk)
            if int(dut.out_valid.value):
                got.append(to_bytes(int(dut.z.value)))
    cocotb.start_soon(monitor())
    for x, h in pairs:
        while rng.random() < 0.3:
            dut.in_valid.value = 0
            dut.x.value = rng.getrandbits(128)
            await RisingEdge(dut.clk)
        dut.in_valid.value = 1
        dut.x.value = to_int(x)
        dut.h.value = to_int(h)
        await RisingEdge(dut.clk)
    dut.in_valid.value = 0
    for _ in range(lat + 3):
        await RisingEdge(dut.clk)
    assert len(got) == len(expected), f"{len(got)} results for {len(expected)} operand pairs"
    for i, (g, e) in enumerate(zip(got, expected)):
        assert g == e, f"pair {i}: X={pairs[i][0].hex()} H={pairs[i][1].hex()}: {g.hex()} != {e.hex()}"


@cocotb.test(skip=(TOP != "ghash_mul"))
async def mul_latency(dut):
    """out_valid follows in_valid by exactly IN_REG + PIPE clocks."""
    lat = int(P.get("PIPE", 2)) + int(P.get("IN_REG", 0))
    dut.in_valid.value = 0
    await start(dut)
    await RisingEdge(dut.clk)
    dut.in_valid.value = 1
    dut.x.value = to_int(ONE)
    dut.h.value = 0x1234
    if lat == 0:                                    # combinational: z follows at once
        await ReadOnly()
        assert int(dut.out_valid.value) == 1
        assert int(dut.z.value) == 0x1234
        return
    await RisingEdge(dut.clk)                       # the edge that takes the operands
    dut.in_valid.value = 0
    edges = 1
    while True:
        await ReadOnly()
        if int(dut.out_valid.value) or edges > lat + 3:
            break
        await RisingEdge(dut.clk)
        edges += 1
    assert edges == lat, f"latency {edges} clocks, expected {lat}"
    assert int(dut.z.value) == 0x1234


# ---------------------------------------------------------------- ghash_nway
LANES = int(P.get("LANES", 1))
USER_W = int(P.get("USER_WIDTH", 1))


def nway_latency():
    return 2 if LANES == 1 else int(P.get("PIPE", 1)) + 3


def split_beats(nblocks, rng, ragged):
    """Block counts of the beats of one message: full beats and a short last one, or (ragged)
    random counts 1..LANES on any beat; an empty message is one beat of 0 blocks."""
    if nblocks == 0:
        return [0]
    out = []
    left = nblocks
    while left:
        n = min(left, rng.randint(1, LANES) if ragged else LANES)
        out.append(n)
        left -= n
    return out


async def run_messages(dut, rng, messages, gap):
    """messages: (hpow list, blocks). Drives them back to back with random gaps (probability
    gap per clock), returns the (ghash, user) outputs in order."""
    got = []

    async def monitor():
        while True:
            await RisingEdge(dut.clk)
            await ReadOnly()
            if int(dut.out_valid.value):
                got.append((to_bytes(int(dut.out_ghash.value)), int(dut.out_user.value)))
    mon = cocotb.start_soon(monitor())
    for mi, (hp, blocks, counts) in enumerate(messages):
        hv = sum(to_int(p) << (128 * i) for i, p in enumerate(hp))
        pos = 0
        for bi, n in enumerate(counts):
            while rng.random() < gap:
                dut.in_valid.value = 0
                dut.in_start.value = rng.getrandbits(1)
                dut.in_last.value = rng.getrandbits(1)
                dut.in_data.value = rng.getrandbits(128 * LANES)
                await RisingEdge(dut.clk)
            data = 0
            for j in range(LANES):
                blk = to_int(blocks[pos + j]) if j < n else rng.getrandbits(128)   # junk above n
                data |= blk << (128 * j)
            pos += n
            dut.in_valid.value = 1
            dut.in_start.value = int(bi == 0)
            dut.in_last.value = int(bi == len(counts) - 1)
            dut.in_count.value = n
            dut.in_data.value = data
            dut.in_user.value = mi % (1 << USER_W)
            dut.hpow.value = hv
            await RisingEdge(dut.clk)
    dut.in_valid.value = 0
    for _ in range(nway_latency() + 3):
        await RisingEdge(dut.clk)
    mon.cancel()
    return got


def make_messages(rng, count, keys):
    msgs = []
    lengths = list(range(41)) + [rng.randrange(41) for _ in range(max(0, count - 41))]
    rng.shuffle(lengths)
    for i, m in enumerate(lengths):
        h = keys[i % len(keys)]
        blocks = [rng.randbytes(16) for _ in range(m)]
        msgs.append((h, h_powers(h, LANES), blocks, split_beats(m, rng, ragged=(i % 3 == 2))))
    return msgs


async def nway_check(dut, rng, count, gap):
    keys = [hash_subkey(k) for k in cavp_keys(6)] + [rng.randbytes(16) for _ in range(3)]
    msgs = make_messages(rng, count, keys)
    got = await run_messages(dut, rng, [(hp, b, c) for _, hp, b, c in msgs], gap)
    assert len(got) == len(msgs), f"{len(got)} results for {len(msgs)} messages"
    for i, ((h, _, blocks, counts), (g, u)) in enumerate(zip(msgs, got)):
        e = ghash(h, b"".join(blocks))
        assert g == e, f"message {i} ({len(blocks)} blocks, beats {counts}): {g.hex()} != {e.hex()}"
        assert u == i % (1 << USER_W), f"message {i}: out_user {u}"


@cocotb.test(skip=(TOP != "ghash_nway"))
async def nway_back_to_back(dut):
    """Messages of 0..40 blocks (every residue mod LANES), full and ragged beats, no gaps."""
    rng = random.Random(SEED)
    dut._log.info(f"seed {SEED} (LC_SEED replays)")
    dut.in_valid.value = 0
    await start(dut)
    await nway_check(dut, rng, COUNT, gap=0.0)


@cocotb.test(skip=(TOP != "ghash_nway"))
async def nway_random_gaps(dut):
    """The same with random idle clocks between beats (junk on the data and flags)."""
    rng = random.Random(SEED + 1)
    dut.in_valid.value = 0
    await start(dut)
    await nway_check(dut, rng, COUNT, gap=0.4)


@cocotb.test(skip=(TOP != "ghash_nway"))
async def nway_latency_and_gcm_tag(dut):
    """Latency of a one-beat message, and a GCM tag from the DUT's S plus pycryptodome's
    E_K(J0) equal to pyca/cryptography AESGCM's tag."""
    rng = random.Random(SEED + 2)
    dut.in_valid.value = 0
    await start(dut)
    key, iv = rng.randbytes(16), rng.randbytes(12)
    h = hash_subkey(key)
    hp = h_powers(h, LANES)
    # latency
    await RisingEdge(dut.clk)
    dut.in_valid.value, dut.in_start.value, dut.in_last.value = 1, 1, 1
    dut.in_count.value, dut.in_data.value, dut.in_user.value = 1, to_int(ONE), 0
    dut.hpow.value = sum(to_int(p) << (128 * i) for i, p in enumerate(hp))
    await RisingEdge(dut.clk)                       # the edge that takes the beat
    dut.in_valid.value = 0
    edges = 1
    while True:
        await ReadOnly()
        if int(dut.out_valid.value) or edges > nway_latency() + 3:
            break
        await RisingEdge(dut.clk)
        edges += 1
    assert edges == nway_latency(), f"latency {edges} clocks, expected {nway_latency()}"
    assert to_bytes(int(dut.out_ghash.value)) == h          # 1 . H
    await RisingEdge(dut.clk)
    for ad_len, pt_len in ((20, 77), (0, 16), (13, 0), (64, 129)):
        ad, pt = rng.randbytes(ad_len), rng.randbytes(pt_len)
        ct_tag = AESGCM(key).encrypt(iv, pt, ad)
        ct, tag = ct_tag[:-16], ct_tag[-16:]
        pad = lambda d: d + bytes(-len(d) % 16)
        data = pad(ad) + pad(ct) + length_block(len(ad), len(ct))
        blocks = [data[i:i + 16] for i in range(0, len(data), 16)]
        got = await run_messages(dut, rng, [(hp, blocks, split_beats(len(blocks), rng, False))], 0.2)
        s = got[0][0]
        ekj0 = CryptoAES.new(key, CryptoAES.MODE_ECB).encrypt(iv + b"\x00\x00\x00\x01")
        assert bytes(a ^ b for a, b in zip(s, ekj0)) == tag, f"AD {ad_len} B, text {pt_len} B"


# ---------------------------------------------------------------- ghash_hpow
@cocotb.test(skip=(TOP != "ghash_hpow"))
async def hpow_table(dut):
    """Key loads (CAVP hash subkeys and random H): the table equals h_powers, busy lasts
    (N - 1) * C clocks (C = PIPE for the full multiplier, DIGIT = 0; 128 / DIGIT for the
    digit-serial one), done pulses once, loads while busy are ignored."""
    rng = random.Random(SEED)
    dut._log.info(f"seed {SEED} (LC_SEED replays)")
    n_pow, digit = int(P["N"]), int(P.get("DIGIT", 1))
    pipe = int(P.get("PIPE", 2)) if digit == 0 else 128 // digit
    dut.load.value = 0
    await start(dut)
    keys = [hash_subkey(k) for k in cavp_keys(6)] + [rng.randbytes(16) for _ in range(4)]
    for h in keys:
        for _ in range(rng.randrange(3)):
            await RisingEdge(dut.clk)
        dut.load.value, dut.h.value = 1, to_int(h)
        await RisingEdge(dut.clk)
        dut.load.value = rng.getrandbits(1) if n_pow > 1 else 0   # a load while busy is ignored
        dut.h.value = rng.getrandbits(128)
        clocks, dones = 1, 0
        while True:
            await ReadOnly()
            dones += int(dut.done.value)
            if not int(dut.busy.value):
                break
            await RisingEdge(dut.clk)
            # more ignored loads, but none on the clock where busy may fall
            dut.load.value = rng.getrandbits(1) if clocks + 1 < (n_pow - 1) * pipe else 0
            clocks += 1
        assert dones == 1, f"done pulsed {dones} times"
        assert clocks == 1 + (n_pow - 1) * pipe, f"table after {clocks} clocks"
        table = int(dut.hpow.value)
        want = h_powers(h, n_pow)
        for e in range(n_pow):
            assert to_bytes((table >> (128 * e)) & ((1 << 128) - 1)) == want[e], f"H^{e + 1}"
        await RisingEdge(dut.clk)
        dut.load.value = 0
