// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// One pipelined DES round (FIPS 46-3) with the subkey memory of the round that FOLLOWS it.
//
// Bit order (FIPS 46-3 numbers bits from 1 = most significant): an n-bit vector v holds the
// standard's bit j at v[n-j]. So l[31] is bit 1 of L, x[47] is bit 1 of E(R) xor K, the S-box
// group B_j is x[47-6(j-1) -: 6].
//
// The pipeline registers hold (L, R, X) with X = E(R) xor K_next: the expanded right half is
// already mixed with the subkey of the round that will consume it. A round computes
//     f  = P(S1(B1) S2(B2) ... S8(B8)),  B1..B8 = X     (the S-boxes read the X flops directly)
//     L' = R,  R' = L xor f                             (ordinary round, SWAP = 0)
//     X' = E(R') xor K_next                             (per bit: L xor S-out xor K, one LUT4)
// so the register-to-register path is S-box (one 6-input LUT) -> one 3-input XOR instead of
// XOR -> S-box -> XOR, and the subkey is read a clock ahead into a flop (see g_rd_ahead).
//
// KIND = 0     input stage: L, R pass through, X = E(R) xor K_1                (1 register)
// KIND = 1     Feistel round as above                                          (STAGES registers)
// SWAP = 1     last round of one DES: the halves leave unswapped (L' = L xor f, R' = R), which is
//              the preoutput R16 L16. In 3DES the next DES starts from it directly: the FP of one
//              DES and the IP of the next cancel, so no permutation sits between the three DES.
// HAS_KEY = 0  the last round of the whole cipher: no next round, no X, no memory.
// STAGES = 2   the S-box output P(S(X)) is registered before the XORs.
//
// Subkey memory (ip/common/rtl/lc_round_key_mem.v): one 48-bit entry per key slot, async read
// (distributed RAM), written through the write bus kw_* from des_key_expand.v that travels from
// round to round (one register per round, kwo_* out), so no net fans out from the key unit to
// every round across the chip. A position takes the write whose kw_pos equals its POS.
module des_round #(
    parameter KIND    = 1,
    parameter SWAP    = 0,
    parameter HAS_KEY = 1,
    parameter POS     = 0,   // pipeline position (0 = input stage); it keeps round POS+1's subkey
    parameter STAGES  = 1,   // 1 or 2 (KIND = 1 only)
    parameter NSLOTS  = 4,
    parameter META_W  = 9,
    // derived
    parameter SLOT_W  = (NSLOTS > 1) ? $clog2(NSLOTS) : 1
) (
    input  wire              clk,
    input  wire              rst,

    input  wire              in_valid,
    input  wire [SLOT_W-1:0] in_slot,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [SLOT_W-1:0] in_slot_next,  // slot the previous stage registers this clock (its out_slot_next)
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [META_W-1:0] in_meta,
    input  wire [31:0]       in_l,
    input  wire [31:0]       in_r,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [47:0]       in_x,      // unused by the input stage (KIND = 0)
    /* verilator lint_on UNUSEDSIGNAL */

    // subkey write bus (from the key unit or the previous round)
    input  wire              kw_en,
    input  wire              kw_hit,     // kw_en && kw_pos == POS (see lc_round_key_mem)
    input  wire [5:0]        kw_pos,
    input  wire [SLOT_W-1:0] kw_slot,
    input  wire [47:0]       kw_key,
    output wire              kwo_en,
    output wire              kwo_hit,
    output wire [5:0]        kwo_pos,
    output wire [SLOT_W-1:0] kwo_slot,
    output wire [47:0]       kwo_key,

    output wire [SLOT_W-1:0] out_slot_next, // slot this stage registers this clock (into out_slot)
    output reg               out_valid,
    output reg  [SLOT_W-1:0] out_slot,
    output reg  [META_W-1:0] out_meta,
    output reg  [31:0]       out_l,
    output reg  [31:0]       out_r,
    output reg  [47:0]       out_x
);

// FIPS 46-3 permutations, pure wiring. Output bit i = input bit T[i] of the standard's table T;
// with bit j of an n-bit vector at v[n-j] that is v[n-T[i]], so the numbers below are the tables
// exactly as printed in the standard, in order.
function [47:0] expand_e;            // E bit-selection table, 32 -> 48 bits
    input [31:0] r;
    expand_e = {
        r[32-32], r[32-1], r[32-2], r[32-3], r[32-4], r[32-5], r[32-4], r[32-5],
        r[32-6], r[32-7], r[32-8], r[32-9], r[32-8], r[32-9], r[32-10], r[32-11],
        r[32-12], r[32-13], r[32-12], r[32-13], r[32-14], r[32-15], r[32-16], r[32-17],
        r[32-16], r[32-17], r[32-18], r[32-19], r[32-20], r[32-21], r[32-20], r[32-21],
        r[32-22], r[32-23], r[32-24], r[32-25], r[32-24], r[32-25], r[32-26], r[32-27],
        r[32-28], r[32-29], r[32-28], r[32-29], r[32-30], r[32-31], r[32-32], r[32-1]};
endfunction

function [31:0] perm_p;              // permutation P of the cipher function
    input [31:0] s;
    perm_p = {
        s[32-16], s[32-7], s[32-20], s[32-21], s[32-29], s[32-12], s[32-28], s[32-17],
        s[32-1], s[32-15], s[32-23], s[32-26], s[32-5], s[32-18], s[32-31], s[32-10],
        s[32-2], s[32-8], s[32-24], s[32-14], s[32-32], s[32-27], s[32-3], s[32-9],
        s[32-19], s[32-13], s[32-30], s[32-6], s[32-22], s[32-11], s[32-4], s[32-25]};
endfunction

generate
if (KIND != 0 && KIND != 1) begin : g_bad_kind
    $error("%m: KIND must be 0 (input stage) or 1 (round)");
end
if (STAGES != 1 && STAGES != 2) begin : g_bad_stages
    $error("%m: STAGES must be 1 or 2");
end
if (POS < 0 || POS > 63) begin : g_bad_pos
    $error("%m: POS must be 0..63");
end
endgenerate

// ---- the stage(s) before the XORs: b_* enter the output register
wire              b_valid;
wire [SLOT_W-1:0] b_slot;
wire [META_W-1:0] b_meta;
wire [31:0]       b_l;       // output halves, before the register
wire [31:0]       b_r;

generate
if (KIND == 0) begin : g_init
    assign b_valid = in_valid;
    assign b_slot  = in_slot;
    assign b_meta  = in_meta;
    assign b_l     = in_l;
    assign b_r     = in_r;
end else begin : g_feistel
    wire [31:0] s_out;       // S1 in [31:28] ... S8 in [3:0]
    des_sbox u_sbox (.x(in_x), .y(s_out));
    wire [31:0] f = perm_p(s_out);

    wire              a_valid;
    wire [SLOT_W-1:0] a_slot;
    wire [META_W-1:0] a_meta;
    wire [31:0]       a_l, a_r, a_f;
    if (STAGES == 1) begin : g_s1
        assign a_valid = in_valid;
        assign a_slot  = in_slot;
        assign a_meta  = in_meta;
        assign a_l     = in_l;
        assign a_r     = in_r;
        assign a_f     = f;
    end else begin : g_s2
        reg              v_q;
        reg [SLOT_W-1:0] s_q;
        reg [META_W-1:0] m_q;
        reg [31:0]       l_q, r_q, f_q;
        always @(posedge clk) begin
            v_q <= in_valid;
            s_q <= in_slot;
            m_q <= in_meta;
            l_q <= in_l;
            r_q <= in_r;
            f_q <= f;
            if (rst) v_q <= 1'b0;
        end
        assign a_valid = v_q;
        assign a_slot  = s_q;
        assign a_meta  = m_q;
        assign a_l     = l_q;
        assign a_r     = r_q;
        assign a_f     = f_q;
    end

    wire [31:0] r_new = a_l ^ a_f;
    assign b_valid = a_valid;
    assign b_slot  = a_slot;
    assign b_meta  = a_meta;
    assign b_l     = SWAP ? r_new : a_r;
    assign b_r     = SWAP ? a_r : r_new;
end
endgenerate

// ---- next round's X = E(b_r) xor K_next, from this position's subkey memory
wire [47:0] b_x;
generate
if (HAS_KEY) begin : g_key
    wire [47:0]       rk;
    wire [47:0]       rk_rd;
    wire [SLOT_W-1:0] rk_rd_slot;
    lc_round_key_mem #(.KEY_W(48), .NSLOTS(NSLOTS), .POS(POS), .POS_W(6)) u_keys (
        .clk(clk), .rst(rst),
        .kw_en(kw_en), .kw_hit(kw_hit), .kw_pos(kw_pos), .kw_slot(kw_slot), .kw_key(kw_key),
        .kwo_en(kwo_en), .kwo_hit(kwo_hit), .kwo_pos(kwo_pos), .kwo_slot(kwo_slot), .kwo_key(kwo_key),
        .rd_slot(rk_rd_slot), .rd_key(rk_rd)
    );
    if (KIND == 0) begin : g_rd_now
        // input stage: read in place (its inputs come straight from the admission registers)
        assign rk_rd_slot = b_slot;
        assign rk         = rk_rd;
    end else begin : g_rd_ahead
        // Feistel round: read the subkey one clock ahead, with the slot of the block that enters
        // b_* next clock (STAGES 1: the previous stage's out_slot_next; STAGES 2: in_slot, which
        // the S-box stage registers), and register it, so E(R') xor K starts from a flop instead
        // of a distributed-RAM read. Slot reloads wait DRAIN clocks after the last write
        // (lc_key_slot_ctrl), so reading one clock early never sees a key being replaced.
        reg [47:0] rk_q;
        assign rk_rd_slot = (STAGES == 1) ? in_slot_next : in_slot;
        always @(posedge clk) rk_q <= rk_rd;
        assign rk = rk_q;
    end
    assign b_x = expand_e(b_r) ^ rk;
end else begin : g_nokey
    // the last round: nothing to store, the bus ends here (des_core leaves kwo_* unconnected)
    assign kwo_en   = kw_en;
    assign kwo_hit  = kw_hit;
    assign kwo_pos  = kw_pos;
    assign kwo_slot = kw_slot;
    assign kwo_key  = kw_key;
    assign b_x      = 48'd0;
end
endgenerate

assign out_slot_next = b_slot;

// ---- output register
always @(posedge clk) begin
    out_valid <= b_valid;
    out_slot  <= b_slot;
    out_meta  <= b_meta;
    out_l     <= b_l;
    out_r     <= b_r;
    out_x     <= b_x;
    if (rst) out_valid <= 1'b0;
end

endmodule

`default_nettype wire
