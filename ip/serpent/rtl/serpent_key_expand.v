// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Serpent key-expansion unit: expands one key into the round-key memories of the round pipeline
// while data for other slots keeps flowing (it only writes the memories of slot `start_slot`).
//
// Key byte order (NESSIE / Botan / Crypto++ / Bouncy Castle): start_key[KEY_BITS-1 -: 8] is key
// byte 0, the least significant byte of the proposal's 256-bit K, so prekey word w_{-8+m} is key
// bytes 4m..4m+3 little-endian. A key shorter than 256 bits is padded with a 1 bit just above
// its most significant bit (byte KEY_BITS/8 = 8'h01), then zeros.
//
// Word-serial schedule (proposal, "key schedule"), one 32-bit word per clock over an 8-word
// shift register sr (sr[0] = newest word):
//   clocks 0..7     shift in w_-8 .. w_-1 (the padded key)
//   clocks 8..139   w_i = (w_{i-8} ^ w_{i-5} ^ w_{i-3} ^ w_{i-1} ^ phi ^ i) <<< 11, i = 0..131
// Round key k = S_{(3-k) mod 8}(w_4k, w_4k+1, w_4k+2, w_4k+3) (bitslice, X0 = w_4k). The S-box
// layer is byte-serial: the four words of group k slide through sr[3..0] -> sr[6..3] during the
// four clocks after w_4k+3 arrives, and in clock c of those four the 8 nibbles of byte c
// (bits 8c+7..8c of the four words) are taken from the window (a 4:1 mux), registered, and
// substituted by 8 selectable S-boxes (7-input functions), registered, and written into byte c of
// the round-key register. So the unit needs 8 nibble S-boxes instead of 32 and keeps pace with
// the word recurrence: a whole key takes 152 clocks, negligible against the message stream.
//
// Round keys: {X3, X2, X1, X0} of K_k (the proposal's word order, X0 = bits 31:0), the order
// serpent_round.v uses, written as four 32-bit words (X0 first) on four consecutive clocks, so the
// write bus that travels down the pipeline is 32 bits wide (the unit makes a round key every four
// clocks anyway).
//
// DECRYPT=1: keys for the equivalent inverse cipher: K_k goes to pipeline position 32-k, and
// InvLT is applied for 1 <= k <= 31 (InvLT(x ^ K) = InvLT(x) ^ InvLT(K), so the pipeline can
// apply InvLT and the key XOR in one stage after the inverse S-box; see serpent_core.v).
//
// Keys of the middle rounds (positions 1..31) are written folded (fold() below), the form
// the round's linear stage takes (serpent_lt.v); whitening and final keys are written as they are.
module serpent_key_expand #(
    parameter KEY_BITS = 128,
    parameter DECRYPT  = 0,
    parameter NSLOTS   = 4,
    // derived
    parameter SLOT_W   = (NSLOTS > 1) ? $clog2(NSLOTS) : 1
) (
    input  wire                clk,
    input  wire                rst,

    input  wire                start,       // pulse; ignored while busy
    input  wire [SLOT_W-1:0]   start_slot,
    input  wire [KEY_BITS-1:0] start_key,   // must stay stable while busy (read in place)
    output reg                 busy,

    output reg                 rk_en,       // write word rk_pos[1:0] of the round key of
    output reg  [7:0]          rk_pos,      // pipeline position rk_pos[7:2] (0..32, 0 = whitening)
    output reg  [SLOT_W-1:0]   rk_slot,     // in slot rk_slot: rk_key (bits 32w+31..32w of
    output reg  [31:0]         rk_key       // {X3, X2, X1, X0}, w = rk_pos[1:0])
);

generate
if (KEY_BITS != 128 && KEY_BITS != 192 && KEY_BITS != 256) begin : g_bad_key
    $error("%m: KEY_BITS must be 128, 192 or 256");
end
endgenerate

localparam [31:0] PHI = 32'h9e3779b9;

function [31:0] rotl;
    input [31:0] w;
    input integer n;
    rotl = (w << n) | (w >> (32 - n));
endfunction

function [31:0] bswap32;
    input [31:0] w;
    bswap32 = {w[7:0], w[15:8], w[23:16], w[31:24]};
endfunction

// ---- padded key words w_{-8+m}, m = 0..7
wire [31:0] key_word [0:7];
genvar gm;
generate
for (gm = 0; gm < 8; gm = gm + 1) begin : g_kw
    if (32 * gm < KEY_BITS) begin : g_key
        assign key_word[gm] = bswap32(start_key[KEY_BITS-1-32*gm -: 32]);
    end else if (32 * gm == KEY_BITS) begin : g_pad
        assign key_word[gm] = 32'h0000_0001;   // key byte KEY_BITS/8 = 8'h01, little-endian
    end else begin : g_zero
        assign key_word[gm] = 32'h0;
    end
end
endgenerate

reg  [SLOT_W-1:0] slot_q;
reg  [7:0]        cnt;       // words shifted into sr so far (0 .. 145)
reg  [31:0]       sr [0:7];  // sr[0] = newest word, sr[7] = the word 8 back

// i = cnt - 8 and (cnt < 8) are kept in their own flops, so the recurrence reads flops only
// (computed from cnt, their subtractor and compare sat on the unit's critical path).
reg  [7:0]  wi_q;                 // i of the word computed this clock (= cnt - 8 once cnt >= 8)
reg         pre_q;                // cnt < 8: still shifting in the key
wire [31:0] w_rec = rotl(sr[7] ^ sr[4] ^ sr[2] ^ sr[0] ^ PHI ^ {24'd0, wi_q}, 11);
// The key word is read from a flop too: kw_q holds key_word[cnt[2:0]], loaded from a 3-bit
// index one ahead of cnt (so the 8:1 word mux sits between flops, not in the recurrence).
reg  [31:0] kw_q;
reg  [2:0]  kidx_q;               // = cnt[2:0] + 1 while busy
wire [31:0] w_new = pre_q ? kw_q : w_rec;

// ---- byte-serial S-box layer
// lane_x[i] = byte c (= cnt[1:0]) of X_i = w_{4k+i}, which sits in sr[3-i+c] in that clock
wire [7:0] lane_x [0:3];
genvar gi, gt;
generate
for (gi = 0; gi < 4; gi = gi + 1) begin : g_lane
    assign lane_x[gi] = (cnt[1:0] == 2'd0) ? sr[3-gi][7:0]   :
                        (cnt[1:0] == 2'd1) ? sr[4-gi][15:8]  :
                        (cnt[1:0] == 2'd2) ? sr[5-gi][23:16] :
                                             sr[6-gi][31:24];
end
endgenerate

reg  [31:0] lane_q;      // {X3, X2, X1, X0} bytes of one byte lane
reg  [1:0]  lane_c;      // byte lane of lane_q
reg  [2:0]  lane_box;    // S-box for the group in lane_q
reg         lane_v;      // lane_q holds a byte of groups 0..32

// 8 selectable S-boxes; lane_out[8i+t] = bit t of byte lane_c of the round key's X_i.
// Their output is registered (sb_q) before it is written into its byte of y_q, so no path runs
// from the lane counter through the lane mux, the S-box and the byte-enable decode in one clock.
// The byte enables are decoded a clock early (sb_be, one-hot, zero when no byte is valid), so
// each y_q byte's enable and y_full (the last byte) are flops plus busy, with no compare.
wire [31:0] lane_out;
reg  [31:0] sb_q;
reg  [3:0]  sb_be;       // sb_q's byte lane, one-hot; 0: sb_q holds nothing
generate
for (gt = 0; gt < 8; gt = gt + 1) begin : g_sbox
    wire [3:0] yn;
    serpent_sbox #(.INVERSE(0)) u_sbox (
        .box(lane_box),
        .x({lane_q[24+gt], lane_q[16+gt], lane_q[8+gt], lane_q[gt]}),
        .y(yn));
    for (gi = 0; gi < 4; gi = gi + 1) begin : g_bit
        assign lane_out[8*gi+gt] = yn[gi];
    end
end
endgenerate

reg [127:0] y_q;         // round key being assembled, {X3, X2, X1, X0}
reg         y_full;      // y_q holds a complete round key
reg [5:0]   ke;          // index k of the next round key to emit

wire [127:0] y_inv;
generate
if (DECRYPT) begin : g_inv
    serpent_lt #(.INVERSE(1)) u_ilt (.x(y_q), .m(128'd0), .y(y_inv));
end else begin : g_noinv
    assign y_inv = y_q;
end
endgenerate
wire use_inv = DECRYPT && (ke != 6'd0) && (ke != 6'd32);

// emit stage: the round key of position e_pos, then folded for serpent_lt.v when it belongs to
// a middle round (e_mid), so the fold (an XOR of three key bits) sits between flops
reg         e_en, e_mid, e_last;
reg [5:0]   e_pos;
reg [127:0] e_key;

// fold(K): the folded round key serpent_lt.v takes (serpent_lt(x, fold(K)) = LT(x) ^ K, or
// InvLT(x) ^ K for decryption; derivation there). Linear in K, word order {K3, K2, K1, K0}.
function [127:0] fold;
    input [127:0] k;
    reg   [31:0]  k0, k1, k2, k3;
    begin
        {k3, k2, k1, k0} = k;
        if (DECRYPT)
            fold = {k3 ^ rotl(k2, 3) ^ (rotl(k0, 13) << 3), k2, k1 ^ rotl(k0, 13) ^ rotl(k2, 3), k0};
        else
            fold = {k3, k2 ^ rotl(k3 ^ (k1 << 7), 22), k1, k0 ^ rotl(k1 ^ k3, 5)};
    end
endfunction
// word stage: the key being sent as four words (f_w: the next word), see below
reg         f_act, f_last;
reg [5:0]   f_pos;
reg [1:0]   f_w;
reg [127:0] f_sh;

integer k, j;
always @(posedge clk) begin
    rk_en <= 1'b0;
    if (busy) begin
        // prekey recurrence (keeps running past w_131 until the last key is out; harmless)
        sr[0] <= w_new;
        for (k = 1; k < 8; k = k + 1) sr[k] <= sr[k-1];
        cnt   <= cnt + 8'd1;
        wi_q  <= wi_q + 8'd1;
        pre_q <= (cnt < 8'd7);
        kw_q   <= key_word[kidx_q];
        kidx_q <= kidx_q + 3'd1;

        // window -> lane register: group k = (cnt-12)/4 is complete from cnt = 12+4k
        lane_q   <= {lane_x[3], lane_x[2], lane_x[1], lane_x[0]};
        lane_c   <= cnt[1:0];
        lane_box <= 3'd6 - cnt[4:2];             // (3 - k) mod 8 with k = cnt[7:2] - 3
        lane_v   <= (cnt >= 8'd12) && (cnt < 8'd144);

        // lane register -> S-boxes -> sb_q -> its byte of the round key
        sb_q  <= lane_out;
        sb_be <= lane_v ? (4'd1 << lane_c) : 4'd0;
        for (k = 0; k < 4; k = k + 1)
            for (j = 0; j < 4; j = j + 1)
                if (sb_be[j]) y_q[32*k + 8*j +: 8] <= sb_q[8*k +: 8];
        y_full <= sb_be[3];

        // a complete round key -> e_key (InvLT applied for decryption) -> folded for a middle
        // round -> the write bus; busy falls with the last write
        e_en <= y_full;
        if (y_full) begin
            e_pos  <= DECRYPT ? (6'd32 - ke) : ke;
            e_key  <= use_inv ? y_inv : y_q;
            e_mid  <= (ke != 6'd0) && (ke != 6'd32);
            e_last <= (ke == 6'd32);
        end
        // word-serial write bus: f_sh holds the (folded) round key and shifts one 32-bit word
        // out per clock, word 0 (X0) first; a new key arrives every 4 clocks, in the clock its
        // predecessor's last word leaves
        if (f_act) begin
            rk_en   <= 1'b1;
            rk_pos  <= {f_pos, f_w};
            rk_slot <= slot_q;
            rk_key  <= f_sh[31:0];
            f_sh    <= f_sh >> 32;
            f_w     <= f_w + 2'd1;
            if (f_w == 2'd3) begin
                f_act <= 1'b0;
                if (f_last) busy <= 1'b0;
            end
        end
        if (e_en) begin
            f_sh   <= e_mid ? fold(e_key) : e_key;
            f_pos  <= e_pos;
            f_last <= e_last;
            f_w    <= 2'd0;
            f_act  <= 1'b1;
        end
    end else if (start) begin
        busy   <= 1'b1;
        slot_q <= start_slot;
        cnt    <= 8'd0;
        wi_q   <= 8'hf8;              // -8
        pre_q  <= 1'b1;
        kw_q   <= key_word[0];
        kidx_q <= 3'd1;
        lane_v <= 1'b0;
        sb_be  <= 4'd0;
        y_full <= 1'b0;
        e_en   <= 1'b0;
        f_act  <= 1'b0;
    end
    // ke counts on e_en (a flop, one clock after y_full) and wraps after the last key, so its
    // enable is no LUT of busy (such a LUT sits by busy, far from ke: docs/timing.md)
    if (e_en) ke <= e_last ? 6'd0 : ke + 6'd1;
    if (rst) begin
        ke     <= 6'd0;
        busy   <= 1'b0;
        rk_en  <= 1'b0;
        e_en   <= 1'b0;
        f_act  <= 1'b0;
        lane_v <= 1'b0;
        sb_be  <= 4'd0;
        y_full <= 1'b0;
    end
end

endmodule

`default_nettype wire
