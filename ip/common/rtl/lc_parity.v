// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Parity (XOR) of N inputs, N <= 16, in at most two LUT4 levels with the fewest LUT4s.
//
// With `LC_TECH_ECP5` defined (`linecrypt synth`) the LUTs are lc_xor4 bricks (one ECP5 LUT4
// each), so synthesis keeps the two-level tree: abc9 maps a many-input XOR of flops as a chain
// of small LUTs (see lc_xor4.v), one level more per link. Without it, the plain XOR.
//
// N <= 4: one LUT. N > 4: K = ceil((N - 4) / 3) first-level LUTs take x[R1-1:0] (R1 = N - 4 + K,
// at most 4 each); the second-level LUT takes their K outputs and the last 4 - K inputs
// x[N-1:R1] directly. Put late or far inputs last (AES: the round key bit).
module lc_parity #(
    parameter N = 8
) (
    input  wire [N-1:0] x,
    output wire         y
);

generate
if (N < 1 || N > 16) begin : g_bad_n
    $error("%m: N must be 1..16 (two LUT4 levels)");
end
endgenerate

`ifdef LC_TECH_ECP5
localparam K  = (N <= 4) ? 0 : (N - 4 + 2) / 3;   // first-level LUTs
localparam R1 = N - 4 + K;                         // inputs of the first level (N > 4)
genvar k;
generate
if (N <= 4) begin : g_one
    wire [N+3:0] p = {4'b0, x};
    lc_xor4 #(.WIDTH(1)) u_lut (.a(p[0]), .b(p[1]), .c(p[2]), .d(p[3]), .y(y));
end else begin : g_two
    wire [4*K+3:0] l1 = {{(4*K+4-R1){1'b0}}, x[R1-1:0]};
    wire [K-1:0]   a1, b1, c1, d1, y1;
    for (k = 0; k < K; k = k + 1) begin : g_l1
        assign a1[k] = l1[4*k];
        assign b1[k] = l1[4*k+1];
        assign c1[k] = l1[4*k+2];
        assign d1[k] = l1[4*k+3];
    end
    /* verilator lint_off UNUSEDSIGNAL */   // the top 4 bits of l1 are padding
    wire [3:0] pad = l1[4*K+3:4*K];
    /* verilator lint_on UNUSEDSIGNAL */
    lc_xor4 #(.WIDTH(K)) u_l1 (.a(a1), .b(b1), .c(c1), .d(d1), .y(y1));
    wire [3:0] l2;
    if (K == 4) begin : g_l2k
        assign l2 = y1;
    end else begin : g_l2
        assign l2 = {x[N-1:R1], y1};
    end
    lc_xor4 #(.WIDTH(1)) u_l2 (.a(l2[0]), .b(l2[1]), .c(l2[2]), .d(l2[3]), .y(y));
end
endgenerate
`else
assign y = ^x;
`endif

endmodule

`default_nettype wire
