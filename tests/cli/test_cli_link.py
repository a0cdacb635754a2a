# SPDX-License-Identifier: Apache-2.0
"""`linecrypt link` (../shared/CLI.md, "The link encryptor"): client traffic through transmitter ->
line -> receiver with every fault class; exit status, the JSON summary, user errors.

The frames compared are the client frames themselves (built by scapy), and tags are made and
checked by linecrypt.oracles.aead (pycryptodome)."""
from __future__ import annotations

import json
import random

import pytest

from linecrypt.cli import main
from linecrypt.link.traffic import eth_frame

KEYS = {"frames_in", "frames_out", "frames_mismatched", "auth_failures", "purged", "sync_losses",
        "line_bits_per_cycle", "latency_cycles"}


def link(capsys, *args):
    rc = main(["link", "--json", "--frame-words", "16", "--sync-period", "8", *args])
    out, err = capsys.readouterr()
    return rc, (json.loads(out) if out else None), err


def test_clean_run_delivers_everything(capsys):
    rc, r, err = link(capsys, "--frames", "120", "--seed", "3")
    assert rc == 0 and err == ""
    assert KEYS <= set(r)
    assert r["frames_in"] == r["frames_out"] == 120 and r["frames_mismatched"] == 0
    assert r["auth_failures"] == r["purged"] == r["sync_losses"] == 0
    assert 0 < r["line_bits_per_cycle"] <= 512
    assert 0 < r["latency_cycles"]["min"] <= r["latency_cycles"]["max"]


def test_text_summary(capsys):
    assert main(["link", "--frames", "20", "--frame-words", "8"]) == 0
    out = capsys.readouterr().out
    assert "client frames in 20, out 20, mismatched 0" in out


@pytest.mark.parametrize("fault", ["flip", "forge"])
def test_corruption_is_purged(capsys, fault):
    rc, r, _ = link(capsys, "--frames", "150", "--fault", fault, "--fault-rate", "0.3")
    assert rc == 0
    assert r["faults_injected"] > 0 and r["frames_mismatched"] == 0
    if fault == "forge":         # each forged frame fails, the genuine one behind it passes
        assert r["auth_failures"] == r["purged"] == r["faults_injected"]
        assert r["frames_out"] == r["frames_in"]
    else:                        # a flip anywhere in a data frame fails it (or its header)
        assert 0 < r["auth_failures"] <= r["faults_injected"]
        assert r["frames_out"] < r["frames_in"]


@pytest.mark.parametrize("fault", ["dup", "skew", "lose-sync"])
def test_faults_that_lose_nothing(capsys, fault):
    rc, r, _ = link(capsys, "--frames", "150", "--fault", fault, "--fault-rate", "0.5")
    assert rc == 0 and r["frames_out"] == r["frames_in"] and r["frames_mismatched"] == 0
    if fault == "dup":
        assert r["rx_counters"]["replay_drops"] == r["faults_injected"] > 0


@pytest.mark.parametrize("fault", ["drop", "reorder"])
def test_lost_frames_are_counted(capsys, fault):
    rc, r, _ = link(capsys, "--frames", "150", "--fault", fault, "--fault-rate", "0.3")
    assert rc == 0 and r["faults_injected"] > 0 and r["frames_mismatched"] == 0
    assert r["rx_counters"]["frames_missing"] >= r["faults_injected"]
    assert r["frames_out"] < r["frames_in"]


def test_pcap_replay(tmp_path, capsys):
    from scapy.layers.l2 import Ether
    from scapy.utils import wrpcap
    rng = random.Random(5)
    frames = [eth_frame(rng, rng.choice((64, 300, 1500, 9000)))[:-4] for _ in range(40)]
    path = tmp_path / "in.pcap"
    wrpcap(str(path), [Ether(f) for f in frames])
    rc, r, _ = link(capsys, "--in", str(path), "--channels", "4")
    assert rc == 0 and r["frames_in"] == r["frames_out"] == 40


def test_serpent_ocb(capsys, need_botan):
    rc, r, _ = link(capsys, "--cipher", "ocb-serpent", "--frames", "30")
    assert rc == 0 and r["frames_out"] == 30


@pytest.mark.parametrize("args,msg", [
    (["--channels", "17"], "--channels"),
    (["--frame-words", "1"], "--frame-words"),
    (["--fault-rate", "2"], "--fault-rate"),
    (["--fault", "melt"], "--fault"),
    (["--in", "/nonexistent.pcap"], "--in"),
    (["--frame-bytes", "63"], "--frame-bytes"),
    (["--frame-bytes", "9001"], "--frame-bytes"),
    (["--backend", "rtl", "--channels", "4", "--frame-words", "8", "--fault", "reorder"],
     "--fault reorder"),
])
def test_user_errors(capsys, args, msg):
    rc = main(["link", *args])
    out, err = capsys.readouterr()
    assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1 and msg in err


# the same Verilator build as ip/link/tb/test_link_system.py: one xdist worker runs both, so the
# build happens once and never twice at the same time (make test uses --dist loadgroup)
@pytest.mark.xdist_group("link_system_build")
def test_rtl_backend_forge(capsys):
    """The whole link in RTL (the link_system_tb build of ip/link/tb/test_link_system.py: N = 4,
    K = 8, AES-128-GCM, the same build directory; about 30 s when built, ~13 min more when
    not): every forged frame is purged, every client frame arrives intact, as with the model for
    the same seed."""
    args = ["--channels", "4", "--frame-words", "8", "--cipher", "gcm-aes", "--frames", "24",
            "--fault", "forge", "--fault-rate", "0.1", "--seed", "7"]
    rc, r, err = link(capsys, *args, "--backend", "rtl")
    assert rc == 0 and err == "", err
    assert KEYS <= set(r) and r["backend"] == "rtl"
    assert r["frames_mismatched"] == 0 and r["frames_lost"] == 0
    assert r["faults_injected"] > 0
    assert r["auth_failures"] == r["purged"] == r["faults_injected"]
    assert r["rx_matches_model"]
    assert 0 < r["latency_cycles"]["min"] <= r["latency_cycles"]["max"]
    rc, m, _ = link(capsys, *args)
    assert rc == 0 and m["backend"] == "model"
    assert r["frames_in"] == m["frames_in"] == r["frames_out"] == m["frames_out"] == 24
