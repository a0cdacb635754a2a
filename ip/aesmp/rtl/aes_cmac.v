// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// AES-CMAC (NIST SP 800-38B = OMAC1) for 128-, 192- and 256-bit keys on one rijndael_iter
// (AES only, NB8 = 0). Golden model: linecrypt/models/cmac.py.
//
// Per message: one command word (c_key, c_klen = 0/1/2 for 128/192/256-bit keys, c_tlen = tag
// bytes 1..16), then the message on s_t*, then the tag on m_t* and one status word.
// Subkeys in hardware (SP 800-38B 6.1): L = AES_K(0^128), K1 = dbl(L), K2 = dbl(K1),
// dbl(X) = (X << 1) ^ (MSB(X) ? 0x87 : 0), X read as one big-endian integer. L is kept: a
// command whose c_key and c_klen equal the previous message's (all 256 bits of c_key compared)
// skips it; any other key computes it first.
// MAC (6.2): C_0 = 0, C_i = AES_K(C_{i-1} ^ M_i); the last block is M_n ^ K1 when it is
// complete (and the message is not empty), else (M_n || 0x80 || 0*) ^ K2; the empty message is
// one padded block. The tag is the first c_tlen bytes of C_n.
//
// Byte order. Input: AXI-Stream byte lanes, message byte 8n + k is s_tdata[8k +: 8] of beat n;
// every beat before the last carries 8 bytes (s_tkeep = 8'hff), the last (s_tlast) 0..8 bytes
// with s_tkeep = 2^k - 1 (an empty message is one beat with s_tkeep = 0). Keys and blocks are
// FIPS-197 byte strings, byte 0 in the most significant byte (c_key[255:248]; a 128-bit key is
// c_key[255:128], a 192-bit key c_key[255:64]). Output: tag byte 8n + k in m_tdata[8k +: 8] of
// beat n, m_tkeep = 2^k - 1 for the bytes the beat carries, m_tlast on the last beat (1 beat for
// c_tlen <= 8, else 2).
//
// Whether a full block is the last one is known only from the beat after it (a message may end
// with a beat of s_tkeep = 0), so one beat is held at the input until the next arrives or it
// carries s_tlast; a trailing s_tkeep = 0 beat marks the held beat as the last.
//
// Status: st_err = 0 after the tag's last beat; st_err = 1 and no tag for c_klen = 3, c_tlen
// outside 1..16, a beat before the last with s_tkeep != 8'hff, or a last beat whose s_tkeep is
// not 2^k - 1. The message is read up to its s_tlast either way.
//
// Timing: the subkey block (for a new key) then each message block take Nr + 3 clocks (13, 15, 17 for AES-128,
// -192, -256): Nr + 2 in rijndael_iter and one to take its result into C. rst (synchronous,
// active high) on any clock drops the message in flight.
//
// Cipher (rijndael_iter_client): EXT_CIPHER = 0 holds its rijndael_iter (NB8 = 0); EXT_CIPHER = 1
// drives one outside (NB8 = 0 or 1) on the cph_* ports, as lwc_aes shares one between the modes
// (rijndael_iter_mux), with the same clock counts. Reset that cipher with this module, so that no
// block of a dropped message comes back.
module aes_cmac #(
    parameter EXT_CIPHER = 0     // 1: the cipher is outside, on the cph_* ports
) (
    input  wire         clk,
    input  wire         rst,

    input  wire         c_valid,
    output wire         c_ready,
    input  wire [255:0] c_key,
    input  wire [1:0]   c_klen,
    input  wire [4:0]   c_tlen,

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
    output wire         st_err,

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

function [127:0] dbl;           // SP 800-38B 6.1: X << 1, ^ Rb if MSB(X)
    input [127:0] x;
    dbl = {x[126:0], 1'b0} ^ (x[127] ? 128'h87 : 128'h0);
endfunction

localparam [2:0] S_IDLE = 3'd0,    // waiting for a command
                 S_L    = 3'd1,    // L = AES_K(0) in the cipher
                 S_ABS  = 3'd2,    // message blocks
                 S_TAG  = 3'd3,    // tag beats out
                 S_ST   = 3'd4,    // status word out
                 S_DRN  = 3'd5,    // error: read to s_tlast
                 S_ERR  = 3'd6;    // error: wait for the cipher, then the status
reg  [2:0]   st;
reg  [255:0] key_q;
reg  [1:0]   klen_q;
reg  [4:0]   tlen_q;
reg  [127:0] l_q;          // L
reg  [127:0] c_q;          // CBC chaining value C_i
reg  [127:0] a;            // block being assembled (byte 0 in [127:120]), padding included
reg          ab;           // next beat's position in a
reg          a_full, a_last, a_k1;
reg          busy;         // a block in the cipher
reg          l_busy;       // ... and it is L
reg          l_ok;         // l_q is L of key_q / klen_q
reg          fin_busy;     // ... and it is the last message block
reg          err;
reg          ob;           // tag beat
reg          in_open;      // the message's s_tlast not taken yet

// ---- input: one beat held until the next shows whether it is the last (see the header)
reg          hv, hl, herr;
reg  [63:0]  hd;
reg  [3:0]   hk;
wire [3:0]   k_in   = keep_count(s_tkeep);
wire         bad_in = k_in == 4'hf || (!s_tlast && k_in != 4'd8);
wire         empty_last = s_tlast && s_tkeep == 8'h00;
wire         n_ready;
wire         n_valid = hv && (hl || s_tvalid);
wire         n_last  = hl || empty_last;
wire         n_fire  = n_valid && n_ready;
assign s_tready = in_open && (!hv || (!hl && n_ready));
wire         take = s_tvalid && s_tready;

always @(posedge clk) begin
    if (take) begin
        if (!hv) begin
            hv <= 1'b1;
        end else if (empty_last) begin
            hv <= 1'b0;                      // the held beat leaves as the last
        end
        if (!hv || !empty_last) begin
            hd   <= s_tdata;
            hk   <= k_in;
            hl   <= s_tlast;
            herr <= bad_in;
        end
        if (s_tlast) in_open <= 1'b0;
    end else if (n_fire) begin
        hv <= 1'b0;                          // hl: the last beat leaves
    end
    if (st == S_IDLE && c_valid) in_open <= 1'b1;
    if (rst) begin
        hv      <= 1'b0;
        in_open <= 1'b0;
    end
end

// ---- the cipher
wire [127:0] k1 = dbl(l_q);
wire [127:0] k2 = dbl(k1);
wire [127:0] m_in = c_q ^ a ^ (a_last ? (a_k1 ? k1 : k2) : 128'd0);
wire         c_req = (st == S_L && !busy) || (st == S_ABS && a_full && !busy);
wire         cr_ready, cr_valid;
/* verilator lint_off UNUSEDSIGNAL */
wire [255:0] cr_out;            // an AES block: [255:128], the rest 0
wire         cr_err, cr_user;   // never set: the key length is checked at the command
/* verilator lint_on UNUSEDSIGNAL */
rijndael_iter_client #(.EXT_CIPHER(EXT_CIPHER), .NB8(0), .USER_W(1)) u_cipher (
    .clk(clk), .rst(rst),
    .s_valid(c_req), .s_ready(cr_ready), .s_nb8(1'b0), .s_klen(klen_q),
    .s_key(key_q), .s_block({(st == S_L) ? 128'd0 : m_in, 128'd0}), .s_user(1'b0),
    .m_valid(cr_valid), .m_ready(1'b1), .m_block(cr_out), .m_err(cr_err), .m_user(cr_user),
    .cph_s_valid(cph_s_valid), .cph_s_ready(cph_s_ready), .cph_s_nb8(cph_s_nb8),
    .cph_s_klen(cph_s_klen), .cph_s_key(cph_s_key), .cph_s_block(cph_s_block),
    .cph_s_user(cph_s_user), .cph_m_valid(cph_m_valid), .cph_m_ready(cph_m_ready),
    .cph_m_block(cph_m_block), .cph_m_err(cph_m_err), .cph_m_user(cph_m_user));
wire issue = c_req && cr_ready;

// ---- block assembly
assign n_ready = (st == S_ABS && !a_full) || st == S_DRN;
wire [63:0] nbeat = n_last ? last_beat(hd, hk) : hd;
wire        n_bad = herr;
wire        wr = n_fire && st == S_ABS && !n_bad;

wire bad_cmd = c_klen == 2'd3 || c_tlen == 5'd0 || c_tlen > 5'd16;
wire same_key = l_ok && c_key == key_q && c_klen == klen_q;
assign c_ready = st == S_IDLE;

// tag out
wire [4:0] rem = tlen_q - {1'b0, ob, 3'b000};
assign m_tvalid = st == S_TAG;
assign m_tdata  = bswap(ob ? c_q[63:0] : c_q[127:64]);
assign m_tkeep  = (rem >= 5'd8) ? 8'hff : ~(8'hff << rem[2:0]);
assign m_tlast  = rem <= 5'd8;
assign st_valid = st == S_ST;
assign st_err   = err;

always @(posedge clk) begin
    if (wr) begin
        if (!ab) begin
            // first half; the second half 0, or 0x80 0* after a full last beat of 8 bytes
            a <= {bswap(nbeat), (n_last && hk == 4'd8) ? 8'h80 : 8'h00, 56'd0};
        end else begin
            a[63:0] <= bswap(nbeat);
        end
        ab <= !ab && !n_last;
        if (ab || n_last) begin
            a_full <= 1'b1;
            a_last <= n_last;
            a_k1   <= ab && n_last && hk == 4'd8;
        end
    end
    if (issue) begin
        busy     <= 1'b1;
        l_busy   <= st == S_L;
        fin_busy <= st == S_ABS && a_last;
        if (st == S_ABS) a_full <= 1'b0;
    end
    if (cr_valid) begin
        busy   <= 1'b0;
        l_busy <= 1'b0;
        if (l_busy) begin
            l_q  <= cr_out[255:128];
            l_ok <= 1'b1;
        end
        else        c_q <= cr_out[255:128];
    end
    case (st)
    S_IDLE: if (c_valid) begin
        key_q  <= c_key;
        klen_q <= bad_cmd ? 2'd0 : c_klen;
        tlen_q <= c_tlen;
        c_q    <= 128'd0;
        ab     <= 1'b0;
        a_full <= 1'b0;
        err    <= bad_cmd;
        l_ok   <= !bad_cmd && same_key;
        st     <= bad_cmd ? S_DRN : same_key ? S_ABS : S_L;
    end
    S_L: if (cr_valid) st <= S_ABS;
    S_ABS: begin
        if (n_fire && n_bad) begin
            err <= 1'b1;
            st  <= n_last ? S_ERR : S_DRN;
        end
        if (cr_valid && fin_busy) begin
            ob <= 1'b0;
            st <= S_TAG;
        end
    end
    S_TAG: if (m_tready) begin
        ob <= 1'b1;
        if (m_tlast) st <= S_ST;
    end
    S_ST: if (st_ready) st <= S_IDLE;
    S_DRN: if (n_fire && n_last) st <= S_ERR;
    S_ERR: if (!busy) st <= S_ST;
    default: st <= S_IDLE;
    endcase
    if (rst) begin
        st       <= S_IDLE;
        busy     <= 1'b0;
        l_busy   <= 1'b0;
        l_ok     <= 1'b0;
        fin_busy <= 1'b0;
        a_full   <= 1'b0;
        ab       <= 1'b0;
        err      <= 1'b0;
        ob       <= 1'b0;
    end
end

endmodule

`default_nettype wire
