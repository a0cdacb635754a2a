// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Link transmit framer (ip/link/doc/architecture.md, docs/link-format.md): buffers payloads from
// link_tx_sched, seals data frames and sync frames through one AE engine (gcm_engine, or
// ocb3_engine with DECRYPT = 0) with LANES = 4, and sends the sealed frames as line words, with
// idle words (64 zero bytes) whenever no sealed frame is ready.
//
// Byte order (line byte order, the engines' data-stream order): byte b of a 512-bit word sits at
// bits [128*(b/16) + 127 - 8*(b%16) -: 8]: lane q = bytes 16q..16q+15 at [128q +: 128], byte 0
// of a lane at its most significant byte. So bytes 0..31 of a word are bits [255:0] and bytes
// 32..63 bits [511:256]; "rotating by half a word" swaps those halves. A header is lane 0
// {magic, version, flags, epoch, chan_map, used, frame_words, rsvd0} and lane 1
// {session, counter, rsvd1}; the sync body is lane 2 {next_epoch, sync_flags, rsvd,
// sync_period, switch_counter}; every field big-endian (docs/link-format.md).
//
// Structure
//   payload buffers  three frame buffers of K words (one memory of 3K words), filled in turn;
//                    p_tlast gives used and chan_map and closes the buffer. Words past the ones
//                    received read as zero (the fill up to CAP = 64K - 48).
//   issuer           picks the next frame as LinkTx.run does: a sync frame first after a
//                    session write, on a switch request and after sync_period data frames,
//                    else a data frame from the next full buffer; numbers it (counter + 1 per
//                    frame), applies a due key switch, builds the header (and body), pushes them
//                    to the header queue, gives the engine its descriptor (nonce = session ||
//                    counter, 12 bytes; AD 32 or 48 bytes; message 64K - 48 or 0 bytes; tag 16
//                    bytes) and queues the frame in the job queue (2 entries).
//   feeder           takes the job queue's frames in order and feeds the AD beat and the K
//                    message beats through a 4-entry beat FIFO. The issuer decides a frame while
//                    the one before it is fed, so the engine has each descriptor a frame ahead of
//                    its data: OCB3's nonce unit needs about 7 clocks from a descriptor to the
//                    message's first offset, which would otherwise be paid per frame. That needs
//                    the third buffer: with two, the next payload is complete only when the
//                    frame before it has been fed.
//                    enc_en = 0 when a data frame is decided makes it CLEAR (header flags bit 0):
//                    AD = header || payload (64K - 16 bytes), no message; the beats are the line
//                    words themselves (word 0 = header || payload[0:32], word i = payload
//                    [64i-32 : 64i+32], word K-1 = payload[64K-96 : 64K-48], K beats), which also
//                    go to the CLEAR word FIFO (32 entries) since the engine echoes no AD.
//   assembler        turns the engine's output into line words: word 0 = header || ct[0:32],
//                    word i = ct[64i-32 : 64i+32], word K-1 = ct[64K-96 : 64K-48] || tag; a sync
//                    word = header || body || tag; a CLEAR frame: words 0..K-2 from the CLEAR
//                    word FIFO, word K-1 = its bytes 0..47 || tag. Words go to the output buffer.
//   output buffer    2K + 2 words, store and forward: a frame's words become visible on m_* only
//                    when its last word is written, so a frame leaves as K back-to-back words
//                    whatever the engine's timing, and the line never waits inside a frame.
//
// Keys: s_key_* loads slot epoch mod NSLOTS of the engine; the framer tags each slot with the
// epoch loaded into it and seals a frame only with a slot tagged with the frame's epoch
// (key_missing otherwise: nothing is issued, the line carries idle words).
//
// Throughput: the feeder and the engine both take K + 2 clocks per data frame (AD beat, K
// message beats, the engine's tag beat / the feeder's job clock; a CLEAR frame one less: K
// AD beats) and 2 per sync frame, so a saturated framer sends K words of every K + 2 line clocks
// (2 idle words between data frames). With OCB3 a CLEAR frame is followed by 3K + 2 idle
// words (4K + 2 line clocks per CLEAR frame): the receiver's decrypt engine hashes a CLEAR
// frame (all AD) on its one forward lane, 4K + 1 clocks. The CLEAR word FIFO covers the
// engine's latency (the assembler takes a CLEAR frame's words once the frame before it is out
// of the engine).
// The header queue (16 frames between the decision and the frame's tag) covers the engine's
// latency for any K; cocotb_link_tx_framer.back_to_back_clocks measures both figures.
// Latency: a frame starts on the line once its tag is out of the engine (store and forward).
//
// Limits: sync_period = 0 sends no periodic sync frames (the forced ones only). A switch_we
// that does not name epoch + 1 with its key loaded, or comes while a switch is pending, is ignored
// (switch_pending stays as it was). A session write while a switch is pending re-announces the
// switch in the sync frame that follows it, with a switch_counter of the new session.
module link_tx_framer #(
    parameter MODE        = 0,        // 0: gcm_engine, 1: ocb3_engine (DECRYPT = 0)
    parameter CIPHER      = 0,        // 0: AES, 1: Serpent
    parameter KEY_BITS    = 128,
    parameter K           = 256,      // words per data frame, 2..1024
    parameter NSLOTS      = 4,        // key slots, power of two
    parameter SWITCH_LEAD = 4,        // frames between the announcing sync frame and the switch
    // derived: do not override
    parameter SLOT_W      = (NSLOTS > 1) ? $clog2(NSLOTS) : 1
) (
    input  wire                 clk,
    input  wire                 rst,

    // payload stream from link_tx_sched
    input  wire [511:0]         p_tdata,
    input  wire                 p_tvalid,
    output wire                 p_tready,
    input  wire                 p_tlast,
    input  wire [15:0]          p_used,
    input  wire [15:0]          p_chan_map,

    // control
    input  wire                 tx_en,
    input  wire [31:0]          session,
    input  wire                 session_we,
    input  wire [15:0]          switch_epoch,
    input  wire                 switch_we,
    input  wire [31:0]          sync_period,
    input  wire [15:0]          chan_en,
    input  wire                 enc_en,          // 0: data frames are CLEAR (sampled per frame)

    // key load (slot = epoch mod NSLOTS)
    input  wire [KEY_BITS-1:0]  s_key_tdata,
    input  wire [15:0]          s_key_epoch,
    input  wire                 s_key_tvalid,
    output wire                 s_key_tready,
    output wire [NSLOTS-1:0]    slot_valid,

    // line words
    output wire [511:0]         m_tdata,
    output wire                 m_tvalid,
    input  wire                 m_tready,

    // status
    output wire                 armed,
    output wire                 switch_pending,
    output reg                  key_missing,
    output wire [15:0]          epoch,
    output reg                  session_err,
    // events (one clock each)
    output reg                  ev_tdm,
    output reg                  ev_sync,
    output reg                  ev_idle,
    output reg                  ev_switch
);

generate
if (MODE != 0 && MODE != 1) begin : g_bad_mode
    $error("%m: MODE must be 0 (GCM) or 1 (OCB3)");
end
if (K < 2 || K > 1024) begin : g_bad_k
    $error("%m: K must be 2..1024");
end
if (NSLOTS < 2 || (NSLOTS & (NSLOTS - 1)) != 0) begin : g_bad_nslots
    $error("%m: NSLOTS must be a power of two >= 2");
end
endgenerate

localparam integer IA_W    = $clog2(3 * K);        // payload buffer address
localparam integer KW      = IA_W;                 // word index 0..K (K < 2^IA_W)
localparam integer OD      = 2 * K + 2;            // output buffer words
localparam integer OA_W    = $clog2(OD);
localparam integer OC_W    = OA_W + 1;
localparam [31:0]  CAP     = 64 * K - 48;          // payload bytes of a data frame
localparam [31:0]  K32     = K;
localparam [31:0]  LEAD32  = SWITCH_LEAD;
localparam [31:0]  K32M1   = K - 1;
localparam [31:0]  K3      = K;                    // buffer 1's first word
localparam [31:0]  K23     = 2 * K;                // buffer 2's first word
localparam [31:0]  OD32    = OD;
localparam [31:0]  OD32M1  = OD - 1;
localparam [15:0]  KF      = K32[15:0];
localparam [KW-1:0] KI     = K32[KW-1:0];          // K as a word index
localparam [KW-1:0] KI1    = K32M1[KW-1:0];
// OCB3: idle words after a CLEAR frame's last word, for the receiver's engine (4K + 1 clocks per
// CLEAR frame against K + 1 here: it hashes the AD on its one forward lane)
localparam integer  CLR_GAP_I = (MODE != 0) ? 3 * K + 2 : 0;
localparam [11:0]   CLR_GAP = CLR_GAP_I[11:0];
localparam [0:0]    PACE    = (MODE != 0) ? 1'b1 : 1'b0;
localparam [OA_W-1:0] OD_LAST = OD32M1[OA_W-1:0];
localparam [OC_W-1:0] OD_C    = OD32[OC_W-1:0];
localparam [31:0]  MAGIC_D = 32'h4C434B44;         // "LCKD"
localparam [31:0]  MAGIC_S = 32'h4C434B53;         // "LCKS"
localparam [1:0]   KEEP_FULL = 2'd0, KEEP_32 = 2'd1, KEEP_48 = 2'd2, KEEP_16 = 2'd3;
localparam [31:0]  CLR_AD  = 64 * K - 16;          // CLEAR data frame: AD = header || payload
localparam integer HQ_W    = 2 + 384;               // header queue: CLEAR, sync, lanes 0..2
localparam integer JQ_W    = HQ_W + KW + 2;         // job queue: header, words, buffer
localparam integer CQ_D    = 32;                    // CLEAR word FIFO entries
localparam integer CQ_W    = $clog2(CQ_D) + 1;
localparam [31:0]  CQ_D32M1 = CQ_D - 1;
localparam [CQ_W:0] CQ_LIM = CQ_D32M1[CQ_W:0];      // a CLEAR beat is fed below this count

// ================================================================ control state
reg         have_session;
reg  [31:0] sess;                  // current (= last good) session
reg  [63:0] counter;               // counter of the next frame
reg         force_sync;
reg  [31:0] since_sync;            // data frames since the last sync frame
reg         epoch_set;
reg  [15:0] cur_epoch;
reg         pending;               // a switch to next_epoch is announced or to be announced
reg  [15:0] next_epoch;
reg         sc_valid;              // switch_counter is fixed (its sync frame was issued)
reg  [63:0] switch_counter;

reg  [NSLOTS-1:0] slot_loaded;
reg  [15:0]       slot_epoch [0:NSLOTS-1];

assign armed          = have_session;
assign switch_pending = pending;
assign epoch          = cur_epoch;

function key_ok;
    input [15:0] e;
    begin
        key_ok = slot_loaded[e[SLOT_W-1:0]] && slot_epoch[e[SLOT_W-1:0]] == e;
    end
endfunction

// ================================================================ payload buffers
reg  [511:0]    ibuf [0:3*K-1];
reg  [1:0]      wsel;                       // buffer being filled
reg  [KW-1:0]   waddr;
reg  [2:0]      full;
reg  [2:0]      decided;                    // full and given to a frame (until it is fed)
reg  [KW-1:0]   nwords [0:2];
reg  [15:0]     b_used [0:2];
reg  [15:0]     b_chan [0:2];
reg  [1:0]      dsel;                       // buffer the next data frame takes

function [1:0] next_buf;
    input [1:0] b;
    begin
        next_buf = (b == 2'd2) ? 2'd0 : b + 2'd1;
    end
endfunction

function [IA_W-1:0] buf_base;
    input [1:0] b;
    begin
        buf_base = (b == 2'd0) ? {IA_W{1'b0}} : (b == 2'd1) ? K3[IA_W-1:0] : K23[IA_W-1:0];
    end
endfunction

assign p_tready = !full[wsel];

wire p_fire = p_tvalid && p_tready;
wire [IA_W-1:0] ibuf_waddr = buf_base(wsel) + waddr;

always @(posedge clk) begin
    if (p_fire && waddr < KI)
        ibuf[ibuf_waddr] <= p_tdata;
end

// ================================================================ issuer
localparam [1:0] S_IDLE = 2'd0, S_FEED = 2'd1;
reg  [1:0]      st;
reg             job_sync;
reg             job_clear;                  // a CLEAR data frame: K AD beats, no message
reg  [KW-1:0]   fb;                         // next beat to feed: 0 = AD, 1..K message words
                                            // (CLEAR: beat fb = line word fb, 0..K-1)
reg  [KW-1:0]   job_nwords;
reg  [1:0]      job_sel;                    // the job's payload buffer

// engine descriptor
reg             c_valid;
reg  [SLOT_W-1:0] c_slot;
reg  [95:0]     c_nonce;
reg  [31:0]     c_ad_len, c_msg_len;
wire            c_ready;

// header queue (to the assembler)
wire            hq_s_ready;
reg             hq_push;
reg  [HQ_W-1:0] hq_s_data;
wire [HQ_W-1:0] hq_m_data;
wire            hq_m_valid;
reg             hq_pop;

// beat FIFO (to the engine)
wire [2:0]      bf_count;
reg             bv;                         // stage B holds a beat for the FIFO
reg             bv_ad;
reg             b_clr;                      // the beat is a CLEAR frame's line word
reg  [255:0]    c_hi;                       // CLEAR: bytes 32..63 of the previous payload word
                                            // (the header before word 0)
reg  [383:0]    b_ad;
reg             b_zero;
reg  [1:0]      b_keep;
reg             b_last;
reg  [511:0]    b_word;

// the next frame: a due key switch and the epoch it is sealed under
wire switch_due  = pending && sc_valid && counter >= switch_counter;
wire [15:0] data_epoch = switch_due ? next_epoch : cur_epoch;
wire want_sync   = force_sync || (sync_period != 32'd0 && since_sync >= sync_period);
wire want_frame  = have_session && epoch_set && tx_en
                   && (want_sync || (full[dsel] && !decided[dsel]));
wire [15:0] frame_epoch = want_sync ? cur_epoch : data_epoch;
wire frame_key   = key_ok(frame_epoch);
wire jq_s_ready;
wire decide      = want_frame && frame_key && !c_valid && hq_s_ready && jq_s_ready;

// sync body values
wire [63:0] sc_now   = (pending && !sc_valid) ? counter + 64'd1 + {32'd0, LEAD32} : switch_counter;
wire [127:0] hdr_l1  = {sess, counter, 32'd0};
wire [127:0] sync_l0 = {MAGIC_S, 8'd1, 8'd0, cur_epoch, chan_en, 16'd0, KF, 16'd0};
wire [127:0] sync_l2 = {pending ? next_epoch : cur_epoch, 7'd0, pending, 8'd0, sync_period,
                        pending ? sc_now : 64'd0};
wire [127:0] data_l0 = {MAGIC_D, 8'd1, 7'd0, !enc_en, data_epoch, b_chan[dsel], b_used[dsel], KF,
                        16'd0};

// feeding (a CLEAR beat also needs room in the CLEAR word FIFO)
wire [CQ_W-1:0] cq_count;
wire cq_room   = !job_clear || ({1'b0, cq_count} + {{CQ_W{1'b0}}, bv}) <= CQ_LIM;
wire feed_ok   = st == S_FEED && ({1'b0, bf_count} + {3'd0, bv}) <= 4'd3 && cq_room;
wire feed_last = job_sync || fb == (job_clear ? KI1 : KI);
wire [IA_W-1:0] ibuf_raddr = buf_base(job_sel) + fb - {{(IA_W-1){1'b0}}, !job_clear};

// job queue: the frames decided and not yet fed, in order; the AD beat's lanes are the header
// queue entry's
wire [383:0]    dec_ad    = want_sync ? {sync_l2, hdr_l1, sync_l0} : {128'd0, hdr_l1, data_l0};
wire            dec_clear = !want_sync && !enc_en;
wire [JQ_W-1:0] jq_m_data;
wire            jq_m_valid;
wire            jq_pop    = st == S_IDLE && jq_m_valid;
/* verilator lint_off PINCONNECTEMPTY */
lc_fifo #(.WIDTH(JQ_W), .DEPTH(2)) u_jobs (
    .clk(clk), .rst(rst),
    .s_data({dec_clear, want_sync, dec_ad, nwords[dsel], dsel}), .s_valid(decide),
    .s_ready(jq_s_ready),
    .m_data(jq_m_data), .m_valid(jq_m_valid), .m_ready(jq_pop),
    .m_valid_next(), .count()
);
/* verilator lint_on PINCONNECTEMPTY */

always @(posedge clk) begin
    if (feed_ok && (fb != 0 || job_clear))
        b_word <= ibuf[ibuf_raddr];
end
wire [511:0] bf_wz = b_zero ? 512'd0 : b_word;      // stage B's payload word

integer i;
always @(posedge clk) begin
    hq_push   <= 1'b0;
    ev_switch <= 1'b0;
    if (c_valid && c_ready)
        c_valid <= 1'b0;

    // payload input
    if (p_fire) begin
        if (waddr < KI)
            waddr <= waddr + 1'b1;
        if (p_tlast) begin
            full[wsel]   <= 1'b1;
            nwords[wsel] <= (waddr < KI) ? waddr + 1'b1 : waddr;
            b_used[wsel] <= p_used;
            b_chan[wsel] <= p_chan_map;
            wsel         <= next_buf(wsel);
            waddr        <= {KW{1'b0}};
        end
    end

    // key slots
    if (s_key_tvalid && s_key_tready) begin
        slot_loaded[s_key_epoch[SLOT_W-1:0]] <= 1'b1;
        slot_epoch[s_key_epoch[SLOT_W-1:0]]  <= s_key_epoch;
    end

    // feed beats: stage A (address, kind) -> stage B (word) -> beat FIFO
    bv <= 1'b0;
    if (feed_ok) begin
        bv     <= 1'b1;
        bv_ad  <= fb == 0 && !job_clear;
        b_clr  <= job_clear;
        if (job_clear) begin
            b_zero <= fb >= job_nwords;
            b_last <= feed_last;
            b_keep <= feed_last ? KEEP_48 : KEEP_FULL;
        end else begin
            b_zero <= fb > job_nwords;
            b_last <= fb == 0 || feed_last;
            b_keep <= fb == 0 ? (job_sync ? KEEP_48 : KEEP_32)
                              : (fb == KI ? KEEP_16 : KEEP_FULL);
        end
        fb     <= fb + 1'b1;
        if (feed_last) begin
            st <= S_IDLE;
            if (!job_sync) begin
                full[job_sel]    <= 1'b0;
                decided[job_sel] <= 1'b0;
            end
        end
    end

    // CLEAR beats: keep the upper half of the word for the next beat
    if (bv && b_clr)
        c_hi <= bf_wz[511:256];

    // take the next decided frame from the job queue
    if (jq_pop) begin
        st         <= S_FEED;
        fb         <= {KW{1'b0}};
        {job_clear, job_sync, b_ad, job_nwords, job_sel} <= jq_m_data;
        c_hi       <= jq_m_data[KW+2 +: 256];
    end

    // decide and number the next frame
    if (decide) begin
        counter    <= counter + 64'd1;
        c_valid    <= 1'b1;
        c_slot     <= frame_epoch[SLOT_W-1:0];
        c_nonce    <= {sess, counter};
        hq_push    <= 1'b1;
        hq_s_data  <= {dec_clear, want_sync, dec_ad};
        if (want_sync) begin
            force_sync <= 1'b0;
            since_sync <= 32'd0;
            c_ad_len   <= 32'd48;
            c_msg_len  <= 32'd0;
            if (pending && !sc_valid) begin
                sc_valid       <= 1'b1;
                switch_counter <= sc_now;
            end
        end else begin
            if (since_sync != 32'hFFFF_FFFF)
                since_sync <= since_sync + 1'b1;
            c_ad_len   <= enc_en ? 32'd32 : CLR_AD;
            c_msg_len  <= enc_en ? CAP : 32'd0;
            dsel       <= next_buf(dsel);
            decided[dsel] <= 1'b1;
            if (switch_due) begin
                cur_epoch <= next_epoch;
                pending   <= 1'b0;
                sc_valid  <= 1'b0;
                ev_switch <= 1'b1;
            end
        end
    end

    // host writes (after the issuer, so they win over its updates in the same clock)
    if (session_we) begin
        if (!have_session || session > sess) begin
            have_session <= 1'b1;
            sess         <= session;
            counter      <= 64'd0;
            force_sync   <= 1'b1;
            session_err  <= 1'b0;
            sc_valid     <= 1'b0;
        end else begin
            session_err  <= 1'b1;
        end
    end
    if (switch_we) begin
        if (!epoch_set) begin
            epoch_set <= 1'b1;
            cur_epoch <= switch_epoch;
        end else if (!pending && !(decide && switch_due) && switch_epoch == cur_epoch + 16'd1
                     && key_ok(switch_epoch)) begin
            pending    <= 1'b1;
            next_epoch <= switch_epoch;
            sc_valid   <= 1'b0;
            force_sync <= 1'b1;
        end
    end

    key_missing <= epoch_set && !frame_key;

    if (rst) begin
        have_session <= 1'b0;
        sess         <= 32'd0;
        counter      <= 64'd0;
        force_sync   <= 1'b1;
        since_sync   <= 32'd0;
        epoch_set    <= 1'b0;
        cur_epoch    <= 16'd0;
        pending      <= 1'b0;
        next_epoch   <= 16'd0;
        sc_valid     <= 1'b0;
        switch_counter <= 64'd0;
        slot_loaded  <= {NSLOTS{1'b0}};
        for (i = 0; i < NSLOTS; i = i + 1)
            slot_epoch[i] <= 16'd0;
        wsel         <= 2'd0;
        waddr        <= {KW{1'b0}};
        full         <= 3'b000;
        decided      <= 3'b000;
        dsel         <= 2'd0;
        st           <= S_IDLE;
        fb           <= {KW{1'b0}};
        job_sync     <= 1'b0;
        job_clear    <= 1'b0;
        c_valid      <= 1'b0;
        hq_push      <= 1'b0;
        bv           <= 1'b0;
        key_missing  <= 1'b0;
        session_err  <= 1'b0;
        ev_switch    <= 1'b0;
    end
end

// beat FIFO. A CLEAR frame's beat fb is its line word fb: payload word fb's bytes 0..31 after
// the header (fb = 0) or the previous payload word's bytes 32..63; the same words go to the
// CLEAR word FIFO for the assembler (the engine echoes no AD).
wire [511:0] bf_s_tdata = bv_ad ? {128'd0, b_ad} : (b_clr ? {bf_wz[255:0], c_hi} : bf_wz);
wire [514:0] bf_m;
wire         bf_m_valid;
wire         e_s_tready;
/* verilator lint_off PINCONNECTEMPTY */
lc_fifo #(.WIDTH(515), .DEPTH(4)) u_beats (
    .clk(clk), .rst(rst),
    .s_data({b_keep, b_last, bf_s_tdata}), .s_valid(bv), .s_ready(),
    .m_data(bf_m), .m_valid(bf_m_valid), .m_ready(e_s_tready),
    .m_valid_next(), .count(bf_count)
);

wire [511:0] cq_m_data;
wire         cq_m_valid;
reg          cq_pop;
lc_fifo #(.WIDTH(512), .DEPTH(CQ_D)) u_clear (
    .clk(clk), .rst(rst),
    .s_data(bf_s_tdata), .s_valid(bv && b_clr), .s_ready(),
    .m_data(cq_m_data), .m_valid(cq_m_valid), .m_ready(cq_pop),
    .m_valid_next(), .count(cq_count)
);

lc_fifo #(.WIDTH(HQ_W), .DEPTH(16)) u_headers (
    .clk(clk), .rst(rst),
    .s_data(hq_s_data), .s_valid(hq_push), .s_ready(hq_s_ready),
    .m_data(hq_m_data), .m_valid(hq_m_valid), .m_ready(hq_pop),
    .m_valid_next(), .count()
);
/* verilator lint_on PINCONNECTEMPTY */

reg [63:0] bf_tkeep;
always @(*) begin
    case (bf_m[514:513])
        KEEP_32: bf_tkeep = {32'd0, {32{1'b1}}};
        KEEP_48: bf_tkeep = {16'd0, {48{1'b1}}};
        KEEP_16: bf_tkeep = {48'd0, {16{1'b1}}};
        default: bf_tkeep = {64{1'b1}};
    endcase
end

// ================================================================ engine
wire [511:0] e_m_tdata;
wire [63:0]  e_m_tkeep;
wire         e_m_tlast, e_m_ttag, e_m_tvalid;
wire         e_m_tready;
wire [0:0]   e_m_tid, e_sts_id;
wire [3:0]   e_sts_code;
wire         e_sts_tvalid;

generate
if (MODE == 0) begin : g_gcm
    gcm_engine #(.CIPHER(CIPHER), .KEY_BITS(KEY_BITS), .LANES(4), .NSLOTS(NSLOTS), .ID_W(1))
    u_engine (
        .clk(clk), .rst(rst),
        .s_key_tdata(s_key_tdata), .s_key_slot(s_key_epoch[SLOT_W-1:0]),
        .s_key_tvalid(s_key_tvalid), .s_key_tready(s_key_tready), .slot_valid(slot_valid),
        .s_cmd_op(1'b0), .s_cmd_slot(c_slot), .s_cmd_nonce({c_nonce, 32'd0}),
        .s_cmd_nonce_len(16'd12), .s_cmd_ad_len(c_ad_len), .s_cmd_msg_len(c_msg_len),
        .s_cmd_tag_len(5'd16), .s_cmd_id(1'b0), .s_cmd_tvalid(c_valid), .s_cmd_tready(c_ready),
        .s_axis_tdata(bf_m[511:0]), .s_axis_tkeep(bf_tkeep), .s_axis_tlast(bf_m[512]),
        .s_axis_tvalid(bf_m_valid), .s_axis_tready(e_s_tready),
        .m_axis_tdata(e_m_tdata), .m_axis_tkeep(e_m_tkeep), .m_axis_tlast(e_m_tlast),
        .m_axis_ttag(e_m_ttag), .m_axis_tid(e_m_tid), .m_axis_tvalid(e_m_tvalid),
        .m_axis_tready(e_m_tready),
        .m_sts_code(e_sts_code), .m_sts_id(e_sts_id), .m_sts_tvalid(e_sts_tvalid),
        .m_sts_tready(1'b1)
    );
end else begin : g_ocb
    ocb3_engine #(.CIPHER(CIPHER), .KEY_BITS(KEY_BITS), .LANES(4), .DECRYPT(0),
                  .NSLOTS(NSLOTS), .ID_W(1))
    u_engine (
        .clk(clk), .rst(rst),
        .s_key_tdata(s_key_tdata), .s_key_slot(s_key_epoch[SLOT_W-1:0]),
        .s_key_tvalid(s_key_tvalid), .s_key_tready(s_key_tready), .slot_valid(slot_valid),
        .s_cmd_op(1'b0), .s_cmd_slot(c_slot), .s_cmd_nonce({c_nonce, 32'd0}),
        .s_cmd_nonce_len(16'd12), .s_cmd_ad_len(c_ad_len), .s_cmd_msg_len(c_msg_len),
        .s_cmd_tag_len(5'd16), .s_cmd_id(1'b0), .s_cmd_tvalid(c_valid), .s_cmd_tready(c_ready),
        .s_axis_tdata(bf_m[511:0]), .s_axis_tkeep(bf_tkeep), .s_axis_tlast(bf_m[512]),
        .s_axis_tvalid(bf_m_valid), .s_axis_tready(e_s_tready),
        .m_axis_tdata(e_m_tdata), .m_axis_tkeep(e_m_tkeep), .m_axis_tlast(e_m_tlast),
        .m_axis_ttag(e_m_ttag), .m_axis_tid(e_m_tid), .m_axis_tvalid(e_m_tvalid),
        .m_axis_tready(e_m_tready),
        .m_sts_code(e_sts_code), .m_sts_id(e_sts_id), .m_sts_tvalid(e_sts_tvalid),
        .m_sts_tready(1'b1)
    );
end
endgenerate

// The descriptors are well formed by construction and name only slots holding a key, so every
// status is OK; the status stream is drained and not used. A beat of tkeep = 0 closing a
// message (an engine error) discards the frame's words all the same.
/* verilator lint_off UNUSEDSIGNAL */
wire sts_unused = ^{e_sts_code, e_sts_id, e_sts_tvalid, e_m_tid, e_m_tkeep};
/* verilator lint_on UNUSEDSIGNAL */

// ================================================================ assembler -> output buffer
reg  [514:0]    obuf [0:OD-1];              // {pace, first word of a sync frame, of a data frame, word}
reg  [OA_W-1:0] owr, ocm, ord;              // write, first uncommitted, read pointers
reg  [OC_W-1:0] occ;                        // words written and not read (committed or not)
reg  [OC_W-1:0] avail;                      // committed words not read
reg  [KW-1:0]   oj;                         // message beat index within the current frame
reg  [255:0]    ohold;                      // bytes 32..63 of the previous ciphertext beat
reg  [127:0]    olo;                        // bytes 0..15 of the last ciphertext beat

reg         cdrop;                          // CLEAR frame aborted: its words are dropped

wire       hq_clr   = hq_m_valid && hq_m_data[HQ_W-1];
wire       hq_sync  = hq_m_data[HQ_W-2];
wire       clr_last = oj == KI1;
wire [255:0] hq_hdr = hq_m_data[255:0];
wire [127:0] hq_body = hq_m_data[383:256];

reg [11:0]  o_gap;                     // idle words still owed after a CLEAR frame (OCB3)
wire o_read = m_tready && avail != 0 && o_gap == 12'd0;
wire o_room = occ != OD_C || o_read;
wire e_abort = e_m_tlast && !e_m_ttag;
// a CLEAR frame's only engine output is its tag (or an abort beat): taken with the last word
assign e_m_tready = o_room && (!hq_clr || (!cdrop && (e_abort || (clr_last && cq_m_valid))));
wire e_fire = e_m_tvalid && e_m_tready;

reg         o_we;
reg [514:0] o_wdata;
reg         o_commit;
always @(*) begin
    o_we     = 1'b0;
    o_commit = 1'b0;
    o_wdata  = {3'b000, e_m_tdata[255:0], oj == 0 ? hq_hdr : ohold};
    hq_pop   = 1'b0;
    cq_pop   = 1'b0;
    if (hq_clr) begin
        // CLEAR: words 0..K-2 from the CLEAR word FIFO, word K-1 = its bytes 0..47 || tag
        if (cdrop) begin
            cq_pop = cq_m_valid;
            hq_pop = cq_m_valid && clr_last;
        end else if (e_fire && e_abort) begin
            o_we = 1'b0;                            // the frame's words are discarded
        end else if (!clr_last) begin
            if (cq_m_valid && o_room) begin
                o_we    = 1'b1;
                cq_pop  = 1'b1;
                o_wdata = {2'b00, oj == 0, cq_m_data};
            end
        end else if (e_fire && e_m_ttag) begin
            o_we     = 1'b1;
            o_commit = 1'b1;
            hq_pop   = 1'b1;
            cq_pop   = 1'b1;
            o_wdata  = {PACE, 2'b00, e_m_tdata[127:0], cq_m_data[383:0]};
        end
    end else if (e_fire && hq_m_valid) begin
        if (e_abort) begin
            hq_pop = 1'b1;
        end else if (e_m_ttag) begin
            o_we     = 1'b1;
            o_commit = 1'b1;
            hq_pop   = 1'b1;
            o_wdata  = hq_sync ? {3'b010, e_m_tdata[127:0], hq_body, hq_hdr}
                               : {3'b000, e_m_tdata[127:0], olo, ohold};
        end else if (oj != KI1) begin
            o_we    = 1'b1;
            o_wdata = {2'b00, oj == 0, e_m_tdata[255:0], oj == 0 ? hq_hdr : ohold};
        end
    end
end

wire [OA_W-1:0] owr_next = (owr == OD_LAST) ? {OA_W{1'b0}} : owr + 1'b1;
wire [OA_W-1:0] ord_next = (ord == OD_LAST) ? {OA_W{1'b0}} : ord + 1'b1;
// uncommitted words: from ocm up to owr, around the end of the buffer
wire [OC_W-1:0] unc      = (owr >= ocm) ? {1'b0, owr} - {1'b0, ocm} : OD_C - {1'b0, ocm} + {1'b0, owr};

reg [511:0] o_data;
reg         o_idle;
reg         o_first_d, o_first_s;
assign m_tdata  = o_data;
assign m_tvalid = 1'b1;

always @(posedge clk) begin
    if (o_we)
        obuf[owr] <= o_wdata;
end

always @(posedge clk) begin
    ev_tdm  <= 1'b0;
    ev_sync <= 1'b0;
    ev_idle <= 1'b0;
    // assembler
    if (hq_clr) begin
        if (cdrop) begin
            if (cq_m_valid) begin
                oj <= clr_last ? {KW{1'b0}} : oj + 1'b1;
                if (clr_last)
                    cdrop <= 1'b0;
            end
        end else if (e_fire && e_abort) begin
            cdrop <= 1'b1;
        end else if (cq_pop) begin
            oj <= clr_last ? {KW{1'b0}} : oj + 1'b1;
        end
    end else if (e_fire && hq_m_valid) begin
        if (e_abort || e_m_ttag) begin
            oj <= {KW{1'b0}};
        end else begin
            oj <= oj + 1'b1;
            if (oj == KI1)
                olo <= e_m_tdata[127:0];
            else
                ohold <= e_m_tdata[511:256];
        end
    end
    if (o_we)
        owr <= owr_next;
    if (o_commit)
        ocm <= owr_next;
    if (e_fire && hq_m_valid && e_abort)
        owr <= ocm;
    // occupancy
    occ <= occ + {{(OC_W-1){1'b0}}, o_we} - {{(OC_W-1){1'b0}}, o_read}
               - ((e_fire && hq_m_valid && e_abort) ? unc : {OC_W{1'b0}});
    avail <= avail + (o_commit ? unc + 1'b1 : {OC_W{1'b0}}) - {{(OC_W-1){1'b0}}, o_read};
    // line side: the register holds the word on m_tdata; a handshake loads the next one
    if (m_tready) begin
        ev_idle <= o_idle;
        ev_tdm  <= o_first_d;
        ev_sync <= o_first_s;
        if (avail != 0 && o_gap == 12'd0) begin
            {o_first_s, o_first_d, o_data} <= obuf[ord][513:0];
            o_idle <= 1'b0;
            ord    <= ord_next;
            if (obuf[ord][514])
                o_gap <= CLR_GAP;
        end else begin                  // an idle word (none ready, or owed after CLEAR)
            o_data    <= 512'd0;
            o_idle    <= 1'b1;
            o_first_d <= 1'b0;
            o_first_s <= 1'b0;
            if (o_gap != 12'd0)
                o_gap <= o_gap - 12'd1;
        end
    end
    if (rst) begin
        oj        <= {KW{1'b0}};
        cdrop     <= 1'b0;
        owr       <= {OA_W{1'b0}};
        ocm       <= {OA_W{1'b0}};
        ord       <= {OA_W{1'b0}};
        occ       <= {OC_W{1'b0}};
        avail     <= {OC_W{1'b0}};
        o_data    <= 512'd0;
        o_idle    <= 1'b1;
        o_gap     <= 12'd0;
        o_first_d <= 1'b0;
        o_first_s <= 1'b0;
        ev_tdm    <= 1'b0;
        ev_sync   <= 1'b0;
        ev_idle   <= 1'b0;
    end
end

endmodule

`default_nettype wire
