# SPDX-License-Identifier: Apache-2.0
"""Floorplan anchors for the deep AES round chain (experiment, not part of the flow).

nextpnr-ecp5 as shipped by yowasp has no Python (no --pre-place, so no region constraints); the
one placement constraint it reads from the netlist is a cell's BEL attribute. This script
locks the flops that feed each round's S-box sub-tables (the round-input register copies, 32 per
byte with SBOX_COPIES = 4) at fixed slices: rounds 1..10 on a snake of GX x GY blocks (BW x BH
tiles each), byte b of a round at cell (b % 4, b // 4) of a 4 x 4 grid inside its block. Every
other cell is left to the placer, which pulls each round's logic between its anchors.

usage: python3 anchor.py NETLIST_IN NETLIST_OUT GX,GY,BW,BH,X0,Y0
"""
import json
import re
import sys
from collections import defaultdict

EBR_ROWS = {10, 22, 34, 46, 58, 70, 82}          # LFE5U-85F rows without logic tiles
SBOX_CELL = re.compile(r"g_round\[(\d+)\]\.u_round\.g_sub\.g_byte\[(\d+)\]\..*\.u_lut\.")


def main(src: str, dst: str, grid: str) -> None:
    gx, _gy, bw, bh, x0, y0 = (int(v) for v in grid.split(","))
    d = json.load(open(src))
    top = next(k for k, v in d["modules"].items() if "top" in v.get("attributes", {}))
    cells = d["modules"][top]["cells"]
    ff_of_net = {c["connections"]["Q"][0]: n for n, c in cells.items() if c["type"] == "TRELLIS_FF"}
    # (round, byte) of the sub-table cells each flop feeds; the select LUT (u_s*) is fed by the
    # S-box's own f7/x7 registers, not by the round input, so it is skipped
    group = {}
    for n, c in cells.items():
        m = SBOX_CELL.match(n)
        if not m or ".u_lut.u_s" in n:
            continue
        for port, bits in c["connections"].items():
            if c["port_directions"][port] == "input":
                for b in bits:
                    if b in ff_of_net:
                        group.setdefault(ff_of_net[b], (int(m[1]), int(m[2])))
    flops = defaultdict(list)
    for ff, rb in group.items():
        flops[rb].append(ff)
    locked = 0
    for (r, b), ffs in sorted(flops.items()):
        row, col = divmod(r - 1, gx)
        if row % 2:
            col = gx - 1 - col
        cx = x0 + col * bw + (b % 4) * bw // 4 + bw // 8
        cy = y0 + row * bh + (b // 4) * bh // 4 + bh // 8
        slots = [f"X{cx + dx}/Y{cy + dy}/SLICE{s}.FF{f}"
                 for dy in range(8) if cy + dy not in EBR_ROWS
                 for dx in range(4) for s in "ABCD" for f in "01"]
        for ff, bel in zip(sorted(ffs), slots):
            cells[ff]["attributes"]["BEL"] = bel
            locked += 1
    json.dump(d, open(dst, "w"))
    print(f"anchored {locked} flops in {len(flops)} (round, byte) groups")


if __name__ == "__main__":
    main(*sys.argv[1:4])
