// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// IDEA multiplication modulo 2^16 + 1 (Lai-Massey 1992), the word 0 standing for 2^16:
//   p = (a' * b') mod 65537, a' = (a == 0) ? 2^16 : a, b' likewise, and p = 2^16 written as 0.
// This is linecrypt/models/idea.py:mul, bit for bit.
//
// Low-high algorithm (seed 003 3.3.1, Meier-Zimmermann / Lai): for a, b != 0 the 32-bit
// product t = a * b = hi * 2^16 + lo is congruent to lo - hi (2^16 = -1 mod 65537), so
//   p = lo - hi                  if lo >= hi
//   p = lo - hi + 2^16 + 1       if lo <  hi   (as a 16-bit word: lo - hi + 1)
// lo == hi cannot happen (65537 is prime and divides neither factor). If a == 0 or b == 0
// (a factor 2^16 = -1), p = 1 - a - b = 1 - (a | b): -b, -a or, for both zero, (-1)(-1) = 1.
// That case is computed beside the multiplier from the same registered operands and selected at
// the end; the product itself is a plain unsigned 16x16 `*` on registered operands, which Yosys
// `synth_ecp5` maps onto one MULT18X18D (combinational mode, fabric flops around it).
//
// PIPE = register stages from a/b to p (the latency in clocks); the pipe never stalls and holds
// no valid bit (callers carry their own):
//   PIPE = 2   operands | product, low-high correction, zero select  -> p
//   PIPE = 3   operands | product (MULT18X18D alone in its stage) | correction, select -> p
//   PIPE = 4   operands | product | lo - hi (17-bit, borrow) | + borrow, select -> p
// With PIPE >= 3 the stage holding the MULT18X18D is the slowest path of this module: the
// correction is two 16-bit carry chains (PIPE 3) or one (PIPE 4) after a flop.
module idea_mul #(
    parameter PIPE = 3
) (
    input  wire        clk,
    input  wire [15:0] a,
    input  wire [15:0] b,
    output wire [15:0] p
);

generate
if (PIPE < 2 || PIPE > 4) begin : g_bad_pipe
    $error("%m: PIPE must be 2, 3 or 4");
end
endgenerate

// ---- stage 1: registered operands (the DSP's inputs)
reg [15:0] a_q, b_q;
always @(posedge clk) begin
    a_q <= a;
    b_q <= b;
end

wire [31:0] prod   = a_q * b_q;                  // one MULT18X18D
wire        zero   = (a_q == 16'd0) || (b_q == 16'd0);
wire [15:0] zval   = 16'd1 - (a_q | b_q);        // the result when a factor is 2^16

// low-high correction of a 32-bit product
function [15:0] lohi;
    input [31:0] t;
    reg   [16:0] d;
    begin
        d    = {1'b0, t[15:0]} - {1'b0, t[31:16]};       // d[16]: borrow, lo < hi
        lohi = d[15:0] + {15'd0, d[16]};
    end
endfunction

generate
if (PIPE == 2) begin : g_p2
    reg [15:0] p_q;
    always @(posedge clk) p_q <= zero ? zval : lohi(prod);
    assign p = p_q;
end else begin : g_pn
    // ---- stage 2: product, and the zero case beside it
    reg [31:0] prod_q;
    reg        zero_q;
    reg [15:0] zval_q;
    always @(posedge clk) begin
        prod_q <= prod;
        zero_q <= zero;
        zval_q <= zval;
    end
    if (PIPE == 3) begin : g_p3
        reg [15:0] p_q;
        always @(posedge clk) p_q <= zero_q ? zval_q : lohi(prod_q);
        assign p = p_q;
    end else begin : g_p4
        // ---- stage 3: lo - hi with its borrow; stage 4: + borrow, zero select
        reg [16:0] d_q;
        reg        zero_qq;
        reg [15:0] zval_qq;
        reg [15:0] p_q;
        always @(posedge clk) begin
            d_q     <= {1'b0, prod_q[15:0]} - {1'b0, prod_q[31:16]};
            zero_qq <= zero_q;
            zval_qq <= zval_q;
            p_q     <= zero_qq ? zval_qq : d_q[15:0] + {15'd0, d_q[16]};
        end
        assign p = p_q;
    end
end
endgenerate

endmodule

`default_nettype wire
