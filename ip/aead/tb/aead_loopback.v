// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Test fixture for the AEAD bench (aead_bench.py), not a cipher: a stand-in engine with the
// ports of docs/aead-interface.md whose "encryption" inverts every message byte and whose tag is
// tag_len bytes of A5. It takes one descriptor at a time, checks the data parts against it
// (tlast and tkeep, ERR_LENGTH with a tkeep = 0 closing beat and resynchronisation by counting
// tlasts), rejects GCM (MODE = 1) or OCB (MODE = 0) nonce and tag lengths, drops the parts of
// a message for an empty slot, and on decryption compares the received tag with A5 bytes.
// The status word leaves as soon as it is known, possibly before the message's last output
// beat has been taken, as an engine with separate output and status queues may do.
module aead_loopback #(
    parameter MODE     = 1,
    parameter LANES    = 1,
    parameter KEY_BITS = 128,
    parameter NSLOTS   = 2,
    parameter ID_W     = 8,
    parameter SLOT_W   = (NSLOTS > 1) ? $clog2(NSLOTS) : 1
) (
    input  wire                 clk,
    input  wire                 rst,

    input  wire [KEY_BITS-1:0]  s_key_tdata,
    input  wire [SLOT_W-1:0]    s_key_slot,
    input  wire                 s_key_tvalid,
    output wire                 s_key_tready,
    output reg  [NSLOTS-1:0]    slot_valid,

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

    output reg  [128*LANES-1:0] m_axis_tdata,
    output reg  [16*LANES-1:0]  m_axis_tkeep,
    output reg                  m_axis_tlast,
    output reg                  m_axis_ttag,
    output reg  [ID_W-1:0]      m_axis_tid,
    output reg                  m_axis_tvalid,
    input  wire                 m_axis_tready,

    output reg  [3:0]           m_sts_code,
    output reg  [ID_W-1:0]      m_sts_id,
    output reg                  m_sts_tvalid,
    input  wire                 m_sts_tready
);

localparam W = 16 * LANES;                  // bytes per beat
localparam [2:0] S_IDLE = 3'd0, S_PARTS = 3'd1, S_DROP = 3'd2, S_CLOSE = 3'd3, S_TAG = 3'd4,
                 S_STS = 3'd5;
localparam [3:0] OK = 4'd0, AUTH_FAIL = 4'd1, ERR_LENGTH = 4'd2, ERR_SLOT = 4'd3,
                 ERR_NONCE = 4'd4, ERR_TAG_LEN = 4'd5;

// tkeep of a beat holding bytes 0..n-1: byte j of lane q is bit 16q + 15 - j
function automatic [W-1:0] keep_of(input [31:0] n);
    integer i;
    begin
        keep_of = {W{1'b0}};
        for (i = 0; i < W; i = i + 1)
            keep_of[i] = (16 * (i / 16) + 15 - (i % 16)) < n;
    end
endfunction

function automatic [128*LANES-1:0] bytes_of(input [W-1:0] keep);
    integer i;
    begin
        for (i = 0; i < W; i = i + 1)
            bytes_of[8*i +: 8] = {8{keep[i]}};
    end
endfunction

reg  [2:0]      state;
reg             op;
reg  [SLOT_W-1:0] slot;
reg  [ID_W-1:0] id;
reg  [4:0]      tag_len;
reg  [31:0]     plen [0:3];                 // part lengths: IV, AD, message, tag
reg  [2:0]      part;                       // current part, 4 = none left
reg  [31:0]     rem;                        // bytes of the current part still due
reg  [2:0]      drop;                       // tlasts still to drop
reg             tag_ok, started;
reg  [3:0]      code;

// the first non-empty part at or after p (4: none)
function automatic [2:0] next_part(input [2:0] p, input [31:0] l0, input [31:0] l1,
                                   input [31:0] l2, input [31:0] l3);
    begin
        if (p <= 0 && l0 != 0) next_part = 3'd0;
        else if (p <= 1 && l1 != 0) next_part = 3'd1;
        else if (p <= 2 && l2 != 0) next_part = 3'd2;
        else if (p <= 3 && l3 != 0) next_part = 3'd3;
        else next_part = 3'd4;
    end
endfunction

function automatic [2:0] parts_from(input [2:0] p, input [31:0] l0, input [31:0] l1,
                                    input [31:0] l2, input [31:0] l3);
    begin
        parts_from = ((p <= 0 && l0 != 0) ? 3'd1 : 3'd0) + ((p <= 1 && l1 != 0) ? 3'd1 : 3'd0)
                   + ((p <= 2 && l2 != 0) ? 3'd1 : 3'd0) + ((p <= 3 && l3 != 0) ? 3'd1 : 3'd0);
    end
endfunction

wire out_free = !m_axis_tvalid || m_axis_tready;
assign s_key_tready  = 1'b1;
assign s_cmd_tready  = (state == S_IDLE) && !rst;
assign s_axis_tready = ((state == S_PARTS && out_free) || (state == S_DROP && drop != 0)) && !rst;

// the descriptor's parts and checks
wire [31:0] c_l0 = (MODE == 1 && s_cmd_nonce_len != 16'd12) ? {16'd0, s_cmd_nonce_len} : 32'd0;
wire [31:0] c_l3 = s_cmd_op ? {27'd0, s_cmd_tag_len} : 32'd0;
wire c_nonce_bad = (s_cmd_nonce_len == 16'd0) || (MODE == 0 && s_cmd_nonce_len > 16'd15);
wire c_tag_bad = (MODE == 1) ? !(s_cmd_tag_len == 5'd4 || s_cmd_tag_len == 5'd8 ||
                                 (s_cmd_tag_len >= 5'd12 && s_cmd_tag_len <= 5'd16))
                             : (s_cmd_tag_len == 5'd0 || s_cmd_tag_len > 5'd16);
wire [2:0] c_first = next_part(3'd0, c_l0, s_cmd_ad_len, s_cmd_msg_len, c_l3);
wire [2:0] c_parts = parts_from(3'd0, c_l0, s_cmd_ad_len, s_cmd_msg_len, c_l3);

// the current beat against the current part
wire [31:0] n_exp   = (rem < W) ? rem : W;
wire        last_exp = (rem <= W);
wire        beat_ok = (s_axis_tlast == last_exp) && (s_axis_tkeep == keep_of(n_exp));
wire [2:0]  after   = next_part(part + 3'd1, plen[0], plen[1], plen[2], plen[3]);
wire [128*LANES-1:0] kmask = bytes_of(s_axis_tkeep);
wire        tag_match = ((s_axis_tdata ^ {(16*LANES){8'hA5}}) & kmask) == 0;
wire        take = s_axis_tvalid && s_axis_tready;

always @(posedge clk) begin
    if (rst) begin
        state <= S_IDLE;
        slot_valid <= {NSLOTS{1'b0}};
        m_axis_tvalid <= 1'b0;
        m_sts_tvalid <= 1'b0;
    end else begin
        if (s_key_tvalid)
            slot_valid[s_key_slot] <= 1'b1;
        if (m_axis_tvalid && m_axis_tready)
            m_axis_tvalid <= 1'b0;
        if (m_sts_tvalid && m_sts_tready)
            m_sts_tvalid <= 1'b0;
        case (state)
        S_IDLE: if (s_cmd_tvalid) begin
            op <= s_cmd_op;
            slot <= s_cmd_slot;
            id <= s_cmd_id;
            tag_len <= s_cmd_tag_len;
            plen[0] <= c_l0;
            plen[1] <= s_cmd_ad_len;
            plen[2] <= s_cmd_msg_len;
            plen[3] <= c_l3;
            tag_ok <= 1'b1;
            started <= 1'b0;
            if (c_nonce_bad || c_tag_bad || !slot_valid[s_cmd_slot]) begin
                code <= c_nonce_bad ? ERR_NONCE : c_tag_bad ? ERR_TAG_LEN : ERR_SLOT;
                drop <= c_parts;
                state <= (c_parts == 0) ? S_STS : S_DROP;
            end else begin
                code <= OK;
                part <= c_first;
                case (c_first)
                    3'd0: rem <= c_l0;
                    3'd1: rem <= s_cmd_ad_len;
                    3'd2: rem <= s_cmd_msg_len;
                    default: rem <= c_l3;
                endcase
                state <= (c_first != 4) ? S_PARTS : s_cmd_op ? S_STS : S_TAG;
            end
        end
        S_PARTS: if (take) begin
            if (!beat_ok) begin
                code <= ERR_LENGTH;
                drop <= parts_from(part + 3'd1, plen[0], plen[1], plen[2], plen[3])
                        + (s_axis_tlast ? 3'd0 : 3'd1);
                state <= started ? S_CLOSE : S_DROP;
            end else begin
                if (part == 3'd2) begin
                    m_axis_tdata <= ~s_axis_tdata & kmask;
                    m_axis_tkeep <= s_axis_tkeep;
                    m_axis_tlast <= last_exp && op;
                    m_axis_ttag <= 1'b0;
                    m_axis_tid <= id;
                    m_axis_tvalid <= 1'b1;
                    started <= 1'b1;
                end
                if (part == 3'd3 && !tag_match)
                    tag_ok <= 1'b0;
                if (last_exp) begin
                    part <= after;
                    case (after)
                        3'd1: rem <= plen[1];
                        3'd2: rem <= plen[2];
                        default: rem <= plen[3];
                    endcase
                    if (after == 4) begin
                        state <= op ? S_STS : S_TAG;
                        if (op && !(part == 3'd3 ? tag_match && tag_ok : tag_ok))
                            code <= AUTH_FAIL;
                    end
                end else
                    rem <= rem - W;
            end
        end
        S_CLOSE: if (out_free) begin
            m_axis_tdata <= 0;
            m_axis_tkeep <= 0;
            m_axis_tlast <= 1'b1;
            m_axis_ttag <= 1'b0;
            m_axis_tid <= id;
            m_axis_tvalid <= 1'b1;
            state <= (drop == 0) ? S_STS : S_DROP;
        end
        S_DROP: if (drop == 0)
            state <= S_STS;
        else if (take && s_axis_tlast) begin
            drop <= drop - 3'd1;
            if (drop == 1)
                state <= S_STS;
        end
        S_TAG: if (out_free) begin
            m_axis_tdata <= {(16*LANES){8'hA5}} & bytes_of(keep_of({27'd0, tag_len}));
            m_axis_tkeep <= keep_of({27'd0, tag_len});
            m_axis_tlast <= 1'b1;
            m_axis_ttag <= 1'b1;
            m_axis_tid <= id;
            m_axis_tvalid <= 1'b1;
            state <= S_STS;
        end
        S_STS: if (!m_sts_tvalid || m_sts_tready) begin
            m_sts_code <= code;
            m_sts_id <= id;
            m_sts_tvalid <= 1'b1;
            state <= S_IDLE;
        end
        default: state <= S_IDLE;
        endcase
    end
end

wire unused = &{1'b0, s_key_tdata, s_cmd_nonce};

endmodule

`default_nettype wire
