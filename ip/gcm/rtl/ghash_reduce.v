// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Reduction of a 255-bit carry-less product modulo the GCM polynomial
// P(alpha) = 1 + alpha + alpha^2 + alpha^7 + alpha^128 (NIST SP 800-38D section 6.3, the R
// constant 11100001 || 0^120 in its reflected order), combinational.
//
// c is in polynomial order (c[k] the coefficient of alpha^k, as ghash_mul_unreduced.v makes
// it); z is a block in SP 800-38D order, byte 0 in z[127:120], so alpha^i is z[127-i].
// alpha^128 = 1 + alpha + alpha^2 + alpha^7 folds the high half hi = c[254:128] down twice:
// t = hi * (1 + alpha + alpha^2 + alpha^7) reaches alpha^133, and its bits 128..133 fold once
// more into bits 0..12. Every output bit is an XOR of at most 9 product bits.
module ghash_reduce (
    input  wire [254:0] c,
    output wire [127:0] z
);

wire [126:0] hi = c[254:128];
wire [133:0] t  = {7'd0, hi} ^ {6'd0, hi, 1'b0} ^ {5'd0, hi, 2'b0} ^ {hi, 7'd0};
wire [5:0]   t2 = t[133:128];
wire [12:0]  u  = {7'd0, t2} ^ {6'd0, t2, 1'b0} ^ {5'd0, t2, 2'b0} ^ {t2, 7'd0};
wire [127:0] r  = c[127:0] ^ t[127:0] ^ {115'd0, u};

genvar i;
for (i = 0; i < 128; i = i + 1) begin : g_rev
    assign z[i] = r[127 - i];
end

endmodule

`default_nettype wire
