// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// GHASH (NIST SP 800-38D Algorithm 2) over LANES blocks per clock, 128*LANES bits per clock.
// Blocks are SP 800-38D bit strings, each the 16 bytes as one big-endian word (byte 0 in the
// top bits of its lane). This is linecrypt/models/gcm.py:ghash over the blocks of one message:
// to get GCM's S, send A || 0^v || C || 0^u || [len(A)]_64 || [len(C)]_64 as the message (the
// length block is a block like any other).
//
// One beat carries in_count = n blocks (0..LANES) of one message, the first in lane 0
// (in_data[127:0]); lanes at or above n are ignored. Any beat may carry fewer than LANES blocks
// (typically the last). With Y the hash so far, a beat computes exactly n Horner steps at once:
//   Y' = (Y xor X_1) . H^n  xor  X_2 . H^(n-1)  xor ... xor  X_n . H^1
// (n = 0 leaves Y as it is: lane 0 multiplies by H^0 = 1). in_start clears Y before the beat
// (the first beat of every message), in_last marks the message's last beat: out_valid rises for
// one clock with out_ghash = GHASH of the message and out_user = that beat's in_user. Messages
// follow back to back, beats may come on any clocks (in_valid low between them); there is no
// stall: the caller keeps backpressure at its edge.
//
// hpow holds H^1 .. H^LANES, H^e in hpow[128(e-1) +: 128] (ghash_hpow.v computes it); it is
// sampled with each beat, so a new hash key applies from the beat that first sees it.
//
// Datapath (IMPL and the array/reduction split as in ghash_mul_unreduced.v / ghash_reduce.v):
//   stage 0: the beat registered, each lane with its power of H selected by n (H^(n-j) for lane
//            j), lanes j >= n zeroed
//   lanes 1..LANES-1: unreduced products X_j . H^(n-j) in ghash_mul_unreduced with PIPE
//            register stages (1: its output; 2: also the AND-array group sums), then XORed
//            together and registered (U, 255 bits): the products are reduced once, in the loop
//   loop:    Y <= reduce(((start ? 0 : Y) xor X_1) . H^n xor U), one unreduced multiplier and
//            one reduction in one clock; lane 0's beat data wait PIPE + 1 clocks beside the
//            lanes so they meet U there
// The feedback Y -> Y' is the only path that must finish in one clock; every other product is
// pipelined. LANES = 1 has no lanes: the loop alone.
//
// Latency from a beat (in_valid high at a clock edge) to out_valid (high after a later edge):
//   LANES = 1:  2 clocks;   LANES > 1:  PIPE + 3 clocks
module ghash_nway #(
    parameter LANES      = 4,
    parameter IMPL       = 0,
    parameter PIPE       = 1,
    parameter USER_WIDTH = 1,
    // derived: in_count width
    parameter CW = (LANES > 3) ? 3 : (LANES > 1) ? 2 : 1
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire                  in_valid,
    input  wire                  in_start,
    input  wire                  in_last,
    input  wire [CW-1:0]         in_count,
    input  wire [128*LANES-1:0]  in_data,
    input  wire [USER_WIDTH-1:0] in_user,
    input  wire [128*LANES-1:0]  hpow,
    output reg                   out_valid,
    output wire [127:0]          out_ghash,
    output reg  [USER_WIDTH-1:0] out_user
);

generate
if (LANES != 1 && LANES != 2 && LANES != 4) begin : g_bad_lanes
    $error("%m: LANES must be 1, 2 or 4");
end
if (PIPE < 0 || PIPE > 2) begin : g_bad_pipe
    $error("%m: PIPE must be 0, 1 or 2");
end
if (CW != ((LANES > 3) ? 3 : (LANES > 1) ? 2 : 1)) begin : g_bad_cw
    $error("%m: CW is derived from LANES; do not set it");
end
endgenerate

localparam [127:0] ONE = {1'b1, 127'd0};          // alpha^0 = H^0: bit x_0 set

// ---- stage 0: the beat, lanes masked, powers selected
reg [128*LANES-1:0] x_s, pw_s;
always @(*) begin : sel
    integer j, e, n;
    n    = {{(32-CW){1'b0}}, in_count};
    x_s  = {128*LANES{1'b0}};
    pw_s = {128*LANES{1'b0}};
    pw_s[127:0] = ONE;                              // n = 0: lane 0 multiplies by 1
    for (j = 0; j < LANES; j = j + 1) begin
        if (j < n) x_s[128*j +: 128] = in_data[128*j +: 128];
        for (e = 1; e <= LANES; e = e + 1)
            if (n == j + e) pw_s[128*j +: 128] = hpow[128*(e-1) +: 128];
    end
end

reg [128*LANES-1:0] x_q, pw_q;
reg                 v_q, start_q, last_q;
reg [USER_WIDTH-1:0] user_q;
always @(posedge clk) begin
    x_q     <= x_s;
    pw_q    <= pw_s;
    start_q <= in_start;
    last_q  <= in_last;
    user_q  <= in_user;
    v_q     <= rst ? 1'b0 : in_valid;
end

// ---- lanes 1..LANES-1 (pipelined), lane 0's beat delayed to meet their sum
wire [254:0]          u_sum;
wire [127:0]          x0_d, pw0_d;
wire                  v_d, start_d, last_d;
wire [USER_WIDTH-1:0] user_d;

genvar j, s;
generate
if (LANES == 1) begin : g_one
    assign u_sum   = 255'd0;
    assign x0_d    = x_q;
    assign pw0_d   = pw_q;
    assign v_d     = v_q;
    assign start_d = start_q;
    assign last_d  = last_q;
    assign user_d  = user_q;
end else begin : g_lanes
    localparam D = PIPE + 1;                         // lane products + the U register
    wire [255*(LANES-1)-1:0] prod;
    for (j = 1; j < LANES; j = j + 1) begin : g_lane
        ghash_mul_unreduced #(
            .IMPL(IMPL), .REG_PP(PIPE >= 2 ? 1 : 0), .REG_OUT(PIPE >= 1 ? 1 : 0)
        ) u_mul (
            .clk(clk), .x(x_q[128*j +: 128]), .h(pw_q[128*j +: 128]),
            .c(prod[255*(j-1) +: 255])
        );
    end
    reg [254:0] u_q;
    always @(posedge clk) begin : usum
        integer l;
        reg [254:0] acc;
        acc = 255'd0;
        for (l = 0; l < LANES - 1; l = l + 1) acc = acc ^ prod[255*l +: 255];
        u_q <= acc;
    end
    assign u_sum = u_q;

    // lane 0 and the beat's control, D clocks (valid reset, the rest plain flops)
    localparam BW = 256 + 2 + USER_WIDTH;
    wire [BW-1:0] dl [0:D];
    wire [D:0]    vl;
    assign dl[0] = {x_q[127:0], pw_q[127:0], start_q, last_q, user_q};
    assign vl[0] = v_q;
    for (s = 1; s <= D; s = s + 1) begin : g_dly
        reg [BW-1:0] d_q;
        reg          dv_q;
        always @(posedge clk) begin
            d_q  <= dl[s-1];
            dv_q <= rst ? 1'b0 : vl[s-1];
        end
        assign dl[s] = d_q;
        assign vl[s] = dv_q;
    end
    assign {x0_d, pw0_d, start_d, last_d, user_d} = dl[D];
    assign v_d = vl[D];
end
endgenerate

// ---- the loop: one unreduced multiplier, the lanes' sum, one reduction
reg  [127:0] y_q;
wire [127:0] y_in = (start_d ? 128'd0 : y_q) ^ x0_d;
wire [254:0] c_loop;
wire [127:0] y_next;
ghash_mul_unreduced #(.IMPL(IMPL), .REG_PP(0), .REG_OUT(0)) u_loop (
    .clk(clk), .x(y_in), .h(pw0_d), .c(c_loop)
);
ghash_reduce u_red (.c(c_loop ^ u_sum), .z(y_next));

always @(posedge clk) begin
    if (v_d) y_q <= y_next;
    if (v_d && last_d) out_user <= user_d;
    out_valid <= rst ? 1'b0 : (v_d && last_d);
end
assign out_ghash = y_q;

endmodule

`default_nettype wire
