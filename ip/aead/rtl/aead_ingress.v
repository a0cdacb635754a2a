// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Message ingress of the authenticated-encryption engines (docs/aead-interface.md): checks each
// descriptor, splits the data stream into the message's parts and checks them against the
// descriptor's lengths.
//
// Two outputs, both in message order:
//   d_*  one validated descriptor per message, as soon as it arrives (ahead of the data, up to
//        DFIFO descriptors). d_err is 0 or the descriptor error the mode's rules give
//        (ERR_NONCE, ERR_TAG_LEN, ERR_OP, ERR_TOO_LONG); the key slot is not checked here.
//   b_*  the message's beats: every part starts on a new beat at lane 0 byte 0, as on the input;
//        b_bytes counts the part's bytes in the beat (16*LANES except on a part's last beat) and
//        every byte past them is zero in b_data. b_kind says which part (KIND_*), b_last marks a
//        part's last beat and b_eom the message's. Every message has at least one beat: a
//        message without data parts gets one beat with b_kind = KIND_MSG, b_bytes = 0,
//        b_last = b_eom = 1. b_err is meaningful on the b_eom beat only:
//          0             the message's parts were as the descriptor says
//          d_err         (the descriptor was rejected) the one beat of that message, b_bytes = 0;
//                        its input parts are dropped here
//          ERR_LENGTH    a part did not match (tlast early or missing, tkeep not as the length
//                        says); this beat carries no data (b_bytes = 0) and the rest of the
//                        message's input is dropped: through the tlast that ends the bad part,
//                        then one tlast per part still declared
// Beats carry no descriptor fields: a user pairs them with the d_* stream itself (one d per
// b_eom).
//
// Timing: s_axis_tready is high while the beat output has room, except while the next
// message's descriptor has not arrived. One beat per clock, back to back across messages.
module aead_ingress #(
    parameter MODE    = 0,          // 0: OCB3 rules, 1: GCM rules (docs/aead-interface.md)
    parameter LANES   = 4,
    parameter DECRYPT = 0,          // OCB: the direction the engine is built for
    parameter NSLOTS  = 2,
    parameter ID_W    = 8,
    parameter MAX_MSG = 32'h0010_0000,   // bytes, the largest ad_len / msg_len accepted
    parameter DFIFO   = 4,          // descriptors held ahead (power of two >= 2)
    // derived: do not override
    parameter SLOT_W  = (NSLOTS > 1) ? $clog2(NSLOTS) : 1,
    parameter BYTES_W = $clog2(16 * LANES + 1)
) (
    input  wire                 clk,
    input  wire                 rst,

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

    output wire                 d_op,
    output wire [SLOT_W-1:0]    d_slot,
    output wire [127:0]         d_nonce,       // bytes past nonce_len zeroed
    output wire [15:0]          d_nonce_len,
    output wire [31:0]          d_ad_len,
    output wire [31:0]          d_msg_len,
    output wire [4:0]           d_tag_len,
    output wire [ID_W-1:0]      d_id,
    output wire [3:0]           d_err,
    output wire                 d_valid,
    input  wire                 d_ready,

    output reg  [128*LANES-1:0] b_data,
    output reg  [BYTES_W-1:0]   b_bytes,
    output reg  [1:0]           b_kind,
    output reg                  b_last,
    output reg                  b_eom,
    output reg  [3:0]           b_err,
    output reg                  b_valid,
    input  wire                 b_ready
);

localparam [1:0] KIND_IV = 2'd0, KIND_AD = 2'd1, KIND_MSG = 2'd2, KIND_TAG = 2'd3;
localparam [3:0] ERR_LENGTH = 4'd2, ERR_NONCE = 4'd4, ERR_TAG_LEN = 4'd5, ERR_OP = 4'd6,
                 ERR_TOO_LONG = 4'd7;

localparam integer BEAT_BYTES = 16 * LANES;
localparam integer DW = 1 + SLOT_W + 128 + 16 + 32 + 32 + 5 + ID_W + 4;   // d FIFO entry
localparam integer PW = 1 + 16 + 32 + 32 + 5 + 4;                         // parser entry

generate
if (MODE != 0 && MODE != 1) begin : g_bad_mode
    $error("%m: MODE must be 0 (OCB3) or 1 (GCM)");
end
if (LANES < 1) begin : g_bad_lanes
    $error("%m: LANES must be at least 1");
end
endgenerate

// ------------------------------------------------------------------ descriptor checks
reg [3:0] c_err;
always @(*) begin
    c_err = 4'd0;
    if (MODE == 0) begin
        if (s_cmd_op != DECRYPT[0])                            c_err = ERR_OP;
        else if (s_cmd_nonce_len == 16'd0 || s_cmd_nonce_len > 16'd15) c_err = ERR_NONCE;
        else if (s_cmd_tag_len == 5'd0 || s_cmd_tag_len > 5'd16)       c_err = ERR_TAG_LEN;
        else if (s_cmd_ad_len > MAX_MSG || s_cmd_msg_len > MAX_MSG)    c_err = ERR_TOO_LONG;
    end else begin
        if (s_cmd_nonce_len == 16'd0)                                  c_err = ERR_NONCE;
        else if (!(s_cmd_tag_len == 5'd4 || s_cmd_tag_len == 5'd8 ||
                   (s_cmd_tag_len >= 5'd12 && s_cmd_tag_len <= 5'd16))) c_err = ERR_TAG_LEN;
        else if (s_cmd_ad_len > MAX_MSG || s_cmd_msg_len > MAX_MSG)    c_err = ERR_TOO_LONG;
    end
end

// nonce bytes past nonce_len zeroed
reg [127:0] c_nonce;
always @(*) begin : nonce_mask
    integer j;
    for (j = 0; j < 16; j = j + 1)
        c_nonce[127 - 8*j -: 8] = (j < s_cmd_nonce_len) ? s_cmd_nonce[127 - 8*j -: 8] : 8'd0;
end

/* verilator lint_off UNUSEDSIGNAL */
wire       dq_next, pq_next;           // unused FIFO outputs
wire [$clog2(DFIFO):0] dq_count, pq_count;
/* verilator lint_on UNUSEDSIGNAL */
wire d_in_ready, p_in_ready;
wire both_ready = d_in_ready && p_in_ready;
assign s_cmd_tready = both_ready;

wire [DW-1:0] d_word;
lc_fifo #(.WIDTH(DW), .DEPTH(DFIFO)) u_dq (
    .clk(clk), .rst(rst),
    .s_data({s_cmd_op, s_cmd_slot, c_nonce, s_cmd_nonce_len, s_cmd_ad_len, s_cmd_msg_len,
             s_cmd_tag_len, s_cmd_id, c_err}),
    .s_valid(s_cmd_tvalid && both_ready), .s_ready(d_in_ready),
    .m_data(d_word), .m_valid(d_valid), .m_ready(d_ready),
    .m_valid_next(dq_next), .count(dq_count)
);
assign {d_op, d_slot, d_nonce, d_nonce_len, d_ad_len, d_msg_len, d_tag_len, d_id, d_err} = d_word;

wire [PW-1:0] p_word;
wire          p_valid;
reg           p_pop;
lc_fifo #(.WIDTH(PW), .DEPTH(DFIFO)) u_pq (
    .clk(clk), .rst(rst),
    .s_data({s_cmd_op, s_cmd_nonce_len, s_cmd_ad_len, s_cmd_msg_len, s_cmd_tag_len, c_err}),
    .s_valid(s_cmd_tvalid && both_ready), .s_ready(p_in_ready),
    .m_data(p_word), .m_valid(p_valid), .m_ready(p_pop),
    .m_valid_next(pq_next), .count(pq_count)
);
wire        p_op;
wire [15:0] p_nonce_len;
wire [31:0] p_ad_len, p_msg_len;
wire [4:0]  p_tag_len;
wire [3:0]  p_err;
assign {p_op, p_nonce_len, p_ad_len, p_msg_len, p_tag_len, p_err} = p_word;

// the parts of the message at the parser queue's head (index = KIND_*), present when not empty
wire [31:0] n_len [0:3];
assign n_len[KIND_IV]  = (MODE == 1 && p_nonce_len != 16'd12) ? {16'd0, p_nonce_len} : 32'd0;
assign n_len[KIND_AD]  = p_ad_len;
assign n_len[KIND_MSG] = p_msg_len;
assign n_len[KIND_TAG] = p_op ? {27'd0, p_tag_len} : 32'd0;
wire [3:0] n_present = {n_len[3] != 0, n_len[2] != 0, n_len[1] != 0, n_len[0] != 0};
wire [3:0] n_last    = {n_len[3] <= BEAT_BYTES, n_len[2] <= BEAT_BYTES,
                        n_len[1] <= BEAT_BYTES, n_len[0] <= BEAT_BYTES};

// ------------------------------------------------------------------ parser
localparam [1:0] ST_IDLE = 2'd0,   // no message loaded
                 ST_ONE  = 2'd1,   // loaded, emits its one beat (error or no parts), no input
                 ST_PART = 2'd2,   // streaming part `part`
                 ST_DROP = 2'd3;   // dropping input through `drops` more tlasts

reg [1:0]  st;
reg [3:0]  present;                // parts still to come, current one included
reg [1:0]  part;
reg [31:0] rem;                    // bytes of the current part not yet seen
// the current beat's expectations, registered with every write of rem so that the beat path
// (tkeep compare, byte masking) starts at flops: the beat is the part's last (rem <= one beat),
// the part's bytes in it, and the tkeep they give
reg                 is_last;
reg [BYTES_W-1:0]   nbytes;
reg [16*LANES-1:0]  exp_keep;
reg [31:0] plen [0:3];
reg [3:0]  plen_last;              // plen[k] fits one beat
reg [3:0]  m_err;                  // ST_ONE: the beat's error code
reg [2:0]  drops;
reg        one_drop;               // ST_ONE: the message's parts follow, to be dropped

wire out_ready = !b_valid || b_ready;

/* verilator lint_off UNUSEDSIGNAL */     // m[3]: the last part is the default
function [1:0] first_of(input [3:0] m);
    first_of = m[0] ? 2'd0 : m[1] ? 2'd1 : m[2] ? 2'd2 : 2'd3;
endfunction
/* verilator lint_on UNUSEDSIGNAL */
function [2:0] count_of(input [3:0] m);
    count_of = {2'd0, m[0]} + {2'd0, m[1]} + {2'd0, m[2]} + {2'd0, m[3]};
endfunction

// the beat expectations of a part with `len` bytes left
/* verilator lint_off UNUSEDSIGNAL */     // len's high bits: zero when last
function [BYTES_W-1:0] nbytes_of(input last, input [31:0] len);
    nbytes_of = last ? len[BYTES_W-1:0] : BEAT_BYTES[BYTES_W-1:0];
endfunction
/* verilator lint_on UNUSEDSIGNAL */
function [16*LANES-1:0] keep_of(input [BYTES_W-1:0] nb);
    integer q, j;
    for (q = 0; q < LANES; q = q + 1)
        for (j = 0; j < 16; j = j + 1)
            keep_of[16*q + 15 - j] = (16*q + j) < nb;
endfunction

// the next beat of the current part: rem - one beat; it is the last when rem <= two beats
// (the compare works on rem in parallel with the subtraction)
wire [31:0] rem_dec  = rem - BEAT_BYTES;
wire        last_dec = rem <= 2 * BEAT_BYTES;

// every write of rem: `len` bytes left, `last` when they fit one beat
task set_rem(input last, input [31:0] len);
    begin
        rem      <= len;
        is_last  <= last;
        nbytes   <= nbytes_of(last, len);
        exp_keep <= keep_of(nbytes_of(last, len));
    end
endtask

// the current beat, checked against the current part
reg  [128*LANES-1:0] masked;
always @(*) begin : keepmask
    integer q, j;
    for (q = 0; q < LANES; q = q + 1)
        for (j = 0; j < 16; j = j + 1)
            masked[128*q + 127 - 8*j -: 8] = exp_keep[16*q + 15 - j]
                                              ? s_axis_tdata[128*q + 127 - 8*j -: 8] : 8'd0;
end
wire beat_ok  = (s_axis_tlast == is_last) && (s_axis_tkeep == exp_keep);
wire [3:0] later = present & ~(4'd1 << part);            // parts after the current one
wire last_part  = later == 4'd0;

assign s_axis_tready = out_ready && (st == ST_PART || st == ST_DROP);
wire take = s_axis_tvalid && s_axis_tready;

// finishing the loaded message this clock (then the next one may load in the same clock)
reg finish;
always @(*) begin
    finish = 1'b0;
    case (st)
        ST_IDLE: finish = 1'b1;
        ST_ONE:  finish = out_ready && !one_drop;
        ST_PART: finish = take && (!beat_ok ? (s_axis_tlast && last_part) : (is_last && last_part));
        ST_DROP: finish = take && s_axis_tlast && drops == 3'd1;
    endcase
    p_pop = finish && p_valid;
end

integer k;
always @(posedge clk) begin
    if (rst) begin
        st      <= ST_IDLE;
        b_valid <= 1'b0;
    end else begin
        if (b_ready) b_valid <= 1'b0;
        if (st == ST_ONE && out_ready) begin
            b_valid <= 1'b1;
            b_data  <= {128*LANES{1'b0}};
            b_bytes <= {BYTES_W{1'b0}};
            b_kind  <= KIND_MSG;
            b_last  <= 1'b1;
            b_eom   <= 1'b1;
            b_err   <= m_err;
            if (one_drop) st <= ST_DROP;
        end
        if (st == ST_PART && take) begin
            b_valid <= 1'b1;
            b_kind  <= part;
            if (beat_ok) begin
                b_data  <= masked;
                b_bytes <= nbytes;
                b_last  <= is_last;
                b_eom   <= is_last && last_part;
                b_err   <= 4'd0;
                set_rem(last_dec, rem_dec);
                if (is_last && !last_part) begin
                    present <= later;
                    part    <= first_of(later);
                    set_rem(plen_last[first_of(later)], plen[first_of(later)]);
                end
            end else begin
                b_data  <= {128*LANES{1'b0}};
                b_bytes <= {BYTES_W{1'b0}};
                b_last  <= 1'b1;
                b_eom   <= 1'b1;
                b_err   <= ERR_LENGTH;
                // drop through the bad part's tlast (unless this beat had it), then the rest
                drops   <= count_of(later) + (s_axis_tlast ? 3'd0 : 3'd1);
                if (!(s_axis_tlast && last_part)) st <= ST_DROP;
            end
        end
        if (st == ST_DROP && take && s_axis_tlast) drops <= drops - 3'd1;
        if (finish) st <= ST_IDLE;
        if (p_pop) begin
            for (k = 0; k < 4; k = k + 1) begin
                plen[k]      <= n_len[k];
                plen_last[k] <= n_last[k];
            end
            present <= n_present;
            part    <= first_of(n_present);
            set_rem(n_last[first_of(n_present)], n_len[first_of(n_present)]);
            // the error beat first, then the message's parts (if any) are dropped
            one_drop <= p_err != 4'd0 && n_present != 4'd0;
            drops    <= count_of(n_present);
            if (p_err != 4'd0) begin
                m_err <= p_err;
                st    <= ST_ONE;
            end else if (n_present == 4'd0) begin
                m_err <= 4'd0;
                st    <= ST_ONE;
            end else begin
                st    <= ST_PART;
            end
        end
    end
end

endmodule

`default_nettype wire
