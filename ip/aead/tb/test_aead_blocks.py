# SPDX-License-Identifier: Apache-2.0
"""The shared parts of the authenticated-encryption engines (ip/aead/rtl) under cocotb +
Verilator: the message ingress for both modes' rules, the release-hold buffer, and N cipher
lanes with one key expansion and one set of round-key memories against pyca/cryptography (AES)
and Botan (Serpent)."""
import pytest

from linecrypt.designs import sources_for
from linecrypt.host.sim import run_cocotb


@pytest.mark.parametrize("mode,lanes,decrypt", [pytest.param(0, 1, 0, marks=pytest.mark.slow), (0, 4, 1),
                                               pytest.param(1, 2, 0, marks=pytest.mark.slow)],
                         ids=["ocb-enc-1lane", "ocb-dec-4lane", "gcm-2lane"])
def test_aead_ingress(mode, lanes, decrypt):
    run_cocotb("aead_ingress", sources_for("aead_ingress"),
               {"MODE": mode, "LANES": lanes, "DECRYPT": decrypt, "MAX_MSG": 300},
               "cocotb_aead_ingress", tb_params={"LC_COUNT": 200})


@pytest.mark.parametrize("lanes,nbytes", [pytest.param(1, 256, marks=pytest.mark.slow), (4, 1024)],
                         ids=["1lane", "4lane"])
def test_aead_hold(lanes, nbytes):
    run_cocotb("aead_hold", sources_for("aead_hold"), {"LANES": lanes, "BYTES": nbytes},
               "cocotb_aead_hold", tb_params={"LC_COUNT": 150})


# (cipher, key bits, lanes, decrypt, SHARE_RK or None for the default). The engines' default
# tests run two-lane builds through the same lanes (GCM AES-128 with two lanes, OCB3 AES-128
# decryption with two lanes); these are the lanes alone, all under `slow` (`make test-long`): both
# ciphers and directions with 2 and 4 lanes, and one point per cipher with a key memory per lane.
LANE_POINTS = {
    "serpent128-enc-2lane": (1, 128, 2, 0, None),
    "aes128-enc-2lane": (0, 128, 2, 0, None),
    "aes128-enc-4lane": (0, 128, 4, 0, None),
    "aes128-dec-2lane": (0, 128, 2, 1, None),
    "aes256-dec-4lane": (0, 256, 4, 1, None),
    "serpent128-dec-2lane": (1, 128, 2, 1, None),
    "serpent128-enc-4lane": (1, 128, 4, 0, None),
    "serpent128-dec-4lane": (1, 128, 4, 1, None),
    "aes128-dec-2lane-own-rk": (0, 128, 2, 1, 0),
    "serpent128-enc-2lane-own-rk": (1, 128, 2, 0, 0),
}
DEFAULT_LANE_POINTS = ()


@pytest.mark.parametrize("point", [p if p in DEFAULT_LANE_POINTS else
                                   pytest.param(p, marks=pytest.mark.slow) for p in LANE_POINTS])
def test_cipher_lanes(point):
    cipher, key_bits, lanes, decrypt, share = LANE_POINTS[point]
    params = {"CIPHER": cipher, "KEY_BITS": key_bits, "LANES": lanes, "DECRYPT": decrypt,
              "NSLOTS": 2}
    if share is not None:
        params["SHARE_RK"] = share
    run_cocotb("cipher_lanes", sources_for("cipher_lanes"), params, "cocotb_cipher_lanes",
               tb_params={"LC_COUNT": 200})
