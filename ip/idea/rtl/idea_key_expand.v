// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// IDEA key schedule in hardware, encryption (DECRYPT=0) or decryption (DECRYPT=1) subkeys,
// written one 16-bit subkey per write into the round pipeline's subkey memories of slot
// `start_slot` while data for other slots keeps flowing.
//
// Key order: start_key[127:112] is the key's first big-endian 16-bit word (key bytes 0,1) = Z1.
// Subkey positions: rk_pos = 0..51 is the index in the flat schedule the *pipeline* uses
// (round r = 1..8 takes 6(r-1)..6(r-1)+5, the output transformation 48..51), for the
// encryption schedule Z1..Z52 or the decryption schedule Z'1..Z'52 (linecrypt/models/idea.py).
//
// Encryption subkeys: a 128-bit register emits its top word and rotates left by 16; after the
// 8th word of a group it rotates by 16 + 25 = 41 instead (the schedule's 25-bit rotation). The
// rotation happens the clock after the word is written, from registered selects only, so the
// 128 three-way muxes see no logic on their select lines: one subkey every 2 clocks.
//
// Decryption subkeys (Lai-Massey; seed 003 Table 3.4, which the seed had to precompute in
// software): the encryption subkeys are generated in the same order and each one j = 6s + p
// (s = 0..8 step, p = 0..5 position) is transformed and written straight to its decryption
// position, so no 52-word buffer is needed:
//   p = 0, 3   multiplicative inverse mod 65537   -> step 8-s, position p
//   p = 1, 2   additive inverse mod 2^16          -> step 8-s, position p, or 3-p (X2/X3 swap)
//                                                   when that step is an inner round (s != 0, 8)
//   p = 4, 5   unchanged (MA-structure keys)      -> step 7-s, position p
// (steps counted from 0 here: position = 6 * step + p.)
// The multiplicative inverse is a^-1 = a^(65537-2) = a^65535 (Fermat; 0 = 2^16 = -1 is its own
// inverse, and idea_mul handles it with no special case): left-to-right square-and-multiply over
// the exponent's 16 one-bits, r = a, then 15 times (r = r*r; r = r*a), 30 multiplications on one
// idea_mul of the data path's depth (MUL_PIPE), so this unit never limits Fmax. A multiplication
// takes MUL_PIPE + 1 clocks (operands registered inside idea_mul, the result taken back).
//
// Key load time (clocks with busy high; measured in simulation):
//   encryption  2 * 52 - 1 = 103
//   decryption  2 * 34 + 18 * (2 + 30 * (MUL_PIPE + 1)) - 1  = 2263 at MUL_PIPE = 3
//               (1723 at MUL_PIPE = 2, 2803 at MUL_PIPE = 4)
// Area: one MULT18X18D and ~100 LUT4 for the inversion, the 128-bit rotating key register and
// a few counters. The time is spent only on the slot being loaded; other slots keep streaming.
module idea_key_expand #(
    parameter DECRYPT  = 0,
    parameter MUL_PIPE = 3,
    parameter NSLOTS   = 4,
    // derived
    parameter SLOT_W   = (NSLOTS > 1) ? $clog2(NSLOTS) : 1
) (
    input  wire              clk,
    input  wire              rst,

    input  wire              start,       // pulse; ignored while busy
    input  wire [SLOT_W-1:0] start_slot,
    input  wire [127:0]      start_key,   // must be stable in the clock of start
    output reg               busy,

    output reg               rk_en,       // write subkey rk_key at position rk_pos of slot rk_slot
    output reg  [5:0]        rk_pos,      // 0..51
    output reg  [SLOT_W-1:0] rk_slot,
    output reg  [15:0]       rk_key
);

generate
if (MUL_PIPE < 2 || MUL_PIPE > 4) begin : g_bad_pipe
    $error("%m: MUL_PIPE must be 2, 3 or 4");
end
endgenerate

localparam [2:0] MP = MUL_PIPE[2:0];

reg  [SLOT_W-1:0] slot_q;
reg  [127:0]      kr;        // encryption key register; kr[127:112] = encryption subkey j
reg  [5:0]        j;         // encryption subkey index 0..51
reg  [2:0]        p;         // j % 6
reg  [2:0]        g;         // j % 8 (word within a 25-bit rotation group)
reg               adv;       // rotate kr this clock (the word was written the clock before)
reg               rot41;     // ... by 41 (that word closed a group of 8)
reg               inv;       // an inversion is running
reg  [4:0]        op;        // multiplication 0..29 of the inversion (even: square)
reg  [2:0]        wt;        // clocks into the current multiplication, 0..MUL_PIPE
// Decryption only (an encryption unit never reads these; synthesis removes them):
/* verilator lint_off UNUSEDSIGNAL */
reg  [3:0]        s;         // j / 6
reg  [5:0]        d8, d7;    // 6 * (8 - s), 6 * (7 - s): first positions of steps 8-s, 7-s
reg  [15:0]       base, r;   // a, and the running power of a
/* verilator lint_on UNUSEDSIGNAL */

wire [15:0] w = kr[127:112];

// ---- where subkey j goes, and what is done to it
reg  [2:0]  dp;
reg  [5:0]  dpos;
reg         do_inv, do_neg;
always @* begin
    dp     = p;
    do_inv = 1'b0;
    do_neg = 1'b0;
    dpos   = j;
    if (DECRYPT) begin
        do_inv = (p == 3'd0) || (p == 3'd3);
        do_neg = (p == 3'd1) || (p == 3'd2);
        if (do_neg && s != 4'd0 && s != 4'd8) dp = 3'd3 - p;
        dpos   = (p[2] ? d7 : d8) + {3'd0, dp};
    end
end

// ---- the multiplier of the inversion (decryption only)
wire [15:0] mul_p;
generate
if (DECRYPT) begin : g_mul
    idea_mul #(.PIPE(MUL_PIPE)) u_mul (.clk(clk), .a(r), .b(op[0] ? base : r), .p(mul_p));
end else begin : g_nomul
    assign mul_p = 16'd0;
end
endgenerate

wire mul_done = inv && (wt == MP);
wire inv_done = mul_done && (op == 5'd29);
wire emit     = busy && !adv && (inv ? inv_done : !do_inv);

// the key register: follows start_key while idle, rotates on adv (all selects are flops)
always @(posedge clk) begin
    if (!busy)
        kr <= start_key;
    else if (adv)
        kr <= rot41 ? {kr[86:0], kr[127:87]}      // rotate left 16 + 25
                    : {kr[111:0], kr[127:112]};   // rotate left 16
end

always @(posedge clk) begin
    rk_en <= 1'b0;
    adv   <= 1'b0;
    if (busy) begin
        // inversion: one multiplication every MUL_PIPE + 1 clocks
        if (inv) begin
            wt <= mul_done ? 3'd0 : wt + 3'd1;
            if (mul_done) begin
                r  <= mul_p;
                op <= op + 5'd1;
            end
        end else if (!adv && do_inv) begin
            inv  <= 1'b1;
            base <= w;
            r    <= w;
            op   <= 5'd0;
            wt   <= 3'd0;
        end
        if (emit) begin
            inv     <= 1'b0;
            adv     <= 1'b1;
            rot41   <= (g == 3'd7);
            rk_en   <= 1'b1;
            rk_pos  <= dpos;
            rk_slot <= slot_q;
            rk_key  <= inv ? mul_p : (do_neg ? 16'd0 - w : w);
            j <= j + 6'd1;
            g <= g + 3'd1;
            if (p == 3'd5) begin
                p  <= 3'd0;
                s  <= s + 4'd1;
                d8 <= d8 - 6'd6;
                d7 <= d7 - 6'd6;
            end else begin
                p  <= p + 3'd1;
            end
            if (j == 6'd51) busy <= 1'b0;
        end
    end else if (start) begin
        busy   <= 1'b1;
        slot_q <= start_slot;
        j      <= 6'd0;
        s      <= 4'd0;
        p      <= 3'd0;
        g      <= 3'd0;
        d8     <= 6'd48;
        d7     <= 6'd42;
        inv    <= 1'b0;
    end
    if (rst) begin
        busy  <= 1'b0;
        rk_en <= 1'b0;
        adv   <= 1'b0;
        inv   <= 1'b0;
    end
end

endmodule

`default_nettype wire
