// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Client egress FIFO of one link channel: line clock -> client clock, store and forward of whole
// client frames (ip/link/doc/architecture.md, link_egress).
//
// Byte order.
//   Line side (clk): the reassembler's shared bus c_*. c_tdata is two line words, 128 bytes:
//   byte b (0..127) at bits [128*(b/16) + 127 - 8*(b%16) -: 8] (word 0 in [511:0], word 1 in
//   [1023:512], each in line byte order), its keep bit at c_tkeep[16*(b/16) + 15 - (b%16)] (so
//   keep bit i covers c_tdata[8*i +: 8]). A beat carries bytes of one client frame at their
//   position modulo 128 (frame byte o at beat byte o mod 128), a contiguous run inside one
//   128-byte pair of frame words, continuing where the frame's previous beat stopped; several
//   beats may fill one pair. c_tlast ends the frame (its keep may be zero); c_tuser = 1 with
//   c_tlast discards it. Beats whose c_tchan is not CHAN are ignored.
//   Client side (cli_clk): 64-bit AXI-Stream, byte 0 of the frame in m_axis_tdata[7:0] and
//   m_axis_tkeep[0]; tkeep is all ones except on the last beat (contiguous from bit 0).
//
// c_tready (a flop) says this egress can take a beat for channel CHAN in this clock, whatever
// c_tchan is; the bus owner combines it with the channel select. It falls when the buffer has
// no room for the pair being assembled plus one (frames are never cut), and rises again as the
// client side drains committed frames. A frame longer than MAX_FRAME bytes is consumed at full
// rate and discarded (ev_drop) instead of filling the buffer: with BYTES >= 2*MAX_FRAME (checked
// at elaboration) every frame the egress keeps fits beside the one before it, so the bus never
// waits forever on a frame the buffer cannot hold.
//
// Storage: BYTES/64 words, the even addresses in one set of eight banks of 64 bits and the odd
// ones in another (bank j = bytes 8j..8j+7 of each word, in client byte order; BYTES/128 deep),
// each a two-clock block RAM (link_cdc_ram: written 64 bits per bank on clk; read one bank per
// clock on cli_clk), plus a 7-bit word descriptor {last word of its frame, bytes in the word -
// 1} per set. Every frame starts on a word boundary, of either parity. The pair of frame words
// under assembly is held in a register and merged by keep; it is written when the next beat
// opens the next pair, or one clock after c_tlast (so a keep-0 last beat still marks the
// previous, full, pair as the last): its two words have consecutive addresses, so they go to
// different sets and are written in the same clock (the second only if the frame has bytes in
// it), and the bus side takes a beat of up to 128 bytes every clock. At c_tlast the commit
// pointer moves past the frame and crosses to the client side (link_cdc_value); a discarded
// frame rewinds the write pointer.
//
// Client side: descriptors of committed words are read ahead (a 4-entry FIFO with a credit
// count), each gives its word's address and beat count; beats are read from the banks (RAM
// read register, a bank select register) into a 4-entry output FIFO, again admitted by a
// credit count, so m_axis_tready stops nothing but the counts and the FIFO's read pointer and
// the port sends one beat per clock across words and frames. A word's space is freed when its
// last beat has been read (crossed back in Gray code).
//
// Resets: rst and cli_rst each reset both sides (link_cdc_rst); frames held are lost. After a
// hold caused by cli_rst alone the rest of the frame in progress on the bus is discarded.
// Events (clk): ev_drop one clock per frame discarded (c_tuser, empty, longer than MAX_FRAME).
module link_egress #(
    parameter CHAN      = 0,       // the channel this egress takes from the bus
    parameter BYTES     = 65536,   // buffer size in bytes, a power of two >= 256
    parameter MAX_FRAME = 16383,   // longest frame kept, bytes
    // derived
    parameter DEPTH_W = BYTES / 64,
    parameter AW      = $clog2(DEPTH_W)
) (
    // line clock domain
    input  wire         clk,
    input  wire         rst,
    input  wire [1023:0] c_tdata,
    input  wire [127:0] c_tkeep,
    input  wire [3:0]   c_tchan,
    input  wire         c_tlast,
    input  wire         c_tuser,
    input  wire         c_tvalid,
    output wire         c_tready,
    output reg          ev_drop,

    // client clock domain
    input  wire         cli_clk,
    input  wire         cli_rst,
    output wire [63:0]  m_axis_tdata,
    output wire [7:0]   m_axis_tkeep,
    output wire         m_axis_tvalid,
    input  wire         m_axis_tready,
    output wire         m_axis_tlast
);

generate
if (BYTES < 256 || (BYTES & (BYTES - 1)) != 0) begin : g_bad_bytes
    $error("%m: BYTES must be a power of two >= 256");
end
if (CHAN < 0 || CHAN > 15) begin : g_bad_chan
    $error("%m: CHAN must be 0..15");
end
if (MAX_FRAME < 1 || MAX_FRAME > 65535) begin : g_bad_max
    $error("%m: MAX_FRAME must be 1..65535");
end
if (BYTES < 2 * MAX_FRAME) begin : g_bad_fit
    $error("%m: BYTES must be >= 2*MAX_FRAME, or a long frame could wait forever for room");
end
endgenerate

localparam [3:0]  CH      = CHAN[3:0];
localparam [AW:0] ONE     = 1;
localparam [AW:0] TWO     = 2;
localparam [AW:0] ROOM    = {1'b0, {AW{1'b1}}} - TWO;   // DEPTH_W - 3: c_tready needs (acc pair - freed) below it
localparam [17:0] MAX_B   = MAX_FRAME[17:0];
localparam [1:0]  S_EMPTY = 2'd0;          // no byte of a frame held
localparam [1:0]  S_PART  = 2'd1;          // acc holds part of a pair
localparam [1:0]  S_FULL  = 2'd2;          // acc holds a full pair, written when the next beat comes
localparam [1:0]  S_LAST  = 2'd3;          // acc holds the frame's last pair, written this clock

// ------------------------------------------------------------------------------ resets
wire lrst, crst;
wire lown;                                 // lrst comes from rst (the reassembler restarts too)
/* verilator lint_off PINCONNECTEMPTY */
link_cdc_rst u_rst (.a_clk(clk), .a_rst(rst), .a_rst_out(lrst), .a_own(lown),
                    .b_clk(cli_clk), .b_rst(cli_rst), .b_rst_out(crst), .b_own());
/* verilator lint_on PINCONNECTEMPTY */

// ------------------------------------------------------------------------------ line side
reg  [1:0]   st;
reg          drop;                         // discarding the rest of a too long frame
reg  [1023:0] acc;                         // the pair under assembly, line byte order
reg  [6:0]   elen_m1;                      // bytes of the frame in acc, minus 1 (0..127)
reg  [AW:0]  wa;                           // address of acc's first word
reg  [AW:0]  cm;                           // commit pointer: first word of the current frame
reg  [10:0]  fw;                           // words of the current frame before acc's (even)
reg          rdy;
reg          mid;                          // a frame of this channel is in progress on the bus
wire [AW:0]  rd_l;                         // words freed by the client side, in clk

assign c_tready = rdy;
wire beat = c_tvalid && rdy && c_tchan == CH;

// keep by byte index, and the highest byte kept (the beat's last byte)
reg [127:0] kb;
reg [6:0]  hi;
integer b;
always @(*) begin
    for (b = 0; b < 128; b = b + 1) kb[b] = c_tkeep[16*(b/16) + 15 - (b%16)];
    hi = 7'd0;
    for (b = 0; b < 128; b = b + 1) if (kb[b]) hi = b[6:0];
end
wire any = |c_tkeep;
wire k127 = c_tkeep[112];                  // byte 127 kept: the beat completes its pair

// merge by keep (keep bit i covers c_tdata[8*i +: 8])
reg [1023:0] merged_acc, merged_new;
integer i;
always @(*) begin
    for (i = 0; i < 128; i = i + 1) begin
        merged_acc[8*i +: 8] = c_tkeep[i] ? c_tdata[8*i +: 8] : acc[8*i +: 8];
        merged_new[8*i +: 8] = c_tkeep[i] ? c_tdata[8*i +: 8] : 8'h00;
    end
end

// next state: a pending last pair is written first (wr_last: one word, or two when the frame
// has bytes in the pair's second word), the beat then starts a frame
wire         wr_last = (st == S_LAST);
wire [AW:0]  last_wa = wa + (elen_m1[6] ? TWO : ONE);          // the word after the frame
wire [1:0]   cur_st  = wr_last ? S_EMPTY : st;
wire [AW:0]  cur_wa  = wr_last ? last_wa : wa;
wire [AW:0]  cur_cm  = wr_last ? last_wa : cm;
wire [10:0]  cur_fw  = wr_last ? 11'd0 : fw;
wire [10:0]  beat_fw = (cur_st == S_FULL) ? cur_fw + 11'd2 : cur_fw;
wire [17:0]  beat_by = {1'b0, beat_fw, 6'd0} + {11'd0, hi} + 18'd1;  // frame bytes after the beat

reg [1:0]   st_n;
reg         drop_n, wr_full, drop_ev, take_acc, from_new;
reg [AW:0]  wa_n;
reg [10:0]  fw_n;
always @(*) begin
    st_n = cur_st; drop_n = drop; wa_n = cur_wa; fw_n = cur_fw;
    wr_full = 1'b0; drop_ev = 1'b0; take_acc = 1'b0; from_new = 1'b0;
    if (beat) begin
        if (drop || (c_tlast && c_tuser) || (c_tlast && !any && cur_st == S_EMPTY)) begin
            // a beat of a too long frame; at c_tlast also the end of a discarded (c_tuser) or
            // empty frame: forget the frame
            if (c_tlast) begin
                drop_n = 1'b0; drop_ev = 1'b1;
                st_n = S_EMPTY; wa_n = cur_cm; fw_n = 11'd0;
            end
        end else if (!any) begin
            // a keep-0 beat carries nothing; with c_tlast the pair in acc is the frame's last
            if (c_tlast) st_n = S_LAST;
        end else if (beat_by > MAX_B) begin
            // too long: discard now, or from here to c_tlast
            drop_n = !c_tlast; drop_ev = c_tlast;
            st_n = S_EMPTY; wa_n = cur_cm; fw_n = 11'd0;
        end else begin
            wr_full  = (cur_st == S_FULL);
            take_acc = 1'b1;
            from_new = (cur_st != S_PART);
            wa_n     = wr_full ? cur_wa + TWO : cur_wa;
            fw_n     = beat_fw;
            st_n     = c_tlast ? S_LAST : (k127 ? S_FULL : S_PART);
        end
    end
end

wire [AW:0] used_n = wa_n - rd_l;
always @(posedge clk) begin
    if (take_acc) begin
        acc  <= from_new ? merged_new : merged_acc;
        elen_m1 <= hi;
    end
    // frame boundaries on the bus, kept through a hold caused by cli_rst: after it the rest of
    // the frame in progress is discarded (the reassembler is not reset by cli_rst)
    mid <= !(rst || lown) && (beat ? !c_tlast : mid);
    if (lrst) begin
        st      <= S_EMPTY;
        drop    <= !(rst || lown) && (beat ? !c_tlast : mid);
        wa      <= {AW+1{1'b0}};
        cm      <= {AW+1{1'b0}};
        fw      <= 11'd0;
        rdy     <= 1'b0;
        ev_drop <= 1'b0;
    end else begin
        st      <= st_n;
        drop    <= drop_n;
        wa      <= wa_n;
        cm      <= cur_cm;
        fw      <= fw_n;
        rdy     <= drop_n || used_n < ROOM;
        ev_drop <= drop_ev;
    end
end

// the pair write, on wr_last (the frame's last one or two words) or wr_full (a full pair, more
// follows): acc's word 0 at wa, word 1 at wa + 1. Words of even address live in the even
// banks, odd ones in the odd banks (each DEPTH_W / 2 deep), so the two words of a pair always
// go to different memories, whatever the parity of the frame's first word.
wire       w0_we   = !lrst && (wr_last || wr_full);
wire       w1_we   = !lrst && (wr_full || (wr_last && elen_m1[6]));
wire [6:0] desc0   = {wr_last && !elen_m1[6], elen_m1[6] ? 6'd63 : elen_m1[5:0]};
wire [6:0] desc1   = {wr_last, elen_m1[5:0]};
wire       par     = wa[0];                // acc's word 0 goes to the odd banks
wire       we_e    = par ? w1_we : w0_we;
wire       we_o    = par ? w0_we : w1_we;
localparam [AW-2:0] ROW1 = 1;
wire [AW-2:0] wr_e = par ? wa[AW-1:1] + ROW1 : wa[AW-1:1];  // word 1 of an odd-based pair: next row
wire [AW-2:0] wr_o = wa[AW-1:1];
wire [6:0] desc_e  = par ? desc1 : desc0;
wire [6:0] desc_o  = par ? desc0 : desc1;
wire [7:0] rd_sel;                         // client side: bank of the beat read
wire [AW-1:0] rd_a;                        // client side: word of the beat read
wire [64*8-1:0] bank_qe, bank_qo;
genvar j, k;
generate
for (j = 0; j < 8; j = j + 1) begin : g_bank
    wire [63:0] wd0, wd1;                  // line block j of acc's words -> client byte order
    for (k = 0; k < 8; k = k + 1) begin : g_byte
        assign wd0[8*k +: 8] = acc[64*(j^1) + 56 - 8*k +: 8];
        assign wd1[8*k +: 8] = acc[512 + 64*(j^1) + 56 - 8*k +: 8];
    end
    link_cdc_ram #(.WIDTH(64), .DEPTH(DEPTH_W / 2)) u_ram_e (
        .wclk(clk), .we(we_e), .wa(wr_e), .wd(par ? wd1 : wd0),
        .rclk(cli_clk), .ra(rd_a[AW-1:1]), .q(bank_qe[64*j +: 64]));
    link_cdc_ram #(.WIDTH(64), .DEPTH(DEPTH_W / 2)) u_ram_o (
        .wclk(clk), .we(we_o), .wa(wr_o), .wd(par ? wd0 : wd1),
        .rclk(cli_clk), .ra(rd_a[AW-1:1]), .q(bank_qo[64*j +: 64]));
end
endgenerate

// ------------------------------------------------------------------------------ crossings
wire [AW:0] cm_c;                          // commit pointer in cli_clk
reg  [AW:0] fp;                            // words whose last beat has been read
link_cdc_value #(.W(AW+1)) u_cm (.s_clk(clk), .s_rst(lrst), .s_val(cm),
                                 .d_clk(cli_clk), .d_rst(crst), .d_val(cm_c));
link_cdc_gray #(.W(AW+1)) u_fp (.s_clk(cli_clk), .s_rst(crst), .s_bin(fp),
                                .d_clk(clk), .d_rst(lrst), .d_bin(rd_l));

// ------------------------------------------------------------------------------ client side
// descriptor read-ahead
reg  [AW:0]   dp;                          // next descriptor to read
reg  [2:0]    docc;                        // descriptors read, not yet used up
wire          d_issue = (dp != cm_c) && docc != 3'd4;
wire [6:0]    desc_qe, desc_qo;
reg           ds1_v, ds2_v;
reg  [AW-1:0] ds1_a, ds2_a;
reg  [6:0]    ds2_d;
link_cdc_ram #(.WIDTH(7), .DEPTH(DEPTH_W / 2)) u_desc_e (
    .wclk(clk), .we(we_e), .wa(wr_e), .wd(desc_e),
    .rclk(cli_clk), .ra(dp[AW-1:1]), .q(desc_qe));
link_cdc_ram #(.WIDTH(7), .DEPTH(DEPTH_W / 2)) u_desc_o (
    .wclk(clk), .we(we_o), .wa(wr_o), .wd(desc_o),
    .rclk(cli_clk), .ra(dp[AW-1:1]), .q(desc_qo));
wire [6:0]    desc_q = ds1_a[0] ? desc_qo : desc_qe;     // ds1_a: the word read

wire [AW+6:0] dq;                          // {address, last, bytes - 1} of the head word
wire          dq_v;
wire          dq_pop;
/* verilator lint_off PINCONNECTEMPTY */
lc_fifo #(.WIDTH(AW+7), .DEPTH(4), .GUARD_WRITE(0)) u_dq (
    .clk(cli_clk), .rst(crst),
    .s_data({ds2_a, ds2_d}), .s_valid(ds2_v), .s_ready(),
    .m_data(dq), .m_valid(dq_v), .m_ready(dq_pop), .m_valid_next(), .count());
/* verilator lint_on PINCONNECTEMPTY */

// beats of the head word
reg  [2:0]  bi;                            // next beat of the head word
reg  [2:0]  oocc;                          // beats read, not yet sent
wire        o_pop   = m_axis_tvalid && m_axis_tready;
wire        b_issue = dq_v && oocc != 3'd4;
wire        wlast   = (bi == dq[5:3]);     // the word's last beat
assign      dq_pop  = b_issue && wlast;
assign      rd_a    = dq[AW+6:7];
assign      rd_sel  = 8'd1 << bi;
reg         bs1_v, bs2_v, bs1_last, bs2_last, bs1_par;
reg  [7:0]  bs1_sel, bs1_keep, bs2_keep;
reg  [63:0] bs2_data;
reg  [63:0] bank_pick;
integer n;
always @(*) begin
    bank_pick = 64'd0;
    for (n = 0; n < 8; n = n + 1)
        if (bs1_sel[n]) bank_pick = bank_pick | (bs1_par ? bank_qo[64*n +: 64] : bank_qe[64*n +: 64]);
end

always @(posedge cli_clk) begin
    ds1_a    <= dp[AW-1:0];
    ds2_a    <= ds1_a;
    ds2_d    <= desc_q;
    bs1_sel  <= rd_sel;
    bs1_par  <= rd_a[0];
    bs1_keep <= wlast ? (8'hFF >> (3'd7 - dq[2:0])) : 8'hFF;
    bs1_last <= wlast && dq[6];
    bs2_data <= bank_pick;
    bs2_keep <= bs1_keep;
    bs2_last <= bs1_last;
    if (crst) begin
        dp    <= {AW+1{1'b0}};
        docc  <= 3'd0;
        ds1_v <= 1'b0;
        ds2_v <= 1'b0;
        bi    <= 3'd0;
        oocc  <= 3'd0;
        fp    <= {AW+1{1'b0}};
        bs1_v <= 1'b0;
        bs2_v <= 1'b0;
    end else begin
        dp    <= dp + {{AW{1'b0}}, d_issue};
        docc  <= docc + {2'd0, d_issue} - {2'd0, dq_pop};
        ds1_v <= d_issue;
        ds2_v <= ds1_v;
        if (b_issue) bi <= wlast ? 3'd0 : bi + 3'd1;
        oocc  <= oocc + {2'd0, b_issue} - {2'd0, o_pop};
        fp    <= fp + {{AW{1'b0}}, dq_pop};
        bs1_v <= b_issue;
        bs2_v <= bs1_v;
    end
end

wire [72:0] o_data;
/* verilator lint_off PINCONNECTEMPTY */
lc_fifo #(.WIDTH(73), .DEPTH(4), .GUARD_WRITE(0)) u_out (
    .clk(cli_clk), .rst(crst),
    .s_data({bs2_last, bs2_keep, bs2_data}), .s_valid(bs2_v), .s_ready(),
    .m_data(o_data), .m_valid(m_axis_tvalid), .m_ready(m_axis_tready), .m_valid_next(),
    .count());
/* verilator lint_on PINCONNECTEMPTY */
assign m_axis_tdata = o_data[63:0];
assign m_axis_tkeep = o_data[71:64];
assign m_axis_tlast = o_data[72];

endmodule

`default_nettype wire
