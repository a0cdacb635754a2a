// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// OCB3 nonce-dependent initial offset (RFC 7253 section 4.2) with a per-slot Ktop cache.
//
// Bit and byte order (RFC 7253 section 2): bit [127] of a block is the RFC's bit 1. The nonce
// N (1..15 bytes, s_nonce_len) arrives left-aligned: byte 0 of N on s_nonce[127:120]; bytes
// past s_nonce_len are ignored. s_taglen is TAGLEN in bytes, 1..16.
//
// For each request (nonce, length, tag length, slot) the unit forms
//   Nonce  = num2str(TAGLEN mod 128, 7) || zeros(120 - bitlen(N)) || 1 || N
//   Top    = Nonce[1..122] || zeros(6),  bottom = str2num(Nonce[123..128])
// and looks Top up in the slot's cache (the last Top that missed in the slot). A hit reuses
// the cached Ktop; a miss sends Top on the cipher request port (e_*, with the slot) and the
// answer Ktop = E_K(Top) comes back on k_* (answers in request order; k_ready is high only
// when the unit takes it). Then
//   Stretch  = Ktop || (Ktop[1..64] xor Ktop[9..72])            (192 bits)
//   Offset_0 = Stretch[1+bottom .. 128+bottom]                  (two 8:1 shift stages)
// goes out on m_* in request order. Counter nonces (same length and tag length) share Top
// for 64 consecutive values: one cipher call per 64 once the cache holds their Top.
//
// Pipeline: input register -> formatted nonce -> lookup (the hit is computed one stage early,
// with the Top the lookup stage writes this clock forwarded) -> pending FIFO of DEPTH entries
// {hit, slot, bottom, user} -> Ktop (cache or answer) -> coarse shift -> fine shift (m_*).
// At most DEPTH requests are between the lookup and the output, so at most DEPTH cipher
// answers are outstanding. A hit that follows a miss of the same Top before its answer is
// back is still a hit: the cache's Ktop is written when the miss leaves the FIFO, before the
// hit behind it reads it.
//
// Cache invalidation: flush_valid forgets flush_slot's Top (the engine flushes a slot when it
// loads a new key into it), to be used only while no request of that slot is in the unit.
// Reset forgets every slot and empties the pipeline; hits/misses count the lookups since reset.
module ocb3_nonce #(
    parameter NSLOTS  = 4,          // power of two >= 2
    parameter USER_W  = 8,
    parameter DEPTH   = 16,         // pending FIFO (power of two >= 2)
    parameter COUNT_W = 32,
    // derived
    parameter SLOT_W = $clog2(NSLOTS)
) (
    input  wire               clk,
    input  wire               rst,

    // requests
    input  wire [127:0]       s_nonce,
    input  wire [3:0]         s_nonce_len,   // bytes, 1..15
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [4:0]         s_taglen,      // bytes, 1..16 (bit 4 only tells 16 from 0)
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [SLOT_W-1:0]  s_slot,
    input  wire [USER_W-1:0]  s_user,
    input  wire               s_valid,
    output wire               s_ready,

    // cipher requests: E_K(e_top) with the key of e_slot
    output wire [127:0]       e_top,
    output wire [SLOT_W-1:0]  e_slot,
    output wire               e_valid,
    input  wire               e_ready,

    // cipher answers, in request order
    input  wire [127:0]       k_ktop,
    input  wire               k_valid,
    output wire               k_ready,

    // initial offsets, in request order
    output reg  [127:0]       m_offset0,
    output reg  [USER_W-1:0]  m_user,
    output reg                m_valid,
    input  wire               m_ready,

    input  wire               flush_valid,
    input  wire [SLOT_W-1:0]  flush_slot,

    output reg  [COUNT_W-1:0] hits,
    output reg  [COUNT_W-1:0] misses
);

generate
if (NSLOTS < 2 || (NSLOTS & (NSLOTS - 1)) != 0) begin : g_bad_slots
    $error("%m: NSLOTS must be a power of two >= 2");
end
endgenerate

// ------------------------------------------------------------------ stage 0: input register
reg              s0_valid;
reg [127:0]      s0_nonce;
reg [3:0]        s0_len;
reg [3:0]        s0_taglen;     // TAGLEN/8 mod 16: 8*taglen mod 128 = 8*(taglen mod 16)
reg [SLOT_W-1:0] s0_slot;
reg [USER_W-1:0] s0_user;

// ------------------------------------------------------------------ stage 1: formatted nonce
reg              s1_valid;
reg [121:0]      s1_top;        // Nonce[1..122]
reg [5:0]        s1_bottom;
reg [SLOT_W-1:0] s1_slot;
reg [USER_W-1:0] s1_user;

// ------------------------------------------------------------------ stage 2: lookup
reg              s2_valid;
reg              s2_hit;
reg [121:0]      s2_top;
reg [5:0]        s2_bottom;
reg [SLOT_W-1:0] s2_slot;
reg [USER_W-1:0] s2_user;

reg [121:0]      tag    [0:NSLOTS-1];
reg [NSLOTS-1:0] tag_ok;

localparam integer PW = 1 + SLOT_W + 6 + USER_W;
wire          pf_s_ready, pf_m_valid, pf_m_ready;
wire [PW-1:0] pf_m_data;
/* verilator lint_off UNUSEDSIGNAL */
wire          pf_m_valid_next;              // unused FIFO outputs
wire [$clog2(DEPTH):0] pf_count;
/* verilator lint_on UNUSEDSIGNAL */

wire s2_go = s2_valid && pf_s_ready && (s2_hit || e_ready);     // leaves into the FIFO
wire ld2   = !s2_valid || s2_go;
wire ld1   = !s1_valid || ld2;
wire ld0   = !s0_valid || ld1;
assign s_ready = ld0;

assign e_valid = s2_valid && !s2_hit && pf_s_ready;
assign e_top   = {s2_top, 6'd0};
assign e_slot  = s2_slot;

// formatting: N right-aligned (shift by 16 - len bytes), the 1 above it, TAGLEN mod 128 on top
wire [127:0] n_right = s0_nonce >> {(5'd16 - {1'b0, s0_len}), 3'b000};
wire [127:0] one_bit = 128'd1 << {s0_len, 3'b000};
wire [127:0] fmt     = {s0_taglen, 3'b000, 121'd0} | one_bit | n_right;

// the lookup, one stage early: the tag the lookup stage writes this clock is forwarded
wire s1_eq_tag = tag_ok[s1_slot] && (tag[s1_slot] == s1_top);
wire s1_eq_s2  = (s2_top == s1_top);
wire s1_fwd    = s2_valid && !s2_hit && (s2_slot == s1_slot);

always @(posedge clk) begin
    if (rst) begin
        s0_valid <= 1'b0;
        s1_valid <= 1'b0;
        s2_valid <= 1'b0;
        tag_ok   <= {NSLOTS{1'b0}};
        hits     <= {COUNT_W{1'b0}};
        misses   <= {COUNT_W{1'b0}};
    end else begin
        if (ld0) s0_valid <= s_valid;
        if (ld1) s1_valid <= s0_valid;
        if (ld2) s2_valid <= s1_valid;
        if (s2_go && !s2_hit) tag_ok[s2_slot] <= 1'b1;
        if (flush_valid)      tag_ok[flush_slot] <= 1'b0;
        if (s2_go && s2_hit)  hits   <= hits + 1'b1;
        if (s2_go && !s2_hit) misses <= misses + 1'b1;
    end
end

always @(posedge clk) begin
    if (ld0 && s_valid) begin
        s0_nonce  <= s_nonce;
        s0_len    <= s_nonce_len;
        s0_taglen <= s_taglen[3:0];
        s0_slot   <= s_slot;
        s0_user   <= s_user;
    end
    if (ld1 && s0_valid) begin
        s1_top    <= fmt[127:6];
        s1_bottom <= fmt[5:0];
        s1_slot   <= s0_slot;
        s1_user   <= s0_user;
    end
    if (ld2 && s1_valid) begin
        s2_hit    <= s1_fwd ? s1_eq_s2 : s1_eq_tag;
        s2_top    <= s1_top;
        s2_bottom <= s1_bottom;
        s2_slot   <= s1_slot;
        s2_user   <= s1_user;
    end
    if (s2_go && !s2_hit) tag[s2_slot] <= s2_top;
end

lc_fifo #(.WIDTH(PW), .DEPTH(DEPTH)) u_pending (
    .clk(clk), .rst(rst),
    .s_data({s2_hit, s2_slot, s2_bottom, s2_user}), .s_valid(s2_go), .s_ready(pf_s_ready),
    .m_data(pf_m_data), .m_valid(pf_m_valid), .m_ready(pf_m_ready),
    .m_valid_next(pf_m_valid_next), .count(pf_count)
);

// ------------------------------------------------------------------ output side
wire              h_hit    = pf_m_data[PW-1];
wire [SLOT_W-1:0] h_slot   = pf_m_data[6 + USER_W +: SLOT_W];
wire [5:0]        h_bottom = pf_m_data[USER_W +: 6];
wire [USER_W-1:0] h_user   = pf_m_data[USER_W-1:0];

reg  [127:0] kcache [0:NSLOTS-1];
wire adv  = !m_valid || m_ready;                    // the three output stages move together
wire pop  = adv && pf_m_valid && (h_hit || k_valid);
assign pf_m_ready = pop;
assign k_ready    = adv && pf_m_valid && !h_hit;

reg              p1_valid, p2_valid;
reg [127:0]      p1_ktop;
reg [5:0]        p1_bottom;
reg [USER_W-1:0] p1_user, p2_user;
reg [134:0]      p2_win;         // Stretch[1+8*hi .. 135+8*hi]
reg [2:0]        p2_fine;

wire [191:0] stretch = {p1_ktop, p1_ktop[127:64] ^ p1_ktop[119:56]};
// the shifts' low bits fall outside the window (unused by construction)
/* verilator lint_off UNUSEDSIGNAL */
wire [191:0] coarse  = stretch << {p1_bottom[5:3], 3'b000};
wire [134:0] fine    = p2_win << p2_fine;
/* verilator lint_on UNUSEDSIGNAL */

always @(posedge clk) begin
    if (rst) begin
        p1_valid <= 1'b0;
        p2_valid <= 1'b0;
        m_valid  <= 1'b0;
    end else if (adv) begin
        p1_valid <= pop;
        p2_valid <= p1_valid;
        m_valid  <= p2_valid;
    end
end

always @(posedge clk) begin
    if (pop && !h_hit) kcache[h_slot] <= k_ktop;
    if (adv) begin
        p1_ktop   <= h_hit ? kcache[h_slot] : k_ktop;
        p1_bottom <= h_bottom;
        p1_user   <= h_user;
        p2_win    <= coarse[191:57];
        p2_fine   <= p1_bottom[2:0];
        p2_user   <= p1_user;
        m_offset0 <= fine[134:7];
        m_user    <= p2_user;
    end
end

endmodule

`default_nettype wire
