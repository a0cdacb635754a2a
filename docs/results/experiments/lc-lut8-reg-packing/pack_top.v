// SPDX-License-Identifier: Apache-2.0
// One lc_lut8 REG=1 (AES S-box output bit 0 table) between input and output flops, to see where
// nextpnr-ecp5 places the registers inside it (run.sh).
module pack_top (input wire clk, input wire [7:0] d, output reg q);
reg [7:0] x;
wire y;
always @(posedge clk) begin x <= d; q <= y; end
lc_lut8 #(.INIT(256'h52379de7b844e3e14cb3770196ca0329e7bac28f866aac825caa2ec7bf977090), .REG(1)) u (.clk(clk), .x(x), .y(y));
endmodule
