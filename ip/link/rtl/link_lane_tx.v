// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Transmit lane layer of the link encryptor (docs/link-format.md, "Words, bytes and lanes";
// ip/link/doc/architecture.md): a block gearbox, eight 64-bit blocks in per word, one round of L
// blocks out per clock, with an alignment-marker round every am_period rounds from round 0, as
// linecrypt.link.model.to_lanes deals them.
//
// Byte and bit order:
//   s_tdata      a line word, block j (word bytes 8j..8j+7) at bits [64*(j^1) +: 64] with its
//                byte 0 in the block's most significant byte (the AE engines' LANES = 4 order)
//   m_lane_data  lane l at bits [64*l +: 64], the block's byte 0 in its most significant byte;
//                block g of the block stream goes to lane g mod L
//   marker       lane l of a marker round: {"LAM", l, ~l, 8'h00, am_seq[15:0]}
//                (format.am_block), am_seq counting marker rounds from 0 after reset
//
// Timing: a round leaves whenever one is due: a marker round when the round counter says so
// (it needs no data), a data round when L blocks are buffered. Without input the gearbox stalls
// (m_lane_valid low) after the rounds it can complete; the framer sends idle words, so on the
// line it never does. s_tready depends on registers only: it is high when the buffer has room
// for a word after this clock's round, so it drops during marker rounds once the buffer is
// full and, for L < 8, on every other clock. am_period below 2 acts as 2 (every round a marker
// would carry no data); a change of am_period takes effect from the next round.
module link_lane_tx #(
    parameter integer L           = 10,    // logical lanes, 1..255
    parameter integer AM_PERIOD_W = 24
) (
    input  wire                   clk,
    input  wire                   rst,

    input  wire [511:0]           s_tdata,
    input  wire                   s_tvalid,
    output wire                   s_tready,

    input  wire [AM_PERIOD_W-1:0] am_period,   // rounds from one marker round to the next

    output reg  [64*L-1:0]        m_lane_data,
    output reg                    m_lane_valid
);

generate
if (L < 1 || L > 255) begin : g_bad_lanes
    $error("%m: L must be 1..255 (the marker's lane field is 8 bits)");
end
if (AM_PERIOD_W < 2) begin : g_bad_period_w
    $error("%m: AM_PERIOD_W must be at least 2");
end
endgenerate

// The buffer holds a partial round plus one word: with CAP = L + 7 blocks a word fits on every
// clock that sends a data round, and on every clock that sends nothing.
localparam integer CAP = L + 7;
localparam integer CW  = $clog2(CAP + 1);
localparam integer ROOM_I = CAP - 8;
localparam [CW-1:0] LB   = L[CW-1:0];        // blocks per round
localparam [CW-1:0] WB   = 8;                // blocks per word
localparam [CW-1:0] ROOM = ROOM_I[CW-1:0];   // a word fits when at most this many blocks remain

reg  [64*CAP-1:0]      buf_q;     // block i (i = 0 oldest) at [64*i +: 64]; zero from cnt_q up
reg  [CW-1:0]          cnt_q;
reg  [AM_PERIOD_W-1:0] rc_q;      // round within the period; 0 = marker round
reg  [15:0]            seq_q;     // am_seq of the next marker round

wire [AM_PERIOD_W-1:0] period  = (am_period < 2) ? 2 : am_period;
wire                   am_due  = (rc_q == 0);
wire                   data_go = !am_due && (cnt_q >= LB);
wire [CW-1:0]          rem     = data_go ? cnt_q - LB : cnt_q;

assign s_tready = (rem <= ROOM);
wire take = s_tvalid && s_tready;

// the word's blocks in block order, block j at [64*j +: 64]
reg [511:0] blk_in;
integer j;
always @* begin
    for (j = 0; j < 8; j = j + 1)
        blk_in[64*j +: 64] = s_tdata[64*(j ^ 1) +: 64];
end

wire [64*CAP-1:0] kept = data_go ? (buf_q >> (64 * L)) : buf_q;
wire [64*CAP-1:0] add  = take ? ({{(64*CAP-512){1'b0}}, blk_in} << (64 * rem)) : {64*CAP{1'b0}};

// marker round
reg [64*L-1:0] am_round;
integer l;
always @* begin
    for (l = 0; l < L; l = l + 1)
        am_round[64*l +: 64] = {24'h4C414D, l[7:0], ~l[7:0], 8'h00, seq_q};
end

always @(posedge clk) begin
    if (rst) begin
        buf_q        <= {64*CAP{1'b0}};
        cnt_q        <= {CW{1'b0}};
        rc_q         <= {AM_PERIOD_W{1'b0}};
        seq_q        <= 16'd0;
        m_lane_valid <= 1'b0;
        m_lane_data  <= {64*L{1'b0}};
    end else begin
        buf_q        <= kept | add;
        cnt_q        <= rem + (take ? WB : {CW{1'b0}});
        m_lane_valid <= am_due || data_go;
        if (am_due) begin
            m_lane_data <= am_round;
            seq_q       <= seq_q + 16'd1;
        end else if (data_go) begin
            m_lane_data <= buf_q[64*L-1:0];
        end
        if (am_due || data_go)
            rc_q <= (rc_q + 1'b1 >= period) ? {AM_PERIOD_W{1'b0}} : rc_q + 1'b1;
    end
end

endmodule

`default_nettype wire
