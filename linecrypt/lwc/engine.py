# SPDX-License-Identifier: Apache-2.0
"""Reference model of an engine's command interpreter (docs/lwc-protocol.md, "Engine
behaviour"): it reads PDI and SDI word streams and returns the DO words, malformed input and
resynchronisation included. The builders in :mod:`linecrypt.lwc.protocol` give the DO of
well-formed transactions; this model is the oracle for everything else.
"""
from __future__ import annotations

from typing import NamedTuple

from linecrypt.lwc.protocol import (
    AEADS, DEFAULTS, GCM_NPUB, KEYAK_NPUB, MAX_OUT, PDI_SEGMENTED, TAG_BYTES, XOFS, Alg, Engine,
    Op, PrngState, ProtocolError, Reason, Seg, _check_aead,
    StatusWord, _split, aead_decrypt, aead_encrypt, decode_header, decode_instruction, digest,
    encode_header, encode_status, Header, mac, next_instruction, pack_data, raw_header_fields,
    resolve_alg, words_for,
)


class AeadLimits(NamedTuple):
    """The buffers of an engine that holds an ENC/DEC's parts before it runs the AEAD (the
    Keccak engine of ip/lwc holds them for Lake Keyak, whose Motorist interleaves AD with the
    message while the protocol sends all of AD first and the core needs both lengths before it
    starts). An ENC or DEC whose AD, PT/CT bytes or PT/CT segments exceed them fails LENGTH."""
    ad: int          # AD bytes
    msg: int         # PT (ENC) or CT (DEC) bytes
    segments: int    # PT or CT segments


class _Malformed(Exception):
    """A malformed or unexpected header at PDI index ``at``."""

    def __init__(self, at: int, why: str):
        super().__init__(why)
        self.at = at


class _Short(Exception):
    """The stream ends inside an instruction: the engine waits for more words."""


class EngineModel:
    """One engine (``Engine.KECCAK`` or ``Engine.AES``) at width 32 or 128.

    ``without``: algorithms this build of the engine does not run (e.g. ``{Alg.LAKE_KEYAK}`` for
    a Keccak engine without its Keyak core). An instruction that selects one, by code or as the
    opcode's default, is a valid word whose algorithm the engine does not run: BAD_INSTRUCTION,
    its segments discarded.

    ``aead_limits``: an :class:`AeadLimits` for an engine that buffers ENC/DEC parts (None: no
    limit)."""

    def __init__(self, engine: Engine, width: int = 32, without=(),
                 aead_limits: AeadLimits | None = None):
        self.engine, self.width = Engine(engine), width
        self.wb = width // 8
        self.without = frozenset(Alg(a) for a in without)
        self.limits = AeadLimits(*aead_limits) if aead_limits is not None else None
        self.key: bytes | None = None
        # the engine's one generator: keccak-duplex (Keccak), Fortuna (AES)
        self.prng = PrngState(DEFAULTS[self.engine][Op.PRNG_GEN])
        self.do: list[int] = []
        self.errors: list[str] = []      # why each failure status was given, for test messages

    # ----------------------------------------------------------------------- DO helpers --
    def _status(self, reason: Reason, why: str = "") -> None:
        ok = reason == Reason.NONE
        self.do.append(encode_status(StatusWord(ok, reason), self.width))
        if not ok:
            self.errors.append(f"{reason.name}: {why}")

    def _emit(self, t: Seg, chunks: list[bytes], last: bool) -> None:
        for k, c in enumerate(chunks):
            end = k == len(chunks) - 1
            self.do.append(encode_header(Header(t, len(c), False, end, last and end), self.width))
            self.do += pack_data(c, self.width)

    # ------------------------------------------------------------------------ segments --
    def _read_parts(self, s: list[int], i: int, parts: list[Seg], on_segment=None
                    ) -> tuple[dict[Seg, list[bytes]], int]:
        """Segments of ``parts`` in order from index i: each part one or more segments, EOT on
        its last, Last on the very last. Returns (chunks per part, next index)."""
        got: dict[Seg, list[bytes]] = {p: [] for p in parts}
        for pi, p in enumerate(parts):
            while True:
                if i >= len(s):
                    raise _Short()
                try:
                    h = decode_header(s[i], self.width)
                except ProtocolError as e:
                    raise _Malformed(i, str(e)) from None
                if h.type != p:
                    raise _Malformed(i, f"{h.type.name} segment where {p.name} is expected")
                final = pi == len(parts) - 1
                if h.last and not (h.eot and final):
                    raise _Malformed(i, f"Last = 1 on a {p.name} segment that does not end the "
                                        f"instruction")
                if h.eot and final and not h.last:
                    raise _Malformed(i, f"the final {p.name} segment has Last = 0")
                k = words_for(h.length, self.width)
                if i + 1 + k > len(s):
                    raise _Short()
                raw = b"".join(v.to_bytes(self.wb, "big") for v in s[i + 1:i + 1 + k])
                data = raw[:h.length]            # padding bytes are ignored
                got[p].append(data)
                if on_segment:
                    on_segment(p, data, h)
                i += 1 + k
                if h.eot:
                    break
        return got, i

    def _sdi_unit(self, sdi: list[int], j: int, op: Op, pdi_word: int):
        """Read the SDI instruction ``op`` with its segments (KEY or SEED); a seed instruction
        must equal the PDI word. Returns (data or None, reason, why, next j); raises _Short if
        SDI is not complete yet."""
        if j >= len(sdi):
            raise _Short()
        part = Seg.KEY if op == Op.LDKEY else Seg.SEED
        try:
            ins = decode_instruction(sdi[j], self.width)
        except ProtocolError as e:
            return None, Reason.BAD_INSTRUCTION, f"SDI: {e}", self._skip(sdi, j + 1)
        if ins.op != op or (op != Op.LDKEY and sdi[j] != pdi_word):
            return None, Reason.BAD_INSTRUCTION, \
                f"SDI holds {ins.op.name} (ALG {int(ins.alg):#04x}) where PDI asks for {op.name}", \
                self._skip(sdi, j + 1)
        try:
            got, j2 = self._read_parts(sdi, j + 1, [part])
        except _Malformed as m:
            return None, Reason.MALFORMED, f"SDI: {m}", self._skip(sdi, m.at)
        return b"".join(got[part]), Reason.NONE, "", j2

    def _skip(self, s: list[int], at: int) -> int:
        """The resynchronisation rule (:func:`next_instruction`); _Short while the discarded
        segments are not all in yet."""
        i = at
        while i < len(s):
            _, last, length = raw_header_fields(s[i], self.width)
            i += 1 + words_for(length, self.width)
            if last:
                if i > len(s):
                    raise _Short()
                return next_instruction(s, at, self.width)
        raise _Short()

    # ----------------------------------------------------------------------------- run --
    def run(self, pdi: list[int], sdi: list[int] = ()) -> list[int]:
        """Interpret PDI (and SDI, read only when a PDI instruction asks for it); returns DO.
        An instruction the streams do not complete is left unexecuted."""
        sdi = list(sdi)
        self.do = []
        i = j = 0
        while i < len(pdi):
            mark_do = len(self.do)
            try:
                i, j = self._instruction(pdi, i, sdi, j)
            except _Short:
                del self.do[mark_do:]
                break
        return self.do

    def _instruction(self, pdi, i, sdi, j):
        w = pdi[i]
        try:
            ins = decode_instruction(w, self.width)
        except ProtocolError as e:
            code = (w >> (self.width - 4)) & 0xF
            self._status(Reason.BAD_INSTRUCTION, str(e))
            if code in [int(o) for o in PDI_SEGMENTED]:
                return self._skip(pdi, i + 1), j
            return i + 1, j
        op = ins.op
        if op == Op.LDKEY:
            self._status(Reason.BAD_INSTRUCTION, "LDKEY is an SDI instruction")
            return i + 1, j
        try:
            alg = resolve_alg(self.engine, op, ins.alg) if op != Op.ACTKEY else None
            if alg in self.without:
                raise ProtocolError(f"this build of the {self.engine.name} engine does not run "
                                    f"{alg.name}")
        except ProtocolError as e:
            self._status(Reason.BAD_INSTRUCTION, str(e))
            if op in PDI_SEGMENTED:
                return self._skip(pdi, i + 1), j
            # PRNG_SEED/RESEED: the SDI unit is consumed all the same
            return i + 1, self._sdi_unit(sdi, j, op, w)[3]
        i += 1
        if op in (Op.ACTKEY, Op.PRNG_SEED, Op.PRNG_RESEED):
            data, reason, why, j = self._sdi_unit(sdi, j, Op.LDKEY if op == Op.ACTKEY else op,
                                                  w)
            if reason != Reason.NONE:
                if reason == Reason.MALFORMED and op != Op.ACTKEY:
                    self.prng.seed_failed()
                self._status(reason, why)
            elif op == Op.ACTKEY:
                if not 1 <= len(data) <= 64:
                    self._status(Reason.NO_KEY, f"a {len(data)}-byte key")
                else:
                    self.key = data
            elif op == Op.PRNG_RESEED and not self.prng.seeded:
                self._status(Reason.NOT_SEEDED, "PRNG_RESEED before PRNG_SEED")
            else:
                (self.prng.seed if op == Op.PRNG_SEED else self.prng.reseed)(data)
                self._status(Reason.NONE)
            return i, j
        try:
            return self._segmented(op, alg, pdi, i), j
        except _Malformed as m:
            self._status(Reason.MALFORMED, str(m))
            return self._skip(pdi, m.at), j

    def _segmented(self, op: Op, alg, pdi, i) -> int:
        if op == Op.HASH:
            parts = ([Seg.LENGTH] if alg in XOFS else []) + [Seg.HASH_MSG]
            got, i = self._read_parts(pdi, i, parts)
            n = self._length(got, alg in XOFS)
            if n is not None and n < 0:
                return i
            self._emit(Seg.HASH_VALUE, _split(digest(alg, b"".join(got[Seg.HASH_MSG]), n),
                                              self.width, 0xFFFF), True)
            self._status(Reason.NONE)
            return i
        if op == Op.MAC:
            got, i = self._read_parts(pdi, i, [Seg.HASH_MSG])
            try:
                tag = mac(alg, self.key or b"", b"".join(got[Seg.HASH_MSG]))
            except ProtocolError as e:
                self._status(Reason.NO_KEY, str(e))
                return i
            self._emit(Seg.TAG, [tag], True)
            self._status(Reason.NONE)
            return i
        if op == Op.PRNG_GEN:
            got, i = self._read_parts(pdi, i, [Seg.LENGTH])
            n = self._length(got, True)
            if n < 0:
                return i
            if not self.prng.seeded:
                self._status(Reason.NOT_SEEDED, "PRNG_GEN before PRNG_SEED")
                return i
            self._emit(Seg.RANDOM, _split(self.prng.generate(n), self.width, 0xFFFF), True)
            self._status(Reason.NONE)
            return i
        # ENC / DEC
        assert alg in AEADS
        if op == Op.ENC:
            return self._enc(alg, pdi, i)
        return self._dec(alg, pdi, i)

    def _length(self, got, wanted: bool):
        if not wanted:
            return None
        raw = b"".join(got[Seg.LENGTH])
        n = int.from_bytes(raw, "big") if len(raw) == 4 else -1
        if not 0 <= n <= MAX_OUT:
            self._status(Reason.LENGTH, f"LENGTH of {len(raw)} bytes, value {n}")
            return -1
        return n

    def _key_ok(self, alg, npub: bytes) -> tuple[Reason, str]:
        """(NO_KEY, why) for a missing or wrong-length key, (LENGTH, why) for a wrong-length
        NPUB, else (NONE, "")."""
        try:
            _check_aead(alg, self.key or b"", b"\0" * (GCM_NPUB.start if alg == Alg.AES_GCM
                                                         else KEYAK_NPUB))
        except ProtocolError as e:
            return Reason.NO_KEY, str(e)
        try:
            _check_aead(alg, self.key, npub)
        except ProtocolError as e:
            return Reason.LENGTH, str(e)
        return Reason.NONE, ""

    def _fits(self, ad: bytes, chunks: list[bytes]) -> tuple[Reason, str]:
        """(LENGTH, why) when AD or the PT/CT part exceeds the engine's buffers."""
        lim = self.limits
        if lim is None:
            return Reason.NONE, ""
        n = sum(len(c) for c in chunks)
        if len(ad) > lim.ad:
            return Reason.LENGTH, f"{len(ad)} bytes of AD, the buffer holds {lim.ad}"
        if n > lim.msg:
            return Reason.LENGTH, f"a {n}-byte message, the buffer holds {lim.msg}"
        if len(chunks) > lim.segments:
            return Reason.LENGTH, f"{len(chunks)} message segments, the buffer holds " \
                                  f"{lim.segments}"
        return Reason.NONE, ""

    def _enc_check(self, alg, npub: bytes, ad: bytes, chunks: list[bytes]) -> tuple[Reason, str]:
        bad = self._key_ok(alg, npub)
        return bad if bad[0] != Reason.NONE else self._fits(ad, chunks)

    def _emit_ct(self, alg, npub: bytes, ad: bytes, chunks: list[bytes], whole: bool) -> bytes:
        """One CT segment per PT segment, with its length and EOT (Last = 0: TAG follows);
        returns the tag. ``whole``: the PT part is complete (its last segment has EOT = 1);
        else every segment has EOT = 0, as the PT segments before a malformed header do."""
        ct, tag = aead_encrypt(alg, self.key, npub, ad, b"".join(chunks))
        pos = 0
        for k, c in enumerate(chunks):
            eot = whole and k == len(chunks) - 1
            self.do.append(encode_header(Header(Seg.CT, len(c), False, eot, False), self.width))
            self.do += pack_data(ct[pos:pos + len(c)], self.width)
            pos += len(c)
        return tag

    def _enc(self, alg, pdi, i) -> int:
        # The CT segments follow the PT segments one for one. A malformed header in the PT part
        # ends the operation after the CT of the PT segments complete before it (no TAG); a
        # key, NPUB or buffer fault gives no CT at all.
        state = {"npub": b"", "ad": b"", "pt": []}

        def on_segment(p, data, h):
            if p == Seg.NPUB:
                state["npub"] += data
            elif p == Seg.AD:
                state["ad"] += data
            elif p == Seg.PT:
                state["pt"].append(data)
        try:
            got, i = self._read_parts(pdi, i, [Seg.NPUB, Seg.AD, Seg.PT], on_segment)
        except _Malformed:
            if state["pt"] and self._enc_check(alg, state["npub"], state["ad"],
                                               state["pt"])[0] == Reason.NONE:
                self._emit_ct(alg, state["npub"], state["ad"], state["pt"], whole=False)
            raise
        bad = self._enc_check(alg, state["npub"], state["ad"], state["pt"])
        if bad[0] != Reason.NONE:
            self._status(*bad)
            return i
        tag = self._emit_ct(alg, state["npub"], state["ad"], state["pt"], whole=True)
        self._emit(Seg.TAG, [tag], True)
        self._status(Reason.NONE)
        return i

    def _dec(self, alg, pdi, i) -> int:
        got, i = self._read_parts(pdi, i, [Seg.NPUB, Seg.AD, Seg.CT, Seg.TAG])
        npub, ad = b"".join(got[Seg.NPUB]), b"".join(got[Seg.AD])
        ct, tag = b"".join(got[Seg.CT]), b"".join(got[Seg.TAG])
        bad = self._key_ok(alg, npub)
        if bad[0] != Reason.NONE:
            self._status(*bad)
            return i
        if len(tag) != TAG_BYTES:
            self._status(Reason.LENGTH, f"a {len(tag)}-byte TAG")
            return i
        bad = self._fits(ad, got[Seg.CT])
        if bad[0] != Reason.NONE:
            self._status(*bad)
            return i
        pt = aead_decrypt(alg, self.key, npub, ad, ct, tag)
        if pt is None:
            self._status(Reason.AUTH, "tag mismatch")
            return i
        chunks, pos = [], 0
        for c in got[Seg.CT]:
            chunks.append(pt[pos:pos + len(c)])
            pos += len(c)
        self._emit(Seg.PT, chunks, True)
        self._status(Reason.NONE)
        return i
