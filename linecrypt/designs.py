# SPDX-License-Identifier: Apache-2.0
"""One registry of RTL cores and synthesis design points.

``TOPS`` names the IP unit (``ip/<name>/<name>.core``) whose file list builds each top module, so
simulation, the CLI's RTL back end and the synthesis flow all build the same thing. ``DESIGNS`` names every design
point `linecrypt synth` knows, with the parameters and the bits each clock carries.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path

from linecrypt.ipcores import ip_files

# Each simulated or synthesized top module and the IP unit (ip/<name>/<name>.core) whose file
# list, with its dependencies, builds it.
TOPS: dict[str, str] = {
    "aes_core": "aes",
    "aes_round": "aes",            # one pipelined round with its key memory (building block)
    "serpent_core": "serpent",
    "des_core": "des",
    "idea_core": "idea",
    "idea_mul": "idea",            # the multiplier modulo 2^16 + 1 alone (one MULT18X18D)
    "ghash_mul": "gcm",            # GF(2^128) multiplier (building block)
    "ghash_nway": "gcm",           # N-lane GHASH accumulator (building block of GCM)
    "ghash_hpow": "gcm",           # H^1..H^N table from H (one multiplier iterated)
    "cbc_encrypt_interleave": "modes",   # around des_core (CORE=0) or aes_core (CORE=1)
    "lc_fifo": "common",
    "lc_credit_fifo": "common",
    "ocb3_offset_gen": "ocb",     # OCB3 key table + N-lane offsets (building block)
    "ocb3_ltable": "ocb",
    "ocb3_nonce": "ocb",          # nonce -> Offset_0 with the per-slot Ktop cache (building block)
    "cipher_lanes": "aead",       # N lanes of aes_core / serpent_core in lock step, one key expansion
    "aead_ingress": "aead",       # descriptor checks and message parts of the AE engines
    "aead_hold": "aead",          # release-hold buffer (decryption releases only verified data)
    "gcm_engine": "gcm",          # GCM engine: messages in, ciphertext/plaintext + tag out
    "ocb3_engine": "ocb",         # OCB3 engine (one direction per build)
    # the link encryptor (ip/link/doc/architecture.md): its two halves, their blocks, registers
    "link_tx": "link",
    "link_rx": "link",
    "link_ingress": "link",
    "link_tx_sched": "link",
    "link_tx_framer": "link",
    "link_lane_tx": "link",
    "link_lane_rx": "link",
    "link_rx_deframer": "link",
    "link_rx_reasm": "link",
    "link_egress": "link",
    "link_regs": "link",
    "keccak_p1600": "keccak",     # Keccak-p[1600, nr], full-width datapath, RPC rounds per clock
    "keccak_p1600_pipe": "keccak",   # Keccak-p[1600, nr], ring of STAGES rounds, STAGES states interleaved
    "keccak_p1600_mux": "keccak",    # one keccak_p1600 shared by N clients (sponge, Keyak engine, PRNG)
    "keccak_sponge": "keccak",    # sponge with hardware padding: SHA-3, SHAKE, Keccak-256
    "rijndael_iter": "aesmp",     # iterative Rijndael, Nb = 4 or 8, on-the-fly key expansion
    "aes_hash": "aesmp",          # AES-Hash (Davies-Meyer over Rijndael-256), padding in hardware
    "aes_cmac": "aesmp",          # AES-CMAC (SP 800-38B), subkeys in hardware
    "sha256_compress": "aesmp",   # SHA-256 compression, one round per clock (Fortuna's reseed)
    "fortuna_gen": "aesmp",       # Fortuna generator: AES-256 counter mode, rekey, SHA-256 reseed
    "aes_gcm_iter": "aesmp",      # AES-GCM one block at a time, lengths counted as the parts stream
    "lwc_keccak": "lwc",          # LWC-style PDI/SDI/DO front end of the Keccak engine
    "lwc_aes": "lwc",             # LWC-style PDI/SDI/DO front end of the AES engine
    "keyak_engine": "keccak",     # Lake Keyak v2 AEAD (Motorist, one Piston), padding and framing in hardware
    "keccak_p1600_lite": "keccak",   # Keccak-p[1600, nr], lane-serial, state in a memory
    "keccak_sponge_lite": "keccak",  # the sponge around keccak_p1600_lite (same ports as keccak_sponge)
}


def sources_for(top: str) -> list[Path]:
    return ip_files(TOPS[top])


PLACERS = ("heap", "static")    # nextpnr-ecp5 --placer choices (heap is nextpnr's default)
ROUTERS = ("router1", "router2")  # nextpnr-ecp5 --router choices (router1 is nextpnr's default)


@dataclass(frozen=True)
class Design:
    name: str
    top: str
    params: dict = field(default_factory=dict)
    bits_per_cycle: int = 128
    description: str = ""
    block_bits: int = 128
    key_bits: int = 128
    cipher: str = "aes"          # reference-oracle name (linecrypt.oracles.blockciphers)
    # a building block (one round, one multiplier) measured for its Fmax and area only: it does
    # not process blocks on its own, so the results table shows no Gbit/s for it
    building_block: bool = False
    # nextpnr-ecp5 placer this point is measured with (`linecrypt synth --placer` overrides):
    # "heap" (nextpnr's default) or "static" (electrostatic). Points switch to "static" when a
    # seed sweep shows it better (docs/results/experiments/placer-static.json); the results tables
    # name the placer of every row.
    placer: str = "heap"
    # nextpnr-ecp5 router: "router1" (nextpnr's default; the single cores route faster with it)
    # or "router2", which the OCB3 engines, the link halves and the LWC engines use: at 40-60k
    # LUT4 of mode logic router1 stops converging (docs/results/experiments/ocb-serpent128-enc-2lane-router2.json).
    # The GCM engines keep router1: router2 diverges on them (experiments/gcm-serpent128-1lane-router2.json)
    router: str = "router1"

    def __post_init__(self):
        if self.placer not in PLACERS:
            raise ValueError(f"{self.name}: placer must be one of {PLACERS}, not {self.placer!r}")
        if self.router not in ROUTERS:
            raise ValueError(f"{self.name}: router must be one of {ROUTERS}, not {self.router!r}")

    @property
    def sources(self) -> list[Path]:
        return sources_for(self.top)

    @property
    def harness_params(self) -> dict:
        # the Verilator harness (CLI rtl back end, bench, demo) simulates exactly the parameters
        # synthesis sets (tests/cli/test_rtl_harness.py holds the two equal)
        return dict(self.params)


def _aes_points() -> list[Design]:
    out = []
    for kb, dec, st in itertools.product((128, 192, 256), (0, 1), (1, 2, 3)):
        name = f"aes{kb}-{'dec' if dec else 'enc'}-s{st}"
        out.append(Design(name, "aes_core",
                          {"KEY_BITS": kb, "DECRYPT": dec, "STAGES": st, "NSLOTS": 4, "USER_WIDTH": 8},
                          128, f"AES-{kb} {'decrypt' if dec else 'encrypt'}, {st} stage(s)/round, 4 key slots",
                          128, kb))
    for dec in (0, 1):
        name = f"aes128ekx-{'dec' if dec else 'enc'}-s2"
        out.append(Design(name, "aes_core",
                          {"KEY_BITS": 128, "DECRYPT": dec, "STAGES": 2, "NSLOTS": 4, "USER_WIDTH": 8,
                           "ENHANCED_KX": 1},
                          128, f"AES-128 with seed-002 enhanced key expansion (non-standard), "
                               f"{'decrypt' if dec else 'encrypt'}, 2 stages/round", 128, 128, "aes-ekx"))
    # LINK_REG: a transport register between rounds and two before the output FIFO (no logic on
    # the hop from one round to the next or to the FIFO); one more clock per round and two at the
    # output, same function and block rate. OUT_BRAM: the output FIFO in block RAM (4 DP16KD),
    # which no other part of the core competes for (the distributed RAM holds the round keys).
    for st in (2, 3):
        out.append(Design(f"aes128-enc-s{st}-link", "aes_core",
                          {"KEY_BITS": 128, "DECRYPT": 0, "STAGES": st, "NSLOTS": 4, "USER_WIDTH": 8,
                           "LINK_REG": 1, "OUT_BRAM": 1},
                          128, f"AES-128 encrypt, {st} stages/round + transport registers between "
                               "rounds and before the output FIFO (block RAM), 4 key slots", 128, 128))
    # MIX_REG on top: a register between the MixColumns halves (one LUT level each side), so
    # every stage of a middle round is one LUT4 level or one S-box (sub-)table
    for st in (2, 3):
        out.append(Design(f"aes128-enc-s{st}-mix-link", "aes_core",
                          {"KEY_BITS": 128, "DECRYPT": 0, "STAGES": st, "NSLOTS": 4, "USER_WIDTH": 8,
                           "LINK_REG": 1, "MIX_REG": 1, "OUT_BRAM": 1},
                          128, f"AES-128 encrypt, {st} stages/round + MixColumns split by a register "
                               "+ transport registers, output FIFO in block RAM, 4 key slots", 128, 128))
    # A one-stage round on its own has no register-to-register path (its inputs are ports), so
    # nextpnr reports no Fmax; the one-stage round is measured inside the aes*-s1 cores.
    for dec, st in ((0, 2), (0, 3), (1, 2), (1, 3)):
        name = f"aes-round-{'dec' if dec else 'enc'}-s{st}"
        out.append(Design(name, "aes_round",
                          {"KIND": 1, "DECRYPT": dec, "STAGES": st, "NSLOTS": 4, "META_W": 9},
                          128, f"one AES {'decrypt' if dec else 'encrypt'} middle round, {st} stage(s), "
                               "4-slot key memory (building block of the cores)", building_block=True))
    return out


def _serpent_points() -> list[Design]:
    out = []
    for kb, dec, st in itertools.product((128, 192, 256), (0, 1), (1, 2)):
        name = f"serpent{kb}-{'dec' if dec else 'enc'}-s{st}"
        # the target point and its two-stage companion keep the output FIFO in block RAM
        # (4 DP16KD instead of ~550 LUT4 of distributed RAM and bank logic)
        bram = int((kb, dec) == (128, 0))
        out.append(Design(name, "serpent_core",
                          {"KEY_BITS": kb, "DECRYPT": dec, "STAGES": st, "NSLOTS": 4, "USER_WIDTH": 8,
                           **({"OUT_BRAM": 1} if bram else {})},
                          128, f"Serpent-{kb} {'decrypt' if dec else 'encrypt'}, {st} stage(s)/round, "
                               "4 key slots" + (", output FIFO in block RAM" if bram else ""),
                          block_bits=128, key_bits=kb, cipher="serpent",
                          # the electrostatic placer for the Serpent-128 encrypt points: one
                          # stage 241.0 / 234.4 / 239.7 MHz against heap's 222.1 / 212.0 / 225.1
                          # on the same netlist (seeds 1-3), two stages median 268.7 against 242.4
                          # (docs/results/experiments/placer-static.json)
                          placer="static" if (kb, dec) == (128, 0) else "heap"))
    return out


def _des_points() -> list[Design]:
    out = []
    for triple, dec in itertools.product((0, 1), (0, 1)):
        name = f"{'3des' if triple else 'des'}-{'dec' if dec else 'enc'}"
        out.append(Design(name, "des_core",
                          {"TRIPLE": triple, "DECRYPT": dec, "STAGES": 1, "NSLOTS": 4, "USER_WIDTH": 8},
                          64, f"{'3DES (TDEA EDE, 48 rounds)' if triple else 'DES (16 rounds)'} "
                              f"{'decrypt' if dec else 'encrypt'}, 1 stage/round, 4 key slots",
                          64, 192 if triple else 64, "3des" if triple else "des"))
    # CBC encryption: streams interleaved through one pipeline; 64 bits/cycle once at least
    # LATENCY + 5 streams (22 for DES, 54 for 3DES) are in flight, 64/(LATENCY+5) for one stream.
    for triple, streams in ((0, 32), (1, 64)):
        name = f"{'3des' if triple else 'des'}-cbc-enc-x{streams}"
        out.append(Design(name, "cbc_encrypt_interleave",
                          {"CORE": 0, "TRIPLE": triple, "KEY_BITS": 192 if triple else 64, "STAGES": 1,
                           "NSLOTS": 4, "NSTREAMS": streams, "USER_WIDTH": 8},
                          64, f"{'3DES' if triple else 'DES'} CBC encryption, {streams} interleaved streams "
                              "(64 bits/cycle with >= LATENCY+5 streams in flight)",
                          64, 192 if triple else 64, "3des" if triple else "des"))
    return out


def _idea_points() -> list[Design]:
    out = []
    for dec in (0, 1):
        name = f"idea-{'dec' if dec else 'enc'}"
        out.append(Design(name, "idea_core",
                          {"DECRYPT": dec, "NSLOTS": 4, "USER_WIDTH": 8, "MUL_PIPE": 3},
                          64, f"IDEA {'decrypt (decryption subkeys computed in hardware)' if dec else 'encrypt'}, "
                              "8 rounds + output transformation unrolled, 3-stage multipliers, 4 key slots",
                          block_bits=64, key_bits=128, cipher="idea"))
    out.append(Design("idea-mul", "idea_mul", {"PIPE": 3}, 64,
                      "one IDEA multiplier modulo 2^16+1 (low-high, 3 stages, one MULT18X18D): "
                      "building block of the cores",
                      block_bits=64, key_bits=128, cipher="idea", building_block=True))
    return out


def _brick_points() -> list[Design]:
    # the output side every core shares, alone: what it reaches without a pipeline around it
    return [Design("credit-fifo", "lc_credit_fifo", {"WIDTH": 137, "LATENCY": 41}, 128,
                   "output FIFO + credit counter of aes128-enc-s3-link (128 data + 9 sideband bits, "
                   "LATENCY 41, 64 entries): building block of every core", building_block=True),
            Design("credit-fifo-bram", "lc_credit_fifo", {"WIDTH": 137, "LATENCY": 41, "BRAM": 1}, 128,
                   "the same with the deep FIFO in block RAM (4 DP16KD with output registers, "
                   "8-entry output stage)", building_block=True)]


def _keccak_points() -> list[Design]:
    # Keccak (ip/keccak): the permutation at 1 and 2 rounds per clock and the sponge around the
    # 1-round permutation; building blocks of the hash/MAC/AEAD engine (their throughput per mode
    # is rate / (nr / RPC) bits per clock: ip/keccak/doc/README.md)
    out = [Design(f"keccak-p1600-r{r}", "keccak_p1600", {"RPC": r}, 1600,
                  f"Keccak-p[1600, nr] permutation, {r} round(s) per clock, full 1600-bit datapath",
                  building_block=True) for r in (1, 2)]
    # the interleaving ring (keccak_p1600_pipe): STAGES states in flight, one round each per clock.
    # bits_per_cycle is the aggregate for Keccak-f[1600] with STAGES states interleaved: STAGES
    # permutations of 1600 bits every 24 clocks (test_back_to_back_rate measures nr / STAGES
    # clocks per state); one state alone gets 1600 / 24
    out += [Design(f"keccak-p1600-pipe{s}", "keccak_p1600_pipe", {"STAGES": s, "ID_W": 4},
                   round(1600 * s / 24, 3),
                   f"Keccak-p[1600, nr] permutation, ring of {s} one-round stages, {s} states "
                   f"interleaved; bits/clk = aggregate Keccak-f[1600] with {s} states in flight "
                   f"(1600 x {s} / 24)", building_block=True) for s in (2, 4)]
    out.append(Design("keccak-sponge-r1", "keccak_sponge", {"RPC": 1}, 64,
                      "Keccak sponge with hardware padding (SHA-3, SHAKE, Keccak-256), 64-bit beats, "
                      "1 round per clock", building_block=True))
    # the Keccak engine behind the LWC-style command protocol (ip/lwc): hash, SHAKE, Keccak-MAC,
    # Lake Keyak ENC/DEC (KEYAK = 1, the default), the keccak-duplex PRNG (PRNG = 1, the default)
    out += [Design(f"lwc-keccak-w{w}", "lwc_keccak", {"W": w, "RPC": 1}, w,
                   f"Keccak engine with the LWC-style PDI/SDI/DO front end, {w}-bit ports, "
                   "1 round per clock (SHA-3, SHAKE, Keccak-256, Keccak-MAC, Lake Keyak, "
                   "keccak-duplex PRNG)", building_block=True, router="router2")
            for w in (32, 128)]
    # Lake Keyak v2 engine: a long message crypts 168 bytes per 21 + 12 / RPC clocks, 1344 / 33 =
    # 40.7 bits per clock at RPC = 1 (the formula with the AD and per-message terms is in
    # ip/keccak/doc/README.md, test_rate checks it). No block-stream harness (the command and
    # four streams are its own), hence a building block for the CLI harness like the sponge.
    out.append(Design("keyak-lake-r1", "keyak_engine", {"RPC": 1}, 1344 // (21 + 12),
                      "Lake Keyak v2 AEAD engine (Motorist, one Piston), sessions, padding and "
                      "framing in hardware, 64-bit beats, 1 round per clock", block_bits=1344,
                      key_bits=128, building_block=True))
    # the low-area pair (ip/keccak/doc/README.md, "Low-area variant"): lane-serial, state in block
    # RAM. bits_per_cycle is SHA3-256's: 1088 rate bits per block of rate_w + 39 + 65 nr clocks
    # (17 lanes in, then the permutation: 1 + 37 scan + 24 rounds of 65 + 1), 1088 / 1616
    lite_bpc = round(1088 / (17 + 39 + 65 * 24), 3)
    out.append(Design("keccak-p1600-lite", "keccak_p1600_lite", {"MEM_BRAM": 1, "WREG": 1}, lite_bpc,
                      "Keccak-p[1600, nr] permutation, lane-serial 64-bit datapath, state in block RAM "
                      "(39 + 65 nr clocks per permutation)", building_block=True))
    out.append(Design("keccak-sponge-lite", "keccak_sponge_lite", {"MEM_BRAM": 1, "WREG": 1}, lite_bpc,
                      "Keccak sponge with hardware padding (SHA-3, SHAKE, Keccak-256) around "
                      "keccak_p1600_lite, ports of keccak_sponge", building_block=True))
    return out


def _aesmp_points() -> list[Design]:
    # The multi-purpose AES engine's datapath (ip/aesmp): one round per clock. Rates are the
    # long-message figures of ip/aesmp/doc/README.md, which the benches' rate tests check:
    # rijndael_iter Nr + 2 clocks per block, aes_hash 17 clocks per 256-bit block (Nr = 14, + 3),
    # aes_cmac Nr + 3 clocks per 128-bit block (AES-128: Nr = 10), fortuna_gen 16 clocks per
    # 128-bit output block (AES-256).
    return [
        Design("rijndael256-iter", "rijndael_iter", {"NB8": 1}, 256 / (14 + 2),
               "iterative Rijndael encryptor, Nb = 4 or 8 (Rijndael-256 rate shown), Nk = 4/6/8, "
               "on-the-fly key expansion, 1 round per clock", 256, 256, building_block=True),
        Design("aes128-iter", "rijndael_iter", {"NB8": 0}, 128 / (10 + 2),
               "iterative AES-128/192/256 encryptor (AES-128 rate shown), on-the-fly key expansion, "
               "1 round per clock", 128, 128, building_block=True),
        Design("aes-hash-iter", "aes_hash", {}, 256 / (14 + 3),
               "AES-Hash (Davies-Meyer over Rijndael-256) with hardware padding, 64-bit beats, "
               "1 round per clock", 256, 256, building_block=True),
        Design("aes-cmac128-iter", "aes_cmac", {}, 128 / (10 + 3),
               "AES-CMAC (SP 800-38B), subkeys in hardware, 128/192/256-bit keys (AES-128 rate "
               "shown), 64-bit beats, 1 round per clock", 128, 128, building_block=True),
        Design("fortuna-gen-iter", "fortuna_gen", {}, 128 / (14 + 2),
               "Fortuna generator: AES-256 counter mode with rekey, SHA-256 reseed (one round "
               "per clock each), 64-bit beats", 128, 256, building_block=True),
    ] + [
        # the AES engine behind the LWC-style command protocol (ip/lwc): AES-Hash, AES-CMAC,
        # Fortuna, AES-GCM (GCM = 1, the default buffers); the rate shown is AES-Hash's
        Design(f"lwc-aes-w{w}", "lwc_aes", {"W": w}, 256 / (14 + 3),
               f"AES engine with the LWC-style PDI/SDI/DO front end, {w}-bit ports, 1 round per "
               "clock (AES-Hash, AES-CMAC, Fortuna, AES-GCM)", 256, 256, building_block=True,
               router="router2")
        for w in (32, 128)]


def _ocb_points() -> list[Design]:
    # OCB3 datapath bricks (ip/ocb): the offsets of N lanes (N blocks per clock) with their key
    # table, and the nonce unit; measured for area and Fmax, the engine around them comes later
    out = [Design(f"ocb3-offsets-{n}lane", "ocb3_offset_gen",
                  {"N": n, "NSLOTS": 4, "LMAX": 16, "USER_W": 8}, 128 * n,
                  f"OCB3 key table (L_*, L_$, L_0..L_16, 4 slots) + {n} block offset(s) per clock "
                  "(building block of the OCB engine)", building_block=True)
           for n in (1, 2, 4)]
    out.append(Design("ocb3-nonce", "ocb3_nonce", {"NSLOTS": 4, "DEPTH": 16, "USER_W": 8}, 128,
                      "OCB3 nonce -> Offset_0 (formatting, per-slot Ktop cache, Stretch shift), "
                      "4 slots, 16 pending (building block of the OCB engine)", building_block=True))
    return out


def _gcm_points() -> list[Design]:
    # IN_REG=1: the operands registered first, so every stage of the multiplier lies between two
    # flops (out of context, paths from input ports are not timed)
    out = []
    for impl, tag, what in ((0, "school", "schoolbook AND-XOR array"),
                            (1, "kara1", "one Karatsuba level (3 x 64-bit arrays)"),
                            (2, "kara2", "two Karatsuba levels (9 x 32-bit arrays)")):
        out.append(Design(f"ghash-mul-{tag}-p2", "ghash_mul", {"IMPL": impl, "PIPE": 2, "IN_REG": 1}, 128,
                          f"GF(2^128) multiplier, {what}, 2 register stages + input register "
                          "(building block of GHASH)", building_block=True))
    for lanes in (1, 4):
        # two Karatsuba levels: a third fewer LUT4 than the schoolbook array and far easier to
        # route (docs/results/ghash-mul-kara2-p2.json against ghash-mul-school-p2.json)
        out.append(Design(f"ghash-{lanes}way", "ghash_nway", {"LANES": lanes, "IMPL": 2, "PIPE": 1},
                          128 * lanes, f"GHASH over {lanes} block(s) per clock, two-level Karatsuba multipliers, "
                          "one-clock feedback multiplier, lanes 1 stage + lane sum register "
                          "(building block of GCM)", building_block=True))
    return out



def _lane_points() -> list[Design]:
    # cipher_lanes (ip/aead): N lanes in lock step with one key expansion and two key slots, the
    # cipher-only rows of the engines' table; each lane tuned as the fastest single core
    # (serpent128-enc-s1, aes128-enc-s2-link)
    out = []
    for lanes in (2, 4):
        out.append(Design(f"lanes-serpent128-enc-{lanes}lane", "cipher_lanes",
                          {"CIPHER": 1, "KEY_BITS": 128, "DECRYPT": 0, "LANES": lanes, "NSLOTS": 2,
                           "USER_WIDTH": 8, "STAGES": 1, "OUT_BRAM": 1}, 128 * lanes,
                          f"{lanes} Serpent-128 encrypt lanes, one key expansion, 2 slots "
                          "(cipher only)", 128, 128, "serpent", placer="static"))
        out.append(Design(f"lanes-aes128-enc-{lanes}lane", "cipher_lanes",
                          {"CIPHER": 0, "KEY_BITS": 128, "DECRYPT": 0, "LANES": lanes, "NSLOTS": 2,
                           "USER_WIDTH": 8, "STAGES": 2, "LINK_REG": 1, "OUT_BRAM": 1},
                          128 * lanes, f"{lanes} AES-128 encrypt lanes, one key expansion, 2 slots "
                          "(cipher only)", 128, 128, "aes", router="router2"))
    return out

# The authenticated-encryption engines (docs/aead-interface.md): parameters every point shares.
# Two key slots (the current key and the next); MAX_MSG is the largest AD and message, in bytes.
AEAD_NSLOTS = 2
AEAD_ID_W = 8
AEAD_MAX_MSG = 1 << 20
AEAD_CIPHERS = {"aes": 0, "serpent": 1}      # the engines' CIPHER parameter
AEAD_SBOX_DP16KD = 160                       # block RAMs the AES S-boxes of an engine may take


def aead_point(mode: str, cipher: str, key_bits: int, lanes: int, decrypt: bool = False,
               hold: int = 0) -> Design:
    """The engine design point ``gcm-<cipher><key_bits>-<N>lane`` or
    ``ocb-<cipher><key_bits>-<enc|dec>-<N>lane`` (``-hold`` with HOLD = 1). GCM does both
    directions in one engine; an OCB engine is built for one (DECRYPT)."""
    params = {"CIPHER": AEAD_CIPHERS[cipher], "KEY_BITS": key_bits, "LANES": lanes}
    if mode == "gcm":
        name, top, what = f"gcm-{cipher}{key_bits}-{lanes}lane", "gcm_engine", "GCM encrypt + decrypt"
    elif mode == "ocb":
        d = "dec" if decrypt else "enc"
        name, top = f"ocb-{cipher}{key_bits}-{d}-{lanes}lane", "ocb3_engine"
        what = f"OCB3 {'decrypt' if decrypt else 'encrypt'}"
        params["DECRYPT"] = int(decrypt)
    else:
        raise ValueError(f"unknown engine mode {mode!r}")
    params.update({"NSLOTS": AEAD_NSLOTS, "ID_W": AEAD_ID_W, "HOLD": hold, "MAX_MSG": AEAD_MAX_MSG})
    # GCM over AES with two lanes or more: the round S-boxes in block RAM while they fit the 85F's
    # 208 DP16KD (8 per round per lane); two LUT-S-box AES lanes with GHASH do not route
    # (docs/results/experiments/gcm-aes128-2lane-route.json). One lane keeps LUT S-boxes: it fits
    # easily, and with its 80 S-box RAMs the router did not converge even at 24 % of the slices
    # (docs/results/experiments/gcm-aes128-1lane-sbox-bram-route.json)
    sbox_bram = (mode == "gcm" and cipher == "aes" and lanes >= 2
                 and 8 * (key_bits // 32 + 6) * lanes <= AEAD_SBOX_DP16KD)
    if sbox_bram:
        params.update({"SBOX_COPIES": 1, "SBOX_BRAM": 1})
    cname = {"aes": "AES", "serpent": "Serpent"}[cipher]
    return Design(name + ("-hold" if hold else ""), top, params, 128 * lanes,
                  f"{what} engine, {cname}-{key_bits}, {lanes} lane(s) ({128 * lanes} bits/clock), "
                  f"{AEAD_NSLOTS} key slots, messages up to {AEAD_MAX_MSG} bytes"
                  + (", S-boxes in block RAM" if sbox_bram else "")
                  + (", plaintext held until its tag is checked" if hold else ""),
                  128, key_bits, cipher, router="router1" if mode == "gcm" else "router2")


def _aead_points() -> list[Design]:
    return [aead_point(mode, cipher, 128, lanes, dec)
            for cipher in AEAD_CIPHERS for lanes in (1, 2, 4)
            for mode, dec in (("gcm", False), ("ocb", False), ("ocb", True))]


# The link encryptor's halves (ip/link): N = 10 client channels, K = 256 words per data frame,
# AES-128-GCM. The framer and the deframer build their engine with 4 lanes (one 512-bit line word
# per clock): K line words of every K + 2 clocks carry a data frame, 64K - 48 of its 64K bytes
# payload. Two key slots (the current key and the next); client buffers of 4 KiB per channel and
# direction (two standard Ethernet frames of up to MAX_FRAME = 2048 bytes; the egress needs
# EGRESS_BYTES >= 2 * MAX_FRAME) and a 16-word deframer input FIFO, the smallest memories that
# keep the link's function. docs/results/experiments/link-gcm-aes128-fit.json has what each
# part takes in Yosys and why neither half fits one ECP5-85F.
LINK_COMMON = {"N": 10, "K": 256, "MODE": 0, "CIPHER": 0, "KEY_BITS": 128, "NSLOTS": 2,
               "MAX_FRAME": 2048}


def _link_points() -> list[Design]:
    what = ("N = 10 channels, K = 256, AES-128-GCM engine with 4 lanes, 2 key slots, "
            "4 KiB client buffers, frames up to 2048 bytes; 512 line bits per clock")
    return [Design("link-tx-gcm-aes128", "link_tx", {**LINK_COMMON, "FIFO_BYTES": 4096}, 512,
                   "link transmit half (ingress FIFOs, scheduler, framer): " + what, router="router2"),
            Design("link-rx-gcm-aes128", "link_rx", {**LINK_COMMON, "EGRESS_BYTES": 4096, "IN_FIFO": 16},
                   512, "link receive half (deframer, reassembler, egress FIFOs): " + what,
                   router="router2")]


# The lane, engine and link points that are registered: those with a committed synthesis result
# (every registered point has one). The others of _lane_points() / _aead_points() are simulated
# (the CLI, `linecrypt bench`), those of _link_points() by the link's benches (ip/link/tb), and
# each is measured when it is added here.
MEASURED_AEAD: tuple[str, ...] = (
    "lanes-serpent128-enc-4lane",
    "lanes-aes128-enc-2lane",
    "ocb-serpent128-enc-2lane",
    "ocb-aes128-enc-1lane",
    "gcm-aes128-1lane",
)


def _measured(points: list[Design]) -> list[Design]:
    return [d for d in points if d.name in MEASURED_AEAD]


DESIGNS: dict[str, Design] = {d.name: d for d in
                              _aes_points() + _serpent_points() + _des_points() + _idea_points()
                              + _brick_points() + _ocb_points() + _gcm_points() + _keccak_points()
                              + _aesmp_points()
                              + _measured(_lane_points() + _aead_points() + _link_points())}

# every lane, engine and link point, measured or not (`linecrypt synth` takes any of them,
# `bench` the lane and engine points)
AEAD_DESIGNS: dict[str, Design] = {d.name: d for d in _lane_points() + _aead_points() + _link_points()}


def aead_cli_design(cipher: str, key_bits: int, mode: str, decrypt: bool) -> Design:
    """The engine the CLI's `--backend rtl` runs a gcm/ocb message through: one lane (the
    fastest to build and simulate). The points of DESIGNS where they exist (128-bit keys), the
    same parameters unregistered for 192- and 256-bit keys (simulated, not synthesized)."""
    d = aead_point(mode, cipher, key_bits, 1, decrypt and mode == "ocb")
    return DESIGNS.get(d.name, d)


def known(name: str) -> bool:
    """A design point `linecrypt synth` / `bench` can build: registered, or a lane or engine
    point not measured yet."""
    return name in DESIGNS or name in AEAD_DESIGNS


def lookup(name: str) -> Design:
    return DESIGNS[name] if name in DESIGNS else AEAD_DESIGNS[name]
