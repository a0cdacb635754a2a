# SPDX-License-Identifier: Apache-2.0
"""Generate the link encryptor's register outputs from ip/link/link.rdl, and the line-format
drawings from the field tables of linecrypt/link/format.py.

    python -m linecrypt.link.regs            write the outputs
    python -m linecrypt.link.regs --check    exit 1 (and name them) if a committed output is stale

Outputs (committed): ip/link/doc/registers.md (PeakRDL-markdown), ip/link/sw/linecrypt_link_regs.h
(PeakRDL-cheader), linecrypt/link/regmap.py (this file: a dict of registers and fields),
ip/link/rtl/link_regs.v (the AXI4-Lite register block, linecrypt/link/regblock.py; the CHAN array
sized by its parameter N), and docs/img/link-*.json (WaveDrom "reg" sources) with
docs/img/link-*.svg.
"""
from __future__ import annotations

import argparse
import json
import pprint
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RDL = Path("ip/link/link.rdl")
TOP = "linecrypt_link"
OUTPUTS = {
    "markdown": Path("ip/link/doc/registers.md"),
    "cheader": Path("ip/link/sw/linecrypt_link_regs.h"),
    "python": Path("linecrypt/link/regmap.py"),
    "verilog": Path("ip/link/rtl/link_regs.v"),
}
RTL_MODULE = "link_regs"
RTL_ARRAY_PARAMS = {"CHAN": "N"}
IMG = Path("docs/img")


def compile_rdl(root: Path = ROOT):
    from systemrdl import RDLCompiler
    rdlc = RDLCompiler()
    rdlc.compile_file(str(root / RDL))
    return rdlc.elaborate(top_def_name=TOP)


def _field_access(f) -> str:
    """Software access, then what else changes the field: rw, rw/pulse (singlepulse), r/counter
    (counts hardware events), rw/woclr/sticky (set by hardware, cleared by writing 1),
    w/hwclr (also cleared by hardware)."""
    sw = f.get_property("sw").name
    if f.get_property("onwrite") is not None:
        sw += "/" + f.get_property("onwrite").name
    if f.get_property("singlepulse"):
        sw += "/pulse"
    if f.get_property("counter"):
        sw += "/counter"
    elif f.get_property("stickybit"):
        sw += "/sticky"
    elif f.get_property("hwclr"):
        sw += "/hwclr"
    return sw


def register_map(top) -> dict:
    """{register path: {offset, width, desc, fields: {name: (lsb, width, access, reset)}}},
    arrays unrolled (CHAN[3].rx_frames); width is the register's (64: two words, low first)."""
    from systemrdl.node import RegNode
    out = {}
    for node in top.descendants(unroll=True):
        if not isinstance(node, RegNode):
            continue
        path = node.get_path(hier_separator=".", array_suffix="[{index:d}]")
        path = path.split(".", 1)[1]
        out[path] = {
            "offset": node.absolute_address,
            "width": node.get_property("regwidth"),
            "desc": " ".join((node.get_property("desc") or "").split()),
            "fields": {f.inst_name: (f.lsb, f.width, _field_access(f), f.get_property("reset"))
                       for f in node.fields()},
        }
    return out


def _python_map(top) -> str:
    regs = register_map(top)
    return ("# SPDX-License-Identifier: Apache-2.0\n"
            f'"""Register map of the link encryptor, generated from {RDL.as_posix()} by\n'
            "linecrypt/link/regs.py: do not edit.\n\n"
            "REGS[path] = {offset, width, desc, fields: {name: (lsb, width, access, reset)}}.\n"
            '"""\n\n'
            f"SIZE = {top.size:#x}\n\n"
            f"REGS = {pprint.pformat(regs, width=100, sort_dicts=False)}\n")


def _drawings() -> dict[str, str]:
    import wavedrom
    from linecrypt.link import format as fmt
    out = {}
    for name, fields in fmt.DRAWINGS.items():
        src = json.dumps(fmt.bitfield_json(fields), indent=1) + "\n"
        out[f"{name}.json"] = src
        out[f"{name}.svg"] = wavedrom.render(src).tostring() + "\n"
    return out


def generate(dest: Path) -> list[Path]:
    """Write every output under ``dest`` (the repository root or a scratch copy)."""
    from peakrdl_cheader.exporter import CHeaderExporter
    from peakrdl_markdown import MarkdownExporter
    root = compile_rdl()
    top = root.top
    written = []
    for key, rel in OUTPUTS.items():
        p = dest / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if key == "markdown":
            MarkdownExporter().export(top, str(p), input_files=[RDL.as_posix()])
            p.write_text("<!-- SPDX-License-Identifier: Apache-2.0 -->\n" + p.read_text())
        elif key == "cheader":
            CHeaderExporter().export(top, str(p))
            p.write_text("// SPDX-License-Identifier: Apache-2.0\n" + p.read_text())
        elif key == "verilog":
            from linecrypt.link.regblock import export
            export(top, p, RTL_MODULE, RTL_ARRAY_PARAMS)
        else:
            p.write_text(_python_map(top))
        written.append(rel)
    for name, text in _drawings().items():
        p = dest / IMG / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
        written.append(IMG / name)
    return written


def stale() -> list[Path]:
    """Outputs whose committed copy differs from a fresh generation."""
    with tempfile.TemporaryDirectory() as tmp:
        rels = generate(Path(tmp))
        return [r for r in rels if not (ROOT / r).exists()
                or (ROOT / r).read_bytes() != (Path(tmp) / r).read_bytes()]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="fail if a committed output is stale")
    a = ap.parse_args(argv)
    if a.check:
        bad = stale()
        for r in bad:
            print(f"stale: {r.as_posix()} (run python -m linecrypt.link.regs)", file=sys.stderr)
        return 1 if bad else 0
    for r in generate(ROOT):
        print(r.as_posix())
    return 0


if __name__ == "__main__":
    sys.exit(main())
