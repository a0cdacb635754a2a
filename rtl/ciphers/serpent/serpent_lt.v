`default_nettype none
// Serpent linear transformation LT (INVERSE=0) or its inverse (INVERSE=1), bitslice form
// (Serpent proposal, section 2), purely combinational XOR/rotate network.
//
// Word order (the proposal's): x = {X3, X2, X1, X0}, X0 = x[31:0]; same for y.
// Fan-in per output bit: LT at most 7 input bits, InvLT at most 7 (see serpent_core.v for the
// LUT count).
module serpent_lt #(
    parameter INVERSE = 0
) (
    input  wire [127:0] x,
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

generate
if (INVERSE) begin : g_inv
    // the steps of LT undone in reverse order
    wire [31:0] a2 = rotr(x2, 22);
    wire [31:0] a0 = rotr(x0, 5);
    wire [31:0] b2 = a2 ^ x3 ^ (x1 << 7);
    wire [31:0] b0 = a0 ^ x1 ^ x3;
    wire [31:0] c3 = rotr(x3, 7);
    wire [31:0] c1 = rotr(x1, 1);
    wire [31:0] d3 = c3 ^ b2 ^ (b0 << 3);
    wire [31:0] d1 = c1 ^ b0 ^ b2;
    assign y = {d3, rotr(b2, 3), d1, rotr(b0, 13)};
end else begin : g_fwd
    wire [31:0] a0 = rotl(x0, 13);
    wire [31:0] a2 = rotl(x2, 3);
    wire [31:0] b1 = rotl(x1 ^ a0 ^ a2, 1);
    wire [31:0] b3 = rotl(x3 ^ a2 ^ (a0 << 3), 7);
    wire [31:0] c0 = a0 ^ b1 ^ b3;
    wire [31:0] c2 = a2 ^ b3 ^ (b1 << 7);
    assign y = {b3, rotl(c2, 22), b1, rotl(c0, 5)};
end
endgenerate

endmodule

`default_nettype wire
