# SPDX-License-Identifier: Apache-2.0
"""Instruction, header and status words: field positions as docs/lwc-protocol.md gives them,
round trips at w = 32 and 128, and malformed words rejected with a clear error."""
import itertools

import pytest

from linecrypt.lwc.protocol import (
    ALG_NAMES, ALG_OPS, Alg, Engine, Header, Instruction, Op, ProtocolError, Reason, Seg,
    StatusWord, decode_header, decode_instruction, decode_status, encode_header,
    encode_instruction, encode_status, next_instruction, pack_data, resolve_alg, unpack_data,
)

WIDTHS = (32, 128)


# --------------------------------------------------------------------- field positions --

def test_opcodes_and_types_are_the_documented_codes():
    assert {o.name: o.value for o in Op} == {
        "ENC": 0b0010, "DEC": 0b0011, "LDKEY": 0b0100, "ACTKEY": 0b0111, "HASH": 0b1000,
        "MAC": 0b1001, "PRNG_GEN": 0b1010, "PRNG_SEED": 0b1100, "PRNG_RESEED": 0b1101}
    assert {s.name: s.value for s in Seg} == {
        "AD": 0b0001, "PT": 0b0100, "CT": 0b0101, "RANDOM": 0b0110, "HASH_MSG": 0b0111,
        "TAG": 0b1000, "HASH_VALUE": 0b1001, "LENGTH": 0b1010, "SEED": 0b1011, "KEY": 0b1100,
        "NPUB": 0b1101}
    # no segment type collides with a status code, no opcode either
    assert not {0b1110, 0b1111} & ({s.value for s in Seg} | {o.value for o in Op})


def test_instruction_fields():
    assert encode_instruction(Instruction(Op.ACTKEY)) == 0x70000000      # LWC ACTKEY
    assert encode_instruction(Instruction(Op.LDKEY)) == 0x40000000       # LWC LDKEY
    assert encode_instruction(Instruction(Op.ENC)) == 0x20000000         # LWC ENC, default alg
    assert encode_instruction(Instruction(Op.HASH, Alg.SHA3_256)) == 0x81200000
    assert encode_instruction(Instruction(Op.PRNG_GEN, Alg.FORTUNA)) == 0xA2400000
    # opcode in [31:28], ALG in [27:20]
    for op, alg in ((Op.DEC, Alg.AES_GCM), (Op.MAC, Alg.KECCAK_MAC)):
        v = encode_instruction(Instruction(op, alg))
        assert v >> 28 == op and (v >> 20) & 0xFF == alg and v & 0xFFFFF == 0


def test_header_fields():
    # type [31:28], reserved 27, EOI 26, EOT 25, Last 24, reserved [23:16], length [15:0]
    assert encode_header(Header(Seg.AD, 5, eoi=False, eot=False, last=False)) == 0x10000005
    assert encode_header(Header(Seg.AD, 5, eoi=True, eot=False, last=False)) == 0x14000005
    assert encode_header(Header(Seg.AD, 5, eoi=False, eot=True, last=False)) == 0x12000005
    assert encode_header(Header(Seg.AD, 5, eoi=False, eot=False, last=True)) == 0x11000005
    assert encode_header(Header(Seg.NPUB, 0xFFFF, True, True, True)) == 0xD700FFFF
    assert encode_header(Header(Seg.KEY, 16, True, True, True)) == 0xC7000010


def test_status_fields():
    assert encode_status(StatusWord(True)) == 0xE0000000
    assert encode_status(StatusWord(False, Reason.AUTH)) == 0xF0000001
    assert encode_status(StatusWord(False, Reason.MALFORMED)) == 0xF0000002


def test_w128_puts_the_view_in_the_top_32_bits():
    assert encode_instruction(Instruction(Op.ACTKEY), 128) == 0x70000000 << 96
    assert encode_header(Header(Seg.TAG, 16, False, True, True), 128) == 0x83000010 << 96
    assert encode_status(StatusWord(True), 128) == 0xE0000000 << 96


# ---------------------------------------------------------------------------- round trips --

@pytest.mark.parametrize("width", WIDTHS)
def test_instruction_round_trip(width):
    cases = [Instruction(op, 0) for op in Op]
    cases += [Instruction(op, alg) for alg, ops in ALG_OPS.items() for op in ops]
    for ins in cases:
        assert decode_instruction(encode_instruction(ins, width), width) == ins


@pytest.mark.parametrize("width", WIDTHS)
def test_header_round_trip(width):
    for t, eoi, eot, last, n in itertools.product(Seg, (0, 1), (0, 1), (0, 1),
                                                  (0, 1, 3, 16, 255, 0xFFFF)):
        h = Header(t, n, bool(eoi), bool(eot), bool(last))
        assert decode_header(encode_header(h, width), width) == h


@pytest.mark.parametrize("width", WIDTHS)
def test_status_round_trip(width):
    for s in [StatusWord(True)] + [StatusWord(False, r) for r in Reason if r != Reason.NONE]:
        assert decode_status(encode_status(s, width), width) == s


@pytest.mark.parametrize("width", WIDTHS)
def test_data_packing(width):
    wb = width // 8
    for n in (0, 1, wb - 1, wb, wb + 1, 3 * wb + 2):
        data = bytes(range(1, n + 1))
        words = pack_data(data, width)
        assert len(words) == -(-n // wb)
        assert unpack_data(words, n, width) == data
    # byte 0 is the most significant byte; the partial last word is zero-padded at the bottom
    assert pack_data(b"\x01\x02\x03\x04\x05", 32) == [0x01020304, 0x05000000]
    assert pack_data(b"\xaa", 128) == [0xAA << 120]


# ---------------------------------------------------------------------- malformed words --

@pytest.mark.parametrize("word, message", [
    (0x00000000, "unknown opcode 0000"),
    (0xB0000000, "unknown opcode 1011"),
    (0xE0000000, "unknown opcode 1110"),
    (0x20000001, "reserved bits [19:0]"),
    (0x27700000, "unknown algorithm code 0x77"),
    (0x71200000, "ACTKEY takes no algorithm"),
    (0x82100000, "aes-gcm does not take HASH"),
])
def test_bad_instruction_words(word, message):
    with pytest.raises(ProtocolError, match=message.replace("[", r"\[").replace("]", r"\]")):
        decode_instruction(word)


@pytest.mark.parametrize("word, message", [
    (0x00000000, "unknown segment type 0000"),
    (0xE0000004, "unknown segment type 1110"),
    (0x18000004, "reserved bits 27"),
    (0x12010004, "reserved bits 27"),
])
def test_bad_headers(word, message):
    with pytest.raises(ProtocolError, match=message):
        decode_header(word)


def test_w128_low_bits_must_be_zero():
    good = encode_header(Header(Seg.AD, 4), 128)
    with pytest.raises(ProtocolError, match=r"bits \[95:0\] must be 0"):
        decode_header(good | 1, 128)
    with pytest.raises(ProtocolError, match=r"bits \[95:0\] must be 0"):
        decode_instruction((0x70000000 << 96) | (1 << 95), 128)
    with pytest.raises(ProtocolError, match="does not fit 32 bits"):
        decode_header(1 << 32, 32)


def test_bad_status_and_data():
    with pytest.raises(ProtocolError, match="neither success"):
        decode_status(0x20000000)
    with pytest.raises(ProtocolError, match="success needs reason 0"):
        decode_status(0xE0000001)
    with pytest.raises(ProtocolError, match="success needs reason 0"):
        decode_status(0xF0000000)
    with pytest.raises(ProtocolError, match="unknown failure reason"):
        decode_status(0xF00000FF)
    with pytest.raises(ProtocolError, match="padding .* is not zero"):
        unpack_data([0x01020304, 0x05000001], 5, 32)
    with pytest.raises(ProtocolError, match="takes 2 words"):
        unpack_data([0x01020304], 5, 32)
    with pytest.raises(ProtocolError, match="width must be 32 or 128"):
        pack_data(b"x", 64)
    with pytest.raises(ProtocolError, match="outside 0..65535"):
        encode_header(Header(Seg.AD, 1 << 16))


def test_algorithm_selection():
    assert resolve_alg(Engine.KECCAK, Op.HASH, 0) == Alg.SHA3_256
    assert resolve_alg(Engine.KECCAK, Op.ENC, 0) == Alg.LAKE_KEYAK
    assert resolve_alg(Engine.AES, Op.ENC, 0) == Alg.AES_GCM
    assert resolve_alg(Engine.AES, Op.PRNG_GEN, 0) == Alg.FORTUNA
    with pytest.raises(ProtocolError, match="runs on the AES engine"):
        resolve_alg(Engine.KECCAK, Op.MAC, Alg.AES_CMAC)
    assert resolve_alg(Engine.KECCAK, Op.PRNG_SEED, 0) == Alg.KECCAK_DUPLEX
    with pytest.raises(ProtocolError, match="runs on the KECCAK engine"):
        resolve_alg(Engine.AES, Op.PRNG_GEN, Alg.KECCAK_DUPLEX)
    with pytest.raises(ProtocolError, match="no default algorithm for LDKEY"):
        resolve_alg(Engine.KECCAK, Op.LDKEY, 0)
    assert set(ALG_NAMES) == set(ALG_OPS)


def test_resynchronisation_rule_counts_words_by_length_and_stops_at_last():
    w = 32
    hdr = lambda n, last: encode_header(Header(Seg.AD, n, last=last), w)  # noqa: E731
    s = [hdr(5, False), 1, 2, hdr(0, False), hdr(4, True), 3, 0x70000000]
    assert next_instruction(s, 0, w) == 6
    # a garbage header still frames by its length and Last bits
    s = [0xFF000002, 9, 0x70000000]
    assert next_instruction(s, 0, w) == 2
    assert next_instruction([hdr(8, False), 1], 0, w) == 2
