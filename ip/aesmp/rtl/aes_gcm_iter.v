// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// AES-GCM (NIST SP 800-38D) on one rijndael_iter (AES only, NB8 = 0) and one ghash_mul, one
// block at a time, for 128-, 192- and 256-bit keys, any IV length, 16-byte tags. Golden model:
// linecrypt/models/gcm.py. Unlike gcm_engine (ip/gcm) it needs no lengths up front: it counts
// the parts as they stream, so a front end that learns lengths segment by segment (the LWC
// protocol, ip/lwc/rtl/lwc_aes.v) can drive it directly.
//
// Per message: one command (c_key, c_klen = 0/1/2 for 128/192/256-bit keys, c_dec), then the
// parts on s_t*, in order, each closed by s_tlast: IV, AD, message (PT to encrypt, CT to
// decrypt), and for decryption the received tag (its first 16 bytes are compared). An empty
// part is one beat with s_tkeep = 0 and s_tlast. The message's output (CT or PT) leaves on m_t*
// as its blocks are processed; then one status word: st_tag (the computed tag) and, for
// decryption, st_fail = 1 when the received tag differs.
//
// Computation (SP 800-38D 7.1/7.2): H = E_K(0^128); J0 = IV || 0^31 || 1 for a 12-byte IV, else
// GHASH_H(IV || 0^s || 0^64 || [len(IV)]_64); the message blocks are XORed with
// E_K(inc32^i(J0)), i = 1, 2, ...; S = GHASH_H(A || 0^v || C || 0^u || [len(A)]_64 ||
// [len(C)]_64); T = E_K(J0) xor S. The multiplier runs one product at a time (ghash_mul, IMPL 0,
// PIPE 2); the cipher one block at a time.
//
// Byte order. Streams: AXI-Stream byte lanes, byte 8n + j at tdata[8j +: 8] of beat n; every
// beat of a part before its last carries 8 bytes (s_tkeep = 8'hff), the last 0..8 bytes with
// s_tkeep = 2^k - 1 (other s_tkeep values are not checked: the driver sends whole parts). Keys,
// blocks and st_tag are SP 800-38D bit strings, byte 0 in the most significant byte (c_key
// [255:248]; a 128-bit key is c_key[255:128], a 192-bit key c_key[255:64]; st_tag[127:120]).
// m_t*: the output bytes, ceil(n/8) beats for an n-byte message, m_tkeep = 2^k - 1 on a short
// last beat, m_tlast on the message's last beat; none for an empty message. A part may close
// with an s_tkeep = 0 beat, so a full message block without s_tlast waits for the next beat
// (taken at once if it is that empty last beat) before it is encrypted.
//
// Timing: H takes Nr + 2 clocks; each IV and AD block 3 clocks (load, product); each message
// block Nr + 2 clocks in the cipher, its output beats, and the product; then the length block
// and E_K(J0). rst (synchronous, active high) drops the message in flight.
//
// Cipher (rijndael_iter_client): EXT_CIPHER = 0 holds its rijndael_iter (NB8 = 0); EXT_CIPHER = 1
// drives one outside (NB8 = 0 or 1) on the cph_* ports, as lwc_aes shares one between the modes
// (rijndael_iter_mux), with the same clock counts. Reset that cipher with this module, so that no
// block of a dropped message comes back.
module aes_gcm_iter #(
    parameter EXT_CIPHER = 0     // 1: the cipher is outside, on the cph_* ports
) (
    input  wire         clk,
    input  wire         rst,

    input  wire         c_valid,
    output wire         c_ready,
    input  wire [255:0] c_key,
    input  wire [1:0]   c_klen,
    input  wire         c_dec,

    input  wire [63:0]  s_tdata,
    input  wire [7:0]   s_tkeep,
    input  wire         s_tvalid,
    output wire         s_tready,
    input  wire         s_tlast,

    output wire [63:0]  m_tdata,
    output wire [7:0]   m_tkeep,
    output wire         m_tvalid,
    input  wire         m_tready,
    output wire         m_tlast,

    output wire         st_valid,
    input  wire         st_ready,
    output wire         st_fail,
    output wire [127:0] st_tag,

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

function [63:0] bswap;          // lane 0 (byte 0) <-> bits [63:56]
    input [63:0] d;
    integer b;
    for (b = 0; b < 8; b = b + 1) bswap[63-8*b -: 8] = d[8*b +: 8];
endfunction

function [63:0] keep_mask;      // the bytes s_tkeep qualifies, lane order
    input [7:0] k;
    integer b;
    for (b = 0; b < 8; b = b + 1) keep_mask[8*b +: 8] = {8{k[b]}};
endfunction

function [3:0] keep_count;      // bytes of a beat (s_tkeep = 2^k - 1)
    input [7:0] m;
    integer b;
    begin
        keep_count = 4'd0;
        for (b = 0; b < 8; b = b + 1) keep_count = keep_count + {3'd0, m[b]};
    end
endfunction

function [127:0] head_mask;     // the first n bytes of a block (byte 0 at [127:120])
    input [4:0] n;
    integer b;
    for (b = 0; b < 16; b = b + 1) head_mask[127-8*b -: 8] = ({27'd0, n} > b) ? 8'hff : 8'h00;
endfunction

localparam [3:0] S_IDLE = 4'd0,    // wait for a command
                 S_H    = 4'd1,    // H = E_K(0)
                 S_COL  = 4'd2,    // collect a block of the current part
                 S_MUL  = 4'd3,    // Y or S = (acc ^ x) . H
                 S_AES  = 4'd4,    // message block: E_K(counter)
                 S_OUT  = 4'd5,    // message block: output beats
                 S_END  = 4'd6,    // end of a part
                 S_EJ0  = 4'd7,    // E_K(J0)
                 S_ST   = 4'd8,    // status word
                 S_PEEK = 4'd9;    // a full message block: is the next beat the empty last one?
localparam [1:0] PT_IV = 2'd0, PT_AD = 2'd1, PT_MSG = 2'd2, PT_TAG = 2'd3;

reg  [3:0]   st;
reg  [1:0]   part;
reg          dec;
reg  [255:0] key;
reg  [1:0]   klen;
reg  [127:0] h;
reg  [127:0] y;             // J0 accumulator (IV hash), then J0
reg  [127:0] s;             // GHASH accumulator over AD and C
reg  [127:0] ctr;           // the counter block of the last message block
reg  [95:0]  iv0;           // first 12 IV bytes (J0 of a 12-byte IV)
reg  [31:0]  iv_len, ad_len, msg_len;   // bytes
reg  [127:0] blk;           // the block being collected, byte 0 at [127:120]
reg  [4:0]   bn;            // its bytes
reg          bhalf;         // its first beat is in
reg          blast;         // the part ended with it
reg  [127:0] ob;            // message block output (masked)
reg          obeat;         // output beat 0/1
reg  [127:0] tag_in;        // DEC: the received tag
reg          tag_seen;
reg  [127:0] tag;
reg          fail;
reg          mul_len;       // the product under way takes the length block (then E_K(J0))
reg          mul_ivlen;     // the product under way ends the IV hash (then J0 = y)
reg          mul_y;         // the product under way goes to y (else s)

// ---- cipher
wire         a_ready, a_valid;
/* verilator lint_off UNUSEDSIGNAL */
wire [255:0] a_out;         // an AES block: [255:128], the rest 0
wire         a_err;         // never set: c_klen is 0..2 (3 is treated as 2)
wire         a_user;
/* verilator lint_on UNUSEDSIGNAL */
wire [127:0] ctr_next = {ctr[127:32], ctr[31:0] + 32'd1};
wire [127:0] a_in = (st == S_H) ? 128'd0 : (st == S_EJ0) ? y : ctr_next;
reg          a_sent;
wire         a_req = (st == S_H || st == S_AES || st == S_EJ0) && !a_sent;
rijndael_iter_client #(.EXT_CIPHER(EXT_CIPHER), .NB8(0), .USER_W(1)) u_aes (
    .clk(clk), .rst(rst),
    .s_valid(a_req), .s_ready(a_ready), .s_nb8(1'b0), .s_klen(klen),
    .s_key(key), .s_block({a_in, 128'd0}), .s_user(1'b0),
    .m_valid(a_valid), .m_ready(1'b1), .m_block(a_out), .m_err(a_err), .m_user(a_user),
    .cph_s_valid(cph_s_valid), .cph_s_ready(cph_s_ready), .cph_s_nb8(cph_s_nb8),
    .cph_s_klen(cph_s_klen), .cph_s_key(cph_s_key), .cph_s_block(cph_s_block),
    .cph_s_user(cph_s_user), .cph_m_valid(cph_m_valid), .cph_m_ready(cph_m_ready),
    .cph_m_block(cph_m_block), .cph_m_err(cph_m_err), .cph_m_user(cph_m_user));
wire [127:0] a_blk = a_out[255:128];

// ---- multiplier
reg  [127:0] mx;
reg          m_go;
wire         m_done;
wire [127:0] m_z;
ghash_mul #(.IMPL(0), .PIPE(2), .IN_REG(0)) u_mul (
    .clk(clk), .rst(rst), .in_valid(m_go), .x(mx), .h(h), .out_valid(m_done), .z(m_z));

// ---- input
wire [3:0]   k_in = keep_count(s_tkeep);
wire [63:0]  be   = bswap(s_tdata & keep_mask(s_tkeep));
assign s_tready = (st == S_COL) || (st == S_PEEK && s_tkeep == 8'd0 && s_tlast);
wire         take = s_tvalid && s_tready;

// ---- output
wire [4:0]   o_left = obeat ? bn - 5'd8 : bn;      // bytes of the block not yet sent
assign m_tvalid = (st == S_OUT);
assign m_tdata  = bswap(obeat ? ob[63:0] : ob[127:64]);
assign m_tkeep  = (o_left >= 5'd8) ? 8'hff : ~(8'hff << o_left[2:0]);
assign m_tlast  = blast && o_left <= 5'd8;
wire         o_done = m_tready && o_left <= 5'd8;

assign c_ready  = (st == S_IDLE);
assign st_valid = (st == S_ST);
assign st_fail  = fail;
assign st_tag   = tag;

wire [127:0] len_blk = {29'd0, ad_len, 3'd0, 29'd0, msg_len, 3'd0};

always @(posedge clk) begin
    m_go <= 1'b0;
    if (a_req && a_ready)
        a_sent <= 1'b1;
    case (st)
    S_IDLE: if (c_valid) begin
        key     <= c_key;
        klen    <= (c_klen == 2'd3) ? 2'd2 : c_klen;
        dec     <= c_dec;
        part    <= PT_IV;
        y       <= 128'd0;
        s       <= 128'd0;
        iv_len  <= 32'd0;
        ad_len  <= 32'd0;
        msg_len <= 32'd0;
        bn      <= 5'd0;
        bhalf   <= 1'b0;
        blk     <= 128'd0;
        tag_seen <= 1'b0;
        tag_in  <= 128'd0;
        fail    <= 1'b0;
        a_sent  <= 1'b0;
        st      <= S_H;
    end
    S_H: if (a_valid) begin
        h      <= a_blk;
        a_sent <= 1'b0;
        st     <= S_COL;
    end
    S_COL: if (take) begin
        if (!bhalf)
            blk[127:64] <= be;
        else
            blk[63:0] <= be;
        bn <= bn + {1'b0, k_in};
        if (s_tlast || bhalf) begin
            blast <= s_tlast;
            bhalf <= 1'b0;
            if (bn + {1'b0, k_in} == 5'd0) begin
                st <= S_END;                       // an empty last block: nothing to process
            end else begin
                case (part)
                PT_IV: begin
                    if (iv_len == 32'd0)
                        iv0 <= bhalf ? {blk[127:64], be[63:32]} : {be, 32'd0};
                    iv_len    <= iv_len + {27'd0, bn + {1'b0, k_in}};
                    mx        <= y ^ (bhalf ? {blk[127:64], be} : {be, 64'd0});
                    mul_y     <= 1'b1;
                    mul_len   <= 1'b0;
                    mul_ivlen <= 1'b0;
                    m_go      <= 1'b1;
                            st        <= S_MUL;
                end
                PT_AD: begin
                    ad_len    <= ad_len + {27'd0, bn + {1'b0, k_in}};
                    mx        <= s ^ (bhalf ? {blk[127:64], be} : {be, 64'd0});
                    mul_y     <= 1'b0;
                    mul_len   <= 1'b0;
                    mul_ivlen <= 1'b0;
                    m_go      <= 1'b1;
                            st        <= S_MUL;
                end
                PT_MSG: begin
                    msg_len <= msg_len + {27'd0, bn + {1'b0, k_in}};
                    a_sent  <= 1'b0;
                    st      <= s_tlast ? S_AES : S_PEEK;
                end
                default: begin                     // the received tag: its first block
                    if (!tag_seen)
                        tag_in <= bhalf ? {blk[127:64], be} : {be, 64'd0};
                    tag_seen <= 1'b1;
                    st       <= s_tlast ? S_END : S_COL;
                    bn       <= 5'd0;
                end
                endcase
            end
        end else begin
            bhalf <= 1'b1;
        end
    end
    S_MUL: if (m_done) begin
        if (mul_y)
            y <= m_z;
        else
            s <= m_z;
        bn  <= 5'd0;
        blk <= 128'd0;
        if (mul_len) begin
            a_sent <= 1'b0;
            st     <= S_EJ0;
        end else if (mul_ivlen) begin
            part <= PT_AD;
            st   <= S_COL;
        end else begin
            st <= blast ? S_END : S_COL;
        end
    end
    S_PEEK: if (s_tvalid) begin                   // m_tlast needs to know the block is the last
        if (s_tkeep == 8'd0 && s_tlast)
            blast <= 1'b1;                         // that beat is taken now
        st <= S_AES;
    end
    S_AES: if (a_valid) begin
        ctr    <= ctr_next;
        ob     <= (blk ^ a_blk) & head_mask(bn);
        obeat  <= 1'b0;
        st     <= S_OUT;
    end
    S_OUT: if (m_tready) begin
        obeat <= 1'b1;
        if (o_done) begin
            mx        <= s ^ (dec ? (blk & head_mask(bn)) : ob);
            mul_y     <= 1'b0;
            mul_len   <= 1'b0;
            mul_ivlen <= 1'b0;
            m_go      <= 1'b1;
            st        <= S_MUL;
        end
    end
    S_END: begin                                   // the part's last block is processed
        bn  <= 5'd0;
        blk <= 128'd0;
        case (part)
        PT_IV: if (iv_len == 32'd12) begin
            y    <= {iv0, 32'd1};
            part <= PT_AD;
            st   <= S_COL;
        end else begin
            mx        <= y ^ {96'd0, iv_len[28:0], 3'd0};
            mul_y     <= 1'b1;
            mul_len   <= 1'b0;
            mul_ivlen <= 1'b1;
            m_go      <= 1'b1;
            st        <= S_MUL;
        end
        PT_AD: begin
            ctr  <= y;
            part <= PT_MSG;
            st   <= S_COL;
        end
        PT_MSG: begin
            mx        <= s ^ len_blk;
            mul_y     <= 1'b0;
            mul_len   <= 1'b1;
            mul_ivlen <= 1'b0;
            m_go      <= 1'b1;
            st        <= S_MUL;
        end
        default: begin
            fail <= (tag_in != tag);
            st   <= S_ST;
        end
        endcase
    end
    S_EJ0: if (a_valid) begin
        tag <= a_blk ^ s;
        if (dec) begin
            part <= PT_TAG;
            st   <= S_COL;
        end else begin
            st <= S_ST;
        end
    end
    S_ST: if (st_ready) st <= S_IDLE;
    default: st <= S_IDLE;
    endcase
    if (rst) begin
        st       <= S_IDLE;
        a_sent   <= 1'b0;
        m_go     <= 1'b0;
        fail     <= 1'b0;
    end
end

endmodule

`default_nettype wire
