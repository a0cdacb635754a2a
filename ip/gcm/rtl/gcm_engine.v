// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// GCM authenticated encryption and decryption (NIST SP 800-38D) of whole messages, with the
// ports and behaviour of docs/aead-interface.md: one descriptor per message on s_cmd_*, the
// message's parts on s_axis_*, the result on m_axis_* and one status word per message on
// m_sts_*. One engine does both directions (s_cmd_op); DECRYPT is accepted and ignored.
//
// Bit and byte order: every 128-bit block is the SP 800-38D bit string with byte 0 at [127:120]
// of its lane (the cipher cores' order, and ghash_nway.v's); lane q of a wide bus is
// [128q +: 128]. Counter blocks are J0 with inc32 applied to the low 32 bits ([31:0]).
//
// Structure
//   aead_ingress (MODE=1)  checks the descriptor (d_*) and splits the data into beats (b_*),
//                          which reach the front through a two-entry register slice.
//   front                  turns each beat into one "lane-beat": the beat's counter blocks
//                          (lane q: J0[127:32] || ctr + q) enter cipher_lanes while the beat's
//                          data, byte count and kind enter the side FIFO (lc_fifo with a
//                          registered read: distributed RAM banks, block RAM with
//                          SIDE_BRAM=1), so no path runs from its read address through the
//                          RAM into the GHASH input. A lane-beat is issued only when the lanes'
//                          input slice (two entries) and the side FIFO both take it;
//                          backpressure stays at this edge. The two slices keep the lanes'
//                          credit checks and the front's decisions off s_axis_tready (one
//                          clock of latency each, no bubble).
//   cipher_lanes           LANES cipher cores in lock step, one key expansion; never stalls.
//   back                   pops a keystream beat and its side entry together (only while the
//                          output and status FIFOs have room for every beat in flight),
//                          XORs the keystream into the data masked to the byte count, feeds
//                          ghash_nway (IMPL=GHASH_IMPL, PIPE=GHASH_PIPE) with the AD, the
//                          ciphertext (encrypt: the output; decrypt: the input) and the length
//                          block, and sends every result down an event line as long as the
//                          GHASH latency, so tags and statuses leave in order with the data.
//   end of the event line  tag = S xor E(J0); encryption: one tag beat; decryption: the
//                          constant-time compare (OR of the XORed tag bits over tag_len bytes,
//                          no early exit) gives OK or AUTH_FAIL.
//
// Lane-beat kinds (side FIFO entry kind):
//   IV     a beat of the IV part (nonce_len != 12): GHASHed (J0 computation)
//   IVLEN  0^64 || [len(IV)]_64 after the IV part: ends the IV hash; its GHASH is J0, which
//          goes back to the front (the front waits for it: see the costs below)
//   AD     GHASHed
//   MSG    counter blocks inc32^i(J0); output = data xor keystream; ciphertext GHASHed
//   FIN    lane 0's counter block is J0 itself: E(J0) for the tag. Its GHASH block is
//          [len(A)]_64 || [len(C)]_64 (byte counts kept at the back). Decryption: the received
//          tag beat is the FIN beat (its data is the tag); encryption: the FIN beat follows the
//          message's last beat (an empty message's single ingress beat is its FIN beat).
//   ERR    the message failed (ingress error, or ERR_SLOT); carries the status code
//   HKEY   after a key load: the zero block, E_K(0) = H goes to ghash_hpow
//
// Key load: s_key_* is taken into a holding register and the slot leaves service (slot_valid
// falls). Messages whose descriptors were taken before the key command finish with the slot's
// old key and old powers of H (or get ERR_SLOT if it had none); messages taken after it wait at
// the front. Once the last older message has been issued, the key goes to cipher_lanes; after
// their expansion the HKEY lane-beat computes H behind every older lane-beat, ghash_hpow the
// powers H^1..H^LANES (HPOW_DIGIT = D > 0: a digit-serial multiplier of a few hundred LUT4s,
// 1 + (128 / D) * (LANES - 1) clocks, 129 for two lanes at D = 1; 0: a full multiplier,
// 1 + 2 * (LANES - 1) clocks), which are stored for the slot, and slot_valid[s] rises. Messages for the slot wait at the front until then. Loads are one
// at a time (s_key_tready is low until the previous one is complete); messages for other
// slots flow meanwhile. A message naming a slot that is neither valid nor being loaded gets
// ERR_SLOT; its beats are dropped.
//
// Latency: a message's status follows its last lane-beat by the lanes' LATENCY, their output
// FIFO, the side FIFO's read (registered: 1 clock in distributed RAM, 2 with SIDE_BRAM), the
// GHASH latency (ghash_nway.v) and the output FIFO.
//
// Costs (clocks the front spends per message, one lane-beat per clock, no idle clock between
// messages; A = ad_len, M = msg_len, I = nonce_len bytes, W = 16 * LANES):
//   encryption, 12-byte IV:  ceil(A/W) + ceil(M/W) + 1     (the +1 is the FIN beat, E(J0))
//   decryption, 12-byte IV:  ceil(A/W) + ceil(M/W) + 1     (the tag beat is the FIN beat)
//   any other IV length:     add ceil(I/W) + 1 + R, R the J0 round trip through the lanes and
//                            GHASH (about the lanes' LATENCY + GHASH latency + 6 clocks)
//   an error:                one ERR beat plus one clock per dropped input beat
// With a 12-byte IV an empty encryption takes one clock.
//
// Output: encryption gives its ciphertext beats then one tag beat (m_axis_ttag, tlast, lane 0,
// tkeep on tag_len bytes, other bytes zero); decryption gives its plaintext beats with tlast on
// the last. An error after some output beats of a message closes its output with a beat of
// tkeep = 0, tlast = 1, unless the message's tlast beat has already been sent (a decryption
// whose tag part is malformed). Every status word leaves after its message's last output beat
// (m_sts_tvalid waits for that beat's handshake).
//
// HOLD = 1: aead_hold (HOLD_BYTES of plaintext) sits between the internal streams and the
// ports; MAX_MSG is capped to HOLD_BYTES.
module gcm_engine #(
    parameter CIPHER      = 0,          // 0: AES, 1: Serpent
    parameter KEY_BITS    = 128,
    parameter LANES       = 2,          // 1, 2, 4
    parameter DECRYPT     = 0,          // ignored (one engine does both directions)
    parameter NSLOTS      = 2,
    parameter ID_W        = 8,
    parameter HOLD        = 0,
    parameter MAX_MSG     = 32'h0010_0000,
    parameter HOLD_BYTES  = 16384,      // aead_hold buffer (HOLD = 1)
    // implementation
    parameter STAGES      = (CIPHER == 0) ? 2 : 1,   // cipher core register stages per round
    parameter SIDE_BRAM   = 0,          // 1: side FIFO in block RAM (lc_fifo READ_REG=2)
    parameter SBOX_COPIES = 4,          // AES lanes: S-box copies per round (aes_core.v)
    parameter SBOX_BRAM   = 0,          // AES lanes: 1 (with SBOX_COPIES = 1) round S-boxes in
                                        // block-RAM ROMs, 8 DP16KD per round per lane
    parameter GHASH_IMPL  = 2,
    parameter GHASH_PIPE  = 1,
    parameter HPOW_DIGIT  = 1,          // ghash_hpow DIGIT: bits per clock of its multiplier
    parameter DFIFO       = 8,          // descriptors the ingress holds ahead: covers the clocks
                                        // from s_cmd to the front (messages without data at 1/clock)
    // derived: do not override
    parameter SLOT_W      = (NSLOTS > 1) ? $clog2(NSLOTS) : 1
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire [KEY_BITS-1:0]   s_key_tdata,
    input  wire [SLOT_W-1:0]     s_key_slot,
    input  wire                  s_key_tvalid,
    output wire                  s_key_tready,
    output wire [NSLOTS-1:0]     slot_valid,

    input  wire                  s_cmd_op,
    input  wire [SLOT_W-1:0]     s_cmd_slot,
    input  wire [127:0]          s_cmd_nonce,
    input  wire [15:0]           s_cmd_nonce_len,
    input  wire [31:0]           s_cmd_ad_len,
    input  wire [31:0]           s_cmd_msg_len,
    input  wire [4:0]            s_cmd_tag_len,
    input  wire [ID_W-1:0]       s_cmd_id,
    input  wire                  s_cmd_tvalid,
    output wire                  s_cmd_tready,

    input  wire [128*LANES-1:0]  s_axis_tdata,
    input  wire [16*LANES-1:0]   s_axis_tkeep,
    input  wire                  s_axis_tlast,
    input  wire                  s_axis_tvalid,
    output wire                  s_axis_tready,

    output wire [128*LANES-1:0]  m_axis_tdata,
    output wire [16*LANES-1:0]   m_axis_tkeep,
    output wire                  m_axis_tlast,
    output wire                  m_axis_ttag,
    output wire [ID_W-1:0]       m_axis_tid,
    output wire                  m_axis_tvalid,
    input  wire                  m_axis_tready,

    output wire [3:0]            m_sts_code,
    output wire [ID_W-1:0]       m_sts_id,
    output wire                  m_sts_tvalid,
    input  wire                  m_sts_tready
);

generate
if (LANES != 1 && LANES != 2 && LANES != 4) begin : g_bad_lanes
    $error("%m: LANES must be 1, 2 or 4");
end
if (HOLD != 0 && HOLD != 1) begin : g_bad_hold
    $error("%m: HOLD must be 0 or 1");
end
if (SIDE_BRAM != 0 && SIDE_BRAM != 1) begin : g_bad_side
    $error("%m: SIDE_BRAM must be 0 or 1");
end
endgenerate

/* verilator lint_off UNUSEDPARAM */
localparam integer DECRYPT_IGNORED = DECRYPT;     // GCM: both directions in one engine
/* verilator lint_on UNUSEDPARAM */

localparam integer W       = 128 * LANES;
localparam integer KW      = 16 * LANES;
localparam integer BYTES_W = $clog2(16 * LANES + 1);
localparam integer CW      = (LANES > 3) ? 3 : (LANES > 1) ? 2 : 1;   // ghash_nway in_count
localparam [31:0]  MAX_EFF = (HOLD != 0 && HOLD_BYTES < MAX_MSG) ? HOLD_BYTES : MAX_MSG;
localparam integer AES_NR  = KEY_BITS / 32 + 6;
localparam integer LAT     = (CIPHER == 0) ? 1 + AES_NR * STAGES + ((STAGES == 3) ? 1 : 0)
                                           : 1 + 32 * STAGES;
localparam integer SIDE_DEPTH = 1 << $clog2(LAT + 16);
localparam integer RD      = (SIDE_BRAM != 0) ? 2 : 1;               // side FIFO read latency
localparam integer GL      = (LANES == 1) ? 2 : GHASH_PIPE + 3;      // ghash_nway latency
localparam [31:0]  OUT_DEPTH = 16;
localparam [31:0]  STS_DEPTH = 16;

// ingress kinds and status codes (aead_ingress.v, docs/aead-interface.md)
localparam [1:0] KIND_IV = 2'd0, KIND_AD = 2'd1, KIND_MSG = 2'd2, KIND_TAG = 2'd3;
localparam [3:0] ST_OK = 4'd0, ST_AUTH_FAIL = 4'd1, ST_ERR_SLOT = 4'd3;
// lane-beat kinds
localparam [2:0] LK_IV = 3'd0, LK_AD = 3'd1, LK_MSG = 3'd2, LK_IVLEN = 3'd3, LK_FIN = 3'd4,
                 LK_ERR = 3'd5, LK_HKEY = 3'd6;

// ================================================================ ingress
wire              d_op;
wire [SLOT_W-1:0] d_slot;
wire [127:0]      d_nonce;
wire [15:0]       d_nonce_len;
/* verilator lint_off UNUSEDSIGNAL */     // the engine counts the lengths from the beats
wire [31:0]       d_ad_len, d_msg_len;
/* verilator lint_on UNUSEDSIGNAL */
wire [4:0]        d_tag_len;
wire [ID_W-1:0]   d_id;
wire [3:0]        d_err;
wire              d_valid;
wire              d_ready;
wire [W-1:0]      b_data;
wire [BYTES_W-1:0] b_bytes;
wire [1:0]        b_kind;
wire              b_last, b_eom;
wire [3:0]        b_err;
wire              b_valid;
wire              b_ready;
// the ingress's beat output, before the register slice
localparam integer BS_W = W + BYTES_W + 2 + 1 + 1 + 4;
wire [BS_W-1:0]   ib_data;
wire              ib_valid, ib_ready;

aead_ingress #(.MODE(1), .LANES(LANES), .DECRYPT(0), .NSLOTS(NSLOTS), .ID_W(ID_W),
               .MAX_MSG(MAX_EFF), .DFIFO(DFIFO)) u_ingress (
    .clk(clk), .rst(rst),
    .s_cmd_op(s_cmd_op), .s_cmd_slot(s_cmd_slot), .s_cmd_nonce(s_cmd_nonce),
    .s_cmd_nonce_len(s_cmd_nonce_len), .s_cmd_ad_len(s_cmd_ad_len), .s_cmd_msg_len(s_cmd_msg_len),
    .s_cmd_tag_len(s_cmd_tag_len), .s_cmd_id(s_cmd_id), .s_cmd_tvalid(s_cmd_tvalid),
    .s_cmd_tready(s_cmd_tready),
    .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tlast(s_axis_tlast),
    .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
    .d_op(d_op), .d_slot(d_slot), .d_nonce(d_nonce), .d_nonce_len(d_nonce_len),
    .d_ad_len(d_ad_len), .d_msg_len(d_msg_len), .d_tag_len(d_tag_len), .d_id(d_id),
    .d_err(d_err), .d_valid(d_valid), .d_ready(d_ready),
    .b_data(ib_data[BS_W-1 -: W]), .b_bytes(ib_data[BYTES_W+7:8]),
    .b_kind(ib_data[7:6]), .b_last(ib_data[5]), .b_eom(ib_data[4]), .b_err(ib_data[3:0]),
    .b_valid(ib_valid), .b_ready(ib_ready)
);

// Register slice between the ingress and the front: the front's ready (lanes, side FIFO, key
// state) stops here instead of running on into the ingress and s_axis_tready.
/* verilator lint_off UNUSEDSIGNAL */
wire       bs_unused_next, ls_unused_next;
wire [1:0] bs_unused_count, ls_unused_count;
/* verilator lint_on UNUSEDSIGNAL */
lc_fifo #(.WIDTH(BS_W), .DEPTH(2)) u_bslice (
    .clk(clk), .rst(rst),
    .s_data(ib_data), .s_valid(ib_valid), .s_ready(ib_ready),
    .m_data({b_data, b_bytes, b_kind, b_last, b_eom, b_err}), .m_valid(b_valid),
    .m_ready(b_ready), .m_valid_next(bs_unused_next), .count(bs_unused_count)
);

// ================================================================ key slots
// A key command is taken into kreg (its slot leaves service at once: slot_valid falls, and
// messages for it whose descriptors come later wait at the front). The messages whose
// descriptors were taken before it (k_older of them, still in the ingress or the front) go on
// with the slot's old key and powers; when the last of them has been issued the key goes to the
// lanes, and after their expansion the HKEY beat computes H and ghash_hpow the powers.
localparam [2:0] KS_IDLE = 3'd0, KS_WAITF = 3'd1, KS_EXP = 3'd2, KS_H = 3'd3, KS_HW = 3'd4;
reg  [2:0]          kst;
reg  [KEY_BITS-1:0] kreg;
reg  [SLOT_W-1:0]   kslot;
reg  [NSLOTS-1:0]   eng_valid;        // the slot holds a key and its powers (old ones too)
reg  [NSLOTS-1:0]   eng_loading;      // a key command for the slot is being carried out
reg  [7:0]          msgs_in;          // descriptors taken and not yet finished by the front
reg  [7:0]          k_older;          // of those, the ones taken before the key command
wire                ln_key_ready;
wire [NSLOTS-1:0]   ln_slot_valid;
wire                hp_done;          // the powers of H for kslot are written (back)
wire                h_issue;          // the HKEY lane-beat is issued (front)
wire                cmd_take = s_cmd_tvalid && s_cmd_tready;
wire                d_take   = d_valid && d_ready;
wire                lslice_clear;     // no lane-beat of kslot waits in the lanes' input slice
wire                ln_key_valid = (kst == KS_WAITF) && k_older == 8'd0 && lslice_clear;
wire                head_older = (kst == KS_WAITF) && k_older != 8'd0;

assign s_key_tready = (kst == KS_IDLE);
assign slot_valid   = eng_valid & ~eng_loading;

always @(posedge clk) begin
    msgs_in <= msgs_in + {7'd0, cmd_take} - {7'd0, d_take};
    if (kst == KS_WAITF && d_take && k_older != 8'd0) k_older <= k_older - 8'd1;
    case (kst)
    KS_IDLE: if (s_key_tvalid) begin
        kreg    <= s_key_tdata;
        kslot   <= s_key_slot;
        k_older <= msgs_in + {7'd0, cmd_take} - {7'd0, d_take};
        eng_loading[s_key_slot] <= 1'b1;
        kst <= KS_WAITF;
    end
    KS_WAITF: if (ln_key_valid && ln_key_ready) begin
        eng_valid[kslot] <= 1'b0;
        kst <= KS_EXP;
    end
    // the lanes' slot_valid falls in the clock after their key handshake
    KS_EXP:   if (ln_slot_valid[kslot]) kst <= KS_H;
    KS_H:     if (h_issue) kst <= KS_HW;
    KS_HW:    if (hp_done) begin
        eng_valid[kslot]   <= 1'b1;
        eng_loading[kslot] <= 1'b0;
        kst <= KS_IDLE;
    end
    default:  kst <= KS_IDLE;
    endcase
    if (rst) begin
        kst         <= KS_IDLE;
        kreg        <= {KEY_BITS{1'b0}};
        kslot       <= {SLOT_W{1'b0}};
        eng_valid   <= {NSLOTS{1'b0}};
        eng_loading <= {NSLOTS{1'b0}};
        msgs_in     <= 8'd0;
        k_older     <= 8'd0;
    end
end

// ================================================================ front
// side FIFO entry: {kind, bytes, plast, op, slot, id, tlen, code, data}
localparam integer SW = 3 + BYTES_W + 1 + 1 + SLOT_W + ID_W + 5 + 4 + W;

reg                f_started;    // the head message has issued or dropped a beat
reg                f_drop;       // the message's slot is empty: drop its beats, then ERR_SLOT
reg                f_fin;        // encryption: the last beat is issued, the FIN beat is due
reg                f_ivlen;      // the IV part is issued, the IVLEN beat is due
reg                f_wj0;        // waiting for J0 from the IV hash
reg  [95:0]        j0_hi;
reg  [31:0]        j0_lo, ctr_q;
wire               j0_fb_valid;
wire [127:0]       j0_fb;

wire [95:0] c_j0hi = f_started ? j0_hi : d_nonce[127:32];
wire [31:0] c_j0lo = f_started ? j0_lo : 32'd1;
wire [31:0] c_ctr  = f_started ? ctr_q : 32'd2;
// the head message waits while its slot is being loaded, unless it came before the key command
wire        s_loading = eng_loading[d_slot] && !head_older;
wire        s_empty   = !eng_valid[d_slot];
wire        drop      = f_started ? f_drop : (d_err == 4'd0 && s_empty && !s_loading);
wire        wait_slot = !f_started && d_err == 4'd0 && s_loading;

reg              c_valid;      // a lane-beat to issue
reg  [2:0]       c_kind;
reg  [W-1:0]     c_data;
reg  [BYTES_W-1:0] c_bytes;
reg  [3:0]       c_code;
reg              c_pop_b;      // the issue takes the ingress beat
reg              c_skip_b;     // the ingress beat is dropped without a lane-beat
reg              c_pop_d;      // the issue ends the message
reg              c_set_ivlen, c_set_fin;

always @(*) begin
    c_valid = 1'b0;
    c_kind  = LK_MSG;
    c_data  = b_data;
    c_bytes = b_bytes;
    c_code  = 4'd0;
    c_pop_b = 1'b0;
    c_skip_b = 1'b0;
    c_pop_d = 1'b0;
    c_set_ivlen = 1'b0;
    c_set_fin = 1'b0;
    if (kst == KS_H) begin
        c_valid = 1'b1;
        c_kind  = LK_HKEY;
    end else if (d_valid && !wait_slot) begin
        if (f_ivlen) begin
            c_valid = 1'b1;
            c_kind  = LK_IVLEN;
            c_data  = {W{1'b0}};
            c_data[18:0] = {d_nonce_len, 3'b000};
            c_bytes = 16;
        end else if (f_wj0) begin
            c_valid = 1'b0;
        end else if (f_fin) begin
            c_valid = 1'b1;
            c_kind  = LK_FIN;
            c_data  = {W{1'b0}};
            c_pop_d = 1'b1;
        end else if (b_valid) begin
            if (drop) begin
                if (b_eom) begin
                    c_valid = 1'b1;
                    c_kind  = LK_ERR;
                    c_code  = ST_ERR_SLOT;
                    c_pop_b = 1'b1;
                    c_pop_d = 1'b1;
                end else begin
                    c_skip_b = 1'b1;
                end
            end else if (b_eom && b_err != 4'd0) begin
                c_valid = 1'b1;
                c_kind  = LK_ERR;
                c_code  = b_err;
                c_pop_b = 1'b1;
                c_pop_d = 1'b1;
            end else begin
                c_valid = 1'b1;
                c_pop_b = 1'b1;
                case (b_kind)
                KIND_IV: begin
                    c_kind = LK_IV;
                    c_set_ivlen = b_last;
                    c_set_fin = b_eom;
                end
                KIND_AD: begin
                    c_kind = LK_AD;
                    c_set_fin = b_eom;
                end
                KIND_MSG: begin
                    if (b_bytes == {BYTES_W{1'b0}}) begin   // a message without data parts
                        c_kind  = LK_FIN;
                        c_pop_d = 1'b1;
                    end else begin
                        c_kind = LK_MSG;
                        c_set_fin = b_eom;
                    end
                end
                KIND_TAG: begin                 // the received tag: the FIN beat
                    c_kind  = LK_FIN;
                    c_pop_d = 1'b1;
                end
                default: ;
                endcase
            end
        end
    end
end

// counter blocks: lane q = J0[127:32] || (base + q), base = J0[31:0] for FIN (lane 0 is J0),
// the next counter otherwise; the HKEY beat is the zero block
reg [W-1:0] c_ctrblk;
always @(*) begin : ctrblk
    integer q;
    reg [31:0] base;
    base = (c_kind == LK_FIN) ? c_j0lo : c_ctr;
    for (q = 0; q < LANES; q = q + 1)
        c_ctrblk[128*q +: 128] = {c_j0hi, base + q[31:0]};
    if (c_kind == LK_HKEY) c_ctrblk = {W{1'b0}};
end

wire              side_s_ready;
wire              ln_s_ready;
wire              ln_s_valid = c_valid && side_s_ready;
wire              issue      = ln_s_valid && ln_s_ready;
wire              f_issue    = issue && kst != KS_H;
wire              f_step     = f_issue || c_skip_b;
wire [SLOT_W-1:0] c_slot     = (kst == KS_H) ? kslot : d_slot;
wire [SW-1:0]     c_side     = {c_kind, c_bytes, b_last, d_op, c_slot, d_id, d_tag_len, c_code,
                                c_data};

assign h_issue = issue && kst == KS_H;
assign b_ready = (c_pop_b && f_issue) || c_skip_b;
assign d_ready = c_pop_d && f_issue;

always @(posedge clk) begin
    if (f_step) begin
        f_started <= !c_pop_d;
        f_drop    <= drop && !c_pop_d;
        j0_hi     <= c_j0hi;
        j0_lo     <= c_j0lo;
        ctr_q     <= c_ctr + ((f_issue && c_kind == LK_MSG) ? LANES : 0);
        if (c_set_ivlen) f_ivlen <= 1'b1;
        if (c_set_fin)   f_fin   <= 1'b1;
        if (f_issue && c_kind == LK_IVLEN) begin
            f_ivlen <= 1'b0;
            f_wj0   <= 1'b1;
        end
        if (c_pop_d) begin
            f_fin   <= 1'b0;
            f_ivlen <= 1'b0;
        end
    end
    if (f_wj0 && j0_fb_valid) begin
        j0_hi <= j0_fb[127:32];
        j0_lo <= j0_fb[31:0];
        ctr_q <= j0_fb[31:0] + 32'd1;
        f_wj0 <= 1'b0;
    end
    if (rst) begin
        f_started <= 1'b0;
        f_drop    <= 1'b0;
        f_fin     <= 1'b0;
        f_ivlen   <= 1'b0;
        f_wj0     <= 1'b0;
        j0_hi     <= 96'd0;
        j0_lo     <= 32'd0;
        ctr_q     <= 32'd0;
    end
end

// ================================================================ lanes and side FIFO
wire [W-1:0]  ln_m_data;
wire [2:0]    ln_m_user;
wire          ln_m_err;
wire          ln_m_valid;
wire          ln_m_ready;
wire [NSLOTS-1:0] ln_slot_loading;
/* verilator lint_off UNUSEDSIGNAL */     // empty-slot beats (ERR_SLOT's) are never read; the
                                          // engine keeps its own slot state; J0's low word is 1
wire unused_ln = ^ln_slot_loading ^ ln_m_err ^ ^d_nonce[31:0];
/* verilator lint_on UNUSEDSIGNAL */

// Register slice in front of the lanes: the AND of the lanes' credit checks (spread over the
// device) reaches the front from flops. A key goes to the lanes only when no lane-beat of its
// slot waits in the slice (per-slot counts of the slice's entries), so no lane-beat issued
// before the key command meets the new key; the other slots' traffic does not hold it up.
localparam integer LS_W = W + SLOT_W + 3;
wire [LS_W-1:0]   ls_data;
wire              ls_valid, ls_ready;
lc_fifo #(.WIDTH(LS_W), .DEPTH(2)) u_lslice (
    .clk(clk), .rst(rst),
    .s_data({c_ctrblk, c_slot, c_kind}), .s_valid(ln_s_valid), .s_ready(ln_s_ready),
    .m_data(ls_data), .m_valid(ls_valid), .m_ready(ls_ready),
    .m_valid_next(ls_unused_next), .count(ls_unused_count)
);
reg [1:0] ls_slot_n [0:NSLOTS-1];
always @(posedge clk) begin : ls_counts
    integer s;
    for (s = 0; s < NSLOTS; s = s + 1) begin
        if (rst)
            ls_slot_n[s] <= 2'd0;
        else
            ls_slot_n[s] <= ls_slot_n[s]
                + ((issue && c_slot == s[SLOT_W-1:0]) ? 2'd1 : 2'd0)
                - ((ls_valid && ls_ready && ls_data[3 +: SLOT_W] == s[SLOT_W-1:0]) ? 2'd1 : 2'd0);
    end
end
assign lslice_clear = (ls_slot_n[kslot] == 2'd0);

cipher_lanes #(.CIPHER(CIPHER), .KEY_BITS(KEY_BITS), .DECRYPT(0), .LANES(LANES),
               .NSLOTS(NSLOTS), .USER_WIDTH(3), .STAGES(STAGES),
               .SBOX_COPIES(SBOX_COPIES), .SBOX_BRAM(SBOX_BRAM)) u_lanes (
    .clk(clk), .rst(rst),
    .s_key_tdata(kreg), .s_key_slot(kslot), .s_key_tvalid(ln_key_valid),
    .s_key_tready(ln_key_ready),
    .s_axis_tdata(ls_data[LS_W-1 -: W]), .s_axis_tslot(ls_data[3 +: SLOT_W]),
    .s_axis_tuser(ls_data[2:0]), .s_axis_tvalid(ls_valid), .s_axis_tready(ls_ready),
    .m_axis_tdata(ln_m_data), .m_axis_tuser(ln_m_user), .m_axis_terr(ln_m_err),
    .m_axis_tvalid(ln_m_valid), .m_axis_tready(ln_m_ready),
    .slot_valid(ln_slot_valid), .slot_loading(ln_slot_loading)
);

wire [SW-1:0] side_m_data;
wire          side_m_valid;
wire          side_m_ready;
/* verilator lint_off UNUSEDSIGNAL */
wire          side_m_valid_next;
wire [$clog2(SIDE_DEPTH):0] side_count;
/* verilator lint_on UNUSEDSIGNAL */
lc_fifo #(.WIDTH(SW), .DEPTH(SIDE_DEPTH), .READ_REG(SIDE_BRAM != 0 ? 2 : 1)) u_side (
    .clk(clk), .rst(rst),
    .s_data(c_side), .s_valid(issue), .s_ready(side_s_ready),
    .m_data(side_m_data), .m_valid(side_m_valid), .m_ready(side_m_ready),
    .m_valid_next(side_m_valid_next), .count(side_count)
);

// ================================================================ back
wire [4:0] out_count, sts_count;
reg  [4:0] infl;                   // beats popped and not yet past the event line
wire [5:0] out_need = {1'b0, out_count} + {1'b0, infl};
wire [5:0] sts_need = {1'b0, sts_count} + {1'b0, infl};
localparam [5:0] OUT_LIM = OUT_DEPTH[5:0], STS_LIM = STS_DEPTH[5:0];
wire       room = out_need < OUT_LIM && sts_need < STS_LIM;
wire       pop  = ln_m_valid && side_m_valid && room;
assign ln_m_ready   = side_m_valid && room;
assign side_m_ready = ln_m_valid && room;

// keystream aligned with the side FIFO's read (RD clocks after the pop)
wire          a_v;
wire [W-1:0]  a_ks;
/* verilator lint_off UNUSEDSIGNAL */
wire [2:0]    a_ukind;             // the kind as the lanes carried it (simulation check)
wire          a_lerr;
/* verilator lint_on UNUSEDSIGNAL */
generate
if (RD == 0) begin : g_rd0
    assign a_v     = pop;
    assign a_ks    = ln_m_data;
    assign a_ukind = ln_m_user;
    assign a_lerr  = ln_m_err;
end else begin : g_rd
    reg [W-1:0] ks_d [0:RD-1];
    reg [2:0]   uk_d [0:RD-1];
    reg [RD-1:0] v_d;
    integer i;
    always @(posedge clk) begin
        ks_d[0] <= ln_m_data;
        uk_d[0] <= ln_m_user;
        v_d[0]  <= rst ? 1'b0 : pop;
        for (i = 1; i < RD; i = i + 1) begin
            ks_d[i] <= ks_d[i-1];
            uk_d[i] <= uk_d[i-1];
            v_d[i]  <= rst ? 1'b0 : v_d[i-1];
        end
    end
    assign a_v     = v_d[RD-1];
    assign a_ks    = ks_d[RD-1];
    assign a_ukind = uk_d[RD-1];
    assign a_lerr  = 1'b0;
end
endgenerate

wire [2:0]         a_kind;
wire [BYTES_W-1:0] a_bytes;
wire               a_plast, a_op;
wire [SLOT_W-1:0]  a_slot;
wire [ID_W-1:0]    a_id;
wire [4:0]         a_tlen;
wire [3:0]         a_code;
wire [W-1:0]       a_data;
assign {a_kind, a_bytes, a_plast, a_op, a_slot, a_id, a_tlen, a_code, a_data} = side_m_data;

// bytes of the beat: byte k = 16q + j of the beat (lane q, byte j) is at [128q + 127 - 8j -: 8]
// and is qualified by keep bit 16q + 15 - j
reg [W-1:0]  a_mask;
reg [KW-1:0] a_keep;
always @(*) begin : bytemask
    integer q, j;
    for (q = 0; q < LANES; q = q + 1)
        for (j = 0; j < 16; j = j + 1) begin
            a_mask[128*q + 127 - 8*j -: 8] = ((16*q + j) < a_bytes) ? 8'hff : 8'h00;
            a_keep[16*q + 15 - j]          = ((16*q + j) < a_bytes);
        end
end

wire [W-1:0] a_out = a_data ^ (a_ks & a_mask);       // a_data is zero past the byte count
wire [W-1:0] a_ct  = a_op ? a_data : a_out;          // the ciphertext, GHASHed

// per-message state at the back
reg        gh_fresh;          // the next GHASH beat starts a hash
reg [31:0] ad_acc, c_acc;     // AD and text bytes so far
reg        has_out, closed;   // output beats have left; the tlast beat has left

wire is_iv   = a_kind == LK_IV;
wire is_ad   = a_kind == LK_AD;
wire is_msg  = a_kind == LK_MSG;
wire is_ivl  = a_kind == LK_IVLEN;
wire is_fin  = a_kind == LK_FIN;
wire is_err  = a_kind == LK_ERR;
wire is_hkey = a_kind == LK_HKEY;

wire            gh_v     = a_v && (is_iv || is_ad || is_msg || is_ivl || is_fin);
wire            gh_last  = is_ivl || is_fin;
/* verilator lint_off UNUSEDSIGNAL */      // the block count is bits [CW+3:4]
wire [BYTES_W+3:0] bytes_15 = {4'd0, a_bytes} + 15;
/* verilator lint_on UNUSEDSIGNAL */
wire [CW-1:0]   gh_count = gh_last ? 1 : bytes_15[CW+3:4];
reg  [W-1:0]    gh_data;
always @(*) begin
    gh_data = a_data;
    if (is_msg) gh_data = a_ct;
    if (is_fin) begin
        gh_data = {W{1'b0}};
        gh_data[127:0] = {29'd0, ad_acc, 3'd0, 29'd0, c_acc, 3'd0};
    end
end

reg [W-1:0] hp_tab [0:NSLOTS-1];
wire        gh_out_valid;
wire [127:0] gh_out;
wire        gh_out_iv;

ghash_nway #(.LANES(LANES), .IMPL(GHASH_IMPL), .PIPE(GHASH_PIPE), .USER_WIDTH(1)) u_ghash (
    .clk(clk), .rst(rst),
    .in_valid(gh_v), .in_start(gh_fresh), .in_last(gh_last), .in_count(gh_count),
    .in_data(gh_data), .in_user(is_ivl), .hpow(hp_tab[a_slot]),
    .out_valid(gh_out_valid), .out_ghash(gh_out), .out_user(gh_out_iv)
);
assign j0_fb_valid = gh_out_valid && gh_out_iv;
assign j0_fb       = gh_out;

// powers of H for the slot being loaded
wire [W-1:0] hp_new;
/* verilator lint_off UNUSEDSIGNAL */
wire         hp_busy;
/* verilator lint_on UNUSEDSIGNAL */
ghash_hpow #(.N(LANES), .DIGIT(HPOW_DIGIT), .IMPL(GHASH_IMPL), .PIPE(2)) u_hpow (
    .clk(clk), .rst(rst), .load(a_v && is_hkey), .h(a_ks[127:0]),
    .busy(hp_busy), .done(hp_done), .hpow(hp_new)
);
always @(posedge clk) if (hp_done) hp_tab[kslot] <= hp_new;

// event line, GL clocks (the GHASH latency): {any, out, fin, err, close, hd, last, op, tlen,
// code, id, keep, data}
localparam integer EW = 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 5 + 4 + ID_W + KW + W;
wire e_out   = is_msg;
wire e_close = is_err && has_out && !closed;
wire e_last  = is_msg && a_op && a_plast;
wire [W-1:0] e_data;
generate
if (LANES == 1) begin : g_ed1
    assign e_data = is_fin ? (a_ks ^ (a_op ? a_data : {W{1'b0}})) : a_out;
end else begin : g_edn
    assign e_data = is_fin ? {{(W-128){1'b0}}, a_ks[127:0] ^ (a_op ? a_data[127:0] : 128'd0)}
                           : a_out;
end
endgenerate
wire [EW-1:0] e_in = {a_v, a_v && e_out, a_v && is_fin, a_v && is_err, a_v && e_close,
                      has_out, e_last, a_op, a_tlen, a_code, a_id, a_keep, e_data};

reg [EW-1:0] ev_q [0:GL-1];
integer ei;
always @(posedge clk) begin
    ev_q[0] <= e_in;
    for (ei = 1; ei < GL; ei = ei + 1) ev_q[ei] <= ev_q[ei-1];
    if (rst) for (ei = 0; ei < GL; ei = ei + 1) ev_q[ei] <= {EW{1'b0}};
end

always @(posedge clk) begin
    if (a_v) begin
        if (gh_v) gh_fresh <= gh_last;
        if (is_err) gh_fresh <= 1'b1;
        if (is_ad)  ad_acc <= ad_acc + {{(32-BYTES_W){1'b0}}, a_bytes};
        if (is_msg) c_acc  <= c_acc + {{(32-BYTES_W){1'b0}}, a_bytes};
        if (is_msg) has_out <= 1'b1;
        if (e_last) closed <= 1'b1;
        if (is_fin || is_err) begin
            ad_acc  <= 32'd0;
            c_acc   <= 32'd0;
            has_out <= 1'b0;
            closed  <= 1'b0;
        end
    end
    if (rst) begin
        gh_fresh <= 1'b1;
        ad_acc   <= 32'd0;
        c_acc    <= 32'd0;
        has_out  <= 1'b0;
        closed   <= 1'b0;
    end
end

// ---- end of the event line: tags, compare, output and status FIFOs
wire              v_any, v_out, v_fin, v_err, v_close, v_hd, v_last, v_op;
wire [4:0]        v_tlen;
wire [3:0]        v_code;
wire [ID_W-1:0]   v_id;
wire [KW-1:0]     v_keep;
wire [W-1:0]      v_data;
assign {v_any, v_out, v_fin, v_err, v_close, v_hd, v_last, v_op, v_tlen, v_code, v_id, v_keep,
        v_data} = ev_q[GL-1];

always @(posedge clk) begin
    if (rst) infl <= 5'd0;
    else     infl <= infl + {4'd0, pop} - {4'd0, v_any};
end

reg [127:0] tmask;
reg [15:0]  tkeep;
always @(*) begin : tagmask
    integer j;
    for (j = 0; j < 16; j = j + 1) begin
        tmask[127 - 8*j -: 8] = (j < v_tlen) ? 8'hff : 8'h00;
        tkeep[15 - j]         = (j < v_tlen);
    end
end
wire [127:0] t_full   = gh_out ^ v_data[127:0];      // encrypt: the tag; decrypt: tag xor received
wire [127:0] t_masked = t_full & tmask;
wire         mismatch = |t_masked;                   // every tag bit, no early exit

wire         o_wr   = v_out || v_close || (v_fin && !v_op);
wire [W-1:0] o_data = v_out ? v_data : (v_fin ? {{(W-128){1'b0}}, t_masked} : {W{1'b0}});
wire [KW-1:0] o_keep = v_out ? v_keep : (v_fin ? {{(KW-16){1'b0}}, tkeep} : {KW{1'b0}});
wire         o_last = v_out ? v_last : 1'b1;
wire         o_tag  = v_fin;
wire         s_wr   = v_fin || v_err;
wire [3:0]   s_code = v_err ? v_code : ((v_op && mismatch) ? ST_AUTH_FAIL : ST_OK);
wire         s_hd   = v_hd || v_close || (v_fin && !v_op);

localparam integer OW = W + KW + 2 + ID_W;
localparam integer STW = 4 + ID_W + 1;
wire [OW-1:0]  of_data;
wire           of_valid, of_ready;
wire [STW-1:0] sf_data;
wire           sf_valid, sf_ready;
/* verilator lint_off UNUSEDSIGNAL */
wire           of_vn, sf_vn, of_s_ready, sf_s_ready;
/* verilator lint_on UNUSEDSIGNAL */

// room is reserved at the pop (infl), so a write never meets a full FIFO (checked in simulation)
lc_fifo #(.WIDTH(OW), .DEPTH(OUT_DEPTH), .GUARD_WRITE(0)) u_ofifo (
    .clk(clk), .rst(rst),
    .s_data({o_data, o_keep, o_last, o_tag, v_id}), .s_valid(o_wr), .s_ready(of_s_ready),
    .m_data(of_data), .m_valid(of_valid), .m_ready(of_ready), .m_valid_next(of_vn),
    .count(out_count)
);
lc_fifo #(.WIDTH(STW), .DEPTH(STS_DEPTH), .GUARD_WRITE(0)) u_sfifo (
    .clk(clk), .rst(rst),
    .s_data({s_code, v_id, s_hd}), .s_valid(s_wr), .s_ready(sf_s_ready),
    .m_data(sf_data), .m_valid(sf_valid), .m_ready(sf_ready), .m_valid_next(sf_vn),
    .count(sts_count)
);

// a status leaves after its message's last output beat (the message's tlast beat): ends counts
// tlast beats taken and not yet matched by a status with data
wire [W-1:0]    i_tdata;
wire [KW-1:0]   i_tkeep;
wire            i_tlast, i_ttag;
wire [ID_W-1:0] i_tid;
wire [3:0]      i_code;
wire [ID_W-1:0] i_sid;
wire            i_hd;
assign {i_tdata, i_tkeep, i_tlast, i_ttag, i_tid} = of_data;
assign {i_code, i_sid, i_hd} = sf_data;
wire            i_tready, i_sready;
reg  [5:0]      ends;
wire            i_svalid = sf_valid && (!i_hd || ends != 6'd0);
assign of_ready = i_tready;
assign sf_ready = i_sready && i_svalid;
always @(posedge clk) begin
    if (rst) ends <= 6'd0;
    else ends <= ends + {5'd0, of_valid && i_tready && i_tlast}
                      - {5'd0, i_svalid && i_sready && i_hd};
end

generate
if (HOLD == 0) begin : g_direct
    assign m_axis_tdata  = i_tdata;
    assign m_axis_tkeep  = i_tkeep;
    assign m_axis_tlast  = i_tlast;
    assign m_axis_ttag   = i_ttag;
    assign m_axis_tid    = i_tid;
    assign m_axis_tvalid = of_valid;
    assign i_tready      = m_axis_tready;
    assign m_sts_code    = i_code;
    assign m_sts_id      = i_sid;
    assign m_sts_tvalid  = i_svalid;
    assign i_sready      = m_sts_tready;
end else begin : g_hold
    aead_hold #(.LANES(LANES), .ID_W(ID_W), .BYTES(HOLD_BYTES)) u_hold (
        .clk(clk), .rst(rst),
        .s_axis_tdata(i_tdata), .s_axis_tkeep(i_tkeep), .s_axis_tlast(i_tlast),
        .s_axis_ttag(i_ttag), .s_axis_tid(i_tid), .s_axis_tvalid(of_valid),
        .s_axis_tready(i_tready),
        .s_sts_code(i_code), .s_sts_id(i_sid), .s_sts_has_data(i_hd), .s_sts_tvalid(i_svalid),
        .s_sts_tready(i_sready),
        .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tlast(m_axis_tlast),
        .m_axis_ttag(m_axis_ttag), .m_axis_tid(m_axis_tid), .m_axis_tvalid(m_axis_tvalid),
        .m_axis_tready(m_axis_tready),
        .m_sts_code(m_sts_code), .m_sts_id(m_sts_id), .m_sts_tvalid(m_sts_tvalid),
        .m_sts_tready(m_sts_tready)
    );
end
endgenerate

`ifndef SYNTHESIS
// the side FIFO and the lanes stay paired; a FIN event meets its GHASH
always @(posedge clk) begin
    if (!rst && a_v && a_ukind !== a_kind) begin
        $display("%m: lane-beat kind %0d but side entry kind %0d at %0t", a_ukind, a_kind, $time);
        $fatal(1);
    end
    if (!rst && v_fin !== (gh_out_valid && !gh_out_iv)) begin
        $display("%m: FIN event and GHASH result out of step at %0t", $time);
        $fatal(1);
    end
end
`endif

endmodule

`default_nettype wire
