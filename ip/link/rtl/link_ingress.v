// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Client ingress FIFO of one link channel: client clock -> line clock, store and forward of whole
// client frames (ip/link/doc/architecture.md, link_ingress).
//
// Byte order.
//   Client side (cli_clk): 64-bit AXI-Stream as a MAC emits it, byte 0 of the frame in
//   s_axis_tdata[7:0] and s_axis_tkeep[0]; tkeep is all ones except on the last beat, where it
//   is contiguous from bit 0 (possibly zero: the frame then ends with the previous beat).
//   Line side (clk): 512-bit words in line byte order: byte b of a word at bits
//   [128*(b/16) + 127 - 8*(b%16) -: 8]; word w of a frame holds frame bytes 64w..64w+63, the
//   bytes after the frame's end are zero. Block j (bytes 8j..8j+7, one client beat) is bits
//   [64*(j^1) +: 64] with its byte 0 in the most significant byte.
//
// Storage: BYTES/64 words, each the eight 64-bit client beats 8w..8w+7 of a frame, in eight
// banks of 64 bits (bank j = beat j of each word, client byte order), each bank a two-clock
// block RAM (link_cdc_ram: written on cli_clk 64 bits wide, read on clk; the eight banks read
// together give the 512-bit word). Every frame starts on a word boundary. A ninth memory of 16
// bits holds each frame's length at the frame's first word.
//
// Write side (cli_clk). The input beat is registered first. A frame is written as it arrives;
// at its last beat the rest of its last word is written with zeros and, if the frame is good,
// the commit pointer moves past it (crossed to the line side by link_cdc_value). A frame is
// dropped whole (ev_drop) when
//   - it does not fit: a word is to be written while the buffer holds BYTES/64 words not yet
//     popped on the line side (a frame fits exactly when its ceil(len/64) words fit);
//   - it is longer than MAX_FRAME bytes, or empty (a last beat with tkeep = 0 and no beat
//     before it);
//   - s_axis_tuser is 1 on its last beat (bad frame);
//   - `enable` (line clock, synchronised here) is low at any of its beats.
// The write pointer then returns to the commit pointer.
// Resets: the write side tracks frame boundaries on the input (a frame starts with the beat
// after a last beat; cli_rst means the client starts afresh) also while it is held in reset, and
// skips the rest of every frame the hold overlaps (a beat during it, or the hold inside a pause
// of a frame), so a frame cut by a reset is never delivered as a shorter one. A frame starting
// in the two clocks after the hold is dropped too (`enable` is being synchronised again).
//
// Read side (clk). Words below the commit pointer are read in order, blindly across frames
// (every frame starts on a word): each read passes the RAM's read register and one plain
// register, then a 4-entry output FIFO (lc_fifo); a credit count of the words in flight and in
// the FIFO admits a read only while the FIFO can take it, so q_tready stops nothing but the
// count and the FIFO's read pointer. The word entering the FIFO after a frame's last word
// carries the frame's length (read at that address), which gives q_len and the word count.
// Popped words free their space (the pop count crosses back in Gray code), so a full buffer
// means BYTES/64 words held, not yet popped: drop decisions are exact when q_tready is low.
//
// rst and cli_rst each reset both sides (link_cdc_rst); frames held are lost.
// Events (clk): ev_drop one clock per dropped frame, ev_frame_in one clock per frame committed
// (both exact while fewer than 255 are outstanding in the crossing; one per clock is replayed).
module link_ingress #(
    parameter BYTES     = 65536,   // buffer size in bytes, a power of two >= 128
    parameter MAX_FRAME = 16383,   // longest frame taken, bytes (1..65535)
    // derived
    parameter DEPTH_W = BYTES / 64,
    parameter AW      = $clog2(DEPTH_W)
) (
    // client clock domain
    input  wire         cli_clk,
    input  wire         cli_rst,
    input  wire [63:0]  s_axis_tdata,
    input  wire [7:0]   s_axis_tkeep,
    input  wire         s_axis_tvalid,
    input  wire         s_axis_tlast,
    input  wire         s_axis_tuser,

    // line clock domain
    input  wire         clk,
    input  wire         rst,
    input  wire         enable,
    output wire         q_tvalid,
    input  wire         q_tready,
    output wire [511:0] q_tdata,
    output wire         q_tlast,
    output wire [15:0]  q_len,
    output wire         ev_drop,
    output wire         ev_frame_in
);

generate
if (BYTES < 128 || (BYTES & (BYTES - 1)) != 0) begin : g_bad_bytes
    $error("%m: BYTES must be a power of two >= 128");
end
if (MAX_FRAME < 1 || MAX_FRAME > 65535) begin : g_bad_max
    $error("%m: MAX_FRAME must be 1..65535 (q_len is 16 bits)");
end
if (64 * ((MAX_FRAME + 63) / 64) > BYTES) begin : g_bad_fit
    $error("%m: a MAX_FRAME frame never fits in BYTES");
end
endgenerate

localparam integer NB_W = 14;              // beat count: beats <= MAX_FRAME/8 < 2^13
localparam [16:0]  MAXF = MAX_FRAME[16:0];

// ------------------------------------------------------------------------------ resets
wire crst, lrst;                           // each side's reset, held by the handshake
/* verilator lint_off PINCONNECTEMPTY */
link_cdc_rst u_rst (.a_clk(cli_clk), .a_rst(cli_rst), .a_rst_out(crst), .a_own(),
                    .b_clk(clk), .b_rst(rst), .b_rst_out(lrst), .b_own());
/* verilator lint_on PINCONNECTEMPTY */

// ------------------------------------------------------------------------------ write side
wire          en_c;                        // enable, synchronised to cli_clk
link_cdc_sync u_en (.clk(cli_clk), .rst(crst), .d(enable), .q(en_c));

reg  [63:0]   in_data;
reg  [7:0]    in_keep;
reg           in_valid, in_last, in_user;
reg           in_rst;                      // cli_rst, aligned with the registered beat
always @(posedge cli_clk) begin
    in_rst   <= cli_rst;
    in_valid <= s_axis_tvalid;
    in_data  <= s_axis_tdata;
    in_keep  <= s_axis_tkeep;
    in_last  <= s_axis_tlast;
    in_user  <= s_axis_tuser;
end

reg  [AW:0]     cm;                        // commit pointer: first word after the last good frame
reg  [AW:0]     wa;                        // word the next beat goes to
reg  [NB_W-1:0] nb;                        // beats of the current frame taken so far
reg             bad;                       // the frame in progress is being dropped
reg             mid;                       // input: the next beat continues a frame
reg             skip;                      // input: skip the rest of the current frame
wire [AW:0]     rd_c;                      // words popped on the line side, in cli_clk
reg  [AW:0]     ip;                        // line side: next word to read

// bytes kept on the last beat: tkeep is contiguous from bit 0, count its leading ones
reg  [3:0]  cnt;
reg  [63:0] masked;                        // in_data with the bytes after the frame's end zero
integer i;
always @(*) begin
    cnt = 4'd0;
    for (i = 0; i < 8; i = i + 1)
        if (in_keep[i] && cnt == i[3:0]) cnt = cnt + 4'd1;
    masked = in_data;
    if (in_last)
        for (i = 0; i < 8; i = i + 1)
            if (i[3:0] >= cnt) masked[8*i +: 8] = 8'h00;
end

wire [2:0]  bank     = nb[2:0];
wire        no_data  = in_last && cnt == 4'd0 && bank == 3'd0;   // last beat starts no word
wire [AW:0] used     = wa - rd_c;
wire        full     = used[AW];           // used == DEPTH_W (it never exceeds it)
wire [16:0] len      = {nb, 3'b000} + {13'd0, cnt};
wire [16:0] after    = {nb, 3'b000} + 17'd8;                     // bytes after a non-last beat
wire        take     = in_valid && !crst && (!mid || !skip);
wire        bad_nx   = bad || !en_c || (bank == 3'd0 && !no_data && full)
                       || (!in_last && after > MAXF);
wire        good_end = in_last && !bad_nx && !in_user && len != 17'd0 && len <= MAXF;
wire        wr       = take && !bad_nx && !no_data;
wire [AW:0] cm_end   = no_data ? wa : wa + 1'b1;                  // commit pointer after the frame

// frame boundaries, also through a reset hold (not cleared by it)
always @(posedge cli_clk) begin
    if (in_rst) begin
        mid  <= 1'b0;
        skip <= 1'b0;
    end else if (in_valid) begin
        mid  <= !in_last;
        skip <= !in_last && (crst || (mid && skip));
    end else if (crst && mid) begin
        skip <= 1'b1;                      // the hold falls in a pause inside a frame
    end
end

always @(posedge cli_clk) begin
    if (crst) begin
        cm    <= {AW+1{1'b0}};
        wa    <= {AW+1{1'b0}};
        nb    <= {NB_W{1'b0}};
        bad   <= 1'b0;
    end else begin
        if (take) begin
            if (in_last) begin
                bad  <= 1'b0;
                nb   <= {NB_W{1'b0}};
                cm   <= good_end ? cm_end : cm;
                wa   <= good_end ? cm_end : cm;
            end else begin
                bad  <= bad_nx;
                if (!bad_nx) begin
                    nb <= nb + 1'b1;
                    if (bank == 3'd7) wa <= wa + 1'b1;
                end
            end
        end
    end
end

wire ev_drop_c  = !crst && take && in_last && !good_end;
wire ev_in_c    = !crst && take && good_end;
wire commit_c   = ev_in_c;

// banks: the beat's bank gets the (masked) beat, the banks after it zeros on the last beat
genvar j;
wire [7:0]      zfill = in_last ? (8'hFE << bank) : 8'h00;       // banks after the last beat's
wire [64*8-1:0] bank_q;                    // each bank's read, client byte order
generate
for (j = 0; j < 8; j = j + 1) begin : g_bank
    wire we_j = wr && (bank == j || zfill[j]);
    link_cdc_ram #(.WIDTH(64), .DEPTH(DEPTH_W)) u_ram (
        .wclk(cli_clk), .we(we_j), .wa(wa[AW-1:0]), .wd(bank == j ? masked : 64'd0),
        .rclk(clk), .ra(ip[AW-1:0]), .q(bank_q[64*j +: 64]));
end
endgenerate
wire [15:0] len_q;                         // length of the frame starting at the word read
link_cdc_ram #(.WIDTH(16), .DEPTH(DEPTH_W)) u_len (
    .wclk(cli_clk), .we(commit_c), .wa(cm[AW-1:0]), .wd(len[15:0]),
    .rclk(clk), .ra(ip[AW-1:0]), .q(len_q));

// ------------------------------------------------------------------------------ crossings
wire [AW:0] cm_l;                          // commit pointer in clk
reg  [AW:0] pp;                            // words popped
link_cdc_value #(.W(AW+1)) u_cm (.s_clk(cli_clk), .s_rst(crst), .s_val(cm),
                                 .d_clk(clk), .d_rst(lrst), .d_val(cm_l));
link_cdc_gray #(.W(AW+1)) u_pp (.s_clk(clk), .s_rst(lrst), .s_bin(pp),
                                .d_clk(cli_clk), .d_rst(crst), .d_bin(rd_c));
link_cdc_event u_ev_drop (.s_clk(cli_clk), .s_rst(crst), .s_pulse(ev_drop_c),
                          .d_clk(clk), .d_rst(lrst), .d_pulse(ev_drop));
link_cdc_event u_ev_in (.s_clk(cli_clk), .s_rst(crst), .s_pulse(ev_in_c),
                        .d_clk(clk), .d_rst(lrst), .d_pulse(ev_frame_in));

// ------------------------------------------------------------------------------ read side
localparam integer FW = 512 + 16 + 1;      // output FIFO entry: {len, last, word}
reg  [2:0]   occ;                          // words read and not yet popped (<= 4)
wire         pop   = q_tvalid && q_tready;
wire         issue = (ip != cm_l) && occ != 3'd4;
reg          s1_v, s2_v;
reg  [511:0] s2_word;
reg  [15:0]  s2_len;
reg  [10:0]  s2_nw;                        // ceil(len/64) if the word starts a frame
reg  [10:0]  wrem;                         // words of the current frame still to enter the FIFO
reg  [15:0]  flen;                         // length of the current frame

// client beat j -> line block j: bits [64*(j^1) +: 64], byte 0 most significant
reg [511:0] s1_line;
integer b, k;
always @(*) begin
    for (b = 0; b < 8; b = b + 1)
        for (k = 0; k < 8; k = k + 1)
            s1_line[64*(b^1) + 56 - 8*k +: 8] = bank_q[64*b + 8*k +: 8];
end

always @(posedge clk) begin
    s2_word <= s1_line;
    s2_len  <= len_q;
    s2_nw   <= len_q[15:6] + {10'd0, |len_q[5:0]};
    if (lrst) begin
        ip   <= {AW+1{1'b0}};
        pp   <= {AW+1{1'b0}};
        occ  <= 3'd0;
        s1_v <= 1'b0;
        s2_v <= 1'b0;
        wrem <= 11'd0;
        flen <= 16'd0;
    end else begin
        ip   <= ip + {{AW{1'b0}}, issue};
        pp   <= pp + {{AW{1'b0}}, pop};
        occ  <= occ + {2'd0, issue} - {2'd0, pop};
        s1_v <= issue;
        s2_v <= s1_v;
        if (s2_v) begin
            wrem <= (wrem == 11'd0) ? s2_nw - 11'd1 : wrem - 11'd1;
            if (wrem == 11'd0) flen <= s2_len;
        end
    end
end

wire        f_first = (wrem == 11'd0);
wire        f_last  = f_first ? (s2_nw == 11'd1) : (wrem == 11'd1);
wire [15:0] f_len   = f_first ? s2_len : flen;
wire [FW-1:0] q_data;
/* verilator lint_off PINCONNECTEMPTY */
lc_fifo #(.WIDTH(FW), .DEPTH(4), .GUARD_WRITE(0)) u_out (
    .clk(clk), .rst(lrst),
    .s_data({f_len, f_last, s2_word}), .s_valid(s2_v), .s_ready(),
    .m_data(q_data), .m_valid(q_tvalid), .m_ready(q_tready), .m_valid_next(), .count());
/* verilator lint_on PINCONNECTEMPTY */
assign q_tdata = q_data[511:0];
assign q_tlast = q_data[512];
assign q_len   = q_data[528:513];

endmodule

`default_nettype wire
