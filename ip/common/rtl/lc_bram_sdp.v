// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Simple dual-port RAM (one write port, one read port, one clock) with a two-clock read:
// the address is registered inside the RAM and the read data passes the RAM's output register,
// so q shows the entry at the `ra` of two clocks before (ra sampled at edge t -> q after edge
// t+1). Reading an entry in the clock after it was written returns the new data.
//
// Why it exists: a block RAM read without its output register is a 4.3 ns clock-to-out on
// ECP5, and Yosys never uses the output register when it infers one, so the fast form must be
// instantiated. With `LC_TECH_ECP5` defined (`linecrypt synth` defines it) each 36 data bits
// are one DP16KD in its 512 x 36 pseudo-dual-port form, REGMODE = OUTREG: write on port A
// (CEA = we, all four byte enables on ADA[3:0]), read on port B, the 36-bit word split over
// DIA/DIB and DOA/DOB (bits 17:0 on A, 35:18 on B). Without it (simulation, other vendors) the
// same behaviour in plain Verilog: a memory, a read register and an output register (only the
// ECP5 form has been synthesized and measured).
// DEPTH <= 512 (one DP16KD deep); the cost is ceil(WIDTH/36) DP16KD whatever the depth.
module lc_bram_sdp #(
    parameter WIDTH  = 36,
    parameter DEPTH  = 512,
    // derived
    parameter ADDR_W = $clog2(DEPTH)
) (
    input  wire              clk,
    input  wire              we,
    input  wire [ADDR_W-1:0] wa,
    input  wire [WIDTH-1:0]  wd,
    input  wire [ADDR_W-1:0] ra,
    output wire [WIDTH-1:0]  q
);

generate
if (DEPTH < 2 || DEPTH > 512 || (DEPTH & (DEPTH - 1)) != 0) begin : g_bad_depth
    $error("%m: DEPTH must be a power of two, 2..512");
end
endgenerate

`ifdef LC_TECH_ECP5
localparam integer NSL = (WIDTH + 35) / 36;
genvar k;
generate
for (k = 0; k < NSL; k = k + 1) begin : g_ebr
    localparam integer LO = 36 * k;
    localparam integer W  = (WIDTH - LO < 36) ? WIDTH - LO : 36;
    wire [35:0] di = {{36-W{1'b0}}, wd[LO +: W]};
    /* verilator lint_off UNUSEDSIGNAL */
    wire [35:0] dout;               // bits W..35 unused in the last, narrower slice
    /* verilator lint_on UNUSEDSIGNAL */
    wire [8:0]  a_w = {{9-ADDR_W{1'b0}}, wa};
    wire [8:0]  a_r = {{9-ADDR_W{1'b0}}, ra};
    /* verilator lint_off PINMISSING */
    DP16KD #(
        .DATA_WIDTH_A(36), .DATA_WIDTH_B(36),
        .REGMODE_A("OUTREG"), .REGMODE_B("OUTREG"),
        .RESETMODE("SYNC"), .ASYNC_RESET_RELEASE("SYNC"),
        .CSDECODE_A("0b000"), .CSDECODE_B("0b000"),
        .WRITEMODE_A("NORMAL"), .WRITEMODE_B("NORMAL"),
        .GSR("DISABLED")
    ) u_ram (
        // port A: write (36 bits: ADA[3:0] are the byte enables, ADA[13:5] the address)
        .CLKA(clk), .CEA(we), .WEA(1'b1), .OCEA(1'b1), .RSTA(1'b0),
        .CSA2(1'b0), .CSA1(1'b0), .CSA0(1'b0),
        .ADA13(a_w[8]), .ADA12(a_w[7]), .ADA11(a_w[6]), .ADA10(a_w[5]), .ADA9(a_w[4]),
        .ADA8(a_w[3]), .ADA7(a_w[2]), .ADA6(a_w[1]), .ADA5(a_w[0]), .ADA4(1'b0),
        .ADA3(1'b1), .ADA2(1'b1), .ADA1(1'b1), .ADA0(1'b1),
        .DIA17(di[17]), .DIA16(di[16]), .DIA15(di[15]), .DIA14(di[14]), .DIA13(di[13]),
        .DIA12(di[12]), .DIA11(di[11]), .DIA10(di[10]), .DIA9(di[9]), .DIA8(di[8]),
        .DIA7(di[7]), .DIA6(di[6]), .DIA5(di[5]), .DIA4(di[4]), .DIA3(di[3]), .DIA2(di[2]),
        .DIA1(di[1]), .DIA0(di[0]),
        .DIB17(di[35]), .DIB16(di[34]), .DIB15(di[33]), .DIB14(di[32]), .DIB13(di[31]),
        .DIB12(di[30]), .DIB11(di[29]), .DIB10(di[28]), .DIB9(di[27]), .DIB8(di[26]),
        .DIB7(di[25]), .DIB6(di[24]), .DIB5(di[23]), .DIB4(di[22]), .DIB3(di[21]),
        .DIB2(di[20]), .DIB1(di[19]), .DIB0(di[18]),
        // port B: read
        .CLKB(clk), .CEB(1'b1), .WEB(1'b0), .OCEB(1'b1), .RSTB(1'b0),
        .CSB2(1'b0), .CSB1(1'b0), .CSB0(1'b0),
        .ADB13(a_r[8]), .ADB12(a_r[7]), .ADB11(a_r[6]), .ADB10(a_r[5]), .ADB9(a_r[4]),
        .ADB8(a_r[3]), .ADB7(a_r[2]), .ADB6(a_r[1]), .ADB5(a_r[0]), .ADB4(1'b0),
        .ADB3(1'b0), .ADB2(1'b0), .ADB1(1'b0), .ADB0(1'b0),
        .DOA17(dout[17]), .DOA16(dout[16]), .DOA15(dout[15]), .DOA14(dout[14]),
        .DOA13(dout[13]), .DOA12(dout[12]), .DOA11(dout[11]), .DOA10(dout[10]),
        .DOA9(dout[9]), .DOA8(dout[8]), .DOA7(dout[7]), .DOA6(dout[6]), .DOA5(dout[5]),
        .DOA4(dout[4]), .DOA3(dout[3]), .DOA2(dout[2]), .DOA1(dout[1]), .DOA0(dout[0]),
        .DOB17(dout[35]), .DOB16(dout[34]), .DOB15(dout[33]), .DOB14(dout[32]),
        .DOB13(dout[31]), .DOB12(dout[30]), .DOB11(dout[29]), .DOB10(dout[28]),
        .DOB9(dout[27]), .DOB8(dout[26]), .DOB7(dout[25]), .DOB6(dout[24]),
        .DOB5(dout[23]), .DOB4(dout[22]), .DOB3(dout[21]), .DOB2(dout[20]),
        .DOB1(dout[19]), .DOB0(dout[18])
    );
    /* verilator lint_on PINMISSING */
    assign q[LO +: W] = dout[W-1:0];
end
endgenerate
`else
reg [WIDTH-1:0] mem [0:DEPTH-1];
reg [WIDTH-1:0] rd_q, out_q;
always @(posedge clk) begin
    if (we) mem[wa] <= wd;
    rd_q  <= mem[ra];
    out_q <= rd_q;
end
assign q = out_q;
`endif

endmodule

`default_nettype wire
