// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// AES MixColumns (FIPS-197 5.1.3) or InvMixColumns (5.3.3) on one column, and the round key's
// XOR after it (AddRoundKey; tie rk to 0 for MixColumns alone): out = MixColumns(col) ^ rk.
// Column word: col[31:24] = s[0,c], col[23:16] = s[1,c], col[15:8] = s[2,c], col[7:0] = s[3,c].
//
// Forward: each output bit is the parity of 5 or 7 column bits and its key bit, built as one
// lc_parity (two LUT4 levels under LC_TECH_ECP5, the key bit in the second). Left to abc9 the
// same XORs come out as chains of small LUTs, up to four levels on the S-box register ->
// AddRoundKey register stage (docs/timing.md, "XOR networks"). The inputs of bit i are the set
// bits of mix_mask(i), derived from the plain function below (MixColumns is linear over GF(2));
// without LC_TECH_ECP5 the plain function itself (ip/common/tb/test_lut_bricks.py simulates
// both forms).
// Inverse: up to 19 column bits per output bit; plain logic sharing the x2/x4/x8 multiples.
module aes_mix_column #(
    parameter INVERSE = 0
) (
    input  wire [31:0] col,
    input  wire [31:0] rk,
    output wire [31:0] out
);
function [7:0] xt;  // multiply by {02} modulo x^8 + x^4 + x^3 + x + 1
    input [7:0] a;
    xt = {a[6:0], 1'b0} ^ (a[7] ? 8'h1b : 8'h00);
endfunction

// forward MixColumns, plain
function [31:0] mix_fwd;
    input [31:0] v;
    reg [7:0] b0, b1, b2, b3;
    begin
        b0 = v[31:24]; b1 = v[23:16]; b2 = v[15:8]; b3 = v[7:0];
        mix_fwd = {xt(b0) ^ xt(b1) ^ b1 ^ b2 ^ b3,
                   b0 ^ xt(b1) ^ xt(b2) ^ b2 ^ b3,
                   b0 ^ b1 ^ xt(b2) ^ xt(b3) ^ b3,
                   xt(b0) ^ b0 ^ b1 ^ b2 ^ xt(b3)};
    end
endfunction
// the column bits output bit i depends on: bit j set if mix_fwd of the unit vector j has bit i
function [31:0] mix_mask;
    input [4:0] i;
    integer j;
    reg [31:0] m;
    begin
        for (j = 0; j < 32; j = j + 1) begin
            m = mix_fwd(32'd1 << j);
            mix_mask[j] = m[i];
        end
    end
endfunction
function integer popcount;
    input [31:0] m;
    integer j;
    begin
        popcount = 0;
        for (j = 0; j < 32; j = j + 1) popcount = popcount + m[j];
    end
endfunction
// the index of the k-th set bit of m (k = 0: the lowest)
function integer nth_bit;
    input [31:0] m;
    input integer k;
    integer j, seen;
    begin
        nth_bit = 0;
        seen = 0;
        for (j = 0; j < 32; j = j + 1) begin
            if (m[j]) begin
                if (seen == k) nth_bit = j;
                seen = seen + 1;
            end
        end
    end
endfunction


generate
if (INVERSE) begin : g_inv
    wire [7:0] a0 = col[31:24], a1 = col[23:16], a2 = col[15:8], a3 = col[7:0];
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
                  a0b ^ a1d ^ a29 ^ a3e} ^ rk;
end else begin : g_fwd
`ifdef LC_TECH_ECP5
    genvar i, k;
    for (i = 0; i < 32; i = i + 1) begin : g_bit
        localparam [31:0] M = mix_mask(i[4:0]);
        localparam NI = popcount(M);
        wire [NI:0] x;
        for (k = 0; k < NI; k = k + 1) begin : g_in
            assign x[k] = col[nth_bit(M, k)];
        end
        assign x[NI] = rk[i];
        lc_parity #(.N(NI + 1)) u_xor (.x(x), .y(out[i]));
    end
`else
    // simulation: byte-wide (bit-level parities make the encrypt cocotb tests 2-5x slower)
    assign out = mix_fwd(col) ^ rk;
`endif
end
endgenerate

endmodule

`default_nettype wire
