// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// SHA-256 compression function (FIPS 180-4 section 6.2.2), one round per clock: the Fortuna
// generator's reseed hash (fortuna_gen). Padding and chaining are the caller's.
//
// Byte order (FIPS 180-4 3.1, big-endian words): message word W_t (t = 0..15) is
// s_block[511-32t -: 32], so block byte k is s_block[511-8k -: 8]; chaining value word H_i is
// s_h[255-32i -: 32] (m_h likewise), so digest byte k is m_h[255-8k -: 8].
//
// Timing: the clock after the handshake starts round 0; m_valid rises 65 clocks after the
// accepting edge (64 rounds, then the feed-forward H + a..h) and holds until m_ready; the next
// block is taken on the clock the result leaves. rst (synchronous) drops a block in flight.
module sha256_compress (
    input  wire         clk,
    input  wire         rst,
    input  wire         s_valid,
    output wire         s_ready,
    input  wire [255:0] s_h,
    input  wire [511:0] s_block,
    output wire         m_valid,
    input  wire         m_ready,
    output wire [255:0] m_h
);

// K_t (the first 32 bits of the fractional parts of the cube roots of the first 64 primes)
// at [32t +: 32]
localparam [2047:0] KT = 2048'hc67178f2bef9a3f7a4506ceb90befffa8cc7020884c8781478a5636f748f82ee682e6ff35b9cca4f4ed8aa4a391c0cb334b0bcb52748774c1e376c0819a4c116106aa070f40e3585d6990624d192e819c76c51a3c24b8b70a81a664ba2bfe8a192722c8581c2c92e766a0abb650a735453380d134d2c6dfc2e1b213827b70a851429296706ca6351d5a79147c6e00bf3bf597fc7b00327c8a831c66d983e515276f988da5cb0a9dc4a7484aa2de92c6f240ca1cc0fc19dc6efbe4786e49b69c1c19bf1749bdc06a780deb1fe72be5d74550c7dc3243185be12835b01d807aa98ab1c5ed5923f82a459f111f13956c25be9b5dba5b5c0fbcf71374491428a2f98;

function [31:0] rotr;
    input [31:0] x;
    input integer n;
    rotr = (x >> n) | (x << (32 - n));
endfunction

localparam [1:0] S_IDLE = 2'd0, S_RUN = 2'd1, S_ADD = 2'd2, S_DONE = 2'd3;
reg  [1:0]   st;
reg  [5:0]   t;
reg  [511:0] w;            // W_t .. W_t+15, W_t in [511:480]
reg  [31:0]  a, b, c, d, e, f, g, h;
reg  [255:0] h_in, h_out;

wire [31:0] w0  = w[511:480];
wire [31:0] w1  = w[479:448];
wire [31:0] w9  = w[223:192];
wire [31:0] w14 = w[63:32];
wire [31:0] s0w = rotr(w1, 7) ^ rotr(w1, 18) ^ (w1 >> 3);
wire [31:0] s1w = rotr(w14, 17) ^ rotr(w14, 19) ^ (w14 >> 10);
wire [31:0] wn  = s1w + w9 + s0w + w0;               // W_t+16
wire [31:0] S1  = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
wire [31:0] ch  = (e & f) ^ (~e & g);
wire [31:0] S0  = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
wire [31:0] maj = (a & b) ^ (a & c) ^ (b & c);
wire [31:0] t1  = h + S1 + ch + KT[32*t +: 32] + w0;
wire [31:0] t2  = S0 + maj;

assign s_ready = st == S_IDLE || (st == S_DONE && m_ready);
assign m_valid = st == S_DONE;
assign m_h     = h_out;

always @(posedge clk) begin
    if (s_valid && s_ready) begin
        w    <= s_block;
        h_in <= s_h;
        {a, b, c, d, e, f, g, h} <= s_h;
        t    <= 6'd0;
        st   <= S_RUN;
    end else if (st == S_RUN) begin
        {a, b, c, d, e, f, g, h} <= {t1 + t2, a, b, c, d + t1, e, f, g};
        w <= {w[479:0], wn};
        t <= t + 6'd1;
        if (t == 6'd63) st <= S_ADD;
    end else if (st == S_ADD) begin
        h_out <= {h_in[255:224] + a, h_in[223:192] + b, h_in[191:160] + c, h_in[159:128] + d,
                  h_in[127:96]  + e, h_in[95:64]    + f, h_in[63:32]    + g, h_in[31:0]     + h};
        st <= S_DONE;
    end else if (st == S_DONE && m_ready) begin
        st <= S_IDLE;
    end
    if (rst) st <= S_IDLE;
end

endmodule

`default_nettype wire
