# SPDX-License-Identifier: Apache-2.0
"""Timing diagrams captured from simulation: record chosen ports after every rising edge, then
write them as a WaveDrom source (the datasheets render it to SVG with
`python -m linecrypt.gen.datasheets`). Every edge in such a diagram is one the RTL produced.

A port is (name, kind, valid): kind "bit" (0/1), "flag" (a bit that means something only while
`valid` is high, else x), "data" (its value while `valid` is high, else x) or a list of labels
(the value indexes it). Long stretches where nothing changes are cut to a gap ("|")."""
from cocotb.triggers import ReadOnly, RisingEdge


async def record(dut, ports, cycles, until=None):
    """Rows of port values after each of ``cycles`` rising edges (stops early when
    ``until(row)`` is true, after that row)."""
    rows = []
    names = {p[0] for p in ports} | {p[2] for p in ports if p[2]}
    for _ in range(cycles):
        await RisingEdge(dut.clk)
        await ReadOnly()
        row = {n: int(getattr(dut, n).value) for n in names}
        rows.append(row)
        if until is not None and until(row):
            break
    return rows


def _cell(row, name, kind, valid):
    if kind == "bit":
        return str(row[name])
    if valid and not row[valid]:
        return "x"
    if kind == "flag":
        return str(row[name])
    if isinstance(kind, list):
        return kind[row[name]]
    return str(row[name])


def compress(rows, keep=2, longest=4):
    """Indices of the rows to draw: runs of more than ``longest`` identical rows keep their first
    and last ``keep``; a None marks the gap."""
    out, i = [], 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and rows[j + 1] == rows[i]:
            j += 1
        run = list(range(i, j + 1))
        out += run if len(run) <= longest else run[:keep] + [None] + run[-keep:]
        i = j + 1
    return out


def wavedrom(rows, ports, head, cut=True):
    """The WaveDrom source (a dict) of recorded rows."""
    order = compress(rows) if cut else list(range(len(rows)))
    sig = [{"name": "clk", "wave": "".join("|" if k is None else ("p" if n == 0 else ".")
                                           for n, k in enumerate(order))}]
    for name, kind, valid in ports:
        wave, data, prev = "", [], None
        for k in order:
            if k is None:
                wave += "|"
                continue
            cur = _cell(rows[k], name, kind, valid)
            simple = kind in ("bit", "flag") or cur == "x"
            if cur == prev and simple:
                wave += "."
            elif simple:
                wave += cur
            else:
                wave += "="
                data.append(cur)
            prev = cur
        sig.append({"name": name, "wave": wave, **({"data": data} if data else {})})
    return {"signal": sig, "head": {"text": head}}
