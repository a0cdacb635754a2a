// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// An 8-input function given by its truth table: y = INIT[x] (bit x of the 256-bit INIT).
//
// With `LC_TECH_ECP5` defined (`linecrypt synth`) it is built from ECP5 primitives in two
// routed levels: two 7-input functions of x[6:0] (each eight LUT4s, four PFUMX and three
// L6MUX21: one four-slice block, no routing inside), then a 2:1 select by x[7] (one LUT4).
// 17 LUT4 sites. Left to Yosys (abc9), an AES S-box output bit comes out as about 20 LUT4
// sites in three to four routed levels (docs/timing.md, "S-box mapping"). Without
// LC_TECH_ECP5 (simulation, other vendors) the plain table.
//
// REG = 1 puts a register inside the function (the deep AES S-box, aes_sbox.v REG = 1): y is
// INIT[x] one clock after x. The four 64-entry quarters (LUT6s: LUT4s, PFUMX, L6MUX21) are
// registered, and x[7:6] with them; after the register one slice selects (two LUT4s by x[6], a
// PFUMX by x[7]). nextpnr 0.11 does not pack these flops with the L6MUX21 / PFUMX in front of
// them, but places them in the same or the next tile (docs/results/experiments/
// lc-lut8-reg-packing). 18 LUT4 sites. Without LC_TECH_ECP5: the four quarters of the table, registered, and the
// select. clk and rst are unused with REG = 0; with REG = 1 rst clears the register (the
// table's value then does not matter: every LineCrypt flop is on the one reset net, see
// lc_block_shell.v).
module lc_lut8 #(
    parameter [255:0] INIT = 256'h0,
    parameter         REG  = 0
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire       clk,
    input  wire       rst,
    /* verilator lint_on UNUSEDSIGNAL */
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
generate
if (REG == 0) begin : g_comb
    // x[6] picks between LUT6 pairs (an L6MUX21 after two LUT6s: a LUT7, one four-slice
    // block), then one LUT4 picks by x[7] (INIT 16'hCACA, inputs A, B, C: Z = C ? B : A).
    wire [1:0] f7;                   // f7[h] = INIT[128h + x[6:0]]
    L6MUX21 u_m7lo (.D0(f6[0]), .D1(f6[1]), .SD(x[6]), .Z(f7[0]));
    L6MUX21 u_m7hi (.D0(f6[2]), .D1(f6[3]), .SD(x[6]), .Z(f7[1]));
    LUT4 #(.INIT(16'hCACA)) u_s8 (.A(f7[0]), .B(f7[1]), .C(x[7]), .D(1'b0), .Z(y));
end else begin : g_reg
    // The four LUT6 outputs are registered (each L6MUX21 drives only its flop): the stage is a
    // flop, a routed hop, LUT4 -> PFUMX -> L6MUX21 in one slice pair, a hop to a flop in the
    // same or the next tile. Then x[7:6] (registered) select among the four in one slice: two
    // LUT4s pick by x[6], its PFUMX by x[7]. Registering two 7-input halves behind an x[6] LUT4
    // instead gives the first stage a LUT4 and a routed hop more (docs/timing.md, "S-box
    // mapping").
    reg [3:0] f6_q;
    reg [1:0] x76_q;
    always @(posedge clk) begin
        f6_q  <= rst ? 4'd0 : f6;
        x76_q <= rst ? 2'd0 : x[7:6];
    end
    wire [1:0] f7l;                  // f7l[h] = INIT[128h + x[6:0]] of the previous clock
    LUT4 #(.INIT(16'hCACA)) u_l7lo (.A(f6_q[0]), .B(f6_q[1]), .C(x76_q[0]), .D(1'b0), .Z(f7l[0]));
    LUT4 #(.INIT(16'hCACA)) u_l7hi (.A(f6_q[2]), .B(f6_q[3]), .C(x76_q[0]), .D(1'b0), .Z(f7l[1]));
    PFUMX u_s8 (.ALUT(f7l[1]), .BLUT(f7l[0]), .C0(x76_q[1]), .Z(y));
end
endgenerate
`else
generate
if (REG == 0) begin : g_comb
    assign y = INIT[x];
end else begin : g_reg
    reg [3:0] f6_q;                  // f6_q[k] = INIT[64k + x[5:0]] of the previous clock
    reg [1:0] x76_q;
    always @(posedge clk) begin
        f6_q  <= rst ? 4'd0 : {INIT[{2'd3, x[5:0]}], INIT[{2'd2, x[5:0]}], INIT[{2'd1, x[5:0]}],
                               INIT[{2'd0, x[5:0]}]};
        x76_q <= rst ? 2'd0 : x[7:6];
    end
    assign y = f6_q[x76_q];
end
endgenerate
`endif

endmodule

`default_nettype wire
