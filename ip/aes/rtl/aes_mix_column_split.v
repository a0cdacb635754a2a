// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// AES MixColumns (forward, FIPS-197 5.1.3) on one column, in two halves with a register between
// them (aes_round MIX_REG = 1): out is MixColumns of the col of the previous clock, and each half
// is one LUT4 level. Output byte j of a column, indices mod 4:
//   o_j = {02}a_j ^ {03}a_j+1 ^ a_j+2 ^ a_j+3 = xt(a_j ^ a_j+1) ^ (a_j+1 ^ a_j+2 ^ a_j+3)
// The first half registers s_j = a_j ^ a_j+1 and t_j = a_j+1 ^ a_j+2 ^ a_j+3 (2 and 3 inputs
// per bit, 64 flops per column); the second half xt(s_j) ^ t_j has at most 3 inputs per bit, so
// the round key's XOR after it still fits in one LUT4. InvMixColumns has no such split (its
// first half would need 7 inputs per bit), so there is no INVERSE parameter.
// Each first-half bit is one lc_xor4 (an ECP5 LUT4 instance under LC_TECH_ECP5): left to abc9,
// t_j is built from s_j's LUT (a_j+1 ^ a_j+2 computed once for both), two LUT levels after the
// hop from the previous register (docs/timing.md, "XOR networks").
// Column word: col[31:24] = s[0,c], col[23:16] = s[1,c], col[15:8] = s[2,c], col[7:0] = s[3,c].
module aes_mix_column_split (
    input  wire        clk,
    input  wire        rst,          // clears the register (every flop on the one reset net)
    input  wire [31:0] col,
    output wire [31:0] out
);
function [7:0] xt;  // multiply by {02} modulo x^8 + x^4 + x^3 + x + 1
    input [7:0] a;
    xt = {a[6:0], 1'b0} ^ (a[7] ? 8'h1b : 8'h00);
endfunction

wire [7:0] a [0:3];
assign a[0] = col[31:24];
assign a[1] = col[23:16];
assign a[2] = col[15:8];
assign a[3] = col[7:0];

reg [7:0] s_q [0:3];
reg [7:0] t_q [0:3];
genvar j;
generate
for (j = 0; j < 4; j = j + 1) begin : g_byte
    wire [7:0] s_d, t_d;
    lc_xor4 #(.WIDTH(8)) u_s (.a(a[j]), .b(a[(j+1)%4]), .c(8'd0), .d(8'd0), .y(s_d));
    lc_xor4 #(.WIDTH(8)) u_t (.a(a[(j+1)%4]), .b(a[(j+2)%4]), .c(a[(j+3)%4]), .d(8'd0), .y(t_d));
    always @(posedge clk) begin
        s_q[j] <= rst ? 8'd0 : s_d;
        t_q[j] <= rst ? 8'd0 : t_d;
    end
    assign out[31-8*j -: 8] = xt(s_q[j]) ^ t_q[j];
end
endgenerate

endmodule

`default_nettype wire
