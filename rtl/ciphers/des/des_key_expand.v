`default_nettype none
// DES / 3DES key loader: sequences the subkey writes of one key slot into the round pipeline.
//
// DES subkeys are pure bit selections of the key (FIPS 46-3: K_n = PC2(C_n || D_n), C_n and D_n
// rotations of the halves of PC1(key)), so nothing is computed here: for each DES of the chain
// the unit puts CD0 = PC1(key) on the write bus for one clock, and every round position picks its
// own K_n out of it by wiring (des_round.v). One write per DES: 1 clock for DES, 3 for 3DES.
//
// Key byte order: start_key[KEY_BITS-1 -: 8] is byte 0 of K1 (FIPS 46-3 bit 1 = its MSB); for 3DES
// start_key = K1 || K2 || K3 (SP 800-67 keying option 1). Parity bits (the LSB of every byte) are
// dropped by PC1 and never checked.
//
// Which key goes to which DES (rk_des = position of the DES in the pipeline, 0 first):
//   3DES encrypt  E_K1, D_K2, E_K3  -> DES 0 = K1, DES 1 = K2, DES 2 = K3
//   3DES decrypt  D_K3, E_K2, D_K1  -> DES 0 = K3, DES 1 = K2, DES 2 = K1
// (the direction of each DES is fixed by the order in which its rounds store K_n, des_core.v).
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

    output reg                 rk_en,       // write CD0 rk_cd of DES rk_des into slot rk_slot
    output reg  [1:0]          rk_des,
    output reg  [SLOT_W-1:0]   rk_slot,
    output reg  [55:0]         rk_cd
);

localparam [56*7-1:0] PC1_T = {7'd57, 7'd49, 7'd41, 7'd33, 7'd25, 7'd17, 7'd9, 7'd1, 7'd58,
    7'd50, 7'd42, 7'd34, 7'd26, 7'd18, 7'd10, 7'd2, 7'd59, 7'd51, 7'd43, 7'd35, 7'd27, 7'd19, 7'd11,
    7'd3, 7'd60, 7'd52, 7'd44, 7'd36, 7'd63, 7'd55, 7'd47, 7'd39, 7'd31, 7'd23, 7'd15, 7'd7, 7'd62,
    7'd54, 7'd46, 7'd38, 7'd30, 7'd22, 7'd14, 7'd6, 7'd61, 7'd53, 7'd45, 7'd37, 7'd29, 7'd21, 7'd13,
    7'd5, 7'd28, 7'd20, 7'd12, 7'd4};
localparam [1:0] LAST = TRIPLE ? 2'd2 : 2'd0;

reg  [SLOT_W-1:0] slot_q;
reg  [1:0]        cnt;      // DES index of the next write

// the key of DES `cnt`
reg  [63:0] key_sel;
generate
if (TRIPLE) begin : g_tdes
    always @* begin
        case (cnt)
            2'd0:    key_sel = DECRYPT ? start_key[63:0]    : start_key[191:128];
            2'd1:    key_sel = start_key[127:64];
            default: key_sel = DECRYPT ? start_key[191:128] : start_key[63:0];
        endcase
    end
end else begin : g_des
    always @* key_sel = start_key;
end
endgenerate

wire [55:0] cd0;            // PC1(key_sel) = C0 || D0
genvar i;
generate
for (i = 1; i <= 56; i = i + 1) begin : g_pc1
    localparam [6:0] SRC = PC1_T[(56-i)*7 +: 7];
    assign cd0[56-i] = key_sel[64-SRC];
end
endgenerate

always @(posedge clk) begin
    rk_en <= 1'b0;
    if (busy) begin
        rk_en   <= 1'b1;
        rk_des  <= cnt;
        rk_slot <= slot_q;
        rk_cd   <= cd0;
        cnt     <= cnt + 2'd1;
        if (cnt == LAST) busy <= 1'b0;
    end else if (start) begin
        busy   <= 1'b1;
        slot_q <= start_slot;
        cnt    <= 2'd0;
    end
    if (rst) begin
        busy  <= 1'b0;
        rk_en <= 1'b0;
    end
end

endmodule

`default_nettype wire
