// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// DES / 3DES key schedule (FIPS 46-3 "Key Schedule Calculation"): sequences the subkey writes of
// one key slot into the round pipeline, one 48-bit subkey per clock.
//
// DES subkeys are bit selections of the key: C0 || D0 = PC1(key); C_n, D_n = C_(n-1), D_(n-1)
// rotated left by 1 or 2; K_n = PC2(C_n || D_n). The unit holds one 56-bit C || D register that
// rotates each clock (the classic hardware schedule), so a DES key takes 16 clocks and a 3DES key
// 48, negligible against the slot controller's drain time. The subkeys go onto a write bus with
// the pipeline position that stores them; the bus travels round to round (des_round.v).
//
// Key byte order: start_key[KEY_BITS-1 -: 8] is byte 0 of K1 (FIPS 46-3 bit 1 = its MSB); for 3DES
// start_key = K1 || K2 || K3 (SP 800-67 keying option 1). Parity bits (the LSB of every byte) are
// dropped by PC1 and never checked.
//
// Pipeline positions: position p (0 .. NR-1) keeps the subkey of global round p+1 (round m = p%16+1
// of DES number j = p/16 in the chain; des_core.v). Which key and direction each DES has:
//   DES      encrypt E_K1                  decrypt D_K1
//   3DES     encrypt E_K1, D_K2, E_K3      decrypt D_K3, E_K2, D_K1
// A DES that encrypts uses K_m in round m, one that decrypts K_(17-m). So subkey K_n of DES j goes
// to position 16 j + (n - 1), or 16 j + (16 - n) when DES j decrypts.
module des_key_expand #(
    parameter TRIPLE  = 0,
    parameter DECRYPT = 0,
    parameter NSLOTS  = 4,
    // derived
    parameter SLOT_W   = (NSLOTS > 1) ? $clog2(NSLOTS) : 1,
    parameter KEY_BITS = TRIPLE ? 192 : 64
) (
    input  wire                clk,
    input  wire                rst,

    input  wire                start,       // pulse; ignored while busy
    input  wire [SLOT_W-1:0]   start_slot,
    input  wire [KEY_BITS-1:0] start_key,   // must stay stable while busy (read in place)
    output reg                 busy,

    output reg                 rk_en,       // write subkey rk_key into position rk_pos of slot rk_slot
    output reg  [5:0]          rk_pos,
    output reg  [SLOT_W-1:0]   rk_slot,
    output reg  [47:0]         rk_key
);

localparam [1:0] LAST_DES = TRIPLE ? 2'd2 : 2'd0;

// Permuted choices 1 and 2 (FIPS 46-3), wiring. Output bit i = input bit T[i]; bit j of an
// n-bit vector is v[n-j], so the numbers below are the standard's tables as printed, in order.
function [55:0] perm_pc1;            // 64 key bits -> C0 || D0 (parity bits dropped)
    /* verilator lint_off UNUSEDSIGNAL */
    input [63:0] key;                // PC1 drops the 8 parity bits by definition
    /* verilator lint_on UNUSEDSIGNAL */
    perm_pc1 = {
        key[64-57], key[64-49], key[64-41], key[64-33], key[64-25], key[64-17], key[64-9],
        key[64-1], key[64-58], key[64-50], key[64-42], key[64-34], key[64-26], key[64-18],
        key[64-10], key[64-2], key[64-59], key[64-51], key[64-43], key[64-35], key[64-27],
        key[64-19], key[64-11], key[64-3], key[64-60], key[64-52], key[64-44], key[64-36],
        key[64-63], key[64-55], key[64-47], key[64-39], key[64-31], key[64-23], key[64-15],
        key[64-7], key[64-62], key[64-54], key[64-46], key[64-38], key[64-30], key[64-22],
        key[64-14], key[64-6], key[64-61], key[64-53], key[64-45], key[64-37], key[64-29],
        key[64-21], key[64-13], key[64-5], key[64-28], key[64-20], key[64-12], key[64-4]};
endfunction

function [47:0] perm_pc2;            // C_n || D_n -> K_n
    /* verilator lint_off UNUSEDSIGNAL */
    input [55:0] cd;                 // PC2 selects 48 of the 56 bits by definition
    /* verilator lint_on UNUSEDSIGNAL */
    perm_pc2 = {
        cd[56-14], cd[56-17], cd[56-11], cd[56-24], cd[56-1], cd[56-5],
        cd[56-3], cd[56-28], cd[56-15], cd[56-6], cd[56-21], cd[56-10],
        cd[56-23], cd[56-19], cd[56-12], cd[56-4], cd[56-26], cd[56-8],
        cd[56-16], cd[56-7], cd[56-27], cd[56-20], cd[56-13], cd[56-2],
        cd[56-41], cd[56-52], cd[56-31], cd[56-37], cd[56-47], cd[56-55],
        cd[56-30], cd[56-40], cd[56-51], cd[56-45], cd[56-33], cd[56-48],
        cd[56-44], cd[56-49], cd[56-39], cd[56-56], cd[56-34], cd[56-53],
        cd[56-46], cd[56-42], cd[56-50], cd[56-36], cd[56-29], cd[56-32]};
endfunction

reg  [SLOT_W-1:0] slot_q;
reg  [1:0]        des_q;    // DES j of the chain being scheduled
reg  [3:0]        n_q;      // subkey K_(n_q + 1) is produced next
reg  [55:0]       cd_q;     // C_(n_q) || D_(n_q)

// the key of DES j
reg  [63:0] key_sel;
generate
if (TRIPLE) begin : g_tdes
    always @* begin
        case (des_q)
            2'd0:    key_sel = DECRYPT ? start_key[63:0]    : start_key[191:128];
            2'd1:    key_sel = start_key[127:64];
            default: key_sel = DECRYPT ? start_key[191:128] : start_key[63:0];
        endcase
    end
end else begin : g_des
    always @* key_sel = start_key;
end
endgenerate

// one step of the schedule: C || D of round n_q + 1
wire [55:0] cd_prev = (n_q == 4'd0) ? perm_pc1(key_sel) : cd_q;
wire        shift1  = (n_q == 4'd0) || (n_q == 4'd1) || (n_q == 4'd8) || (n_q == 4'd15);
wire [55:0] cd_next = shift1 ? {cd_prev[54:28], cd_prev[55], cd_prev[26:0], cd_prev[27]}
                             : {cd_prev[53:28], cd_prev[55:54], cd_prev[25:0], cd_prev[27:26]};

// does DES des_q decrypt (middle DES of 3DES runs the other way)
wire        des_dec = (DECRYPT != 0) ^ ((TRIPLE != 0) && (des_q == 2'd1));
wire [3:0]  m_idx   = des_dec ? 4'd15 - n_q : n_q;     // round index m - 1 in that DES

always @(posedge clk) begin
    rk_en <= 1'b0;
    if (busy) begin
        rk_en   <= 1'b1;
        rk_pos  <= {des_q, m_idx};
        rk_slot <= slot_q;
        rk_key  <= perm_pc2(cd_next);
        cd_q    <= cd_next;
        n_q     <= n_q + 4'd1;
        if (n_q == 4'd15) begin
            des_q <= des_q + 2'd1;
            if (des_q == LAST_DES) busy <= 1'b0;
        end
    end else if (start) begin
        busy   <= 1'b1;
        slot_q <= start_slot;
        des_q  <= 2'd0;
        n_q    <= 4'd0;
    end
    if (rst) begin
        busy  <= 1'b0;
        rk_en <= 1'b0;
    end
end

endmodule

`default_nettype wire
