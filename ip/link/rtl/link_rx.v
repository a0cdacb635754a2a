// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Receive half of the link encryptor (ip/link/doc/architecture.md): line words (after the lane
// layer, link_lane_rx) through the deframer with its AE engine (link_rx_deframer: HUNT/SYNC,
// authentication, the session/counter/epoch rules), the reassembler (link_rx_reasm: frame
// buffers released or purged on each verdict, records, per-channel sequence checks) and the
// per-channel egress FIFOs (link_egress) to N client ports, each in its own clock domain.
//
// Byte order: line words as docs/link-format.md; client ports carry byte 0 of an Ethernet frame
// in m_cli_tdata[64*i +: 8].
module link_rx #(
    parameter N            = 10,       // client channels, 1..16
    parameter K            = 256,      // words per data frame, 2..1024
    parameter MODE         = 0,        // 0: AES-GCM (gcm_engine), 1: OCB3 (ocb3_engine)
    parameter CIPHER       = 0,        // 0: AES, 1: Serpent
    parameter KEY_BITS     = 128,
    parameter NSLOTS       = 4,        // key slots; slot = epoch mod NSLOTS
    parameter EGRESS_BYTES = 65536,    // egress buffer per channel
    parameter MAX_FRAME    = 16383,    // longest client frame delivered, bytes
    parameter IN_FIFO      = MODE ? 64 : 32, // deframer input FIFO, line words (power of two >= 4)
    // reassembler frame buffers (K words each): they cover the verdict's lag behind a frame's
    // last word (link_rx_reasm), a few clocks with GCM, up to about 48 with OCB3 (the tag call
    // through the forward cipher): 1 + ceil((K + 48) / (K + 2)), at most 8; 3 at K = 256
    parameter REASM_SLOTS  = MODE ? (((2 * K + 49) / (K + 2) + 1 > 8) ? 8
                                                                       : (2 * K + 49) / (K + 2) + 1)
                                  : 2
) (
    input  wire                 clk,
    input  wire                 rst,

    input  wire [511:0]         s_tdata,
    input  wire                 s_tvalid,          // no back-pressure: the line cannot stop

    input  wire                 rx_en,
    input  wire                 resync,
    input  wire [7:0]           los_threshold,
    input  wire [15:0]          purge_en,

    input  wire [KEY_BITS-1:0]  s_key_tdata,
    input  wire [15:0]          s_key_epoch,
    input  wire                 s_key_tvalid,
    output wire                 s_key_tready,

    input  wire [N-1:0]         cli_clk,
    input  wire [N-1:0]         cli_rst,
    output wire [64*N-1:0]      m_cli_tdata,
    output wire [8*N-1:0]       m_cli_tkeep,
    output wire [N-1:0]         m_cli_tvalid,
    input  wire [N-1:0]         m_cli_tready,
    output wire [N-1:0]         m_cli_tlast,

    output wire                 rx_sync,
    output wire [31:0]          session,
    output wire [15:0]          epoch,
    output wire                 next_key_missing,

    output wire                 ev_tdm,
    output wire                 ev_sync,
    output wire                 ev_auth_fail,
    output wire                 ev_sync_loss,
    output wire                 ev_sync_missed,
    output wire                 ev_missing,
    output wire [31:0]          ev_missing_n,
    output wire                 ev_replay,
    output wire                 ev_hdr_err,
    output wire                 ev_sync_err,
    output wire                 ev_session_err,
    output wire                 ev_hunt_skip,
    output wire                 ev_key_switch,
    output wire                 ev_overflow,
    output wire                 ev_rec_err,
    output wire                 ev_purged_frame,
    output wire [N-1:0]         ev_frames,         // client frame delivered to its egress
    output wire [16*N-1:0]      ev_bytes,
    output wire [N-1:0]         ev_drops,          // client frame discarded (a record missing)
    output wire [N-1:0]         ev_purged,
    output wire [N-1:0]         ev_auth_fail_chan,
    output wire [N-1:0]         ev_egress_drop
);

generate
if (N < 1 || N > 16) begin : g_bad_n
    $error("%m: N must be 1..16");
end
endgenerate

wire [511:0] d_tdata;
wire [63:0]  d_tkeep;
wire         d_tlast, d_tvalid, d_tready;
wire         v_valid, v_ready, v_ok, v_fail;
wire [15:0]  v_used, v_chan_map;

link_rx_deframer #(.MODE(MODE), .CIPHER(CIPHER), .KEY_BITS(KEY_BITS), .K(K), .NSLOTS(NSLOTS),
                   .IN_FIFO(IN_FIFO)) u_deframer (
    .clk(clk), .rst(rst),
    .s_tdata(s_tdata), .s_tvalid(s_tvalid),
    .rx_en(rx_en), .resync(resync), .los_threshold(los_threshold),
    .s_key_tdata(s_key_tdata), .s_key_epoch(s_key_epoch), .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .d_tdata(d_tdata), .d_tkeep(d_tkeep), .d_tlast(d_tlast), .d_tvalid(d_tvalid),
    .d_tready(d_tready),
    .v_valid(v_valid), .v_ready(v_ready), .v_ok(v_ok), .v_fail(v_fail), .v_used(v_used),
    .v_chan_map(v_chan_map),
    .rx_sync(rx_sync), .session(session), .epoch(epoch), .next_key_missing(next_key_missing),
    .ev_tdm(ev_tdm), .ev_sync(ev_sync), .ev_auth_fail(ev_auth_fail),
    .ev_sync_loss(ev_sync_loss), .ev_sync_missed(ev_sync_missed), .ev_missing(ev_missing),
    .ev_missing_n(ev_missing_n), .ev_replay(ev_replay), .ev_hdr_err(ev_hdr_err),
    .ev_sync_err(ev_sync_err), .ev_session_err(ev_session_err), .ev_hunt_skip(ev_hunt_skip),
    .ev_key_switch(ev_key_switch), .ev_overflow(ev_overflow));

wire [1023:0] c_tdata;
wire [127:0] c_tkeep;
wire [3:0]   c_tchan;
wire         c_tlast, c_tuser, c_tvalid;
wire [15:0]  eg_ready;

link_rx_reasm #(.N(N), .K(K), .SLOTS(REASM_SLOTS)) u_reasm (
    .clk(clk), .rst(rst),
    .d_tdata(d_tdata), .d_tkeep(d_tkeep), .d_tlast(d_tlast), .d_tvalid(d_tvalid),
    .d_tready(d_tready),
    .v_valid(v_valid), .v_ready(v_ready), .v_ok(v_ok), .v_fail(v_fail), .v_used(v_used),
    .v_chan_map(v_chan_map), .purge_en(purge_en),
    .c_tdata(c_tdata), .c_tkeep(c_tkeep), .c_tchan(c_tchan), .c_tlast(c_tlast),
    .c_tuser(c_tuser), .c_tvalid(c_tvalid), .c_tready(eg_ready[c_tchan]),
    .ev_frames(ev_frames), .ev_bytes(ev_bytes), .ev_drops(ev_drops), .ev_purged(ev_purged),
    .ev_purged_frame(ev_purged_frame), .ev_auth_fail_chan(ev_auth_fail_chan),
    .ev_rec_err(ev_rec_err));

genvar i;
generate
for (i = 0; i < 16; i = i + 1) begin : g_out
    if (i < N) begin : g_eg
        link_egress #(.CHAN(i), .BYTES(EGRESS_BYTES), .MAX_FRAME(MAX_FRAME)) u_eg (
            .clk(clk), .rst(rst),
            .c_tdata(c_tdata), .c_tkeep(c_tkeep), .c_tchan(c_tchan), .c_tlast(c_tlast),
            .c_tuser(c_tuser), .c_tvalid(c_tvalid), .c_tready(eg_ready[i]),
            .ev_drop(ev_egress_drop[i]),
            .cli_clk(cli_clk[i]), .cli_rst(cli_rst[i]),
            .m_axis_tdata(m_cli_tdata[64*i +: 64]), .m_axis_tkeep(m_cli_tkeep[8*i +: 8]),
            .m_axis_tvalid(m_cli_tvalid[i]), .m_axis_tready(m_cli_tready[i]),
            .m_axis_tlast(m_cli_tlast[i]));
    end else begin : g_none
        assign eg_ready[i] = 1'b1;      // the reassembler never names a channel >= N
    end
end
endgenerate

endmodule
`default_nettype wire
