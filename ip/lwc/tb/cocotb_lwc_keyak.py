# SPDX-License-Identifier: Apache-2.0
"""cocotb tests of Lake Keyak (ENC/DEC, ALG 0x19 and 0) in ip/lwc/rtl/lwc_keccak.v, on the Bench of
cocotb_lwc_keccak (lwc_bench.Bench with the engine model of the build; same LC_PARAMS).

Expected DO comes from linecrypt.models.keyak (lake_keyak_encrypt / lake_keyak_decrypt, proven
against the Keccak team's LakeKeyak.txt transcript by tests/models/test_keyak_model.py), built
into words here and by the linecrypt.lwc builders, and from the engine model of the build
(cocotb_lwc_keccak.new_model) for malformed input; the transcript's own ciphertexts and tags are
also compared directly. Random valid/ready stalls on PDI, SDI and DO. LC_SEED replays a run.
"""
import cocotb
from cocotb.triggers import ClockCycles, RisingEdge

from cocotb_lwc_keccak import KEYAK, LIMITS, Bench, hash_tx
from linecrypt.lwc.protocol import (
    Alg, Header, Op, Reason, Seg, StatusWord, enc_transaction, encode_header, encode_status,
    key_transaction, pack_data, segments,
)
from linecrypt.models.keyak import lake_keyak_decrypt, lake_keyak_encrypt
from lwc_bench import HDR, INS, SLOW, W, seg, split, v

TAG = 16
NPUB = 150
OK = encode_status(StatusWord(True), W)


def fail(reason):
    return encode_status(StatusWord(False, reason), W)


def out_segments(t, chunks, data, last):
    """DO words of a CT/PT part: one segment per input chunk (its length; EOT on the last),
    Last on the last when ``last``."""
    out, pos = [], 0
    for k, c in enumerate(chunks):
        end = k == len(chunks) - 1
        out.append(encode_header(Header(t, len(c), False, end, last and end), W))
        out += pack_data(data[pos:pos + len(c)], W)
        pos += len(c)
    return out


def enc_words(key, npub, ad, pt, rng=None, alg=Alg.LAKE_KEYAK, pieces=(1, 1, 1)):
    """PDI of ENC (NPUB, AD, PT split into ``pieces`` segments at random bytes when rng is
    given) and its DO from the Keyak model: CT segments as the PT segments, TAG, success."""
    parts = [npub, ad, pt]
    chunks = [split(d, rng, k) if rng else [d] for d, k in zip(parts, pieces)]
    pdi = [INS(Op.ENC, alg)] + v(segments([(Seg.NPUB, npub), (Seg.AD, ad), (Seg.PT, pt)], W,
                                          chunks=chunks))
    out = lake_keyak_encrypt(key, npub, ad, pt)
    ct, tag = out[:-TAG], out[-TAG:]
    do = out_segments(Seg.CT, chunks[2], ct, False)
    do += [encode_header(Header(Seg.TAG, TAG, False, True, True), W)] + pack_data(tag, W) + [OK]
    return pdi, do, ct, tag


def dec_words(key, npub, ad, ct, tag, rng=None, alg=Alg.LAKE_KEYAK, pieces=(1, 1, 1, 1)):
    """PDI of DEC and its DO from the Keyak model: PT segments as the CT segments and success,
    or the AUTH failure alone."""
    parts = [npub, ad, ct, tag]
    chunks = [split(d, rng, k) if rng else [d] for d, k in zip(parts, pieces)]
    pdi = [INS(Op.DEC, alg)] + v(segments([(Seg.NPUB, npub), (Seg.AD, ad), (Seg.CT, ct),
                                           (Seg.TAG, tag)], W, chunks=chunks))
    pt = lake_keyak_decrypt(key, npub, ad, ct + tag)
    if pt is None:
        return pdi, [fail(Reason.AUTH)]
    return pdi, out_segments(Seg.PT, chunks[2], pt, True) + [OK]


def key_words(key):
    t = key_transaction(key, W)
    return v(t.pdi), v(t.sdi)


async def started(dut, stall, extra):
    b = Bench(dut, stall=stall, seed_extra=extra)
    await b.start()
    return b, b.rng


@cocotb.test(skip=not KEYAK)
async def test_keyak_lengths(dut):
    """ENC and DEC across the Motorist's boundaries (Rs = 168, Ra = 192, 24 AD bytes per message
    block), empty and odd lengths, each part split at random bytes (empty segments too), ALG
    0x19 and 0, under random stalls on PDI, SDI and DO; a decryption of each ciphertext."""
    b, rng = await started(dut, 0.3, 20)
    key = rng.randbytes(16)
    kp, ks = key_words(key)
    b.add(kp, ks, [])
    msgs = [0, 1, 7, 8, 9, 167, 168, 169, 191, 192, 193, 335, 336, 337, rng.randrange(400)]
    ads = [0, 1, 23, 24, 25, 191, 192, 193, 385, rng.randrange(300)]
    combos = [(m, rng.choice(ads)) for m in msgs] + [(rng.choice(msgs), a) for a in ads]
    for n, a in combos:
        npub, ad, pt = rng.randbytes(NPUB), rng.randbytes(a), rng.randbytes(n)
        alg = rng.choice([Alg.LAKE_KEYAK, 0])
        pieces = [rng.randrange(1, 4) for _ in range(3)]
        pdi, do, ct, tag = enc_words(key, npub, ad, pt, rng, alg, pieces)
        b.add(pdi, [], do)
        pieces = [rng.randrange(1, 4) for _ in range(4)]
        pdi, do = dec_words(key, npub, ad, ct, tag, rng, alg, pieces)
        b.add(pdi, [], do)
    # the builders' own words (max_seg rounded to whole words) agree with the model as well
    t = enc_transaction("lake-keyak", key, bytes(NPUB), b"builder ad", b"builder pt" * 9, W,
                        max_seg=24, load_key=False)
    b.add_tx(t)
    await b.check(clocks=1_000_000)


@cocotb.test(skip=not KEYAK)
async def test_keyak_transcript(dut):
    """Sessions of the Keccak team's transcript LakeKeyak.txt (../shared/vectors/keyak) whose
    StartEngine is the CAESAR API's (16-byte key, 150-byte nonce, no tag or forget flag): the
    first Wrap's ciphertext and tag come out of ENC as the file gives them, and DEC of the file's
    ciphertext and tag gives the file's plaintext. Every 10th of the 530 sessions by default,
    all of them in the slow run."""
    from linecrypt.vectors import read_keyak_transcript, shared_vectors_dir
    sessions = read_keyak_transcript(shared_vectors_dir() / "keyak" / "LakeKeyak.txt")["sessions"]
    caesar = [s for s in sessions if len(s["start"]["K"]) == 16 and len(s["start"]["N"]) == NPUB
              and not s["start"]["tag_flag"] and not s["start"]["forget"]
              and not s["wraps"][0]["forget"]]
    assert len(caesar) == 530
    picked = caesar if SLOW else caesar[::10]
    b, rng = await started(dut, 0.2, 21)
    for s in picked:
        k, n, w = s["start"]["K"], s["start"]["N"], s["wraps"][0]
        kp, ks = key_words(k)
        pdi, do, ct, tag = enc_words(k, n, w["A"], w["I"])
        assert (ct, tag) == (w["O"], w["T"]), "the model disagrees with the transcript"
        b.add(kp + pdi, ks, do)
        pdi, do = dec_words(k, n, w["A"], w["O"], w["T"])
        b.add(pdi, [], do)
    dut._log.info(f"{len(picked)} transcript sessions, ENC and DEC")
    await b.check(clocks=2_000_000)


@cocotb.test(skip=not KEYAK)
async def test_keyak_tampered(dut):
    """A flipped bit in the tag, the ciphertext, the AD or the nonce: DEC gives the AUTH status
    alone (no plaintext word); a wrong key too. Each is followed by a good DEC and a hash."""
    b, rng = await started(dut, 0.3, 22)
    key = rng.randbytes(16)
    kp, ks = key_words(key)
    b.add(kp, ks, [])
    for what in ("tag", "ct", "ad", "npub", "tag", "ct"):
        npub, ad, pt = rng.randbytes(NPUB), rng.randbytes(rng.randrange(1, 60)), \
            rng.randbytes(rng.randrange(1, 400))
        _, _, ct, tag = enc_words(key, npub, ad, pt)
        parts = {"npub": bytearray(npub), "ad": bytearray(ad), "ct": bytearray(ct),
                 "tag": bytearray(tag)}
        p = parts[what]
        p[rng.randrange(len(p))] ^= 1 << rng.randrange(8)
        pdi, do = dec_words(key, bytes(parts["npub"]), bytes(parts["ad"]), bytes(parts["ct"]),
                            bytes(parts["tag"]), rng, pieces=(1, 2, 3, 2))
        assert do == [fail(Reason.AUTH)]
        b.add(pdi, [], do)
        pdi, do = dec_words(key, npub, ad, ct, tag)
        b.add(pdi, [], do)
        b.add(*hash_tx(Alg.SHA3_256, rng.randbytes(20)))
    # the right ciphertext under another key
    npub, pt = rng.randbytes(NPUB), b"under the first key"
    _, _, ct, tag = enc_words(key, npub, b"", pt)
    other = bytes(16)
    kp, ks = key_words(other)
    b.add(kp, ks, [])
    pdi, do = dec_words(other, npub, b"", ct, tag)
    assert do == [fail(Reason.AUTH)]
    b.add(pdi, [], do)
    await b.check()


def malformed_cases(rng, key):
    """(description, PDI, SDI) of Keyak ENC/DEC faults; the model of the build gives DO."""
    npub, ad, pt = rng.randbytes(NPUB), rng.randbytes(30), rng.randbytes(100)
    out = lake_keyak_encrypt(key, npub, ad, pt)
    ct, tag = out[:-TAG], out[-TAG:]
    N = seg(Seg.NPUB, npub, last=0)
    A = seg(Seg.AD, ad, last=0)
    E, D = INS(Op.ENC), INS(Op.DEC, Alg.LAKE_KEYAK)
    cases = [
        ("ENC without NPUB", [E] + A + seg(Seg.PT, pt), []),
        ("ENC, PT before AD", [E] + N + seg(Seg.PT, pt, last=0) + seg(Seg.AD, ad), []),
        ("DEC, TAG before CT", [D] + N + A + seg(Seg.TAG, tag, last=0) + seg(Seg.CT, ct), []),
        ("ENC, NPUB of 149 bytes", [E] + seg(Seg.NPUB, npub[:149], last=0) + A
         + seg(Seg.PT, pt), []),
        ("DEC, NPUB of 151 bytes in two segments", [D] + seg(Seg.NPUB, npub, eot=0, last=0)
         + seg(Seg.NPUB, b"x", last=0) + A + seg(Seg.CT, ct, last=0) + seg(Seg.TAG, tag), []),
        ("DEC, empty NPUB", [D] + seg(Seg.NPUB, b"", last=0) + A + seg(Seg.CT, ct, last=0)
         + seg(Seg.TAG, tag), []),
        ("DEC, TAG of 15 bytes", [D] + N + A + seg(Seg.CT, ct, last=0) + seg(Seg.TAG, tag[:15]),
         []),
        ("DEC, TAG of 17 bytes in two segments", [D] + N + A + seg(Seg.CT, ct, last=0)
         + seg(Seg.TAG, tag, eot=0, last=0) + seg(Seg.TAG, b"t"), []),
        ("ENC, Last on the AD segment", [E] + N + seg(Seg.AD, ad, last=1), []),
        ("ENC, final PT with Last = 0, then a segment", [E] + N + A + seg(Seg.PT, pt, last=0)
         + seg(Seg.AD, b"zz", last=1), []),
        ("ENC, reserved bit in the NPUB header", [E] + [N[0] | (1 << (W - 5))] + N[1:] + A
         + seg(Seg.PT, pt), []),
        ("ENC, malformed after two PT segments (their CT goes out)", [E] + N + A
         + seg(Seg.PT, pt[:33], eot=0, last=0) + seg(Seg.PT, b"", eot=0, last=0)
         + [HDR(Seg.PT, 20, eot=0, last=0, extra=1 << 27)] + pack_data(bytes(20), W)
         + seg(Seg.PT, b"q" * 5, last=1), []),
        ("ENC, malformed at the first PT header (no CT)", [E] + N + A
         + [HDR(Seg.CT, 7)] + pack_data(bytes(7), W), []),
        ("DEC, malformed in the CT part", [D] + N + A + seg(Seg.CT, ct[:50], eot=0, last=0)
         + [HDR(Seg.CT, 50, last=0, extra=1 << 17)] + pack_data(ct[50:], W)
         + seg(Seg.TAG, tag), []),
        ("ENC with the AES-GCM ALG", [INS(Op.ENC, 0x21)] + seg(Seg.NPUB, bytes(12), last=0) + A
         + seg(Seg.PT, pt), []),
        ("DEC, reserved instruction bits", [INS(Op.DEC, 0x19, res=1 << 3)] + N + A
         + seg(Seg.CT, ct, last=0) + seg(Seg.TAG, tag), []),
    ]
    if W == 128:
        cases.append(("ENC, AD header with bits [95:0]", [E] + N + [A[0] | 1 << 50] + A[1:]
                      + seg(Seg.PT, pt), []))
    # the buffers: AD, message bytes and message segments at and over their limits
    big_ad, big_msg = rng.randbytes(LIMITS.ad + 1), rng.randbytes(LIMITS.msg + 1)
    cases += [
        ("ENC, AD one byte over the buffer", [E] + N + seg(Seg.AD, big_ad, last=0)
         + seg(Seg.PT, pt), []),
        ("ENC, AD that fills the buffer", [E] + N + seg(Seg.AD, big_ad[:-1], last=0)
         + seg(Seg.PT, pt), []),
        ("ENC, PT one byte over the buffer", [E] + N + A + seg(Seg.PT, big_msg), []),
        ("DEC, CT one byte over the buffer", [D] + N + A + seg(Seg.CT, big_msg, last=0)
         + seg(Seg.TAG, tag), []),
        ("ENC, PT segments one over the list", [E] + N + A
         + v(segments([(Seg.PT, b"")], W, chunks=[[b"p"] * (LIMITS.segments + 1)]))[:], []),
        ("ENC, PT segments filling the list", [E] + N + A
         + v(segments([(Seg.PT, b"")], W, chunks=[[b"p"] * LIMITS.segments])), []),
        ("ENC, PT over the buffer, then malformed (no CT)", [E] + N + A
         + seg(Seg.PT, big_msg, eot=0, last=0) + [HDR(0b1111, 0, last=1)], []),
    ]
    return cases


@cocotb.test(skip=not KEYAK)
async def test_keyak_malformed(dut):
    """Keyak faults (missing NPUB, parts out of order, NPUB and TAG lengths, Last misplaced,
    reserved bits, malformed headers before and after some PT, the buffers' limits, no key, a
    key Keyak does not take), each followed by a good ENC and a hash: DO as the model gives it,
    the engine never stuck."""
    b, rng = await started(dut, 0.2, 23)
    key = rng.randbytes(16)
    # no active key; then a 20-byte key (loads, Keyak refuses it: NO_KEY); then the right one
    for k in (None, rng.randbytes(20), rng.randbytes(38)):
        if k is not None:
            b.add(*key_words(k))
        pdi, _, _, _ = enc_words(key, bytes(NPUB), b"a", b"p")
        b.add(pdi)
        pdi, _ = dec_words(key, bytes(NPUB), b"a", b"c", bytes(16))
        b.add(pdi)
    b.add(*key_words(key))
    from cocotb_lwc_keccak import new_model
    for why, pdi, sdi in malformed_cases(rng, key):
        b.add(pdi, sdi)
        n = rng.randrange(50)
        p, d, _, _ = enc_words(key, rng.randbytes(NPUB), b"", rng.randbytes(n))
        b.add(p, [], d)
        h = hash_tx(Alg.SHA3_256, rng.randbytes(9))
        b.add(*h)
        # each case ends where the protocol's resynchronisation says: the good ENC and hash
        # after it run (else the case itself is mis-built)
        assert new_model().run(b.pdi_words, b.sdi_words)[-len(h[2]):] == h[2], why
    exp, why = b.expected()
    dut._log.info(f"{len(why)} failure statuses expected: {why}")
    await b.check(clocks=1_000_000)


@cocotb.test(skip=not KEYAK)
async def test_keyak_fuzz(dut):
    """ENC and DEC with one control word's bit flipped per round (an instruction or a header),
    then a good hash: DO as the model gives it. Rounds whose flip leaves an instruction waiting
    for words that never come are redrawn."""
    b, rng = await started(dut, 0.2, 24)
    key = rng.randbytes(16)
    b.add(*key_words(key))
    rounds = 60 if SLOW else 10
    done = tries = 0
    from cocotb_lwc_keccak import new_model
    while done < rounds and tries < 20 * rounds:
        tries += 1
        npub, ad, pt = rng.randbytes(NPUB), rng.randbytes(rng.randrange(40)), \
            rng.randbytes(rng.randrange(80))
        pe, _, ct, tag = enc_words(key, npub, ad, pt, rng, pieces=(1, 2, 2))
        pd, _ = dec_words(key, npub, ad, ct, tag, rng, pieces=(1, 1, 2, 1))
        pdi = pe + pd
        ctrl = [0, len(pe)]
        k = 0
        for part in (pe, pd):               # header positions: walk the segments
            i = 1
            while i < len(part):
                ctrl.append(k + i)
                i += 1 + -(-((part[i] >> (W - 32)) & 0xFFFF) // (W // 8))
            k += len(part)
        i = rng.choice(ctrl)
        bit = rng.randrange(W - 32, W) if rng.random() < 0.85 else rng.randrange(W)
        pdi[i] ^= 1 << bit
        tail = hash_tx(Alg.SHA3_224, rng.randbytes(10))
        full = new_model().run(b.pdi_words + pdi + tail[0], b.sdi_words)
        if full[-len(tail[2]):] != tail[2]:
            continue
        b.add(pdi + tail[0])
        done += 1
    dut._log.info(f"{done} fuzz rounds ({tries} drawn)")
    await b.check(clocks=1_000_000)


async def wait_until(dut, cond, clocks=100_000):
    for _ in range(clocks):
        if cond():
            return
        await RisingEdge(dut.clk)
    raise AssertionError("the bench's reset point never came")


@cocotb.test(skip=not KEYAK)
async def test_keyak_reset(dut):
    """Reset while ENC's PT comes in, while the engine runs (PDI all taken, nothing on DO yet),
    while CT leaves on DO, and while a DEC's plaintext is held for its tag check: nothing of the
    old operation comes out afterwards, the key is gone (NO_KEY), the next operations run."""
    b, rng = await started(dut, 0.0, 25)
    for what in ("reading PT", "engine running", "CT on DO", "DEC held"):
        key = rng.randbytes(16)
        kp, ks = key_words(key)
        npub, pt = rng.randbytes(NPUB), rng.randbytes(700)
        pdi, do, ct, tag = enc_words(key, npub, b"ad", pt)
        if what == "DEC held":
            pdi, do = dec_words(key, npub, b"ad", ct, tag)
        s0 = b.pdi.sent
        b.add(kp + pdi, ks)
        if what == "reading PT":
            await wait_until(dut, lambda: b.pdi.sent > s0 + len(kp) + len(pdi) // 2)
        elif what == "CT on DO":
            await wait_until(dut, lambda: len(b.do.items) >= 5)
        else:
            await wait_until(dut, lambda: not b.pdi.queue)
            await ClockCycles(dut.clk, 40)
            assert not b.do.items, f"DO words before the engine is done ({what})"
        seen = len(b.do.items)
        await b.reset_mid_traffic()
        await ClockCycles(dut.clk, 300)
        assert not b.do.items, f"DO words after a reset while {what}"
        dut._log.info(f"reset while {what}: {seen} DO words before it")
    key = rng.randbytes(16)
    b.add(enc_words(key, bytes(NPUB), b"", b"x")[0])                 # NO_KEY: the key is gone
    b.add(*key_words(key))
    p, d, _, _ = enc_words(key, rng.randbytes(NPUB), b"after", rng.randbytes(77))
    b.add(p, [], d)
    b.add(*hash_tx(Alg.SHA3_384, rng.randbytes(99)))
    await b.check()


@cocotb.test(skip=not KEYAK)
async def test_keyak_cycle_counts(dut):
    """Clocks from the ENC/DEC instruction offered on PDI to the status word taken on DO without
    stalls (the datasheet's figures)."""
    b, rng = await started(dut, 0.0, 26)
    key = bytes(16)
    b.add(*key_words(key))
    await b.check()
    rows = []
    for name, n, a in (("ENC, 0 B, AD 0", 0, 0), ("ENC, 16 B, AD 16", 16, 16),
                       ("ENC, 168 B, AD 0", 168, 0), ("ENC, 1000 B, AD 32", 1000, 32),
                       ("DEC, 1000 B, AD 32", 1000, 32), ("ENC, 4096 B, AD 0", 4096, 0),
                       ("DEC, 4096 B, AD 0", 4096, 0)):
        npub, ad, pt = bytes(NPUB), bytes(a), bytes(n)
        pdi, do, ct, tag = enc_words(key, npub, ad, pt)
        if name.startswith("DEC"):
            pdi, do = dec_words(key, npub, ad, ct, tag)
        await ClockCycles(dut.clk, 5)
        n0, s0 = len(b.do.items), b.pdi.sent
        b.add(pdi, [], do)
        t0, clk = None, 0
        while len(b.do.items) < n0 + len(do):
            await RisingEdge(dut.clk)
            clk += 1
            if t0 is None and b.pdi.sent > s0:
                t0 = clk - 1
        rows.append((name, clk - t0, len(pdi)))
        await b.check()
    for name, c, words in rows:
        dut._log.info(f"cycles {name}: {c} (instruction offered to status taken, {words} PDI "
                      f"words, W={W})")
