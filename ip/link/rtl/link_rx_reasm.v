// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// link_rx_reasm: receive frame buffer, record parser and per-channel reassembly of the link
// receiver (ip/link/doc/architecture.md, docs/link-format.md "Records", "Reassembly").
//
// Byte order. Every 512-bit word here is in LINE byte order: byte b of a word sits at bits
// [128*(b/16) + 127 - 8*(b%16) -: 8] and its keep bit at 16*(b/16) + 15 - (b%16). Block j
// (bytes 8j..8j+7) is bits [64*(j^1) +: 64] with its byte 0 in the most significant byte, so
// a record header (8 bytes, 8-byte aligned, big-endian: chan, rflags, length, seq) is one block:
// chan = blk[63:56], rflags = blk[55:48], length = blk[47:32], seq = blk[31:0].
// A pair is two consecutive words, word 0 in bits [511:0] and word 1 in [1023:512]; the same
// formulas then hold for its bytes 0..127 and blocks 0..15.
// On d_* payload byte p is byte p%64 of word p/64 (payload byte 0 = the first record header).
// On c_* (a pair wide) client frame byte o is byte o%128 of the beat; a beat carries bytes of
// one client frame, inside one 128-byte pair of frame words.
//
// Flow. d_* words are written into one of SLOTS frame buffers (slots of K words, rounded up to
// whole pairs, in two simple dual-port memories of SLOTS * ceil(K/2) words, one for the even
// and one for the odd words of each slot: one write port each, and one registered read port
// with a clock enable and a shared address that reads a pair per clock); v_* verdicts are
// queued per slot in arrival order; a slot is released once it holds both its frame and its
// verdict. The slots cover the verdict's lag behind the frame's last word: a frame's slot is
// busy from its first word to the end of its release, at most about 2K + 2 + (verdict lag)
// clocks, while frames arrive every K + 2 clocks, so SLOTS >= 1 + (K + lag) / (K + 2). GCM's
// verdict lags by a few clocks (2 slots); OCB3's by the tag call through the forward cipher
// (link_rx sets more slots for it). Release walks the records of payload[0:used] in order:
//   * a record header is taken (the checks and the channel's state update) on the clock of
//     the previous record's last beat when it lies in the pair already read and needs no beat
//     of its own; otherwise it takes a clock of its own: the first record, a header that
//     starts a new buffer pair, one after a skipped record or after a record that left with
//     its header, and one that ends a channel's frame in progress (that clock carries the
//     c_tuser discard beat);
//   * then one clock per output beat of the record's data (n = min(left, 128 - o%128) bytes
//     per beat), read from a two-pair window (the previous and the current pair of the
//     buffer); the next pair is fetched in the clock a beat or header leaves, so beats follow
//     each other without gaps; a record that is skipped costs one clock per buffer pair it
//     covers. A SOF record whose data ends in its header's pair (a client frame of up to 120
//     bytes) leaves as one beat on its header's own clock;
//   * a frame starts from idle with two clocks (S_IDLE, S_START: its setup and first read);
//     when the next slot already holds its frame and verdict as a release ends without an
//     error (the last beat leaves, or the next header position reaches used), the next frame
//     is set up and its first pair read in that same clock instead.
// Clocks per released frame = beats + header clocks + 2 from idle. A record of a client frame
// of F bytes takes ceil(F/128) beats and 8 + 8*ceil(F/8) payload bytes, so beats per payload
// byte peak at F = 64 and 129..136 (1/72: 227.6 beats per 256-word frame); with N = 10, K = 256
// and the buffers full the release is busy 244.6 clocks per frame at 64-byte client frames
// (the most of the bench's sizes 64..9000 and the mix), 222.0 at 72, 133.8 at 1500, and the
// frames leave at the input's pace, 256 clocks per frame, against the line's K + 2 = 258
// (docs/results/bench/link-rx-reasm-rate.json, test rate of the bench).
//
// Rules (LinkRx._data_frame / _deliver_unverified / _record of linecrypt/link/model.py):
//   * v_ok: every record is delivered. v_fail: channels whose purge_en bit is set get nothing,
//     the others (present in v_chan_map) get the records unverified; ev_auth_fail_chan for
//     v_chan_map, ev_purged for v_chan_map & purge_en, ev_purged_frame if any. v_fail wins over
//     v_ok if both are set. Neither: the frame is dropped silently.
//   * per channel the next seq is last+1; a gap ends the frame in progress (c_tuser discard);
//     a SOF record while a frame is in progress ends that frame likewise; records without SOF
//     and no frame in progress are skipped up to the next SOF; every client frame lost this
//     way counts once in ev_drops. A purged frame is seen as the seq gap of the channel's next
//     record, as in the model (a forged frame whose chan_map names a channel does not cut it).
//   * used not a multiple of 8, above the payload capacity 64K-48 or above the words received,
//     a record with chan >= N, length 0 or running past used, or a fragment other than the
//     last with a length that is not a multiple of 8: parsing of the frame stops there and
//     ev_rec_err pulses (v_ok frames only; an unverified frame stops silently, as the model).
//     Records before the bad one have been delivered (a streaming parser cannot take them
//     back; the model drops the whole frame).
//   * words of a frame beyond K are not stored; d_tkeep is not used (used bounds the records).
//
// Events are one-clock strobes for link_regs: ev_frames[i] and ev_bytes[16*i +: 16] (the client
// frame's length) on the header clock of a delivered EOF record; ev_drops[i] once per discarded
// client frame; ev_purged[i], ev_auth_fail_chan[i], ev_purged_frame at the start of a v_fail
// frame's release; ev_rec_err.
//
// c_* leaves through a two-entry skid register, so c_tready only drives that register;
// link_egress takes a beat of up to 128 bytes every clock.
module link_rx_reasm #(
    parameter integer N = 10,           // client channels, 1..16
    parameter integer K = 256,          // words per data frame, 2..1024
    parameter integer SLOTS = 2         // frame buffers, 2..8
) (
    input  wire            clk,
    input  wire            rst,
    // plaintext payload words from link_rx_deframer, one frame per d_tlast
    input  wire [511:0]    d_tdata,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [63:0]     d_tkeep,     // not needed: v_used bounds the records
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire            d_tlast,
    input  wire            d_tvalid,
    output wire            d_tready,
    // one verdict per frame, in frame order
    input  wire            v_valid,
    output wire            v_ready,
    input  wire            v_ok,
    input  wire            v_fail,
    input  wire [15:0]     v_used,
    input  wire [15:0]     v_chan_map,
    input  wire [15:0]     purge_en,
    // shared bus to the egress FIFOs
    output wire [1023:0]   c_tdata,
    output wire [127:0]    c_tkeep,
    output wire [3:0]      c_tchan,
    output wire            c_tlast,
    output wire            c_tuser,
    output wire            c_tvalid,
    input  wire            c_tready,
    // events
    output reg  [N-1:0]    ev_frames,
    output reg  [16*N-1:0] ev_bytes,
    output reg  [N-1:0]    ev_drops,
    output reg  [N-1:0]    ev_purged,
    output reg             ev_purged_frame,
    output reg  [N-1:0]    ev_auth_fail_chan,
    output reg             ev_rec_err
);

generate
if (N < 1 || N > 16) begin : g_bad_n
    $error("%m: N must be 1..16");
end
if (K < 2 || K > 1024) begin : g_bad_k
    $error("%m: K must be 2..1024");
end
if (SLOTS < 2 || SLOTS > 8) begin : g_bad_slots
    $error("%m: SLOTS must be 2..8");
end
endgenerate

localparam integer CAP = 64 * K - 48;          // payload bytes of a data frame
localparam integer KH  = (K + 1) / 2;          // word pairs per slot
localparam integer MW  = $clog2(SLOTS * KH);   // buffer address (a pair of words)
localparam integer AW  = $clog2(2 * K);        // word count 0..K (clog2(K+1) <= clog2(2K))
localparam integer SW  = $clog2(SLOTS);        // slot index
localparam [15:0]  NMASK = (N >= 16) ? 16'hFFFF : ((16'd1 << N) - 16'd1);
localparam integer CW  = (N > 1) ? $clog2(N) : 1;   // event index width
localparam [AW-1:0] KA   = K[AW-1:0];
localparam [MW-1:0] KM   = KH[MW-1:0];
localparam [SW-1:0] SLAST = SLOTS[SW-1:0] - 1'b1;
localparam [16:0]   CAPW = CAP[16:0];
localparam [7:0]    NW8  = N[7:0];

localparam [2:0] S_IDLE = 3'd0, S_START = 3'd1, S_REC = 3'd2, S_BEAT = 3'd3;

// ------------------------------------------------------------------ frame buffers and verdicts
reg  [511:0]  mem_e [0:SLOTS*KH-1];   // even words of each slot
reg  [511:0]  mem_o [0:SLOTS*KH-1];   // odd words
reg  [SW-1:0] wsel, vsel, rsel;
reg  [AW-1:0] wcnt;
reg  [SLOTS-1:0] dfull, vfull;
reg  [AW-1:0] nw   [0:SLOTS-1];
reg  [SLOTS-1:0] vq_ok, vq_fail;
reg  [15:0]   vq_used [0:SLOTS-1];
reg  [15:0]   vq_map  [0:SLOTS-1];

function [SW-1:0] snext;               // the slot after s
    input [SW-1:0] s;
    snext = (s == SLAST) ? {SW{1'b0}} : s + 1'b1;
endfunction
// the first pair of slot s plus a pair offset within it
function [MW-1:0] saddr;
    input [SW-1:0] s;
    input [AW-1:0] w;
    /* verilator lint_off UNUSEDSIGNAL */
    reg   [MW+AW-1:0] wide;         // the sum is below SLOTS * KH: only its low MW bits count
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        wide = {{AW{1'b0}}, KM} * {{(MW + AW - SW){1'b0}}, s} + {{MW{1'b0}}, w};
        saddr = wide[MW-1:0];
    end
endfunction
wire [SW-1:0] rnext = snext(rsel);

assign d_tready = !dfull[wsel];
assign v_ready  = !vfull[vsel];
wire d_fire = d_tvalid && d_tready;
wire v_fire = v_valid && v_ready;

wire [MW-1:0] waddr = saddr(wsel, wcnt >> 1);
always @(posedge clk) begin
    if (d_fire && wcnt < KA && !wcnt[0])
        mem_e[waddr] <= d_tdata;
end
always @(posedge clk) begin
    if (d_fire && wcnt < KA && wcnt[0])
        mem_o[waddr] <= d_tdata;
end

// read port: registered, clock-enabled, one pair {odd word, even word} per read; a_q holds
// the pair before the one in ram_q
wire          re;
wire [MW-1:0] raddr;
reg  [1023:0] ram_q, a_q;
always @(posedge clk) begin
    if (re) begin
        ram_q[511:0] <= mem_e[raddr];
        ram_q[1023:512] <= mem_o[raddr];
    end
end
always @(posedge clk) begin
    if (re)
        a_q <= ram_q;
end

// ------------------------------------------------------------------ release engine state
reg  [2:0]    state;
reg           f_ok;                 // frame authentic: errors count
reg  [15:0]   keepm;                // channels that get this frame's records
reg  [16:0]   used;
reg  [16:0]   pos;                  // next record header (REC), the one after (BEAT)
reg  [11:0]   rp;                   // buffer pair now in ram_q
reg  [16:0]   sp;                   // payload byte of the next data byte of the record
reg  [15:0]   rem;                  // record bytes left
reg  [6:0]    cb;                   // beat byte of the next data byte
reg  [3:0]    rch;
reg           reof;

// per-channel reassembly state (16 entries; entries >= N stay at reset)
reg  [31:0]   exp_seq [0:15];
reg  [15:0]   exp_v, partial, skipping;
reg  [15:0]   coff [0:15];          // bytes of the frame in progress already delivered

// output skid
wire          e_ready;

// ------------------------------------------------------------------ header decode
wire [3:0]    hblk  = pos[6:3];
/* verilator lint_off UNUSEDSIGNAL */
wire [63:0]   hdr   = ram_q[{hblk ^ 4'd1, 6'd0} +: 64];   // rflags bits 7..2 are reserved
/* verilator lint_on UNUSEDSIGNAL */
wire [7:0]    h_chan = hdr[63:56];
wire          h_sof = hdr[48];
wire          h_eof = hdr[49];
wire [15:0]   h_len = hdr[47:32];
wire [31:0]   h_seq = hdr[31:0];
wire [3:0]    hc    = h_chan[3:0];
wire [CW-1:0] hce   = hc[CW-1:0];   // event index (fires only for chan < N)
wire [17:0]   h_next = {1'b0, pos} + 18'd8 + {2'b0, h_len[15:3], 3'b000} +
                       ((h_len[2:0] != 3'd0) ? 18'd8 : 18'd0);
wire          at_end = (pos >= used);
wire          h_bad = (h_chan >= NW8) || (h_len == 16'd0) || (h_next > {1'b0, used}) ||
                      (!h_eof && h_len[2:0] != 3'd0);
wire          h_keep = keepm[hc];
wire          h_seq_ok = !exp_v[hc] || (h_seq == exp_seq[hc]);
wire          h_gap  = !h_seq_ok && partial[hc];
wire          h_part = partial[hc] && !h_gap;
wire          h_skip = h_gap || skipping[hc];
wire          h_sofdrop = h_sof && h_part;
wire          h_disc = h_keep && (h_gap || h_sofdrop);                   // emit a discard beat
wire          h_lostdrop = h_keep && !h_sof && !h_part && !h_skip;       // no frame in progress
wire          h_deliver = h_keep && (h_sof || h_part);
wire [15:0]   h_off  = h_sof ? 16'd0 : coff[hc];
wire [15:0]   h_flen = h_off + h_len;
// a SOF record whose data ends in the pair of its header: header and its one beat in one clock
wire          h_one  = h_sof && ({10'd0, pos[6:0]} + 17'd8 + {1'b0, h_len} <= 17'd128);

// ------------------------------------------------------------------ beat geometry
wire [7:0]    b_room = 8'd128 - {1'b0, cb};
wire [15:0]   b_n    = ({8'd0, b_room} < rem) ? {8'd0, b_room} : rem;   // bytes in this beat
/* verilator lint_off UNUSEDSIGNAL */
wire [16:0]   b_lastb = sp + {1'b0, b_n} - 17'd1;       // only its pair index is used
/* verilator lint_on UNUSEDSIGNAL */
wire          b_final = (b_n == rem);

// pair that the current action needs in ram_q
reg           need_v;
reg  [11:0]   need_w;
always @* begin
    need_v = 1'b0;
    need_w = rp;
    if (state == S_REC && !at_end) begin
        need_v = 1'b1;
        need_w = {2'b0, pos[16:7]};
    end else if (state == S_BEAT) begin
        need_v = 1'b1;
        need_w = {2'b0, b_lastb[16:7]};
    end
end
wire win_ok = !need_v || (rp == need_w);

// ------------------------------------------------------------------ engine: next state
reg  [2:0]    n_state;
reg  [16:0]   n_pos, n_sp;
reg  [15:0]   n_rem;
reg  [6:0]    n_cb;
reg           e_valid;              // a beat for the skid this clock
reg  [1023:0] e_data;
reg  [127:0]  e_keep;
reg  [3:0]    e_chan;
reg           e_last, e_user;
reg           fire_rec, done;
reg           n_need_v;
reg  [11:0]   n_need_w;
reg  [15:0]   n_room;
/* verilator lint_off UNUSEDSIGNAL */
reg  [16:0]   n_last;              // only its pair index is used
/* verilator lint_on UNUSEDSIGNAL */
reg  [7:0]    jb;                   // first beat block taken from ram_q (blocks below: a_q)
reg  [3:0]    rot;
reg  [6:0]    k_lo;                 // the beat's first byte
reg  [15:0]   k_n;                  // and its byte count
reg           one;                  // a whole record (header and data) taken this clock
integer       bb, kb, src;

always @* begin
    n_state = state;
    n_pos = pos;
    n_sp = sp;
    n_rem = rem;
    n_cb = cb;
    e_valid = 1'b0;
    e_data = 1024'd0;
    e_keep = 128'd0;
    e_chan = rch;
    e_last = 1'b0;
    e_user = 1'b0;
    fire_rec = 1'b0;
    done = 1'b0;
    jb = 8'd0;
    rot = 4'd0;
    k_lo = cb;
    k_n = b_n;
    one = 1'b0;
    bb = 0;                         // loop variables: assigned on every path (no latch)
    kb = 0;
    src = 0;
    case (state)
    S_REC: begin
        if (at_end) begin
            done = 1'b1;
        end else if (win_ok && h_bad) begin
            done = 1'b1;
        end else if (win_ok && (!h_disc || e_ready)) begin
            fire_rec = 1'b1;
            e_valid = h_disc;
            e_chan = hc;
            e_last = 1'b1;
            e_user = 1'b1;
            // the whole record lies in ram_q: its data leaves as one beat on this clock
            if (h_deliver && h_one && !h_disc && e_ready) begin
                one = 1'b1;
                e_valid = 1'b1;
                e_last = h_eof;
                e_user = 1'b0;
                rot = pos[6:3] + 4'd1;
                k_lo = 7'd0;
                k_n = h_len;
            end
        end
    end
    S_BEAT: begin
        rot = sp[6:3] - cb[6:3];
        if ({2'b0, sp[16:7]} != rp)
            jb = {4'd0, cb[6:3]} + 8'd16 - {4'd0, sp[6:3]};
        e_last = reof && b_final;
        if (win_ok && e_ready) begin
            e_valid = 1'b1;
            n_sp = sp + {1'b0, b_n};
            n_rem = rem - b_n;
            n_cb = cb + b_n[6:0];
            if (b_final) begin
                n_state = S_REC;
                // the next record's header (at pos) is already in ram_q and needs no beat of
                // its own: take it on this clock, as S_REC would on the next
                if (!at_end && rp == {2'b0, pos[16:7]} && !h_bad && !h_disc)
                    fire_rec = 1'b1;
            end
        end
    end
    default: ;
    endcase
    // the beat: block j takes source block (j + rot) mod 16, from a_q below block jb and from
    // ram_q above; bytes k_lo .. k_lo + k_n - 1 kept
    for (bb = 0; bb < 16; bb = bb + 1) begin
        src = (bb + {28'd0, rot}) % 16;
        if (bb[7:0] >= jb)
            e_data[64 * (bb ^ 1) +: 64] = ram_q[64 * (src ^ 1) +: 64];
        else
            e_data[64 * (bb ^ 1) +: 64] = a_q[64 * (src ^ 1) +: 64];
    end
    for (kb = 0; kb < 128; kb = kb + 1) begin
        if (kb >= {25'd0, k_lo} && kb < {25'd0, k_lo} + {16'd0, k_n})
            e_keep[16 * (kb / 16) + 15 - (kb % 16)] = 1'b1;
    end
    // a record header taken on this clock: the next one follows it; a delivered record's
    // data comes next, unless it left with the header
    if (fire_rec) begin
        n_pos = h_next[16:0];
        if (h_deliver && !one) begin
            n_state = S_BEAT;
            n_sp = pos + 17'd8;
            n_rem = h_len;
            n_cb = h_off[6:0];
        end
    end
    // the pair the next action needs: fetch it now when it is beyond ram_q
    n_need_v = 1'b0;
    n_need_w = rp;
    n_room = 16'd0;
    n_last = 17'd0;
    if (n_state == S_REC && !done && n_pos < used) begin
        n_need_v = 1'b1;
        n_need_w = {2'b0, n_pos[16:7]};
    end else if (n_state == S_BEAT) begin
        n_need_v = 1'b1;
        n_room = 16'd128 - {9'd0, n_cb};
        n_last = n_sp + {1'b0, (n_rem < n_room) ? n_rem : n_room} - 17'd1;
        n_need_w = {2'b0, n_last[16:7]};
    end
end
wire adv = n_need_v && (n_need_w > rp);
wire          eng = (state == S_REC) || (state == S_BEAT);

// ------------------------------------------------------------------ frame start
// A frame starts in S_START (from S_IDLE), or, when the next slot already holds its frame and
// verdict, in the clock the frame being released ends without an error (its last beat
// leaves, or the next header position reaches used): that clock frees the slot, sets up the
// other slot's frame and reads its first pair, so its first header is taken in the next clock.
// s_* describe the starting frame's slot: rsel in S_START, the next slot in REC/BEAT.
wire [SW-1:0] fsel = (state == S_START) ? rsel : rnext;
wire [15:0] s_map  = vq_map[fsel] & NMASK;
wire        s_fail = vq_fail[fsel];
wire        s_ok   = vq_ok[fsel] && !s_fail;
wire [15:0] s_keep = s_fail ? (s_map & ~purge_en) : (s_ok ? NMASK : 16'd0);
wire [16:0] s_used = {1'b0, vq_used[fsel]};
wire        s_used_ok = (s_used[2:0] == 3'd0) && (s_used <= CAPW) &&
                        (s_used <= s_lim);
reg  [16:0] s_lim;                  // bytes received
always @* begin
    s_lim = 17'd0;
    s_lim[AW+5:6] = nw[fsel];
end
wire        s_go = (s_keep != 16'd0) && s_used_ok && (s_used != 17'd0);
wire        f_end = (state == S_BEAT && win_ok && e_ready && b_final && at_end) ||
                    (state == S_REC && at_end);
wire        fast = f_end && dfull[rnext] && vfull[rnext] && s_go;
wire        fstart = (state == S_START) || fast;       // a frame's first pair is read

wire [AW-1:0] rd_w = fstart ? {AW{1'b0}} : rp[AW-1:0] + 1'b1;
assign re    = fstart || (eng && adv);
assign raddr = saddr(fast ? rnext : rsel, rd_w);

// ------------------------------------------------------------------ engine: registers
wire        start = (state == S_IDLE) && dfull[rsel] && vfull[rsel];
wire        release_done = (state == S_START && !s_go) || done || fast;

always @(posedge clk) begin
    ev_frames <= {N{1'b0}};
    ev_bytes <= {16*N{1'b0}};
    ev_drops <= {N{1'b0}};
    ev_purged <= {N{1'b0}};
    ev_purged_frame <= 1'b0;
    ev_auth_fail_chan <= {N{1'b0}};
    ev_rec_err <= 1'b0;
    if (rst) begin
        wsel <= {SW{1'b0}};
        vsel <= {SW{1'b0}};
        rsel <= {SW{1'b0}};
        wcnt <= {AW{1'b0}};
        dfull <= {SLOTS{1'b0}};
        vfull <= {SLOTS{1'b0}};
        state <= S_IDLE;
        exp_v <= 16'd0;
        partial <= 16'd0;
        skipping <= 16'd0;
    end else begin
        // write side
        if (d_fire) begin
            if (d_tlast) begin
                dfull[wsel] <= 1'b1;
                nw[wsel] <= (wcnt < KA) ? wcnt + 1'b1 : wcnt;
                wsel <= snext(wsel);
                wcnt <= {AW{1'b0}};
            end else if (wcnt < KA) begin
                wcnt <= wcnt + 1'b1;
            end
        end
        if (v_fire) begin
            vfull[vsel] <= 1'b1;
            vq_ok[vsel] <= v_ok;
            vq_fail[vsel] <= v_fail;
            vq_used[vsel] <= v_used;
            vq_map[vsel] <= v_chan_map;
            vsel <= snext(vsel);
        end
        // release
        if (start)
            state <= S_START;
        if (fstart) begin
            f_ok <= s_ok;
            keepm <= s_keep;
            used <= s_used;
            ev_auth_fail_chan <= s_fail ? s_map[N-1:0] : {N{1'b0}};
            ev_purged <= s_fail ? (s_map[N-1:0] & purge_en[N-1:0]) : {N{1'b0}};
            ev_purged_frame <= s_fail && ((s_map & purge_en) != 16'd0);
            if (!fast)
                ev_rec_err <= s_ok && !s_used_ok;    // fast: used is good
        end
        if (state == S_REC || state == S_BEAT) begin
            state <= n_state;
            pos <= n_pos;
            sp <= n_sp;
            rem <= n_rem;
            cb <= n_cb;
            if (adv)
                rp <= rp + 12'd1;
        end
        if (state == S_REC && !at_end && win_ok && h_bad)
            ev_rec_err <= f_ok;
        if (fire_rec) begin
            if (h_keep) begin
                exp_seq[hc] <= h_seq + 32'd1;
                exp_v[hc] <= 1'b1;
                if (h_gap || h_sofdrop || h_lostdrop)
                    ev_drops[hce] <= 1'b1;
                if (h_gap || h_lostdrop)
                    skipping[hc] <= 1'b1;
                if (h_gap)
                    partial[hc] <= 1'b0;
                if (h_sof) begin
                    partial[hc] <= 1'b1;
                    skipping[hc] <= 1'b0;
                end
                if (h_deliver) begin
                    rch <= hc;
                    reof <= h_eof;
                    coff[hc] <= h_flen;
                    if (h_eof) begin
                        partial[hc] <= 1'b0;
                        ev_frames[hce] <= 1'b1;
                        ev_bytes[16 * hce +: 16] <= h_flen;
                    end
                end
            end
        end
        if (release_done) begin
            state <= S_IDLE;
            dfull[rsel] <= 1'b0;
            vfull[rsel] <= 1'b0;
            rsel <= rnext;
        end
        if (fstart && s_go)
            state <= S_REC;
        if (fstart) begin                   // after the engine's update, which fast overrides
            pos <= 17'd0;
            rp <= 12'd0;
        end
    end
end

// ------------------------------------------------------------------ output skid
reg          o_v, s_v;
reg  [1157:0] o_q, s_q;             // {user, last, chan, keep, data}
wire [1157:0] e_bus = {e_user, e_last, e_chan, e_keep, e_data};
assign e_ready = !s_v;
wire e_push = e_valid;              // the engine only fires with e_ready

always @(posedge clk) begin
    if (rst) begin
        o_v <= 1'b0;
        s_v <= 1'b0;
    end else if (o_v && c_tready) begin
        if (s_v) begin
            o_q <= s_q;
            s_v <= 1'b0;
        end else if (e_push) begin
            o_q <= e_bus;
        end else begin
            o_v <= 1'b0;
        end
    end else if (!o_v) begin
        if (e_push) begin
            o_q <= e_bus;
            o_v <= 1'b1;
        end
    end else if (e_push) begin
        s_q <= e_bus;
        s_v <= 1'b1;
    end
end

assign c_tvalid = o_v;
assign c_tdata  = o_q[1023:0];
assign c_tkeep  = o_q[1151:1024];
assign c_tchan  = o_q[1155:1152];
assign c_tlast  = o_q[1156];
assign c_tuser  = o_q[1157];

endmodule

`default_nettype wire
