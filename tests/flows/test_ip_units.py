# SPDX-License-Identifier: Apache-2.0
"""The IP units (ip/<name>/): every RTL file belongs to its unit's FuseSoC core file, FuseSoC
reads every core file, and a core's lint target runs, so the core files cannot rot."""
import subprocess

import pytest

from linecrypt import IP, ROOT
from linecrypt.designs import DESIGNS, TOPS
from linecrypt.host.tools import venv_tool, verilator_env
from linecrypt.ipcores import core_description, ip_files, ip_names

EXPECTED = {"common", "aes", "serpent", "des", "idea", "modes", "ocb", "gcm", "keccak", "lwc", "aesmp"}


def test_every_ip_unit_has_a_core_file():
    assert EXPECTED <= set(ip_names())
    for name in ip_names():
        assert core_description(name)["name"].startswith(f"linecrypt:ip:{name}:")


def test_every_rtl_file_is_in_its_core_file():
    for name in ip_names():
        listed = {p.name for p in ip_files(name) if p.parent.parent.name == name}
        on_disk = {p.name for p in (IP / name / "rtl").glob("*.v")}
        assert listed == on_disk, f"ip/{name}: files not in {name}.core: {on_disk - listed}, " \
                                  f"listed but missing: {listed - on_disk}"


def test_every_design_top_is_served_by_an_ip_unit():
    for d in DESIGNS.values():
        assert d.top in TOPS and TOPS[d.top] in ip_names()
        assert all(p.exists() for p in d.sources)


def test_fusesoc_lists_every_core():
    r = subprocess.run([venv_tool("fusesoc"), "--cores-root", str(ROOT), "core", "list"],
                       capture_output=True, text=True, check=True)
    for name in EXPECTED:
        assert f"linecrypt:ip:{name}:" in r.stdout, r.stdout + r.stderr


@pytest.mark.parametrize("name", ["modes", "lwc"])   # modes: aes, des and common; lwc: keccak
def test_fusesoc_lint_target(name, tmp_path):
    r = subprocess.run([venv_tool("fusesoc"), "--cores-root", str(ROOT), "run", "--target", "lint",
                        f"linecrypt:ip:{name}"], cwd=tmp_path, env=verilator_env(),
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert "%Warning" not in r.stdout + r.stderr and "%Error" not in r.stdout + r.stderr
