// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// The DO side of the LWC front ends (lwc_keccak, lwc_aes): 64-bit output beats of a segment
// (byte j at [8j +: 8], s_keep per byte, s_last on the segment's last beat) to W-bit DO data
// words (docs/lwc-protocol.md: byte 0 in the word's most significant byte, bytes past s_keep and
// the padding of the segment's last word zero). W = 32: two words per beat, one for a last beat
// of 4 bytes or fewer; W = 128: two beats per word, a last beat alone fills the word's upper half.
// The front end presents w_data while it sends a segment's data and takes a word with w_take.
module lwc_do_words #(
    parameter W = 32                         // 32 or 128
) (
    input  wire          clk,
    input  wire          rst,
    input  wire [63:0]   s_data,
    input  wire [7:0]    s_keep,
    input  wire          s_last,
    input  wire          s_valid,
    output wire          s_ready,
    output wire          w_valid,
    output wire [W-1:0]  w_data,
    input  wire          w_take
);

generate
if (W != 32 && W != 128) begin : g_bad_w
    $error("%m: W must be 32 or 128");
end
endgenerate

// byte j of the beat to stream position j, bytes past s_keep zero
wire [63:0] be;
genvar gj;
generate
    for (gj = 0; gj < 8; gj = gj + 1) begin : g_be
        assign be[63-8*gj -: 8] = s_data[8*gj +: 8] & {8{s_keep[gj]}};
    end
endgenerate

generate
if (W == 32) begin : g_out32
    reg [63:0] ob;
    reg [1:0]  on;                               // words left in ob
    assign s_ready = (on == 2'd0) || (on == 2'd1 && w_take);
    assign w_valid = (on != 2'd0);
    assign w_data  = ob[63:32];
    always @(posedge clk) begin
        if (rst) begin
            on <= 2'd0;
        end else if (s_valid && s_ready) begin
            ob <= be;
            on <= (s_last && !s_keep[4]) ? 2'd1 : 2'd2;
        end else if (w_take) begin
            ob <= ob << 32;
            on <= on - 2'd1;
        end
    end
end else begin : g_out128
    reg [127:0] ob;
    reg         half, full;
    assign s_ready = !full || w_take;
    assign w_valid = full;
    assign w_data  = ob;
    always @(posedge clk) begin
        if (rst) begin
            half <= 1'b0;
            full <= 1'b0;
        end else if (s_valid && s_ready) begin
            if (!half) begin
                ob[127:64] <= be;
                if (s_last) begin
                    ob[63:0] <= 64'd0;
                    full     <= 1'b1;
                end else begin
                    full <= 1'b0;
                    half <= 1'b1;
                end
            end else begin
                ob[63:0] <= be;
                full     <= 1'b1;
                half     <= 1'b0;
            end
        end else if (w_take) begin
            full <= 1'b0;
        end
    end
end
endgenerate

endmodule
`default_nettype wire
