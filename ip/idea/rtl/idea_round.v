// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// One pipelined IDEA round (or the output transformation) with its subkey memories (one entry
// per key slot). Encryption and decryption are this same datapath; only the subkeys differ.
//
// Word order (Lai-Massey; linecrypt/models/idea.py): big-endian 16-bit words,
// data[63:48] = X1, data[47:32] = X2, data[31:16] = X3, data[15:0] = X4.
// "*" is idea_mul (mod 2^16 + 1, 0 = 2^16), "+" is mod 2^16, "^" is XOR.
//
// KIND = 0, full round with subkeys K1..K6 (M = MUL_PIPE, stage n = n-th register):
//   stages 1..M       a = X1 * K1, d = X4 * K4 (multipliers); b = X2 + K2, c = X3 + K3
//                     (subkeys registered in stage 1, the sum in stage 2, delayed to stage M)
//   stages M+1..2M    t0 = (a ^ c) * K5;          f = b ^ d registered, delayed
//   stages 2M+1..3M   t1 = (f + t0) * K6;         t0 delayed
//   stage  3M+1       out = (a ^ t1, c ^ t1, b ^ t2, d ^ t2), t2 = t0 + t1 (middle words swapped)
//   LATENCY = 3M + 1
// KIND = 1, output transformation with K1..K4 (undoes the last swap):
//   stages 1..M       out = (W1 * K1, W3 + K2, W2 + K3, W4 * K4);  LATENCY = M
//
// Every multiplier input is an XOR or one 16-bit add of flops, and every add/XOR result goes into
// a flop, so the MULT18X18D stage inside idea_mul (MUL_PIPE >= 3) is the slowest path.
//
// Subkeys: memory Ki holds subkey i of this round for every slot (async read, i.e. ECP5
// distributed RAM). Each is read with the slot of the block one stage before the stage that
// uses it and lands in a flop: K1/K4 in the multipliers' operand registers, K2/K3 in stage 1,
// K5/K6 in the operand registers of the second and third multipliers. The slot travels with
// the block, so consecutive blocks may use different slots at no cost. Only valid is reset.
//
// Subkey writes travel along the chain of rounds (kw_* in, kwo_* out, one register per round).
// kw_pos is the subkey's index 0..51 in the flat schedule (Z1 = 0); this round, at position
// POS (0..7 rounds, 8 the output transformation), takes indices 6*POS .. 6*POS+5.
module idea_round #(
    parameter KIND     = 0,       // 0: round, 1: output transformation
    parameter MUL_PIPE = 3,       // register stages inside each idea_mul (2..4)
    parameter NSLOTS   = 4,
    parameter META_W   = 9,
    parameter POS      = 0,       // 0..8
    // derived: do not override
    parameter SLOT_W   = (NSLOTS > 1) ? $clog2(NSLOTS) : 1,
    parameter LATENCY  = (KIND == 0) ? 3 * MUL_PIPE + 1 : MUL_PIPE
) (
    input  wire              clk,
    input  wire              rst,

    input  wire              in_valid,
    input  wire [SLOT_W-1:0] in_slot,
    input  wire [META_W-1:0] in_meta,
    input  wire [63:0]       in_data,

    // subkey write bus (from the key-expansion unit or the previous round)
    input  wire              kw_en,
    input  wire [5:0]        kw_pos,
    input  wire [SLOT_W-1:0] kw_slot,
    input  wire [15:0]       kw_key,
    output reg               kwo_en,
    output reg  [5:0]        kwo_pos,
    output reg  [SLOT_W-1:0] kwo_slot,
    output reg  [15:0]       kwo_key,

    output wire              out_valid,
    output wire [SLOT_W-1:0] out_slot,
    output wire [META_W-1:0] out_meta,
    output wire [63:0]       out_data
);

localparam M = MUL_PIPE;
localparam L = LATENCY;

generate
if (KIND != 0 && KIND != 1) begin : g_bad_kind
    $error("%m: KIND must be 0 (round) or 1 (output transformation)");
end
if (MUL_PIPE < 2 || MUL_PIPE > 4) begin : g_bad_pipe
    $error("%m: MUL_PIPE must be 2, 3 or 4");
end
if (POS < 0 || POS > 8) begin : g_bad_pos
    $error("%m: POS must be 0..8");
end
endgenerate

// ---- subkey memories K1..K4 (K5, K6 below, full rounds only)
localparam integer BASE_I = 6 * POS;
localparam [5:0]   BASE   = BASE_I[5:0];
reg [15:0] k1_mem [0:NSLOTS-1];
reg [15:0] k2_mem [0:NSLOTS-1];
reg [15:0] k3_mem [0:NSLOTS-1];
reg [15:0] k4_mem [0:NSLOTS-1];
always @(posedge clk) begin
    if (kw_en && kw_pos == BASE)         k1_mem[kw_slot] <= kw_key;
    if (kw_en && kw_pos == BASE + 6'd1)  k2_mem[kw_slot] <= kw_key;
    if (kw_en && kw_pos == BASE + 6'd2)  k3_mem[kw_slot] <= kw_key;
    if (kw_en && kw_pos == BASE + 6'd3)  k4_mem[kw_slot] <= kw_key;
    kwo_en   <= kw_en;
    kwo_pos  <= kw_pos;
    kwo_slot <= kw_slot;
    kwo_key  <= kw_key;
    if (rst) kwo_en <= 1'b0;
end

// ---- sideband: valid, slot, meta travel with the block (stage n = index n)
reg              v_q [1:L];
reg [SLOT_W-1:0] s_q [1:L];
reg [META_W-1:0] m_q [1:L];
integer i;
always @(posedge clk) begin
    v_q[1] <= in_valid;
    s_q[1] <= in_slot;
    m_q[1] <= in_meta;
    for (i = 2; i <= L; i = i + 1) begin
        v_q[i] <= v_q[i-1];
        s_q[i] <= s_q[i-1];
        m_q[i] <= m_q[i-1];
    end
    if (rst) begin
        for (i = 1; i <= L; i = i + 1) v_q[i] <= 1'b0;
    end
end
assign out_valid = v_q[L];
assign out_slot  = s_q[L];
assign out_meta  = m_q[L];

// ---- stages 1..M: a = X1 * K1, d = X4 * K4, b = X2 + K2, c = X3 + K3
// (output transformation: the additions take W3 and W2, undoing round 8's swap)
wire [15:0] a_m, d_m;
idea_mul #(.PIPE(M)) u_mul_a (.clk(clk), .a(in_data[63:48]), .b(k1_mem[in_slot]), .p(a_m));
idea_mul #(.PIPE(M)) u_mul_d (.clk(clk), .a(in_data[15:0]),  .b(k4_mem[in_slot]), .p(d_m));

wire [15:0] x2 = (KIND == 0) ? in_data[47:32] : in_data[31:16];
wire [15:0] x3 = (KIND == 0) ? in_data[31:16] : in_data[47:32];
reg  [15:0] x2_q, x3_q, k2_q, k3_q;
reg  [15:0] b_q [2:M];
reg  [15:0] c_q [2:M];
always @(posedge clk) begin
    x2_q <= x2;
    x3_q <= x3;
    k2_q <= k2_mem[in_slot];
    k3_q <= k3_mem[in_slot];
    b_q[2] <= x2_q + k2_q;
    c_q[2] <= x3_q + k3_q;
    for (i = 3; i <= M; i = i + 1) begin
        b_q[i] <= b_q[i-1];
        c_q[i] <= c_q[i-1];
    end
end

generate
if (KIND == 1) begin : g_out
    assign out_data = {a_m, b_q[M], c_q[M], d_m};
end else begin : g_round
    reg [15:0] k5_mem [0:NSLOTS-1];
    reg [15:0] k6_mem [0:NSLOTS-1];
    always @(posedge clk) begin
        if (kw_en && kw_pos == BASE + 6'd4) k5_mem[kw_slot] <= kw_key;
        if (kw_en && kw_pos == BASE + 6'd5) k6_mem[kw_slot] <= kw_key;
    end

    // stages M+1..2M: t0 = (a ^ c) * K5; f = b ^ d delayed beside it
    wire [15:0] t0, t1;
    idea_mul #(.PIPE(M)) u_mul_t0 (.clk(clk), .a(a_m ^ c_q[M]), .b(k5_mem[s_q[M]]), .p(t0));
    reg  [15:0] f_q [M+1:2*M];
    // stages 2M+1..3M: t1 = (f + t0) * K6; t0 delayed beside it
    idea_mul #(.PIPE(M)) u_mul_t1 (.clk(clk), .a(f_q[2*M] + t0), .b(k6_mem[s_q[2*M]]), .p(t1));
    reg  [15:0] t0_q [2*M+1:3*M];
    // a, b, c, d from stage M to stage 3M, {a, b, c, d}
    reg  [63:0] abcd_q [M+1:3*M];
    reg  [63:0] out_q;
    integer j;
    always @(posedge clk) begin
        f_q[M+1]    <= b_q[M] ^ d_m;
        abcd_q[M+1] <= {a_m, b_q[M], c_q[M], d_m};
        t0_q[2*M+1] <= t0;
        for (j = M + 2; j <= 2 * M; j = j + 1) f_q[j] <= f_q[j-1];
        for (j = M + 2; j <= 3 * M; j = j + 1) abcd_q[j] <= abcd_q[j-1];
        for (j = 2 * M + 2; j <= 3 * M; j = j + 1) t0_q[j] <= t0_q[j-1];
    end

    // stage 3M+1: output, middle words swapped
    wire [15:0] a_o = abcd_q[3*M][63:48];
    wire [15:0] b_o = abcd_q[3*M][47:32];
    wire [15:0] c_o = abcd_q[3*M][31:16];
    wire [15:0] d_o = abcd_q[3*M][15:0];
    wire [15:0] t2  = t0_q[3*M] + t1;
    always @(posedge clk) out_q <= {a_o ^ t1, c_o ^ t1, b_o ^ t2, d_o ^ t2};
    assign out_data = out_q;
end
endgenerate

endmodule

`default_nettype wire
