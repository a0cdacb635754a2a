// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Experiment: the deep AES-128 round chain of aes_core (same aes_round parameters as
// aes128-enc-s3-mix-link) with nothing around it: no key-expansion unit, no slot controller,
// no admission/credit logic, no output FIFO. Inputs and key-write bus registered from ports,
// output registered to ports. Bounds what the data path alone reaches at full-core scale.
module aes_chain_bound #(parameter NR = 10, parameter STAGES = 3, parameter MIX_REG = 1,
                         parameter LINK = 1, parameter COPIES = 4, parameter NSLOTS = 4) (
    input  wire clk, input wire rst,
    input  wire in_valid, input wire [1:0] in_slot, input wire [7:0] in_meta, input wire [127:0] in_state,
    input  wire kw_en_i, input wire [3:0] kw_pos_i, input wire [1:0] kw_slot_i, input wire [127:0] kw_key_i,
    output reg  out_valid, output reg [7:0] out_meta, output reg [127:0] out_state
);
wire              p_valid [0:NR+1];
wire [1:0]        p_slot  [0:NR+1];
wire [1:0]        p_slot_nx [0:NR+1];
wire [7:0]        p_meta  [0:NR+1];
wire [127:0]      p_state [0:NR+1];
wire              w_en    [0:NR+1];
wire              w_hit   [0:NR+1];
wire [3:0]        w_pos   [0:NR+1];
wire [1:0]        w_slot  [0:NR+1];
wire [127:0]      w_key   [0:NR+1];
wire [128*COPIES-1:0] p_copies [0:NR+1];
reg v0; reg [1:0] s0; reg [7:0] m0; reg [127:0] d0;
reg ke; reg [3:0] kp; reg [1:0] ks; reg [127:0] kk;
always @(posedge clk) begin
    v0 <= in_valid; s0 <= in_slot; m0 <= in_meta; d0 <= in_state;
    ke <= kw_en_i; kp <= kw_pos_i; ks <= kw_slot_i; kk <= kw_key_i;
    out_valid <= p_valid[NR+1]; out_meta <= p_meta[NR+1]; out_state <= p_state[NR+1];
end
assign p_valid[0] = v0; assign p_slot[0] = s0; assign p_meta[0] = m0; assign p_state[0] = d0;
assign p_copies[0] = {COPIES{d0}};
assign p_slot_nx[0] = s0;
assign w_en[0] = ke; assign w_hit[0] = ke && kp == 0; assign w_pos[0] = kp; assign w_slot[0] = ks; assign w_key[0] = kk;
genvar r;
generate
for (r = 0; r <= NR; r = r + 1) begin : g_round
    aes_round #(.KIND(r == 0 ? 0 : (r == NR ? 2 : 1)), .DECRYPT(0), .STAGES(STAGES), .NSLOTS(NSLOTS),
                .META_W(8), .POS(r), .COPIES(COPIES), .LINK(LINK), .MIX_REG(MIX_REG)) u_round (
        .clk(clk), .rst(rst),
        .in_valid(p_valid[r]), .in_slot(p_slot[r]), .in_slot_next(p_slot_nx[r]), .in_meta(p_meta[r]),
        .in_state(p_state[r]), .in_copies(p_copies[r]), .out_copies(p_copies[r+1]),
        .out_slot_next(p_slot_nx[r+1]),
        .kw_en(w_en[r]), .kw_hit(w_hit[r]), .kw_pos(w_pos[r]), .kw_slot(w_slot[r]), .kw_key(w_key[r]),
        .kwo_en(w_en[r+1]), .kwo_hit(w_hit[r+1]), .kwo_pos(w_pos[r+1]), .kwo_slot(w_slot[r+1]), .kwo_key(w_key[r+1]),
        .out_valid(p_valid[r+1]), .out_slot(p_slot[r+1]), .out_meta(p_meta[r+1]), .out_state(p_state[r+1]));
end
endgenerate
endmodule
`default_nettype wire
