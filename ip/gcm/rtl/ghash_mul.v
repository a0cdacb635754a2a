// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Z = X . H in GF(2^128), NIST SP 800-38D Algorithm 1 (linecrypt/models/gcm.py:gf_mult).
// Blocks on the ports are the 16 bytes as one big-endian word, byte 0 in [127:120]: bit x_0 of
// the standard (the coefficient of alpha^0) is x[127].
//
// ghash_mul_unreduced (IMPL: 0 schoolbook, 1 or 2 Karatsuba levels) and ghash_reduce in a pipe:
//   IN_REG = 1   registers x, h and in_valid first (one more clock; building-block
//                measurements use it so every logic stage lies between two flops)
//   PIPE = 0     combinational (out_valid = in_valid after IN_REG)
//   PIPE = 1     AND-XOR array, group tree, recombination, reduction | z
//   PIPE = 2     AND-XOR array to group sums | group tree, recombination, reduction | z
//   PIPE = 3     AND-XOR array to group sums | group tree, recombination | reduction | z
// Latency IN_REG + PIPE clocks. valid travels beside the data and there is no stall: the data
// flops have no enable and only the valid bits are reset (rst, synchronous, active high).
module ghash_mul #(
    parameter IMPL   = 0,
    parameter PIPE   = 2,
    parameter IN_REG = 0
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         in_valid,
    input  wire [127:0] x,
    input  wire [127:0] h,
    output wire         out_valid,
    output wire [127:0] z
);

generate
if (PIPE < 0 || PIPE > 3) begin : g_bad_pipe
    $error("%m: PIPE must be 0..3");
end
if (IN_REG != 0 && IN_REG != 1) begin : g_bad_in_reg
    $error("%m: IN_REG must be 0 or 1");
end
endgenerate

wire unused_ok = &{1'b0, clk, rst};   // IN_REG = PIPE = 0: no flop

wire [127:0] xs, hs;
wire         vs;
generate
if (IN_REG != 0) begin : g_in
    reg [127:0] x_q, h_q;
    reg         v_q;
    always @(posedge clk) begin
        x_q <= x;
        h_q <= h;
        v_q <= rst ? 1'b0 : in_valid;
    end
    assign xs = x_q;
    assign hs = h_q;
    assign vs = v_q;
end else begin : g_in_comb
    assign xs = x;
    assign hs = h;
    assign vs = in_valid;
end
endgenerate

wire [254:0] c;
wire [127:0] zr;
ghash_mul_unreduced #(
    .IMPL(IMPL), .REG_PP(PIPE >= 2 ? 1 : 0), .REG_OUT(PIPE >= 3 ? 1 : 0)
) u_mul (
    .clk(clk), .x(xs), .h(hs), .c(c)
);
ghash_reduce u_red (.c(c), .z(zr));

generate
if (PIPE == 0) begin : g_p0
    assign z = zr;
    assign out_valid = vs;
end else begin : g_pn
    reg [127:0] z_q;
    wire [PIPE:0] vc;           // vc[s]: valid after s stages
    always @(posedge clk) z_q <= zr;
    assign vc[0] = vs;
    genvar s;
    for (s = 1; s <= PIPE; s = s + 1) begin : g_v
        reg v_q;
        always @(posedge clk) v_q <= rst ? 1'b0 : vc[s-1];
        assign vc[s] = v_q;
    end
    assign z = z_q;
    assign out_valid = vc[PIPE];
end
endgenerate

endmodule

`default_nettype wire
