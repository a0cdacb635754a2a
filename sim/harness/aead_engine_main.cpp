// SPDX-License-Identifier: Apache-2.0
// Verilator harness for the authenticated-encryption engines (gcm_engine, ocb3_engine: the ports
// of docs/aead-interface.md), driven by the Python host over stdin/stdout
// (linecrypt/host/aead_device.py).
//
// Compile-time (-CFLAGS -D...): LANES, KEY_BYTES, ID_W; top class Vtop (verilator --prefix Vtop).
//
// Protocol (little-endian integers, crypto bytes in the standards' order):
//   'K' u8 slot, KEY_BYTES key          -> 'k' u64 cycles (key accepted .. slot_valid[slot] high)
//   'R' u32 n, n x MSG                  -> 'r' u64 cycles, u32 stray_beats, n x RESULT
//   'B' u32 count, u32 t, t x MSG       -> 'b' u64 cycles, u64 wall_ns, u32 stray_beats,
//                                          u32 mismatches, t x RESULT, count x TIMES
//       (bench: message i is template i % t with id i; mismatches counts the messages whose
//        status, output or tag differ from their template's first run)
//   'Z'                                 -> 'z' (synchronous reset: streams and key slots cleared)
//   'Q'                                 -> exit
// MSG:    u8 op, u8 slot, u16 nonce_len, 16 nonce bytes (left aligned), u32 ad_len,
//         u32 msg_len, u8 tag_len, u8 nparts, nparts x (u32 len, len bytes)
//         The parts are sent as given (the host decides them: IV, AD, message, tag), so a
//         test can send a stream that disagrees with the descriptor.
// RESULT: u8 status, u8 flags, u32 status_id, u32 out_len, out bytes, u8 tag_len, tag bytes,
//         TIMES
// TIMES:  6 x u64 cycle numbers: descriptor accepted, first data beat accepted, last data beat
//         accepted (both = descriptor for a message without data beats), first output beat,
//         last output beat (both 0 without output), status word.
// flags:  1 status id differs from the descriptor's, 2 output closed by a tkeep = 0 beat,
//         4 output beat after the tag beat or a tag beat without tlast.
//
// Every stream runs flat out: descriptors and data beats always valid, output and status always
// ready. Output beats go to the oldest message in flight whose id they carry (m_axis_tid); a beat
// whose id names no message in flight counts as a stray beat. The harness stops (exit 3, a line
// on stderr) when nothing moves on any stream for 200000 cycles.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <vector>

#include "Vtop.h"
#include "verilated.h"

#ifndef LANES
#error "define LANES"
#endif
#ifndef KEY_BYTES
#error "define KEY_BYTES"
#endif
#ifndef ID_W
#error "define ID_W"
#endif

static const int BEAT = 16 * LANES;
static const uint32_t ID_MASK = (ID_W >= 32) ? 0xffffffffu : ((1u << ID_W) - 1);
static const uint64_t STALL_LIMIT = 200000;

// ---- big-endian byte strings in signals of any width (keys, nonces)
template <std::size_t N>
static void put_be(VlWide<N>& w, const uint8_t* b, int nbytes) {
    for (std::size_t i = 0; i < N; ++i) w[i] = 0;
    for (int k = 0; k < nbytes; ++k) {
        int pos = (nbytes - 1 - k) * 8;
        w[pos / 32] |= (uint32_t)b[k] << (pos % 32);
    }
}
template <typename T>
static void put_be(T& q, const uint8_t* b, int nbytes) {
    uint64_t v = 0;
    for (int k = 0; k < nbytes; ++k) v = (v << 8) | b[k];
    q = (T)v;
}

// ---- data beats: lane q at [128q +: 128], byte j of lane q at [128q + 127 - 8j -: 8]
static inline int beat_pos(int k) { return 128 * (k / 16) + 120 - 8 * (k % 16); }
template <std::size_t N>
static void put_beat(VlWide<N>& w, const uint8_t* b, int nbytes) {
    for (std::size_t i = 0; i < N; ++i) w[i] = 0;
    for (int k = 0; k < nbytes; ++k) {
        int pos = beat_pos(k);
        w[pos / 32] |= (uint32_t)b[k] << (pos % 32);
    }
}
template <std::size_t N>
static uint8_t beat_byte(const VlWide<N>& w, int k) {
    int pos = beat_pos(k);
    return (uint8_t)(w[pos / 32] >> (pos % 32));
}
// tkeep: byte j of lane q is bit 16q + 15 - j
static inline int keep_bit(int k) { return 16 * (k / 16) + 15 - (k % 16); }
static uint64_t keep_mask(int nbytes) {
    uint64_t m = 0;
    for (int k = 0; k < nbytes; ++k) m |= 1ull << keep_bit(k);
    return m;
}

static void rd(void* p, size_t n) {
    if (n && fread(p, 1, n, stdin) != n) std::exit(0);
}
static void wr(const void* p, size_t n) {
    if (n) fwrite(p, 1, n, stdout);
}
template <typename T>
static T rd_int() {
    T v;
    rd(&v, sizeof v);
    return v;
}
template <typename T>
static void wr_int(T v) {
    wr(&v, sizeof v);
}

struct Msg {
    uint8_t op = 0, slot = 0, tag_len = 0;
    uint16_t nonce_len = 0;
    uint8_t nonce[16] = {0};
    uint32_t ad_len = 0, msg_len = 0;
    std::vector<std::vector<uint8_t>> parts;
};

static Msg rd_msg() {
    Msg m;
    m.op = rd_int<uint8_t>();
    m.slot = rd_int<uint8_t>();
    m.nonce_len = rd_int<uint16_t>();
    rd(m.nonce, 16);
    m.ad_len = rd_int<uint32_t>();
    m.msg_len = rd_int<uint32_t>();
    m.tag_len = rd_int<uint8_t>();
    uint8_t np = rd_int<uint8_t>();
    for (int i = 0; i < np; ++i) {
        uint32_t len = rd_int<uint32_t>();
        std::vector<uint8_t> p(len);
        rd(p.data(), len);
        if (len) m.parts.push_back(std::move(p));   // empty parts are absent on the stream
    }
    return m;
}

struct Res {
    uint8_t status = 0xff, flags = 0;
    uint32_t sts_id = 0;
    bool closed = false;                 // output tlast seen
    bool tag_seen = false;
    std::vector<uint8_t> out, tag;
    uint64_t t[6] = {0, 0, 0, 0, 0, 0};
};

static void wr_times(const Res& r) { wr(r.t, sizeof r.t); }
static void wr_res(const Res& r) {
    wr_int<uint8_t>(r.status);
    wr_int<uint8_t>(r.flags);
    wr_int<uint32_t>(r.sts_id);
    wr_int<uint32_t>((uint32_t)r.out.size());
    wr(r.out.data(), r.out.size());
    wr_int<uint8_t>((uint8_t)r.tag.size());
    wr(r.tag.data(), r.tag.size());
    wr_times(r);
}

struct Sim {
    std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    std::unique_ptr<Vtop> top;
    uint64_t cycle = 0;
    Sim() : top(new Vtop{ctx.get()}) { reset(); }
    void idle_inputs() {
        top->s_key_tvalid = 0;
        top->s_cmd_tvalid = 0;
        top->s_axis_tvalid = 0;
        top->m_axis_tready = 0;
        top->m_sts_tready = 0;
    }
    void reset() {
        idle_inputs();
        top->clk = 0;
        top->rst = 1;
        for (int i = 0; i < 4; ++i) tick();
        top->rst = 0;
        tick();
    }
    // inputs set for this cycle: evaluate with the clock low so ready/valid outputs settle
    void settle() {
        top->clk = 0;
        top->eval();
    }
    // the rising edge after settle()
    void edge() {
        top->clk = 1;
        top->eval();
        ++cycle;
    }
    void tick() {
        settle();
        edge();
    }
};

// Stream messages 0..n-1 (get(i) gives message i) through the engine, every stream flat out.
// done(i, res) is called when message i's status word arrives. Returns the number of stray
// output beats.
static uint32_t stream(Sim& s, uint32_t n, const std::function<const Msg&(uint32_t)>& get,
                       const std::function<void(uint32_t, Res&)>& done) {
    Vtop* t = s.top.get();
    std::vector<Res> res(n);      // per message in flight (indices sts_i .. cmd_i-1)
    uint32_t cmd_i = 0, sts_i = 0, stray = 0;
    uint32_t di = 0, pi = 0, off = 0;   // data driver: message, part, byte offset
    bool beat_dirty = true;
    std::vector<bool> any_beat(n, false);
    auto skip_empty = [&]() {
        while (di < n && pi >= get(di).parts.size()) {
            ++di;
            pi = 0;
            off = 0;
        }
    };
    skip_empty();
    uint64_t last_move = s.cycle;
    t->m_axis_tready = 1;
    t->m_sts_tready = 1;
    while (sts_i < n) {
        if (cmd_i < n) {
            const Msg& m = get(cmd_i);
            t->s_cmd_op = m.op;
            t->s_cmd_slot = m.slot;
            put_be(t->s_cmd_nonce, m.nonce, 16);
            t->s_cmd_nonce_len = m.nonce_len;
            t->s_cmd_ad_len = m.ad_len;
            t->s_cmd_msg_len = m.msg_len;
            t->s_cmd_tag_len = m.tag_len;
            t->s_cmd_id = cmd_i & ID_MASK;
            t->s_cmd_tvalid = 1;
        } else {
            t->s_cmd_tvalid = 0;
        }
        int nb = 0;
        if (di < n) {
            const std::vector<uint8_t>& p = get(di).parts[pi];
            nb = (int)std::min<size_t>(BEAT, p.size() - off);
            if (beat_dirty) {
                put_beat(t->s_axis_tdata, p.data() + off, nb);
                t->s_axis_tkeep = keep_mask(nb);
                t->s_axis_tlast = (off + nb == p.size());
                beat_dirty = false;
            }
            t->s_axis_tvalid = 1;
        } else {
            t->s_axis_tvalid = 0;
        }
        s.settle();
        const uint64_t now = s.cycle;
        bool moved = false;
        if (t->s_cmd_tvalid && t->s_cmd_tready) {
            res[cmd_i] = Res();
            res[cmd_i].t[0] = res[cmd_i].t[1] = res[cmd_i].t[2] = now;
            ++cmd_i;
            moved = true;
        }
        if (t->s_axis_tvalid && t->s_axis_tready) {
            if (!any_beat[di]) res[di].t[1] = now;
            any_beat[di] = true;
            res[di].t[2] = now;
            off += nb;
            if (off == get(di).parts[pi].size()) {
                ++pi;
                off = 0;
                skip_empty();
            }
            beat_dirty = true;
            moved = true;
        }
        if (t->m_axis_tvalid) {
            uint32_t tid = (uint32_t)t->m_axis_tid & ID_MASK;
            uint32_t owner = n;
            for (uint32_t i = sts_i; i < cmd_i; ++i)
                if ((i & ID_MASK) == tid && !res[i].closed) {
                    owner = i;
                    break;
                }
            if (owner == n) {
                ++stray;
            } else {
                Res& r = res[owner];
                uint64_t keep = (uint64_t)t->m_axis_tkeep;
                if (r.out.empty() && r.tag.empty() && r.t[3] == 0) r.t[3] = now;
                r.t[4] = now;
                if (r.tag_seen) r.flags |= 4;
                if (keep == 0 && t->m_axis_tlast) r.flags |= 2;
                std::vector<uint8_t>& dst = t->m_axis_ttag ? r.tag : r.out;
                for (int k = 0; k < BEAT; ++k)
                    if ((keep >> keep_bit(k)) & 1) dst.push_back(beat_byte(t->m_axis_tdata, k));
                if (t->m_axis_ttag) {
                    r.tag_seen = true;
                    if (!t->m_axis_tlast) r.flags |= 4;
                }
                if (t->m_axis_tlast) r.closed = true;
            }
            moved = true;
        }
        if (t->m_sts_tvalid) {
            if (sts_i >= cmd_i) {
                fprintf(stderr, "harness: status word before its descriptor was accepted\n");
                std::exit(3);
            }
            Res& r = res[sts_i];
            r.status = t->m_sts_code;
            r.sts_id = t->m_sts_id;
            if ((r.sts_id & ID_MASK) != (sts_i & ID_MASK)) r.flags |= 1;
            r.t[5] = now;
            moved = true;
        }
        bool sts_fire = t->m_sts_tvalid;
        s.edge();
        if (sts_fire) {
            done(sts_i, res[sts_i]);
            res[sts_i] = Res();
            ++sts_i;
        }
        if (moved) {
            last_move = s.cycle;
        } else if (s.cycle - last_move > STALL_LIMIT) {
            fprintf(stderr,
                    "harness: engine stalled %llu cycles (descriptors %u, data message %u, "
                    "status %u of %u)\n",
                    (unsigned long long)STALL_LIMIT, cmd_i, di, sts_i, n);
            std::exit(3);
        }
    }
    t->s_cmd_tvalid = 0;
    t->s_axis_tvalid = 0;
    t->m_axis_tready = 0;
    t->m_sts_tready = 0;
    return stray;
}

int main(int argc, char** argv) {
    Verilated::commandArgs(argc, argv);
    Sim s;
    Vtop* t = s.top.get();
    for (;;) {
        uint8_t cmd;
        rd(&cmd, 1);
        if (cmd == 'Q') break;
        if (cmd == 'K') {
            uint8_t slot = rd_int<uint8_t>(), key[KEY_BYTES];
            rd(key, KEY_BYTES);
            uint64_t c0 = s.cycle;
            put_be(t->s_key_tdata, key, KEY_BYTES);
            t->s_key_slot = slot;
            t->s_key_tvalid = 1;
            for (;;) {
                s.settle();
                bool fire = t->s_key_tready;
                s.edge();
                if (fire) break;
                if (s.cycle - c0 > STALL_LIMIT) {
                    fprintf(stderr, "harness: key port never ready\n");
                    return 3;
                }
            }
            t->s_key_tvalid = 0;
            // the slot's constants are derived after the key is taken: wait for the slot to
            // become valid (a reload drops it while the new constants are computed)
            s.tick();
            while (!((t->slot_valid >> slot) & 1)) {
                s.tick();
                if (s.cycle - c0 > STALL_LIMIT) {
                    fprintf(stderr, "harness: slot %u never became valid\n", slot);
                    return 3;
                }
            }
            uint64_t dc = s.cycle - c0;
            wr("k", 1);
            wr_int<uint64_t>(dc);
        } else if (cmd == 'R') {
            uint32_t n = rd_int<uint32_t>();
            std::vector<Msg> msgs(n);
            for (auto& m : msgs) m = rd_msg();
            std::vector<Res> out(n);
            uint64_t c0 = s.cycle;
            uint32_t stray = stream(
                s, n, [&](uint32_t i) -> const Msg& { return msgs[i]; },
                [&](uint32_t i, Res& r) { out[i] = std::move(r); });
            wr("r", 1);
            wr_int<uint64_t>(s.cycle - c0);
            wr_int<uint32_t>(stray);
            for (auto& r : out) wr_res(r);
        } else if (cmd == 'B') {
            uint32_t count = rd_int<uint32_t>(), nt = rd_int<uint32_t>();
            if (nt == 0) {
                fprintf(stderr, "harness: bench without messages\n");
                return 2;
            }
            std::vector<Msg> tmpl(nt);
            for (auto& m : tmpl) m = rd_msg();
            std::vector<Res> first(nt);
            std::vector<bool> have(nt, false);
            std::vector<uint64_t> times((size_t)count * 6);
            uint32_t mism = 0;
            uint64_t c0 = s.cycle;
            auto w0 = std::chrono::steady_clock::now();
            uint32_t stray = stream(
                s, count, [&](uint32_t i) -> const Msg& { return tmpl[i % nt]; },
                [&](uint32_t i, Res& r) {
                    std::memcpy(&times[(size_t)i * 6], r.t, sizeof r.t);
                    uint32_t k = i % nt;
                    if (!have[k]) {
                        first[k] = r;
                        have[k] = true;
                    } else if (r.status != first[k].status || r.out != first[k].out ||
                               r.tag != first[k].tag || r.flags != first[k].flags) {
                        ++mism;
                    }
                });
            auto w1 = std::chrono::steady_clock::now();
            uint64_t ns = (uint64_t)std::chrono::duration_cast<std::chrono::nanoseconds>(w1 - w0).count();
            wr("b", 1);
            wr_int<uint64_t>(s.cycle - c0);
            wr_int<uint64_t>(ns);
            wr_int<uint32_t>(stray);
            wr_int<uint32_t>(mism);
            for (auto& r : first) wr_res(r);
            wr(times.data(), times.size() * sizeof(uint64_t));
        } else if (cmd == 'Z') {
            s.reset();
            wr("z", 1);
        } else {
            fprintf(stderr, "harness: unknown command 0x%02x\n", cmd);
            return 2;
        }
        fflush(stdout);
    }
    t->final();
    return 0;
}
