# SPDX-License-Identifier: Apache-2.0
"""Lake Keyak v2: Keyak[b=1600, nr=12, Π=1, c=256, τ=128] (CAESAR rounds 2 and 3).

Source: G. Bertoni, J. Daemen, M. Peeters, G. Van Assche, R. Van Keer, "CAESAR submission:
Keyak v2" (2016), the Motorist mode of §2 and the Keyak instances of §3. Only Π = 1 (one piston)
is modelled, so the Engine layer is the piston itself; the names below follow the document.

Parameters (bytes unless stated; W = max(b/25, 8) = 64 bits, the lane size):

* f = Keccak-p[1600, 12] (:func:`linecrypt.models.keccak.keccak_p`), state of 200 bytes in the
  FIPS 202 byte order; applying f is called a *Spark*.
* Rs = W/8 · ⌊(b − max(c, 32)) / W⌋ = 168: the rate for plaintext/ciphertext (Crypt).
* Ra = W/8 · ⌊(b − 32) / W⌋ = 192: the rate for metadata (Inject).
* Four control bytes right after Ra, each XORed with a length byte: EOM = Ra = 192 (tag length,
  255 for "no tag"), CryptEnd = Ra + 1 = 193 (end offset of the crypted bytes), InjectStart =
  Ra + 2 = 194 (offset where injection starts) and InjectEnd = Ra + 3 = 195 (where it ends).
* c' = W · ⌈c / W⌉ = 256 bits: the chaining value of a knot; τ = 128 bits: the tag.

Piston (state S, offsets ωc for Crypt and ωi for Inject, both 0 at the start):

* Crypt(I): from ωc up to Rs, O_j = S_j ⊕ I_j, and S_j becomes the ciphertext byte (I_j ⊕ S_j
  when wrapping, I_j when unwrapping); then S[CryptEnd] ⊕= the end offset, ωc = 0, ωi = Rs.
* Inject(X): S[InjectStart] ⊕= ωi; X is XORed from ωi up to Ra; S[InjectEnd] ⊕= the end
  offset; ωc = ωi = 0.
* GetTag(l): S[EOM] ⊕= l (255 if l = 0); Spark; the tag is S[0 .. l−1]; ωc = l, so the next
  Crypt starts after the tag bytes.

Engine/Motorist (phases ready → riding; a failed tag check → failed):

* Wrap(I, A): repeat {Crypt the next ≤ Rs bytes of I if any remain; Inject the next
  ≤ Ra − ωi bytes of A (possibly none); Spark if I or A has bytes left} until both are used
  up. Then MakeKnot if forgetFlag, and the tag: GetTag(τ/8); when unwrapping, the tag must
  equal T or the output is dropped and the Motorist fails.
* InjectCollective(X, diversify): X (followed by enc8(Π) = 1, enc8(0) if diversify) is
  injected Ra bytes at a time with a Spark between blocks (none after the last).
* MakeKnot ("forget"): T' = GetTag(c'/8 = 32), then InjectCollective(T', no diversify).
* StartEngine(SUV, tagFlag, forgetFlag): InjectCollective(SUV, diversify); MakeKnot if
  forgetFlag; then GetTag(τ/8) if tagFlag (checked against T when unwrapping), else GetTag(0).

Keyak: keypack(K, lk) = enc8(lk) ‖ K ‖ 0x01 ‖ 0x00* up to lk = W/8 · ⌈(c + 9) / W⌉ = 40 bytes
(keys up to 38 bytes; the CAESAR instance uses 16). SUV = keypack(K, 40) ‖ N. With nonces up to
150 bytes the SUV plus the two diversifier bytes fits one Ra block, as in the CAESAR API:
16-byte key, 150-byte nonce, ciphertext ‖ 16-byte tag (:func:`lake_keyak_encrypt`).
"""
from __future__ import annotations

import hmac

from linecrypt.models.keccak import keccak_p

B = 1600
NR = 12
PI = 1
C = 256
TAU = 128
W = max(B // 25, 8)                      # 64-bit lanes
RS = W // 8 * ((B - max(C, 32)) // W)    # 168
RA = W // 8 * ((B - 32) // W)            # 192
EOM, CRYPT_END, INJECT_START, INJECT_END = RA, RA + 1, RA + 2, RA + 3
C_PRIME = W * ((C + W - 1) // W)         # 256 bits
LK = W // 8 * ((C + 9 + W - 1) // W)     # 40-byte key pack
TAG_BYTES = TAU // 8                     # 16

CAESAR_KEY_BYTES = 16
CAESAR_NONCE_BYTES = 150


def _xor(a: bytes, b: bytes) -> bytes:
    n = len(a)
    return (int.from_bytes(a, "little") ^ int.from_bytes(b, "little")).to_bytes(n, "little")


class KeyakError(ValueError):
    """A call out of phase, or a length out of range."""


class Piston:
    """One Keccak-p[1600, 12] state with the Crypt and Inject offsets (Motorist §2.3)."""

    def __init__(self) -> None:
        self.state = bytearray(200)
        self.omega_c = 0
        self.omega_i = 0

    def spark(self) -> None:
        self.state[:] = keccak_p(bytes(self.state), NR)

    def crypt(self, data: bytes, pos: int, unwrap: bool) -> tuple[bytes, int]:
        """Crypt ``data[pos:]`` from ωc up to Rs; returns (output bytes, new pos)."""
        s = self.state
        n = min(len(data) - pos, RS - self.omega_c)
        lo, hi = self.omega_c, self.omega_c + n
        chunk = data[pos:pos + n]
        out = _xor(bytes(s[lo:hi]), chunk)
        # the state takes the ciphertext: the output when wrapping, the input when unwrapping
        s[lo:hi] = chunk if unwrap else out
        s[CRYPT_END] ^= hi
        self.omega_c = 0
        self.omega_i = RS
        return out, pos + n

    def inject(self, data: bytes, pos: int) -> int:
        """Inject ``data[pos:]`` from ωi up to Ra; returns the new pos."""
        s = self.state
        s[INJECT_START] ^= self.omega_i
        n = min(len(data) - pos, RA - self.omega_i)
        lo, hi = self.omega_i, self.omega_i + n
        s[lo:hi] = _xor(bytes(s[lo:hi]), data[pos:pos + n])
        s[INJECT_END] ^= hi
        self.omega_c = 0
        self.omega_i = 0
        return pos + n

    def get_tag(self, length: int) -> bytes:
        if length > RS:
            raise KeyakError(f"a tag is at most Rs = {RS} bytes, not {length}")
        self.state[EOM] ^= length if length else 0xFF
        self.spark()
        self.omega_c = length
        return bytes(self.state[:length])


class Motorist:
    """Lake Keyak v2 session: :meth:`start_engine` once, then any number of :meth:`wrap` calls.

    ``start_engine`` and ``wrap`` return the tag (bytes; empty when ``tag_flag`` is false) when
    wrapping, and whether the given tag ``T`` matched when unwrapping. A failed check leaves
    the session in the failed phase: further calls raise :class:`KeyakError`.
    """

    def __init__(self) -> None:
        self.piston = Piston()
        self.phase = "ready"

    # -- Engine (Π = 1) ------------------------------------------------------------------------

    def _inject_collective(self, data: bytes, diversify: bool) -> None:
        if diversify:
            data = data + bytes([PI, 0])
        pos = 0
        while pos < len(data):
            pos = self.piston.inject(data, pos)
            if pos < len(data):
                self.piston.spark()

    def _make_knot(self) -> None:
        self._inject_collective(self.piston.get_tag(C_PRIME // 8), False)

    def _handle_tag(self, tag_flag: bool, tag: bytes | None, unwrap: bool):
        if not tag_flag:
            self.piston.get_tag(0)
            return True if unwrap else b""
        t = self.piston.get_tag(TAG_BYTES)
        if not unwrap:
            return t
        if tag is None or not hmac.compare_digest(t, bytes(tag)):
            self.phase = "failed"
            return False
        return True

    # -- Motorist --------------------------------------------------------------------------------

    def start_engine(self, key: bytes, nonce: bytes, tag_flag: bool = False,
                     tag: bytes | None = None, unwrap: bool = False, forget: bool = False):
        """StartEngine(SUV = keypack(K, 40) ‖ N, tagFlag, T, unwrapFlag, forgetFlag)."""
        if self.phase != "ready":
            raise KeyakError(f"StartEngine needs the ready phase, not {self.phase}")
        self._inject_collective(keypack(key) + bytes(nonce), True)
        if forget:
            self._make_knot()
        self.phase = "riding"
        return self._handle_tag(tag_flag, tag, unwrap)

    def wrap(self, data: bytes, ad: bytes = b"", tag: bytes | None = None,
             unwrap: bool = False, forget: bool = False):
        """Wrap(I, O, A, T, unwrapFlag, forgetFlag): returns ``(O, T)`` when wrapping and
        ``(O, ok)`` when unwrapping (``O`` is empty if the tag does not match)."""
        if self.phase != "riding":
            raise KeyakError(f"Wrap needs the riding phase, not {self.phase}")
        data, ad = bytes(data), bytes(ad)
        out = []
        ip = ap = 0
        while True:
            if ip < len(data):
                o, ip = self.piston.crypt(data, ip, unwrap)
                out.append(o)
            ap = self.piston.inject(ad, ap)
            if ip < len(data) or ap < len(ad):
                self.piston.spark()
            else:
                break
        if PI > 1 or forget:
            self._make_knot()
        res = self._handle_tag(True, tag, unwrap)
        if unwrap and not res:
            return b"", False
        return b"".join(out), res


def keypack(key: bytes, length: int = LK) -> bytes:
    """enc8(length) ‖ K ‖ 0x01 ‖ zeros, ``length`` bytes."""
    if len(key) + 2 > length:
        raise KeyakError(f"a {len(key)}-byte key does not fit a {length}-byte key pack")
    return bytes([length]) + bytes(key) + b"\x01" + bytes(length - len(key) - 2)


MAX_KEY_BYTES = LK - 2                    # 38: what keypack takes
MAX_NONCE_BYTES = RA - LK - 2            # 150: the SUV and the diversifier in one Ra block


def lake_keyak_seal(key: bytes, nonce: bytes, ad: bytes, msg: bytes) -> bytes:
    """Lake Keyak v2 with any key keypack takes (1..38 bytes) and a nonce of 0..150 bytes:
    StartEngine(K, N) without tag or forget, then one Wrap; returns ciphertext ‖ 16-byte tag.
    :func:`lake_keyak_encrypt` is this at the CAESAR API's lengths (16, 150)."""
    _check_lengths(key, nonce)
    m = Motorist()
    m.start_engine(key, nonce)
    ct, tag = m.wrap(msg, ad)
    return ct + tag


def lake_keyak_open(key: bytes, nonce: bytes, ad: bytes, ct_tag: bytes) -> bytes | None:
    """The inverse of :func:`lake_keyak_seal`: the message, or None if the tag does not match
    (or ``ct_tag`` is shorter than the tag)."""
    _check_lengths(key, nonce)
    if len(ct_tag) < TAG_BYTES:
        return None
    ct, tag = ct_tag[:-TAG_BYTES], ct_tag[-TAG_BYTES:]
    m = Motorist()
    m.start_engine(key, nonce, unwrap=True)
    msg, ok = m.wrap(ct, ad, tag, unwrap=True)
    return msg if ok else None


def _check_lengths(key: bytes, nonce: bytes) -> None:
    if not 1 <= len(key) <= MAX_KEY_BYTES:
        raise KeyakError(f"a Lake Keyak key is 1..{MAX_KEY_BYTES} bytes, not {len(key)}")
    if len(nonce) > MAX_NONCE_BYTES:
        raise KeyakError(f"a Lake Keyak nonce is at most {MAX_NONCE_BYTES} bytes, not {len(nonce)}")


def _check_caesar(key: bytes, nonce: bytes) -> None:
    if len(key) != CAESAR_KEY_BYTES:
        raise KeyakError(f"the CAESAR API takes a {CAESAR_KEY_BYTES}-byte key, not {len(key)}")
    if len(nonce) != CAESAR_NONCE_BYTES:
        raise KeyakError(f"the CAESAR API takes a {CAESAR_NONCE_BYTES}-byte nonce, "
                         f"not {len(nonce)}")


def lake_keyak_encrypt(key: bytes, nonce: bytes, ad: bytes, msg: bytes) -> bytes:
    """CAESAR crypto_aead_encrypt: StartEngine(K, N) without tag or forget, then one Wrap;
    returns ciphertext ‖ 16-byte tag."""
    _check_caesar(key, nonce)
    return lake_keyak_seal(key, nonce, ad, msg)


def lake_keyak_decrypt(key: bytes, nonce: bytes, ad: bytes, ct_tag: bytes) -> bytes | None:
    """CAESAR crypto_aead_decrypt: the message, or None if the tag does not match."""
    _check_caesar(key, nonce)
    return lake_keyak_open(key, nonce, ad, ct_tag)
