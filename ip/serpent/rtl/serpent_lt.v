// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Serpent linear transformation with the round key folded in: y = LT(x) ^ K (INVERSE=0) or
// y = InvLT(x) ^ K (INVERSE=1), bitslice form (Serpent proposal, section 2), purely
// combinational. m is the folded key fold(K) of serpent_key_expand.v (m = 0 gives LT(x) alone).
//
// Word order (the proposal's): x = {X3, X2, X1, X0}, X0 = x[31:0]; same for y, K and m.
//
// Why folded: LT computes two words first (b1, b3; inverse: b0, b2) and then the other two from
// them. Written as "LT, then ^ K", each output bit is an XOR of up to 7 S-box outputs and a key
// bit (8 inputs: three LUT4), and the shared words b1/b3 exist without the key next to the
// outputs with it. Here the first two output words are the shared words themselves (key
// included) and the other two are computed from those outputs; the key bits this adds to them
// are cancelled by the folded key word (m0 = K0 ^ rotl(K1 ^ K3, 5), ...), computed once per
// round key by the key-expansion unit. Every output bit is then one LUT4: 4 inputs each
// (three data bits and a key bit, or a data bit, two output bits and a key bit), so LT plus the
// key costs 128 LUT4 per round and every S-box output drives at most three LUTs.
//   forward:  Y1 = rotl(x1 ^ a0 ^ a2, 1) ^ K1          a0 = rotl(x0, 13), a2 = rotl(x2, 3)
//             Y3 = rotl(x3 ^ a2 ^ (a0 << 3), 7) ^ K3
//             Y0 = rotl(a0 ^ Y1 ^ Y3, 5) ^ m0          m0 = K0 ^ rotl(K1 ^ K3, 5)
//             Y2 = rotl(a2 ^ Y3 ^ (Y1 << 7), 22) ^ m2  m2 = K2 ^ rotl(K3 ^ (K1 << 7), 22)
//   inverse:  Y2 = rotr(a2 ^ x3 ^ (x1 << 7), 3) ^ K2   a2 = rotr(x2, 22), a0 = rotr(x0, 5)
//             Y0 = rotr(a0 ^ x1 ^ x3, 13) ^ K0
//             Y3 = rotr(x3, 7) ^ rotl(Y2, 3) ^ (rotl(Y0, 13) << 3) ^ m3
//                                                      m3 = K3 ^ rotl(K2, 3) ^ (rotl(K0, 13) << 3)
//             Y1 = rotr(x1, 1) ^ rotl(Y0, 13) ^ rotl(Y2, 3) ^ m1
//                                                      m1 = K1 ^ rotl(K0, 13) ^ rotl(K2, 3)
// (from the proposal's steps: b1 = Y1 ^ K1 etc. substituted into the second pair).
module serpent_lt #(
    parameter INVERSE = 0
) (
    input  wire [127:0] x,
    input  wire [127:0] m,      // folded round key fold(K); 0: y = LT(x)
    output wire [127:0] y
);

function [31:0] rotl;
    input [31:0] w;
    input integer n;
    rotl = (w << n) | (w >> (32 - n));
endfunction

function [31:0] rotr;
    input [31:0] w;
    input integer n;
    rotr = (w >> n) | (w << (32 - n));
endfunction

wire [31:0] x0 = x[31:0];
wire [31:0] x1 = x[63:32];
wire [31:0] x2 = x[95:64];
wire [31:0] x3 = x[127:96];
wire [31:0] m0 = m[31:0];
wire [31:0] m1 = m[63:32];
wire [31:0] m2 = m[95:64];
wire [31:0] m3 = m[127:96];

// each output word is one lc_xor4 (one LUT4 per bit on ECP5; see lc_xor4.v)
wire [31:0] y0, y1, y2, y3;
generate
if (INVERSE) begin : g_inv
    wire [31:0] a2 = rotr(x2, 22);
    wire [31:0] a0 = rotr(x0, 5);
    lc_xor4 u_y2 (.a(rotr(a2, 3)), .b(rotr(x3, 3)), .c(rotr(x1 << 7, 3)), .d(m2), .y(y2));
    lc_xor4 u_y0 (.a(rotr(a0, 13)), .b(rotr(x1, 13)), .c(rotr(x3, 13)), .d(m0), .y(y0));
    lc_xor4 u_y3 (.a(rotr(x3, 7)), .b(rotl(y2, 3)), .c(rotl(y0, 13) << 3), .d(m3), .y(y3));
    lc_xor4 u_y1 (.a(rotr(x1, 1)), .b(rotl(y0, 13)), .c(rotl(y2, 3)), .d(m1), .y(y1));
end else begin : g_fwd
    wire [31:0] a0 = rotl(x0, 13);
    wire [31:0] a2 = rotl(x2, 3);
    lc_xor4 u_y1 (.a(rotl(x1, 1)), .b(rotl(a0, 1)), .c(rotl(a2, 1)), .d(m1), .y(y1));
    lc_xor4 u_y3 (.a(rotl(x3, 7)), .b(rotl(a2, 7)), .c(rotl(a0 << 3, 7)), .d(m3), .y(y3));
    lc_xor4 u_y0 (.a(rotl(a0, 5)), .b(rotl(y1, 5)), .c(rotl(y3, 5)), .d(m0), .y(y0));
    lc_xor4 u_y2 (.a(rotl(a2, 22)), .b(rotl(y3, 22)), .c(rotl(y1 << 7, 22)), .d(m2), .y(y2));
end
endgenerate
assign y = {y3, y2, y1, y0};

endmodule

`default_nettype wire
