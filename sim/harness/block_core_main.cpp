// SPDX-License-Identifier: Apache-2.0
// Verilator harness for any LineCrypt block-cipher core (the ports of ip/aes/rtl/aes_core.v),
// driven by the Python host over stdin/stdout (linecrypt/host/rtl_device.py).
//
// Compile-time: BLOCK_BYTES, KEY_BYTES (-CFLAGS -D...), top class Vtop (verilator --prefix Vtop).
// Protocol (little-endian integers, big-endian crypto bytes as in the standards):
//   'K' u8 slot, KEY_BYTES key                -> 'k' u64 cycles
//   'B' u32 n, n x (u8 slot, BLOCK_BYTES)     -> 'b' u64 cycles, n x (u8 err, BLOCK_BYTES)
//   'M' u32 messages, u32 blocks_per_message  -> 'm' u64 total_cycles, u64 sum_msg_cycles,
//                                                u64 max_msg_cycles, u64 wall_ns
//       (bench: messages back to back, output always ready, slot changes every message;
//        message cycles = first block accepted .. last block delivered, inclusive)
//   'Q'                                       -> exit
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "Vtop.h"
#include "verilated.h"

#ifndef BLOCK_BYTES
#error "define BLOCK_BYTES"
#endif
#ifndef KEY_BYTES
#error "define KEY_BYTES"
#endif

// ---- packing big-endian byte strings into Verilator signals of any width
template <std::size_t N>
static void put(VlWide<N>& w, const uint8_t* b, int nbytes) {
    for (std::size_t i = 0; i < N; ++i) w[i] = 0;
    for (int k = 0; k < nbytes; ++k) {
        int pos = (nbytes - 1 - k) * 8;
        w[pos / 32] |= (uint32_t)b[k] << (pos % 32);
    }
}
static void put(QData& q, const uint8_t* b, int nbytes) {
    q = 0;
    for (int k = 0; k < nbytes; ++k) q = (q << 8) | b[k];
}
static void put(IData& q, const uint8_t* b, int nbytes) {
    q = 0;
    for (int k = 0; k < nbytes; ++k) q = (q << 8) | b[k];
}
template <std::size_t N>
static void get(const VlWide<N>& w, uint8_t* b, int nbytes) {
    for (int k = 0; k < nbytes; ++k) {
        int pos = (nbytes - 1 - k) * 8;
        b[k] = (uint8_t)(w[pos / 32] >> (pos % 32));
    }
}
static void get(QData q, uint8_t* b, int nbytes) {
    for (int k = nbytes - 1; k >= 0; --k, q >>= 8) b[k] = (uint8_t)q;
}
static void get(IData q, uint8_t* b, int nbytes) {
    for (int k = nbytes - 1; k >= 0; --k, q >>= 8) b[k] = (uint8_t)q;
}

static void rd(void* p, size_t n) {
    if (fread(p, 1, n, stdin) != n) std::exit(0);
}
static void wr(const void* p, size_t n) { fwrite(p, 1, n, stdout); }

struct Sim {
    std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    std::unique_ptr<Vtop> top;
    uint64_t cycle = 0;
    Sim() : top(new Vtop{ctx.get()}) {
        top->clk = 0;
        top->rst = 1;
        top->s_axis_tvalid = 0;
        top->s_key_tvalid = 0;
        top->m_axis_tready = 0;
        for (int i = 0; i < 4; ++i) tick();
        top->rst = 0;
        tick();
    }
    void settle() {
        top->clk = 0;
        top->eval();
    }
    void tick() {
        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();
        ++cycle;
    }
};

int main(int argc, char** argv) {
    Verilated::commandArgs(argc, argv);
    Sim s;
    auto* t = s.top.get();
    std::vector<uint8_t> buf;
    for (;;) {
        uint8_t cmd;
        rd(&cmd, 1);
        if (cmd == 'Q') break;
        if (cmd == 'K') {
            uint8_t slot, key[KEY_BYTES];
            rd(&slot, 1);
            rd(key, KEY_BYTES);
            uint64_t c0 = s.cycle;
            put(t->s_key_tdata, key, KEY_BYTES);
            t->s_key_slot = slot;
            t->s_key_tvalid = 1;
            for (;;) {
                s.settle();
                bool fire = t->s_key_tready;
                s.tick();
                if (fire) break;
            }
            t->s_key_tvalid = 0;
            while (!((t->slot_valid >> slot) & 1)) s.tick();
            uint64_t dc = s.cycle - c0;
            wr("k", 1);
            wr(&dc, 8);
        } else if (cmd == 'B') {
            uint32_t n;
            rd(&n, 4);
            buf.resize((size_t)n * (1 + BLOCK_BYTES));
            rd(buf.data(), buf.size());
            std::vector<uint8_t> out((size_t)n * (1 + BLOCK_BYTES));
            uint32_t in_i = 0, out_i = 0;
            uint64_t c0 = s.cycle;
            t->m_axis_tready = 1;
            while (out_i < n) {
                if (in_i < n) {
                    const uint8_t* r = &buf[(size_t)in_i * (1 + BLOCK_BYTES)];
                    t->s_axis_tslot = r[0];
                    put(t->s_axis_tdata, r + 1, BLOCK_BYTES);
                    t->s_axis_tuser = 0;
                    t->s_axis_tvalid = 1;
                } else {
                    t->s_axis_tvalid = 0;
                }
                s.settle();
                bool in_fire = t->s_axis_tvalid && t->s_axis_tready;
                if (t->m_axis_tvalid) {
                    uint8_t* o = &out[(size_t)out_i * (1 + BLOCK_BYTES)];
                    o[0] = t->m_axis_terr;
                    get(t->m_axis_tdata, o + 1, BLOCK_BYTES);
                    ++out_i;
                }
                s.tick();
                if (in_fire) ++in_i;
                if (s.cycle - c0 > 1000000ull + 64ull * n) {
                    fprintf(stderr, "harness: core stopped delivering (%u of %u)\n", out_i, n);
                    return 3;
                }
            }
            t->s_axis_tvalid = 0;
            t->m_axis_tready = 0;
            uint64_t dc = s.cycle - c0;
            wr("b", 1);
            wr(&dc, 8);
            wr(out.data(), out.size());
        } else if (cmd == 'M') {
            uint32_t msgs, bpm;
            rd(&msgs, 4);
            rd(&bpm, 4);
            uint64_t total = (uint64_t)msgs * bpm;
            std::vector<uint64_t> first_in(msgs), last_out(msgs);
            uint64_t in_i = 0, out_i = 0, c0 = 0;
            uint8_t blk[BLOCK_BYTES];
            for (int k = 0; k < BLOCK_BYTES; ++k) blk[k] = (uint8_t)(k * 37 + 1);
            t->m_axis_tready = 1;
            auto w0 = std::chrono::steady_clock::now();
            while (out_i < total) {
                if (in_i < total) {
                    blk[0] = (uint8_t)in_i;
                    blk[1] = (uint8_t)(in_i >> 8);
                    put(t->s_axis_tdata, blk, BLOCK_BYTES);
                    t->s_axis_tslot = (uint32_t)((in_i / bpm) & 1);  // slot changes every message
                    t->s_axis_tvalid = 1;
                } else {
                    t->s_axis_tvalid = 0;
                }
                s.settle();
                bool in_fire = t->s_axis_tvalid && t->s_axis_tready;
                if (t->m_axis_tvalid) {
                    if (out_i % bpm == bpm - 1) last_out[out_i / bpm] = s.cycle;
                    ++out_i;
                }
                if (in_fire) {
                    if (in_i == 0) c0 = s.cycle;
                    if (in_i % bpm == 0) first_in[in_i / bpm] = s.cycle;
                    ++in_i;
                }
                s.tick();
            }
            auto w1 = std::chrono::steady_clock::now();
            t->s_axis_tvalid = 0;
            uint64_t tot = last_out[msgs - 1] - c0 + 1, sum = 0, mx = 0;
            for (uint32_t m = 0; m < msgs; ++m) {
                uint64_t d = last_out[m] - first_in[m] + 1;
                sum += d;
                if (d > mx) mx = d;
            }
            uint64_t ns = (uint64_t)std::chrono::duration_cast<std::chrono::nanoseconds>(w1 - w0).count();
            wr("m", 1);
            wr(&tot, 8);
            wr(&sum, 8);
            wr(&mx, 8);
            wr(&ns, 8);
        } else {
            fprintf(stderr, "harness: unknown command 0x%02x\n", cmd);
            return 2;
        }
        fflush(stdout);
    }
    t->final();
    return 0;
}
