`default_nettype none
// AES MixColumns (FIPS-197 5.1.3) or InvMixColumns (5.3.3) on one column.
// Column word: col[31:24] = s[0,c], col[23:16] = s[1,c], col[15:8] = s[2,c], col[7:0] = s[3,c].
module aes_mix_column #(
    parameter INVERSE = 0
) (
    input  wire [31:0] col,
    output wire [31:0] out
);
function [7:0] xt;  // multiply by {02} modulo x^8 + x^4 + x^3 + x + 1
    input [7:0] a;
    xt = {a[6:0], 1'b0} ^ (a[7] ? 8'h1b : 8'h00);
endfunction

wire [7:0] a0 = col[31:24], a1 = col[23:16], a2 = col[15:8], a3 = col[7:0];

generate
if (INVERSE) begin : g_inv
    // {0e}a ^ {0b}b ^ {0d}c ^ {09}d, built from x2, x4, x8 multiples.
    wire [7:0] a0x2 = xt(a0), a0x4 = xt(a0x2), a0x8 = xt(a0x4);
    wire [7:0] a1x2 = xt(a1), a1x4 = xt(a1x2), a1x8 = xt(a1x4);
    wire [7:0] a2x2 = xt(a2), a2x4 = xt(a2x2), a2x8 = xt(a2x4);
    wire [7:0] a3x2 = xt(a3), a3x4 = xt(a3x2), a3x8 = xt(a3x4);
    wire [7:0] a0e = a0x8 ^ a0x4 ^ a0x2, a0b = a0x8 ^ a0x2 ^ a0, a0d = a0x8 ^ a0x4 ^ a0, a09 = a0x8 ^ a0;
    wire [7:0] a1e = a1x8 ^ a1x4 ^ a1x2, a1b = a1x8 ^ a1x2 ^ a1, a1d = a1x8 ^ a1x4 ^ a1, a19 = a1x8 ^ a1;
    wire [7:0] a2e = a2x8 ^ a2x4 ^ a2x2, a2b = a2x8 ^ a2x2 ^ a2, a2d = a2x8 ^ a2x4 ^ a2, a29 = a2x8 ^ a2;
    wire [7:0] a3e = a3x8 ^ a3x4 ^ a3x2, a3b = a3x8 ^ a3x2 ^ a3, a3d = a3x8 ^ a3x4 ^ a3, a39 = a3x8 ^ a3;
    assign out = {a0e ^ a1b ^ a2d ^ a39,
                  a09 ^ a1e ^ a2b ^ a3d,
                  a0d ^ a19 ^ a2e ^ a3b,
                  a0b ^ a1d ^ a29 ^ a3e};
end else begin : g_fwd
    wire [7:0] a0x2 = xt(a0), a1x2 = xt(a1), a2x2 = xt(a2), a3x2 = xt(a3);
    assign out = {a0x2 ^ a1x2 ^ a1 ^ a2 ^ a3,
                  a0 ^ a1x2 ^ a2x2 ^ a2 ^ a3,
                  a0 ^ a1 ^ a2x2 ^ a3x2 ^ a3,
                  a0x2 ^ a0 ^ a1 ^ a2 ^ a3x2};
end
endgenerate

endmodule

`default_nettype wire
