`default_nettype none
// An 8-input function given by its truth table: y = INIT[x] (bit x of the 256-bit INIT).
//
// With `LC_TECH_ECP5` defined (`linecrypt synth`) it is built from ECP5 primitives in two
// routed levels: two 7-input functions of x[6:0] (each eight LUT4s, four PFUMX and three
// L6MUX21: one four-slice block, no routing inside), then a 2:1 select by x[7] (one LUT4).
// 17 LUT4 sites. Left to Yosys (abc9), an AES S-box output bit came out as about 20 LUT4
// sites in three to four routed levels (the S-box stage was every worst path of
// aes128-enc-s2-link at 888aad0). Without it (simulation, other vendors) the plain table.
//
// REG = 1 puts a register inside the function, between the two 7-input halves and the x[7]
// select (the deep AES S-box, aes_sbox.v REG = 1): y is INIT[x] one clock after x. Each half
// is two LUT6s (LUT4s, PFUMX, L6MUX21) and a LUT4 picking by x[6], registered in that LUT4's
// slice; x[7] is registered too, so the routed level after the register is one LUT4 whose own
// register (the caller's) packs into its slice. 19 LUT4 sites. Without LC_TECH_ECP5: the two
// 128-entry halves of the table, registered, and the select. clk is unused with REG = 0.
module lc_lut8 #(
    parameter [255:0] INIT = 256'h0,
    parameter         REG  = 0
) (
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire       clk,
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
// x[6] picks between LUT6 pairs (an L6MUX21 after two LUT6s: a LUT7, one four-slice block),
// then one LUT4 picks by x[7] (INIT 16'hCACA, inputs A, B, C: Z = C ? B : A). The last cell is a
// LUT4 so the register it feeds packs into its slice; nextpnr 0.11 pairs flops with LUT4 outputs
// only (a 4:1 select of two LUT4 + PFUMX left the S-box register up to 16 tiles away).
wire [1:0] f7;                       // f7[h] = INIT[128h + x[6:0]]
L6MUX21 u_m7lo (.D0(f6[0]), .D1(f6[1]), .SD(x[6]), .Z(f7[0]));
L6MUX21 u_m7hi (.D0(f6[2]), .D1(f6[3]), .SD(x[6]), .Z(f7[1]));
// REG = 1: the x[6] pick is a LUT4 instead (same function as u_m7*, one routed level more) so
// the register behind it packs into its slice: behind the L6MUX21 it took the M input from
// general routing, 1 ns away (docs/timing-notes.md, session 17). f7 and x[7] are registered in
// front of the x[7] select. With REG = 0 the LUT4s and flops drive nothing and synthesis
// removes them; the select reads f7 and x[7] directly.
/* verilator lint_off UNUSEDSIGNAL */
wire [1:0] f7l;
LUT4 #(.INIT(16'hCACA)) u_l7lo (.A(f6[0]), .B(f6[1]), .C(x[6]), .D(1'b0), .Z(f7l[0]));
LUT4 #(.INIT(16'hCACA)) u_l7hi (.A(f6[2]), .B(f6[3]), .C(x[6]), .D(1'b0), .Z(f7l[1]));
reg [1:0] f7_q;
reg       x7_q;
/* verilator lint_on UNUSEDSIGNAL */
always @(posedge clk) begin
    f7_q <= f7l;
    x7_q <= x[7];
end
LUT4 #(.INIT(16'hCACA)) u_s8 (.A(REG ? f7_q[0] : f7[0]), .B(REG ? f7_q[1] : f7[1]),
                              .C(REG ? x7_q : x[7]), .D(1'b0), .Z(y));
`else
generate
if (REG == 0) begin : g_comb
    assign y = INIT[x];
end else begin : g_reg
    reg [1:0] f7_q;                  // f7_q[h] = INIT[128h + x[6:0]] of the previous clock
    reg       x7_q;
    always @(posedge clk) begin
        f7_q <= {INIT[{1'b1, x[6:0]}], INIT[{1'b0, x[6:0]}]};
        x7_q <= x[7];
    end
    assign y = x7_q ? f7_q[1] : f7_q[0];
end
endgenerate
`endif

endmodule

`default_nettype wire
