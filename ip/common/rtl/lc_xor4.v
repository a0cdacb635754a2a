// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// WIDTH parallel 4-input XORs, y = a ^ b ^ c ^ d, each bit exactly one LUT4.
//
// Why it exists: Yosys's ECP5 flow maps logic with abc9, whose delay model gives a LUT4's pins
// different delays (A fastest) and no delay to the net between two LUTs. A 4-input XOR whose
// inputs arrive from other LUTs then comes out as a chain of 2-input LUTs on fast pins, which
// the model counts as quick but which puts every link behind a routed net on the chip: one
// more LUT level on the Serpent round path than the one LUT4 the function needs. With
// `LC_TECH_ECP5` defined (`linecrypt synth` defines it) each bit is an ECP5 LUT4 instance
// (INIT 16'h6996, the parity of its four inputs), which synthesis keeps as it is; without it
// (simulation, other vendors) the plain XOR.
module lc_xor4 #(
    parameter WIDTH = 32
) (
    input  wire [WIDTH-1:0] a,
    input  wire [WIDTH-1:0] b,
    input  wire [WIDTH-1:0] c,
    input  wire [WIDTH-1:0] d,
    output wire [WIDTH-1:0] y
);

`ifdef LC_TECH_ECP5
genvar i;
generate
for (i = 0; i < WIDTH; i = i + 1) begin : g_lut
    LUT4 #(.INIT(16'h6996)) u_lut (.A(a[i]), .B(b[i]), .C(c[i]), .D(d[i]), .Z(y[i]));
end
endgenerate
`else
assign y = a ^ b ^ c ^ d;
`endif

endmodule

`default_nettype wire
