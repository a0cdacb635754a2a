// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// OCB3 authenticated-encryption engine (RFC 7253), the message interface of
// docs/aead-interface.md: AD and message of any byte length (empty and partial final blocks
// included), nonces of 1..15 bytes, tags of 1..16 bytes, N = LANES blocks per clock.
//
// Bit and byte order (RFC 7253 section 2): a block is its 16-byte string read as one big-endian
// integer, byte 0 on [127:120]; lane q of a beat on [128q +: 128].
//
// DECRYPT picks the direction the engine is built for; descriptors of the other op get ERR_OP
// (aead_ingress). Structure, in message order:
//   aead_ingress  descriptors (d_*, up to DFIFO read ahead of the data) and zero-padded
//                 beats (b_*), the beats through a two-entry register slice
//   dispatch      pops a descriptor: error, empty slot (ERR_SLOT), or a nonce request; a slot
//                 being loaded (or with a key waiting at s_key) holds its messages here
//   ocb3_nonce    Offset_0 with the per-slot Ktop cache (a miss is one cipher call)
//   issuer        one ocb3_offset_gen command per part: AD (Offset_0 = 0, only when ad_len > 0)
//                 and message (Offset_0 from the nonce; its last beat has the tag offset)
//   beat engine   pairs each beat with its offsets and issues the cipher calls; 10* padding of
//                 a partial AD block (and of the checksum's partial block) is the 1 bit at byte
//                 b_bytes of the beat. Side state of each call goes into a FIFO (side) beside
//                 the lanes; a beat is admitted only when the side FIFO has room
//   output stage  pairs lane results with side entries, forms the output beats and the status
// Every lane set takes its calls through a two-entry register slice as well, so neither the
// lanes' credit checks nor the beat engine's decisions reach s_axis_tready combinationally
// (each slice adds one clock of latency and no bubble).
//
// DECRYPT = 0: every cipher call goes through the LANES forward lanes of cipher_lanes (one key
// expansion): L_* at key load, Ktop on a cache miss (lane 0), AD beats, message beats (a
// partial block's lane carries the pad call E(Offset_*)), the tag call (lane 0). The checksum is
// kept at the input. Clocks per message in steady state (a = ad_len, m = msg_len bytes):
//     ceil(a / 16N) + ceil(m / 16N) + 1 (the tag beat) + 1 per Ktop cache miss
// (counter nonces miss once in 64; the Ktop call of a miss takes a lane beat from the data).
// Messages with no data part (a = m = 0) run at one clock each too, as long as DFIFO covers
// the clocks from a descriptor to its message's first beat (nonce unit, issuer, offsets:
// about a dozen; the ingress holds a message's descriptor until its last beat, so a smaller
// DFIFO caps such messages at about DFIFO per dozen clocks;
// cocotb_ocb3_engine.counter_nonces_back_to_back measures both cases).
//
// DECRYPT = 1: the full ciphertext blocks go through LANES inverse lanes (cipher_lanes
// DECRYPT=1); one forward lane (cipher_lanes LANES=1, its own key expansion) takes L_*, Ktop,
// the AD blocks (queued a beat at a time, sent one block per clock while the beat engine moves
// on), the partial block's pad E(Offset_*) and the tag call. The checksum is kept over the
// plaintext at the output; the tag call is issued from the output side once the message's
// plaintext is out, and the compare (OR of the XORed bytes over tag_len, no early exit) is done
// when its result returns, so the next messages stream meanwhile; the status word goes to the
// status stream as soon as the message's last output beat is taken, whatever the output of the
// next messages does (docs/aead-interface.md). The forward lane returns
// results in call order and a tag result is taken only with its message's Sum, so a tag call
// waits until the AD queue has sent the last AD call of its message and of every message
// before it (the tag call otherwise has the lane first and could pass them: a deadlock).
// Clocks per message in steady state: the larger of the input beats and the forward lane's
// calls,
//     max(ceil(a / 16N) + ceil(m / 16N) + 1 (the TAG part),
//         ceil(a / 16) + (1 if m % 16 else 0) + 1 (the tag call) + 1 per Ktop cache miss)
// HOLD = 1 puts aead_hold (HOLD_BYTES, MAX_MSG capped to it) between the output and status
// streams and the ports: a message's plaintext leaves only after its tag matched.
//
// Key load: s_key feeds both lane sets. Which key a message of slot s uses is decided when
// its descriptor leaves the ingress's descriptor queue (dispatch, in message order):
//   - dispatched before the first clock s_key_tvalid is high with s_key_slot = s: the old key.
//     The key waits at s_key (s_key_tready low) until the engine has formed the status word
//     of every such message.
//   - all later ones, including descriptors already accepted on s_cmd but still in the
//     ingress's queue (up to DFIFO): the new key. From the clock the key is presented until
//     slot_valid[s] rises again they wait at dispatch, and the messages behind them in the
//     queue, of any slot, wait too (dispatch is in order).
// So "accepted" means dispatched, not taken on s_cmd: a descriptor accepted on s_cmd before
// the key was presented gets the new key if it has not been dispatched yet. After the key is
// taken, L_* = E_K(0) is computed through the forward lane and ocb3_ltable doubles it out
// (L_$, L_0..L_LMAX); slot_valid[s] falls when the key is taken and rises when the table is
// complete. LMAX = 16: messages and AD up to
// 2^17 - 1 full blocks (MAX_MSG defaults to 1 MiB and must stay below 16 * 2^(LMAX+1)).
//
// Errors: the ingress's descriptor errors and ERR_SLOT drop the message (status only); ERR_LENGTH
// closes a message whose output has started with a beat of tkeep = 0, tlast = 1 and drops its
// offsets. Reset clears every stream and every slot.
// Lint: the FIFOs' m_valid_next and count outputs and the nonce unit's sideband output are left
// unconnected on purpose (nothing here uses them).
/* verilator lint_off PINCONNECTEMPTY */
module ocb3_engine #(
    parameter CIPHER   = 0,
    parameter KEY_BITS = 128,
    parameter LANES    = 1,
    parameter DECRYPT  = 0,
    parameter NSLOTS   = 2,
    parameter ID_W     = 8,
    parameter HOLD     = 0,
    parameter MAX_MSG  = 32'h0010_0000,
    parameter HOLD_BYTES = 16384,     // HOLD = 1: aead_hold's message size (caps MAX_MSG)
    parameter LMAX     = 16,
    parameter SIDE_DEPTH = 64,        // side FIFO: covers the lanes' latency and output FIFO
    parameter DFIFO    = 16,          // descriptors the ingress reads ahead of the data (power of 2)
    // derived: do not override
    parameter SLOT_W   = (NSLOTS > 1) ? $clog2(NSLOTS) : 1
) (
    input  wire                 clk,
    input  wire                 rst,

    input  wire [KEY_BITS-1:0]  s_key_tdata,
    input  wire [SLOT_W-1:0]    s_key_slot,
    input  wire                 s_key_tvalid,
    output wire                 s_key_tready,
    output wire [NSLOTS-1:0]    slot_valid,

    input  wire                 s_cmd_op,
    input  wire [SLOT_W-1:0]    s_cmd_slot,
    input  wire [127:0]         s_cmd_nonce,
    input  wire [15:0]          s_cmd_nonce_len,
    input  wire [31:0]          s_cmd_ad_len,
    input  wire [31:0]          s_cmd_msg_len,
    input  wire [4:0]           s_cmd_tag_len,
    input  wire [ID_W-1:0]      s_cmd_id,
    input  wire                 s_cmd_tvalid,
    output wire                 s_cmd_tready,

    input  wire [128*LANES-1:0] s_axis_tdata,
    input  wire [16*LANES-1:0]  s_axis_tkeep,
    input  wire                 s_axis_tlast,
    input  wire                 s_axis_tvalid,
    output wire                 s_axis_tready,

    output wire [128*LANES-1:0] m_axis_tdata,
    output wire [16*LANES-1:0]  m_axis_tkeep,
    output wire                 m_axis_tlast,
    output wire                 m_axis_ttag,
    output wire [ID_W-1:0]      m_axis_tid,
    output wire                 m_axis_tvalid,
    input  wire                 m_axis_tready,

    output wire [3:0]           m_sts_code,
    output wire [ID_W-1:0]      m_sts_id,
    output wire                 m_sts_tvalid,
    input  wire                 m_sts_tready
);

localparam integer N       = LANES;
localparam integer NB      = 16 * N;                 // bytes per beat
localparam integer BYTES_W = $clog2(16 * LANES + 1);
localparam integer BLK_W   = LMAX + 1;
localparam integer FW      = DECRYPT ? 1 : N;        // forward lanes
localparam integer UW      = 5;                      // forward lanes' tuser {type, last, nul}
// HOLD = 1 caps the largest message to what aead_hold holds (its BYTES)
localparam [31:0]  MAX_EFF = (HOLD != 0 && HOLD_BYTES < MAX_MSG) ? HOLD_BYTES : MAX_MSG;

generate
if (N != 1 && N != 2 && N != 4) begin : g_bad_lanes
    $error("%m: LANES must be 1, 2 or 4");
end
if (MAX_MSG / 16 >= (1 << BLK_W)) begin : g_bad_max
    $error("%m: MAX_MSG exceeds the L table (LMAX)");
end
if (HOLD != 0 && DECRYPT == 0) begin : g_bad_hold
    $error("%m: HOLD applies to decryption only");
end
endgenerate

localparam [3:0] ERR_SLOT = 4'd3, ST_OK = 4'd0, ST_AUTH = 4'd1;
localparam [1:0] KIND_AD = 2'd1, KIND_MSG = 2'd2;       // else KIND_TAG
// forward-lane call types
localparam [2:0] T_LSTAR = 3'd0, T_KTOP = 3'd1, T_DATA = 3'd2, T_AD = 3'd3, T_PAD = 3'd4,
                 T_TAG = 3'd5;
// side entry types
localparam [1:0] E_AD = 2'd0, E_MSG = 2'd1, E_TAG = 2'd2, E_END = 2'd3;

integer i, q;

// ================================================================== ingress
wire              d_op;
wire [SLOT_W-1:0] d_slot;
wire [127:0]      d_nonce;
wire [15:0]       d_nonce_len;
wire [31:0]       d_ad_len, d_msg_len;
wire [4:0]        d_tag_len;
wire [ID_W-1:0]   d_id;
wire [3:0]        d_err;
wire              d_valid;
wire              d_ready;

wire [128*N-1:0]  b_data;
wire [BYTES_W-1:0] b_bytes;
wire [1:0]        b_kind;
wire              b_last, b_eom;
wire [3:0]        b_err;
wire              b_valid;
wire              b_ready;
// the ingress's beat output, before the register slice
localparam integer BS_W = 128 * N + BYTES_W + 2 + 1 + 1 + 4;
wire [BS_W-1:0]   ib_data;
wire              ib_valid, ib_ready;

aead_ingress #(.MODE(0), .LANES(N), .DECRYPT(DECRYPT), .NSLOTS(NSLOTS), .ID_W(ID_W),
               .MAX_MSG(MAX_EFF), .DFIFO(DFIFO)) u_ingress (
    .clk(clk), .rst(rst),
    .s_cmd_op(s_cmd_op), .s_cmd_slot(s_cmd_slot), .s_cmd_nonce(s_cmd_nonce),
    .s_cmd_nonce_len(s_cmd_nonce_len), .s_cmd_ad_len(s_cmd_ad_len),
    .s_cmd_msg_len(s_cmd_msg_len), .s_cmd_tag_len(s_cmd_tag_len), .s_cmd_id(s_cmd_id),
    .s_cmd_tvalid(s_cmd_tvalid), .s_cmd_tready(s_cmd_tready),
    .s_axis_tdata(s_axis_tdata), .s_axis_tkeep(s_axis_tkeep), .s_axis_tlast(s_axis_tlast),
    .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
    .d_op(d_op), .d_slot(d_slot), .d_nonce(d_nonce), .d_nonce_len(d_nonce_len),
    .d_ad_len(d_ad_len), .d_msg_len(d_msg_len), .d_tag_len(d_tag_len), .d_id(d_id),
    .d_err(d_err), .d_valid(d_valid), .d_ready(d_ready),
    .b_data(ib_data[BS_W-1 -: 128*N]), .b_bytes(ib_data[BYTES_W+7:8]),
    .b_kind(ib_data[7:6]), .b_last(ib_data[5]), .b_eom(ib_data[4]), .b_err(ib_data[3:0]),
    .b_valid(ib_valid), .b_ready(ib_ready)
);

// Register slice between the ingress and the beat engine: the beat engine's ready (which
// depends on the lanes' credit, the offsets and the side FIFO) stops here instead of running
// on into the ingress and s_axis_tready.
lc_fifo #(.WIDTH(BS_W), .DEPTH(2)) u_bslice (
    .clk(clk), .rst(rst),
    .s_data(ib_data), .s_valid(ib_valid), .s_ready(ib_ready),
    .m_data({b_data, b_bytes, b_kind, b_last, b_eom, b_err}), .m_valid(b_valid),
    .m_ready(b_ready), .m_valid_next(), .count()
);

/* verilator lint_off UNUSEDSIGNAL */
wire unused_d = d_op ^ ^d_nonce_len[15:4] ^ ^d_ad_len[31:BLK_W+4] ^ ^d_msg_len[31:BLK_W+4];
/* verilator lint_on UNUSEDSIGNAL */

// ================================================================== key slots
// forward lanes (all calls when encrypting; L*, Ktop, AD, pad, tag when decrypting)
wire [128*FW-1:0] fw_in_data;
wire [SLOT_W-1:0] fw_in_slot;
wire [UW-1:0]     fw_in_user;
wire              fw_in_valid;
wire              fw_in_ready;
wire [128*FW-1:0] fw_out_data;
wire [UW-1:0]     fw_out_user;
wire              fw_out_valid;
wire              fw_out_ready;
wire [NSLOTS-1:0] fw_slot_valid;
// inverse lanes (decrypt only)
wire [128*N-1:0]  iv_in_data;
wire [SLOT_W-1:0] iv_in_slot;
wire              iv_in_valid;
wire              iv_in_ready;
wire [128*N-1:0]  iv_out_data;
wire              iv_out_valid;
wire              iv_out_ready;
wire [NSLOTS-1:0] iv_slot_valid;

wire fw_key_ready, iv_key_ready;
wire key_lanes_ready = fw_key_ready && iv_key_ready;

reg  [7:0]        inflight [0:NSLOTS-1];       // accepted messages of each slot, until status
reg  [NSLOTS-1:0] eng_valid;
localparam [2:0] K_IDLE = 3'd0, K_WAITKEY = 3'd1, K_LSTAR = 3'd2, K_WAITL = 3'd3, K_WAITR = 3'd4;
reg  [2:0]        kst;
reg  [SLOT_W-1:0] kslot;
wire              key_go = (kst == K_IDLE) && s_key_tvalid && (inflight[s_key_slot] == 8'd0)
                           && key_lanes_ready;
assign s_key_tready = key_go;
assign slot_valid   = eng_valid;

// slots whose messages wait: a key is being loaded, or one is waiting at s_key
reg [NSLOTS-1:0] slot_hold;
always @* begin
    for (i = 0; i < NSLOTS; i = i + 1)
        slot_hold[i] = ((kst != K_IDLE) && (kslot == i[SLOT_W-1:0]))
                    || (s_key_tvalid && (s_key_slot == i[SLOT_W-1:0]));
end

wire              lt_lstar_valid, lt_lstar_ready;
wire [NSLOTS-1:0] lt_ready;
wire              k_req   = (kst == K_LSTAR);
wire              k_grant;

always @(posedge clk) begin
    if (rst) begin
        kst       <= K_IDLE;
        eng_valid <= {NSLOTS{1'b0}};
        kslot     <= {SLOT_W{1'b0}};
    end else begin
        case (kst)
        K_IDLE: if (key_go) begin
            kst              <= K_WAITKEY;
            kslot            <= s_key_slot;
            eng_valid[s_key_slot] <= 1'b0;
        end
        K_WAITKEY: if (fw_slot_valid[kslot] && iv_slot_valid[kslot]) kst <= K_LSTAR;
        K_LSTAR:   if (k_grant) kst <= K_WAITL;
        K_WAITL:   if (lt_lstar_valid && lt_lstar_ready) kst <= K_WAITR;
        K_WAITR:   if (lt_ready[kslot]) begin
            kst              <= K_IDLE;
            eng_valid[kslot] <= 1'b1;
        end
        default:   kst <= K_IDLE;
        endcase
    end
end

// ================================================================== dispatch
wire              nc_s_ready;
wire [127:0]      nc_offset0, nu_offset0;
wire              nc_m_valid, nc_m_ready, nu_m_valid, nu_m_ready;
wire [127:0]      nc_e_top;
wire [SLOT_W-1:0] nc_e_slot;
wire              nc_e_valid, nc_e_ready;
wire [127:0]      nc_k_ktop;
wire              nc_k_valid, nc_k_ready;

// message FIFO 1 (dispatch -> issuer): {err, has_ad, ad_full, ad_star, msg_full, msg_star,
// slot, tag_len, id}
localparam integer M1_W = 4 + 1 + BLK_W + 1 + BLK_W + 1 + SLOT_W + 5 + ID_W;
wire              m1_s_ready, m1_m_valid, m1_m_ready;
wire [M1_W-1:0]   m1_m_data;

wire       d_slot_ok  = eng_valid[d_slot];
wire       d_is_err   = (d_err != 4'd0) || !d_slot_ok;
wire [3:0] d_code     = (d_err != 4'd0) ? d_err : ERR_SLOT;
wire       d_wait     = (d_err == 4'd0) && (slot_hold[d_slot]
                        || (d_slot_ok && (!nc_s_ready || inflight[d_slot] == 8'hff)));
wire       disp_go    = d_valid && m1_s_ready && !d_wait;
wire       disp_count = disp_go && !d_is_err;      // a message of d_slot enters the engine
assign d_ready = disp_go;

wire [M1_W-1:0] m1_s_data = {d_is_err ? d_code : 4'd0, d_ad_len != 32'd0,
                             d_ad_len[BLK_W+3:4], d_ad_len[3:0] != 4'd0,
                             d_msg_len[BLK_W+3:4], d_msg_len[3:0] != 4'd0,
                             d_slot, d_tag_len, d_id};

lc_fifo #(.WIDTH(M1_W), .DEPTH(16)) u_m1 (
    .clk(clk), .rst(rst),
    .s_data(m1_s_data), .s_valid(disp_go), .s_ready(m1_s_ready),
    .m_data(m1_m_data), .m_valid(m1_m_valid), .m_ready(m1_m_ready),
    .m_valid_next(), .count()
);

/* verilator lint_off UNUSEDSIGNAL */
wire [31:0] nc_hits, nc_misses;
/* verilator lint_on UNUSEDSIGNAL */
wire        nc_flush = key_go;

ocb3_nonce #(.NSLOTS(NSLOTS), .USER_W(1), .DEPTH(16), .COUNT_W(32)) u_nonce (
    .clk(clk), .rst(rst),
    .s_nonce(d_nonce), .s_nonce_len(d_nonce_len[3:0]), .s_taglen(d_tag_len), .s_slot(d_slot),
    .s_user(1'b0), .s_valid(disp_count), .s_ready(nc_s_ready),
    .e_top(nc_e_top), .e_slot(nc_e_slot), .e_valid(nc_e_valid), .e_ready(nc_e_ready),
    .k_ktop(nc_k_ktop), .k_valid(nc_k_valid), .k_ready(nc_k_ready),
    .m_offset0(nu_offset0), .m_user(), .m_valid(nu_m_valid), .m_ready(nu_m_ready),
    .flush_valid(nc_flush), .flush_slot(s_key_slot),
    .hits(nc_hits), .misses(nc_misses)
);

// Offset0 answers pass a two-entry slice (u_nq): the nonce unit's output stages advance with
// their m_ready, and its Ktop answer ready with them, so without it the issuer's decision on the
// message FIFO's head would run on into the nonce unit and the Ktop answer count. Its ready is a
// registered flag.
lc_fifo #(.WIDTH(128), .DEPTH(2)) u_nq (
    .clk(clk), .rst(rst),
    .s_data(nu_offset0), .s_valid(nu_m_valid), .s_ready(nu_m_ready),
    .m_data(nc_offset0), .m_valid(nc_m_valid), .m_ready(nc_m_ready),
    .m_valid_next(), .count()
);

// ================================================================== issuer
wire [3:0]        h1_err     = m1_m_data[M1_W-1 -: 4];
wire              h1_has_ad  = m1_m_data[M1_W-5];
wire [BLK_W-1:0]  h1_ad_full = m1_m_data[M1_W-6 -: BLK_W];
wire              h1_ad_star = m1_m_data[M1_W-6-BLK_W];
wire [BLK_W-1:0]  h1_ms_full = m1_m_data[M1_W-7-BLK_W -: BLK_W];
wire              h1_ms_star = m1_m_data[M1_W-7-2*BLK_W];
wire [SLOT_W+5+ID_W-1:0] h1_rest = m1_m_data[SLOT_W+5+ID_W-1:0];
wire [SLOT_W-1:0] h1_slot    = h1_rest[5+ID_W +: SLOT_W];

// message FIFO 2 (issuer -> beat engine): {err, has_ad, slot, tag_len, id}
localparam integer M2_W = 4 + 1 + SLOT_W + 5 + ID_W;
wire              m2_s_ready, m2_m_valid, m2_m_ready;
wire [M2_W-1:0]   m2_m_data;

wire              of_s_ready;
reg               ad_sent;
wire              is_err1  = (h1_err != 4'd0);
wire              iss_ad   = m1_m_valid && !is_err1 && h1_has_ad && !ad_sent;
wire              iss_msg  = m1_m_valid && !is_err1 && !iss_ad && nc_m_valid && m2_s_ready;
wire              of_s_valid = iss_ad || iss_msg;
wire              iss_err  = m1_m_valid && is_err1 && m2_s_ready;
wire              iss_msg_go = iss_msg && of_s_ready;
assign m1_m_ready = iss_err || iss_msg_go;
assign nc_m_ready = iss_msg_go;

always @(posedge clk) begin
    if (rst)                      ad_sent <= 1'b0;
    else if (iss_ad && of_s_ready) ad_sent <= 1'b1;
    else if (iss_msg_go)          ad_sent <= 1'b0;
end

wire [M2_W-1:0] m2_s_data = {h1_err, h1_has_ad, h1_rest};
lc_fifo #(.WIDTH(M2_W), .DEPTH(4)) u_m2 (
    .clk(clk), .rst(rst),
    .s_data(m2_s_data), .s_valid(iss_err || iss_msg_go), .s_ready(m2_s_ready),
    .m_data(m2_m_data), .m_valid(m2_m_valid), .m_ready(m2_m_ready),
    .m_valid_next(), .count()
);

// ================================================================== offsets
wire [128*N-1:0]  of_offset;
/* verilator lint_off UNUSEDSIGNAL */
wire [N-1:0]      of_keep;
wire              of_star;
wire              of_user;
/* verilator lint_on UNUSEDSIGNAL */
wire              of_last;
wire [127:0]      of_offset_star, of_offset_tag;
wire              of_valid, of_ready;

// Offset commands pass a two-entry slice (u_ofq): the offsets' s_ready follows their m_ready in
// the same clock, so without it the beat engine's decisions would run on through the issuer
// into the nonce unit and the Ktop answer FIFO. Its ready is a registered flag.
localparam integer OQC_W = SLOT_W + 128 + BLK_W + 2;
wire [SLOT_W-1:0] oq_slot;
wire [127:0]      oq_offset0;
wire [BLK_W-1:0]  oq_blocks;
wire              oq_star, oq_user, oq_valid, oq_ready;
lc_fifo #(.WIDTH(OQC_W), .DEPTH(2)) u_ofq (
    .clk(clk), .rst(rst),
    .s_data({h1_slot, iss_msg ? nc_offset0 : 128'd0, iss_msg ? h1_ms_full : h1_ad_full,
             iss_msg ? h1_ms_star : h1_ad_star, iss_msg}),
    .s_valid(of_s_valid), .s_ready(of_s_ready),
    .m_data({oq_slot, oq_offset0, oq_blocks, oq_star, oq_user}),
    .m_valid(oq_valid), .m_ready(oq_ready),
    .m_valid_next(), .count()
);

ocb3_offset_gen #(.N(N), .NSLOTS(NSLOTS), .LMAX(LMAX), .USER_W(1)) u_offsets (
    .clk(clk), .rst(rst),
    .s_lstar_tdata(fw_out_data[127:0]), .s_lstar_slot(kslot), .s_lstar_tvalid(lt_lstar_valid),
    .s_lstar_tready(lt_lstar_ready), .slot_ready(lt_ready),
    .s_slot(oq_slot), .s_offset0(oq_offset0),
    .s_blocks(oq_blocks), .s_star(oq_star),
    .s_user(oq_user), .s_valid(oq_valid), .s_ready(oq_ready),
    .m_offset(of_offset), .m_keep(of_keep), .m_last(of_last), .m_star(of_star),
    .m_offset_star(of_offset_star), .m_offset_tag(of_offset_tag), .m_user(of_user),
    .m_valid(of_valid), .m_ready(of_ready)
);

// ================================================================== beat engine
wire [3:0]        h2_err    = m2_m_data[M2_W-1 -: 4];
wire              h2_has_ad = m2_m_data[M2_W-5];
wire [SLOT_W-1:0] h2_slot   = m2_m_data[5+ID_W +: SLOT_W];
wire [4:0]        h2_tlen   = m2_m_data[ID_W +: 5];
wire [ID_W-1:0]   h2_id     = m2_m_data[ID_W-1:0];

// side FIFO entry: {type, last, code, tlen, slot, counted, sum_taken, part, bytes, aux, mask}
localparam integer AUX_W = DECRYPT ? 128 : 1;
localparam integer SD_W  = 2 + 1 + 4 + 5 + SLOT_W + 1 + 1 + 1 + BYTES_W + ID_W + AUX_W + 128*N;
wire              sd_s_ready, sd_m_valid;
wire              sd_m_ready;
wire [SD_W-1:0]   sd_m_data;
reg               sd_s_valid;
reg  [1:0]        se_type;
reg               se_last;
reg  [3:0]        se_code;
reg               se_counted;
reg               se_part;
reg  [BYTES_W-1:0] se_bytes;
reg  [AUX_W-1:0]  se_aux;
reg  [128*N-1:0]  se_mask;
reg               sum_taken;            // decrypt: this message holds a Sum FIFO credit
wire [SD_W-1:0]   sd_s_data = {se_type, se_last, se_code, h2_tlen, h2_slot, se_counted,
                               sum_taken, se_part, se_bytes, h2_id, se_aux, se_mask};

wire [SD_W-1:0]   sq_data;
wire              sq_valid, sq_ready;
lc_fifo #(.WIDTH(SD_W), .DEPTH(SIDE_DEPTH)) u_side (
    .clk(clk), .rst(rst),
    .s_data(sd_s_data), .s_valid(sd_s_valid), .s_ready(sd_s_ready),
    .m_data(sq_data), .m_valid(sq_valid), .m_ready(sq_ready),
    .m_valid_next(), .count()
);

// Side slice: two entries in flops after the side FIFO, so the output stage reads its entry
// from registers it can sit next to rather than through the distributed RAM's asynchronous
// read, which the placer spreads out with the FIFO: without the slice, the worst path of the
// two-lane Serpent point runs from the RAM's read address through 7 LUT levels and a 106-tile
// hop into the output slice. The lanes' latency hides the slice's clock: an entry waits in it
// for its lane beat.
lc_fifo #(.WIDTH(SD_W), .DEPTH(2)) u_sq (
    .clk(clk), .rst(rst),
    .s_data(sq_data), .s_valid(sq_valid), .s_ready(sq_ready),
    .m_data(sd_m_data), .m_valid(sd_m_valid), .m_ready(sd_m_ready),
    .m_valid_next(), .count()
);

// per-beat values
wire [BYTES_W-5:0] nfull = b_bytes[BYTES_W-1:4];     // full blocks in the beat
wire               bpart = (b_bytes[3:0] != 4'd0);   // a partial block in lane nfull
reg  [128*N-1:0]   padbits;                          // the 1 of 10* at byte b_bytes
always @* begin
    for (i = 0; i < NB; i = i + 1) begin
        padbits[128*(i/16) + 127 - 8*(i%16) -: 8]  = (bpart && b_bytes == i[BYTES_W-1:0])
                                                     ? 8'h80 : 8'h00;
    end
end
wire [128*N-1:0] b_pad = b_data | padbits;

// beat engine state
localparam [1:0] B_BEAT = 2'd0, B_TAG = 2'd1, B_DRAIN = 2'd2;
reg  [1:0]        bst;
reg               started;
reg               ad_pend_r, ms_pend_r;
wire              ad_pend = started ? ad_pend_r : h2_has_ad;
wire              ms_pend = started ? ms_pend_r : 1'b1;
reg  [127:0]      saved_star, saved_tag;
reg  [127:0]      checksum;             // encrypt
reg  [3:0]        drain_code;
reg               ad_last_sent;         // decrypt: the AD Sum of this message is closed

wire              pend_now  = (b_kind == KIND_AD) ? ad_pend : ms_pend;
wire [127:0]      star_now  = pend_now ? of_offset_star : saved_star;

// lane offsets of the beat: full lanes from the offsets beat, the partial lane Offset_*
reg  [128*N-1:0]  lane_off;
always @* begin
    for (q = 0; q < N; q = q + 1)
        lane_off[128*q +: 128] = (q < nfull) ? of_offset[128*q +: 128] : star_now;
end
reg  [128*N-1:0]  lane_xmask;           // what the output xors in: Offset_i, or C*/P* itself
always @* begin
    for (q = 0; q < N; q = q + 1)
        lane_xmask[128*q +: 128] = (q < nfull) ? of_offset[128*q +: 128] : b_data[128*q +: 128];
end
reg  [127:0]      beat_sum;             // xor of the beat's padded lanes (checksum)
always @* begin
    beat_sum = 128'd0;
    for (q = 0; q < N; q = q + 1) beat_sum = beat_sum ^ b_pad[128*q +: 128];
end

// encrypt lane inputs: AD blocks (10*-padded) xor their offsets; message blocks xor their
// offsets, a partial block's lane the pad call E(Offset_*)
// (decrypt: enc_ad_in feeds the AD queue; enc_msg_in is unused but for lane 0)
wire [128*N-1:0] enc_ad_in = b_pad ^ lane_off;
/* verilator lint_off UNUSEDSIGNAL */
reg  [128*N-1:0] enc_msg_in;
/* verilator lint_on UNUSEDSIGNAL */
always @* begin
    for (q = 0; q < N; q = q + 1)
        enc_msg_in[128*q +: 128] = (q < nfull) ? b_data[128*q +: 128] ^ lane_off[128*q +: 128]
                                               : lane_off[128*q +: 128];
end
/* verilator lint_off UNUSEDSIGNAL */        // encrypt: AUX_W = 1 (no tag offset in the side)
wire [127:0]     tag_off_now = ms_pend ? of_offset_tag : saved_tag;
/* verilator lint_on UNUSEDSIGNAL */

// decrypt: the AD lane sent this clock and the number of blocks in the beat
wire [BYTES_W-4:0] nblk    = {1'b0, nfull} + {{(BYTES_W-4){1'b0}}, bpart};

// decrypt: AD beats wait in a queue for the one forward lane, which takes them a block per
// clock (the beat engine moves on to the message's blocks meanwhile). Entry: {slot, last of
// the message's AD, nul (a closing call whose result is not added), blocks, the lane inputs}
localparam integer AQ_W = SLOT_W + 2 + (BYTES_W - 3) + 128 * N;
reg               aq_push;
reg  [AQ_W-1:0]   aq_s_data;
wire              aq_s_ready;
wire              ser_req;              // the queue's head wants the forward lane
wire [127:0]      ser_data;
wire [UW-1:0]     ser_user;
wire [SLOT_W-1:0] ser_slot;
wire              g_ser;
wire              adl_grant;            // decrypt: the last AD call of a message is granted

// credits
// The Sum and pending-status FIFOs hold the messages between their first AD call and their
// status (two lane latencies and the output stage when decrypting): 32 keep short messages
// streaming.
localparam integer KF_DEPTH = 8, PADF_DEPTH = 4, SUMF_DEPTH = 32, PEND_DEPTH = 32;
reg  [4:0]        k_out;                // Ktop calls not yet taken by the nonce unit
reg  [3:0]        pad_out;              // pad calls not yet used by the output stage
reg  [6:0]        sum_out;              // Sum credits held
wire              k_cred   = (k_out < KF_DEPTH[4:0]);
wire              pad_cred = (pad_out < PADF_DEPTH[3:0]);
wire              sum_cred = (sum_out < SUMF_DEPTH[6:0]);

// forward-lane arbitration: back-end tag (decrypt) > L_* > Ktop > AD queue (decrypt) > beat
// engine
wire              bk_req;               // decrypt back end's tag call
wire [127:0]      bk_data;
wire [SLOT_W-1:0] bk_slot;
wire              be_fw_req;            // beat engine's forward call
reg  [128*FW-1:0] be_fw_data;
reg  [UW-1:0]     be_fw_user;
wire              kt_req   = nc_e_valid && k_cred;
wire              g_bk     = bk_req;
wire              g_k      = !g_bk && k_req;
wire              g_kt     = !g_bk && !k_req && kt_req;
assign            g_ser    = !g_bk && !k_req && !kt_req && ser_req;
wire              g_be     = !g_bk && !k_req && !kt_req && !ser_req && be_fw_req;
assign fw_in_valid = g_bk || g_k || g_kt || g_be || g_ser;
reg [128*FW-1:0] fw_in_mux;
always @* begin
    fw_in_mux = {128*FW{1'b0}};
    if (g_bk)      fw_in_mux[127:0] = bk_data;
    else if (g_kt) fw_in_mux[127:0] = nc_e_top;
    else if (g_ser) fw_in_mux[127:0] = ser_data;
    else if (!g_k) fw_in_mux = be_fw_data;
end
assign fw_in_data  = fw_in_mux;
assign fw_in_slot  = g_bk ? bk_slot : g_k ? kslot : g_kt ? nc_e_slot : g_ser ? ser_slot
                   : h2_slot;
assign fw_in_user  = g_bk ? {T_TAG, 2'b00} : g_k ? {T_LSTAR, 2'b00}
                   : g_kt ? {T_KTOP, 2'b00} : g_ser ? ser_user : be_fw_user;
assign k_grant    = g_k && fw_in_ready;
assign nc_e_ready = g_kt && fw_in_ready;
wire   bk_grant   = g_bk && fw_in_ready;
wire   ser_grant  = g_ser && fw_in_ready;

generate
if (DECRYPT) begin : g_adq
    wire [AQ_W-1:0]   aq_m_data;
    wire              aq_m_valid;
    reg  [BYTES_W-5:0] sub;             // the head's block being sent
    wire [SLOT_W-1:0] a_slot = aq_m_data[AQ_W-1 -: SLOT_W];
    wire              a_last = aq_m_data[AQ_W-1-SLOT_W];
    wire              a_nul  = aq_m_data[AQ_W-2-SLOT_W];
    wire [BYTES_W-4:0] a_nblk = aq_m_data[128*N +: BYTES_W-3];
    wire              a_lst  = ({1'b0, sub} + 1'b1 == a_nblk);
    reg  [127:0]      a_lane;
    always @* begin
        a_lane = 128'd0;
        for (q = 0; q < N; q = q + 1)
            if (sub == q[BYTES_W-5:0]) a_lane = aq_m_data[128*q +: 128];
    end
    lc_fifo #(.WIDTH(AQ_W), .DEPTH(4)) u_adq (
        .clk(clk), .rst(rst),
        .s_data(aq_s_data), .s_valid(aq_push), .s_ready(aq_s_ready),
        .m_data(aq_m_data), .m_valid(aq_m_valid), .m_ready(ser_grant && a_lst),
        .m_valid_next(), .count()
    );
    always @(posedge clk) begin
        if (rst)            sub <= {(BYTES_W-4){1'b0}};
        else if (ser_grant) sub <= a_lst ? {(BYTES_W-4){1'b0}} : sub + 1'b1;
    end
    assign ser_req  = aq_m_valid;
    assign ser_data = a_lane;
    assign ser_user = {T_AD, a_last && a_lst, a_nul};
    assign ser_slot = a_slot;
    assign adl_grant = ser_grant && a_last && a_lst;
end else begin : g_no_adq
    assign aq_s_ready = 1'b0;
    assign ser_req    = 1'b0;
    assign ser_data   = 128'd0;
    assign ser_user   = {UW{1'b0}};
    assign ser_slot   = {SLOT_W{1'b0}};
    assign adl_grant  = 1'b0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_aq = ^aq_s_data ^ aq_push ^ ser_grant;
    /* verilator lint_on UNUSEDSIGNAL */
end
endgenerate
wire   be_fw_ok   = !g_bk && !k_req && !kt_req && !ser_req && fw_in_ready;   // the beat engine may call

// beat engine decisions
reg  be_b_ready, be_of_ready, be_m2_pop, be_fw_valid, be_iv_valid;
reg  be_ad_call;                         // decrypt: an AD beat queued (for sum_taken)
reg  be_ad_mark;                         // decrypt: the closing AD call queued
reg  be_pad_call;
reg  tag_go;                             // encrypt: the tag call is issued
always @* begin
    be_b_ready  = 1'b0;
    be_of_ready = 1'b0;
    be_m2_pop   = 1'b0;
    be_fw_valid = 1'b0;
    be_iv_valid = 1'b0;
    be_ad_call  = 1'b0;
    be_ad_mark  = 1'b0;
    aq_push     = 1'b0;
    aq_s_data   = {h2_slot, b_last, 1'b0, nblk, enc_ad_in};
    be_pad_call = 1'b0;
    tag_go      = 1'b0;
    sd_s_valid  = 1'b0;
    se_type     = E_END;
    se_last     = 1'b0;
    se_code     = 4'd0;
    se_counted  = 1'b1;
    se_part     = 1'b0;
    se_bytes    = b_bytes;
    se_aux      = {AUX_W{1'b0}};
    se_mask     = lane_xmask;
    be_fw_data  = {128*FW{1'b0}};
    be_fw_user  = {T_DATA, 2'b00};
    if (m2_m_valid) begin
        if (bst == B_DRAIN) begin
            if (ad_pend || ms_pend) begin
                be_of_ready = of_valid;
            end else if (DECRYPT && sum_taken && !ad_last_sent) begin
                // close this message's AD Sum with a call whose result is not added
                aq_s_data  = {h2_slot, 1'b1, 1'b1, {{(BYTES_W-4){1'b0}}, 1'b1}, {128*N{1'b0}}};
                aq_push    = 1'b1;
                be_ad_mark = aq_s_ready;
            end else begin
                se_type    = E_END;
                se_code    = drain_code;
                sd_s_valid = 1'b1;
                be_m2_pop  = sd_s_ready;
            end
        end else if (!DECRYPT && bst == B_TAG) begin
            // tag call: Checksum xor Offset_m [xor L_*] xor L_$ (lane 0)
            be_fw_data[127:0] = checksum ^ (ms_pend ? of_offset_tag : saved_tag);
            be_fw_valid = sd_s_ready && (!ms_pend || of_valid);
            se_type     = E_TAG;
            sd_s_valid  = be_fw_valid && be_fw_ok;
            be_of_ready = ms_pend && sd_s_valid;
            tag_go      = sd_s_valid;
            be_m2_pop   = sd_s_valid;
        end else if (b_valid) begin
            if (h2_err != 4'd0) begin
                // descriptor error or empty slot: drop the beats, status at the end
                se_type    = E_END;
                se_code    = h2_err;
                se_counted = 1'b0;
                sd_s_valid = b_eom;
                be_b_ready = !b_eom || sd_s_ready;
                be_m2_pop  = b_eom && sd_s_ready;
            end else if (b_eom && b_err != 4'd0) begin
                be_b_ready = 1'b1;                        // to B_DRAIN
            end else if (b_kind == KIND_AD && !DECRYPT) begin
                be_fw_data  = enc_ad_in[128*FW-1:0];
                be_fw_valid = sd_s_ready && (!ad_pend || of_valid);
                se_type     = E_AD;
                sd_s_valid  = be_fw_valid && be_fw_ok;
                be_b_ready  = sd_s_valid;
                be_of_ready = ad_pend && sd_s_valid;
            end else if (b_kind == KIND_AD) begin
                // decrypt: the beat's blocks to the AD queue
                aq_push     = (!ad_pend || of_valid) && (sum_taken || sum_cred);
                be_ad_call  = aq_push && aq_s_ready;
                be_b_ready  = be_ad_call;
                be_of_ready = ad_pend && be_ad_call;
            end else if (b_kind == KIND_MSG && b_bytes == {BYTES_W{1'b0}}) begin
                // a message with no data parts (encrypt): the tag call at once
                if (!DECRYPT) begin
                    be_fw_data[127:0] = ms_pend ? of_offset_tag : saved_tag;
                    be_fw_valid = sd_s_ready && (!ms_pend || of_valid);
                    se_type     = E_TAG;
                    sd_s_valid  = be_fw_valid && be_fw_ok;
                    be_of_ready = ms_pend && sd_s_valid;
                    be_b_ready  = sd_s_valid;
                    tag_go      = sd_s_valid;
                    be_m2_pop   = sd_s_valid;
                end else begin
                    be_b_ready = 1'b1;                    // never sent by the ingress
                end
            end else if (b_kind == KIND_MSG && !DECRYPT) begin
                be_fw_data  = enc_msg_in[128*FW-1:0];
                be_fw_valid = sd_s_ready && (!ms_pend || of_valid);
                se_type     = E_MSG;
                sd_s_valid  = be_fw_valid && be_fw_ok;
                be_b_ready  = sd_s_valid;
                be_of_ready = ms_pend && sd_s_valid;
            end else if (b_kind == KIND_MSG) begin
                // decrypt: full blocks to the inverse lanes, a partial block's pad forward
                be_fw_data[127:0] = star_now;
                be_fw_user  = {T_PAD, 2'b00};
                be_iv_valid = sd_s_ready && (!ms_pend || of_valid) && iv_in_ready
                              && (!bpart || (be_fw_ok && pad_cred));
                be_fw_valid = bpart && be_iv_valid;
                be_pad_call = be_fw_valid;
                se_type     = E_MSG;
                se_last     = b_last;
                se_part     = bpart;
                sd_s_valid  = be_iv_valid;
                be_b_ready  = sd_s_valid;
                be_of_ready = ms_pend && sd_s_valid;
            end else begin
                // decrypt: the received tag, with the tag offset, to the output side
                se_type     = E_TAG;
                se_aux      = tag_off_now[AUX_W-1:0];
                se_mask     = b_data;
                sd_s_valid  = sd_s_ready && (!ms_pend || of_valid);
                be_b_ready  = sd_s_valid;
                be_of_ready = ms_pend && sd_s_valid;
                be_m2_pop   = sd_s_valid;
            end
        end
    end
end
assign be_fw_req   = be_fw_valid;
assign b_ready     = be_b_ready;
assign of_ready    = be_of_ready;
assign m2_m_ready  = be_m2_pop;
assign iv_in_valid = be_iv_valid;
assign iv_in_data  = b_data ^ of_offset;
assign iv_in_slot  = h2_slot;

always @(posedge clk) begin
    if (rst) begin
        bst          <= B_BEAT;
        started      <= 1'b0;
        ad_pend_r    <= 1'b0;
        ms_pend_r    <= 1'b0;
        checksum     <= 128'd0;
        sum_taken    <= 1'b0;
        ad_last_sent <= 1'b0;
        drain_code   <= 4'd0;
    end else begin
        // per-message state follows the offsets beats taken
        if (of_valid && of_ready) begin
            started <= 1'b1;
            if (ad_pend) begin
                ad_pend_r <= !of_last;
                ms_pend_r <= ms_pend;
            end else begin
                ad_pend_r <= 1'b0;
                ms_pend_r <= !of_last;
            end
        end else if (!started && m2_m_valid && (b_valid && b_ready || be_ad_call)) begin
            started   <= 1'b1;
            ad_pend_r <= ad_pend;
            ms_pend_r <= ms_pend;
        end
        if (b_valid && b_ready && b_eom && b_err != 4'd0 && h2_err == 4'd0 && bst == B_BEAT) begin
            bst        <= B_DRAIN;
            drain_code <= b_err;
            started    <= 1'b1;
            ad_pend_r  <= ad_pend;
            ms_pend_r  <= ms_pend;
        end
        if (!DECRYPT && b_valid && b_ready && b_kind == KIND_MSG && b_last && b_bytes != 0
            && bst == B_BEAT && h2_err == 4'd0 && b_err == 4'd0)
            bst <= B_TAG;
        if (!DECRYPT && b_valid && b_ready && b_kind == KIND_AD && b_eom && b_err == 4'd0
            && bst == B_BEAT && h2_err == 4'd0)
            bst <= B_TAG;
        if (!DECRYPT && b_valid && b_ready && b_kind == KIND_MSG && b_err == 4'd0
            && b_bytes != 0 && bst == B_BEAT && h2_err == 4'd0)
            checksum <= checksum ^ beat_sum;
        if (be_ad_call) begin
            sum_taken <= 1'b1;
            if (b_last) ad_last_sent <= 1'b1;
        end
        if (be_ad_mark) ad_last_sent <= 1'b1;
        if (m2_m_valid && m2_m_ready) begin
            bst          <= B_BEAT;
            started      <= 1'b0;
            checksum     <= 128'd0;
            sum_taken    <= 1'b0;
            ad_last_sent <= 1'b0;
            end
        if (of_valid && of_ready && of_last) begin
            saved_star <= of_offset_star;
            saved_tag  <= of_offset_tag;
        end
    end
end

// ================================================================== lanes
wire [NSLOTS-1:0] fw_loading, iv_loading;
/* verilator lint_off UNUSEDSIGNAL */
wire              fw_err, iv_err;
wire              iv_user;
/* verilator lint_on UNUSEDSIGNAL */

// Register slices in front of the lanes: the AND of the lanes' credit checks (spread over the
// device) reaches the arbitration and the beat engine from flops. Key loads cannot overtake a
// call in a slice: a slot is loaded only when none of its messages is in flight (inflight).
localparam integer FS_W = 128 * FW + SLOT_W + UW;
wire [FS_W-1:0]   fl_data;
wire              fl_valid, fl_ready;
lc_fifo #(.WIDTH(FS_W), .DEPTH(2)) u_fwslice (
    .clk(clk), .rst(rst),
    .s_data({fw_in_data, fw_in_slot, fw_in_user}), .s_valid(fw_in_valid), .s_ready(fw_in_ready),
    .m_data(fl_data), .m_valid(fl_valid), .m_ready(fl_ready), .m_valid_next(), .count()
);

cipher_lanes #(.CIPHER(CIPHER), .KEY_BITS(KEY_BITS), .DECRYPT(0), .LANES(FW), .NSLOTS(NSLOTS),
               .USER_WIDTH(UW)) u_fwd (
    .clk(clk), .rst(rst),
    .s_key_tdata(s_key_tdata), .s_key_slot(s_key_slot), .s_key_tvalid(key_go),
    .s_key_tready(fw_key_ready),
    .s_axis_tdata(fl_data[FS_W-1 -: 128*FW]), .s_axis_tslot(fl_data[UW +: SLOT_W]),
    .s_axis_tuser(fl_data[UW-1:0]), .s_axis_tvalid(fl_valid), .s_axis_tready(fl_ready),
    .m_axis_tdata(fw_out_data), .m_axis_tuser(fw_out_user), .m_axis_terr(fw_err),
    .m_axis_tvalid(fw_out_valid), .m_axis_tready(fw_out_ready),
    .slot_valid(fw_slot_valid), .slot_loading(fw_loading)
);

generate
if (DECRYPT) begin : g_inv
    wire [128*N+SLOT_W-1:0] il_data;
    wire                    il_valid, il_ready;
    lc_fifo #(.WIDTH(128 * N + SLOT_W), .DEPTH(2)) u_ivslice (
        .clk(clk), .rst(rst),
        .s_data({iv_in_data, iv_in_slot}), .s_valid(iv_in_valid), .s_ready(iv_in_ready),
        .m_data(il_data), .m_valid(il_valid), .m_ready(il_ready), .m_valid_next(), .count()
    );
    cipher_lanes #(.CIPHER(CIPHER), .KEY_BITS(KEY_BITS), .DECRYPT(1), .LANES(N),
                   .NSLOTS(NSLOTS), .USER_WIDTH(1)) u_inv (
        .clk(clk), .rst(rst),
        .s_key_tdata(s_key_tdata), .s_key_slot(s_key_slot), .s_key_tvalid(key_go),
        .s_key_tready(iv_key_ready),
        .s_axis_tdata(il_data[SLOT_W +: 128*N]), .s_axis_tslot(il_data[SLOT_W-1:0]),
        .s_axis_tuser(1'b0), .s_axis_tvalid(il_valid), .s_axis_tready(il_ready),
        .m_axis_tdata(iv_out_data), .m_axis_tuser(iv_user), .m_axis_terr(iv_err),
        .m_axis_tvalid(iv_out_valid), .m_axis_tready(iv_out_ready),
        .slot_valid(iv_slot_valid), .slot_loading(iv_loading)
    );
end else begin : g_no_inv
    assign iv_key_ready  = 1'b1;
    assign iv_in_ready   = 1'b0;
    assign iv_out_data   = {128*N{1'b0}};
    assign iv_out_valid  = 1'b0;
    assign iv_slot_valid = {NSLOTS{1'b1}};
    assign iv_loading    = {NSLOTS{1'b0}};
    assign iv_err        = 1'b0;
    assign iv_user       = 1'b0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_iv = ^iv_in_data ^ ^iv_in_slot ^ iv_in_valid ^ iv_out_ready;
    /* verilator lint_on UNUSEDSIGNAL */
end
endgenerate

/* verilator lint_off UNUSEDSIGNAL */
wire unused_loading = ^fw_loading ^ ^iv_loading;
/* verilator lint_on UNUSEDSIGNAL */

// ================================================================== forward results
wire [2:0] fo_type = fw_out_user[4:2];
wire       fo_last = fw_out_user[1];
wire       fo_nul  = fw_out_user[0];

// Ktop answers: a FIFO the credit counter keeps from overflowing
wire kf_s_ready;
wire kf_push = fw_out_valid && (fo_type == T_KTOP);
lc_fifo #(.WIDTH(128), .DEPTH(KF_DEPTH)) u_kf (
    .clk(clk), .rst(rst),
    .s_data(fw_out_data[127:0]), .s_valid(kf_push), .s_ready(kf_s_ready),
    .m_data(nc_k_ktop), .m_valid(nc_k_valid), .m_ready(nc_k_ready),
    .m_valid_next(), .count()
);
always @(posedge clk) begin
    if (rst) k_out <= 5'd0;
    else     k_out <= k_out + ((g_kt && fw_in_ready) ? 5'd1 : 5'd0)
                            - ((nc_k_valid && nc_k_ready) ? 5'd1 : 5'd0);
end

assign lt_lstar_valid = fw_out_valid && (fo_type == T_LSTAR);

// ================================================================== output slice
// A two-entry FIFO (u_oq) in front of the output and status streams holds beats, statuses, or
// both (the status of a message follows its last beat); an entry moves on when its parts are
// taken. The output stage writes into it while it has room (o_free, a registered flag), so
// m_axis_tready and m_sts_tready end at the slice and reach none of the cipher lanes' results,
// the checksum or the side FIFO. Decryption writes its statuses into u_sts directly (ds_*),
// beside the slice: a message's status needs its own last beat taken and nothing of a later
// message, so a consumer may wait for status n before it takes the output of message n + 1.
localparam OQ_W = 128 * N + 16 * N + ID_W + 9;
wire [128*N-1:0] o_data;
wire [16*N-1:0]  o_keep;
wire             o_last, o_tag, o_beat, o_sts;
wire [ID_W-1:0]  o_id;
wire [3:0]       o_code;
wire             o_hasd;                // the status's message gave output beats (aead_hold)
wire             o_valid;
wire             st_s_ready;
// the engine's output and status streams, before aead_hold (HOLD = 1) or the ports
wire             i_axis_tready;
wire [3:0]       i_sts_code;
wire [ID_W-1:0]  i_sts_id;
wire             i_sts_hasd;
wire             i_sts_tvalid, i_sts_tready;
wire             o_free;

// output-stage requests to the slice (set in the blocks below)
reg              os_load, os_beat, os_sts, os_last, os_tag, os_hasd;
reg  [128*N-1:0] os_data;
reg  [16*N-1:0]  os_keep;
reg  [ID_W-1:0]  os_id;
reg  [3:0]       os_code;
// decryption's status words (g_dec_out)
reg              ds_valid, ds_hasd;
reg  [3:0]       ds_code;
reg  [ID_W-1:0]  ds_id;

wire o_take = (!o_beat || i_axis_tready) && (!o_sts || st_s_ready);
lc_fifo #(.WIDTH(OQ_W), .DEPTH(2)) u_oq (
    .clk(clk), .rst(rst),
    .s_data({os_beat, os_sts, os_last, os_tag, os_hasd, os_code, os_id, os_keep, os_data}),
    .s_valid(os_load && (os_beat || os_sts)), .s_ready(o_free),
    .m_data({o_beat, o_sts, o_last, o_tag, o_hasd, o_code, o_id, o_keep, o_data}),
    .m_valid(o_valid), .m_ready(o_take),
    .m_valid_next(), .count()
);

// statuses, after the slice
// (a status moves to the FIFO with its beat's handshake; o_take waits for both). Decryption
// never sets o_sts: its statuses come from ds_*.
lc_fifo #(.WIDTH(5 + ID_W), .DEPTH(4)) u_sts (
    .clk(clk), .rst(rst),
    .s_data(ds_valid ? {ds_hasd, ds_code, ds_id} : {o_hasd, o_code, o_id}),
    .s_valid((o_valid && o_sts && (!o_beat || i_axis_tready)) || ds_valid),
    .s_ready(st_s_ready),
    .m_data({i_sts_hasd, i_sts_code, i_sts_id}), .m_valid(i_sts_tvalid),
    .m_ready(i_sts_tready),
    .m_valid_next(), .count()
);
wire i_axis_tvalid = o_valid && o_beat && (!o_sts || st_s_ready);

generate
if (HOLD != 0) begin : g_hold
    aead_hold #(.LANES(N), .ID_W(ID_W), .BYTES(HOLD_BYTES)) u_hold (
        .clk(clk), .rst(rst),
        .s_axis_tdata(o_data), .s_axis_tkeep(o_keep), .s_axis_tlast(o_last),
        .s_axis_ttag(o_tag), .s_axis_tid(o_id), .s_axis_tvalid(i_axis_tvalid),
        .s_axis_tready(i_axis_tready),
        .s_sts_code(i_sts_code), .s_sts_id(i_sts_id), .s_sts_has_data(i_sts_hasd),
        .s_sts_tvalid(i_sts_tvalid), .s_sts_tready(i_sts_tready),
        .m_axis_tdata(m_axis_tdata), .m_axis_tkeep(m_axis_tkeep), .m_axis_tlast(m_axis_tlast),
        .m_axis_ttag(m_axis_ttag), .m_axis_tid(m_axis_tid), .m_axis_tvalid(m_axis_tvalid),
        .m_axis_tready(m_axis_tready),
        .m_sts_code(m_sts_code), .m_sts_id(m_sts_id), .m_sts_tvalid(m_sts_tvalid),
        .m_sts_tready(m_sts_tready)
    );
end else begin : g_direct
    assign m_axis_tdata  = o_data;
    assign m_axis_tkeep  = o_keep;
    assign m_axis_tlast  = o_last;
    assign m_axis_ttag   = o_tag;
    assign m_axis_tid    = o_id;
    assign m_axis_tvalid = i_axis_tvalid;
    assign i_axis_tready = m_axis_tready;
    assign m_sts_code    = i_sts_code;
    assign m_sts_id      = i_sts_id;
    assign m_sts_tvalid  = i_sts_tvalid;
    assign i_sts_tready  = m_sts_tready;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_hasd = i_sts_hasd;
    /* verilator lint_on UNUSEDSIGNAL */
end
endgenerate

// ================================================================== output stage
wire [1:0]        sd_type    = sd_m_data[SD_W-1 -: 2];
wire              sd_last    = sd_m_data[SD_W-3];
wire [3:0]        sd_code    = sd_m_data[SD_W-4 -: 4];
wire [4:0]        sd_tlen    = sd_m_data[SD_W-8 -: 5];
wire [SLOT_W-1:0] sd_slot    = sd_m_data[SD_W-13 -: SLOT_W];
wire              sd_counted = sd_m_data[SD_W-13-SLOT_W];
wire              sd_sumtk   = sd_m_data[SD_W-14-SLOT_W];
wire              sd_part    = sd_m_data[SD_W-15-SLOT_W];
wire [BYTES_W-1:0] sd_bytes  = sd_m_data[SD_W-16-SLOT_W -: BYTES_W];
wire [ID_W-1:0]   sd_id      = sd_m_data[AUX_W + 128*N +: ID_W];
wire [AUX_W-1:0]  sd_aux     = sd_m_data[128*N +: AUX_W];
wire [128*N-1:0]  sd_mask    = sd_m_data[128*N-1:0];

reg  [128*N-1:0]  sd_bytemask;
reg  [16*N-1:0]   sd_keep;
reg  [127:0]      tagmask;
reg  [15:0]       tagkeep;
always @* begin
    for (i = 0; i < NB; i = i + 1) begin
        sd_bytemask[128*(i/16) + 127 - 8*(i%16) -: 8] = (i < sd_bytes) ? 8'hff : 8'h00;
        sd_keep[16*(i/16) + 15 - (i%16)] = (i < sd_bytes);
    end
    for (i = 0; i < 16; i = i + 1) begin
        tagmask[127 - 8*i -: 8] = (i < sd_tlen) ? 8'hff : 8'h00;
        tagkeep[15 - i]         = (i < sd_tlen);
    end
end
// the lanes a beat used (AD Sum): q < ceil(bytes/16)
reg  [128*N-1:0]  sd_lanemask;
always @* begin
    for (q = 0; q < N; q = q + 1)
        sd_lanemask[128*q +: 128] = (16 * q < sd_bytes) ? {128{1'b1}} : 128'd0;
end

reg              out_started;           // a beat of the current message has left
reg              out_closed;            // ... and it had tlast (decrypt)
reg              st_dec;                // a status event: the message leaves the engine
reg [SLOT_W-1:0] st_dec_slot;
reg              sd_pop;

generate
if (!DECRYPT) begin : g_enc_out
    reg [127:0] sum;
    reg [127:0] fo_xor;
    wire        fo_data = fw_out_valid && (fo_type == T_DATA);
    always @* begin
        fo_xor = 128'd0;
        for (q = 0; q < N; q = q + 1)
            fo_xor = fo_xor ^ (fw_out_data[128*q +: 128] & sd_lanemask[128*q +: 128]);
    end
    reg fo_take;
    always @* begin
        os_load = 1'b0; os_beat = 1'b0; os_sts = 1'b0; os_last = 1'b0; os_tag = 1'b0;
        os_hasd = 1'b1;
        os_data = (fw_out_data ^ sd_mask) & sd_bytemask;
        os_keep = sd_keep;
        os_id   = sd_id;
        os_code = ST_OK;
        fo_take = 1'b0;
        sd_pop  = 1'b0;
        st_dec  = 1'b0;
        st_dec_slot = sd_slot;
        ds_valid = 1'b0; ds_hasd = 1'b0; ds_code = ST_OK; ds_id = sd_id;
        if (sd_m_valid) begin
            case (sd_type)
            E_AD: begin
                fo_take = fo_data;
                sd_pop  = fo_data;
            end
            E_MSG: begin
                os_load = fo_data && o_free;
                os_beat = 1'b1;
                fo_take = os_load;
                sd_pop  = os_load;
            end
            E_TAG: begin
                os_load = fo_data && o_free;
                os_beat = 1'b1;
                os_sts  = 1'b1;
                os_last = 1'b1;
                os_tag  = 1'b1;
                os_data = {128*N{1'b0}};
                os_data[127:0] = (fw_out_data[127:0] ^ sum) & tagmask;
                os_keep = {16*N{1'b0}};
                os_keep[15:0] = tagkeep;
                fo_take = os_load;
                sd_pop  = os_load;
                st_dec  = os_load;
            end
            default: begin           // E_END
                os_load = o_free;
                os_beat = out_started;
                os_sts  = 1'b1;
                os_last = 1'b1;
                os_data = {128*N{1'b0}};
                os_keep = {16*N{1'b0}};
                os_code = sd_code;
                os_hasd = out_started;
                sd_pop  = o_free;
                st_dec  = o_free && sd_counted;
            end
            endcase
        end
    end
    assign fw_out_ready = fo_take || (fw_out_valid && fo_type == T_KTOP && kf_s_ready)
                        || (fw_out_valid && fo_type == T_LSTAR && lt_lstar_ready);
    always @(posedge clk) begin
        if (rst) begin
            sum         <= 128'd0;
            out_started <= 1'b0;
        end else if (sd_pop) begin
            if (sd_type == E_AD)  sum <= sum ^ fo_xor;
            if (sd_type == E_MSG) out_started <= 1'b1;
            if (sd_type == E_TAG || sd_type == E_END) begin
                sum         <= 128'd0;
                out_started <= 1'b0;
            end
        end
    end
    always @(posedge clk) out_closed <= 1'b0;
    assign bk_req  = 1'b0;
    assign bk_data = 128'd0;
    assign bk_slot = {SLOT_W{1'b0}};
    assign iv_out_ready = 1'b0;
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_enc = sd_last ^ sd_sumtk ^ sd_part ^ ^sd_aux ^ fo_last ^ fo_nul ^ ^iv_out_data
                    ^ iv_out_valid ^ bk_grant ^ be_ad_call ^ be_pad_call ^ ^pad_out ^ ^sum_out
                    ^ pad_cred ^ sum_cred ^ out_closed ^ tag_go ^ adl_grant;
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk) begin
        pad_out <= 4'd0;
        sum_out <= 7'd0;
    end
end else begin : g_dec_out
    // ---------------------------------------------------------- decrypt output side
    // pads and Sums from the forward lane
    wire         padf_s_ready, padf_valid;
    wire [127:0] padf_data;
    wire         padf_pop;
    wire         sumf_s_ready, sumf_valid;
    wire [127:0] sumf_data;
    wire         sumf_pop;
    reg  [127:0] sum_acc;
    // Order on the forward lane: its results leave in call order and a tag result is taken
    // only with its message's Sum, so a message's tag call must follow the last AD call of
    // that message and of every message before it (the AD queue is below the tag call in the
    // arbitration and may still hold them, e.g. for a message with AD and no ciphertext).
    // ad_ahead: last AD calls granted minus the Sum-holding messages whose E_TAG / E_END
    // has left the side FIFO; E_TAG (its tag call) and E_END wait while it is 0 for a
    // Sum-holding message. It stays in 0 .. SUMF_DEPTH (each counted message holds a credit).
    reg  [6:0]   ad_ahead;
    wire         ad_clear = !sd_sumtk || (ad_ahead != 7'd0);
    wire         fo_ad  = fw_out_valid && (fo_type == T_AD);
    wire         fo_pad = fw_out_valid && (fo_type == T_PAD);
    wire [127:0] fo_adv = fo_nul ? 128'd0 : fw_out_data[127:0];
    lc_fifo #(.WIDTH(128), .DEPTH(PADF_DEPTH)) u_padf (
        .clk(clk), .rst(rst),
        .s_data(fw_out_data[127:0]), .s_valid(fo_pad), .s_ready(padf_s_ready),
        .m_data(padf_data), .m_valid(padf_valid), .m_ready(padf_pop),
        .m_valid_next(), .count()
    );
    lc_fifo #(.WIDTH(128), .DEPTH(SUMF_DEPTH)) u_sumf (
        .clk(clk), .rst(rst),
        .s_data(sum_acc ^ fo_adv), .s_valid(fo_ad && fo_last), .s_ready(sumf_s_ready),
        .m_data(sumf_data), .m_valid(sumf_valid), .m_ready(sumf_pop),
        .m_valid_next(), .count()
    );
    always @(posedge clk) begin
        if (rst) sum_acc <= 128'd0;
        else if (fo_ad && (!fo_last || sumf_s_ready)) sum_acc <= fo_last ? 128'd0 : sum_acc ^ fo_adv;
    end

    // pending statuses: {tag check, code, received tag, tlen, id, slot, counted, sum_taken}
    localparam integer PE_W = 1 + 4 + 128 + 5 + ID_W + SLOT_W + 1 + 1 + 1;
    wire            pe_s_ready, pe_valid;
    wire [PE_W-1:0] pe_data;
    reg             pe_push, pe_chk;
    reg  [3:0]      pe_code;
    wire            pe_pop;
    lc_fifo #(.WIDTH(PE_W), .DEPTH(PEND_DEPTH)) u_pend (
        .clk(clk), .rst(rst),
        .s_data({pe_chk, pe_code, sd_mask[127:0], sd_tlen, sd_id, sd_slot, sd_counted,
                 sd_sumtk, out_started}),
        .s_valid(pe_push), .s_ready(pe_s_ready),
        .m_data(pe_data), .m_valid(pe_valid), .m_ready(pe_pop),
        .m_valid_next(), .count()
    );
    wire              p_chk   = pe_data[PE_W-1];
    wire [3:0]        p_code  = pe_data[PE_W-2 -: 4];
    wire [127:0]      p_tag   = pe_data[PE_W-6 -: 128];
    wire [4:0]        p_tlen  = pe_data[PE_W-134 -: 5];
    wire [ID_W-1:0]   p_id    = pe_data[SLOT_W + 3 +: ID_W];
    wire [SLOT_W-1:0] p_slot  = pe_data[3 +: SLOT_W];
    wire              p_cnt   = pe_data[2];
    wire              p_sumtk = pe_data[1];
    wire              p_hasd  = pe_data[0];
    reg  [127:0]      p_mask;
    always @* for (i = 0; i < 16; i = i + 1) p_mask[127 - 8*i -: 8] = (i < p_tlen) ? 8'hff : 8'h00;

    // status emitter, straight into u_sts: a message with output beats waits until its last
    // beat is taken (owed: such beats taken whose status has not been written)
    reg  [7:0]   owed;
    wire         last_taken = o_valid && o_beat && o_last && i_axis_tready;
    wire         fo_tag  = fw_out_valid && (fo_type == T_TAG);
    wire         em_can  = pe_valid && (!p_sumtk || sumf_valid) && (!p_chk || fo_tag);
    wire         em_go   = em_can && st_s_ready && (!p_hasd || owed != 8'd0);
    wire [127:0] calc    = fw_out_data[127:0] ^ (p_sumtk ? sumf_data : 128'd0);
    wire         mismatch = |((calc ^ p_tag) & p_mask);
    assign pe_pop   = em_go;
    assign sumf_pop = em_go && p_sumtk;

    reg  [127:0] checksum_d;
    reg  [127:0] out_xor;               // xor of the plaintext beat's padded blocks
    reg  [128*N-1:0] plain;
    reg  [128*N-1:0] sd_padbits;
    always @* begin
        for (i = 0; i < NB; i = i + 1)
            sd_padbits[128*(i/16) + 127 - 8*(i%16) -: 8] =
                (sd_bytes[3:0] != 4'd0 && sd_bytes == i[BYTES_W-1:0]) ? 8'h80 : 8'h00;
        for (q = 0; q < N; q = q + 1)
            plain[128*q +: 128] = ((16 * q + 16 <= sd_bytes) ? iv_out_data[128*q +: 128]
                                                             : padf_data)
                                  ^ sd_mask[128*q +: 128];
        plain = plain & sd_bytemask;
        out_xor = 128'd0;
        for (q = 0; q < N; q = q + 1) out_xor = out_xor ^ plain[128*q +: 128]
                                                          ^ sd_padbits[128*q +: 128];
    end

    reg os_iv_take;
    reg os_bk;
    always @* begin
        os_load = 1'b0; os_beat = 1'b0; os_sts = 1'b0; os_last = 1'b0; os_tag = 1'b0;
        os_hasd = p_hasd;
        os_data = plain;
        os_keep = sd_keep;
        os_id   = sd_id;
        os_code = ST_OK;
        os_iv_take = 1'b0;
        os_bk   = 1'b0;
        pe_push = 1'b0;
        pe_chk  = 1'b0;
        pe_code = sd_code;
        sd_pop  = 1'b0;
        st_dec  = em_go && p_cnt;
        st_dec_slot = p_slot;
        ds_valid = em_go;
        ds_hasd = p_hasd;
        ds_code = p_chk ? (mismatch ? ST_AUTH : ST_OK) : p_code;
        ds_id   = p_id;
        if (sd_m_valid) begin
            case (sd_type)
            E_MSG: begin
                os_load    = iv_out_valid && (!sd_part || padf_valid) && o_free;
                os_beat    = 1'b1;
                os_last    = sd_last;
                os_iv_take = os_load;
                sd_pop     = os_load;
            end
            E_TAG: begin
                os_bk   = pe_s_ready && ad_clear;
                pe_push = bk_grant;
                pe_chk  = 1'b1;
                sd_pop  = bk_grant;
            end
            default: begin           // E_END (E_AD is not used when decrypting)
                os_load = o_free && pe_s_ready && ad_clear;
                os_beat = out_started && !out_closed;
                os_last = 1'b1;
                os_data = {128*N{1'b0}};
                os_keep = {16*N{1'b0}};
                pe_push = os_load;
                sd_pop  = os_load;
            end
            endcase
        end
    end
    assign bk_req   = os_bk;
    assign bk_data  = checksum_d ^ sd_aux;
    assign bk_slot  = sd_slot;
    assign padf_pop = os_iv_take && sd_part;
    assign iv_out_ready = os_iv_take;
    assign fw_out_ready = (fo_tag && em_go && p_chk)
                        || (fo_ad && (!fo_last || sumf_s_ready))
                        || (fo_pad && padf_s_ready)
                        || (fw_out_valid && fo_type == T_KTOP && kf_s_ready)
                        || (fw_out_valid && fo_type == T_LSTAR && lt_lstar_ready);

    always @(posedge clk) begin
        if (rst) begin
            checksum_d  <= 128'd0;
            out_started <= 1'b0;
            out_closed  <= 1'b0;
            pad_out     <= 4'd0;
            sum_out     <= 7'd0;
            ad_ahead    <= 7'd0;
            owed        <= 8'd0;
        end else begin
            owed <= owed + (last_taken ? 8'd1 : 8'd0) - ((em_go && p_hasd) ? 8'd1 : 8'd0);
            if (os_iv_take) begin
                checksum_d  <= checksum_d ^ out_xor;
                out_started <= 1'b1;
                if (sd_last) out_closed <= 1'b1;
            end
            if (sd_pop && (sd_type == E_TAG || sd_type == E_END)) begin
                checksum_d  <= 128'd0;
                out_started <= 1'b0;
                out_closed  <= 1'b0;
            end
            pad_out <= pad_out + (be_pad_call ? 4'd1 : 4'd0)
                               - (padf_pop ? 4'd1 : 4'd0);
            sum_out <= sum_out + ((be_ad_call && !sum_taken) ? 7'd1 : 7'd0)
                               - (sumf_pop ? 7'd1 : 7'd0);
            ad_ahead <= ad_ahead + (adl_grant ? 7'd1 : 7'd0)
                                 - ((sd_pop && sd_sumtk && (sd_type == E_TAG || sd_type == E_END))
                                    ? 7'd1 : 7'd0);
        end
    end
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_dec = ^sd_lanemask ^ tag_go ^ ^tagmask ^ ^tagkeep;
    /* verilator lint_on UNUSEDSIGNAL */
end
endgenerate

assign sd_m_ready = sd_pop;

// in-flight messages per slot
always @(posedge clk) begin
    for (i = 0; i < NSLOTS; i = i + 1) begin
        if (rst)
            inflight[i] <= 8'd0;
        else
            inflight[i] <= inflight[i]
                + ((disp_count && d_slot == i[SLOT_W-1:0]) ? 8'd1 : 8'd0)
                - ((st_dec && st_dec_slot == i[SLOT_W-1:0]) ? 8'd1 : 8'd0);
    end
end

endmodule
/* verilator lint_on PINCONNECTEMPTY */

`default_nettype wire
