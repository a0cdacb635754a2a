// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Keccak sponge with padding in hardware: one message in, out_len bytes out (FIPS 202 §4, §5.1;
// model: linecrypt/models/keccak.py sponge). SHA3-224/256/384/512, SHAKE128/256 and Keccak-256
// are settings of one command: the rate, the suffix and the output length.
//
// Command (c_*), one per message, taken before its data:
//   c_rate_w   rate in 64-bit lanes, 1..24 (SHA3-256: 17, SHA3-512: 9, SHAKE128: 21); rates that
//              are not a multiple of 8 bytes are not supported
//   c_suffix   the domain-separation bits followed by the first padding 1, LSB first: 8'h06
//              SHA-3, 8'h1F SHAKE, 8'h01 the original Keccak padding (must be non-zero)
//   c_nr       rounds of Keccak-p[1600, nr]: 24 for all of the above
//   c_out_len  bytes to squeeze, 0..2^32-1
// Data in (s_*): 64-bit beats, byte j of the message beat at [8j +: 8] (the FIPS 202 byte
// order of a lane); every beat but the last has s_tkeep = 8'hFF; the last (s_tlast) has its
// bytes at the bottom (s_tkeep = 2^k - 1, k = 0..8; k = 0: the message ends at the previous
// beat, and an empty message is one such beat).
// Data out (m_*): the squeezed bytes in the same order, 8 per beat, the last beat with the rest
// (m_tkeep) and m_tlast. No beat when c_out_len = 0.
// Status (st_*): one word per message after its last output beat: st_err = 1 when a beat broke
// the s_tkeep rule, the rate or suffix was out of range, or the core rejected nr; such a
// message is read to its s_tlast and gets no output beats.
//
// Timing: a block's lanes are written one per clock into the block buffer; the buffer goes into
// the permutation (XORed with the state) on the clock the previous permutation's result is
// there, and is free again on the next clock, so absorbing the next block overlaps the
// permutation: max(rate_w + 1, nr / RPC) clocks per block. Squeezing gives one beat per
// clock from a permuted state, and one more permutation per rate_w beats.
//
// Permutation: EXT_PERM = 0 instantiates keccak_p1600 (RPC rounds per clock) inside; the perm_*
// ports are then unused (outputs as the internal permutation sees them, inputs ignored).
// EXT_PERM = 1 leaves it out and drives a keccak_p1600 outside through perm_*, the mirror of
// keccak_p1600's s_*/m_* ports (perm_s_* to its s_*, perm_m_* from its m_*), so several
// clients can share one permutation (ip/keccak/rtl/keccak_p1600_mux.v). The sponge's state
// lives in that permutation's output register between blocks, as it does inside; a state left
// there when a message starts (a message dropped by a reset of the sponge alone) is taken off
// the permutation as the first block goes in.
module keccak_sponge #(
    parameter RPC      = 1,             // permutation rounds per clock (keccak_p1600, EXT_PERM = 0)
    parameter EXT_PERM = 0              // 1: the permutation is outside, on the perm_* ports
) (
    input  wire         clk,
    input  wire         rst,

    input  wire [4:0]   c_rate_w,
    input  wire [7:0]   c_suffix,
    input  wire [4:0]   c_nr,
    input  wire [31:0]  c_out_len,
    input  wire         c_valid,
    output wire         c_ready,

    input  wire [63:0]  s_tdata,
    input  wire [7:0]   s_tkeep,
    input  wire         s_tlast,
    input  wire         s_tvalid,
    output wire         s_tready,

    output wire [63:0]  m_tdata,
    output wire [7:0]   m_tkeep,
    output wire         m_tlast,
    output wire         m_tvalid,
    input  wire         m_tready,

    output reg          st_err,
    output reg          st_valid,
    input  wire         st_ready,

    // external permutation (EXT_PERM = 1): to keccak_p1600's s_*, from its m_*
    output wire [1599:0] perm_s_tdata,
    output wire [4:0]   perm_s_nr,
    output wire         perm_s_tvalid,
    input  wire         perm_s_tready,
    input  wire [1599:0] perm_m_tdata,
    input  wire         perm_m_terr,
    input  wire         perm_m_tvalid,
    output wire         perm_m_tready
);

generate
if (EXT_PERM != 0 && EXT_PERM != 1) begin : g_bad_ext
    $error("%m: EXT_PERM must be 0 or 1");
end
endgenerate

localparam [2:0] S_IDLE = 3'd0, S_ABSORB = 3'd1, S_WAIT = 3'd2, S_SQUEEZE = 3'd3,
                 S_DROP = 3'd4, S_STATUS = 3'd5;

reg  [2:0]   st;
reg  [4:0]   rate_w;
reg  [7:0]   suffix;
reg  [4:0]   nr;
reg  [31:0]  left;          // bytes still to squeeze
reg          left_le8;      // left <= 8: the beat on m_* is the last (registered compare)
reg          left_le16;     // left <= 16
reg          sq_last;       // sq_idx == rate_w - 1 (registered compare)
reg          err;
reg          cmd_bad;       // rate or suffix out of range: the message is read, not hashed

reg  [1535:0] buf_q;        // block buffer: lane i at [64*i +: 64]
reg  [4:0]   widx;          // next lane to write
reg          full;          // the block is complete: waiting for the permutation
reg          final_blk;     // the complete block is the message's last (padding closed)
reg          pad_next;      // the message ended on the last lane: a padding-only block follows
reg          fresh;         // the state is all-zero (first block of a message)
reg  [4:0]   sq_idx;        // lane of the permuted state being squeezed
wire [4:0]   widx_p1 = widx + 5'd1;

// permutation
wire [1599:0] p_out;
wire          p_terr, p_valid, p_s_ready;
reg           p_valid_in;
reg           p_m_ready;
reg  [1599:0] p_in;

assign perm_s_tdata  = p_in;
assign perm_s_nr     = nr;
assign perm_s_tvalid = p_valid_in;
assign perm_m_tready = p_m_ready;

generate
if (EXT_PERM == 0) begin : g_perm
    keccak_p1600 #(.RPC(RPC)) u_perm (
        .clk(clk), .rst(rst),
        .s_tdata(p_in), .s_nr(nr), .s_tvalid(p_valid_in), .s_tready(p_s_ready),
        .m_tdata(p_out), .m_terr(p_terr), .m_tvalid(p_valid), .m_tready(p_m_ready)
    );
    /* verilator lint_off UNUSEDSIGNAL */  // the perm_* inputs: the permutation is inside
    wire unused_perm = &{1'b0, perm_s_tready, perm_m_tdata, perm_m_terr, perm_m_tvalid};
    /* verilator lint_on UNUSEDSIGNAL */
end else begin : g_ext_perm
    assign p_s_ready = perm_s_tready;
    assign p_out     = perm_m_tdata;
    assign p_terr    = perm_m_terr;
    assign p_valid   = perm_m_tvalid;
end
endgenerate

// the s_tkeep of the last beat: k low bytes (k = 0..8); any other pattern is an error
function [3:0] keep_count;
    input [7:0] k;
    begin
        case (k)
            8'h00: keep_count = 4'd0;  8'h01: keep_count = 4'd1;  8'h03: keep_count = 4'd2;
            8'h07: keep_count = 4'd3;  8'h0F: keep_count = 4'd4;  8'h1F: keep_count = 4'd5;
            8'h3F: keep_count = 4'd6;  8'h7F: keep_count = 4'd7;  8'hFF: keep_count = 4'd8;
            default: keep_count = 4'd15;
        endcase
    end
endfunction

wire [3:0]  kc        = keep_count(s_tkeep);
wire        beat_bad  = (kc == 4'd15) || (!s_tlast && kc != 4'd8);
wire [3:0]  kb        = beat_bad ? 4'd8 : kc;             // bytes taken from a beat
wire [63:0] bytes_m   = (kb == 4'd8) ? 64'hFFFF_FFFF_FFFF_FFFF : ((64'd1 << {kb, 3'b000}) - 64'd1);
// the last beat's lane: its bytes, then the suffix right after them when they end inside it
wire [63:0] last_lane = (s_tdata & bytes_m) ^ ((kb == 4'd8) ? 64'd0 : ({56'd0, suffix} << {kb, 3'b000}));

wire cmd_ok = (c_rate_w >= 5'd1) && (c_rate_w <= 5'd24) && (c_suffix != 8'd0);

assign c_ready  = (st == S_IDLE) && !rst;          // no handshake while in reset
assign s_tready = (st == S_ABSORB) && !full && !rst;

wire take_beat = s_tvalid && s_tready;

// block with the final padding bit in byte rate - 1
// (a compare per lane, not a 1536-bit shifter)
wire [1535:0] pad_end;
genvar gl;
generate
    for (gl = 0; gl < 24; gl = gl + 1) begin : g_pad
        assign pad_end[64*gl +: 64] = {final_blk && (rate_w == gl + 1), 63'd0};
    end
endgenerate
wire [1599:0] block   = {64'd0, buf_q ^ pad_end};

// the permutation takes a full block (XOR into the state) or, squeezing, the state alone
wire sq_more = (st == S_SQUEEZE) && p_valid && m_tready && !left_le8 && sq_last;
always @(*) begin
    p_valid_in = 1'b0;
    p_m_ready  = 1'b0;
    p_in       = block;
    if (st == S_ABSORB && full) begin
        p_valid_in = fresh || p_valid;
        // the old state leaves as the new one is taken (fresh: a state left in the
        // permutation by a dropped message is discarded)
        p_m_ready  = p_valid;
        p_in       = (fresh ? 1600'd0 : p_out) ^ block;
    end else if (sq_more) begin
        p_valid_in = 1'b1;
        p_m_ready  = 1'b1;
        p_in       = p_out;
    end else if (st == S_DROP) begin
        p_m_ready  = 1'b1;
    end
end
wire take_blk = (st == S_ABSORB) && full && p_valid_in && p_s_ready;

// squeeze output
wire [63:0] sq_lane = p_out[64 * sq_idx +: 64];
assign m_tvalid = (st == S_SQUEEZE) && p_valid && !err;
assign m_tdata  = sq_lane;
assign m_tlast  = left_le8;
assign m_tkeep  = (left_le8 && left[3:0] != 4'd8) ? ((8'd1 << left[2:0]) - 8'd1) : 8'hFF;

always @(posedge clk) begin
    if (rst) begin
        st        <= S_IDLE;
        full      <= 1'b0;
        final_blk <= 1'b0;
        pad_next  <= 1'b0;
        widx      <= 5'd0;
        buf_q     <= 1536'd0;
        st_valid  <= 1'b0;
        st_err    <= 1'b0;
        err       <= 1'b0;
        fresh     <= 1'b1;
        sq_idx    <= 5'd0;
    end else begin
        case (st)
        S_IDLE: if (c_valid) begin
            rate_w    <= c_rate_w;
            suffix    <= c_suffix;
            nr        <= c_nr;
            left      <= c_out_len;
            left_le8  <= (c_out_len <= 32'd8);
            left_le16 <= (c_out_len <= 32'd16);
            err       <= !cmd_ok;
            cmd_bad   <= !cmd_ok;
            fresh     <= 1'b1;
            widx      <= 5'd0;
            full      <= 1'b0;
            final_blk <= 1'b0;
            pad_next  <= 1'b0;
            buf_q     <= 1536'd0;
            st        <= S_ABSORB;
        end
        S_ABSORB: begin
            if (take_beat) begin
                if (beat_bad)
                    err <= 1'b1;
                if (!s_tlast) begin
                    buf_q[64 * widx +: 64] <= s_tdata;
                    widx <= widx + 5'd1;
                    if (widx + 5'd1 >= rate_w)
                        full <= 1'b1;
                end else if (kb != 4'd8 || widx + 5'd1 < rate_w) begin
                    // the padding starts in this lane or the next one of this block
                    buf_q[64 * widx +: 64] <= last_lane;
                    if (kb == 4'd8)
                        buf_q[64 * widx_p1 +: 64] <= {56'd0, suffix};
                    full      <= 1'b1;
                    final_blk <= 1'b1;
                end else begin
                    // a full last lane closes the block: the padding takes a block of its own
                    buf_q[64 * widx +: 64] <= s_tdata;
                    full     <= 1'b1;
                    pad_next <= 1'b1;
                end
                if (cmd_bad) begin
                    // out-of-range command: read to s_tlast, nothing reaches the permutation
                    full      <= 1'b0;
                    final_blk <= 1'b0;
                    pad_next  <= 1'b0;
                    if (s_tlast) begin
                        st       <= S_STATUS;
                        st_valid <= 1'b1;
                        st_err   <= 1'b1;
                    end
                end
            end
            if (take_blk) begin
                fresh     <= 1'b0;
                full      <= 1'b0;
                widx      <= 5'd0;
                final_blk <= 1'b0;
                buf_q     <= 1536'd0;
                if (pad_next) begin
                    buf_q[63:0] <= {56'd0, suffix};
                    pad_next    <= 1'b0;
                    full        <= 1'b1;
                    final_blk   <= 1'b1;
                end else if (final_blk) begin
                    sq_idx  <= 5'd0;
                    sq_last <= (rate_w == 5'd1);
                    st      <= S_WAIT;
                end
            end
        end
        S_WAIT: if (p_valid) begin
            err <= err || p_terr;
            if (err || p_terr || left == 32'd0)
                st <= S_DROP;
            else
                st <= S_SQUEEZE;
        end
        S_SQUEEZE: if (m_tvalid && m_tready) begin
            left   <= left_le8 ? 32'd0 : left - 32'd8;
            left_le8 <= left_le16;
            left_le16 <= (left <= 32'd24);
            sq_idx <= sq_last ? 5'd0 : sq_idx + 5'd1;
            sq_last <= (sq_idx + 5'd2 == rate_w) || (sq_last && rate_w == 5'd1);
            if (left_le8)
                st <= S_DROP;
            else if (sq_last)
                st <= S_WAIT;                     // sq_more handed the state back
        end
        S_DROP: begin                             // the state leaves the permutation
            st       <= S_STATUS;
            st_valid <= 1'b1;
            st_err   <= err;
        end
        S_STATUS: if (st_valid && st_ready) begin
            st_valid <= 1'b0;
            st       <= S_IDLE;
        end
        default: st <= S_IDLE;
        endcase
    end
end

endmodule
`default_nettype wire
