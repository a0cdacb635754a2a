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
// Key expansion (FIPS-197 5.2 over Nb * (Nr + 1) words) runs one chunk of Nb words ahead of
// the rounds, so the round key of every clock comes from a register (rk_q): the clock that
// applies round key r computes words w[Nb*(r+1) .. Nb*(r+1) + Nb-1] (the next round key) from
// the eight words before them (hist). The accepting edge loads round key 0 (for Nb = 8 with
// Nk = 4 or 6 its last words come from one SubWord unit on s_key) and the first chunk's
// controls. In a chunk of Nb words (position j = 0 .. Nb-1) SubWord is needed at most twice and
// in fixed halves: unit A at j = 0 or 2, unit B (Nb = 8 only) at j = 4 or 6 --
// (Nb, Nk) = (8, 4): 0, 4; (8, 6): 0 and 6, or 2, or 4; (8, 8): 0, 4; (4, 4): 0; (4, 6): 0 or 2;
// (4, 8): 0. Each key word is (an XOR of history words) ^ (A's output if A sits before it)
// ^ (B's output if B sits before it), so every S-box output enters a key word through one XOR,
// and no path crosses more S-boxes than a chunk needs: one for Nb = 4, two for Nb = 8. Unit A's
// input word is itself registered (sina_q, computed from the words of the chunk before); the
// positions, RotWord flags and Rcon of the chunk are registered selects, not decoded from a
// word counter in front of the S-boxes.
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

function [31:0] rot_word;  // RotWord: [a0, a1, a2, a3] -> [a1, a2, a3, a0]
    input [31:0] a;
    rot_word = {a[23:0], a[31:24]};
endfunction

// SubWord positions of a chunk whose first word w[i] has i mod Nk = im: {brot, b6, b4, arot,
// a2, a0}. a0/a2: unit A at j = 0/2; arot: A applies RotWord and Rcon; b4/b6/brot: the same for
// unit B at j = 4/6 (Nb = 8 only). fr01/fr23: words j = 0, 1 / 2, 3 are key words (Nb = 4,
// chunk 1), no SubWord there.
function [5:0] kctl;
    input [3:0] im;
    input [3:0] nk;
    input       nb8;
    input       fr01;
    input       fr23;
    reg   [3:0] rot, sub;    // at j = 0, 2, 4, 6 (Nk and the first index are even)
    reg   [3:0] m;
    reg   [2:0] j;
    begin
        for (j = 3'd0; j < 3'd4; j = j + 3'd1) begin
            m        = mod_nk({1'b0, im} + {1'b0, j, 1'b0}, nk);
            rot[j[1:0]] = m == 4'd0;
            sub[j[1:0]] = nk == 4'd8 && m == 4'd4;
        end
        rot[0] = rot[0] && !fr01;  sub[0] = sub[0] && !fr01;
        rot[1] = rot[1] && !fr23;  sub[1] = sub[1] && !fr23;
        kctl = {nb8 && (rot[2] || rot[3]), nb8 && (rot[3] || sub[3]), nb8 && (rot[2] || sub[2]),
                rot[0] || rot[1], rot[1] || sub[1], rot[0] || sub[0]};
    end
endfunction

localparam [1:0] S_IDLE = 2'd0, S_RUN = 2'd1, S_DONE = 2'd2;
reg  [1:0]        st;
reg               nb8_q;         // Nb = 8
reg  [3:0]        nk_q;          // 4, 6 or 8
reg               nk4_q, nk6_q, nk8_q;   // the same, one-hot: selects of the key-word muxes
reg  [3:0]        rnd;           // round applied this clock: 0 = initial AddRoundKey
reg  [3:0]        nr_q;          // Nr
reg               first_q;       // rnd == 0
reg               last_q;        // rnd == Nr
reg  [3:0]        imn;           // (first word index of the next chunk) mod Nk
reg  [7:0]        rc;            // Rcon of the chunk's first RotWord
reg  [255:0]      hist;          // w[b-8 .. b-1] for the chunk w[b ..] computed this clock
reg  [32*NC-1:0]  rk_q;          // round key of this clock, w[b-Nb .. b-1]
reg  [31:0]       sina_q;        // unit A's input word (RotWord applied)
reg               fr01_q, fr23_q;                  // key words at j = 0, 1 / 2, 3
reg  [5:0]        kc_q;          // this chunk's SubWord positions (kctl)
reg  [5:0]        kn_q;          // the next chunk's (unit A's input is computed a chunk ahead)
reg  [255:0]      state;
reg               err_q;
reg  [USER_W-1:0] user_q;

wire nb8 = NB8 != 0 && nb8_q;
wire ka0 = kc_q[0], ka2 = kc_q[1], karot = kc_q[2];
/* verilator lint_off UNUSEDSIGNAL */   // NB8 = 0: unit B is not built
wire kb4 = kc_q[3], kb6 = kc_q[4];
/* verilator lint_on UNUSEDSIGNAL */
wire kbrot = kc_q[5];
wire na2 = kn_q[1], narot = kn_q[2];

// ---- key expansion: words w[b + j], j = 0..Nb-1, kw[j]
// h[k] = w[b - 8 + k]. For the Nb = 4 chunk 1 (b = 4) h[0..3] hold the key words w[4..7].
wire [31:0] h [0:7];
genvar k;
generate
for (k = 0; k < 8; k = k + 1) begin : g_h
    assign h[k] = hist[255 - 32*k -: 32];
end
endgenerate

// unit A: SubWord of the registered input word; Rcon folded into the history side
wire [31:0] sa;
genvar b;
generate
for (b = 0; b < 4; b = b + 1) begin : g_sa
    aes_sbox u_sbox (.clk(clk), .rst(rst), .x(sina_q[31-8*b -: 8]), .y(sa[31-8*b -: 8]));
end
endgenerate
wire [31:0] rca = {karot ? rc : 8'd0, 24'd0};

// kw[j] reads kw[j-4] and kw[j-6] (j >= 4): chains, not loops; split_var lets Verilator order
// the elements one by one
wire [31:0] kw [0:7] /* verilator split_var */;
// w[b + j - Nk], or the key word w[4 + j] (Nb = 4, chunk 1)
wire [31:0] bk0 = (nk8_q || fr01_q ? h[0] : 32'd0) | (nk6_q && !fr01_q ? h[2] : 32'd0) | (nk4_q ? h[4] : 32'd0);
wire [31:0] bk1 = (nk8_q || fr01_q ? h[1] : 32'd0) | (nk6_q && !fr01_q ? h[3] : 32'd0) | (nk4_q ? h[5] : 32'd0);
wire [31:0] bk2 = (nk8_q || fr23_q ? h[2] : 32'd0) | (nk6_q && !fr23_q ? h[4] : 32'd0) | (nk4_q ? h[6] : 32'd0);
wire [31:0] bk3 = (nk8_q || fr23_q ? h[3] : 32'd0) | (nk6_q && !fr23_q ? h[5] : 32'd0) | (nk4_q ? h[7] : 32'd0);
// l_j: kw[j] without unit A's output: history words only
wire [31:0] l0 = bk0 ^ (fr01_q || ka0 ? 32'd0 : h[7]);
wire [31:0] l1 = bk1 ^ (fr01_q ? 32'd0 : l0);
wire [31:0] l2 = bk2 ^ (fr23_q || ka2 ? 32'd0 : l1);
wire [31:0] l3 = bk3 ^ (fr23_q ? 32'd0 : l2);
wire        ca01 = ka0;               // A's output is in kw[0], kw[1]
wire        ca23 = ka0 || ka2;      // ... in kw[2], kw[3]
assign kw[0] = (l0 ^ (ca01 ? rca : 32'd0)) ^ (ca01 ? sa : 32'd0);
assign kw[1] = (l1 ^ (ca01 ? rca : 32'd0)) ^ (ca01 ? sa : 32'd0);
assign kw[2] = (l2 ^ (ca23 ? rca : 32'd0)) ^ (ca23 ? sa : 32'd0);
assign kw[3] = (l3 ^ (ca23 ? rca : 32'd0)) ^ (ca23 ? sa : 32'd0);

// unit B (Nb = 8): input kw[3] at j = 4, kw[5] = kw[3] ^ w[b-2] ^ w[b-1] at j = 6 (Nk = 6,
// unit A at 0: kw[4] = w[b-2] ^ kw[3], kw[5] = w[b-1] ^ kw[4]; RotWord always applies there)
wire [7:0] rc_a = karot ? rc_xtime(rc) : rc;       // Rcon past unit A's RotWord
generate
if (NB8 != 0) begin : g_b
    wire [31:0] sinb = (kbrot ? rot_word(kw[3]) : kw[3]) ^ rot_word(kb6 ? h[6] ^ h[7] : 32'd0);
    wire [31:0] sb_k;
    for (b = 0; b < 4; b = b + 1) begin : g_sb
        aes_sbox u_sbox (.clk(clk), .rst(rst), .x(sinb[31-8*b -: 8]), .y(sb_k[31-8*b -: 8]));
    end
    wire [31:0] rcbw = {kbrot ? rc_a : 8'd0, 24'd0};
    // w[b + j - Nk]
    wire [31:0] bk4 = nk4_q ? kw[0] : nk6_q ? h[6] : h[4];
    wire [31:0] bk5 = nk4_q ? kw[1] : nk6_q ? h[7] : h[5];
    wire [31:0] bk6 = nk4_q ? kw[2] : nk6_q ? kw[0] : h[6];
    wire [31:0] bk7 = nk4_q ? kw[3] : nk6_q ? kw[1] : h[7];
    // n_j: kw[j] without unit B's output
    wire [31:0] n4 = bk4 ^ (kb4 ? 32'd0 : kw[3]);
    wire [31:0] n5 = bk5 ^ n4;
    wire [31:0] n6 = bk6 ^ (kb6 ? 32'd0 : n5);
    wire [31:0] n7 = bk7 ^ n6;
    wire        cb45 = kb4;
    wire        cb67 = kb4 || kb6;
    assign kw[4] = (n4 ^ (cb45 ? rcbw : 32'd0)) ^ (cb45 ? sb_k : 32'd0);
    assign kw[5] = (n5 ^ (cb45 ? rcbw : 32'd0)) ^ (cb45 ? sb_k : 32'd0);
    assign kw[6] = (n6 ^ (cb67 ? rcbw : 32'd0)) ^ (cb67 ? sb_k : 32'd0);
    assign kw[7] = (n7 ^ (cb67 ? rcbw : 32'd0)) ^ (cb67 ? sb_k : 32'd0);
end else begin : g_nob
    assign kw[4] = 32'd0;
    assign kw[5] = 32'd0;
    assign kw[6] = 32'd0;
    assign kw[7] = 32'd0;
end
endgenerate
wire [255:0] kwv = {kw[0], kw[1], kw[2], kw[3], kw[4], kw[5], kw[6], kw[7]};

// unit A's input for the next chunk (first word b' = b + Nb): w[b'-1], or with A at j = 2 (Nk = 6,
// no SubWord at j = 0) w[b'+1] = w[b'-1] ^ w[b'-6] ^ w[b'-5]
wire [31:0] wlast = nb8 ? kw[7] : kw[3];
wire [31:0] pa    = na2 ? (nb8 ? kw[2] ^ kw[3] : h[6] ^ h[7]) : 32'd0;
wire [31:0] sina_run = narot ? rot_word(wlast ^ pa) : wlast ^ pa;

// ---- round key 0 and the first chunk's controls, from the input
wire [3:0] nk_in  = (s_klen == 2'd0) ? 4'd4 : (s_klen == 2'd1) ? 4'd6 : 4'd8;
wire       nb8_in = s_nb8 && NB8 != 0;
wire [31:0] key_w [0:7];
generate
for (k = 0; k < 8; k = k + 1) begin : g_kin
    assign key_w[k] = s_key[255 - 32*k -: 32];
end
endgenerate
// w[4..7]: the key words, or for Nb = 8 with Nk = 4 or 6 expanded from them
wire [127:0] w47;
generate
if (NB8 != 0) begin : g_w47
    wire [31:0] sin0 = rot_word(s_klen == 2'd0 ? key_w[3] : key_w[5]);
    wire [31:0] s0;
    for (b = 0; b < 4; b = b + 1) begin : g_sb
        aes_sbox u_sbox (.clk(clk), .rst(rst), .x(sin0[31-8*b -: 8]), .y(s0[31-8*b -: 8]));
    end
    wire [31:0] t0 = s0 ^ 32'h01000000;                    // Rcon[1]
    wire [31:0] x4 = key_w[0] ^ t0;
    wire [31:0] x5 = key_w[1] ^ x4;
    wire [31:0] x6 = key_w[2] ^ x5;
    wire [31:0] x7 = key_w[3] ^ x6;
    assign w47 = (s_klen == 2'd0) ? {x4, x5, x6, x7} :
                 (s_klen == 2'd1) ? {key_w[4], key_w[5], x4, x5} : s_key[127:0];
end else begin : g_w47k
    assign w47 = s_key[127:0];
end
endgenerate
// (chunk 1 first word) mod Nk and (chunk 2 first word) mod Nk: chunk c starts at w[c * Nb]
wire [3:0] im1 = nb8_in ? ((s_klen == 2'd1) ? 4'd2 : 4'd0) : ((s_klen == 2'd0) ? 4'd0 : 4'd4);
wire [3:0] im2 = nb8_in ? ((s_klen == 2'd1) ? 4'd4 : 4'd0) : ((s_klen == 2'd1) ? 4'd2 : 4'd0);
wire       fr01_in = !nb8_in && s_klen != 2'd0;           // Nb = 4, Nk = 6 or 8: w[4], w[5]
wire       fr23_in = !nb8_in && s_klen == 2'd2;           // Nb = 4, Nk = 8: w[6], w[7]
wire [255:0] rk_in = {s_key[255:128], w47};
wire [5:0] kc1 = kctl(im1, nk_in, nb8_in, fr01_in, fr23_in);
wire [5:0] kc2 = kctl(im2, nk_in, nb8_in, 1'b0, 1'b0);

// ---- round: SubBytes, ShiftRows, MixColumns, AddRoundKey on NC columns
wire [255:0] rk;
generate
if (NB8 != 0) begin : g_rk8
    assign rk = rk_q;
end else begin : g_rk4
    assign rk = {rk_q, 128'd0};
end
endgenerate
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

wire [255:0] nxt = first_q ? state ^ rk : last_q ? sr ^ rk : mix;

// ---- control
wire take = s_valid && s_ready;
wire bad  = s_klen == 2'd3 || (s_nb8 && NB8 == 0);

assign s_ready = st == S_IDLE || (st == S_DONE && m_ready);
assign m_valid = st == S_DONE;
assign m_block = nb8_q ? state : {state[255:128], 128'd0};
assign m_err   = err_q;
assign m_user  = user_q;

wire [3:0] imn_nxt = mod_nk({1'b0, imn} + (nb8 ? 5'd8 : 5'd4), nk_q);
wire [5:0] kcn     = kctl(imn_nxt, nk_q, nb8, 1'b0, 1'b0);
wire [7:0] rc_nxt  = kbrot ? rc_xtime(rc_a) : rc_a;

always @(posedge clk) begin
    if (take) begin
        state   <= bad ? 256'd0 : s_block;
        nb8_q   <= nb8_in;
        nk_q    <= nk_in;
        nk4_q   <= s_klen == 2'd0;
        nk6_q   <= s_klen == 2'd1;
        nk8_q   <= s_klen[1];
        nr_q    <= s_nb8 ? 4'd14 : nk_in + 4'd6;
        err_q   <= bad;
        user_q  <= s_user;
        rnd     <= 4'd0;
        first_q <= 1'b1;
        last_q  <= 1'b0;
        // round key 0 = w[0 .. Nb-1]; hist = w[Nb-8 .. Nb-1] (Nb = 4: w[4..7] in its place)
        rk_q    <= rk_in[255 -: 32*NC];
        hist    <= nb8_in ? rk_in : {s_key[127:0], s_key[255:128]};
        // unit A's input for chunk 1: w[Nb-1], or w[5] (Nb = 4, Nk = 6: A at j = 2)
        sina_q  <= rot_word(nb8_in ? w47[31:0] : (s_klen == 2'd1) ? key_w[5] : key_w[3]);
        rc      <= (nb8_in && !s_klen[1]) ? 8'h02 : 8'h01;
        fr01_q  <= fr01_in;
        fr23_q  <= fr23_in;
        kc_q    <= kc1;
        kn_q    <= kc2;
        imn     <= im2;
        st      <= bad ? S_DONE : S_RUN;
    end else if (st == S_RUN) begin
        state   <= nxt;
        rk_q    <= kwv[255 -: 32*NC];
        hist    <= nb8 ? kwv : {hist[127:0], kwv[255:128]};
        sina_q  <= sina_run;
        rc      <= rc_nxt;
        fr01_q  <= 1'b0;
        fr23_q  <= 1'b0;
        kc_q    <= kn_q;
        kn_q    <= kcn;
        imn     <= imn_nxt;
        rnd     <= rnd + 4'd1;
        first_q <= 1'b0;
        last_q  <= rnd + 4'd1 == nr_q;
        if (last_q) st <= S_DONE;
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
