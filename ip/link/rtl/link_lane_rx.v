// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Receive lane layer of the link encryptor (docs/link-format.md, "Words, bytes and lanes";
// ip/link/doc/architecture.md): lane alignment as linecrypt.link.model.LaneRx.align. Finds each
// physical lane's alignment marker, names the lane by it, starts every lane at the first marker
// round present on all lanes, checks the later marker rounds, drops them and interleaves the
// blocks back into line words.
//
// Byte and bit order:
//   s_lane_data  physical lane p at bits [64*p +: 64], the block's byte 0 in its most
//                significant byte; any physical lane may carry any logical lane
//   marker       {"LAM", lane, ~lane, 8'h00, am_seq[15:0]} (format.am_block): a block names a
//                lane when the magic matches, lane_inv = ~lane, rsvd = 0 and lane < L
//   m_tdata      a line word, block j (word bytes 8j..8j+7) at bits [64*(j^1) +: 64] (the AE
//                engines' LANES = 4 order); logical lane l carries block g when g mod L = l
//
// Alignment (after reset, resync, a refused alignment or AM_LOSS bad marker rounds):
//   HUNT   every physical lane takes its first marker whose logical lane no other physical lane
//          holds (locked); from then on it tracks its own marker rounds (seq, position) by the
//          period, one block per s_lane_valid.
//   SEQ    all lanes locked: seq0 = the largest first am_seq (modulo 2^16).
//   RES    every lane finds the block index of its seq0 marker: one it has passed (walking back
//          one period per clock) or the next one to come.
//   CHECK  skew = largest - smallest of these indices (blocks counted per lane since the
//          alignment began, as the model counts list indices). skew > DESKEW is refused:
//          ev_deskew_err, deskew_err, and the alignment starts over. A lane whose seq0 marker
//          lies 256 or more blocks back ends the attempt the same way with skew = 255.
//   RUN    reads one round per clock from every lane's buffer, while every lane has a block and
//          the word gearbox has room; marker rounds (every am_period-th from seq0) are compared
//          with format.am_block(l, am_seq) on every logical lane l (ev_am_err, ev_am_err_n = the
//          lanes that differ) and dropped; data rounds go to the gearbox, L blocks in and eight
//          out per word. A lane buffer that overflows (a lane delivers BUF blocks more than
//          another) refuses the alignment like a skew beyond DESKEW.
//
// Word framing: the words start with the first data block after marker round seq0, as in
// LaneRx.align. They are the transmitter's words when seq0 * (am_period - 1) * L is a multiple
// of 8 blocks, which holds for any seq0 when (am_period - 1) * L is (AM_PERIOD = 15625: 15624 =
// 8 * 1953); otherwise an alignment that starts after marker round 0 yields words shifted by
// whole blocks.
//
// Each physical lane writes every valid block into its own buffer of 2^BUF_AW blocks. The
// buffer holds the skew, the few clocks of the RES walk and any backlog. There is no
// back-pressure: the lanes must not deliver more than eight blocks per clock on average (the
// word rate), less the dropped marker rounds; bursts up to the buffer's spare room are absorbed.
// Duplicate lane numbers on two physical lanes leave the second hunting (the model gives the
// marker to the lower physical lane number instead; both are a wiring fault).
//
// AM_LOSS (> 0): that many consecutive marker rounds with a wrong marker restart the alignment
// (a lane that slipped a block is found again). The model has no such rule; 0 turns it off.
module link_lane_rx #(
    parameter integer L           = 10,    // logical lanes = physical lanes, 1..255
    parameter integer DESKEW      = 32,    // largest skew accepted, blocks, 0..255
    parameter integer AM_PERIOD_W = 24,
    parameter integer AM_LOSS     = 4,
    parameter integer BUF_AW      = $clog2(DESKEW + 32)   // lane buffer: 2^BUF_AW blocks
) (
    input  wire                   clk,
    input  wire                   rst,

    input  wire [64*L-1:0]        s_lane_data,
    input  wire [L-1:0]           s_lane_valid,

    input  wire [AM_PERIOD_W-1:0] am_period,   // rounds from one marker round to the next
    input  wire                   resync,      // start the alignment over

    output reg  [511:0]           m_tdata,
    output reg                    m_tvalid,

    output wire [L-1:0]           locked,      // logical lanes whose marker was found
    output wire                   aligned,
    output reg  [7:0]             skew,        // skew of the last alignment, blocks (sat. 255)
    output reg                    deskew_err,  // the last alignment was refused
    output reg                    ev_am_err,   // a marker round with wrong markers
    output reg  [7:0]             ev_am_err_n, // ... on this many lanes (with ev_am_err)
    output reg                    ev_deskew_err
);

generate
if (L < 1 || L > 255) begin : g_bad_lanes
    $error("%m: L must be 1..255 (the marker's lane field is 8 bits)");
end
if (DESKEW < 0 || DESKEW > 255) begin : g_bad_deskew
    $error("%m: DESKEW must be 0..255 (the skew status is 8 bits)");
end
if ((1 << BUF_AW) <= DESKEW + 2) begin : g_bad_buf
    $error("%m: the lane buffer (2^BUF_AW blocks) must exceed DESKEW + 2");
end
if (AM_PERIOD_W < 2) begin : g_bad_period_w
    $error("%m: AM_PERIOD_W must be at least 2");
end
endgenerate

localparam integer CW    = 32;                 // per-lane block counters (modulo 2^32)
localparam integer GCAP  = L + 7;              // gearbox: a partial word plus one round
localparam integer GW    = $clog2(GCAP + 1);
localparam integer DESKEW_I = DESKEW;
localparam [CW-1:0] DEPTH   = 32'd1 << BUF_AW;
localparam [CW-1:0] DESKEW_C = DESKEW_I[CW-1:0];
localparam [GW-1:0] GL      = L[GW-1:0];
localparam [GW-1:0] G8      = 8;
localparam [GW-1:0] G7      = 7;

localparam [2:0] S_HUNT = 3'd0, S_SEQ = 3'd1, S_RES = 3'd2, S_CHECK = 3'd3, S_RUN = 3'd4;

reg  [2:0]             st_q;
reg                    first_q;        // first clock of S_RES
reg  [15:0]            seq0_q;
wire [AM_PERIOD_W-1:0] per = (am_period < 2) ? 2 : am_period;
wire [CW-1:0]          per_c = {{(CW-AM_PERIOD_W){1'b0}}, per};

// per-lane state, flattened for the shared logic
wire [L-1:0]    lk_all, res_all, far_all, avail_all, ovf_all, cand;
wire [L*L-1:0]  cand_oh, sel_all;      // [L*p +: L]: logical lane of physical lane p, one-hot
wire [16*L-1:0] fseq_all;
wire [CW*L-1:0] start_all;
wire [64*L-1:0] rd_all;                // block at each lane's read pointer

reg  [L-1:0]    grant;
wire            rd;                    // read one round from every lane buffer
wire            restart;               // refuse / lose the alignment: back to HUNT
wire            clr = rst || resync || restart;

// --- lanes: lock, track marker rounds, find the seq0 marker, buffer -----------------------------
genvar gp;
generate
for (gp = 0; gp < L; gp = gp + 1) begin : g_lane
    wire [63:0] blk = s_lane_data[64*gp +: 64];
    wire        v   = s_lane_valid[gp];
    wire        is_am = (blk[63:40] == 24'h4C414D) && ((blk[39:32] ^ blk[31:24]) == 8'hFF) &&
                        (blk[23:16] == 8'h00) && ({24'd0, blk[39:32]} < L);

    reg [63:0]            mem [0:(1 << BUF_AW)-1];
    reg [CW-1:0]          wcnt;        // blocks received since the alignment began
    reg                   lk;
    reg [L-1:0]           sel;
    reg [15:0]            fseq;        // am_seq of the first marker
    reg [15:0]            cseq;        // am_seq of the latest marker round (by the period)
    reg [AM_PERIOD_W-1:0] ph;          // position of the next block in the period; 0 = marker
    reg [CW-1:0]          mcnt;        // block index of the latest marker round
    reg [CW-1:0]          start;       // block index of the seq0 marker
    reg                   res;         // start known
    reg [7:0]             kk;          // periods still to walk back
    reg [CW-1:0]          rptr;

    wire [15:0]  rdiff   = cseq - seq0_q;
    wire         r_zero  = (rdiff == 16'd0);
    wire         r_pos   = !rdiff[15] && !r_zero;
    wire         bnd     = v && lk && (ph == {AM_PERIOD_W{1'b0}});
    wire         bnd_hit = bnd && (cseq + 16'd1 == seq0_q);
    wire [CW-1:0] age    = wcnt - start;
    wire [CW-1:0] occ    = wcnt - rptr;

    assign cand[gp]           = (st_q == S_HUNT) && v && !lk && is_am;
    assign cand_oh[L*gp +: L] = {{(L-1){1'b0}}, 1'b1} << blk[39:32];
    assign lk_all[gp]         = lk;
    assign sel_all[L*gp +: L] = sel;
    assign fseq_all[16*gp +: 16] = fseq;
    assign start_all[CW*gp +: CW] = start;
    assign res_all[gp]        = res;
    assign far_all[gp]        = (res || kk != 8'd0) && (age >= 32'd256);
    assign avail_all[gp]      = (occ != {CW{1'b0}});
    assign ovf_all[gp]        = (occ > DEPTH);
    assign rd_all[64*gp +: 64] = mem[rptr[BUF_AW-1:0]];

    always @(posedge clk) begin
        if (v)
            mem[wcnt[BUF_AW-1:0]] <= blk;
    end

    always @(posedge clk) begin
        if (clr) begin
            wcnt  <= {CW{1'b0}};
            lk    <= 1'b0;
            sel   <= {L{1'b0}};
            fseq  <= 16'd0;
            cseq  <= 16'd0;
            ph    <= {AM_PERIOD_W{1'b0}};
            mcnt  <= {CW{1'b0}};
            start <= {CW{1'b0}};
            res   <= 1'b0;
            kk    <= 8'd0;
            rptr  <= {CW{1'b0}};
        end else begin
            if (v)
                wcnt <= wcnt + 1'b1;
            if (grant[gp]) begin
                lk   <= 1'b1;
                sel  <= cand_oh[L*gp +: L];
                fseq <= blk[15:0];
                cseq <= blk[15:0];
                mcnt <= wcnt;
                ph   <= {{(AM_PERIOD_W-1){1'b0}}, 1'b1};
            end else if (lk && v) begin
                if (bnd) begin
                    cseq <= cseq + 16'd1;
                    mcnt <= wcnt;
                end
                ph <= (ph + 1'b1 >= per) ? {AM_PERIOD_W{1'b0}} : ph + 1'b1;
            end
            if (st_q == S_RES && !res) begin
                if (first_q && r_zero) begin
                    start <= mcnt;
                    res   <= 1'b1;
                end else if (first_q && r_pos) begin
                    start <= mcnt - per_c;
                    kk    <= (rdiff > 16'd255) ? 8'd254 : rdiff[7:0] - 8'd1;
                    res   <= (rdiff == 16'd1);
                end else if (!first_q && kk != 8'd0) begin
                    start <= start - per_c;
                    kk    <= kk - 8'd1;
                    res   <= (kk == 8'd1);
                end else if (bnd_hit) begin
                    start <= wcnt;
                    res   <= 1'b1;
                end
            end
            if (st_q == S_CHECK)
                rptr <= start;
            else if (rd)
                rptr <= rptr + 1'b1;
        end
    end
end
endgenerate

// --- lock arbitration: one physical lane per logical lane, lower p first ------------------------
reg [L-1:0] claimed;
reg [L-1:0] taken;
integer p, l;
always @* begin
    claimed = {L{1'b0}};
    for (p = 0; p < L; p = p + 1)
        claimed = claimed | sel_all[L*p +: L];
    taken = claimed;
    grant = {L{1'b0}};
    for (p = 0; p < L; p = p + 1) begin
        if (cand[p] && (taken & cand_oh[L*p +: L]) == {L{1'b0}}) begin
            grant[p] = 1'b1;
            taken    = taken | cand_oh[L*p +: L];
        end
    end
end
assign locked  = claimed;
assign aligned = (st_q == S_RUN);

// --- seq0 and skew ------------------------------------------------------------------------------
reg [15:0]   dmax, dcur;
reg [CW-1:0] rmax, rmin, rcur;
always @* begin
    dmax = 16'd0;
    for (p = 0; p < L; p = p + 1) begin
        dcur = fseq_all[16*p +: 16] - fseq_all[15:0];
        if ($signed(dcur) > $signed(dmax))
            dmax = dcur;
    end
    rmax = {CW{1'b0}};
    rmin = {CW{1'b0}};
    for (p = 0; p < L; p = p + 1) begin
        rcur = start_all[CW*p +: CW] - start_all[CW-1:0];
        if ($signed(rcur) > $signed(rmax))
            rmax = rcur;
        if ($signed(rcur) < $signed(rmin))
            rmin = rcur;
    end
end
wire [CW-1:0] skew_c   = rmax - rmin;
wire [7:0]    skew_sat = (skew_c > 32'd255) ? 8'd255 : skew_c[7:0];
wire          go_run   = (skew_c <= DESKEW_C);

// --- read side: rounds in logical order, marker check, word gearbox -----------------------------
reg [AM_PERIOD_W-1:0] rph_q;       // round within the period; 0 = marker round
reg [15:0]            rseq_q;      // am_seq expected in the next marker round
reg                   rnd_v, rnd_am;
reg [15:0]            rnd_seq;
reg [64*L-1:0]        rnd_data;    // logical lane l at [64*l +: 64]
reg [64*L-1:0]        xbar;

reg [64*GCAP-1:0]     gbuf_q;      // block i (i = 0 oldest) at [64*i +: 64]; zero from gcnt_q up
reg [GW-1:0]          gcnt_q;
wire                  emit   = (gcnt_q >= G8);
wire [GW-1:0]         grem   = emit ? gcnt_q - G8 : gcnt_q;
wire                  g_room = (grem <= G7);
wire                  g_take = rnd_v && !rnd_am && g_room;
wire                  rnd_ready = !rnd_v || rnd_am || g_room;

assign rd = (st_q == S_RUN) && (&avail_all) && !(|ovf_all) && rnd_ready;

always @* begin
    xbar = {64*L{1'b0}};
    for (l = 0; l < L; l = l + 1)
        for (p = 0; p < L; p = p + 1)
            if (sel_all[L*p + l])
                xbar[64*l +: 64] = xbar[64*l +: 64] | rd_all[64*p +: 64];
end

reg [L-1:0] mism;
reg [7:0]   nmism;
always @* begin
    nmism = 8'd0;
    for (l = 0; l < L; l = l + 1) begin
        mism[l] = (rnd_data[64*l +: 64] != {24'h4C414D, l[7:0], ~l[7:0], 8'h00, rnd_seq});
        nmism   = nmism + {7'd0, mism[l]};
    end
end
wire am_bad = rnd_v && rnd_am && (nmism != 8'd0);

reg  [7:0] amloss_q;               // consecutive marker rounds with a wrong marker
wire       amloss_hit = (AM_LOSS > 0) && am_bad && ({24'd0, amloss_q} + 32'd1 >= AM_LOSS);

wire refuse = (st_q == S_RES && (|far_all)) || (st_q == S_CHECK && !go_run) ||
              (st_q == S_RUN && (|ovf_all));
assign restart = refuse || (st_q == S_RUN && amloss_hit);

reg [511:0] word;
integer j;
always @* begin
    for (j = 0; j < 8; j = j + 1)
        word[64*(j ^ 1) +: 64] = gbuf_q[64*j +: 64];
end

// --- control ------------------------------------------------------------------------------------
always @(posedge clk) begin
    if (clr) begin
        st_q     <= S_HUNT;
        first_q  <= 1'b0;
        seq0_q   <= 16'd0;
        rph_q    <= {AM_PERIOD_W{1'b0}};
        rseq_q   <= 16'd0;
        rnd_v    <= 1'b0;
        rnd_am   <= 1'b0;
        gbuf_q   <= {64*GCAP{1'b0}};
        gcnt_q   <= {GW{1'b0}};
        amloss_q <= 8'd0;
    end else begin
        first_q <= 1'b0;
        case (st_q)
        S_HUNT:  if (&lk_all) st_q <= S_SEQ;
        S_SEQ: begin
            seq0_q  <= fseq_all[15:0] + dmax;
            first_q <= 1'b1;
            st_q    <= S_RES;
        end
        S_RES:   if (&res_all) st_q <= S_CHECK;
        S_CHECK: begin
            st_q   <= S_RUN;
            rph_q  <= {AM_PERIOD_W{1'b0}};
            rseq_q <= seq0_q;
        end
        default: ;
        endcase

        if (rd) begin
            rnd_v    <= 1'b1;
            rnd_am   <= (rph_q == {AM_PERIOD_W{1'b0}});
            rnd_seq  <= rseq_q;
            rnd_data <= xbar;
            rph_q    <= (rph_q + 1'b1 >= per) ? {AM_PERIOD_W{1'b0}} : rph_q + 1'b1;
            if (rph_q == {AM_PERIOD_W{1'b0}})
                rseq_q <= rseq_q + 16'd1;
        end else if (rnd_ready) begin
            rnd_v <= 1'b0;
        end

        if (rnd_v && rnd_am)
            amloss_q <= am_bad ? amloss_q + 8'd1 : 8'd0;

        gbuf_q <= (emit ? (gbuf_q >> 512) : gbuf_q) |
                  (g_take ? ({{(64*GCAP-64*L){1'b0}}, rnd_data} << (64 * grem))
                          : {64*GCAP{1'b0}});
        gcnt_q <= grem + (g_take ? GL : {GW{1'b0}});
    end
end

// outputs and status: cleared by rst; the events of a restarting clock still leave
always @(posedge clk) begin
    if (rst) begin
        m_tvalid      <= 1'b0;
        m_tdata       <= 512'd0;
        skew          <= 8'd0;
        deskew_err    <= 1'b0;
        ev_am_err     <= 1'b0;
        ev_am_err_n   <= 8'd0;
        ev_deskew_err <= 1'b0;
    end else begin
        m_tvalid      <= emit && !clr;
        if (emit)
            m_tdata   <= word;
        ev_am_err     <= am_bad;
        ev_am_err_n   <= am_bad ? nmism : 8'd0;
        ev_deskew_err <= refuse;
        if (resync) begin
            skew       <= 8'd0;
            deskew_err <= 1'b0;
        end else if (st_q == S_RES && (|far_all)) begin
            skew       <= 8'd255;
            deskew_err <= 1'b1;
        end else if (st_q == S_CHECK) begin
            skew       <= skew_sat;
            deskew_err <= !go_run;
        end else if (refuse) begin
            deskew_err <= 1'b1;
        end
    end
end

endmodule

`default_nettype wire
