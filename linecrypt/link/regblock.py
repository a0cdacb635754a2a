# SPDX-License-Identifier: Apache-2.0
"""Verilog-2005 AXI4-Lite register block from a SystemRDL address map (systemrdl-compiler).

PeakRDL-regblock writes SystemVerilog with structs, which Yosys does not read; this exporter
writes one plain Verilog module with a port per field, for the subset of SystemRDL the link
encryptor's map (ip/link/link.rdl) uses. Anything outside that subset stops the export with a
message naming the field and the property, so the RTL never silently disagrees with the RDL.

Supported:
  * registers, 1-D register arrays, regfiles and 1-D regfile arrays holding registers, 32-bit
    access; registers wider than 32 bits (read-only fields may span words) with the
    PeakRDL-regblock user property ``buffer_reads`` (a read of word 0 latches the other words);
  * fields: sw=r hw=na (constant: the reset value); sw=r hw=w (an input, no storage);
    sw=rw/w hw=r/na (storage; singlepulse, swmod, onwrite woclr/woset, hwset, hwclr);
    sw=rw hw=w with intr + stickybit (per-bit sticky inputs) and onwrite woclr/woset;
    counters (sw=r, incr implicit, incrvalue constant or incrwidth, incrsaturate, hwclr);
  * hwset/hwclr as true (an input pulse) or as a reference to a 1-bit field of a single
    register (e.g. a singlepulse control bit);
  * precedence sw (default) or hw, deciding between a software write and a hardware
    set/clear/sticky input in the same clock;
  * an array named in ``array_params`` gets its element count from a Verilog parameter (default
    the RDL count); it must be the last thing in the map.

Port names: ``<path>_<field>`` in lower case, the path being the instance names from the top
address map joined by ``_`` (CTRL.tx_en -> ``ctrl_tx_en``, CHAN[i].share.quantum ->
``chan_share_quantum``); suffixes ``_swmod``, ``_incr``, ``_incrvalue``, ``_hwset``, ``_hwclr``
for the hardware signals of a field. Element i of an array occupies ``[W*i +: W]`` of a packed
port (W the field's or the signal's width).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from systemrdl.node import AddrmapNode, FieldNode, RegfileNode, RegNode
from systemrdl.rdltypes import AccessType, OnWriteType, PrecedenceType


class ExportError(Exception):
    """The address map uses something this exporter does not implement."""


_BASE = {"desc", "name", "sw", "hw", "reset"}
KIND_PROPS = {   # the properties each kind of field implements
    "const": _BASE,
    "input": _BASE,
    "storage": _BASE | {"singlepulse", "swmod", "onwrite", "woclr", "woset", "hwclr", "hwset",
                        "precedence"},
    "sticky": _BASE | {"intr", "stickybit", "onwrite", "woclr", "woset", "hwclr", "hwset",
                       "precedence", "swmod"},
    "counter": _BASE | {"counter", "incrsaturate", "saturate", "incrwidth", "incrvalue", "hwclr"},
}
REG_PROPS = {"desc", "name", "regwidth", "accesswidth", "buffer_reads"}


@dataclass
class Reg:
    node: RegNode
    prefix: str          # port name prefix
    base: int            # byte address of element 0
    stride: int          # bytes between elements (arrays)
    count: int | None    # None: a single register
    param: str | None    # Verilog parameter giving the count


def _registers(top: AddrmapNode, array_params: dict[str, str]) -> list[Reg]:
    regs = []

    def arr(node):
        if not node.is_array:
            return None, 0
        if len(node.array_dimensions) != 1:
            raise ExportError(f"{node.get_path()}: only 1-D arrays are supported")
        return node.array_dimensions[0], node.array_stride

    for child in top.children(unroll=False):
        if isinstance(child, RegNode):
            count, stride = arr(child)
            regs.append(Reg(child, child.inst_name.lower(), child.raw_absolute_address, stride,
                            count, array_params.get(child.inst_name)))
        elif isinstance(child, RegfileNode):
            count, stride = arr(child)
            for r in child.children(unroll=False):
                if not isinstance(r, RegNode) or r.is_array:
                    raise ExportError(f"{r.get_path()}: a regfile may hold only single registers")
                regs.append(Reg(r, f"{child.inst_name}_{r.inst_name}".lower(),
                                child.raw_absolute_address + r.raw_address_offset, stride, count,
                                array_params.get(child.inst_name)))
        elif not isinstance(child, FieldNode):
            raise ExportError(f"{child.get_path()}: {type(child).__name__} is not supported")
    for r in regs:
        if r.param is not None and any(o.base > r.base for o in regs if o.param is None):
            raise ExportError(f"{r.node.get_path()}: a parameter-sized array must come last")
    return regs


def _field_kind(f: FieldNode) -> str:
    kind = _kind(f)
    extra = set(f.list_properties()) - KIND_PROPS[kind]
    if extra:
        raise ExportError(f"{f.get_path()}: properties {sorted(extra)} are not supported "
                          f"on a field of kind {kind}")
    return kind


def _kind(f: FieldNode) -> str:
    path = f.get_path()
    sw, hw = f.get_property("sw"), f.get_property("hw")
    if f.get_property("counter"):
        if sw != AccessType.r or hw not in (AccessType.na, AccessType.r):
            raise ExportError(f"{path}: a counter must be sw=r, hw=na or r")
        return "counter"
    if f.get_property("intr"):
        if not f.get_property("stickybit") or hw != AccessType.w:
            raise ExportError(f"{path}: interrupt fields must be hw=w stickybit")
        return "sticky"
    if sw == AccessType.r and hw == AccessType.na:
        return "const"
    if sw == AccessType.r and hw == AccessType.w:
        return "input"
    if sw in (AccessType.rw, AccessType.w) and hw in (AccessType.r, AccessType.na):
        return "storage"
    raise ExportError(f"{path}: sw={sw.name} hw={hw.name} is not supported")


def _rel(node) -> str:
    """Path below the top address map, arrays as [i]."""
    return node.get_path(array_suffix="[i]", empty_array_suffix="[i]").split(".", 1)[1]


def _short(text: str | None, n: int = 64) -> str:
    """The first words of a description, at most n characters."""
    words, out = " ".join((text or "").split()).split(" "), ""
    for w in words:
        if len(out) + len(w) + 1 > n:
            return out + " ..."
        out = f"{out} {w}" if out else w
    return out


class _Emitter:
    def __init__(self, top: AddrmapNode, module: str, array_params: dict[str, str],
                 addr_width: int | None):
        self.top = top
        self.module = module
        self.regs = _registers(top, array_params)
        self.params = {}          # name -> default count
        for r in self.regs:
            if r.param:
                self.params[r.param] = (r.node.get_path().split(".")[1].split("[")[0], r.count)
        self.addr_width = addr_width or max(4, math.ceil(math.log2(top.size)))
        self.ports: list[str] = []
        self.port_doc: list[str] = []
        self.body: list[str] = []
        self.rd_terms: list[str] = []
        self.refs: dict[str, str] = {}   # referenced field path -> module-level wire
        for r in self.regs:
            for f in r.node.fields():
                for prop in ("hwset", "hwclr"):
                    p = f.get_property(prop)
                    if isinstance(p, FieldNode):
                        rr = next((o for o in self.regs if o.node.get_path() == p.parent.get_path()), None)
                        if rr is None or rr.count is not None or p.width != 1 or _field_kind(p) != "storage":
                            raise ExportError(f"{f.get_path()}: {prop} must name a 1-bit stored field "
                                              "of a single register")
                        self.refs[p.get_path()] = f"ref_{rr.prefix}_{p.inst_name.lower()}"
        self.field_names: set[str] = set()

    # ---------------------------------------------------------------- helpers
    def _count_expr(self, r: Reg) -> str | None:
        return None if r.count is None else (r.param or str(r.count))

    def _vec(self, r: Reg, w: int) -> str:
        """Declaration range of a port/wire holding width w per element."""
        c = self._count_expr(r)
        if c is None:
            return "" if w == 1 else f"[{w - 1}:0] "
        if r.param is None:
            return f"[{w * r.count - 1}:0] "
        return f"[{c}-1:0] " if w == 1 else f"[{w}*{c}-1:0] "

    @staticmethod
    def _sl(r: Reg, name: str, w: int) -> str:
        """Element g's slice of a packed per-element signal."""
        if r.count is None:
            return name
        return f"{name}[g]" if w == 1 else f"{name}[{w}*g +: {w}]"

    def _port(self, direction: str, r: Reg, name: str, w: int, doc: str):
        if name in self.field_names:
            raise ExportError(f"port name {name} is used twice")
        self.field_names.add(name)
        rng = self._vec(r, w).strip()
        self.ports.append(f"    {direction:6} wire {rng:18} {name}")
        per = "" if r.count is None else f" x{r.param or r.count}"
        self.port_doc.append(f"//   {name:30} {direction[:3]:3} {w:2}{per:4} {doc}")

    # ---------------------------------------------------------------- one register
    def reg(self, r: Reg):
        node = r.node
        extra = set(node.list_properties()) - REG_PROPS
        if extra:
            raise ExportError(f"{node.get_path()}: properties {sorted(extra)} are not supported")
        if node.get_property("accesswidth") != 32:
            raise ExportError(f"{node.get_path()}: accesswidth must be 32")
        rw = node.get_property("regwidth")
        words = rw // 32
        buffered = bool(node.get_property("buffer_reads", default=False)) and words > 1
        arr = r.count is not None
        loc = (lambda n: n) if arr else (lambda n: f"{r.prefix}__{n}")
        out = self.body
        ind = "    " if arr else ""
        disp = _rel(node)
        out.append("")
        out.append(f"// {disp} @ {r.base:#05x}" + (f" + {r.stride:#x}*i" if arr else "")
                   + f": {_short(node.get_property('desc'), 60)}")
        if arr:
            out.append(f"for (g = 0; g < {self._count_expr(r)}; g = g + 1) begin : g_{r.prefix}")
        written = {f.lsb // 32 for f in node.fields()
                   if f.get_property("sw") in (AccessType.rw, AccessType.w)}
        for k in range(words):
            a = r.base // 4 + k
            addr = f"{a} + {r.stride // 4} * g" if arr else f"{a}"
            out.append(f"{ind}localparam [ADDR_WIDTH-3:0] {loc(f'A{k}')} = {addr};")
            if k in written:
                out.append(f"{ind}wire {loc(f'wh{k}')} = wr_go && wr_word == {loc(f'A{k}')};")
            out.append(f"{ind}wire {loc(f'rh{k}')} = rd_word == {loc(f'A{k}')};")
        parts = []    # (lsb, width, expr) of the software-readable value
        for f in node.fields():
            parts.extend(self.field(r, f, loc, ind))
        # software view of the register
        val = []
        pos = 0
        for lsb, w, e in sorted(parts):
            if lsb > pos:
                val.append(f"{lsb - pos}'d0")
            val.append(e)
            pos = lsb + w
        if pos < rw:
            val.append(f"{rw - pos}'d0")
        out.append(f"{ind}wire [{rw - 1}:0] {loc('rv')} = {{{', '.join(reversed(val))}}};")
        terms = [f"({loc('rh0')} ? {loc('rv')}[31:0] : 32'd0)"]
        if buffered:
            out.append(f"{ind}reg [{rw - 33}:0] {loc('lat')};   // words 1.. as read with word 0")
            out.append(f"{ind}always @(posedge clk)")
            out.append(f"{ind}    if (rst) {loc('lat')} <= {rw - 32}'d0;")
            out.append(f"{ind}    else if (rd_go && {loc('rh0')}) {loc('lat')} <= {loc('rv')}[{rw - 1}:32];")
            src = loc("lat")
            off = 32
        else:
            src = loc("rv")
            off = 0
        for k in range(1, words):
            lo = 32 * k - off
            terms.append(f"({loc(f'rh{k}')} ? {src}[{lo + 31}:{lo}] : 32'd0)")
        rd = f"rd_{r.prefix}"
        if arr:
            self.decl_rd.append(f"wire {self._vec(r, 32)}{rd};")
            out.append(f"{ind}assign {rd}[32*g +: 32] = " + "\n        | ".join(terms) + ";")
            out.append(f"end")
            self.rd_terms.append((rd, self._count_expr(r)))
        else:
            self.decl_rd.append(f"wire [31:0] {rd};")
            out.append(f"assign {rd} = " + "\n    | ".join(terms) + ";")
            self.rd_terms.append((rd, None))

    def field(self, r: Reg, f: FieldNode, loc, ind):
        out = self.body
        kind = _field_kind(f)
        w, lsb, msb = f.width, f.lsb, f.msb
        name = f"{r.prefix}_{f.inst_name.lower()}"
        sw, hw = f.get_property("sw"), f.get_property("hw")
        reset = f.get_property("reset")
        k = lsb // 32
        if sw in (AccessType.rw, AccessType.w) and msb // 32 != k:
            raise ExportError(f"{f.get_path()}: a writable field may not span 32-bit words")
        wl, wh = lsb % 32, msb % 32
        q = loc(f"q_{f.inst_name}")
        if isinstance(reset, FieldNode) or (reset is not None and not isinstance(reset, int)):
            raise ExportError(f"{f.get_path()}: reset must be a constant")
        rst_v = f"{w}'h{(reset or 0):x}"
        readable = sw in (AccessType.r, AccessType.rw)
        if kind == "const":
            return [(lsb, w, rst_v)] if readable else []
        if kind == "input":
            self._port("input", r, name, w, f"{_rel(f)}: {_short(f.get_property('desc'))}")
            return [(lsb, w, self._sl(r, name, w))]

        # storage: next value in precedence order, then the register
        out.append(f"{ind}reg [{w - 1}:0] {q};")
        out.append(f"{ind}reg [{w - 1}:0] {loc(f'nx_{f.inst_name}')};")
        nx = loc(f"nx_{f.inst_name}")
        sw_ops, hw_ops = [], []
        d, m = f"s_axil_wdata[{wh}:{wl}]", f"wmask[{wh}:{wl}]"
        if sw in (AccessType.rw, AccessType.w):
            ow = f.get_property("onwrite")
            if ow is None:
                sw_ops.append(f"if ({loc(f'wh{k}')}) {nx} = ({nx} & ~{m}) | ({d} & {m});")
            elif ow == OnWriteType.woclr:
                sw_ops.append(f"if ({loc(f'wh{k}')}) {nx} = {nx} & ~({d} & {m});")
            elif ow == OnWriteType.woset:
                sw_ops.append(f"if ({loc(f'wh{k}')}) {nx} = {nx} | ({d} & {m});")
            else:
                raise ExportError(f"{f.get_path()}: onwrite {ow.name} is not supported")
        if kind == "counter":
            iw = f.get_property("incrwidth")
            iv = f.get_property("incrvalue")
            if isinstance(iv, FieldNode) or (iv is not None and iw is not None):
                raise ExportError(f"{f.get_path()}: incrvalue must be a constant")
            self._port("input", r, f"{name}_incr", 1, f"{_rel(f)}: +1 (or +_incrvalue)")
            if iw:
                if iw > w:
                    raise ExportError(f"{f.get_path()}: incrwidth wider than the field")
                self._port("input", r, f"{name}_incrvalue", iw, f"{_rel(f)}: amount added with _incr")
                amount = f"{{{w + 1 - iw}'d0, {self._sl(r, name + '_incrvalue', iw)}}}"
            else:
                amount = f"{w + 1}'d{iv if iv is not None else 1}"
            sat = f.get_property("incrsaturate")
            out.append(f"{ind}wire [{w}:0] {loc(f'sum_{f.inst_name}')} = {{1'b0, {q}}} + {amount};")
            s = loc(f"sum_{f.inst_name}")
            if sat is True:
                upd = f"{nx} = {s}[{w}] ? {{{w}{{1'b1}}}} : {s}[{w - 1}:0];"
            elif sat in (None, False):
                upd = f"{nx} = {s}[{w - 1}:0];"
            else:
                upd = f"{nx} = ({s} > {w + 1}'d{sat}) ? {w}'d{sat} : {s}[{w - 1}:0];"
            hw_ops.append(f"if ({self._sl(r, name + '_incr', 1)}) {upd}")
        if kind == "sticky":
            self._port("input", r, name, w, f"{_rel(f)}: ones set the bits (sticky)")
            hw_ops.append(f"{nx} = {nx} | {self._sl(r, name, w)};")
        for prop, val in (("hwset", f"{{{w}{{1'b1}}}}"), ("hwclr", f"{w}'d0")):
            p = f.get_property(prop)
            if p is True:
                self._port("input", r, f"{name}_{prop}", 1,
                           f"{_rel(f)}: {prop[2:]} the field")
                hw_ops.append(f"if ({self._sl(r, name + '_' + prop, 1)}) {nx} = {val};")
            elif isinstance(p, FieldNode):
                hw_ops.append(f"if ({self.refs[p.get_path()]}) {nx} = {val};")
            elif p not in (None, False):
                raise ExportError(f"{f.get_path()}: {prop} of this kind is not supported")
        out.append(f"{ind}always @* begin")
        out.append(f"{ind}    {nx} = {q};")
        if f.get_property("singlepulse"):
            out.append(f"{ind}    {nx} = {w}'d0;   // singlepulse: high for one clock")
        order = (hw_ops + sw_ops) if f.get_property("precedence") == PrecedenceType.sw else (sw_ops + hw_ops)
        for op in order:
            out.append(f"{ind}    {op}")
        out.append(f"{ind}end")
        out.append(f"{ind}always @(posedge clk)")
        out.append(f"{ind}    {q} <= rst ? {rst_v} : {nx};")
        if f.get_path() in self.refs:
            out.append(f"{ind}assign {self.refs[f.get_path()]} = {q};")
        if hw in (AccessType.r, AccessType.rw):
            self._port("output", r, name, w, f"{_rel(f)}: {_short(f.get_property('desc'))}")
            out.append(f"{ind}assign {self._sl(r, name, w)} = {q};")
        if f.get_property("swmod"):
            self._port("output", r, f"{name}_swmod", 1, f"{_rel(f)}: written (one clock, with the new value)")
            sm = loc(f"sm_{f.inst_name}")
            out.append(f"{ind}reg {sm};")
            out.append(f"{ind}always @(posedge clk)")
            out.append(f"{ind}    {sm} <= !rst && {loc(f'wh{k}')} && |{m};")
            out.append(f"{ind}assign {self._sl(r, name + '_swmod', 1)} = {sm};")
        return [(lsb, w, q)] if readable else []

    # ---------------------------------------------------------------- module
    def render(self) -> str:
        self.decl_rd: list[str] = []
        for r in self.regs:
            self.reg(r)
        aw = self.addr_width
        params = [f"    parameter {p:10} = {n},   // elements of {a}[] (the RDL's count: {n})"
                  for p, (a, n) in self.params.items()]
        params.append(f"    parameter ADDR_WIDTH = {aw}    // byte address bits (the map needs "
                      f"{self.top.size:#x} bytes at the RDL counts)")
        checks = [f"if (ADDR_WIDTH < 4 || ADDR_WIDTH > 32) begin : g_bad_addr_width",
                  f"    $error(\"%m: ADDR_WIDTH must be 4..32\");", "end"]
        fixed_end = max(r.base + (r.count or 1) * (r.stride or 4) for r in self.regs if r.param is None)
        checks += [f"if ((({fixed_end} - 1) >> ADDR_WIDTH) != 0) begin : g_small_addr_width",
                   f"    $error(\"%m: ADDR_WIDTH is too small for the map\");", "end"]
        for r in self.regs:
            if r.param and f"g_bad_{r.param}" not in "".join(checks):
                checks += [f"if ({r.param} < 1 || (({r.base} + {r.stride} * {r.param} - 1) >> ADDR_WIDTH) != 0)"
                           f" begin : g_bad_{r.param}",
                           f"    $error(\"%m: {r.param} must be at least 1 and its registers fit ADDR_WIDTH\");",
                           "end"]
        rd_or = []
        for rd, c in self.rd_terms:
            if c is None:
                rd_or.append(f"    rd_mux = rd_mux | {rd};")
            else:
                rd_or.append(f"    for (i = 0; i < {c}; i = i + 1) rd_mux = rd_mux | {rd}[32*i +: 32];")
        L = []
        L += [
            "// SPDX-License-Identifier: Apache-2.0",
            f"// {self.module}: AXI4-Lite register block of the address map '{self.top.inst_name}',",
            "// generated by linecrypt/link/regblock.py from the SystemRDL source: do not edit.",
            "//",
            "// AXI4-Lite slave, 32-bit data, little-endian byte lanes (wstrb[b] enables wdata[8b+7:8b]).",
            "// One write and one read in flight: a write is taken when AWVALID and WVALID are both",
            "// high and the previous response is gone, AWREADY/WREADY/BVALID rise the clock after;",
            "// a read likewise (ARREADY and RVALID with the data one clock after ARVALID). Address",
            "// bits 1:0 are ignored. Unmapped addresses read 0 and ignore writes; every response is",
            "// OKAY. Field bit f of a register is bit f of its word, as the RDL numbers it; a register",
            "// wider than 32 bits is words at +0, +4, ...: with buffer_reads, reading +0 latches the",
            "// other words, which the later reads return.",
            "//",
            "// Ports: <path>_<field> (path = instance names from the top map, lower case, joined by _).",
            "//   sw-writable fields with hw=r: outputs of the stored value (singlepulse: high for the",
            "//     one clock after the write); <..>_swmod: one-clock pulse in the first clock the output",
            "//     carries a written value; sw=w fields read back 0.",
            "//   hw=w fields: inputs read by software as they are (no storage); intr/stickybit fields:",
            "//     an input vector whose ones set the bits, cleared by software (woclr).",
            "//   counters: <..>_incr counts one event per clock (<..>_incrvalue: the amount, if incrwidth).",
            "//   array element i: bits [W*i +: W] of the packed port (W = per-element width).",
            "//",
            "//   port                           dir  W (xN elements)  field: description",
        ]
        L += self.port_doc
        L += ["", "`default_nettype none", "", f"module {self.module} #("]
        L += params
        L += [") (",
              "    input  wire                    clk,",
              "    input  wire                    rst,",
              "",
              "    // address bits 1:0 are not decoded (32-bit registers)",
              "    /* verilator lint_off UNUSEDSIGNAL */",
              "    input  wire [ADDR_WIDTH-1:0]   s_axil_awaddr,",
              "    /* verilator lint_on UNUSEDSIGNAL */",
              "    input  wire                    s_axil_awvalid,",
              "    output wire                    s_axil_awready,",
              "    input  wire [31:0]             s_axil_wdata,",
              "    input  wire [3:0]              s_axil_wstrb,",
              "    input  wire                    s_axil_wvalid,",
              "    output wire                    s_axil_wready,",
              "    output wire [1:0]              s_axil_bresp,",
              "    output wire                    s_axil_bvalid,",
              "    input  wire                    s_axil_bready,",
              "    /* verilator lint_off UNUSEDSIGNAL */",
              "    input  wire [ADDR_WIDTH-1:0]   s_axil_araddr,",
              "    /* verilator lint_on UNUSEDSIGNAL */",
              "    input  wire                    s_axil_arvalid,",
              "    output wire                    s_axil_arready,",
              "    output wire [31:0]             s_axil_rdata,",
              "    output wire [1:0]              s_axil_rresp,",
              "    output wire                    s_axil_rvalid,",
              "    input  wire                    s_axil_rready,",
              ""]
        L += [p + "," for p in self.ports[:-1]] + [self.ports[-1]]
        L += [");", "", "generate"] + checks + ["endgenerate", ""]
        L += [
            "// ------------------------------------------------------------------ AXI4-Lite",
            "reg awready_q, bvalid_q, arready_q, rvalid_q;",
            "reg [31:0] rdata_q;",
            "reg [31:0] rd_mux;",
            "",
            "// a write (read) starts in the clock its request is seen; the handshake and the",
            "// response follow one clock later",
            "wire wr_go = s_axil_awvalid && s_axil_wvalid && !awready_q && (!bvalid_q || s_axil_bready);",
            "wire rd_go = s_axil_arvalid && !arready_q && (!rvalid_q || s_axil_rready);",
            "wire [ADDR_WIDTH-3:0] wr_word = s_axil_awaddr[ADDR_WIDTH-1:2];",
            "wire [ADDR_WIDTH-3:0] rd_word = s_axil_araddr[ADDR_WIDTH-1:2];",
            "wire [31:0] wmask = {{8{s_axil_wstrb[3]}}, {8{s_axil_wstrb[2]}}, {8{s_axil_wstrb[1]}}, {8{s_axil_wstrb[0]}}};",
            "",
            "always @(posedge clk) begin",
            "    awready_q <= wr_go;",
            "    if (wr_go) bvalid_q <= 1'b1;",
            "    else if (s_axil_bready) bvalid_q <= 1'b0;",
            "    arready_q <= rd_go;",
            "    if (rd_go) begin",
            "        rvalid_q <= 1'b1;",
            "        rdata_q <= rd_mux;",
            "    end else if (s_axil_rready) begin",
            "        rvalid_q <= 1'b0;",
            "    end",
            "    if (rst) begin",
            "        awready_q <= 1'b0;",
            "        bvalid_q <= 1'b0;",
            "        arready_q <= 1'b0;",
            "        rvalid_q <= 1'b0;",
            "    end",
            "end",
            "",
            "assign s_axil_awready = awready_q;",
            "assign s_axil_wready = awready_q;",
            "assign s_axil_bresp = 2'b00;",
            "assign s_axil_bvalid = bvalid_q;",
            "assign s_axil_arready = arready_q;",
            "assign s_axil_rdata = rdata_q;",
            "assign s_axil_rresp = 2'b00;",
            "assign s_axil_rvalid = rvalid_q;",
            "",
            "// ------------------------------------------------------------------ registers",
            "// per register: A<k> word address of word k, wh<k> written now, rh<k> addressed by the",
            "// read now, q_<field> stored value, nx_<field> its next value, rv the software view",
        ]
        L += self.decl_rd
        L += [f"wire {w};   // {p.split('.', 1)[1]}, referenced by other fields" for p, w in self.refs.items()]
        L += ["", "genvar g;", "generate"] + self.body + ["endgenerate", ""]
        L += ["// read data: the OR of every register's term (zero unless addressed)",
              "integer i;",
              "always @* begin",
              "    rd_mux = 32'd0;"] + rd_or + ["end", "", "endmodule", "", "`default_nettype wire", ""]
        return "\n".join(L)


def render(top: AddrmapNode, module: str, array_params: dict[str, str] | None = None,
           addr_width: int | None = None) -> str:
    """The Verilog text of the register block of ``top``."""
    return _Emitter(top, module, array_params or {}, addr_width).render()


def export(top: AddrmapNode, path, module: str, array_params: dict[str, str] | None = None,
           addr_width: int | None = None) -> None:
    with open(path, "w") as fh:
        fh.write(render(top, module, array_params, addr_width))
