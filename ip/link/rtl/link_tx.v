// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Transmit half of the link encryptor (ip/link/doc/architecture.md): N client ports, each in its
// own clock domain, through their ingress FIFOs (link_ingress), the deficit-round-robin record
// packer (link_tx_sched) and the framer with its AE engine (link_tx_framer), to one 512-bit line
// word per clock (idle words between frames). The lane layer (link_lane_tx) follows it.
//
// Byte order: client ports carry byte 0 of an Ethernet frame in s_cli_tdata[64*i +: 8]; line
// words follow docs/link-format.md (byte b of a word at bits [128*(b/16)+127-8*(b%16) -: 8]).
module link_tx #(
    parameter N          = 10,         // client channels, 1..16
    parameter K          = 256,        // words per data frame, 2..1024
    parameter MODE       = 0,          // 0: AES-GCM (gcm_engine), 1: OCB3 (ocb3_engine)
    parameter CIPHER     = 0,          // 0: AES, 1: Serpent
    parameter KEY_BITS   = 128,
    parameter NSLOTS     = 4,          // key slots; slot = epoch mod NSLOTS
    parameter FIFO_BYTES = 65536,      // ingress buffer per channel
    parameter MAX_FRAME  = 16383       // longest client frame carried, bytes
) (
    input  wire                 clk,
    input  wire                 rst,

    input  wire [N-1:0]         cli_clk,
    input  wire [N-1:0]         cli_rst,
    input  wire [64*N-1:0]      s_cli_tdata,
    input  wire [8*N-1:0]       s_cli_tkeep,
    input  wire [N-1:0]         s_cli_tvalid,
    input  wire [N-1:0]         s_cli_tlast,
    input  wire [N-1:0]         s_cli_tuser,      // with tlast: bad frame, dropped

    input  wire                 tx_en,
    input  wire                 enc_en,           // 0: data frames are CLEAR (link_tx_framer)
    input  wire [15:0]          chan_en,
    input  wire [16*N-1:0]      share,
    input  wire [15:0]          flush_words,
    input  wire [31:0]          sync_period,
    input  wire [31:0]          session,
    input  wire                 session_we,
    input  wire [15:0]          switch_epoch,
    input  wire                 switch_we,

    input  wire [KEY_BITS-1:0]  s_key_tdata,
    input  wire [15:0]          s_key_epoch,
    input  wire                 s_key_tvalid,
    output wire                 s_key_tready,
    output wire [NSLOTS-1:0]    slot_valid,

    output wire [511:0]         m_tdata,
    output wire                 m_tvalid,
    input  wire                 m_tready,

    output wire                 armed,
    output wire                 switch_pending,
    output wire                 key_missing,
    output wire [15:0]          epoch,
    output wire                 session_err,

    output wire [N-1:0]         ev_drop,          // a client frame dropped at ingress
    output wire [N-1:0]         ev_frames,        // a client frame's last record placed
    output wire [16*N-1:0]      ev_bytes,         // client bytes placed in a record ...
    output wire [N-1:0]         ev_bytes_valid,   // ... this clock
    output wire                 ev_tdm,
    output wire                 ev_sync,
    output wire                 ev_idle,
    output wire                 ev_switch
);

generate
if (N < 1 || N > 16) begin : g_bad_n
    $error("%m: N must be 1..16");
end
endgenerate

wire [N-1:0]      q_tvalid, q_tready, q_tlast;
wire [512*N-1:0]  q_tdata;
wire [16*N-1:0]   q_len;
/* verilator lint_off UNUSEDSIGNAL */
wire [N-1:0]      frame_in;         // ingress: a frame complete (no counter of its own in the map)
/* verilator lint_on UNUSEDSIGNAL */

genvar i;
generate
for (i = 0; i < N; i = i + 1) begin : g_in
    link_ingress #(.BYTES(FIFO_BYTES), .MAX_FRAME(MAX_FRAME)) u_in (
        .cli_clk(cli_clk[i]), .cli_rst(cli_rst[i]),
        .s_axis_tdata(s_cli_tdata[64*i +: 64]), .s_axis_tkeep(s_cli_tkeep[8*i +: 8]),
        .s_axis_tvalid(s_cli_tvalid[i]), .s_axis_tlast(s_cli_tlast[i]),
        .s_axis_tuser(s_cli_tuser[i]),
        .clk(clk), .rst(rst), .enable(chan_en[i]),
        .q_tvalid(q_tvalid[i]), .q_tready(q_tready[i]), .q_tdata(q_tdata[512*i +: 512]),
        .q_tlast(q_tlast[i]), .q_len(q_len[16*i +: 16]),
        .ev_drop(ev_drop[i]), .ev_frame_in(frame_in[i]));
end
endgenerate

wire [511:0] p_tdata;
wire         p_tvalid, p_tready, p_tlast;
wire [15:0]  p_used, p_chan_map;

link_tx_sched #(.N(N), .K(K)) u_sched (
    .clk(clk), .rst(rst),
    .q_tvalid(q_tvalid), .q_tready(q_tready), .q_tdata(q_tdata), .q_tlast(q_tlast),
    .q_len(q_len), .share(share), .flush_words(flush_words),
    .p_tdata(p_tdata), .p_tvalid(p_tvalid), .p_tready(p_tready), .p_tlast(p_tlast),
    .p_used(p_used), .p_chan_map(p_chan_map),
    .ev_rec_frames(ev_frames), .ev_rec_bytes(ev_bytes), .ev_rec_bytes_valid(ev_bytes_valid));

link_tx_framer #(.MODE(MODE), .CIPHER(CIPHER), .KEY_BITS(KEY_BITS), .K(K), .NSLOTS(NSLOTS)) u_framer (
    .clk(clk), .rst(rst),
    .p_tdata(p_tdata), .p_tvalid(p_tvalid), .p_tready(p_tready), .p_tlast(p_tlast),
    .p_used(p_used), .p_chan_map(p_chan_map),
    .tx_en(tx_en), .session(session), .session_we(session_we),
    .switch_epoch(switch_epoch), .switch_we(switch_we), .sync_period(sync_period),
    .chan_en(chan_en), .enc_en(enc_en),
    .s_key_tdata(s_key_tdata), .s_key_epoch(s_key_epoch), .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready), .slot_valid(slot_valid),
    .m_tdata(m_tdata), .m_tvalid(m_tvalid), .m_tready(m_tready),
    .armed(armed), .switch_pending(switch_pending), .key_missing(key_missing), .epoch(epoch),
    .session_err(session_err),
    .ev_tdm(ev_tdm), .ev_sync(ev_sync), .ev_idle(ev_idle), .ev_switch(ev_switch));

endmodule
`default_nettype wire
