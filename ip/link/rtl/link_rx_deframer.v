// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Link receiver deframer (ip/link/doc/architecture.md, docs/link-format.md "Receiver"): finds the
// frames in the line words, opens each with one AE engine (LANES = 4), applies the HUNT/SYNC
// state machine and the session/counter/epoch rules of linecrypt.link.model.LinkRx, and gives the
// reassembler the plaintext of every data frame sent to the engine (a CLEAR frame's payload as
// received) plus one verdict per frame.
//
// Byte order. A line word is 64 bytes; byte b sits at bits [128*(b/16) + 127 - 8*(b%16) -: 8]
// (lane b/16 of the engine's data beat, byte 0 of a lane in its most significant byte), keep bit
// b at 16*(b/16) + 15 - (b%16). Header fields (big-endian, docs/link-format.md): magic [127:96],
// version [95:88], flags [87:80], epoch [79:64], chan_map [63:48], used [47:32], frame_words
// [31:16], session [255:224], counter [223:160]; sync body: next_epoch [383:368], sync_flags
// [367:360], sync_period [351:320]. The nonce, header bytes 16..27, is [255:160].
//
// Structure
//   parser    one line word per clock (s_tvalid, no back-pressure): at a frame boundary an idle
//             word is skipped, a data header (version 1, frame_words = K) starts K words for the
//             input FIFO, a sync header one word, anything else an unknown run (one MARK_HDR
//             entry per run). While the receiver is certainly in HUNT (HUNT and no sync frame
//             waiting for its decision) data frames are not decrypted: one MARK_HSKIP entry
//             stands for the K words, which are skipped. Otherwise data frames are decrypted even
//             if a sync frame in flight may still leave them in HUNT: the decision, made in
//             order, says which.
//   input FIFO  IN_FIFO entries {kind, first, drops, word}: absorbs the engine's extra clocks.
//   issuer    takes each data or sync header as it enters the input FIFO (header queue) and,
//             in frame order, issues its engine descriptor, so the engine holds the
//             descriptors of the frames queued ahead of the feeder: OCB3's nonce unit needs
//             about 7 clocks from a descriptor to the first message offset, hidden this way,
//             and frames follow each other with no gap. A frame whose epoch has no key when
//             its header is looked up (slot empty or holding another epoch) is not sent to the
//             engine.
//   feeder    turns a data frame's K words into the engine's parts: AD = header (word 0 bytes
//             0..31), message = the payload realigned by half a word (message beat m = word m
//             bytes 32..63 || word m+1 bytes 0..31; the last beat is word K-1 bytes 32..47), tag
//             = word K-1 bytes 48..63; a sync frame: AD = word bytes 0..47, tag = bytes 48..63;
//             a CLEAR data frame: AD = words 0..K-1 up to byte 64K-17, no message, tag; its
//             payload, realigned as a message would be, goes to the CLEAR buffer cb (a FIFO of
//             32 words; the engine echoes no AD), a beat waiting for room there.
//   decision  one item at a time in frame order (queue dq): waits for the engine status of a
//             decrypted frame, then applies LinkRx's rules and raises the events; a data frame's
//             verdict (v_*) is given on the v_valid/v_ready handshake.
//   output    engine plaintext, or a CLEAR frame's payload from cb, to d_* in frame order (queue
//             oq); a data frame that did not go through the engine (no key) gets one beat
//             d_tkeep = 0, d_tlast = 1, and its verdict has v_used = 0. A CLEAR frame's verdict
//             is that of an encrypted one (v_fail with used: the reassembler purges it).
//
// Clocks and the input FIFO. The engine takes a data frame of K words in K + 2 clocks (AD beat,
// K message beats, tag beat; a CLEAR frame K + 1: K AD beats, tag beat) and a one-word sync
// frame in 2 clocks, with no gap between frames (the descriptors are issued ahead, see the
// issuer); idle words, markers and skipped frames take none. A transmitter with the same engine sends at most that, so the FIFO only
// holds what the receiver falls behind by: a burst of back-to-back frames (2 words per data
// frame), an engine pause (the FIFO reached 17 words across a key load in the tests), d_tready
// or v_ready stalls. It drains at the line's slack: idle words beyond 2 per data frame and 1 per
// sync frame (the rate budget of docs/link-format.md keeps the clients below the line rate).
// IN_FIFO = 32 absorbs 15 back-to-back data frames. OCB3 (default IN_FIFO = 64) also pauses on
// a Ktop cache miss (the first frame of a key and once in 64 counters: the nonce's cipher call,
// one forward-lane latency), during which the line keeps
// writing: 32 words overflowed at K = 8 in the tests, 64 did not. A word that finds the FIFO full drops its
// frame: ev_overflow; a frame cut after its header was queued is completed towards the
// engine with zero words and its verdict is neither ok nor fail; a frame dropped whole is
// reported to the decision with the next queued item. Either counts as one bad frame.
//
// Differences from LinkRx (both need a header whose frame_words is not K, or a run of unknown
// words spanning a lock): while the state is not certain (a sync frame in flight in HUNT, or
// SYNC) a data or sync header with frame_words != K starts an unknown run (LinkRx in HUNT skips
// K words for such a data header); the unknown-run flag follows the words the parser sees,
// whereas LinkRx leaves it unchanged in HUNT.
module link_rx_deframer #(
    parameter MODE     = 0,            // 0: gcm_engine, 1: ocb3_engine (DECRYPT = 1)
    parameter CIPHER   = 0,            // 0: AES, 1: Serpent
    parameter KEY_BITS = 128,
    parameter K        = 256,          // words per data frame, 2..1024
    parameter NSLOTS   = 4,            // key slots, power of two >= 2; slot = epoch mod NSLOTS
    parameter IN_FIFO  = MODE ? 64 : 32,  // input FIFO entries, power of two >= 4
    parameter DQ_DEPTH = 16,           // frames between the feeder and the decision
    parameter OQ_DEPTH = 32,           // data frames between the feeder and the output
    // derived
    parameter SLOT_W   = $clog2(NSLOTS)
) (
    input  wire                 clk,
    input  wire                 rst,

    // line words (link_lane_rx)
    input  wire [511:0]         s_tdata,
    input  wire                 s_tvalid,

    // control
    input  wire                 rx_en,
    input  wire                 resync,          // one clock: back to HUNT
    input  wire [7:0]           los_threshold,

    // key load: the key of epoch s_key_epoch goes to slot s_key_epoch mod NSLOTS
    input  wire [KEY_BITS-1:0]  s_key_tdata,
    input  wire [15:0]          s_key_epoch,
    input  wire                 s_key_tvalid,
    output wire                 s_key_tready,

    // plaintext to the reassembler, payload byte order
    output wire [511:0]         d_tdata,
    output wire [63:0]          d_tkeep,
    output wire                 d_tlast,
    output wire                 d_tvalid,
    input  wire                 d_tready,

    // one verdict per d_ frame, in order
    output wire                 v_valid,
    input  wire                 v_ready,
    output reg                  v_ok,
    output reg                  v_fail,
    output reg  [15:0]          v_used,
    output wire [15:0]          v_chan_map,

    // status
    output wire                 rx_sync,
    output wire [31:0]          session,
    output wire [15:0]          epoch,
    output wire                 next_key_missing,

    // events, one clock each
    output reg                  ev_tdm,
    output reg                  ev_sync,
    output reg                  ev_auth_fail,
    output reg                  ev_sync_loss,
    output reg                  ev_sync_missed,
    output reg                  ev_missing,
    output reg  [31:0]          ev_missing_n,
    output reg                  ev_replay,
    output reg                  ev_hdr_err,
    output reg                  ev_sync_err,
    output reg                  ev_session_err,
    output reg                  ev_hunt_skip,
    output reg                  ev_key_switch,
    output reg                  ev_overflow
);

localparam [31:0] MAGIC_D = 32'h4C43_4B44;   // "LCKD"
localparam [31:0] MAGIC_S = 32'h4C43_4B53;   // "LCKS"
localparam [15:0] KW      = K[15:0];
localparam [31:0] CAP     = 64 * K - 48;     // payload bytes
localparam [31:0] CLR_AD  = 64 * K - 16;     // CLEAR frame: AD = header || payload

localparam [1:0] T_DATA = 2'd0, T_SYNC = 2'd1, T_HDR = 2'd2, T_HSKIP = 2'd3;

localparam [63:0] KEEP16 = 64'h0000_0000_0000_FFFF;
localparam [63:0] KEEP32 = 64'h0000_0000_FFFF_FFFF;
localparam [63:0] KEEP48 = 64'h0000_FFFF_FFFF_FFFF;
localparam [63:0] KEEP64 = {64{1'b1}};

generate
if (MODE != 0 && MODE != 1) begin : g_bad_mode
    $error("%m: MODE must be 0 (GCM) or 1 (OCB3)");
end
if (K < 2 || K > 1024) begin : g_bad_k
    $error("%m: K must be 2..1024");
end
if (NSLOTS < 2 || (NSLOTS & (NSLOTS - 1)) != 0) begin : g_bad_slots
    $error("%m: NSLOTS must be a power of two >= 2");
end
if (IN_FIFO < 4 || (IN_FIFO & (IN_FIFO - 1)) != 0) begin : g_bad_fifo
    $error("%m: IN_FIFO must be a power of two >= 4");
end
endgenerate

// ============================================================ decision state (read by the parser)
reg         hunt;
reg  [7:0]  sync_inflight;            // sync frames queued and not yet decided
wire        sure_hunt = hunt && (sync_inflight == 8'd0);
reg         sync_dec;                 // a sync item is decided this clock

// ============================================================ parser
reg  [15:0] p_left;                   // words of the current data frame still to come
reg         p_wr;                     // they go to the FIFO (else skipped)
reg         in_unknown;
reg  [3:0]  drops_acc;                // items dropped whole since the last queued item

wire [31:0] p_magic = s_tdata[127:96];
wire [7:0]  p_ver   = s_tdata[95:88];
wire [15:0] p_fw    = s_tdata[31:16];
wire        p_idle  = ~|s_tdata;
wire        p_isd   = (p_magic == MAGIC_D) && (p_ver == 8'd1);
wire        p_iss   = (p_magic == MAGIC_S) && (p_ver == 8'd1);
wire        p_fwk   = (p_fw == KW);
wire        p_in    = s_tvalid && rx_en;

wire        f_s_ready;
reg         f_wr;
reg  [1:0]  f_wkind;
reg         f_wfirst;

always @* begin
    f_wr = 1'b0;
    f_wkind = T_DATA;
    f_wfirst = 1'b1;
    if (p_in) begin
        if (p_left != 16'd0) begin
            f_wr = p_wr;
            f_wfirst = 1'b0;
        end else if (p_idle) begin
            f_wr = 1'b0;
        end else if (p_isd && (p_fwk || sure_hunt)) begin
            f_wr = 1'b1;
            f_wkind = sure_hunt ? T_HSKIP : T_DATA;
        end else if (p_iss && p_fwk) begin
            f_wr = 1'b1;
            f_wkind = T_SYNC;
        end else if (!sure_hunt && !in_unknown) begin
            f_wr = 1'b1;
            f_wkind = T_HDR;
        end
    end
end

wire f_do_wr = f_wr && f_s_ready;
wire f_lost  = f_wr && !f_s_ready;

always @(posedge clk) begin
    ev_overflow <= f_lost;
    if (rst) begin
        p_left <= 16'd0;
        p_wr <= 1'b0;
        in_unknown <= 1'b0;
        drops_acc <= 4'd0;
        sync_inflight <= 8'd0;
    end else begin
        sync_inflight <= sync_inflight + {7'd0, f_do_wr && f_wfirst && f_wkind == T_SYNC}
                         - {7'd0, sync_dec};
        if (!rx_en) begin
            p_left <= 16'd0;
            p_wr <= 1'b0;
        end else if (s_tvalid) begin
            if (p_left != 16'd0) begin
                p_left <= p_left - 16'd1;
                if (f_lost) p_wr <= 1'b0;             // cut: the rest of the frame is skipped
            end else if (p_idle) begin
                if (!sure_hunt) in_unknown <= 1'b0;
            end else if (p_isd && (p_fwk || sure_hunt)) begin
                if (!sure_hunt) in_unknown <= 1'b0;
                p_left <= KW - 16'd1;
                p_wr <= !sure_hunt && f_s_ready;
            end else if (p_iss && p_fwk) begin
                if (!sure_hunt) in_unknown <= 1'b0;
            end else if (!sure_hunt) begin
                in_unknown <= 1'b1;
            end
            if (f_wfirst && f_do_wr) drops_acc <= 4'd0;
            else if (f_wfirst && f_lost && drops_acc != 4'hF) drops_acc <= drops_acc + 4'd1;
        end
    end
end

// the parser is still writing the body of the newest queued data frame
wire wr_body = p_wr && (p_left != 16'd0);

// ============================================================ input FIFO
localparam FW = 512 + 4 + 1 + 2;
wire [FW-1:0] f_m_data;
wire          f_m_valid;
reg           f_m_ready;
/* verilator lint_off UNUSEDSIGNAL */
wire          f_m_valid_next;
wire [$clog2(IN_FIFO):0] f_count;
/* verilator lint_on UNUSEDSIGNAL */

wire          f_fifo_ready, cq_s_ready;
assign f_s_ready = f_fifo_ready && cq_s_ready;

lc_fifo #(.WIDTH(FW), .DEPTH(IN_FIFO)) u_in_fifo (
    .clk(clk), .rst(rst),
    .s_data({f_wkind, f_wfirst, drops_acc, s_tdata}), .s_valid(f_wr && cq_s_ready),
    .s_ready(f_fifo_ready),
    .m_data(f_m_data), .m_valid(f_m_valid), .m_ready(f_m_ready), .m_valid_next(f_m_valid_next),
    .count(f_count)
);

wire [511:0] hd       = f_m_data[511:0];
wire [3:0]   hd_drops = f_m_data[515:512];
wire         hd_first = f_m_data[516];
wire [1:0]   hd_kind  = f_m_data[518:517];
wire         hd_clear = hd[80];
wire [15:0]  hd_epoch = hd[79:64];
wire [SLOT_W-1:0] hd_slot = hd_epoch[SLOT_W-1:0];
wire         hd_frame = f_m_valid && hd_first && (hd_kind == T_DATA || hd_kind == T_SYNC);

// item info carried to the decision: {kind, eng, trunc, drops, slot, epoch, chan_map, used,
// session, counter, next_epoch, switch, sync_period}
localparam IW = 2 + 1 + 1 + 4 + SLOT_W + 16 + 16 + 16 + 32 + 64 + 16 + 1 + 32;
wire [IW-9:0] hd_fields = {hd_slot, hd_epoch, hd[63:48], hd[47:32], hd[255:224], hd[223:160],
                            hd[383:368], hd[360], hd[351:320]};

// ============================================================ key table
reg  [15:0]       slot_ep   [0:NSLOTS-1];
reg  [NSLOTS-1:0] slot_has;
reg  [7:0]        inflight  [0:NSLOTS-1];   // engine messages issued and not yet decided

wire [SLOT_W-1:0] key_slot = s_key_epoch[SLOT_W-1:0];
wire              key_idle = (inflight[key_slot] == 8'd0);
wire              eng_key_tready;
wire              eng_key_tvalid = s_key_tvalid && key_idle;
assign s_key_tready = eng_key_tready && key_idle;
wire              key_fire = s_key_tvalid && s_key_tready;

// ============================================================ issuer
// Every data or sync header written to the input FIFO also enters the header queue cq; the
// issuer looks its head up in the key table and issues its descriptor (or finds no key), in
// frame order, and the key queue kq keeps the answer until the feeder starts the frame. Each
// queue holds at most the headers in the input FIFO (IN_FIFO entries).
localparam integer CQ_W = 1 + 1 + 16 + 96;            // {sync, clear, epoch, nonce}
wire            cq_push = f_do_wr && f_wfirst && (f_wkind == T_DATA || f_wkind == T_SYNC);
wire [CQ_W-1:0] cq_m_data;
wire            cq_m_valid;
wire            kq_s_ready, kq_m_valid;
wire [0:0]      kq_m_data;
wire            q_sync  = cq_m_data[CQ_W-1];
wire            q_clear = cq_m_data[CQ_W-2] && !q_sync;
wire [15:0]     q_epoch = cq_m_data[111:96];
wire [SLOT_W-1:0] q_slot = q_epoch[SLOT_W-1:0];
wire [95:0]     q_nonce = cq_m_data[95:0];
wire q_keyed   = slot_has[q_slot] && (slot_ep[q_slot] == q_epoch);
wire cmd_blk   = s_key_tvalid && (key_slot == q_slot);
wire cmd_tready;
wire cmd_tvalid = cq_m_valid && kq_s_ready && q_keyed && !cmd_blk;
wire cmd_fire  = cmd_tvalid && cmd_tready;
wire q_done    = cmd_fire || (cq_m_valid && kq_s_ready && !q_keyed);
wire [31:0] cmd_ad  = q_sync ? 32'd48 : (q_clear ? CLR_AD : 32'd32);
wire [31:0] cmd_msg = (q_sync || q_clear) ? 32'd0 : CAP;
wire la_done   = kq_m_valid;            // the head frame is looked up
wire la_key    = kq_m_data[0];          // and has a key (its descriptor is issued)
wire kq_pop;

/* verilator lint_off PINCONNECTEMPTY */
lc_fifo #(.WIDTH(CQ_W), .DEPTH(IN_FIFO)) u_hdr_q (
    .clk(clk), .rst(rst),
    .s_data({f_wkind == T_SYNC, s_tdata[80], s_tdata[79:64], s_tdata[255:160]}),
    .s_valid(cq_push), .s_ready(cq_s_ready),
    .m_data(cq_m_data), .m_valid(cq_m_valid), .m_ready(q_done),
    .m_valid_next(), .count()
);
lc_fifo #(.WIDTH(1), .DEPTH(IN_FIFO)) u_key_q (
    .clk(clk), .rst(rst),
    .s_data(cmd_fire), .s_valid(q_done), .s_ready(kq_s_ready),
    .m_data(kq_m_data), .m_valid(kq_m_valid), .m_ready(kq_pop),
    .m_valid_next(), .count()
);
/* verilator lint_on PINCONNECTEMPTY */

// ============================================================ feeder
reg          fd_busy;
reg  [1:0]   fd_kind;
reg          fd_eng, fd_clear, fd_trunc;
reg  [15:0]  fd_beat;
reg  [511:256] fd_hw;                  // bytes 32..63 of the frame's previous word
reg  [IW-9:0] fd_fields;
reg  [3:0]   fd_drops;

wire dq_s_ready, oq_s_ready;
reg  dq_push;
reg  [IW-1:0] dq_in;
reg  oq_push;
reg  [1:0] oq_in;                      // {CLEAR payload from cb, plaintext from the engine}

// CLEAR payload words (the engine echoes no AD): written by the feeder, read by the output
localparam integer CB_D = 32;
reg          cb_push;
reg  [512:0] cb_in;                    // {last, word}
wire         cb_s_ready;
wire [512:0] cb_m_data;
wire         cb_m_valid;
wire         cb_pop;

reg          b_valid;
reg  [511:0] b_data;
reg  [63:0]  b_keep;
reg          b_last;
wire         b_ready;
wire         b_fire = b_valid && b_ready;

// a body word of the current frame: present, or known never to come (truncated frame)
wire w_cut   = fd_trunc || (f_m_valid ? hd_first : !wr_body);
wire w_have  = f_m_valid && !hd_first;
wire [511:0] w_word = w_cut ? 512'd0 : hd;

reg st_go;                             // the head item starts this clock
assign kq_pop = st_go;

always @* begin
    b_valid = 1'b0;
    b_data = 512'd0;
    b_keep = KEEP64;
    b_last = 1'b0;
    f_m_ready = 1'b0;
    dq_push = 1'b0;
    dq_in = {fd_kind, fd_eng, fd_trunc, fd_drops, fd_fields};
    oq_push = 1'b0;
    oq_in = 2'b00;
    cb_push = 1'b0;
    cb_in = {1'b0, w_word[255:0], fd_hw[511:256]};
    st_go = 1'b0;
    if (!fd_busy) begin
        if (f_m_valid && !hd_first) begin
            f_m_ready = 1'b1;                               // a stray body word: dropped
        end else if (f_m_valid && (hd_kind == T_HDR || hd_kind == T_HSKIP)) begin
            f_m_ready = dq_s_ready;
            dq_push = dq_s_ready;
            dq_in = {hd_kind, 2'b00, hd_drops, hd_fields};
        end else if (hd_frame && la_done && dq_s_ready && (hd_kind == T_SYNC || oq_s_ready)) begin
            if (la_key) begin
                b_valid = 1'b1;
                b_data = hd;
                b_keep = (hd_kind == T_SYNC) ? KEEP48 : (hd_clear ? KEEP64 : KEEP32);
                b_last = (hd_kind == T_SYNC) || !hd_clear;
                st_go = b_ready;
            end else begin
                st_go = 1'b1;
                if (hd_kind == T_SYNC) begin                 // no key: decided at once
                    dq_push = 1'b1;
                    dq_in = {T_SYNC, 2'b00, hd_drops, hd_fields};
                end
            end
            f_m_ready = st_go;
            oq_push = st_go && (hd_kind == T_DATA);
            oq_in = {la_key && hd_clear, la_key && !hd_clear};
        end
    end else if (fd_kind == T_SYNC) begin
        b_valid = 1'b1;
        b_data = {384'd0, fd_hw[511:384]};
        b_keep = KEEP16;
        b_last = 1'b1;
        dq_push = b_ready;
    end else if (!fd_eng) begin                              // data frame, no key: words skipped
        f_m_ready = w_have && !w_cut;
        dq_push = (w_have || w_cut) && (fd_beat == KW - 16'd1);
    end else if (fd_beat < KW) begin                         // a beat that takes word fd_beat
        // CLEAR: the word is AD; payload word fd_beat - 1 (the same realignment) goes to cb
        b_valid = (w_have || w_cut) && (!fd_clear || cb_s_ready);
        b_data = fd_clear ? w_word : {w_word[255:0], fd_hw[511:256]};
        b_keep = (fd_clear && fd_beat == KW - 16'd1) ? KEEP48 : KEEP64;
        b_last = fd_clear && fd_beat == KW - 16'd1;
        f_m_ready = b_valid && b_ready && w_have && !w_cut;
        cb_push = fd_clear && b_valid && b_ready;
    end else if (fd_beat == KW && !fd_clear) begin           // the message's last 16 bytes
        b_valid = 1'b1;
        b_data = {384'd0, fd_hw[383:256]};
        b_keep = KEEP16;
        b_last = 1'b1;
    end else begin                                           // the tag
        // CLEAR: the payload's last 16 bytes (word K-1 bytes 32..47) go to cb
        b_valid = !fd_clear || cb_s_ready;
        b_data = {384'd0, fd_hw[511:384]};
        b_keep = KEEP16;
        b_last = 1'b1;
        dq_push = b_valid && b_ready;
        cb_push = fd_clear && b_valid && b_ready;
        cb_in = {1'b1, 384'd0, fd_hw[383:256]};
    end
end

always @(posedge clk) begin
    if (rst) begin
        fd_busy <= 1'b0;
        fd_trunc <= 1'b0;
        fd_beat <= 16'd0;
    end else begin
        if (st_go) begin
            fd_kind <= hd_kind;
            fd_eng <= la_key;
            fd_clear <= hd_clear && hd_kind == T_DATA;
            fd_trunc <= 1'b0;
            fd_drops <= hd_drops;
            fd_fields <= hd_fields;
            fd_hw <= hd[511:256];
            fd_beat <= 16'd1;
            fd_busy <= (hd_kind == T_DATA) || la_key;
        end else if (fd_busy) begin
            if (fd_kind == T_SYNC) begin
                if (b_ready) fd_busy <= 1'b0;
            end else if (!fd_eng) begin
                if (w_have || w_cut) begin
                    fd_trunc <= w_cut;
                    fd_beat <= fd_beat + 16'd1;
                    if (fd_beat == KW - 16'd1) fd_busy <= 1'b0;
                end
            end else if (b_fire) begin
                if (fd_beat < KW) begin
                    fd_hw <= w_word[511:256];
                    fd_trunc <= w_cut;
                end
                fd_beat <= fd_beat + 16'd1;
                if (fd_beat == KW + (fd_clear ? 16'd0 : 16'd1)) fd_busy <= 1'b0;
            end
        end
    end
end

// ============================================================ engine
wire [511:0] e_tdata;
wire [63:0]  e_tkeep;
wire         e_tlast, e_tvalid;
reg          e_tready;
wire [3:0]   sts_code;
wire         sts_tvalid;
reg          sts_tready;
/* verilator lint_off UNUSEDSIGNAL */
wire         e_ttag;
wire [0:0]   e_tid, sts_id;
wire [NSLOTS-1:0] slot_valid;          // the key table below is the receiver's own record
/* verilator lint_on UNUSEDSIGNAL */

generate
if (MODE == 0) begin : g_gcm
    gcm_engine #(.CIPHER(CIPHER), .KEY_BITS(KEY_BITS), .LANES(4), .DECRYPT(1), .NSLOTS(NSLOTS),
                 .ID_W(1), .HOLD(0)) u_engine (
        .clk(clk), .rst(rst),
        .s_key_tdata(s_key_tdata), .s_key_slot(key_slot), .s_key_tvalid(eng_key_tvalid),
        .s_key_tready(eng_key_tready), .slot_valid(slot_valid),
        .s_cmd_op(1'b1), .s_cmd_slot(q_slot), .s_cmd_nonce({q_nonce, 32'd0}),
        .s_cmd_nonce_len(16'd12), .s_cmd_ad_len(cmd_ad), .s_cmd_msg_len(cmd_msg),
        .s_cmd_tag_len(5'd16), .s_cmd_id(1'b0), .s_cmd_tvalid(cmd_tvalid),
        .s_cmd_tready(cmd_tready),
        .s_axis_tdata(b_data), .s_axis_tkeep(b_keep), .s_axis_tlast(b_last),
        .s_axis_tvalid(b_valid), .s_axis_tready(b_ready),
        .m_axis_tdata(e_tdata), .m_axis_tkeep(e_tkeep), .m_axis_tlast(e_tlast),
        .m_axis_ttag(e_ttag), .m_axis_tid(e_tid), .m_axis_tvalid(e_tvalid),
        .m_axis_tready(e_tready),
        .m_sts_code(sts_code), .m_sts_id(sts_id), .m_sts_tvalid(sts_tvalid),
        .m_sts_tready(sts_tready)
    );
end else begin : g_ocb
    ocb3_engine #(.CIPHER(CIPHER), .KEY_BITS(KEY_BITS), .LANES(4), .DECRYPT(1), .NSLOTS(NSLOTS),
                  .ID_W(1), .HOLD(0)) u_engine (
        .clk(clk), .rst(rst),
        .s_key_tdata(s_key_tdata), .s_key_slot(key_slot), .s_key_tvalid(eng_key_tvalid),
        .s_key_tready(eng_key_tready), .slot_valid(slot_valid),
        .s_cmd_op(1'b1), .s_cmd_slot(q_slot), .s_cmd_nonce({q_nonce, 32'd0}),
        .s_cmd_nonce_len(16'd12), .s_cmd_ad_len(cmd_ad), .s_cmd_msg_len(cmd_msg),
        .s_cmd_tag_len(5'd16), .s_cmd_id(1'b0), .s_cmd_tvalid(cmd_tvalid),
        .s_cmd_tready(cmd_tready),
        .s_axis_tdata(b_data), .s_axis_tkeep(b_keep), .s_axis_tlast(b_last),
        .s_axis_tvalid(b_valid), .s_axis_tready(b_ready),
        .m_axis_tdata(e_tdata), .m_axis_tkeep(e_tkeep), .m_axis_tlast(e_tlast),
        .m_axis_ttag(e_ttag), .m_axis_tid(e_tid), .m_axis_tvalid(e_tvalid),
        .m_axis_tready(e_tready),
        .m_sts_code(sts_code), .m_sts_id(sts_id), .m_sts_tvalid(sts_tvalid),
        .m_sts_tready(sts_tready)
    );
end
endgenerate

// ============================================================ output: plaintext in frame order
wire oq_valid, oq_eng, oq_clr;
reg  oq_ready;
/* verilator lint_off UNUSEDSIGNAL */
wire oq_vn;
wire [$clog2(OQ_DEPTH):0] oq_count;
/* verilator lint_on UNUSEDSIGNAL */
lc_fifo #(.WIDTH(2), .DEPTH(OQ_DEPTH)) u_oq (
    .clk(clk), .rst(rst), .s_data(oq_in), .s_valid(oq_push), .s_ready(oq_s_ready),
    .m_data({oq_clr, oq_eng}), .m_valid(oq_valid), .m_ready(oq_ready), .m_valid_next(oq_vn),
    .count(oq_count)
);

/* verilator lint_off UNUSEDSIGNAL */
wire cb_vn;
wire [$clog2(CB_D):0] cb_count;
/* verilator lint_on UNUSEDSIGNAL */
lc_fifo #(.WIDTH(513), .DEPTH(CB_D)) u_cb (
    .clk(clk), .rst(rst), .s_data(cb_in), .s_valid(cb_push), .s_ready(cb_s_ready),
    .m_data(cb_m_data), .m_valid(cb_m_valid), .m_ready(cb_pop), .m_valid_next(cb_vn),
    .count(cb_count)
);

wire d_clr  = oq_valid && oq_clr;
wire cb_last = cb_m_data[512];
assign d_tvalid = oq_valid && (oq_eng ? e_tvalid : (oq_clr ? cb_m_valid : 1'b1));
assign d_tdata  = (oq_valid && oq_eng) ? e_tdata : (d_clr ? cb_m_data[511:0] : 512'd0);
assign d_tkeep  = (oq_valid && oq_eng) ? e_tkeep : (d_clr ? (cb_last ? KEEP16 : KEEP64) : 64'd0);
assign d_tlast  = (oq_valid && oq_eng) ? e_tlast : (d_clr ? cb_last : 1'b1);
assign cb_pop   = d_clr && d_tready;
always @* begin
    e_tready = oq_valid && oq_eng && d_tready;
    oq_ready = d_tvalid && d_tready && d_tlast;
end

// ============================================================ decision
wire [IW-1:0] dq_out;
wire          dq_valid;
reg           dq_ready;
/* verilator lint_off UNUSEDSIGNAL */
wire          dq_vn;
wire [$clog2(DQ_DEPTH):0] dq_count;
/* verilator lint_on UNUSEDSIGNAL */
lc_fifo #(.WIDTH(IW), .DEPTH(DQ_DEPTH)) u_dq (
    .clk(clk), .rst(rst), .s_data(dq_in), .s_valid(dq_push), .s_ready(dq_s_ready),
    .m_data(dq_out), .m_valid(dq_valid), .m_ready(dq_ready), .m_valid_next(dq_vn),
    .count(dq_count)
);

wire [1:0]   it_kind;
wire         it_eng, it_trunc;
wire [3:0]   it_drops;
wire [SLOT_W-1:0] it_slot;
wire [15:0]  it_epoch, it_chan, it_used;
wire [31:0]  it_sess;
wire [63:0]  it_ctr;
wire [15:0]  it_next;
wire         it_sw;
wire [31:0]  it_per;
assign {it_kind, it_eng, it_trunc, it_drops, it_slot, it_epoch, it_chan, it_used,
        it_sess, it_ctr, it_next, it_sw, it_per} = dq_out;
assign v_chan_map = it_chan;

reg         have_sess;
reg  [31:0] sess;
reg  [63:0] last;
reg  [15:0] ep;
reg  [15:0] next_ep;
reg         have_next;
reg  [31:0] period;
reg  [63:0] exp_sync;
reg         exp_valid;
reg  [7:0]  bad_run;
reg  [31:0] failed_since;
reg         pre_done;                  // the head item's drops are applied
reg         ms_busy, ms_keep;          // sync_missed loop
reg  [63:0] ms_exp, ms_tgt, ms_step;
reg         rs_pend;                   // resync asked for: applied when no verdict is presented
                                       // or after the one taken (never under a presented one)

assign rx_sync = !hunt;
assign session = sess;
assign epoch   = ep;
wire [SLOT_W-1:0] next_slot = next_ep[SLOT_W-1:0];
assign next_key_missing = have_next && (next_ep != ep) &&
                          !(slot_has[next_slot] && slot_ep[next_slot] == next_ep);

wire pre_step = dq_valid && !ms_busy && (it_drops != 4'd0) && !pre_done;
wire it_ready = dq_valid && !ms_busy && !pre_step && (!it_eng || sts_tvalid);
assign v_valid = it_ready && (it_kind == T_DATA);
wire consume  = it_ready && ((it_kind == T_DATA) ? v_ready : 1'b1);
wire rs_apply = rs_pend && (!v_valid || consume);
wire auth     = it_eng && !it_trunc && (sts_code == 4'd0);

// next state and events of the head item (used when it is consumed)
reg         n_hunt, n_have_sess, n_expv, n_have_next;
reg  [31:0] n_sess, n_period, n_failed;
reg  [63:0] n_last, n_exp;
reg  [15:0] n_ep, n_next;
reg  [7:0]  n_bad;
reg         e_tdm, e_sync, e_afail, e_loss, e_missing, e_replay, e_hdr, e_serr, e_sess,
            e_hskip, e_switch, e_ms;
reg  [31:0] e_miss_n;
reg  [63:0] gap, miss;
reg  [8:0]  br;
reg         adv_ok;

always @* begin
    n_hunt = hunt; n_have_sess = have_sess; n_sess = sess; n_last = last; n_ep = ep;
    n_next = next_ep; n_have_next = have_next; n_period = period; n_exp = exp_sync;
    n_expv = exp_valid; n_bad = bad_run; n_failed = failed_since;
    e_tdm = 0; e_sync = 0; e_afail = 0; e_loss = 0; e_missing = 0; e_replay = 0; e_hdr = 0;
    e_serr = 0; e_sess = 0; e_hskip = 0; e_switch = 0; e_ms = 0; e_miss_n = 0;
    v_ok = 0; v_fail = 0; v_used = 16'd0;
    gap = 64'd0; miss = 64'd0; br = 9'd0; adv_ok = 1'b0;
    sync_dec = 1'b0;
    // the drops before the head item: each one bad frame
    if (pre_step) begin
        br = {1'b0, bad_run} + {5'd0, it_drops};
        n_bad = br[8] ? 8'hFF : br[7:0];
        if (!hunt && br >= {1'b0, los_threshold}) begin n_hunt = 1'b1; e_loss = 1'b1; end
    end else begin
        // bad(): one more bad frame (computed here, applied where a branch asks)
        br = {1'b0, bad_run} + 9'd1;
        case (it_kind)
        T_HDR, T_HSKIP: begin
            if (hunt && it_kind == T_HSKIP) e_hskip = 1'b1;
            else if (!hunt) begin
                e_hdr = 1'b1;
                n_bad = br[8] ? 8'hFF : br[7:0];
                if (br >= {1'b0, los_threshold}) begin n_hunt = 1'b1; e_loss = 1'b1; end
            end
        end
        default: begin     // T_DATA, T_SYNC
            sync_dec = consume && it_kind == T_SYNC;
            if (it_kind == T_DATA && hunt) begin
                e_hskip = 1'b1;
            end else if (it_kind == T_SYNC && hunt) begin
                if (auth) begin
                    if (!have_sess || it_sess > sess || (it_sess == sess && it_ctr > last)) begin
                        n_have_sess = 1'b1; n_sess = it_sess; n_last = it_ctr; n_ep = it_epoch;
                        n_failed = 32'd0; n_hunt = 1'b0; adv_ok = 1'b1;
                    end else begin
                        e_replay = 1'b1;
                    end
                end
            end else if (it_kind == T_DATA && it_trunc) begin
                n_bad = br[8] ? 8'hFF : br[7:0];
                if (br >= {1'b0, los_threshold}) begin n_hunt = 1'b1; e_loss = 1'b1; end
            end else if (!auth) begin
                if (it_kind == T_DATA) begin
                    e_afail = 1'b1;
                    n_failed = (failed_since == 32'hFFFF_FFFF) ? failed_since : failed_since + 1;
                    v_fail = 1'b1;
                    v_used = it_eng ? it_used : 16'd0;
                end else begin
                    e_serr = 1'b1;
                end
                n_bad = br[8] ? 8'hFF : br[7:0];
                if (br >= {1'b0, los_threshold}) begin n_hunt = 1'b1; e_loss = 1'b1; end
            end else if (it_kind == T_SYNC && it_sess > sess) begin   // a new session
                n_sess = it_sess; n_last = it_ctr; n_ep = it_epoch; n_failed = 32'd0;
                adv_ok = 1'b1;
            end else if (it_sess != sess) begin
                if (it_sess < sess) e_replay = 1'b1;
                else begin
                    e_sess = 1'b1;
                    n_bad = br[8] ? 8'hFF : br[7:0];
                    if (br >= {1'b0, los_threshold}) begin n_hunt = 1'b1; e_loss = 1'b1; end
                end
            end else if (it_ctr <= last) begin
                e_replay = 1'b1;
            end else begin
                gap = it_ctr - last - 64'd1;
                miss = (gap > {32'd0, failed_since}) ? gap - {32'd0, failed_since} : 64'd0;
                e_missing = (miss != 64'd0);
                e_miss_n = (miss[63:32] != 32'd0) ? 32'hFFFF_FFFF : miss[31:0];
                n_failed = 32'd0;
                n_last = it_ctr;
                e_ms = exp_valid && it_ctr > exp_sync;     // the loop counts the misses
                if (it_epoch == ep) adv_ok = 1'b1;
                else if (it_epoch == ep + 16'd1) begin
                    n_ep = it_epoch; e_switch = 1'b1; adv_ok = 1'b1;
                end else e_replay = 1'b1;
            end
            if (adv_ok) begin
                n_bad = 8'd0;
                if (it_kind == T_DATA) begin
                    e_tdm = 1'b1;
                    v_ok = 1'b1;
                    v_used = it_used;
                end else begin
                    e_sync = 1'b1;
                    n_period = it_per;
                    n_exp = it_ctr + {32'd0, it_per} + 64'd1;
                    n_expv = 1'b1;
                    n_next = it_sw ? it_next : it_epoch;
                    n_have_next = 1'b1;
                end
            end
        end
        endcase
    end
    dq_ready = consume;
    sts_tready = consume && it_eng;
end

integer s;
always @(posedge clk) begin
    ev_tdm <= 0; ev_sync <= 0; ev_auth_fail <= 0; ev_sync_loss <= 0; ev_sync_missed <= 0;
    ev_missing <= 0; ev_missing_n <= 32'd0; ev_replay <= 0; ev_hdr_err <= 0; ev_sync_err <= 0;
    ev_session_err <= 0; ev_hunt_skip <= 0; ev_key_switch <= 0;
    if (rst) begin
        hunt <= 1'b1;
        have_sess <= 1'b0;
        sess <= 32'd0;
        last <= 64'd0;
        ep <= 16'd0;
        next_ep <= 16'd0;
        have_next <= 1'b0;
        period <= 32'd0;
        exp_sync <= 64'd0;
        exp_valid <= 1'b0;
        bad_run <= 8'd0;
        failed_since <= 32'd0;
        pre_done <= 1'b0;
        ms_busy <= 1'b0;
        ms_keep <= 1'b0;
        rs_pend <= 1'b0;
        slot_has <= {NSLOTS{1'b0}};
        for (s = 0; s < NSLOTS; s = s + 1) inflight[s] <= 8'd0;
    end else begin
        // key table and messages in flight per slot
        if (key_fire) begin
            slot_ep[key_slot] <= s_key_epoch;
            slot_has[key_slot] <= 1'b1;
        end
        for (s = 0; s < NSLOTS; s = s + 1)
            inflight[s] <= inflight[s]
                           + {7'd0, cmd_fire && q_slot == s[SLOT_W-1:0]}
                           - {7'd0, sts_tready && sts_tvalid && it_slot == s[SLOT_W-1:0]};
        // resync and rx_en: back to HUNT between verdicts
        if (resync || !rx_en) rs_pend <= 1'b1;
        else if (rs_apply) rs_pend <= 1'b0;
        if (ms_busy) begin
            if (ms_tgt > ms_exp) begin
                ev_sync_missed <= 1'b1;
                ms_exp <= ms_exp + ms_step;
            end else begin
                ms_busy <= 1'b0;
                if (ms_keep) exp_sync <= ms_exp;
            end
        end else if (pre_step) begin
            pre_done <= 1'b1;
            bad_run <= n_bad;
            hunt <= n_hunt;
            ev_sync_loss <= e_loss;
        end else if (consume) begin
            pre_done <= 1'b0;
            hunt <= n_hunt;
            have_sess <= n_have_sess; sess <= n_sess; last <= n_last; ep <= n_ep;
            next_ep <= n_next; have_next <= n_have_next; period <= n_period;
            exp_sync <= n_exp; exp_valid <= n_expv; bad_run <= n_bad; failed_since <= n_failed;
            ev_tdm <= e_tdm; ev_sync <= e_sync; ev_auth_fail <= e_afail; ev_sync_loss <= e_loss;
            ev_missing <= e_missing; ev_missing_n <= e_miss_n; ev_replay <= e_replay;
            ev_hdr_err <= e_hdr; ev_sync_err <= e_serr; ev_session_err <= e_sess;
            ev_hunt_skip <= e_hskip; ev_key_switch <= e_switch;
            if (e_ms) begin
                ms_busy <= 1'b1;
                ms_keep <= (it_kind == T_DATA);
                ms_exp <= exp_sync;
                ms_tgt <= it_ctr;
                ms_step <= {32'd0, period} + 64'd1;
            end
        end
        if (rs_apply) hunt <= 1'b1;              // after the item decided in this clock
    end
end

endmodule

`default_nettype wire
