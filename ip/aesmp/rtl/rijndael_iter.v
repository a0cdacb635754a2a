// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Iterative Rijndael encryptor: one round per clock, block Nb = 4 words (AES) or Nb = 8 words
// (Rijndael-256), key Nk = 4, 6 or 8 words, round keys expanded on the fly (one round key of
// Nb words per clock, no key memory). The cipher of Daemen and Rijmen's AES proposal (v2, 1999);
// FIPS-197 AES is its Nb = 4 subset. Golden model: linecrypt/models/rijndael.py.
//
// Bit and byte order (FIPS-197 section 3.4, extended to Nb columns): block byte k is
// s_block[255-8k -: 8], key byte k is s_key[255-8k -: 8]: byte 0 is the most significant byte.
// The state is column-major, s[r][c] = byte r + 4c, so column c is state[255-32c -: 32] and key
// word w[i] is s_key[255-32i -: 32]. An AES block (Nb = 4) is bytes 0..15, s_block[255:128]; its
// result is m_block[255:128] with m_block[127:0] = 0. A 128-bit key is s_key[255:128], a 192-bit
// key s_key[255:64]; the unused key bits are ignored.
//
// Mode per block: s_nb8 = 0 for Nb = 4 (ShiftRows offsets 1, 2, 3), 1 for Nb = 8 (offsets
// 1, 3, 4); s_klen = 0, 1, 2 for 128-, 192-, 256-bit keys. Nr = max(Nk, Nb) + 6: 10, 12, 14
// for AES, 14 for every key size at Nb = 8.
//
// Key expansion (FIPS-197 5.2 over Nb * (Nr + 1) words): the clock that applies round key r
// computes words w[Nb*r .. Nb*r + Nb-1] from the eight words before them (hist) and from the key
// (words w[i], i < Nk). SubWord is needed at most twice per eight words and only at even word
// positions inside the chunk, so four SubWord units (16 S-boxes) serve every Nb/Nk pair:
// (Nb, Nk) = (8, 4): positions 0, 4; (8, 6): 0 and 6, or 2, or 4; (8, 8): 0, 4; (4, 4): 0;
// (4, 6): 0 or 2; (4, 8): 0.
//
// Timing: the clock after s_valid && s_ready applies the initial AddRoundKey, then one round per
// clock; m_valid rises Nr + 1 clocks after the accepting edge. A new block is accepted on the
// clock m_valid && m_ready holds, so back-to-back blocks take Nr + 2 clocks each.
//
// Malformed input: s_klen = 3, or s_nb8 = 1 with NB8 = 0: the block is accepted and leaves on
// the next clock with m_err = 1 and m_block = 0. rst (synchronous, active high) may come on
// any clock: it drops the block in flight.
//
// NB8 = 0 builds a 128-bit datapath (AES only): s_block/m_block keep their 256-bit width, the
// low half unused.
module rijndael_iter #(
    parameter NB8    = 1,      // 1: Nb = 8 supported (256-bit datapath); 0: AES only
    parameter USER_W = 1       // sideband carried from s_user to m_user
) (
    input  wire              clk,
    input  wire              rst,

    input  wire              s_valid,
    output wire              s_ready,
    input  wire              s_nb8,
    input  wire [1:0]        s_klen,
    input  wire [255:0]      s_key,
    input  wire [255:0]      s_block,
    input  wire [USER_W-1:0] s_user,

    output wire              m_valid,
    input  wire              m_ready,
    output wire [255:0]      m_block,
    output wire              m_err,
    output wire [USER_W-1:0] m_user
);

localparam NC = NB8 ? 8 : 4;      // columns in the datapath

generate
if (NB8 != 0 && NB8 != 1) begin : g_bad_nb8
    $error("%m: NB8 must be 0 or 1");
end
if (USER_W < 1) begin : g_bad_user
    $error("%m: USER_W must be at least 1");
end
endgenerate

function [7:0] rc_xtime;   // Rcon step: multiply by {02} modulo x^8 + x^4 + x^3 + x + 1
    input [7:0] a;
    rc_xtime = {a[6:0], 1'b0} ^ (a[7] ? 8'h1b : 8'h00);
endfunction

// (t mod nk) for t <= 14, nk in {4, 6, 8}
function [3:0] mod_nk;
    input [4:0] t;
    input [3:0] nk;
    begin
        if (t >= {nk, 1'b0})      mod_nk = t[3:0] - {nk[2:0], 1'b0};
        else if (t >= {1'b0, nk}) mod_nk = t[3:0] - nk;
        else                      mod_nk = t[3:0];
    end
endfunction

localparam [1:0] S_IDLE = 2'd0, S_RUN = 2'd1, S_DONE = 2'd2;
reg  [1:0]        st;
reg               nb8_q;         // Nb = 8
reg  [3:0]        nk_q;          // 4, 6 or 8
reg  [3:0]        rnd;           // round applied this clock: 0 = initial AddRoundKey
reg  [3:0]        nr_q;          // Nr
reg  [6:0]        base;          // index of the first key word computed this clock
reg  [3:0]        imod;          // base mod Nk
reg  [7:0]        rc;            // Rcon of the next RotWord position
reg  [255:0]      key_q;         // w[0..Nk-1]
reg  [255:0]      hist;          // w[base-8 .. base-1], w[base-8] in [255:224]
reg  [255:0]      state;
reg               err_q;
reg  [USER_W-1:0] user_q;

// ---- key expansion: words w[base + j], j = 0..7 (only j < Nb is used)
// kw[j] reads kw[j-1] and rcj[j] reads rcj[j-1]: chains, not loops; split_var lets Verilator
// order the elements one by one
wire [31:0] kw [0:7] /* verilator split_var */;
wire [7:0]  rcj [0:8] /* verilator split_var */;  // Rcon for position j (advanced past each RotWord)
assign rcj[0] = rc;
genvar j;
generate
for (j = 0; j < 8; j = j + 1) begin : g_kw
    wire [6:0]  i     = base + j[6:0];
    wire        fresh = i < {3'd0, nk_q};                    // a key word
    wire [3:0]  m     = mod_nk({1'b0, imod} + j[4:0], nk_q);
    wire        rot   = !fresh && m == 4'd0;
    // w[i - 1] and w[i - Nk] (hist[8 + j - Nk] for j < Nk, else kw[j - Nk]); generate-time
    // selection so no word reads a later one
    wire [31:0] prev, b4, b6, b8;
    if (j == 0) begin : g_p0
        assign prev = hist[31:0];
    end else begin : g_pj
        assign prev = kw[j - 1];
    end
    if (j >= 4) begin : g_b4k
        assign b4 = kw[j - 4];
    end else begin : g_b4h
        assign b4 = hist[255 - 32*(j + 4) -: 32];
    end
    if (j >= 6) begin : g_b6k
        assign b6 = kw[j - 6];
    end else begin : g_b6h
        assign b6 = hist[255 - 32*(j + 2) -: 32];
    end
    assign b8 = hist[255 - 32*j -: 32];
    wire [31:0] back = (nk_q == 4'd4) ? b4 : (nk_q == 4'd6) ? b6 : b8;
    // a key word w[i], i = base + j < Nk: base is 0, or 4 with Nb = 4 (j < 4)
    wire [31:0] keyw = base[2] ? key_q[255 - 32*((j + 4) % 8) -: 32] : key_q[255 - 32*j -: 32];
    if (j % 2 == 0) begin : g_sub
        wire        subonly = !fresh && nk_q == 4'd8 && m == 4'd4;
        wire [31:0] sin = rot ? {prev[23:0], prev[31:24]} : prev;   // RotWord
        wire [31:0] sout;
        genvar b;
        for (b = 0; b < 4; b = b + 1) begin : g_sb
            aes_sbox u_sbox (.clk(clk), .rst(rst), .x(sin[31-8*b -: 8]), .y(sout[31-8*b -: 8]));
        end
        wire [31:0] temp = rot ? (sout ^ {rcj[j], 24'd0}) : subonly ? sout : prev;
        assign kw[j] = fresh ? keyw : back ^ temp;
    end else begin : g_xor
        assign kw[j] = fresh ? keyw : back ^ prev;
    end
    assign rcj[j + 1] = rot ? rc_xtime(rcj[j]) : rcj[j];
end
endgenerate

// the round key: Nb words; the unused half of an Nb = 4 key is 0
wire [255:0] rk = {kw[0], kw[1], kw[2], kw[3],
                   nb8_q ? {kw[4], kw[5], kw[6], kw[7]} : 128'd0};

// ---- round: SubBytes, ShiftRows, MixColumns, AddRoundKey on NC columns
/* verilator lint_off UNUSEDSIGNAL */   // NB8 = 0: sr reads only the S-box bytes that feed it
wire [255:0] sb;
/* verilator lint_on UNUSEDSIGNAL */
wire [255:0] sr, mix;
genvar c, r;
generate
for (c = 0; c < 8; c = c + 1) begin : g_col
    if (c < NC) begin : g_on
        for (r = 0; r < 4; r = r + 1) begin : g_row
            aes_sbox u_sbox (.clk(clk), .rst(rst), .x(state[255-8*(r+4*c) -: 8]), .y(sb[255-8*(r+4*c) -: 8]));
            // ShiftRows: s'[r][c] = s[r][(c + C_r) mod Nb]
            localparam C4 = (c + r) % 4;
            localparam C8 = (c + ((r == 0) ? 0 : (r == 1) ? 1 : (r == 2) ? 3 : 4)) % 8;
            if (c < 4) begin : g_sr4
                assign sr[255-8*(r+4*c) -: 8] = nb8_q ? sb[255-8*(r+4*C8) -: 8] : sb[255-8*(r+4*C4) -: 8];
            end else begin : g_sr8
                assign sr[255-8*(r+4*c) -: 8] = sb[255-8*(r+4*C8) -: 8];
            end
        end
        aes_mix_column u_mix (.col(sr[255-32*c -: 32]), .rk(rk[255-32*c -: 32]), .out(mix[255-32*c -: 32]));
    end else begin : g_off
        assign sb[255-32*c -: 32]  = 32'd0;
        assign sr[255-32*c -: 32]  = 32'd0;
        assign mix[255-32*c -: 32] = 32'd0;
    end
end
endgenerate

wire [255:0] nxt = (rnd == 4'd0) ? state ^ rk : (rnd == nr_q) ? sr ^ rk : mix;

// ---- control
wire take = s_valid && s_ready;
wire bad  = s_klen == 2'd3 || (s_nb8 && NB8 == 0);
wire [3:0] nk_in = (s_klen == 2'd0) ? 4'd4 : (s_klen == 2'd1) ? 4'd6 : 4'd8;

assign s_ready = st == S_IDLE || (st == S_DONE && m_ready);
assign m_valid = st == S_DONE;
assign m_block = nb8_q ? state : {state[255:128], 128'd0};
assign m_err   = err_q;
assign m_user  = user_q;

wire [4:0] imod_sum = {1'b0, imod} + (nb8_q ? 5'd8 : 5'd4);

always @(posedge clk) begin
    if (take) begin
        state  <= bad ? 256'd0 : s_block;
        key_q  <= s_key;
        nb8_q  <= s_nb8 && NB8 != 0;
        nk_q   <= nk_in;
        nr_q   <= s_nb8 ? 4'd14 : nk_in + 4'd6;
        err_q  <= bad;
        user_q <= s_user;
        rnd    <= 4'd0;
        base   <= 7'd0;
        imod   <= 4'd0;
        rc     <= 8'h01;
        st     <= bad ? S_DONE : S_RUN;
    end else if (st == S_RUN) begin
        state <= nxt;
        hist  <= nb8_q ? rk : {hist[127:0], rk[255:128]};
        rc    <= nb8_q ? rcj[8] : rcj[4];
        base  <= base + (nb8_q ? 7'd8 : 7'd4);
        imod  <= mod_nk(imod_sum, nk_q);
        rnd   <= rnd + 4'd1;
        if (rnd == nr_q) st <= S_DONE;
    end else if (st == S_DONE && m_ready) begin
        st <= S_IDLE;
    end
    if (rst) begin
        st    <= S_IDLE;
        err_q <= 1'b0;
    end
end

endmodule

`default_nettype wire
