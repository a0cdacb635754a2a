// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// AES-Hash (linecrypt/models/aes_hash.py, which defines it): Davies-Meyer over Rijndael-256,
// H_i = E_{M_i}(H_{i-1}) ^ H_{i-1}, the 32-byte message block M_i as the 256-bit key and the
// chaining value as the 256-bit block (Nb = Nk = 8, Nr = 14), on one rijndael_iter.
//
// Padding in hardware (Merkle-Damgard strengthening with 32-byte blocks): after the L message
// bytes the byte 0x80, then the fewest zero bytes that leave 8 bytes free at the end of a block,
// then the 64-bit big-endian bit length 8L. IV: H_0 = SHA-256("LineCrypt AES-Hash IV"). The
// digest is H_n. Messages up to 2^61 - 1 bytes (the byte counter has 61 bits).
//
// Byte order. Input: AXI-Stream byte lanes, message byte 8n + k is s_tdata[8k +: 8] of beat n.
// Every beat but the last carries 8 bytes (s_tkeep = 8'hff); the last (s_tlast) carries 0..8,
// s_tkeep = 2^k - 1 (tkeep is contiguous from lane 0; 0 allowed, so an empty message is one
// beat with s_tkeep = 0). Inside, a block and H are FIPS-197 byte strings, byte 0 in the most
// significant byte ([255:248]), as rijndael_iter takes them. Output: 4 beats, digest byte
// 8n + k in m_tdata[8k +: 8] of beat n, m_tkeep = 8'hff, m_tlast on beat 3.
//
// Each message ends with one word on the status stream: st_err = 0 after the digest's last beat,
// st_err = 1 (and no digest) for a malformed message: a beat before the last with s_tkeep
// != 8'hff, or a last beat whose s_tkeep is not 2^k - 1. A malformed message is read up to its
// s_tlast, so the next message starts in step.
//
// Timing: one block enters rijndael_iter 17 clocks after the one before (Nr + 2 = 16 for the
// cipher, one for the feed-forward into H); input beats are taken while a block is in the
// cipher, so a long message runs at 256 bits per 17 clocks. After s_tlast the padding takes
// 4 clocks per padding block it adds; the digest follows the last block's 17 clocks.
// rst (synchronous, active high) on any clock drops the message in flight.
//
// Cipher (rijndael_iter_client): EXT_CIPHER = 0 holds its rijndael_iter (NB8 = 1); EXT_CIPHER = 1
// drives one outside (NB8 = 1) on the cph_* ports, as lwc_aes shares one between the modes
// (rijndael_iter_mux), with the same clock counts. Reset that cipher with this module, so that no
// block of a dropped message comes back.
module aes_hash #(
    parameter EXT_CIPHER = 0     // 1: the cipher is outside, on the cph_* ports
) (
    input  wire        clk,
    input  wire        rst,

    input  wire [63:0] s_tdata,
    input  wire [7:0]  s_tkeep,
    input  wire        s_tvalid,
    output wire        s_tready,
    input  wire        s_tlast,

    output wire [63:0] m_tdata,
    output wire [7:0]  m_tkeep,
    output wire        m_tvalid,
    input  wire        m_tready,
    output wire        m_tlast,

    output wire        st_valid,
    input  wire        st_ready,
    output wire        st_err,

    // the cipher outside (EXT_CIPHER = 1): to rijndael_iter's s_*, from its m_*
    // (rijndael_iter_client; rijndael_iter_mux shares one cipher between modes)
    output wire         cph_s_valid, cph_s_nb8, cph_m_ready,
    output wire [1:0]   cph_s_klen,
    output wire [255:0] cph_s_key, cph_s_block,
    output wire         cph_s_user,
    input  wire         cph_s_ready, cph_m_valid, cph_m_err,
    input  wire [255:0] cph_m_block,
    input  wire         cph_m_user
);

localparam [255:0] IV = 256'h36c50e84cc90e8224e476f5312308a9ec01068d22b63fe7d475bc158afac7cf6;

// the 8 bytes of a beat in FIPS-197 order: lane 0 (byte 0) to bits [63:56]
function [63:0] bswap;
    input [63:0] d;
    integer b;
    for (b = 0; b < 8; b = b + 1) bswap[63-8*b -: 8] = d[8*b +: 8];
endfunction

// the last beat's bytes: lanes below k kept, lane k = 0x80 (k < 8), the rest 0
function [63:0] last_beat;
    input [63:0] d;
    input [3:0]  k;
    integer b;
    for (b = 0; b < 8; b = b + 1)
        last_beat[8*b +: 8] = ({28'd0, k} > b) ? d[8*b +: 8] : ({28'd0, k} == b) ? 8'h80 : 8'h00;
endfunction

function [3:0] keep_count;      // k for s_tkeep = 2^k - 1, 4'hf for any other value
    input [7:0] m;
    case (m)
        8'h00: keep_count = 4'd0;  8'h01: keep_count = 4'd1;  8'h03: keep_count = 4'd2;
        8'h07: keep_count = 4'd3;  8'h0f: keep_count = 4'd4;  8'h1f: keep_count = 4'd5;
        8'h3f: keep_count = 4'd6;  8'h7f: keep_count = 4'd7;  8'hff: keep_count = 4'd8;
        default: keep_count = 4'hf;
    endcase
endfunction

localparam [2:0] S_ABS = 3'd0,     // message beats in
                 S_PAD = 3'd1,     // padding beats
                 S_FIN = 3'd2,     // the last block in the cipher
                 S_OUT = 3'd3,     // digest beats out
                 S_ST  = 3'd4,     // status word out
                 S_DRN = 3'd5,     // malformed: read to s_tlast
                 S_ERR = 3'd6;     // malformed: wait for the cipher, then the status
reg  [2:0]   st;
reg  [255:0] h;            // chaining value
reg  [255:0] blk;          // message block being assembled (byte 0 in [255:248])
reg  [1:0]   bi;           // next beat's position in blk
reg          blk_full;     // blk complete, waiting for the cipher
reg          busy;         // a block in the cipher
reg          need80;       // the 0x80 byte still to come (the last beat was full)
reg  [60:0]  len;          // message bytes so far
reg          err;
reg  [1:0]   ob;           // digest beat

// ---- the cipher
wire         c_ready, c_valid;
wire [255:0] c_out;
/* verilator lint_off UNUSEDSIGNAL */
wire         c_err, c_user;      // never set: the mode is fixed
/* verilator lint_on UNUSEDSIGNAL */
rijndael_iter_client #(.EXT_CIPHER(EXT_CIPHER), .NB8(1), .USER_W(1)) u_cipher (
    .clk(clk), .rst(rst),
    .s_valid(blk_full && !busy), .s_ready(c_ready), .s_nb8(1'b1), .s_klen(2'd2),
    .s_key(blk), .s_block(h), .s_user(1'b0),
    .m_valid(c_valid), .m_ready(1'b1), .m_block(c_out), .m_err(c_err), .m_user(c_user),
    .cph_s_valid(cph_s_valid), .cph_s_ready(cph_s_ready), .cph_s_nb8(cph_s_nb8),
    .cph_s_klen(cph_s_klen), .cph_s_key(cph_s_key), .cph_s_block(cph_s_block),
    .cph_s_user(cph_s_user), .cph_m_valid(cph_m_valid), .cph_m_ready(cph_m_ready),
    .cph_m_block(cph_m_block), .cph_m_err(cph_m_err), .cph_m_user(cph_m_user));
wire issue = blk_full && !busy && c_ready;

// ---- input
wire [3:0] k      = keep_count(s_tkeep);
wire       bad    = k == 4'hf || (!s_tlast && k != 4'd8);
assign s_tready   = (st == S_ABS && !blk_full) || st == S_DRN;
wire       take   = s_tvalid && s_tready;
wire       pad_wr = st == S_PAD && !blk_full;
wire       len_wr = pad_wr && bi == 2'd3 && !need80;     // the length beat: the last block

// the beat written into blk this clock (lanes, byte 0 in lane 0)
wire [63:0] wbeat = (st == S_PAD) ? (len_wr ? bswap({len, 3'b000}) : {56'd0, need80 ? 8'h80 : 8'h00})
                  : s_tlast ? last_beat(s_tdata, k) : s_tdata;
wire        wr    = (take && st == S_ABS && !bad) || pad_wr;

assign m_tvalid = st == S_OUT;
assign m_tdata  = bswap(h[255-64*ob -: 64]);
assign m_tkeep  = 8'hff;
assign m_tlast  = ob == 2'd3;
assign st_valid = st == S_ST;
assign st_err   = err;

always @(posedge clk) begin
    if (wr) begin
        blk[255-64*bi -: 64] <= bswap(wbeat);
        bi <= bi + 2'd1;
        if (bi == 2'd3) blk_full <= 1'b1;
    end
    if (issue) begin
        busy     <= 1'b1;
        blk_full <= 1'b0;
    end
    if (c_valid) begin
        h    <= c_out ^ h;
        busy <= 1'b0;
    end
    case (st)
    S_ABS: if (take) begin
        if (bad) begin
            err <= 1'b1;
            st  <= s_tlast ? S_ERR : S_DRN;
        end else begin
            len <= len + {57'd0, k};
            if (s_tlast) begin
                need80 <= k == 4'd8;
                st     <= S_PAD;
            end
        end
    end
    S_PAD: if (pad_wr) begin
        need80 <= 1'b0;
        if (len_wr) st <= S_FIN;
    end
    S_FIN: if (!blk_full && !busy) begin
        ob <= 2'd0;
        st <= S_OUT;
    end
    S_OUT: if (m_tready) begin
        ob <= ob + 2'd1;
        if (ob == 2'd3) st <= S_ST;
    end
    S_ST: if (st_ready) begin
        h   <= IV;
        len <= 61'd0;
        bi  <= 2'd0;
        err <= 1'b0;
        st  <= S_ABS;
    end
    S_DRN: if (take && s_tlast) st <= S_ERR;
    S_ERR: if (!busy) st <= S_ST;
    default: st <= S_ST;
    endcase
    if (rst) begin
        st       <= S_ABS;
        h        <= IV;
        len      <= 61'd0;
        bi       <= 2'd0;
        blk_full <= 1'b0;
        busy     <= 1'b0;
        need80   <= 1'b0;
        err      <= 1'b0;
        ob       <= 2'd0;
    end
end

endmodule

`default_nettype wire
