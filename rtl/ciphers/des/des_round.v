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
// XOR -> S-box -> XOR, and the subkey read (async memory addressed by the slot flop) runs in
// parallel with the S-boxes.
//
// KIND = 0     input stage: L, R pass through, X = E(R) xor K_1                (1 register)
// KIND = 1     Feistel round as above                                          (STAGES registers)
// SWAP = 1     last round of one DES: the halves leave unswapped (L' = L xor f, R' = R), which is
//              the preoutput R16 L16. In 3DES the next DES starts from it directly: the FP of one
//              DES and the IP of the next cancel, so no permutation sits between the three DES.
// HAS_KEY = 0  the last round of the whole cipher: no next round, no X, no memory.
// STAGES = 2   the S-box output P(S(X)) is registered before the XORs.
//
// Subkey memory: one 48-bit entry per key slot, async read (distributed RAM), written through
// the write bus kw_* that travels from round to round (one register per round, kwo_* out), so no
// net fans out from the key unit to every round across the chip. A write carries CD0 = PC1(key)
// of one DES key and the index (0..2) of the DES in the chain that uses that key; this position
// stores K_KEY_N = PC2(C_n || D_n), where C_n, D_n are the halves of CD0 rotated left by the
// cumulative shift of round n: a fixed bit selection of CD0, i.e. wiring.
module des_round #(
    parameter KIND    = 1,
    parameter SWAP    = 0,
    parameter HAS_KEY = 1,
    parameter KEY_DES = 0,   // index of the DES (0..2) whose key write this position takes
    parameter KEY_N   = 1,   // the subkey K_n (n = 1..16) of that key kept here
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
    input  wire [META_W-1:0] in_meta,
    input  wire [31:0]       in_l,
    input  wire [31:0]       in_r,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [47:0]       in_x,      // unused by the input stage (KIND = 0)
    /* verilator lint_on UNUSEDSIGNAL */

    // subkey write bus (from the key unit or the previous round)
    input  wire              kw_en,
    input  wire [1:0]        kw_des,
    input  wire [SLOT_W-1:0] kw_slot,
    input  wire [55:0]       kw_cd,
    output reg               kwo_en,
    output reg  [1:0]        kwo_des,
    output reg  [SLOT_W-1:0] kwo_slot,
    output reg  [55:0]       kwo_cd,

    output reg               out_valid,
    output reg  [SLOT_W-1:0] out_slot,
    output reg  [META_W-1:0] out_meta,
    output reg  [31:0]       out_l,
    output reg  [31:0]       out_r,
    output reg  [47:0]       out_x
);

// FIPS 46-3 tables, entry i (1-based) at [(N-i)*W +: W], printed as in the standard.
localparam [48*6-1:0] E_T = {6'd32, 6'd1, 6'd2, 6'd3, 6'd4, 6'd5, 6'd4, 6'd5, 6'd6, 6'd7, 6'd8, 6'd9,
    6'd8, 6'd9, 6'd10, 6'd11, 6'd12, 6'd13, 6'd12, 6'd13, 6'd14, 6'd15, 6'd16, 6'd17, 6'd16, 6'd17,
    6'd18, 6'd19, 6'd20, 6'd21, 6'd20, 6'd21, 6'd22, 6'd23, 6'd24, 6'd25, 6'd24, 6'd25, 6'd26, 6'd27,
    6'd28, 6'd29, 6'd28, 6'd29, 6'd30, 6'd31, 6'd32, 6'd1};
localparam [32*6-1:0] P_T = {6'd16, 6'd7, 6'd20, 6'd21, 6'd29, 6'd12, 6'd28, 6'd17, 6'd1, 6'd15,
    6'd23, 6'd26, 6'd5, 6'd18, 6'd31, 6'd10, 6'd2, 6'd8, 6'd24, 6'd14, 6'd32, 6'd27, 6'd3, 6'd9,
    6'd19, 6'd13, 6'd30, 6'd6, 6'd22, 6'd11, 6'd4, 6'd25};
localparam [48*6-1:0] PC2_T = {6'd14, 6'd17, 6'd11, 6'd24, 6'd1, 6'd5, 6'd3, 6'd28, 6'd15, 6'd6,
    6'd21, 6'd10, 6'd23, 6'd19, 6'd12, 6'd4, 6'd26, 6'd8, 6'd16, 6'd7, 6'd27, 6'd20, 6'd13, 6'd2,
    6'd41, 6'd52, 6'd31, 6'd37, 6'd47, 6'd55, 6'd30, 6'd40, 6'd51, 6'd45, 6'd33, 6'd48, 6'd44, 6'd49,
    6'd39, 6'd56, 6'd34, 6'd53, 6'd46, 6'd42, 6'd50, 6'd36, 6'd29, 6'd32};
// cumulative left shifts of C and D for n = 1..16 (the standard's shift schedule summed)
localparam [16*5-1:0] CUM_T = {5'd1, 5'd2, 5'd4, 5'd6, 5'd8, 5'd10, 5'd12, 5'd14, 5'd15, 5'd17,
    5'd19, 5'd21, 5'd23, 5'd25, 5'd27, 5'd28};

generate
if (KIND != 0 && KIND != 1) begin : g_bad_kind
    $error("%m: KIND must be 0 (input stage) or 1 (round)");
end
if (STAGES != 1 && STAGES != 2) begin : g_bad_stages
    $error("%m: STAGES must be 1 or 2");
end
if (HAS_KEY && (KEY_N < 1 || KEY_N > 16 || KEY_DES < 0 || KEY_DES > 2)) begin : g_bad_key
    $error("%m: KEY_N must be 1..16 and KEY_DES 0..2");
end
endgenerate

// ---- write bus: pass it on, one register per round
always @(posedge clk) begin
    kwo_en   <= kw_en;
    kwo_des  <= kw_des;
    kwo_slot <= kw_slot;
    kwo_cd   <= kw_cd;
    if (rst) kwo_en <= 1'b0;
end

// ---- the stage(s) before the XORs: b_* enter the output register
wire              b_valid;
wire [SLOT_W-1:0] b_slot;
wire [META_W-1:0] b_meta;
wire [31:0]       b_l;       // output halves, before the register
wire [31:0]       b_r;

genvar i, j;
generate
if (KIND == 0) begin : g_init
    assign b_valid = in_valid;
    assign b_slot  = in_slot;
    assign b_meta  = in_meta;
    assign b_l     = in_l;
    assign b_r     = in_r;
end else begin : g_feistel
    wire [31:0] s_out;       // S1 in [31:28] ... S8 in [3:0]
    wire [31:0] f;           // P(s_out)
    for (j = 1; j <= 8; j = j + 1) begin : g_sbox
        des_sbox #(.IDX(j)) u_sbox (.x(in_x[47-6*(j-1) -: 6]), .y(s_out[31-4*(j-1) -: 4]));
    end
    for (i = 1; i <= 32; i = i + 1) begin : g_p
        localparam [5:0] SRC = P_T[(32-i)*6 +: 6];
        assign f[32-i] = s_out[32-SRC];
    end

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
    wire [47:0] wr_key;      // K_KEY_N selected from the CD0 on the bus
    for (i = 1; i <= 48; i = i + 1) begin : g_pc2
        localparam integer SRC  = {26'd0, PC2_T[(48-i)*6 +: 6]};     // bit of C_n || D_n
        localparam integer SH   = {27'd0, CUM_T[(16-KEY_N)*5 +: 5]};
        localparam integer SRC0 = (SRC <= 28) ? ((SRC - 1 + SH) % 28) + 1
                                              : 28 + ((SRC - 29 + SH) % 28) + 1;   // bit of CD0
        assign wr_key[48-i] = kw_cd[56-SRC0];
    end

    localparam [1:0] KEY_DES_W = KEY_DES[1:0];
    reg [47:0] rk_mem [0:NSLOTS-1];
    always @(posedge clk) begin
        if (kw_en && kw_des == KEY_DES_W) rk_mem[kw_slot] <= wr_key;
    end

    wire [47:0] e_r;
    for (i = 1; i <= 48; i = i + 1) begin : g_e
        localparam [5:0] SRC = E_T[(48-i)*6 +: 6];
        assign e_r[48-i] = b_r[32-SRC];
    end
    assign b_x = e_r ^ rk_mem[b_slot];
end else begin : g_nokey
    assign b_x = 48'd0;
end
endgenerate

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
