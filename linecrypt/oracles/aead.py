# SPDX-License-Identifier: Apache-2.0
"""Expected values for the authenticated-encryption engines (OCB3 and GCM over AES or Serpent),
from libraries we did not write wherever one covers the case.

    seal(mode, cipher, key, nonce, ad, msg, tag_len) -> Sealed(ciphertext, tag)  (.source)
    open_(mode, cipher, key, nonce, ad, ct, tag)     -> plaintext, or None if the tag is wrong
    seal_many / open_many                            -> the same for a list of jobs (one Botan
                                                        child process per call)
    rules(mode)                                      -> legal nonce and tag lengths
    sources_for(mode, cipher, nonce_len, tag_len)    -> the sources that cover a case, default first

``mode`` is "ocb" or "gcm", ``cipher`` "aes" or "serpent"; lengths are bytes. ``Sealed`` unpacks
as ``ciphertext, tag = seal(...)`` and says where the values came from in ``.source``.

Sources (names as in ``Sealed.source`` and the ``source=`` argument that forces one):

* "pycryptodome": AES. GCM: any IV length, every GCM tag length (4, 8, 12..16). OCB: nonces
  1..15, tags 8..16.
* "pyca" (pyca/cryptography): AES. GCM: IVs of 8..128 bytes, every GCM tag length (the 16-byte
  tag truncated, SP 800-38D's MSB_t; decryption through the Cipher API with
  ``min_tag_length=4``). OCB: nonces 12..15, 16-byte tags.
* "botan" (Debian's python3-botan, ``linecrypt.oracles.botan``): AES and Serpent. GCM: any IV
  length, every GCM tag length (Botan takes 8 and 12..16; a 4-byte tag is the 16-byte one
  truncated, and its decryption runs GCTR again, encrypting C under the same IV to get P, then
  seals P afresh). OCB: nonces 1..15, tags 8, 12, 16.
* "model": everything legal: ``linecrypt.models.ocb`` / ``gcm`` (proven against RFC 7253 and
  CAVP vectors in tests/models) over pyca's AES or the Serpent model.

The default is the first library that covers the case: AES takes pycryptodome, then pyca, then
Botan; Serpent takes Botan. Only where none does (OCB tags of 1..7 bytes, OCB tags other than 8,
12, 16 with Serpent) is the model the source, and ``.source`` says "model". Serpent without Botan
installed also falls back to the model, loudly, as ``linecrypt.oracles.blockciphers`` does for
Serpent blocks: a ``ModelFallbackWarning`` per call (counted by ``model_fallback_report()``,
child processes included), and a ``BotanMissing`` error instead when ``LINECRYPT_REQUIRE_BOTAN=1``.
"""
from __future__ import annotations

import hmac
from typing import NamedTuple, Sequence

MODES = ("ocb", "gcm")
CIPHERS = ("aes", "serpent")
SOURCES = ("pycryptodome", "pyca", "botan", "model")

GCM_TAG_LENGTHS = (4, 8, 12, 13, 14, 15, 16)
OCB_TAG_LENGTHS = tuple(range(1, 17))
BOTAN_GCM_TAGS = (8, 12, 13, 14, 15, 16)
BOTAN_OCB_TAGS = (8, 12, 16)


class AeadParamError(ValueError):
    """A nonce or tag length the mode forbids, or an unknown mode, cipher or source."""


class Rules(NamedTuple):
    """Legal lengths of a mode (docs/aead-interface.md)."""
    nonce_lens: range              # legal nonce (IV) lengths, bytes
    tag_lens: tuple[int, ...]      # legal tag lengths, bytes
    iv_part: bool                  # GCM: an IV of any length but 12 is the first data part

    def nonce_in_data(self, nonce_len: int) -> bool:
        """True when the nonce (GCM IV, length != 12) travels as the message's first data part."""
        return self.iv_part and nonce_len not in (0, 12)


_RULES = {
    "ocb": Rules(range(1, 16), OCB_TAG_LENGTHS, False),
    "gcm": Rules(range(1, 65536), GCM_TAG_LENGTHS, True),
}


def rules(mode: str) -> Rules:
    """Legal nonce and tag lengths: OCB3 nonces 1..15 and tags 1..16 bytes, all in the descriptor;
    GCM IVs 1..65535 bytes (12 in the descriptor, any other length as the first data part) and
    tags 4, 8, 12..16 bytes."""
    _check_mode(mode)
    return _RULES[mode]


def _check_mode(mode: str) -> None:
    if mode not in MODES:
        raise AeadParamError(f"mode must be one of {MODES}, got {mode!r}")


def check(mode: str, cipher: str, nonce_len: int, tag_len: int) -> None:
    """Raise AeadParamError unless the mode, cipher and lengths are legal."""
    r = rules(mode)
    if cipher not in CIPHERS:
        raise AeadParamError(f"cipher must be one of {CIPHERS}, got {cipher!r}")
    if nonce_len not in r.nonce_lens:
        raise AeadParamError(f"{mode.upper()} nonce must be {r.nonce_lens.start}.."
                             f"{r.nonce_lens.stop - 1} bytes, got {nonce_len}")
    if tag_len not in r.tag_lens:
        raise AeadParamError(f"{mode.upper()} tag must be one of {r.tag_lens} bytes, got {tag_len}")


def _botan_ok() -> bool:
    from linecrypt.oracles import botan
    return botan.available()


def _covers(source: str, mode: str, cipher: str, nonce_len: int, tag_len: int) -> bool:
    if source == "model":
        return True
    if source == "botan":
        if mode == "gcm":
            return True
        return 1 <= nonce_len <= 15 and tag_len in BOTAN_OCB_TAGS
    if cipher != "aes":
        return False
    if source == "pycryptodome":
        return mode == "gcm" or tag_len >= 8
    if source == "pyca":
        if mode == "gcm":
            return 8 <= nonce_len <= 128
        return 12 <= nonce_len <= 15 and tag_len == 16
    raise AeadParamError(f"source must be one of {SOURCES}, got {source!r}")


def sources_for(mode: str, cipher: str, nonce_len: int, tag_len: int,
                installed: bool = True) -> list[str]:
    """The sources that cover a legal case, the default first; "model" always comes last. With
    ``installed``, Botan counts only where python3-botan is installed."""
    check(mode, cipher, nonce_len, tag_len)
    out = [s for s in SOURCES if _covers(s, mode, cipher, nonce_len, tag_len)]
    if installed and "botan" in out and not _botan_ok():
        out.remove("botan")
    return out


def _pick(mode, cipher, nonce_len, tag_len, source):
    """(source to use, True if it is the model standing in for a missing Botan)."""
    if source is not None:
        check(mode, cipher, nonce_len, tag_len)
        if not _covers(source, mode, cipher, nonce_len, tag_len):
            raise AeadParamError(f"{source} does not cover {cipher}-{mode} with a "
                                 f"{nonce_len}-byte nonce and a {tag_len}-byte tag")
        return source, False
    have = sources_for(mode, cipher, nonce_len, tag_len, installed=True)
    if cipher == "serpent" and not _botan_ok():
        return "model", True
    return have[0], False


class _SealedFields(NamedTuple):
    ciphertext: bytes
    tag: bytes


class Sealed(_SealedFields):
    """An encryption's result, the tuple ``(ciphertext, tag)``; ``.source`` names where it came
    from and is not part of the tuple, so ``ciphertext, tag = seal(...)`` and comparisons
    between sources work."""

    def __new__(cls, ciphertext: bytes, tag: bytes, source: str = ""):
        self = super().__new__(cls, ciphertext, tag)
        self.source = source
        return self


# --- the sources --------------------------------------------------------------------------------

def _model_cipher(cipher: str, key: bytes):
    if cipher == "aes":
        from linecrypt.oracles.blockciphers import PycaAES
        return PycaAES(key)
    from linecrypt.models.serpent import Serpent
    return Serpent(key)


def _model_seal(mode, cipher, key, nonce, ad, msg, t):
    from linecrypt.models import gcm, ocb
    out = (ocb if mode == "ocb" else gcm).encrypt(_model_cipher(cipher, key), nonce, ad, msg, t)
    return out[:len(msg)], out[len(msg):]


def _model_open(mode, cipher, key, nonce, ad, ct, tag):
    from linecrypt.models import gcm, ocb
    m = ocb if mode == "ocb" else gcm
    try:
        return m.decrypt(_model_cipher(cipher, key), nonce, ad, ct + tag, len(tag))
    except m.AuthenticationError:
        return None


def _pycryptodome(mode, key, nonce, t):
    from Crypto.Cipher import AES
    return AES.new(key, AES.MODE_OCB if mode == "ocb" else AES.MODE_GCM, nonce=nonce, mac_len=t)


def _pycryptodome_seal(mode, cipher, key, nonce, ad, msg, t):
    c = _pycryptodome(mode, key, nonce, t)
    c.update(ad)
    return c.encrypt_and_digest(msg)


def _pycryptodome_open(mode, cipher, key, nonce, ad, ct, tag):
    c = _pycryptodome(mode, key, nonce, len(tag))
    c.update(ad)
    try:
        return c.decrypt_and_verify(ct, tag)
    except ValueError:
        return None


def _pyca_seal(mode, cipher, key, nonce, ad, msg, t):
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM, AESOCB3
    out = (AESOCB3 if mode == "ocb" else AESGCM)(key).encrypt(nonce, msg, ad)
    return out[:len(msg)], out[len(msg):len(msg) + t]


def _pyca_open(mode, cipher, key, nonce, ad, ct, tag):
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    from cryptography.hazmat.primitives.ciphers.aead import AESOCB3
    try:
        if mode == "ocb":
            return AESOCB3(key).decrypt(nonce, ct + tag, ad)
        d = Cipher(algorithms.AES(key), modes.GCM(nonce, tag, min_tag_length=4)).decryptor()
        d.authenticate_additional_data(ad)
        return d.update(ct) + d.finalize()
    except InvalidTag:
        return None


def _botan_name(mode, cipher, key, t):
    base = f"AES-{8 * len(key)}" if cipher == "aes" else "Serpent"
    return f"{base}/{mode.upper()}({t})"


def _botan_gcm_tag(t):
    return t if t in BOTAN_GCM_TAGS else 16


def _botan_seal_many(mode, cipher, jobs):
    from linecrypt.oracles import botan
    calls = []
    for key, nonce, ad, msg, t in jobs:
        bt = _botan_gcm_tag(t) if mode == "gcm" else t
        calls.append((_botan_name(mode, cipher, key, bt), key, nonce, ad, False, msg))
    outs = botan.aead(calls)
    return [(o[:len(msg)], o[len(msg):len(msg) + t]) for (_, _, _, msg, t), o in zip(jobs, outs)]


def _botan_open_many(mode, cipher, jobs):
    from linecrypt.oracles import botan
    direct = [i for i, (_, _, _, _, tag) in enumerate(jobs)
              if mode == "ocb" or len(tag) in BOTAN_GCM_TAGS]
    res: list = [None] * len(jobs)
    outs = botan.aead([(_botan_name(mode, cipher, jobs[i][0], len(jobs[i][4])), jobs[i][0],
                        jobs[i][1], jobs[i][2], True, jobs[i][3] + jobs[i][4]) for i in direct])
    for i, o in zip(direct, outs):
        res[i] = o
    # GCM tags Botan does not take (4 bytes): GCTR under the same IV turns C back into P, and a
    # fresh seal of P gives the full tag to compare the received prefix with.
    rest = [i for i in range(len(jobs)) if i not in set(direct)]
    if rest:
        pts = [o[:len(jobs[i][3])] for i, o in zip(rest, botan.aead(
            [(_botan_name(mode, cipher, jobs[i][0], 16), jobs[i][0], jobs[i][1], b"", False,
              jobs[i][3]) for i in rest]))]
        tags = botan.aead([(_botan_name(mode, cipher, jobs[i][0], 16), jobs[i][0], jobs[i][1],
                            jobs[i][2], False, p) for i, p in zip(rest, pts)])
        for i, p, full in zip(rest, pts, tags):
            tag = jobs[i][4]
            sent = full[len(p):len(p) + len(tag)]
            res[i] = p if hmac.compare_digest(sent, tag) else None
    return res


def _one_by_one(fn):
    def many(mode, cipher, jobs):
        return [fn(mode, cipher, *job) for job in jobs]
    return many


_SEAL = {"pycryptodome": _one_by_one(_pycryptodome_seal), "pyca": _one_by_one(_pyca_seal),
         "botan": _botan_seal_many, "model": _one_by_one(_model_seal)}
_OPEN = {"pycryptodome": _one_by_one(_pycryptodome_open), "pyca": _one_by_one(_pyca_open),
         "botan": _botan_open_many, "model": _one_by_one(_model_open)}


def _fallback(mode, cipher, jobs):
    from linecrypt.oracles.blockciphers import _model_fallback
    blocks = sum(max(1, -(-(len(j[2]) + len(j[3])) // 16)) for j in jobs)
    _model_fallback(f"{cipher.capitalize()}-{mode.upper()}", blocks)


def _run(table, mode, cipher, jobs, tag_len_of, source):
    """Group the jobs by source (batching Botan), run them, return results in job order."""
    groups: dict[tuple[str, bool], list[int]] = {}
    for i, job in enumerate(jobs):
        if len(job[0]) not in (16, 24, 32):
            raise AeadParamError(f"key must be 16, 24 or 32 bytes, got {len(job[0])}")
        groups.setdefault(_pick(mode, cipher, len(job[1]), tag_len_of(job), source), []).append(i)
    out: list = [None] * len(jobs)
    srcs: list = [None] * len(jobs)
    for (src, fallback), idx in groups.items():
        sub = [jobs[i] for i in idx]
        if fallback:
            _fallback(mode, cipher, sub)
        for i, r in zip(idx, table[src](mode, cipher, sub)):
            out[i], srcs[i] = r, src
    return out, srcs


def seal_many(mode: str, cipher: str, jobs: Sequence[tuple[bytes, bytes, bytes, bytes, int]],
              source: str | None = None) -> list[Sealed]:
    """Encrypt ``(key, nonce, ad, msg, tag_len)`` jobs; one Botan child serves all of them."""
    _check_mode(mode)
    outs, srcs = _run(_SEAL, mode, cipher, list(jobs), lambda j: j[4], source)
    return [Sealed(bytes(ct), bytes(tag), s) for (ct, tag), s in zip(outs, srcs)]


def open_many(mode: str, cipher: str, jobs: Sequence[tuple[bytes, bytes, bytes, bytes, bytes]],
              source: str | None = None) -> list[bytes | None]:
    """Decrypt ``(key, nonce, ad, ct, tag)`` jobs (tag length = len(tag)): the plaintexts, None
    where the tag does not match."""
    _check_mode(mode)
    outs, _ = _run(_OPEN, mode, cipher, list(jobs), lambda j: len(j[4]), source)
    return [None if o is None else bytes(o) for o in outs]


def seal(mode: str, cipher: str, key: bytes, nonce: bytes, ad: bytes, msg: bytes, tag_len: int,
         source: str | None = None) -> Sealed:
    """Encrypt one message: ``Sealed(ciphertext, tag)`` with ``.source``."""
    return seal_many(mode, cipher, [(key, nonce, ad, msg, tag_len)], source)[0]


def open_(mode: str, cipher: str, key: bytes, nonce: bytes, ad: bytes, ct: bytes, tag: bytes,
          source: str | None = None) -> bytes | None:
    """Decrypt one message: the plaintext, or None when the tag (of len(tag) bytes) is wrong."""
    return open_many(mode, cipher, [(key, nonce, ad, ct, tag)], source)[0]


def source_of(mode: str, cipher: str, nonce_len: int, tag_len: int) -> str:
    """The source seal/open_ use by default for a case ("model" where Botan is missing for
    Serpent)."""
    return _pick(mode, cipher, nonce_len, tag_len, None)[0]


def decrypt_unverified(mode: str, cipher: str, key: bytes, nonce: bytes, ct: bytes,
                       tag_len: int) -> tuple[bytes, str]:
    """(plaintext, source) of ``ct`` whatever its tag: what an engine without a release hold
    lets out before the tag check fails. The plaintext does not depend on the associated data.
    GCM: GCTR run again (the seal of ``ct`` under the same IV, with any source of :func:`seal`).
    OCB: pycryptodome's decrypt without verify (AES, tags 8..16), else the model's OCB-DECRYPT
    steps without the tag comparison (source "model")."""
    check(mode, cipher, len(nonce), tag_len)
    if mode == "gcm":
        s = seal(mode, cipher, key, nonce, b"", ct, 16)
        return s.ciphertext, s.source
    if cipher == "aes" and tag_len >= 8:
        c = _pycryptodome(mode, key, nonce, tag_len)
        return c.decrypt(ct) + c.decrypt(), "pycryptodome"
    if cipher == "serpent" and not _botan_ok():
        _fallback(mode, cipher, [(key, nonce, b"", ct)])
    from linecrypt.models import ocb
    c = _model_cipher(cipher, key)
    table = ocb._table_for(c, len(ct))
    blocks, c_star = ocb._split_blocks(ct)
    offset = ocb.initial_offset(c, nonce, tag_len)
    out = []
    for i, c_i in enumerate(blocks, start=1):       # RFC 7253 section 4.3, without the tag
        offset = ocb.xor(offset, table.l[ocb.ntz(i)])
        out.append(ocb.xor(offset, c.decrypt_block(ocb.xor(c_i, offset))))
    if c_star:
        offset = ocb.xor(offset, table.star)
        out.append(ocb.xor(c_star, c.encrypt_block(offset)[:len(c_star)]))
    return b"".join(out), "model"
