`default_nettype none
// An 8-input function given by its truth table: y = INIT[x] (bit x of the 256-bit INIT).
//
// With `LC_TECH_ECP5` defined (`linecrypt synth`) it is built from ECP5 primitives in two
// routed levels: four 6-input functions of x[5:0] (each four LUT4s, two PFUMX and an L6MUX21:
// one slice pair, no routing inside), then a 4:1 select by x[7:6] (two LUT4s and a PFUMX: one
// slice). 18 LUT4 sites. Left to Yosys (abc9), an AES S-box output bit came out as about 20 LUT4
// sites in three to four routed levels (the S-box stage was every worst path of
// aes128-enc-s2-link at 888aad0). Without it (simulation, other vendors) the plain table.
module lc_lut8 #(
    parameter [255:0] INIT = 256'h0
) (
    input  wire [7:0] x,
    output wire       y
);

`ifdef LC_TECH_ECP5
wire [3:0] f6;                       // f6[k] = INIT[64k + x[5:0]]
genvar k;
generate
for (k = 0; k < 4; k = k + 1) begin : g_lut6
    wire [3:0] l4;                   // l4[m] = INIT[64k + 16m + x[3:0]]
    wire       m0, m1;
    LUT4 #(.INIT(INIT[64*k +  0 +: 16])) u_l0 (.A(x[0]), .B(x[1]), .C(x[2]), .D(x[3]), .Z(l4[0]));
    LUT4 #(.INIT(INIT[64*k + 16 +: 16])) u_l1 (.A(x[0]), .B(x[1]), .C(x[2]), .D(x[3]), .Z(l4[1]));
    LUT4 #(.INIT(INIT[64*k + 32 +: 16])) u_l2 (.A(x[0]), .B(x[1]), .C(x[2]), .D(x[3]), .Z(l4[2]));
    LUT4 #(.INIT(INIT[64*k + 48 +: 16])) u_l3 (.A(x[0]), .B(x[1]), .C(x[2]), .D(x[3]), .Z(l4[3]));
    PFUMX u_m0 (.ALUT(l4[1]), .BLUT(l4[0]), .C0(x[4]), .Z(m0));
    PFUMX u_m1 (.ALUT(l4[3]), .BLUT(l4[2]), .C0(x[4]), .Z(m1));
    L6MUX21 u_m6 (.D0(m0), .D1(m1), .SD(x[5]), .Z(f6[k]));
end
endgenerate
// 4:1 select: s01 = x[6] ? f6[1] : f6[0], s23 = x[6] ? f6[3] : f6[2] (LUT4 inputs A, B, C;
// INIT 16'hCACA: Z = C ? B : A), then x[7] picks one (PFUMX).
wire s01, s23;
LUT4 #(.INIT(16'hCACA)) u_s01 (.A(f6[0]), .B(f6[1]), .C(x[6]), .D(1'b0), .Z(s01));
LUT4 #(.INIT(16'hCACA)) u_s23 (.A(f6[2]), .B(f6[3]), .C(x[6]), .D(1'b0), .Z(s23));
PFUMX u_m8 (.ALUT(s23), .BLUT(s01), .C0(x[7]), .Z(y));
`else
assign y = INIT[x];
`endif

endmodule

`default_nettype wire
