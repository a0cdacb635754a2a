// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Test fixture of the whole link: link_tx -> (line words, forwarded by the cocotb bench, which
// may drop, duplicate, reorder, forge or corrupt them) -> link_lane_tx -> L lanes, each delayed
// by SKEW[8*l +: 8] blocks and carried on physical lane PERM (physical lane p carries logical
// lane PERM[4*p +: 4]; the skew belongs to the logical lane) -> link_lane_rx -> link_rx -> client ports.
module link_system_tb #(
    parameter N         = 4,
    parameter K         = 8,
    parameter L         = 10,
    parameter MODE      = 0,
    parameter CIPHER    = 0,
    parameter KEY_BITS  = 128,
    parameter NSLOTS    = 4,
    parameter SKEW      = 80'h160c011e090311200500,   // 0,5,32,17,3,9,30,1,12,22 (lane 0 first)
    parameter PERM      = 40'h4628519073,     // 3,7,0,9,1,5,8,2,6,4 (physical lane 0 first)
    parameter FIFO_BYTES = 32768
) (
    input  wire                 clk,
    input  wire                 rst,
    // clients, transmit side
    input  wire [N-1:0]         cli_clk,
    input  wire [N-1:0]         cli_rst,
    input  wire [64*N-1:0]      s_cli_tdata,
    input  wire [8*N-1:0]       s_cli_tkeep,
    input  wire [N-1:0]         s_cli_tvalid,
    input  wire [N-1:0]         s_cli_tlast,
    input  wire [N-1:0]         s_cli_tuser,
    // clients, receive side
    output wire [64*N-1:0]      m_cli_tdata,
    output wire [8*N-1:0]       m_cli_tkeep,
    output wire [N-1:0]         m_cli_tvalid,
    input  wire [N-1:0]         m_cli_tready,
    output wire [N-1:0]         m_cli_tlast,
    // control
    input  wire                 tx_en,
    input  wire                 enc_en,
    input  wire                 rx_en,
    input  wire [15:0]          chan_en,
    input  wire [15:0]          purge_en,
    input  wire [16*N-1:0]      share,
    input  wire [15:0]          flush_words,
    input  wire [31:0]          sync_period,
    input  wire [23:0]          am_period,
    input  wire [7:0]           los_threshold,
    input  wire [31:0]          session,
    input  wire                 session_we,
    input  wire [15:0]          switch_epoch,
    input  wire                 switch_we,
    input  wire [KEY_BITS-1:0]  tx_key_tdata,
    input  wire [15:0]          tx_key_epoch,
    input  wire                 tx_key_tvalid,
    output wire                 tx_key_tready,
    input  wire [KEY_BITS-1:0]  rx_key_tdata,
    input  wire [15:0]          rx_key_epoch,
    input  wire                 rx_key_tvalid,
    output wire                 rx_key_tready,
    // key slots ready (expanded, GCM: H powers computed) in each end's engine
    output wire [NSLOTS-1:0]    tx_slot_valid,
    output wire [NSLOTS-1:0]    rx_slot_valid,
    // the line words between the framer and the lane layer, through the bench
    output wire [511:0]         tx_tdata,
    output wire                 tx_tvalid,
    input  wire                 tx_tready,
    input  wire [511:0]         line_tdata,
    input  wire                 line_tvalid,
    output wire                 line_tready,
    // status and events (the bench counts them)
    output wire                 armed,
    output wire                 rx_sync,
    output wire                 lanes_aligned,
    output wire [7:0]           lane_skew,
    output wire [N-1:0]         tx_ev_drop,
    output wire                 tx_ev_tdm,
    output wire                 tx_ev_sync,
    output wire                 tx_ev_switch,
    output wire                 rx_ev_tdm,
    output wire                 rx_ev_sync,
    output wire                 rx_ev_auth_fail,
    output wire                 rx_ev_sync_loss,
    output wire                 rx_ev_sync_missed,
    output wire                 rx_ev_missing,
    output wire [31:0]          rx_ev_missing_n,
    output wire                 rx_ev_replay,
    output wire                 rx_ev_hdr_err,
    output wire                 rx_ev_sync_err,
    output wire                 rx_ev_session_err,
    output wire                 rx_ev_hunt_skip,
    output wire                 rx_ev_key_switch,
    output wire                 rx_ev_overflow,
    output wire                 rx_ev_rec_err,
    output wire                 rx_ev_purged_frame,
    output wire [N-1:0]         rx_ev_drops,
    output wire                 ev_am_err
);

/* verilator lint_off PINCONNECTEMPTY */
link_tx #(.N(N), .K(K), .MODE(MODE), .CIPHER(CIPHER), .KEY_BITS(KEY_BITS), .NSLOTS(NSLOTS),
          .FIFO_BYTES(FIFO_BYTES)) u_tx (
    .clk(clk), .rst(rst),
    .cli_clk(cli_clk), .cli_rst(cli_rst), .s_cli_tdata(s_cli_tdata), .s_cli_tkeep(s_cli_tkeep),
    .s_cli_tvalid(s_cli_tvalid), .s_cli_tlast(s_cli_tlast), .s_cli_tuser(s_cli_tuser),
    .tx_en(tx_en), .enc_en(enc_en), .chan_en(chan_en), .share(share), .flush_words(flush_words),
    .sync_period(sync_period), .session(session), .session_we(session_we),
    .switch_epoch(switch_epoch), .switch_we(switch_we),
    .s_key_tdata(tx_key_tdata), .s_key_epoch(tx_key_epoch), .s_key_tvalid(tx_key_tvalid),
    .s_key_tready(tx_key_tready), .slot_valid(tx_slot_valid),
    .m_tdata(tx_tdata), .m_tvalid(tx_tvalid), .m_tready(tx_tready),
    .armed(armed), .switch_pending(), .key_missing(), .epoch(), .session_err(),
    .ev_drop(tx_ev_drop), .ev_frames(), .ev_bytes(), .ev_bytes_valid(),
    .ev_tdm(tx_ev_tdm), .ev_sync(tx_ev_sync), .ev_idle(), .ev_switch(tx_ev_switch));

wire [64*L-1:0] lane_data;
wire            lane_valid;

link_lane_tx #(.L(L)) u_lane_tx (
    .clk(clk), .rst(rst),
    .s_tdata(line_tdata), .s_tvalid(line_tvalid), .s_tready(line_tready),
    .am_period(am_period),
    .m_lane_data(lane_data), .m_lane_valid(lane_valid));

// per logical lane: a delay line of SKEW blocks (it advances with every round the lane layer
// sends, so lane l carries SKEW[l] blocks of whatever the line held before its own blocks, as
// linecrypt.link.model.skew_lanes does); then the physical permutation
reg  [64*L-1:0] dly_data [0:63];
reg             dly_valid;
wire [64*L-1:0] skew_data;
wire [L-1:0]    skew_valid;
integer t;
always @(posedge clk) begin
    if (lane_valid) begin
        dly_data[0] <= lane_data;
        for (t = 1; t < 64; t = t + 1)
            dly_data[t] <= dly_data[t-1];
    end
    dly_valid <= lane_valid && !rst;
end
genvar l;
/* verilator lint_off WIDTHTRUNC */
generate
for (l = 0; l < L; l = l + 1) begin : g_skew
    localparam integer Q = (PERM >> (4*l)) & 15;       // logical lane on physical lane l
    localparam integer DQ = (SKEW >> (8*Q)) & 63;
    assign skew_data[64*l +: 64] = dly_data[DQ][64*Q +: 64];
    assign skew_valid[l]         = dly_valid;
end
endgenerate
/* verilator lint_on WIDTHTRUNC */

wire [511:0] rx_tdata;
wire         rx_tvalid;

link_lane_rx #(.L(L)) u_lane_rx (
    .clk(clk), .rst(rst),
    .s_lane_data(skew_data), .s_lane_valid(skew_valid), .am_period(am_period), .resync(1'b0),
    .m_tdata(rx_tdata), .m_tvalid(rx_tvalid),
    .locked(), .aligned(lanes_aligned), .skew(lane_skew), .deskew_err(),
    .ev_am_err(ev_am_err), .ev_am_err_n(), .ev_deskew_err());

assign rx_slot_valid = u_rx.u_deframer.slot_valid;

link_rx #(.N(N), .K(K), .MODE(MODE), .CIPHER(CIPHER), .KEY_BITS(KEY_BITS), .NSLOTS(NSLOTS),
          .EGRESS_BYTES(FIFO_BYTES)) u_rx (
    .clk(clk), .rst(rst),
    .s_tdata(rx_tdata), .s_tvalid(rx_tvalid),
    .rx_en(rx_en), .resync(1'b0), .los_threshold(los_threshold), .purge_en(purge_en),
    .s_key_tdata(rx_key_tdata), .s_key_epoch(rx_key_epoch), .s_key_tvalid(rx_key_tvalid),
    .s_key_tready(rx_key_tready),
    .cli_clk(cli_clk), .cli_rst(cli_rst),
    .m_cli_tdata(m_cli_tdata), .m_cli_tkeep(m_cli_tkeep), .m_cli_tvalid(m_cli_tvalid),
    .m_cli_tready(m_cli_tready), .m_cli_tlast(m_cli_tlast),
    .rx_sync(rx_sync), .session(), .epoch(), .next_key_missing(),
    .ev_tdm(rx_ev_tdm), .ev_sync(rx_ev_sync), .ev_auth_fail(rx_ev_auth_fail),
    .ev_sync_loss(rx_ev_sync_loss), .ev_sync_missed(rx_ev_sync_missed),
    .ev_missing(rx_ev_missing), .ev_missing_n(rx_ev_missing_n), .ev_replay(rx_ev_replay),
    .ev_hdr_err(rx_ev_hdr_err), .ev_sync_err(rx_ev_sync_err),
    .ev_session_err(rx_ev_session_err), .ev_hunt_skip(rx_ev_hunt_skip),
    .ev_key_switch(rx_ev_key_switch), .ev_overflow(rx_ev_overflow),
    .ev_rec_err(rx_ev_rec_err), .ev_purged_frame(rx_ev_purged_frame),
    .ev_frames(), .ev_bytes(), .ev_drops(rx_ev_drops), .ev_purged(), .ev_auth_fail_chan(),
    .ev_egress_drop());
/* verilator lint_on PINCONNECTEMPTY */

endmodule
`default_nettype wire
