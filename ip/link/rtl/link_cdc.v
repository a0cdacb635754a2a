// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Clock-domain-crossing bricks of the link encryptor's client FIFOs (link_ingress, link_egress).
//
//   link_cdc_sync   level synchroniser (STAGES flops per bit), for quasi-static levels
//   link_cdc_gray   a counter that moves by at most one per source clock, crossed in Gray code
//   link_cdc_value  a value that only grows (a commit pointer that jumps by whole frames),
//                   crossed with a req/ack toggle handshake: the destination sees a recent,
//                   complete value, never a mix of two
//   link_cdc_event  one-clock strobes counted in the source domain and replayed one per clock
//                   in the destination domain (exact while the destination keeps up on average
//                   and lags by less than 2^W - 1 strobes)
//   link_cdc_rst    reset of a two-clock block: a reset on either side holds both sides in reset
//                   until each has seen it (a four-phase handshake per direction), so pointers
//                   on both sides restart together; works for a one-clock reset pulse in a fast
//                   domain seen from a slow one
//   link_cdc_ram    two-clock simple dual-port memory (write on wclk, registered read on rclk)
//
// Every flop that samples another clock domain is the first flop of a synchroniser chain
// (marked ASYNC_REG); link_cdc_value's data bus is sampled only while the handshake holds it.

// The file holds the family of bricks, each named link_cdc_*, not one module of its own name.
/* verilator lint_off DECLFILENAME */

// ---------------------------------------------------------------------------------------------
module link_cdc_sync #(
    parameter W      = 1,
    parameter STAGES = 2,
    parameter [W-1:0] RST_VAL = {W{1'b0}}
) (
    input  wire         clk,
    input  wire         rst,
    input  wire [W-1:0] d,          // from another clock domain, a flop output there
    output wire [W-1:0] q
);
generate
if (STAGES < 2) begin : g_bad
    $error("%m: STAGES must be >= 2");
end
endgenerate
(* ASYNC_REG = "TRUE" *) reg [W*STAGES-1:0] chain;     // stage s at [W*s +: W]
always @(posedge clk) chain <= rst ? {STAGES{RST_VAL}} : {chain[W*(STAGES-1)-1:0], d};
assign q = chain[W*(STAGES-1) +: W];
endmodule

// ---------------------------------------------------------------------------------------------
// s_bin must change by at most +1 per s_clk (a FIFO pointer). d_bin lags by one source clock
// (the Gray register), two destination clocks (synchroniser) and one more (the conversion
// register).
module link_cdc_gray #(
    parameter W = 8
) (
    input  wire         s_clk,
    input  wire         s_rst,
    input  wire [W-1:0] s_bin,
    input  wire         d_clk,
    input  wire         d_rst,
    output reg  [W-1:0] d_bin
);
reg  [W-1:0] s_gray;
wire [W-1:0] d_gray;
always @(posedge s_clk) s_gray <= s_rst ? {W{1'b0}} : (s_bin ^ (s_bin >> 1));
link_cdc_sync #(.W(W)) u_sync (.clk(d_clk), .rst(d_rst), .d(s_gray), .q(d_gray));
reg [W-1:0] g2b;
integer i;
always @(*) begin
    g2b[W-1] = d_gray[W-1];
    for (i = W - 2; i >= 0; i = i - 1) g2b[i] = g2b[i+1] ^ d_gray[i];
end
always @(posedge d_clk) d_bin <= d_rst ? {W{1'b0}} : g2b;
endmodule

// ---------------------------------------------------------------------------------------------
// The source copies s_val into `hold` and toggles `req` when the previous transfer is
// acknowledged and s_val has moved; the destination, seeing req differ from its ack, takes
// `hold` (stable since its req toggle, at least two destination clocks before) and toggles ack.
// A round trip is about two clocks of each side plus one; updates in between coalesce.
module link_cdc_value #(
    parameter W = 8
) (
    input  wire         s_clk,
    input  wire         s_rst,
    input  wire [W-1:0] s_val,
    input  wire         d_clk,
    input  wire         d_rst,
    output reg  [W-1:0] d_val
);
reg  [W-1:0] hold;
reg          req, ack;
wire         ack_s, req_d;
link_cdc_sync u_ack (.clk(s_clk), .rst(s_rst), .d(ack), .q(ack_s));
link_cdc_sync u_req (.clk(d_clk), .rst(d_rst), .d(req), .q(req_d));
always @(posedge s_clk) begin
    if (s_rst) begin
        hold <= {W{1'b0}};
        req  <= 1'b0;
    end else if (req == ack_s && hold != s_val) begin
        hold <= s_val;
        req  <= ~req;
    end
end
always @(posedge d_clk) begin
    if (d_rst) begin
        d_val <= {W{1'b0}};
        ack   <= 1'b0;
    end else if (req_d != ack) begin
        d_val <= hold;
        ack   <= req_d;
    end
end
endmodule

// ---------------------------------------------------------------------------------------------
module link_cdc_event #(
    parameter W = 8
) (
    input  wire s_clk,
    input  wire s_rst,
    input  wire s_pulse,
    input  wire d_clk,
    input  wire d_rst,
    output reg  d_pulse
);
reg  [W-1:0] s_cnt, d_cnt;
wire [W-1:0] d_seen;
always @(posedge s_clk) s_cnt <= s_rst ? {W{1'b0}} : s_cnt + {{W-1{1'b0}}, s_pulse};
link_cdc_gray #(.W(W)) u_gray (.s_clk(s_clk), .s_rst(s_rst), .s_bin(s_cnt),
                               .d_clk(d_clk), .d_rst(d_rst), .d_bin(d_seen));
wire behind = (d_seen != d_cnt);
always @(posedge d_clk) begin
    d_cnt   <= d_rst ? {W{1'b0}} : d_cnt + {{W-1{1'b0}}, behind};
    d_pulse <= !d_rst && behind;
end
endmodule

// ---------------------------------------------------------------------------------------------
// a_rst (b_rst) is the synchronous reset of side A (B). Side A raises a_req on a_rst and keeps
// it until B echoes it; B echoes while it sees a_req and is held in reset meanwhile; A stays in
// reset until B's echo has fallen again, so A leaves reset after B. Both directions at once
// are fine. a_rst_out / b_rst_out are registered: they rise one clock after the reset input.
// a_own (b_own) is high while the side's hold comes from its own reset (its neighbours in its
// clock domain were reset too), low while only the other side's reset holds it.
// A side whose clock is stopped holds the other side in reset after a reset of either side.
module link_cdc_rst (
    input  wire a_clk,
    input  wire a_rst,
    output reg  a_rst_out,
    output reg  a_own,
    input  wire b_clk,
    input  wire b_rst,
    output reg  b_rst_out,
    output reg  b_own
);
reg  a_req, b_req;
wire a_peer, b_peer;      // the other side's req, synchronised (and echoed back from here)
wire a_echo, b_echo;      // the other side's echo of our req, synchronised
link_cdc_sync u_a_peer (.clk(a_clk), .rst(a_rst), .d(b_req),  .q(a_peer));
link_cdc_sync u_b_peer (.clk(b_clk), .rst(b_rst), .d(a_req),  .q(b_peer));
link_cdc_sync u_a_echo (.clk(a_clk), .rst(a_rst), .d(b_peer), .q(a_echo));
link_cdc_sync u_b_echo (.clk(b_clk), .rst(b_rst), .d(a_peer), .q(b_echo));
always @(posedge a_clk) begin
    a_req     <= a_rst || (a_req && !a_echo);
    a_own     <= a_rst || a_req || a_echo;
    a_rst_out <= a_rst || a_req || a_echo || a_peer;
end
always @(posedge b_clk) begin
    b_req     <= b_rst || (b_req && !b_echo);
    b_own     <= b_rst || b_req || b_echo;
    b_rst_out <= b_rst || b_req || b_echo || b_peer;
end
endmodule

// ---------------------------------------------------------------------------------------------
// q is mem[ra] as sampled at the rclk edge (one-clock registered read), the form Yosys maps to
// block RAM with independent clocks (ECP5 DP16KD, pseudo-dual-port). A word must not be read in
// the same moment it is written; the FIFOs read only words committed several clocks earlier.
module link_cdc_ram #(
    parameter WIDTH = 64,
    parameter DEPTH = 1024,
    // derived
    parameter AW = $clog2(DEPTH)
) (
    input  wire             wclk,
    input  wire             we,
    input  wire [AW-1:0]    wa,
    input  wire [WIDTH-1:0] wd,
    input  wire             rclk,
    input  wire [AW-1:0]    ra,
    output reg  [WIDTH-1:0] q
);
reg [WIDTH-1:0] mem [0:DEPTH-1];
always @(posedge wclk) if (we) mem[wa] <= wd;
always @(posedge rclk) q <= mem[ra];
endmodule

/* verilator lint_on DECLFILENAME */

`default_nettype wire
