// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// One pipelined Serpent round with its own round-key memory (one entry per key slot), or
// (RK_EXT = 1) with none, taking its key from another round in lock step; in the proposal's
// bitslice form (no IP/FP).
//
// State word order (the proposal's): state = {X3, X2, X1, X0}, X0 = state[31:0]; bit j of the
// four words is one S-box nibble {X3[j], X2[j], X1[j], X0[j]} (X0 = nibble bit 0). The round
// key k uses the same order. serpent_core.v maps tdata to this order.
//
// The key mixing of the next round is folded into this round's linear stage, so the S-box
// stage sees exactly the 4 bits of its nibble (one LUT4 per output bit) and the round key
// enters the XOR tree of the linear transformation:
//
// KIND = 0  whitening:    out = in ^ k                  (1 register stage)
// KIND = 1  middle round: out = LT(S_BOX(in)) ^ k       (STAGES register stages; the
//                         memory holds k folded for serpent_lt.v, one LUT4 per output bit)
// KIND = 2  final round:  out = S_BOX(in) ^ k           (STAGES register stages)
// With DECRYPT=1, S_BOX^-1 and LT^-1 are used; serpent_key_expand.v supplies the keys of the
// equivalent inverse cipher (InvLT applied to the inner round keys).
//
// STAGES = 1  S-box, LT and key XOR in one stage
// STAGES = 2  S-box | LT + key XOR
//
// The round key is read from the slot memory addressed by the slot the block carries, so
// consecutive blocks may use different slots at no cost. Middle and final rounds read it one
// clock ahead and register it, so the key XOR sees a flop, not a distributed-RAM read: with
// STAGES = 2 by the slot entering the S-box stage (in_slot), with STAGES = 1 by the slot the
// previous round is registering (in_slot_next, its out_slot_next). Slot reloads wait DRAIN
// clocks after the last key write (lc_key_slot_ctrl), so an early read never sees a key being
// replaced. The pipe never
// stalls: valid and the sideband (slot, meta) travel with the data; only valid is reset.
//
// Key writes travel along the chain of rounds (kw_* in, kwo_* out, one register per round) so
// no net runs from the key-expansion unit to every round's memory across the chip. A round
// takes the writes whose round field of kw_pos equals its POS. The bus is 32 bits wide: a round
// key arrives as four words, kw_pos = {position, word} (lc_round_key_mem, BUS_W = 32).
//
// Key sharing between rounds in lock step (serpent_core RK_EXT / RK_OUT, cipher_lanes):
// rk_used (RK_OUT = 1) is a_rk, the key the linear + key stage XORs on this clock (a flop for
// middle and final rounds; the memory read by in_slot for the whitening round). A round with
// RK_EXT = 1 has no key memory, no key register and no write-bus registers (kwo_* are 0): it
// XORs rk_in in place of a_rk, on the same clock. That is its own key whenever the round
// feeding rk_in holds, on every clock, a block of the same slot in the same stage and was
// written the same keys: rounds of lanes that get the same beats, slots and key loads on the
// same clocks. With RK_OUT = 0 rk_used is one constant bit, with RK_EXT = 0 rk_in is one
// unused bit: a round that shares nothing has no 128-bit key port.
module serpent_round #(
    parameter KIND    = 1,
    parameter DECRYPT = 0,
    parameter STAGES  = 2,
    parameter BOX     = 0,       // S-box index 0..7 (of the inverse S-boxes when DECRYPT=1)
    parameter NSLOTS  = 4,
    parameter META_W  = 8,
    parameter POS     = 0,       // position in the pipeline (0 = whitening)
    parameter RK_EXT  = 0,       // 1: no key memory: the key comes on rk_in
    parameter RK_OUT  = 0,       // 1: rk_used carries the key this round uses
    // derived
    parameter SLOT_W  = (NSLOTS > 1) ? $clog2(NSLOTS) : 1,
    parameter RKI_W   = RK_EXT ? 128 : 1,
    parameter RKO_W   = RK_OUT ? 128 : 1
) (
    input  wire              clk,
    input  wire              rst,

    input  wire              in_valid,
    input  wire [SLOT_W-1:0] in_slot,
    /* verilator lint_off UNUSEDSIGNAL */   // read only by middle/final rounds with STAGES = 1
    input  wire [SLOT_W-1:0] in_slot_next,  // slot the previous round registers this clock
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [META_W-1:0] in_meta,
    input  wire [127:0]      in_state,

    // round-key write bus (from the key-expansion unit or the previous round)
    input  wire              kw_en,
    input  wire              kw_hit,     // kw_en && kw_pos[7:2] == POS (see lc_round_key_mem)
    input  wire [7:0]        kw_pos,     // {position 0..32, word 0..3}
    input  wire [SLOT_W-1:0] kw_slot,
    input  wire [31:0]       kw_key,     // word kw_pos[1:0] of the round key
    output wire              kwo_en,
    output wire              kwo_hit,
    output wire [7:0]        kwo_pos,
    output wire [SLOT_W-1:0] kwo_slot,
    output wire [31:0]       kwo_key,

    // shared round key (see the header): rk_in is used with RK_EXT = 1 only
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [RKI_W-1:0]  rk_in,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire [RKO_W-1:0]  rk_used,

    output wire [SLOT_W-1:0] out_slot_next, // slot this round registers this clock (into out_slot)
    output reg               out_valid,
    output reg  [SLOT_W-1:0] out_slot,
    output reg  [META_W-1:0] out_meta,
    output reg  [127:0]      out_state
);

generate
if (KIND < 0 || KIND > 2) begin : g_bad_kind
    $error("%m: KIND must be 0 (whitening), 1 (middle) or 2 (final)");
end
if (STAGES < 1 || STAGES > 2) begin : g_bad_stages
    $error("%m: STAGES must be 1 or 2");
end
if (BOX < 0 || BOX > 7) begin : g_bad_box
    $error("%m: BOX must be 0..7");
end
if ((RK_EXT != 0 && RK_EXT != 1) || (RK_OUT != 0 && RK_OUT != 1)) begin : g_bad_rk
    $error("%m: RK_EXT and RK_OUT must be 0 or 1");
end
endgenerate

// ---- round-key memory (one entry per slot) on the write bus, read asynchronously
// (whitening: in place; middle and final rounds: one clock ahead, then registered)
localparam [2:0] BOX_W = BOX[2:0];
wire [127:0]      rk_rd;
wire [SLOT_W-1:0] rk_rd_slot;
wire [127:0]      rk_x;      // the shared key (RK_EXT = 1)
generate
if (RK_EXT == 0) begin : g_mem
    lc_round_key_mem #(.KEY_W(128), .NSLOTS(NSLOTS), .POS(POS), .POS_W(8), .BUS_W(32)) u_keys (
        .clk(clk), .rst(rst),
        .kw_en(kw_en), .kw_hit(kw_hit), .kw_pos(kw_pos), .kw_slot(kw_slot), .kw_key(kw_key),
        .kwo_en(kwo_en), .kwo_hit(kwo_hit), .kwo_pos(kwo_pos), .kwo_slot(kwo_slot), .kwo_key(kwo_key),
        .rd_slot(rk_rd_slot), .rd_key(rk_rd)
    );
    assign rk_x = 128'd0;
end else begin : g_ext
    // no memory: the write bus ends here and the key register below holds a constant
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_kw = kw_en ^ kw_hit ^ ^kw_pos ^ ^kw_slot ^ ^kw_key ^ ^rk_rd_slot;
    /* verilator lint_on UNUSEDSIGNAL */
    assign {kwo_en, kwo_hit, kwo_pos, kwo_slot, kwo_key} = {(42 + SLOT_W){1'b0}};
    assign rk_rd = 128'd0;
    assign rk_x  = rk_in;
end
endgenerate

// ---- the stage(s) before the linear + key stage: a_* is what enters it
wire              a_valid;
wire [SLOT_W-1:0] a_slot;
wire [META_W-1:0] a_meta;
wire [127:0]      a_state;   // after the S-box layer (or the raw input for KIND 0)
wire [127:0]      a_rk;      // round key for the block in the linear + key stage

generate
if (KIND == 0) begin : g_init
    assign a_valid = in_valid;
    assign a_slot  = in_slot;
    assign a_meta  = in_meta;
    assign a_state = in_state;
    assign rk_rd_slot = in_slot;      // its inputs come straight from the admission registers
    assign a_rk    = RK_EXT ? rk_x : rk_rd;
end else begin : g_sub
    // bitslice S-box layer: 32 nibbles, one LUT4 per output bit
    wire [127:0] sb;
    genvar j;
    for (j = 0; j < 32; j = j + 1) begin : g_nib
        wire [3:0] y;
        serpent_sbox #(.INVERSE(DECRYPT)) u_sbox (
            .box(BOX_W),
            .x({in_state[96+j], in_state[64+j], in_state[32+j], in_state[j]}),
            .y(y));
        assign sb[j]      = y[0];
        assign sb[32+j]   = y[1];
        assign sb[64+j]   = y[2];
        assign sb[96+j]   = y[3];
    end

    if (STAGES == 1) begin : g_s1
        reg [127:0] rk_q;
        assign rk_rd_slot = in_slot_next;
        always @(posedge clk) rk_q <= rk_rd;
        assign a_valid = in_valid;
        assign a_slot  = in_slot;
        assign a_meta  = in_meta;
        assign a_state = sb;
        assign a_rk    = RK_EXT ? rk_x : rk_q;
    end else begin : g_s2
        reg              v_q;
        reg [SLOT_W-1:0] s_q;
        reg [META_W-1:0] m_q;
        reg [127:0]      sb_q;
        reg [127:0]      rk_q;
        always @(posedge clk) begin
            v_q  <= in_valid;
            s_q  <= in_slot;
            m_q  <= in_meta;
            sb_q <= sb;
            rk_q <= rk_rd;
            if (rst) v_q <= 1'b0;
        end
        assign rk_rd_slot = in_slot;
        assign a_valid = v_q;
        assign a_slot  = s_q;
        assign a_meta  = m_q;
        assign a_state = sb_q;
        assign a_rk    = RK_EXT ? rk_x : rk_q;
    end
end
endgenerate

// ---- linear transformation + key (middle rounds: the memory holds the folded key, see
// serpent_lt.v and fold() in serpent_key_expand.v), or the key XOR alone (whitening, final round)
wire [127:0] lin;
generate
if (KIND == 1) begin : g_lt
    serpent_lt #(.INVERSE(DECRYPT)) u_lt (.x(a_state), .m(a_rk), .y(lin));
end else begin : g_nolt
    assign lin = a_state ^ a_rk;
end
endgenerate

assign out_slot_next = a_slot;
generate
if (RK_OUT != 0) begin : g_rk_out
    assign rk_used = a_rk;
end else begin : g_no_rk_out
    assign rk_used = 1'b0;
end
endgenerate

// ---- output register
always @(posedge clk) begin
    out_valid <= a_valid;
    out_slot  <= a_slot;
    out_meta  <= a_meta;
    out_state <= lin;
    if (rst) out_valid <= 1'b0;
end

endmodule

`default_nettype wire
