# SPDX-License-Identifier: Apache-2.0
"""The engine model: it reproduces the builders' DO on well-formed streams, and follows the
malformed-header and resynchronisation rules of docs/lwc-protocol.md."""
import pytest

from linecrypt.lwc.engine import EngineModel
from linecrypt.lwc.protocol import (
    Engine, Header, Instruction, Op, Reason, Seg, StatusWord, Transaction, dec_transaction,
    decode_header, encode_header, encode_instruction, encode_status, enc_transaction,
    hash_transaction, key_transaction, mac_transaction, prng_transaction,
)

WIDTHS = (32, 128)
KEY, IV = bytes(range(16)), bytes(range(12))


def vals(words):
    return [w.value for w in words]


def ok(width):
    return encode_status(StatusWord(True), width)


def fail(reason, width):
    return encode_status(StatusWord(False, reason), width)


def hdr(t, n, width, last=False, eot=True, eoi=False):
    return encode_header(Header(t, n, eoi, eot, last), width)


def aes_session(width, max_seg):
    t = Transaction(width)
    t.extend(hash_transaction("aes-hash", b"abc" * 20, width, max_seg=max_seg))
    t.extend(enc_transaction("aes-gcm", KEY, IV, b"ad" * 10, b"x" * 40, width, max_seg=max_seg))
    t.extend(dec_transaction("aes-gcm", KEY, IV, b"ad", b"x" * 40, bytes(16), width,
                             max_seg=max_seg))
    t.extend(mac_transaction("aes-cmac", bytes(32), b"m" * 33, width, max_seg=max_seg))
    t.extend(prng_transaction("fortuna", [("gen", 3), ("seed", b"abc"), ("gen", 20),
                                          ("reseed", b"x"), ("gen", 0)], width, max_seg=max_seg))
    return t


def keccak_session(width, max_seg):
    t = Transaction(width)
    t.extend(enc_transaction("lake-keyak", KEY, bytes(150), b"ad", b"y" * 300, width,
                             max_seg=max_seg))
    t.extend(hash_transaction("shake128", b"", width, out_len=100, max_seg=max_seg))
    for alg in ("sha3-224", "sha3-512", "keccak-256"):
        t.extend(hash_transaction(alg, b"q" * 200, width, max_seg=max_seg))
    return t


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("max_seg", (16, 65535))
def test_engine_model_reproduces_the_builders(width, max_seg):
    for engine, t in ((Engine.AES, aes_session(width, max_seg)),
                      (Engine.KECCAK, keccak_session(width, max_seg))):
        assert EngineModel(engine, width).run(vals(t.pdi), vals(t.sdi)) == vals(t.do)


@pytest.mark.parametrize("width", WIDTHS)
def test_plain_lwc_instructions_select_the_default_algorithm(width):
    t = hash_transaction("sha3-256", b"abc", width)
    pdi = vals(t.pdi)
    pdi[0] = encode_instruction(Instruction(Op.HASH, 0), width)
    assert EngineModel(Engine.KECCAK, width).run(pdi) == vals(t.do)
    t = hash_transaction("aes-hash", b"abc", width)
    pdi = vals(t.pdi)
    pdi[0] = encode_instruction(Instruction(Op.HASH, 0), width)
    assert EngineModel(Engine.AES, width).run(pdi) == vals(t.do)


def _next_hash(width):
    return hash_transaction("sha3-256", b"next", width)


@pytest.mark.parametrize("width", WIDTHS)
def test_malformed_header_resynchronises_at_the_next_instruction(width):
    nxt = _next_hash(width)
    t = hash_transaction("sha3-256", b"x" * 40, width, max_seg=16)
    pdi = vals(t.pdi)
    # a reserved bit in the second HASH_MSG header (index 1 + 1 + words of the first segment)
    k = 2 + 16 // (width // 8)
    pdi[k] |= 1 << (width - 32 + 16)
    e = EngineModel(Engine.KECCAK, width)
    assert e.run(pdi + vals(nxt.pdi)) == [fail(Reason.MALFORMED, width)] + vals(nxt.do)
    assert "reserved bits" in e.errors[0]


@pytest.mark.parametrize("width", WIDTHS)
def test_unexpected_type_and_early_last(width):
    nxt = _next_hash(width)
    # HASH then an AD segment: wrong type; its own Last = 1 ends the skip
    bad = [encode_instruction(Instruction(Op.HASH, 0x12), width), hdr(Seg.AD, 3, width, True), 0]
    assert EngineModel(Engine.KECCAK, width).run(bad + vals(nxt.pdi)) == \
        [fail(Reason.MALFORMED, width)] + vals(nxt.do)
    # ENC whose AD segment has Last = 1: the instruction ends there (PT never comes)
    t = enc_transaction("aes-gcm", KEY, IV, b"ad", b"pt", width, load_key=True)
    pdi = vals(t.pdi)
    i_ad = [i for i, w in enumerate(t.pdi) if w.kind == "HDR"
            and decode_header(w.value, width).type == Seg.AD][0]
    pdi[i_ad] |= 1 << (width - 8)                                   # Last
    pdi = pdi[:i_ad + 2]                                            # drop PT
    nxt_aes = hash_transaction("aes-hash", b"", width)
    assert EngineModel(Engine.AES, width).run(pdi + vals(nxt_aes.pdi), vals(t.sdi)) == \
        [fail(Reason.MALFORMED, width)] + vals(nxt_aes.do)


def test_missing_last_swallows_up_to_the_next_last():
    w = 32
    t = hash_transaction("sha3-256", b"abc", w)
    pdi = vals(t.pdi)
    pdi[1] &= ~(1 << 24)                          # final HASH_MSG without Last
    second, third = _next_hash(w), hash_transaction("sha3-256", b"3", w)
    do = EngineModel(Engine.KECCAK, w).run(pdi + vals(second.pdi) + vals(third.pdi))
    # the skip reads the second HASH instruction word as a header: 0x81200000 has Last = 1
    # and length 0, so discarding ends there and its HASH_MSG header is read as an instruction
    assert do[0] == fail(Reason.MALFORMED, w)
    assert do[-len(third.do):] == vals(third.do)


@pytest.mark.parametrize("width", WIDTHS)
def test_bad_instruction_words(width):
    nxt = _next_hash(width)
    # unknown opcode: one failure, only that word discarded
    assert EngineModel(Engine.KECCAK, width).run([0xB << (width - 4)] + vals(nxt.pdi)) == \
        [fail(Reason.BAD_INSTRUCTION, width)] + vals(nxt.do)
    # LDKEY on PDI
    assert EngineModel(Engine.KECCAK, width).run(
        [encode_instruction(Instruction(Op.LDKEY), width)] + vals(nxt.pdi)) == \
        [fail(Reason.BAD_INSTRUCTION, width)] + vals(nxt.do)
    # the other engine's algorithm: the instruction's segments are skipped
    cm = mac_transaction("aes-cmac", KEY, b"m" * 20, width)
    assert EngineModel(Engine.KECCAK, width).run(vals(cm.pdi) + vals(nxt.pdi), vals(cm.sdi)) \
        == [fail(Reason.BAD_INSTRUCTION, width)] + vals(nxt.do)
    # reserved bits in a HASH word: the segments after it are skipped too
    t = hash_transaction("sha3-256", b"abc", width)
    pdi = vals(t.pdi)
    pdi[0] |= 1 << (width - 32)
    assert EngineModel(Engine.KECCAK, width).run(pdi + vals(nxt.pdi)) == \
        [fail(Reason.BAD_INSTRUCTION, width)] + vals(nxt.do)


@pytest.mark.parametrize("width", WIDTHS)
def test_key_faults(width):
    nxt = hash_transaction("aes-hash", b"", width)
    # ENC before any key
    t = enc_transaction("aes-gcm", KEY, IV, b"", b"pt", width, load_key=False)
    assert EngineModel(Engine.AES, width).run(vals(t.pdi) + vals(nxt.pdi)) == \
        [fail(Reason.NO_KEY, width)] + vals(nxt.do)
    # a 20-byte key loads, and fails at use
    k = key_transaction(bytes(20), width)
    mac_pdi = [encode_instruction(Instruction(Op.MAC, 0x22), width),
               hdr(Seg.HASH_MSG, 0, width, last=True, eoi=True)]
    assert EngineModel(Engine.AES, width).run(vals(k.pdi) + mac_pdi, vals(k.sdi)) == \
        [fail(Reason.NO_KEY, width)]
    # ACTKEY when SDI holds a seed instruction: failure, and that SDI unit is discarded
    seed = prng_transaction("fortuna", [("seed", b"s")], width)
    good = key_transaction(KEY, width)
    m = mac_transaction("aes-cmac", KEY, b"abc", width, load_key=False)
    do = EngineModel(Engine.AES, width).run(
        vals(good.pdi) + vals(good.pdi) + vals(m.pdi), vals(seed.sdi) + vals(good.sdi))
    assert do == [fail(Reason.BAD_INSTRUCTION, width)] + vals(m.do)
    # GCM NPUB of 0 bytes
    t = enc_transaction("aes-gcm", KEY, IV, b"", b"", width)
    pdi = vals(t.pdi)
    i_npub = 2
    pdi[i_npub:i_npub + 1 + -(-12 // (width // 8))] = [hdr(Seg.NPUB, 0, width)]
    assert EngineModel(Engine.AES, width).run(pdi, vals(t.sdi)) == [fail(Reason.LENGTH, width)]


@pytest.mark.parametrize("width", WIDTHS)
def test_enc_malformed_after_some_pt_keeps_the_ct_already_sent(width):
    t = enc_transaction("aes-gcm", KEY, IV, b"", b"p" * 48, width, max_seg=16)
    pdi = vals(t.pdi)
    hdrs = [i for i, w in enumerate(t.pdi) if w.kind == "HDR"]
    pdi[hdrs[-1]] |= 1 << (width - 32 + 27)           # third PT header: reserved bit 27
    do = EngineModel(Engine.AES, width).run(pdi, vals(t.sdi))
    ct_words = 2 * (1 + 16 // (width // 8))           # two CT segments of 16 bytes
    assert do[:ct_words] == vals(t.do)[:ct_words]
    assert do[ct_words:] == [fail(Reason.MALFORMED, width)]


def test_prng_and_length_faults():
    w = 32
    gen = [encode_instruction(Instruction(Op.PRNG_GEN, 0x24), w),
           hdr(Seg.LENGTH, 2, w, last=True), 0x00100000]
    assert EngineModel(Engine.AES, w).run(gen) == [fail(Reason.LENGTH, w)]
    # Fortuna on the Keccak engine: BAD_INSTRUCTION; the seed's SDI unit is consumed all the same
    seed = prng_transaction("fortuna", [("seed", b"abc")], w)
    nxt = _next_hash(w)
    assert EngineModel(Engine.KECCAK, w).run(vals(seed.pdi) + vals(nxt.pdi), vals(seed.sdi)) \
        == [fail(Reason.BAD_INSTRUCTION, w)] + vals(nxt.do)


@pytest.mark.parametrize("width", WIDTHS)
def test_keccak_duplex_on_the_keccak_engine(width):
    """ALG 0 and 0x1A run keccak-duplex on the Keccak engine, one generator for both; state
    survives other operations; a malformed SEED part leaves it unseeded (NOT_SEEDED until the
    next good PRNG_SEED); a wrong SDI word leaves it as it was."""
    steps = [("gen", 5), ("seed", b"abc"), ("gen", 20), ("reseed", b"r" * 300), ("gen", 0),
             ("gen", 137)]
    t = prng_transaction("keccak-duplex", steps, width)
    m = EngineModel(Engine.KECCAK, width)
    assert m.run(vals(t.pdi), vals(t.sdi)) == vals(t.do)
    # ALG 0 is the same generator, and a hash in between leaves it alone
    ref = prng_transaction("keccak-duplex", [("seed", b"k"), ("gen", 50), ("gen", 50)], width)
    a0 = prng_transaction("keccak-duplex", [("seed", b"k"), ("gen", 50)], width)
    zero = encode_instruction(Instruction(Op.PRNG_GEN, 0), width)
    nxt = _next_hash(width)
    pdi = vals(a0.pdi) + vals(nxt.pdi) + [zero] + vals(ref.pdi)[len(vals(a0.pdi)) + 1:]
    m = EngineModel(Engine.KECCAK, width)
    do = m.run(pdi, vals(a0.sdi))
    assert do == vals(a0.do) + vals(nxt.do) + vals(ref.do)[len(vals(a0.do)):]
    # a malformed SEED header: MALFORMED, then NOT_SEEDED
    seed_ins = encode_instruction(Instruction(Op.PRNG_RESEED, 0x1A), width)
    bad_sdi = [seed_ins, hdr(Seg.SEED, 0, width, eot=False), hdr(Seg.KEY, 0, width, last=True)]
    gen = vals(prng_transaction("keccak-duplex", [("gen", 4)], width).pdi)
    assert m.run([seed_ins] + gen, bad_sdi) == [fail(Reason.MALFORMED, width),
                                                 fail(Reason.NOT_SEEDED, width)]
    # a wrong SDI word (PRNG_SEED for PRNG_RESEED): BAD_INSTRUCTION, the state stays
    good = prng_transaction("keccak-duplex", [("seed", b"q"), ("gen", 9), ("gen", 9)], width)
    m = EngineModel(Engine.KECCAK, width)
    first = prng_transaction("keccak-duplex", [("seed", b"q"), ("gen", 9)], width)
    wrong_sdi = [encode_instruction(Instruction(Op.PRNG_SEED, 0x1A), width),
                 hdr(Seg.SEED, 0, width, last=True)]
    do = m.run(vals(first.pdi) + [seed_ins] + gen[:1] + vals(first.pdi)[-2:],
               vals(first.sdi) + wrong_sdi)
    assert do == vals(first.do) + [fail(Reason.BAD_INSTRUCTION, width)] + \
        vals(good.do)[len(vals(first.do)):]


def test_incomplete_stream_waits():
    t = hash_transaction("sha3-256", b"abcdefgh", 32)
    assert EngineModel(Engine.KECCAK, 32).run(vals(t.pdi)[:-1]) == []
    k = key_transaction(KEY, 32)
    assert EngineModel(Engine.AES, 32).run(vals(k.pdi), []) == []


@pytest.mark.parametrize("width", WIDTHS)
def test_keccak_mac_needs_a_key_keypack_takes(width):
    """Keccak-MAC with no active key, or a key KeyPack cannot hold (39..64 bytes), fails NO_KEY
    after the message is read; the next operation runs."""
    m = EngineModel(Engine.KECCAK, width)
    nxt = hash_transaction("sha3-256", b"abc", width)
    t = mac_transaction("keccak-mac", KEY, b"m" * 20, width, load_key=False)
    assert m.run(vals(t.pdi) + vals(nxt.pdi)) == [fail(Reason.NO_KEY, width)] + vals(nxt.do)
    k = key_transaction(bytes(39), width)
    assert m.run(vals(k.pdi) + vals(t.pdi), vals(k.sdi)) == [fail(Reason.NO_KEY, width)]
    good = mac_transaction("keccak-mac", bytes(38), b"m" * 20, width)
    assert m.run(vals(good.pdi), vals(good.sdi)) == vals(good.do)


@pytest.mark.parametrize("width", WIDTHS)
def test_engine_without_an_algorithm(width):
    """A build without Lake Keyak answers ENC/DEC (by code or as the default) BAD_INSTRUCTION
    and discards their segments."""
    from linecrypt.lwc.protocol import Alg
    m = EngineModel(Engine.KECCAK, width, without={Alg.LAKE_KEYAK})
    e = enc_transaction("lake-keyak", KEY, bytes(150), b"ad", b"y" * 30, width)
    nxt = hash_transaction("sha3-256", b"abc", width)
    pdi = vals(e.pdi)
    pdi[1] = encode_instruction(Instruction(Op.ENC, 0), width)     # ALG 0: the default
    assert m.run(pdi + vals(nxt.pdi), vals(e.sdi)) == [fail(Reason.BAD_INSTRUCTION, width)] + \
        vals(nxt.do)


@pytest.mark.parametrize("width", WIDTHS)
def test_keyak_enc_malformed_after_some_pt_keeps_the_ct_already_sent(width):
    """Lake Keyak as AES-GCM above: the CT of the complete PT segments (EOT = 0), then
    MALFORMED; a malformed header at the first PT header gives no CT."""
    npub = bytes(range(150))
    t = enc_transaction("lake-keyak", KEY, npub, b"ad", b"p" * 48, width, max_seg=16)
    pdi = vals(t.pdi)
    hdrs = [i for i, w in enumerate(t.pdi) if w.kind == "HDR"]
    pdi[hdrs[-1]] |= 1 << (width - 32 + 27)           # third PT header: reserved bit 27
    do = EngineModel(Engine.KECCAK, width).run(pdi, vals(t.sdi))
    ct_words = 2 * (1 + 16 // (width // 8))
    assert do[:ct_words] == vals(t.do)[:ct_words]
    assert do[ct_words:] == [fail(Reason.MALFORMED, width)]
    pdi = vals(t.pdi)
    first_pt = [i for i in hdrs if decode_header(pdi[i], width).type == Seg.PT][0]
    pdi[first_pt] |= 1 << (width - 32 + 27)
    assert EngineModel(Engine.KECCAK, width).run(pdi, vals(t.sdi)) == \
        [fail(Reason.MALFORMED, width)]


@pytest.mark.parametrize("width", WIDTHS)
def test_aead_limits(width):
    """An engine that buffers ENC/DEC parts (AeadLimits): at the limits the DO is the builders';
    one byte or one segment over, LENGTH after the segments are read, no CT/PT; a malformed
    header after an over-limit PT gives no CT; the next instruction runs."""
    from linecrypt.lwc.engine import AeadLimits
    lim = AeadLimits(ad=16, msg=32, segments=2)
    npub = bytes(150)
    nxt = hash_transaction("sha3-256", b"abc", width)

    def run(t, extra_pdi=()):
        m = EngineModel(Engine.KECCAK, width, aead_limits=lim)
        return m.run(vals(t.pdi) + list(extra_pdi) + vals(nxt.pdi), vals(t.sdi))

    t = enc_transaction("lake-keyak", KEY, npub, bytes(16), bytes(32), width, max_seg=16)
    assert run(t) == vals(t.do) + vals(nxt.do)
    d = dec_transaction("lake-keyak", KEY, npub, bytes(16), b"", bytes(16), width)
    assert run(d) == [fail(Reason.AUTH, width)] + vals(nxt.do)
    for ad, pt, max_seg in ((bytes(17), b"", 16), (b"", bytes(33), 65535),
                            (b"", bytes(48), 16)):           # 3 segments of 16
        t = enc_transaction("lake-keyak", KEY, npub, ad, pt, width, max_seg=max_seg)
        assert run(t) == [fail(Reason.LENGTH, width)] + vals(nxt.do), (len(ad), len(pt))
        d = dec_transaction("lake-keyak", KEY, npub, ad, pt, bytes(16), width, max_seg=max_seg)
        assert run(d) == [fail(Reason.LENGTH, width)] + vals(nxt.do), (len(ad), len(pt))
    # PT over the limits in complete segments (3 segments, 48 bytes), then a malformed header:
    # MALFORMED alone
    t = enc_transaction("lake-keyak", KEY, npub, b"", bytes(64), width, max_seg=16)
    pdi = vals(t.pdi)
    last = [i for i, w in enumerate(t.pdi) if w.kind == "HDR"][-1]
    pdi[last] |= 1 << (width - 32 + 27)
    m = EngineModel(Engine.KECCAK, width, aead_limits=lim)
    assert m.run(pdi, vals(t.sdi)) == [fail(Reason.MALFORMED, width)]
