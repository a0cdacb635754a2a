// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Fortuna-style generator (Ferguson and Schneier 2003, 10.3) as linecrypt/models/fortuna.py
// defines it: the generator only, the caller supplies each seed.
//
// State: a 256-bit AES-256 key K and a 128-bit counter C, both 0 after reset; C = 0 means "not
// seeded". Commands (c_op):
//   0 RESEED:   K = SHA-256(K || seed), C = C + 1; the seed comes on s_t* (any byte length,
//               an empty seed is one s_tkeep = 0 beat). One status word.
//   2 SEED:     the reseed from the reset state: K = SHA-256(0^256 || seed), C = 1 (what a
//               reset followed by RESEED gives, except that a refused SEED leaves the state
//               as it was); the seed on s_t* as for RESEED. One status word.
//   1 GENERATE: c_nbytes = n bytes, 0..2^20: ceil(n/16) blocks AES-256_K(C), C = C + 1 after
//               each; their first n bytes leave on m_t*; then two more blocks become the new K
//               (first block first). One status word after the last byte.
// The counter block is C as 16 bytes, little-endian (byte 0 the least significant byte), as the
// book gives it; AES in FIPS-197 byte order on rijndael_iter (NB8 = 0). SHA-256 on
// sha256_compress, padding (0x80, zeros, 64-bit big-endian bit length) here.
//
// Byte order on the streams: AXI-Stream lanes, byte 8n + j at tdata[8j +: 8] of beat n; every
// beat but the last carries 8 bytes, the last k = 0..8 with tkeep = 2^k - 1 (m_t*: a GENERATE
// of n bytes gives ceil(n/8) beats, none for n = 0).
//
// st_err = 1, with no state change and no output: GENERATE before the first RESEED (C = 0),
// GENERATE with n > 2^20, c_op 3 (no data read), a RESEED or SEED whose seed has a beat before the
// last with s_tkeep != 8'hff or a last beat whose s_tkeep is not 2^k - 1 (read to s_tlast).
// C wrapping to 0 inside a request is not detected (2^128 blocks).
//
// Timing: GENERATE runs one AES-256 block per 16 clocks (Nr + 2), output beats overlapping the
// next block; RESEED takes 67 clocks per 64-byte SHA-256 block of K || seed || padding.
// rst (synchronous, active high) returns to the unseeded state from any clock.
//
// Cipher (rijndael_iter_client): EXT_CIPHER = 0 holds its rijndael_iter (NB8 = 0); EXT_CIPHER = 1
// drives one outside (NB8 = 0 or 1) on the cph_* ports, as lwc_aes shares one between the modes
// (rijndael_iter_mux), with the same clock counts. Reset that cipher with this module, so that no
// block of a dropped message comes back.
module fortuna_gen #(
    parameter EXT_CIPHER = 0     // 1: the cipher is outside, on the cph_* ports
) (
    input  wire        clk,
    input  wire        rst,

    input  wire        c_valid,
    output wire        c_ready,
    input  wire [1:0]  c_op,
    input  wire [20:0] c_nbytes,

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
    output wire [1:0]   cph_s_user,
    input  wire         cph_s_ready, cph_m_valid, cph_m_err,
    input  wire [255:0] cph_m_block,
    input  wire [1:0]   cph_m_user
);

localparam [255:0] SHA_IV = 256'h6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19;

function [63:0] bswap;          // lane 0 (byte 0) <-> bits [63:56]
    input [63:0] d;
    integer b;
    for (b = 0; b < 8; b = b + 1) bswap[63-8*b -: 8] = d[8*b +: 8];
endfunction

function [127:0] bswap128;
    input [127:0] d;
    integer b;
    for (b = 0; b < 16; b = b + 1) bswap128[127-8*b -: 8] = d[8*b +: 8];
endfunction

function [63:0] last_beat;      // lanes below k kept, lane k = 0x80 (k < 8), the rest 0
    input [63:0] d;
    input [3:0]  k;
    integer b;
    for (b = 0; b < 8; b = b + 1)
        last_beat[8*b +: 8] = ({28'd0, k} > b) ? d[8*b +: 8] : ({28'd0, k} == b) ? 8'h80 : 8'h00;
endfunction

function [3:0] keep_count;      // k for tkeep = 2^k - 1, 4'hf for any other value
    input [7:0] m;
    case (m)
        8'h00: keep_count = 4'd0;  8'h01: keep_count = 4'd1;  8'h03: keep_count = 4'd2;
        8'h07: keep_count = 4'd3;  8'h0f: keep_count = 4'd4;  8'h1f: keep_count = 4'd5;
        8'h3f: keep_count = 4'd6;  8'h7f: keep_count = 4'd7;  8'hff: keep_count = 4'd8;
        default: keep_count = 4'hf;
    endcase
endfunction

localparam [3:0] S_IDLE = 4'd0,
                 S_KEY  = 4'd1,    // RESEED: K (SEED: zeros) into the hash input (4 beats)
                 S_SEED = 4'd2,    // RESEED: seed beats
                 S_PAD  = 4'd3,    // RESEED: padding beats
                 S_SFIN = 4'd4,    // RESEED: the last hash block
                 S_GEN  = 4'd5,    // GENERATE
                 S_ST   = 4'd6,    // status word
                 S_DRN  = 4'd7,    // malformed seed: read to s_tlast
                 S_SERR = 4'd8;    // malformed seed: wait for the hash, then the status
reg  [3:0]   st;
reg  [255:0] key;
reg  [127:0] ctr;
reg          err;

// ---- RESEED: SHA-256 over K || seed
reg  [511:0] sbuf;
reg  [2:0]   bi;
reg          sbuf_full, sbusy, need80;
reg  [60:0]  slen;          // hashed bytes so far (K's 32 included)
reg  [255:0] hv;            // SHA-256 chaining value
reg  [1:0]   kb;            // K beat
reg          fresh;         // SEED: hash 0^256 in place of K, C = 1 at the end

wire         sh_ready, sh_valid;
wire [255:0] sh_out;
sha256_compress u_sha (
    .clk(clk), .rst(rst),
    .s_valid(sbuf_full && !sbusy), .s_ready(sh_ready), .s_h(hv), .s_block(sbuf),
    .m_valid(sh_valid), .m_ready(1'b1), .m_h(sh_out));
wire sh_issue = sbuf_full && !sbusy && sh_ready;

wire [3:0] k_in = keep_count(s_tkeep);
wire       bad_in = k_in == 4'hf || (!s_tlast && k_in != 4'd8);
assign s_tready = (st == S_SEED && !sbuf_full) || st == S_DRN;
wire       take = s_tvalid && s_tready;
wire       pad_wr = st == S_PAD && !sbuf_full;
wire       len_wr = pad_wr && bi == 3'd7 && !need80;
wire       key_wr = st == S_KEY && !sbuf_full;
// the 8 bytes written into sbuf this clock, byte 0 in [63:56]
wire [63:0] wbe = (st == S_KEY) ? (fresh ? 64'd0 : key[255-64*kb -: 64])
                : (st == S_PAD) ? (len_wr ? {slen, 3'b000} : {need80 ? 8'h80 : 8'h00, 56'd0})
                : bswap(s_tlast ? last_beat(s_tdata, k_in) : s_tdata);
wire        swr = key_wr || pad_wr || (take && st == S_SEED && !bad_in);

// ---- GENERATE: AES-256 counter mode on rijndael_iter
reg  [16:0]  nb_left;       // output blocks still to start
reg  [1:0]   rk_left;       // rekey blocks still to start
reg  [20:0]  bytes_left;    // output bytes still to send
reg  [127:0] obuf;          // output block being sent
reg          obuf_v;
reg          ob;            // its beat
reg  [127:0] ktmp;          // first rekey block
reg          rekeyed;

wire         a_ready, a_valid;
wire [1:0]   a_user;        // 0 output block, 1 first rekey block, 2 second
/* verilator lint_off UNUSEDSIGNAL */
wire [255:0] a_out;         // an AES block: [255:128], the rest 0
wire         a_err;         // never set: the key is always 256 bits
/* verilator lint_on UNUSEDSIGNAL */
wire         a_req = st == S_GEN && (nb_left != 17'd0 || rk_left != 2'd0);
wire [1:0]   a_tag = (nb_left != 17'd0) ? 2'd0 : (rk_left == 2'd2) ? 2'd1 : 2'd2;
wire         a_take = a_user != 2'd0 || !obuf_v;
rijndael_iter_client #(.EXT_CIPHER(EXT_CIPHER), .NB8(0), .USER_W(2)) u_aes (
    .clk(clk), .rst(rst),
    .s_valid(a_req), .s_ready(a_ready), .s_nb8(1'b0), .s_klen(2'd2),
    .s_key(key), .s_block({bswap128(ctr), 128'd0}), .s_user(a_tag),
    .m_valid(a_valid), .m_ready(a_take), .m_block(a_out), .m_err(a_err), .m_user(a_user),
    .cph_s_valid(cph_s_valid), .cph_s_ready(cph_s_ready), .cph_s_nb8(cph_s_nb8),
    .cph_s_klen(cph_s_klen), .cph_s_key(cph_s_key), .cph_s_block(cph_s_block),
    .cph_s_user(cph_s_user), .cph_m_valid(cph_m_valid), .cph_m_ready(cph_m_ready),
    .cph_m_block(cph_m_block), .cph_m_err(cph_m_err), .cph_m_user(cph_m_user));
wire a_issue = a_req && a_ready;

wire [20:0] beat_bytes = (bytes_left >= 21'd8) ? 21'd8 : bytes_left;
assign m_tvalid = obuf_v;
assign m_tdata  = bswap(ob ? obuf[63:0] : obuf[127:64]);
assign m_tkeep  = (bytes_left >= 21'd8) ? 8'hff : ~(8'hff << bytes_left[2:0]);
assign m_tlast  = bytes_left <= 21'd8;

wire gen_bad = c_nbytes > 21'h100000 || ctr == 128'd0;
assign c_ready  = st == S_IDLE;
assign st_valid = st == S_ST;
assign st_err   = err;

always @(posedge clk) begin
    // hash input
    if (swr) begin
        sbuf[511-64*bi -: 64] <= wbe;
        bi <= bi + 3'd1;
        if (bi == 3'd7) sbuf_full <= 1'b1;
    end
    if (sh_issue) begin
        sbusy     <= 1'b1;
        sbuf_full <= 1'b0;
    end
    if (sh_valid) begin
        hv    <= sh_out;
        sbusy <= 1'b0;
    end
    // generator
    if (a_issue) begin
        ctr <= ctr + 128'd1;
        if (nb_left != 17'd0) nb_left <= nb_left - 17'd1;
        else                  rk_left <= rk_left - 2'd1;
    end
    if (a_valid && a_take) begin
        case (a_user)
        2'd0: begin
            obuf   <= a_out[255:128];
            obuf_v <= 1'b1;
            ob     <= 1'b0;
        end
        2'd1: ktmp <= a_out[255:128];
        default: begin
            key     <= {ktmp, a_out[255:128]};
            rekeyed <= 1'b1;
        end
        endcase
    end
    if (m_tvalid && m_tready) begin
        bytes_left <= bytes_left - beat_bytes;
        ob <= 1'b1;
        if (ob || m_tlast) obuf_v <= 1'b0;
    end

    case (st)
    S_IDLE: if (c_valid) begin
        err <= 1'b0;
        if (c_op == 2'd0 || c_op == 2'd2) begin
            fresh <= c_op[1];
            hv   <= SHA_IV;
            slen <= 61'd32;
            bi   <= 3'd0;
            kb   <= 2'd0;
            st   <= S_KEY;
        end else if (c_op == 2'd1 && !gen_bad) begin
            nb_left    <= c_nbytes[20:4] + {16'd0, c_nbytes[3:0] != 4'd0};
            rk_left    <= 2'd2;
            bytes_left <= c_nbytes;
            rekeyed    <= 1'b0;
            st         <= S_GEN;
        end else begin
            err <= 1'b1;
            st  <= S_ST;
        end
    end
    S_KEY: if (key_wr) begin
        kb <= kb + 2'd1;
        if (kb == 2'd3) st <= S_SEED;
    end
    S_SEED: if (take) begin
        if (bad_in) begin
            err <= 1'b1;
            st  <= s_tlast ? S_SERR : S_DRN;
        end else begin
            slen <= slen + {57'd0, k_in};
            if (s_tlast) begin
                need80 <= k_in == 4'd8;
                st     <= S_PAD;
            end
        end
    end
    S_PAD: if (pad_wr) begin
        need80 <= 1'b0;
        if (len_wr) st <= S_SFIN;
    end
    S_SFIN: if (!sbuf_full && !sbusy) begin
        key <= hv;
        ctr <= fresh ? 128'd1 : ctr + 128'd1;
        st  <= S_ST;
    end
    S_GEN: if (rekeyed && !obuf_v) st <= S_ST;
    S_ST: if (st_ready) st <= S_IDLE;
    S_DRN: if (take && s_tlast) st <= S_SERR;
    S_SERR: if (!sbusy) begin
        sbuf_full <= 1'b0;
        st        <= S_ST;
    end
    default: st <= S_IDLE;
    endcase
    if (rst) begin
        st        <= S_IDLE;
        key       <= 256'd0;
        ctr       <= 128'd0;
        err       <= 1'b0;
        sbuf_full <= 1'b0;
        sbusy     <= 1'b0;
        need80    <= 1'b0;
        obuf_v    <= 1'b0;
        nb_left   <= 17'd0;
        rk_left   <= 2'd0;
        rekeyed   <= 1'b0;
    end
end

endmodule

`default_nettype wire
