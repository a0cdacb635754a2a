# SPDX-License-Identifier: Apache-2.0
"""RTL hygiene: lint-clean under -Wall, illegal parameters rejected, generated tables fresh."""
import subprocess
import sys

import pytest

from linecrypt.designs import DESIGNS, lookup, sources_for
from linecrypt.flows.lint import lint, uses_ecp5_prims
from linecrypt.host.tools import verilator_env


# Every parameter value of every core is linted (`make lint` lints every design point); the
# default suite lints a covering set: each top, key size, direction, stage count and option at
# least once, the rest in `make test-long` (about 10 s of CPU each).
LINT_DEFAULT = {"aes128-enc-s1", "aes192-dec-s1", "aes256-enc-s3", "aes256-dec-s3",
                "aes128ekx-dec-s2", "aes128-enc-s2-link", "aes128-enc-s3-mix-link",
                "aes-round-dec-s3", "serpent128-enc-s1", "serpent192-dec-s1", "serpent256-dec-s1",
                "des-enc", "3des-dec", "des-cbc-enc-x32", "idea-enc", "idea-mul",
                "credit-fifo-bram", "ocb3-offsets-4lane", "ocb3-nonce", "ghash-mul-kara2-p2",
                "ghash-4way", "lanes-serpent128-enc-2lane", "rijndael256-iter", "aes-hash-iter",
                "aes-cmac128-iter", "fortuna-gen-iter", "lwc-keccak-w128", "keyak-lake-r1",
                "lwc-aes-w32"}
# the two-lane cipher_lanes point (unregistered, not measured) lints the code of the four-lane one
# in a third of the time
LINT_ALL = [n for n in DESIGNS if n.endswith(("-s1", "-s3")) or "ekx" in n or "link" in n
            or "round" in n or n.endswith("-iter") or not n.startswith(("aes", "serpent"))]
LINT_ALL.append("lanes-serpent128-enc-2lane")


@pytest.mark.parametrize("name", [n if n in LINT_DEFAULT else pytest.param(n, marks=pytest.mark.slow)
                                  for n in LINT_ALL])
def test_verilator_lint_wall(name):
    d = lookup(name)
    ok, err = lint(d.top, d.params)
    assert ok, err


# the LC_TECH_ECP5 branches (DP16KD instances of lc_bram_sdp, LUT4 instances of lc_xor4) against
# the primitives' port and parameter lists from Yosys's ECP5 cell library: what `linecrypt synth`
# reads
@pytest.mark.parametrize("name", ["credit-fifo-bram", "aes128-enc-s2-link", "serpent128-enc-s1",
                                  "serpent128-dec-s2"])
def test_verilator_lint_ecp5_primitives(name):
    d = DESIGNS[name]
    assert uses_ecp5_prims(d.top, d.params), "no ECP5 primitive in this point any more"
    ok, err = lint(d.top, d.params, tech_ecp5=True)
    assert ok, err


@pytest.mark.parametrize("params,needle", [
    ({"KEY_BITS": 160}, "KEY_BITS must be"),
    ({"KEY_BITS": 256, "ENHANCED_KX": 1}, "AES-128 only"),
    ({"STAGES": 4}, "STAGES must be"),
    ({"NSLOTS": 3}, "NSLOTS must be"),
])
def test_illegal_parameters_stop_elaboration(params, needle):
    cmd = ["verilator", "--lint-only", "--top-module", "aes_core"]
    cmd += [f"-G{k}={v}" for k, v in params.items()] + [str(f) for f in sources_for("aes_core")]
    r = subprocess.run(cmd, env=verilator_env(), capture_output=True, text=True)
    assert r.returncode != 0 and needle in r.stderr, r.stderr


@pytest.mark.parametrize("gen", ["aes_tables", "serpent_tables"])
def test_generated_tables_are_fresh(gen):
    r = subprocess.run([sys.executable, "-m", f"linecrypt.gen.{gen}", "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_every_source_file_has_an_spdx_line():
    """Item of the licence: the first lines of every tracked source file name the licence."""
    from linecrypt import ROOT
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    missing = []
    for f in files:
        p = ROOT / f
        if p.suffix in (".v", ".sv", ".py", ".cpp", ".core", ".sh") or p.name in ("Makefile", "run"):
            if p.exists() and "SPDX-License-Identifier: Apache-2.0" not in "".join(p.read_text().splitlines(True)[:3]):
                missing.append(f)
    assert not missing, missing
