# SPDX-License-Identifier: Apache-2.0
"""Words of the LWC-style command protocol (docs/lwc-protocol.md) and the operation builders.

Every word is an ``int`` of ``width`` bits (32 or 128). Instruction, header and status words are
defined as a 32-bit *view*; at w = 128 the view sits in bits [127:96] and bits [95:0] are zero.

32-bit views (bit 31 is the most significant):

* instruction: [31:28] opcode, [27:20] algorithm select, [19:0] reserved (0);
* segment header: [31:28] type, [27] reserved (0), [26] EOI, [25] EOT, [24] Last,
  [23:16] reserved (0), [15:0] length in bytes;
* status: [31:28] 1110 success / 1111 failure, [27:8] reserved (0), [7:0] failure reason.

Data: byte 0 of a segment in the most significant byte of its first word; a partial last word is
padded with zero bytes at the least significant end. Each segment starts on a new word.

The builders (:func:`hash_transaction`, :func:`enc_transaction`, :func:`dec_transaction`,
:func:`mac_transaction`, :func:`prng_transaction`) return a :class:`Transaction`: the PDI and
SDI streams a host sends and the DO stream the engine must give back, computed with the golden
models in :mod:`linecrypt.models`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import NamedTuple

WIDTHS = (32, 128)
MAX_SEG = 0xFFFF           # largest segment length (16-bit field)
MAX_OUT = 1 << 20          # largest LENGTH request (XOF output, PRNG output), bytes


class ProtocolError(ValueError):
    """A word or stream that does not follow docs/lwc-protocol.md, or bad builder arguments."""


class Op(IntEnum):
    ENC = 0b0010
    DEC = 0b0011
    LDKEY = 0b0100
    ACTKEY = 0b0111
    HASH = 0b1000
    MAC = 0b1001
    PRNG_GEN = 0b1010
    PRNG_SEED = 0b1100
    PRNG_RESEED = 0b1101


class Status(IntEnum):
    SUCCESS = 0b1110
    FAILURE = 0b1111


class Reason(IntEnum):
    """Failure reason, status bits [7:0] (0 on success)."""
    NONE = 0x00
    AUTH = 0x01             # tag mismatch (DEC)
    MALFORMED = 0x02        # malformed or unexpected segment header
    BAD_INSTRUCTION = 0x03  # unknown opcode, reserved bits set, algorithm not for this op/engine
    NO_KEY = 0x04           # no active key, or its length does not suit the algorithm
    NOT_SEEDED = 0x05       # PRNG_GEN / PRNG_RESEED before PRNG_SEED
    LENGTH = 0x06           # LENGTH value out of range, or a part too long/short for the algorithm


class Seg(IntEnum):
    AD = 0b0001
    RANDOM = 0b0110         # ours: PRNG output (LWC: CT||Tag, unused here)
    PT = 0b0100
    CT = 0b0101
    HASH_MSG = 0b0111
    TAG = 0b1000
    HASH_VALUE = 0b1001
    LENGTH = 0b1010         # LWC's Length type; here: requested output length (4 bytes, BE)
    SEED = 0b1011           # ours: PRNG seed material (SDI)
    KEY = 0b1100
    NPUB = 0b1101


class Alg(IntEnum):
    DEFAULT = 0x00
    SHA3_224 = 0x11
    SHA3_256 = 0x12
    SHA3_384 = 0x13
    SHA3_512 = 0x14
    SHAKE128 = 0x15
    SHAKE256 = 0x16
    KECCAK_256 = 0x17
    KECCAK_MAC = 0x18
    LAKE_KEYAK = 0x19
    KECCAK_DUPLEX = 0x1A
    AES_GCM = 0x21
    AES_CMAC = 0x22
    AES_HASH = 0x23
    FORTUNA = 0x24


class Engine(IntEnum):
    KECCAK = 1
    AES = 2


ALG_NAMES = {
    Alg.SHA3_224: "sha3-224", Alg.SHA3_256: "sha3-256", Alg.SHA3_384: "sha3-384",
    Alg.SHA3_512: "sha3-512", Alg.SHAKE128: "shake128", Alg.SHAKE256: "shake256",
    Alg.KECCAK_256: "keccak-256", Alg.KECCAK_MAC: "keccak-mac", Alg.LAKE_KEYAK: "lake-keyak",
    Alg.KECCAK_DUPLEX: "keccak-duplex",
    Alg.AES_GCM: "aes-gcm", Alg.AES_CMAC: "aes-cmac", Alg.AES_HASH: "aes-hash",
    Alg.FORTUNA: "fortuna",
}
ALG_BY_NAME = {v: k for k, v in ALG_NAMES.items()}

HASHES = (Alg.SHA3_224, Alg.SHA3_256, Alg.SHA3_384, Alg.SHA3_512, Alg.SHAKE128, Alg.SHAKE256,
          Alg.KECCAK_256, Alg.AES_HASH)
XOFS = (Alg.SHAKE128, Alg.SHAKE256)
AEADS = (Alg.LAKE_KEYAK, Alg.AES_GCM)
MACS = (Alg.KECCAK_MAC, Alg.AES_CMAC)
PRNGS = (Alg.KECCAK_DUPLEX, Alg.FORTUNA)
PRNG_OPS = (Op.PRNG_SEED, Op.PRNG_RESEED, Op.PRNG_GEN)

# which opcodes each algorithm takes
ALG_OPS: dict[Alg, tuple[Op, ...]] = {}
for _a in HASHES:
    ALG_OPS[_a] = (Op.HASH,)
for _a in AEADS:
    ALG_OPS[_a] = (Op.ENC, Op.DEC)
for _a in MACS:
    ALG_OPS[_a] = (Op.MAC,)
for _a in PRNGS:
    ALG_OPS[_a] = PRNG_OPS

# ALG = 0: the engine's default for the opcode (so plain LWC instructions run unchanged)
DEFAULTS: dict[Engine, dict[Op, Alg]] = {
    Engine.KECCAK: {Op.ENC: Alg.LAKE_KEYAK, Op.DEC: Alg.LAKE_KEYAK, Op.HASH: Alg.SHA3_256,
                    Op.MAC: Alg.KECCAK_MAC, Op.PRNG_SEED: Alg.KECCAK_DUPLEX,
                    Op.PRNG_RESEED: Alg.KECCAK_DUPLEX, Op.PRNG_GEN: Alg.KECCAK_DUPLEX},
    Engine.AES: {Op.ENC: Alg.AES_GCM, Op.DEC: Alg.AES_GCM, Op.HASH: Alg.AES_HASH,
                 Op.MAC: Alg.AES_CMAC, Op.PRNG_SEED: Alg.FORTUNA,
                 Op.PRNG_RESEED: Alg.FORTUNA, Op.PRNG_GEN: Alg.FORTUNA},
}

# opcodes followed by segments on the port that carries them
PDI_SEGMENTED = (Op.ENC, Op.DEC, Op.HASH, Op.MAC, Op.PRNG_GEN)
SDI_OPS = (Op.LDKEY, Op.PRNG_SEED, Op.PRNG_RESEED)
PDI_OPS = (Op.ENC, Op.DEC, Op.HASH, Op.MAC, Op.PRNG_GEN, Op.ACTKEY, Op.PRNG_SEED,
           Op.PRNG_RESEED)
# segment types that count as algorithm input for the EOI rule (TAG is compared, LENGTH is a
# parameter)
INPUT_SEGS = (Seg.NPUB, Seg.AD, Seg.PT, Seg.CT, Seg.HASH_MSG, Seg.KEY, Seg.SEED)

TAG_BYTES = 16
GCM_NPUB = range(1, 65)
AES_KEYS = (16, 24, 32)
KEYAK_KEY, KEYAK_NPUB = 16, 150
KECCAK_MAC_KEYS = range(1, 39)   # what KeyPack takes (40-byte pack: enc8(40) || K || 0x01)


def engine_of(alg: Alg) -> Engine:
    return Engine(int(alg) >> 4)


def resolve_alg(engine: Engine, op: Op, alg: int) -> Alg:
    """The algorithm an engine runs for ``op`` with select field ``alg`` (0: the default), or
    ProtocolError when the engine does not take that combination."""
    if alg == Alg.DEFAULT:
        try:
            return DEFAULTS[engine][op]
        except KeyError:
            raise ProtocolError(f"the {engine.name} engine has no default algorithm for "
                                f"{op.name}") from None
    a = Alg(alg)
    if engine_of(a) != engine:
        raise ProtocolError(f"{ALG_NAMES[a]} runs on the {engine_of(a).name} engine, "
                            f"not the {engine.name} engine")
    if op not in ALG_OPS[a]:
        raise ProtocolError(f"{ALG_NAMES[a]} does not take {op.name}")
    return a


def parse_alg(name: str) -> Alg:
    try:
        return ALG_BY_NAME[name.lower()]
    except KeyError:
        raise ProtocolError(f"unknown algorithm {name!r} (one of "
                            f"{', '.join(ALG_BY_NAME)})") from None


# ----------------------------------------------------------------------------- word fields --

def _check_width(width: int) -> int:
    if width not in WIDTHS:
        raise ProtocolError(f"width must be 32 or 128 bits, not {width}")
    return width // 8


def _to_view(v32: int, width: int) -> int:
    _check_width(width)
    return v32 << (width - 32)


def _from_view(word: int, width: int, what: str) -> int:
    _check_width(width)
    if not 0 <= word < 1 << width:
        raise ProtocolError(f"{what} {word:#x} does not fit {width} bits")
    if word & ((1 << (width - 32)) - 1):
        raise ProtocolError(f"{what} {word:#0{width // 4 + 2}x}: bits [{width - 33}:0] must be 0 "
                            f"at w = {width}")
    return word >> (width - 32)


class Instruction(NamedTuple):
    op: Op
    alg: int = 0


class Header(NamedTuple):
    type: Seg
    length: int
    eoi: bool = False
    eot: bool = True
    last: bool = False


class StatusWord(NamedTuple):
    ok: bool
    reason: Reason = Reason.NONE


def encode_instruction(ins: Instruction, width: int = 32) -> int:
    op = Op(ins.op)
    alg = int(ins.alg)
    if alg != 0 and alg not in ALG_NAMES:
        raise ProtocolError(f"unknown algorithm code {alg:#04x}")
    if op in (Op.LDKEY, Op.ACTKEY) and alg != 0:
        raise ProtocolError(f"{op.name} takes no algorithm (ALG must be 0)")
    return _to_view((op << 28) | (alg << 20), width)


def decode_instruction(word: int, width: int = 32) -> Instruction:
    v = _from_view(word, width, "instruction word")
    code, alg = v >> 28, (v >> 20) & 0xFF
    try:
        op = Op(code)
    except ValueError:
        raise ProtocolError(f"instruction word {v:08x}: unknown opcode {code:04b}") from None
    if v & 0xFFFFF:
        raise ProtocolError(f"instruction word {v:08x}: reserved bits [19:0] must be 0")
    if alg != 0 and alg not in ALG_NAMES:
        raise ProtocolError(f"instruction word {v:08x}: unknown algorithm code {alg:#04x}")
    if op in (Op.LDKEY, Op.ACTKEY) and alg != 0:
        raise ProtocolError(f"instruction word {v:08x}: {op.name} takes no algorithm")
    if alg and op not in ALG_OPS[Alg(alg)]:
        raise ProtocolError(f"instruction word {v:08x}: {ALG_NAMES[Alg(alg)]} does not take "
                            f"{op.name}")
    return Instruction(op, Alg(alg))


def encode_header(h: Header, width: int = 32) -> int:
    t = Seg(h.type)
    if not 0 <= h.length <= MAX_SEG:
        raise ProtocolError(f"segment length {h.length} is outside 0..{MAX_SEG}")
    v = (t << 28) | (bool(h.eoi) << 26) | (bool(h.eot) << 25) | (bool(h.last) << 24) | h.length
    return _to_view(v, width)


def decode_header(word: int, width: int = 32) -> Header:
    v = _from_view(word, width, "segment header")
    code = v >> 28
    try:
        t = Seg(code)
    except ValueError:
        raise ProtocolError(f"segment header {v:08x}: unknown segment type {code:04b}") from None
    if v & ((1 << 27) | (0xFF << 16)):
        raise ProtocolError(f"segment header {v:08x}: reserved bits 27 and [23:16] must be 0")
    return Header(t, v & 0xFFFF, bool(v >> 26 & 1), bool(v >> 25 & 1), bool(v >> 24 & 1))


def encode_status(s: StatusWord, width: int = 32) -> int:
    reason = Reason(s.reason)
    if s.ok and reason != Reason.NONE:
        raise ProtocolError("a success status carries no failure reason")
    if not s.ok and reason == Reason.NONE:
        raise ProtocolError("a failure status needs a reason")
    code = Status.SUCCESS if s.ok else Status.FAILURE
    return _to_view((code << 28) | reason, width)


def decode_status(word: int, width: int = 32) -> StatusWord:
    v = _from_view(word, width, "status word")
    code = v >> 28
    if code not in (Status.SUCCESS, Status.FAILURE):
        raise ProtocolError(f"status word {v:08x}: code {code:04b} is neither success (1110) "
                            f"nor failure (1111)")
    if v & 0x0FFFFF00:
        raise ProtocolError(f"status word {v:08x}: reserved bits [27:8] must be 0")
    try:
        reason = Reason(v & 0xFF)
    except ValueError:
        raise ProtocolError(f"status word {v:08x}: unknown failure reason {v & 0xFF:#04x}") \
            from None
    ok = code == Status.SUCCESS
    if ok != (reason == Reason.NONE):
        raise ProtocolError(f"status word {v:08x}: success needs reason 0, failure a reason")
    return StatusWord(ok, reason)


def raw_header_fields(word: int, width: int) -> tuple[int, bool, int]:
    """(type code, Last, length) read without any check: the framing the resynchronisation
    rule trusts."""
    v = (word >> (width - 32)) & 0xFFFFFFFF
    return v >> 28, bool(v >> 24 & 1), v & 0xFFFF


def words_for(length: int, width: int) -> int:
    wb = _check_width(width)
    return -(-length // wb)


def pack_data(data: bytes, width: int = 32) -> list[int]:
    """Data words of one segment: byte 0 most significant, last word zero-padded."""
    wb = _check_width(width)
    data = bytes(data)
    padded = data + bytes(-len(data) % wb)
    return [int.from_bytes(padded[i:i + wb], "big") for i in range(0, len(padded), wb)]


def unpack_data(words: list[int], length: int, width: int = 32) -> bytes:
    wb = _check_width(width)
    if len(words) != words_for(length, width):
        raise ProtocolError(f"a {length}-byte segment takes {words_for(length, width)} words at "
                            f"w = {width}, not {len(words)}")
    for w in words:
        if not 0 <= w < 1 << width:
            raise ProtocolError(f"data word {w:#x} does not fit {width} bits")
    raw = b"".join(w.to_bytes(wb, "big") for w in words)
    if any(raw[length:]):
        raise ProtocolError(f"padding of the last word of a {length}-byte segment is not zero")
    return raw[:length]


# --------------------------------------------------------------------------- tagged words --

class Word(NamedTuple):
    """One word of a stream with its kind, as the KAT files write it: INS, HDR, DAT or STT."""
    kind: str
    value: int


KINDS = ("INS", "HDR", "DAT", "STT")


@dataclass
class Transaction:
    """What one operation puts on PDI and SDI and what the engine must give on DO."""
    width: int
    pdi: list[Word] = field(default_factory=list)
    sdi: list[Word] = field(default_factory=list)
    do: list[Word] = field(default_factory=list)
    title: str = ""

    def extend(self, other: "Transaction") -> None:
        if other.width != self.width:
            raise ProtocolError("cannot join transactions of different widths")
        self.pdi += other.pdi
        self.sdi += other.sdi
        self.do += other.do


def _split(data: bytes, width: int, max_seg: int) -> list[bytes]:
    wb = _check_width(width)
    if not wb <= max_seg <= MAX_SEG:
        raise ProtocolError(f"max_seg must be {wb}..{MAX_SEG} bytes, not {max_seg}")
    step = max_seg - max_seg % wb
    if not data:
        return [b""]
    return [data[i:i + step] for i in range(0, len(data), step)]


def segments(parts: list[tuple[Seg, bytes]], width: int, max_seg: int = MAX_SEG,
             output: bool = False, chunks: list[list[bytes]] | None = None) -> list[Word]:
    """Headers and data words of an instruction's parts, in order.

    Each part is split into segments of at most ``max_seg`` bytes (rounded down to whole words);
    an empty part is one header of length 0. EOT is 1 on each part's last segment, Last on the
    final segment. EOI (inputs only; 0 on DO): 1 on the last input segment of non-zero length,
    or on the last input segment if all are empty. ``chunks`` gives the split explicitly."""
    split = chunks if chunks is not None else [_split(bytes(d), width, max_seg) for _, d in parts]
    flat = [(t, c, j == len(cs) - 1) for (t, _), cs in zip(parts, split)
            for j, c in enumerate(cs)]
    eoi_at = -1
    if not output:
        inputs = [i for i, (t, _, _) in enumerate(flat) if t in INPUT_SEGS]
        nonempty = [i for i in inputs if flat[i][1]]
        eoi_at = nonempty[-1] if nonempty else (inputs[-1] if inputs else -1)
    out: list[Word] = []
    for i, (t, c, eot) in enumerate(flat):
        h = Header(t, len(c), eoi=i == eoi_at, eot=eot, last=i == len(flat) - 1)
        out.append(Word("HDR", encode_header(h, width)))
        out += [Word("DAT", v) for v in pack_data(c, width)]
    return out


def ins(op: Op, alg: int, width: int) -> Word:
    return Word("INS", encode_instruction(Instruction(op, alg), width))


def stt(ok: bool, reason: Reason, width: int) -> Word:
    return Word("STT", encode_status(StatusWord(ok, reason), width))


# ------------------------------------------------------------------------ model dispatch --

def keccak_mac_hook(key: bytes, msg: bytes) -> bytes:
    """Keccak-MAC (the keyed sponge of the Multi-Purpose Keccak engine,
    :func:`linecrypt.models.keccak.keccak_mac`) with an empty IV: the 16-byte tag."""
    from linecrypt.models.keccak import keccak_mac
    return keccak_mac(key, b"", msg)


def lake_keyak_hook(key: bytes, npub: bytes, ad: bytes, pt: bytes) -> bytes:
    """Lake Keyak encryption, ciphertext || 16-byte tag (CAESAR API: 16-byte key, 150-byte
    nonce), from :mod:`linecrypt.models.keyak`."""
    from linecrypt.models.keyak import lake_keyak_encrypt
    return lake_keyak_encrypt(key, npub, ad, pt)


def digest(alg: Alg, msg: bytes, out_len: int | None = None) -> bytes:
    from linecrypt.models import keccak
    if alg in XOFS:
        if out_len is None or not 0 <= out_len <= MAX_OUT:
            raise ProtocolError(f"{ALG_NAMES[alg]} needs an output length 0..{MAX_OUT}")
        return keccak.shake(msg, 128 if alg == Alg.SHAKE128 else 256, out_len)
    if out_len is not None:
        raise ProtocolError(f"{ALG_NAMES[alg]} has a fixed digest length: no LENGTH segment")
    if alg in (Alg.SHA3_224, Alg.SHA3_256, Alg.SHA3_384, Alg.SHA3_512):
        return keccak.sha3(msg, {Alg.SHA3_224: 224, Alg.SHA3_256: 256, Alg.SHA3_384: 384,
                                 Alg.SHA3_512: 512}[alg])
    if alg == Alg.KECCAK_256:
        return keccak.keccak256(msg)
    if alg == Alg.AES_HASH:
        from linecrypt.models.aes_hash import aes_hash
        return aes_hash(msg)
    raise ProtocolError(f"{ALG_NAMES.get(alg, alg)} is not a hash")


def _check_aead(alg: Alg, key: bytes, npub: bytes) -> None:
    if alg == Alg.AES_GCM:
        if len(key) not in AES_KEYS:
            raise ProtocolError(f"AES-GCM takes a 16, 24 or 32-byte key, not {len(key)}")
        if len(npub) not in GCM_NPUB:
            raise ProtocolError(f"AES-GCM takes a 1..64-byte NPUB, not {len(npub)}")
    elif alg == Alg.LAKE_KEYAK:
        if len(key) != KEYAK_KEY:
            raise ProtocolError(f"Lake Keyak takes a {KEYAK_KEY}-byte key, not {len(key)}")
        if len(npub) != KEYAK_NPUB:
            raise ProtocolError(f"Lake Keyak takes a {KEYAK_NPUB}-byte NPUB, not {len(npub)}")
    else:
        raise ProtocolError(f"{ALG_NAMES.get(alg, alg)} is not an AEAD")


def aead_encrypt(alg: Alg, key: bytes, npub: bytes, ad: bytes, pt: bytes) -> tuple[bytes, bytes]:
    _check_aead(alg, key, npub)
    if alg == Alg.AES_GCM:
        from linecrypt.models import gcm
        from linecrypt.models.aes import AES
        out = gcm.encrypt(AES(key), npub, ad, pt, TAG_BYTES)
    else:
        out = lake_keyak_hook(key, npub, ad, pt)
    return out[:-TAG_BYTES], out[-TAG_BYTES:]


def aead_decrypt(alg: Alg, key: bytes, npub: bytes, ad: bytes, ct: bytes, tag: bytes
                 ) -> bytes | None:
    """The plaintext, or None when the tag does not verify."""
    _check_aead(alg, key, npub)
    if alg == Alg.AES_GCM:
        from linecrypt.models import gcm
        from linecrypt.models.aes import AES
        try:
            return gcm.decrypt(AES(key), npub, ad, ct + tag, TAG_BYTES)
        except gcm.AuthenticationError:
            return None
    from linecrypt.models.keyak import lake_keyak_decrypt
    return lake_keyak_decrypt(key, npub, ad, ct + tag)


def mac(alg: Alg, key: bytes, msg: bytes) -> bytes:
    if alg == Alg.AES_CMAC:
        if len(key) not in AES_KEYS:
            raise ProtocolError(f"AES-CMAC takes a 16, 24 or 32-byte key, not {len(key)}")
        from linecrypt.models.cmac import cmac
        return cmac(key, msg, TAG_BYTES)
    if alg == Alg.KECCAK_MAC:
        if len(key) not in KECCAK_MAC_KEYS:
            raise ProtocolError(f"Keccak-MAC takes a 1..38-byte key (KeyPack), not {len(key)}")
        return keccak_mac_hook(key, msg)
    raise ProtocolError(f"{ALG_NAMES.get(alg, alg)} is not a MAC")


# ------------------------------------------------------------------------------ builders --

def _alg(alg: Alg | str) -> Alg:
    return parse_alg(alg) if isinstance(alg, str) else Alg(alg)


def _check_ops(alg: Alg, *ops: Op) -> None:
    for op in ops:
        if op not in ALG_OPS.get(alg, ()):
            raise ProtocolError(f"{ALG_NAMES.get(alg, alg)} does not take {op.name}")


def ldkey(key: bytes, width: int = 32) -> list[Word]:
    """SDI: LDKEY and one KEY segment."""
    if not 1 <= len(key) <= 64:
        raise ProtocolError(f"a key is 1..64 bytes, not {len(key)}")
    return [ins(Op.LDKEY, 0, width)] + segments([(Seg.KEY, bytes(key))], width)


def key_transaction(key: bytes, width: int = 32) -> Transaction:
    """LDKEY on SDI, ACTKEY on PDI; no DO words on success."""
    return Transaction(width, pdi=[ins(Op.ACTKEY, 0, width)], sdi=ldkey(key, width),
                       title="Activate key")


def hash_transaction(alg: Alg | str, msg: bytes, width: int = 32, out_len: int | None = None,
                     max_seg: int = MAX_SEG) -> Transaction:
    """PDI: HASH, [LENGTH (XOF only)], HASH_MSG. DO: HASH_VALUE, status."""
    a = _alg(alg)
    _check_ops(a, Op.HASH)
    d = digest(a, bytes(msg), out_len)
    parts = ([(Seg.LENGTH, out_len.to_bytes(4, "big"))] if a in XOFS else []) + \
        [(Seg.HASH_MSG, bytes(msg))]
    t = Transaction(width, title=f"Hash {ALG_NAMES[a]}")
    t.pdi = [ins(Op.HASH, a, width)] + segments(parts, width, max_seg)
    t.do = segments([(Seg.HASH_VALUE, d)], width, output=True) + \
        [stt(True, Reason.NONE, width)]
    return t


def enc_transaction(alg: Alg | str, key: bytes, npub: bytes, ad: bytes, pt: bytes,
                    width: int = 32, max_seg: int = MAX_SEG, load_key: bool = True
                    ) -> Transaction:
    """[SDI: LDKEY, KEY; PDI: ACTKEY]; PDI: ENC, NPUB, AD, PT. DO: CT (segments as PT), TAG,
    status."""
    a = _alg(alg)
    _check_ops(a, Op.ENC)
    ct, tag = aead_encrypt(a, bytes(key), bytes(npub), bytes(ad), bytes(pt))
    t = key_transaction(key, width) if load_key else Transaction(width)
    t.title = f"Authenticated encryption {ALG_NAMES[a]}"
    t.pdi += [ins(Op.ENC, a, width)] + segments(
        [(Seg.NPUB, npub), (Seg.AD, ad), (Seg.PT, pt)], width, max_seg)
    pt_chunks = _split(bytes(pt), width, max_seg)
    ct_chunks, pos = [], 0
    for c in pt_chunks:
        ct_chunks.append(ct[pos:pos + len(c)])
        pos += len(c)
    t.do = segments([(Seg.CT, ct), (Seg.TAG, tag)], width, max_seg, output=True,
                    chunks=[ct_chunks, [tag]]) + \
        [stt(True, Reason.NONE, width)]
    return t


def dec_transaction(alg: Alg | str, key: bytes, npub: bytes, ad: bytes, ct: bytes, tag: bytes,
                    width: int = 32, max_seg: int = MAX_SEG, load_key: bool = True
                    ) -> Transaction:
    """[SDI: LDKEY, KEY; PDI: ACTKEY]; PDI: DEC, NPUB, AD, CT, TAG. DO: PT (segments as CT) and
    success when the tag verifies, else only a failure status (reason AUTH)."""
    a = _alg(alg)
    _check_ops(a, Op.DEC)
    if len(tag) != TAG_BYTES:
        raise ProtocolError(f"the TAG segment is {TAG_BYTES} bytes, not {len(tag)}")
    pt = aead_decrypt(a, bytes(key), bytes(npub), bytes(ad), bytes(ct), bytes(tag))
    t = key_transaction(key, width) if load_key else Transaction(width)
    t.title = f"Authenticated decryption {ALG_NAMES[a]}"
    t.pdi += [ins(Op.DEC, a, width)] + segments(
        [(Seg.NPUB, npub), (Seg.AD, ad), (Seg.CT, ct), (Seg.TAG, tag)], width, max_seg)
    if pt is None:
        t.do = [stt(False, Reason.AUTH, width)]
    else:
        t.do = segments([(Seg.PT, pt)], width, max_seg, output=True) + \
            [stt(True, Reason.NONE, width)]
    return t


def mac_transaction(alg: Alg | str, key: bytes, msg: bytes, width: int = 32,
                    max_seg: int = MAX_SEG, load_key: bool = True) -> Transaction:
    """[SDI: LDKEY, KEY; PDI: ACTKEY]; PDI: MAC, HASH_MSG. DO: TAG (16 bytes), status."""
    a = _alg(alg)
    _check_ops(a, Op.MAC)
    tag = mac(a, bytes(key), bytes(msg))
    t = key_transaction(key, width) if load_key else Transaction(width)
    t.title = f"MAC {ALG_NAMES[a]}"
    t.pdi += [ins(Op.MAC, a, width)] + segments([(Seg.HASH_MSG, msg)], width, max_seg)
    t.do = segments([(Seg.TAG, tag)], width, output=True) + \
        [stt(True, Reason.NONE, width)]
    return t


class PrngState:
    """One engine's generator as the protocol drives it: ``seed`` restarts it from its reset
    state and absorbs the seed, ``reseed`` adds to the current state, ``generate`` answers a
    request; ``seeded`` is False until the first seed. Fortuna
    (:class:`linecrypt.models.fortuna.Generator`: reset state K = 0, C = 0) or keccak-duplex
    (:class:`linecrypt.models.keccak_duplex.KeccakDuplexPRNG`: reset state S = 0)."""

    def __init__(self, alg: Alg, generator=None):
        self.alg = Alg(alg)
        if self.alg == Alg.FORTUNA:
            from linecrypt.models.fortuna import Generator
            self.g = generator if generator is not None else Generator()
        elif self.alg == Alg.KECCAK_DUPLEX:
            from linecrypt.models.keccak_duplex import KeccakDuplexPRNG
            self.g = generator if generator is not None else KeccakDuplexPRNG()
        else:
            raise ProtocolError(f"{ALG_NAMES.get(self.alg, self.alg)} is not a PRNG")

    @property
    def seeded(self) -> bool:
        return self.g.counter != 0 if self.alg == Alg.FORTUNA else self.g.seeded

    def seed(self, data: bytes) -> None:
        if self.alg == Alg.FORTUNA:
            self.g.key, self.g.counter = bytes(32), 0
            self.g.reseed(data)
        else:
            self.g.seed(data)

    def reseed(self, data: bytes) -> None:
        self.g.reseed(data)

    def generate(self, n: int) -> bytes:
        return self.g.random_data(n) if self.alg == Alg.FORTUNA else self.g.generate(n)

    def seed_failed(self) -> None:
        """A seed instruction whose SEED part is malformed: keccak-duplex has absorbed part of
        it, so it drops its state (not seeded); Fortuna, which hashes the whole seed at the
        end, is left as it was."""
        if self.alg == Alg.KECCAK_DUPLEX:
            self.g.unseed()


def prng_transaction(alg: Alg | str, steps: list[tuple[str, bytes | int]], width: int = 32,
                     max_seg: int = MAX_SEG, generator=None) -> Transaction:
    """A PRNG session: steps ``("seed", bytes)``, ``("reseed", bytes)``, ``("gen", n)``.

    seed: SDI PRNG_SEED + SEED segments, PDI PRNG_SEED; the generator restarts from its reset
    state and absorbs the seed. reseed: the same with PRNG_RESEED, on the current state.
    Both give a status on DO. gen: PDI PRNG_GEN + LENGTH (4 bytes, big-endian); DO: RANDOM
    segments and status. Requests before the first seed fail (NOT_SEEDED), as in the model.
    ``generator`` (a :class:`PrngState`, or the algorithm's model object) carries state across
    calls."""
    a = _alg(alg)
    _check_ops(a, *PRNG_OPS)
    g = generator if isinstance(generator, PrngState) else PrngState(a, generator)
    t = Transaction(width, title=f"PRNG {ALG_NAMES[a]}")
    for kind, arg in steps:
        if kind in ("seed", "reseed"):
            op = Op.PRNG_SEED if kind == "seed" else Op.PRNG_RESEED
            seed = bytes(arg)
            t.sdi += [ins(op, a, width)] + segments([(Seg.SEED, seed)], width, max_seg)
            t.pdi.append(ins(op, a, width))
            if kind == "reseed" and not g.seeded:
                t.do.append(stt(False, Reason.NOT_SEEDED, width))
                continue
            (g.seed if kind == "seed" else g.reseed)(seed)
            t.do.append(stt(True, Reason.NONE, width))
        elif kind == "gen":
            n = int(arg)
            if not 0 <= n <= MAX_OUT:
                raise ProtocolError(f"a PRNG request is 0..{MAX_OUT} bytes, not {n}")
            t.pdi += [ins(Op.PRNG_GEN, a, width)] + segments(
                [(Seg.LENGTH, n.to_bytes(4, "big"))], width, max_seg)
            if not g.seeded:
                t.do.append(stt(False, Reason.NOT_SEEDED, width))
                continue
            t.do += segments([(Seg.RANDOM, g.generate(n))], width, output=True)
            t.do.append(stt(True, Reason.NONE, width))
        else:
            raise ProtocolError(f"unknown PRNG step {kind!r} (seed, reseed or gen)")
    return t


# ------------------------------------------------------------------------------- parsing --

def tag_stream(values: list[int], width: int, port: str) -> list[Word]:
    """Tag a raw stream (PDI, SDI or DO) word by word, checking every field and the framing;
    ProtocolError names the first word that breaks the rules."""
    port = port.upper()
    if port not in ("PDI", "SDI", "DO"):
        raise ProtocolError(f"port must be PDI, SDI or DO, not {port!r}")
    out: list[Word] = []
    i, n = 0, len(values)

    def take_segments(start: int) -> int:
        j = start
        while True:
            if j >= n:
                raise ProtocolError(f"{port} word {j}: stream ends inside an instruction (no "
                                    f"segment with Last = 1)")
            try:
                h = decode_header(values[j], width)
            except ProtocolError as e:
                raise ProtocolError(f"{port} word {j}: {e}") from None
            out.append(Word("HDR", values[j]))
            k = words_for(h.length, width)
            if j + 1 + k > n:
                raise ProtocolError(f"{port} word {j}: a {h.length}-byte segment needs {k} data "
                                    f"words, the stream has {n - j - 1}")
            try:
                unpack_data(values[j + 1:j + 1 + k], h.length, width)
            except ProtocolError as e:
                raise ProtocolError(f"{port} word {j}: {e}") from None
            out.extend(Word("DAT", v) for v in values[j + 1:j + 1 + k])
            j += 1 + k
            if h.last:
                return j

    while i < n:
        v = values[i]
        try:
            if port == "DO":
                code = (v >> (width - 4)) & 0xF
                if code in (Status.SUCCESS, Status.FAILURE):
                    decode_status(v, width)
                    out.append(Word("STT", v))
                    i += 1
                else:
                    i = take_segments(i)
                continue
            op = decode_instruction(v, width).op
        except ProtocolError as e:
            if str(e).startswith(port):
                raise
            raise ProtocolError(f"{port} word {i}: {e}") from None
        allowed = PDI_OPS if port == "PDI" else SDI_OPS
        if op not in allowed:
            raise ProtocolError(f"{port} word {i}: {op.name} is not an instruction of {port}")
        out.append(Word("INS", v))
        i += 1
        if (port == "PDI" and op in PDI_SEGMENTED) or port == "SDI":
            i = take_segments(i)
    return out


def next_instruction(values: list[int], start: int, width: int) -> int:
    """The resynchronisation rule: index of the word read as the next instruction after a
    malformed segment header at ``start``. Segments are discarded, the malformed one first,
    each as its header plus ceil(length / (w/8)) data words (length = bits [15:0], whatever the
    other fields hold), up to and including the first whose Last bit (24) is 1."""
    i = start
    while i < len(values):
        _, last, length = raw_header_fields(values[i], width)
        i += 1 + words_for(length, width)
        if last:
            return min(i, len(values))
    return len(values)
