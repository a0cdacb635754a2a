// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Carry-less 128 x 128 -> 255-bit product of two GHASH blocks, not reduced, so that several
// products can be XORed before one reduction (ghash_reduce.v).
//
// Bit order (NIST SP 800-38D section 6.1): a block is the bit string x_0 x_1 ... x_127 with x_0
// the most significant bit of byte 0, and x_i the coefficient of alpha^i. On the ports a block is
// the 16 bytes as one big-endian word, byte 0 in x[127:120], so x_i is x[127-i]: the operands are
// reflected. The product c is in polynomial order: c[k] is the coefficient of alpha^k
// (k = 0..254), which is the order ghash_reduce takes.
//
// IMPL = Karatsuba-Ofman levels above a schoolbook base multiplier:
//   0  schoolbook: one 128 x 128 AND-XOR array (16384 AND terms)
//   1  one level: three 64 x 64 arrays on (a0,b0), (a1,b1), (a0^a1, b0^b1) (12288 terms)
//   2  two levels: nine 32 x 32 arrays (9216 terms)
// Each product bit of a base array is the XOR of up to BW AND terms, summed in groups of G = 8
// (two LUT4 levels per group), then the groups are XORed (a balanced tree) and the Karatsuba
// levels recombined: p = p0 ^ (p0 ^ p1 ^ pm) << w ^ p1 << 2w.
//
// REG_PP = 1 puts a register on the group sums (the AND array and pre-additions before it, the
// group tree and recombination after it); REG_OUT = 1 registers c. Latency REG_PP + REG_OUT
// clocks; no enable (valid travels beside the data in the caller).
module ghash_mul_unreduced #(
    parameter IMPL    = 0,
    parameter REG_PP  = 0,
    parameter REG_OUT = 0
) (
    input  wire         clk,
    input  wire [127:0] x,
    input  wire [127:0] h,
    output wire [254:0] c
);

generate
if (IMPL < 0 || IMPL > 2) begin : g_bad_impl
    $error("%m: IMPL must be 0 (schoolbook), 1 or 2 (Karatsuba levels)");
end
endgenerate

localparam NP = (IMPL == 0) ? 1 : (IMPL == 1) ? 3 : 9;    // base products
localparam BW = 128 >> IMPL;                               // base operand width
localparam PW = 2 * BW - 1;                                // base product width
localparam G  = 8;                                         // AND terms per group sum
localparam NG = (BW + G - 1) / G;                          // groups per product bit

// ---- operands in polynomial order, Karatsuba pre-additions
wire [127:0] a, b;
genvar i, p, k, g;
for (i = 0; i < 128; i = i + 1) begin : g_rev
    assign a[i] = x[127 - i];
    assign b[i] = h[127 - i];
end

// level 1: pair q (0: low halves, 1: high halves, 2: their sums) at [64q +: 64]
wire [191:0] a1 = {a[63:0] ^ a[127:64], a[127:64], a[63:0]};
wire [191:0] b1 = {b[63:0] ^ b[127:64], b[127:64], b[63:0]};

wire [NP*BW-1:0] oa, ob;
if (IMPL == 0) begin : g_op0
    assign oa = a;
    assign ob = b;
end else if (IMPL == 1) begin : g_op1
    assign oa = a1;
    assign ob = b1;
end else begin : g_op2
    // level 2: pair 3q + r of the halves of level-1 pair q, at [32(3q + r) +: 32]
    for (p = 0; p < 3; p = p + 1) begin : g_l2
        assign oa[96*p +: 96] = {a1[64*p +: 32] ^ a1[64*p + 32 +: 32], a1[64*p + 32 +: 32], a1[64*p +: 32]};
        assign ob[96*p +: 96] = {b1[64*p +: 32] ^ b1[64*p + 32 +: 32], b1[64*p + 32 +: 32], b1[64*p +: 32]};
    end
end

// ---- base arrays: group sums gs[(p*PW + k)*NG + g] = XOR of a[i] & b[k-i], i in group g
wire [NP*PW*NG-1:0] gs;
for (p = 0; p < NP; p = p + 1) begin : g_base
    wire [BW-1:0] ua = oa[p*BW +: BW];
    wire [BW-1:0] ub = ob[p*BW +: BW];
    // rp[2BW-1-k+i] = ub[k-i] for 0 <= k-i < BW, zero elsewhere (k = 0..2BW-2, i = 0..BW-1)
    wire [3*BW-2:1] rp;
    for (i = 0; i < BW; i = i + 1) begin : g_rp
        assign rp[BW + i] = ub[BW - 1 - i];
    end
    assign rp[BW-1:1] = {(BW-1){1'b0}};
    assign rp[3*BW-2:2*BW] = {(BW-1){1'b0}};
    for (k = 0; k < PW; k = k + 1) begin : g_bit
        wire [NG*G-1:0] t;
        assign t[BW-1:0] = ua & rp[2*BW - 1 - k +: BW];
        if (NG*G > BW) begin : g_pad
            assign t[NG*G-1:BW] = {(NG*G-BW){1'b0}};
        end
        for (g = 0; g < NG; g = g + 1) begin : g_grp
            assign gs[(p*PW + k)*NG + g] = ^t[g*G +: G];
        end
    end
end

// clk has no flop at REG_PP = REG_OUT = 0; a1, b1 feed nothing at IMPL = 0
wire unused_ok = &{1'b0, clk, a1, b1};

wire [NP*PW*NG-1:0] gs_s;
if (REG_PP != 0) begin : g_reg_pp
    reg [NP*PW*NG-1:0] gs_q;
    always @(posedge clk) gs_q <= gs;
    assign gs_s = gs_q;
end else begin : g_comb_pp
    assign gs_s = gs;
end

// ---- base products, then the Karatsuba recombination
wire [NP*PW-1:0] bp;
for (p = 0; p < NP; p = p + 1) begin : g_sum
    for (k = 0; k < PW; k = k + 1) begin : g_bit
        assign bp[p*PW + k] = ^gs_s[(p*PW + k)*NG +: NG];
    end
end

wire [254:0] cc;
if (IMPL == 0) begin : g_rc0
    assign cc = bp;
end else if (IMPL == 1) begin : g_rc1
    wire [126:0] p0 = bp[0 +: 127], p1 = bp[127 +: 127], pm = bp[254 +: 127];
    assign cc = {128'd0, p0} ^ {64'd0, p0 ^ p1 ^ pm, 64'd0} ^ {p1, 128'd0};
end else begin : g_rc2
    wire [3*127-1:0] l1;
    for (p = 0; p < 3; p = p + 1) begin : g_l1
        wire [62:0] q0 = bp[(3*p)*63 +: 63], q1 = bp[(3*p+1)*63 +: 63], qm = bp[(3*p+2)*63 +: 63];
        assign l1[127*p +: 127] = {64'd0, q0} ^ {32'd0, q0 ^ q1 ^ qm, 32'd0} ^ {q1, 64'd0};
    end
    wire [126:0] p0 = l1[0 +: 127], p1 = l1[127 +: 127], pm = l1[254 +: 127];
    assign cc = {128'd0, p0} ^ {64'd0, p0 ^ p1 ^ pm, 64'd0} ^ {p1, 128'd0};
end

if (REG_OUT != 0) begin : g_reg_out
    reg [254:0] c_q;
    always @(posedge clk) c_q <= cc;
    assign c = c_q;
end else begin : g_comb_out
    assign c = cc;
end

endmodule

`default_nettype wire
