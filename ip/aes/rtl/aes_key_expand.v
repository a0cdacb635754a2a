// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// AES key-expansion unit: expands one key into the round-key memories of the round pipeline
// while data for other slots keeps flowing (it only writes the memories of slot `start_slot`).
//
// Word-serial FIPS-197 5.2 KeyExpansion, one 32-bit word every PHASES clocks, so the unit is
// small (one SubWord) and its S-box path is pipelined like the data path's (a split S-box when
// SPLIT_SBOX=1); its counters advance on a flop (last_q). A whole key takes 4*(Nr+1)*PHASES
// clocks (AES-128 two-stage: 44*4 = 176 clocks), negligible against the message stream.
//
// Key byte order: key[KEY_BITS-1 -: 8] is key byte 0 (FIPS-197 Appendix A "Cipher Key").
// Round keys: rk_key[127:120] is byte 0 of the round key (same as the state).
//
// DECRYPT=1: the round keys are written for the equivalent inverse cipher (FIPS-197 5.3.5):
// round key r goes to pipeline position Nr-r, and InvMixColumns is applied for 1 <= r <= Nr-1.
//
// ENHANCED_KX=1 (AES-128 only, NOT AES, never interoperable): the enhanced key expansion of seed
// 002 Fig. 7c, exactly as documented in linecrypt/models/aes.py:expand_key_enhanced.
module aes_key_expand #(
    parameter KEY_BITS    = 128,
    parameter DECRYPT     = 0,
    parameter ENHANCED_KX = 0,
    parameter SPLIT_SBOX  = 0,
    parameter NSLOTS      = 4,
    // derived
    parameter SLOT_W      = (NSLOTS > 1) ? $clog2(NSLOTS) : 1,
    parameter NK          = KEY_BITS / 32,
    parameter NR          = NK + 6
) (
    input  wire                clk,
    input  wire                rst,

    input  wire                start,       // pulse; ignored while busy
    input  wire [SLOT_W-1:0]   start_slot,
    input  wire [KEY_BITS-1:0] start_key,   // must stay stable while busy (read in place)
    output reg                 busy,

    output reg                 rk_en,       // write round key rk_key into position rk_pos of slot rk_slot
    output reg  [3:0]          rk_pos,      // pipeline position 0..Nr (0 = initial AddRoundKey)
    output reg                 rk_hit0,     // rk_en && rk_pos == 0, a flop (the first round's match)
    output reg  [SLOT_W-1:0]   rk_slot,
    output reg  [127:0]        rk_key
);

generate
if (KEY_BITS != 128 && KEY_BITS != 192 && KEY_BITS != 256) begin : g_bad_key
    $error("%m: KEY_BITS must be 128, 192 or 256");
end
if (ENHANCED_KX && KEY_BITS != 128) begin : g_bad_ekx
    $error("%m: the enhanced key expansion is defined for AES-128 only");
end
endgenerate

localparam PHASES = 4 + SPLIT_SBOX;   // select | (sub-tables) | S-box | transform | combine
localparam integer NK_M1_I = NK - 1;
localparam [5:0] NK_W  = NK[5:0];        // sized copies for comparisons
localparam [2:0] NK_M1 = NK_M1_I[2:0];
localparam [3:0] NR_W  = NR[3:0];

function [31:0] rotl;
    input [31:0] w;
    input integer n;
    rotl = (w << n) | (w >> (32 - n));
endfunction

function [7:0] xt;
    input [7:0] a;
    xt = {a[6:0], 1'b0} ^ (a[7] ? 8'h1b : 8'h00);
endfunction

reg  [SLOT_W-1:0]   slot_q;
reg  [5:0]          wi;        // word index i, 0 .. NWORDS-1
reg  [2:0]          kpos;      // i mod Nk
reg  [2:0]          phase;
reg  [7:0]          rcon;      // Rcon for the next g() word
reg  [31:0]         sr [0:7];  // sr[0] = w[i-1], sr[1] = w[i-2], ...
reg                 wr_pending;
reg  [3:0]          rk_idx;    // index r of the next round key to write
reg                 rk_last_f; // rk_idx == Nr, a flop that changes with rk_idx
reg                 fl_f;      // wi[1:0] == 3 && rk_idx == Nr, a clock late (both are stable
                               // for PHASES clocks before last_q reads them)
reg                 fin_q;     // wr_pending && rk_idx == Nr: the last write (busy falls after it),
                               // a flop of its own, one LUT of two flops (last_q, fl_f) that
                               // shares nothing with wr_pending's decode, so busy and hold_q are
                               // one LUT of flops. Decoded from wr_pending and rk_idx they would
                               // be 3 LUT levels after a long hop from wr_pending, and a fin_q
                               // decoded from wr_pending's inputs shares that LUT
                               // (docs/timing.md, "Key slots and key expansion")
reg                 last_q;    // phase == PHASES-1 (a flop, so the counters' enables are flops)
reg                 past_key;  // wi >= NK (the words after the cipher key itself)
reg                 key_end_f; // wi == NK-1, a flop that changes with wi: past_key is set from
                               // flops only, so the compare on wi shares no LUT with
                               // wr_pending's input
// kpos decoded into flops that change with kpos (so the word select is flop -> one LUT -> flop)
reg                 g_f;       // kpos == 0: the g() word (RotWord, SubWord, Rcon)
reg                 sub_f;     // Nk = 8 and kpos == 4: SubWord only
wire [2:0]          kpos_nx = (kpos == NK_M1) ? 3'd0 : kpos + 3'd1;

// ---- phase-0 selection (registered): A, B and what to do with B
localparam T_PASS = 2'd0, T_G = 2'd1, T_SUB = 2'd2, T_ROT = 2'd3;
reg  [31:0] a_sel, b_sel;
reg  [1:0]  t_sel;
reg         rot16_sel;
always @* begin
    a_sel = sr[NK-1];
    b_sel = sr[0];
    t_sel = T_PASS;
    rot16_sel = 1'b0;
    if (ENHANCED_KX) begin
        case (kpos[1:0])
            2'd0: begin a_sel = sr[3]; b_sel = sr[0]; t_sel = T_G; end
            2'd1: begin a_sel = sr[3]; b_sel = sr[2]; t_sel = T_G; end
            2'd2: begin a_sel = sr[1]; b_sel = sr[0]; t_sel = T_ROT; rot16_sel = sr[1][31]; end
            default: begin a_sel = sr[1]; b_sel = sr[0]; t_sel = T_ROT; rot16_sel = sr[2][0]; end
        endcase
    end else if (g_f) begin
        t_sel = T_G;
    end else if (sub_f) begin
        t_sel = T_SUB;
    end
end

reg  [31:0] a_q, b_q, sin_q, sub_q, t_q;
reg  [1:0]  t_q_sel;
reg         rot16_q;
wire [31:0] sub_w;
genvar gb;
generate
for (gb = 0; gb < 4; gb = gb + 1) begin : g_sub
    if (SPLIT_SBOX) begin : g_split
        aes_sbox #(.INVERSE(0), .REG(1)) u_sbox (.clk(clk), .rst(rst), .x(sin_q[31-8*gb -: 8]), .y(sub_w[31-8*gb -: 8]));
    end else begin : g_full
        aes_sbox #(.INVERSE(0)) u_sbox (.clk(clk), .rst(rst), .x(sin_q[31-8*gb -: 8]), .y(sub_w[31-8*gb -: 8]));
    end
end
endgenerate

// Free-running datapath: every register reloads every clock from values that are stable for
// the PHASES clocks of one word, so the result is settled when phase == PHASES-1.
always @(posedge clk) begin
    a_q     <= a_sel;
    b_q     <= b_sel;
    t_q_sel <= t_sel;
    rot16_q <= rot16_sel;
    sin_q   <= (t_sel == T_G) ? rotl(b_sel, 8) : b_sel;   // RotWord = rotate left by one byte
    sub_q   <= sub_w;
    case (t_q_sel)
        T_G:     t_q <= sub_q ^ {rcon, 24'h0};
        T_SUB:   t_q <= sub_q;
        T_ROT:   t_q <= rot16_q ? rotl(b_q, 16) : rotl(b_q, 8);
        default: t_q <= b_q;
    endcase
    // every flop on the one reset net (lc_block_shell.v), though these need no reset
    if (rst) begin
        a_q     <= 32'd0;
        b_q     <= 32'd0;
        t_q_sel <= T_PASS;
        rot16_q <= 1'b0;
        sin_q   <= 32'd0;
        sub_q   <= 32'd0;
        t_q     <= 32'd0;
    end
end

// ---- the new word, and round-key assembly (the cipher key's word is registered like the
// rest of the free-running datapath; past_key is a flop, so w_new is one LUT per bit)
reg  [31:0] key_word_q;
always @(posedge clk) key_word_q <= rst ? 32'd0 : start_key[KEY_BITS-1-32*wi[2:0] -: 32];
wire [31:0] w_new    = past_key ? (a_q ^ t_q) : key_word_q;
wire        last_ph  = last_q;

// equivalent-inverse-cipher key words
wire [31:0] imc [0:3];
genvar gw;
generate
for (gw = 0; gw < 4; gw = gw + 1) begin : g_imc
    aes_mix_column #(.INVERSE(1)) u_imc (.col(sr[3-gw]), .rk(32'd0), .out(imc[gw]));
end
endgenerate
wire use_imc = DECRYPT && (rk_idx != 4'd0) && (rk_idx != NR_W);

// Counters: while idle they are held at their start values (so `start` only sets busy and the
// slot); while busy they advance on last_q, a flop that is high in the last phase of a word.
// "Idle" is a flop of its own (hold_q == !busy): Yosys maps the hold to the counters' synchronous
// reset, and with !busy that would be an inverter LUT driving ~25 LSR pins, which the placer can
// put far from busy and the counters (two long hops on one path).
reg hold_q;
(* keep *) always @(posedge clk)
    hold_q <= rst ? 1'b1 : (busy ? fin_q : !start);

// The wide registers are enabled by flops, never by hold_q: last_q and wr_pending imply !hold_q
// (last_q needs busy in the clock before; wr_pending is high only in phase 0, and hold_q rises
// only after a wr_pending with phase 0 != PHASES-2), which Yosys cannot see, so gating them by
// the hold would make one shared "last_q & !hold_q" LUT the clock enable of all 256
// shift-register flops, placed far from last_q / hold_q (docs/timing.md, "Key slots and key
// expansion").
// Each 32-bit word of the shift register and of the round-key register has its own copy of its
// enable, each a (* keep *) block so Yosys does not merge them back into one net.
// The copies of last_q load from sh_pre (busy && phase == PHASES-3 a clock earlier: the same
// clock, since a busy unit's phase advances every clock and busy never falls in that phase), a
// flop to flop hop with no LUT: decoding busy and the phase in front of every copy would put a
// LUT after a long hop from the busy flop.
reg       sh_pre;
reg [7:0] sh_c;   // copies of last_q: sh_c[j] enables sr[j]
reg [4:0] wp_c;   // copies of wr_pending: wp_c[j] enables rk_key word j, wp_c[4] rk_pos/rk_slot
genvar gc;
generate
(* keep *) always @(posedge clk) sh_pre <= rst ? 1'b0 : (busy && (phase == PHASES - 3));
for (gc = 0; gc < 8; gc = gc + 1) begin : g_sh_copy
    (* keep *) always @(posedge clk) sh_c[gc] <= rst ? 1'b0 : sh_pre;
end
for (gc = 0; gc < 5; gc = gc + 1) begin : g_wp_copy
    (* keep *) always @(posedge clk) wp_c[gc] <= rst ? 1'b0 : (last_q && (wi[1:0] == 2'd3));
end
endgenerate
integer k;
always @(posedge clk) begin
    if (sh_c[0]) sr[0] <= w_new;
    for (k = 1; k < 8; k = k + 1) if (sh_c[k]) sr[k] <= sr[k-1];
    if (wp_c[4]) begin
        rk_pos  <= DECRYPT ? (NR_W - rk_idx) : rk_idx;
        rk_slot <= slot_q;
    end
    for (k = 0; k < 4; k = k + 1)
        if (wp_c[k]) rk_key[32*k +: 32] <= use_imc ? imc[3-k] : sr[k];
    if (rst) begin
        for (k = 0; k < 8; k = k + 1) sr[k] <= 32'd0;
        rk_pos  <= 4'd0;
        rk_slot <= {SLOT_W{1'b0}};
        rk_key  <= 128'd0;
    end
end

always @(posedge clk) begin
    // phase PHASES-1 next clock: the phase now is PHASES-2 (PHASES >= 4), and the unit stays busy
    last_q     <= busy && (phase == PHASES - 2);
    wr_pending <= last_q && (wi[1:0] == 2'd3);
    fl_f       <= (wi[1:0] == 2'd3) && rk_last_f;
    fin_q      <= last_q && fl_f;
    rk_en      <= wr_pending;
    // the first round's write match as a flop beside rk_en: decoded in aes_core, it would be a
    // LUT between rk_en and round 0's hit_q copies, after a long hop (docs/timing.md)
    rk_hit0    <= wr_pending && ((DECRYPT ? (NR_W - rk_idx) : rk_idx) == 4'd0);
    if (!hold_q) begin
        phase <= last_ph ? 3'd0 : phase + 3'd1;
        if (last_ph) begin
            wi   <= wi + 6'd1;
            key_end_f <= (wi == NK_W - 6'd2);
            kpos  <= kpos_nx;
            g_f   <= (kpos_nx == 3'd0);
            sub_f <= (NK == 8) && (kpos_nx == 3'd4);
            if (key_end_f) past_key <= 1'b1;
            // Rcon advances after its last use in a round: word 0 (FIPS-197) or word 1 (enhanced).
            if (past_key && kpos == (ENHANCED_KX ? 3'd1 : 3'd0)) rcon <= xt(rcon);
        end
        if (wr_pending) begin
            rk_idx    <= rk_idx + 4'd1;
            rk_last_f <= (rk_idx == NR_W - 4'd1);
        end
    end else begin
        wi         <= 6'd0;
        kpos       <= 3'd0;
        g_f        <= 1'b1;
        sub_f      <= 1'b0;
        phase      <= 3'd0;
        rcon       <= 8'h01;
        rk_idx     <= 4'd0;
        rk_last_f  <= 1'b0;          // Nr >= 10
        past_key   <= 1'b0;
        key_end_f  <= 1'b0;          // Nk >= 4: word 0 is not the last key word
        if (start) slot_q <= start_slot;
    end
    // busy is the complement of hold_q (one LUT of four flops, no hold_q input)
    busy <= rst ? 1'b0 : (busy ? !fin_q : start);
    if (rst) begin
        rk_en      <= 1'b0;
        rk_hit0    <= 1'b0;
        wr_pending <= 1'b0;
        fin_q      <= 1'b0;
        last_q     <= 1'b0;
        fl_f       <= 1'b0;
        slot_q     <= {SLOT_W{1'b0}};
    end
end

`ifndef SYNTHESIS
// Simulation check: hold_q restates when busy changes; it must be its complement after reset.
// The enable copies equal last_q / wr_pending, which are never high during the hold.
reg hold_chk_armed;
initial hold_chk_armed = 1'b0;
always @(posedge clk) begin
    if (rst) hold_chk_armed <= 1'b1;
    else if (hold_chk_armed && hold_q !== !busy) begin
        $display("%m: hold_q %b but busy %b", hold_q, busy);
        $fatal(1);
    end else if (hold_chk_armed && rk_hit0 !== (rk_en && rk_pos == 4'd0)) begin
        $display("%m: rk_hit0 %b but rk_en %b rk_pos %0d", rk_hit0, rk_en, rk_pos);
        $fatal(1);
    end else if (hold_chk_armed && fin_q !== (wr_pending && rk_idx == NR_W)) begin
        $display("%m: fin_q %b but wr_pending %b rk_idx %0d", fin_q, wr_pending, rk_idx);
        $fatal(1);
    end else if (hold_chk_armed && (sh_c !== {8{last_q}} || wp_c !== {5{wr_pending}}
                                    || (hold_q && (last_q || wr_pending)))) begin
        $display("%m: enable copies sh_c %b wp_c %b last_q %b wr_pending %b hold_q %b",
                 sh_c, wp_c, last_q, wr_pending, hold_q);
        $fatal(1);
    end
end
`endif

endmodule

`default_nettype wire
