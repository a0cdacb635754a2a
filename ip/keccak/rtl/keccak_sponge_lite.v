// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Keccak sponge with padding in hardware, low-area: the ports and protocol of keccak_sponge
// (FIPS 202 §4, §5.1; model: linecrypt/models/keccak.py sponge) around the lane-serial
// keccak_p1600_lite, so it replaces keccak_sponge where area matters more than speed.
//
// Command (c_*), one per message, taken before its data:
//   c_rate_w   rate in 64-bit lanes, 1..24 (SHA3-256: 17, SHA3-512: 9, SHAKE128: 21)
//   c_suffix   the domain-separation bits followed by the first padding 1, LSB first: 8'h06
//              SHA-3, 8'h1F SHAKE, 8'h01 the original Keccak padding (must be non-zero)
//   c_nr       rounds of Keccak-p[1600, nr], 1..24 (24 for all of the above)
//   c_out_len  bytes to squeeze, 0..2^32-1
// Data in (s_*): 64-bit beats, byte j of the message beat at [8j +: 8]; every beat but the last
// has s_tkeep = 8'hFF; the last (s_tlast) has its k bytes at the bottom (s_tkeep = 2^k - 1,
// k = 0..8; an empty message is one s_tkeep = 0 beat).
// Data out (m_*): the squeezed bytes in the same order, 8 per beat, the last beat with the rest
// (m_tkeep) and m_tlast. No beat when c_out_len = 0.
// Status (st_*): one word per message after its last output beat: st_err = 1 when a beat broke
// the s_tkeep rule or the rate, suffix or round count was out of range; such a message is read
// to its s_tlast and gets no output beats.
//
// Absorbing: each message beat is XORed into its state lane as it arrives (one lane per clock,
// no block buffer); the padding (suffix after the last byte, 0x80 in the rate's last byte) is
// formed in the lane that needs it, and padding-only lanes are generated after the message. The
// first block of a message replaces lanes 0..rate_w-1 and writes zeros to rate_w..24, so no
// state survives from the previous message; later blocks are XORed into lanes 0..rate_w-1.
// Clocks per block, WREG = 1, no stalls: rate_w lanes + 39 + 65 nr (first block: 25 lanes
// instead of rate_w); squeezing: one beat per clock from the permuted state, then one
// permutation (1 + 1 + 39 + 65 nr clocks) per rate_w beats.
module keccak_sponge_lite #(
    parameter MEM_BRAM = 1,             // keccak_p1600_lite: state in block RAM (0: distributed)
    parameter WREG     = 1              // keccak_p1600_lite: register before the write port
) (
    input  wire         clk,
    input  wire         rst,

    input  wire [4:0]   c_rate_w,
    input  wire [7:0]   c_suffix,
    input  wire [4:0]   c_nr,
    input  wire [31:0]  c_out_len,
    input  wire         c_valid,
    output wire         c_ready,

    input  wire [63:0]  s_tdata,
    input  wire [7:0]   s_tkeep,
    input  wire         s_tlast,
    input  wire         s_tvalid,
    output wire         s_tready,

    output wire [63:0]  m_tdata,
    output wire [7:0]   m_tkeep,
    output wire         m_tlast,
    output wire         m_tvalid,
    input  wire         m_tready,

    output reg          st_err,
    output reg          st_valid,
    input  wire         st_ready
);

localparam [2:0] S_IDLE = 3'd0, S_ABSORB = 3'd1, S_WAIT = 3'd2, S_SQUEEZE = 3'd3,
                 S_MORE = 3'd4, S_DROP = 3'd5, S_STATUS = 3'd6;

reg  [2:0]   st;
reg  [4:0]   rate_w;
reg  [7:0]   suffix;
reg  [4:0]   nr;
reg  [31:0]  left;          // bytes still to squeeze
reg          left_le8;      // left <= 8: the beat on m_* is the last (registered compare)
reg          left_le16;     // left <= 16
reg          left_zero;     // c_out_len = 0
reg          err;
reg  [4:0]   w;             // lane of the block being written or squeezed
reg          first;         // first block of the message: replace, then zero the capacity
reg          msg;           // message beats still to come
reg          sfx_pend;      // the message has ended; the suffix goes into the next lane
reg          fin;           // this block carries the final padding bit

wire         rate_end = (w == rate_w - 5'd1);
wire         fill     = first && (w >= rate_w);        // capacity lane of the first block

// permutation
wire         p_s_tready, p_m_tvalid, p_m_terr;
// the squeeze reads rate_w <= 24 lanes, never lane 24's m_tlast
/* verilator lint_off UNUSEDSIGNAL */
wire         p_m_tlast;
/* verilator lint_on UNUSEDSIGNAL */
wire [63:0]  p_m_tdata;
reg          p_s_tvalid;
reg  [63:0]  lane;

keccak_p1600_lite #(.MEM_BRAM(MEM_BRAM), .WREG(WREG)) u_perm (
    .clk(clk), .rst(rst),
    .s_tdata(lane), .s_txor(!first), .s_tlast(st == S_MORE || (first ? w == 5'd24 : rate_end)),
    .s_nr(nr), .s_tvalid(p_s_tvalid), .s_tready(p_s_tready),
    .m_tdata(p_m_tdata), .m_tlast(p_m_tlast), .m_terr(p_m_terr), .m_tvalid(p_m_tvalid),
    .m_tready(st == S_SQUEEZE && m_tready), .m_tdrop(1'b1)
);

// the s_tkeep of the last beat: k low bytes (k = 0..8); any other pattern is an error
function [3:0] keep_count;
    input [7:0] k;
    begin
        case (k)
            8'h00: keep_count = 4'd0;  8'h01: keep_count = 4'd1;  8'h03: keep_count = 4'd2;
            8'h07: keep_count = 4'd3;  8'h0F: keep_count = 4'd4;  8'h1F: keep_count = 4'd5;
            8'h3F: keep_count = 4'd6;  8'h7F: keep_count = 4'd7;  8'hFF: keep_count = 4'd8;
            default: keep_count = 4'd15;
        endcase
    end
endfunction

wire [3:0]  kc        = keep_count(s_tkeep);
wire        beat_bad  = (kc == 4'd15) || (!s_tlast && kc != 4'd8);
wire        msg_lane  = (st == S_ABSORB) && msg && !fill;     // this lane is a message beat
wire        pad_lane  = (st == S_ABSORB) && !msg && !fill;    // a padding-only lane
wire        sfx_msg   = s_tlast && !beat_bad && kc != 4'd8;   // the suffix fits in the last beat
// the suffix is in place once this lane is written: the end bit may go into it
wire        placed    = pad_lane || (msg_lane && sfx_msg);
wire        end_here  = placed && rate_end;

// the lane: the beat's bytes, the suffix right after them (or in byte 0 of a padding lane),
// the final padding bit in bit 63 of the rate's last lane
integer b;
always @(*) begin
    for (b = 0; b < 8; b = b + 1) begin
        lane[8*b +: 8] = ((msg_lane && s_tkeep[b]) ? s_tdata[8*b +: 8] : 8'd0)
                       ^ (((msg_lane && sfx_msg && kc == b[3:0]) || (pad_lane && sfx_pend && b == 0))
                          ? suffix : 8'd0);
    end
    lane[63] = lane[63] ^ end_here;
end

always @(*) begin
    case (st)
        S_ABSORB: p_s_tvalid = msg_lane ? s_tvalid : 1'b1;
        S_MORE:   p_s_tvalid = 1'b1;
        default:  p_s_tvalid = 1'b0;
    endcase
end
wire p_take = p_s_tvalid && p_s_tready;

// compares against small constants as a zero test of the high bits and a 5-bit compare (a
// 32-bit magnitude compare becomes a 17-cell carry chain)
wire c_hi0 = (c_out_len[31:5] == 27'd0);

wire cmd_ok = (c_rate_w >= 5'd1) && (c_rate_w <= 5'd24) && (c_suffix != 8'd0) &&
              (c_nr >= 5'd1) && (c_nr <= 5'd24);

assign c_ready  = (st == S_IDLE) && !rst;          // no handshake while in reset
assign s_tready = ((msg_lane && p_s_tready) || st == S_DROP) && !rst;

// squeeze output
assign m_tvalid = (st == S_SQUEEZE) && p_m_tvalid;
assign m_tdata  = p_m_tdata;
assign m_tlast  = left_le8;
assign m_tkeep  = (left_le8 && left[3:0] != 4'd8) ? ((8'd1 << left[2:0]) - 8'd1) : 8'hFF;

always @(posedge clk) begin
    if (rst) begin
        st       <= S_IDLE;
        st_valid <= 1'b0;
        st_err   <= 1'b0;
        err      <= 1'b0;
        w        <= 5'd0;
        first    <= 1'b1;
        msg      <= 1'b0;
        sfx_pend <= 1'b0;
        fin      <= 1'b0;
    end else begin
        case (st)
        S_IDLE: if (c_valid) begin
            rate_w    <= c_rate_w;
            suffix    <= c_suffix;
            nr        <= c_nr;
            left      <= c_out_len;
            left_le8  <= c_hi0 && c_out_len[4:0] <= 5'd8;
            left_le16 <= c_hi0 && c_out_len[4:0] <= 5'd16;
            left_zero <= c_hi0 && c_out_len[4:0] == 5'd0;
            err       <= 1'b0;
            w         <= 5'd0;
            first     <= 1'b1;
            msg       <= 1'b1;
            sfx_pend  <= 1'b0;
            fin       <= 1'b0;
            st        <= cmd_ok ? S_ABSORB : S_DROP;
        end
        S_ABSORB: if (p_take) begin
            if (msg_lane) begin
                if (beat_bad)
                    err <= 1'b1;
                if (s_tlast) begin
                    msg      <= 1'b0;
                    sfx_pend <= !sfx_msg;
                end
            end
            if (pad_lane)
                sfx_pend <= 1'b0;
            if (end_here)
                fin <= 1'b1;
            w <= w + 5'd1;
            if (first ? w == 5'd24 : rate_end) begin   // the block's last lane: permutation
                w     <= 5'd0;
                first <= 1'b0;
                if (fin || end_here) begin
                    fin <= 1'b0;
                    st  <= S_WAIT;
                end
            end
        end
        S_WAIT: if (p_m_tvalid) begin
            w <= 5'd0;
            if (err || p_m_terr || left_zero) begin
                st       <= S_STATUS;
                st_valid <= 1'b1;
                st_err   <= err || p_m_terr;
            end else begin
                st <= S_SQUEEZE;
            end
        end
        S_SQUEEZE: if (m_tvalid && m_tready) begin
            left      <= left_le8 ? 32'd0 : {left[31:3] - 29'd1, left[2:0]};
            left_le8  <= left_le16;
            left_le16 <= (left[31:5] == 27'd0) && left[4:0] <= 5'd24;
            w         <= w + 5'd1;
            if (left_le8) begin
                st       <= S_STATUS;
                st_valid <= 1'b1;
                st_err   <= 1'b0;
            end else if (rate_end) begin
                st <= S_MORE;                     // one more permutation of the state
            end
        end
        S_MORE: if (p_take)
            st <= S_WAIT;
        S_DROP: if (s_tvalid && s_tlast) begin    // out-of-range command: read to s_tlast
            st       <= S_STATUS;
            st_valid <= 1'b1;
            st_err   <= 1'b1;
        end
        S_STATUS: if (st_ready) begin
            st_valid <= 1'b0;
            st       <= S_IDLE;
        end
        default: st <= S_IDLE;
        endcase
    end
end

endmodule
`default_nettype wire
