// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// The engine-independent checks of one LWC-style control word (docs/lwc-protocol.md, "Ports and
// words"; reference linecrypt/lwc/protocol.py, decode_instruction and decode_header): is it a
// valid instruction word, is it the segment header expected next, and how many data words
// follow it. lwc_keccak and lwc_aes decode their PDI and SDI words with it; what an engine
// runs (its ALGs, the build's options) is the engine's own decision on a valid word.
//
// The control word is the 32-bit view in word[W-1:W-32]; bits [W-33:0] must be zero (always at
// W = 32). A valid instruction: opcode known, [19:0] zero, ALG 0 or a known code that takes the
// opcode, no ALG on LDKEY/ACTKEY. A good header: reserved bits 27 and [23:16] zero, type
// exp_type, Last (24) set exactly on the EOT (25) segment of the final part; EOI (26) is not
// checked (the protocol leaves it to the host). seg_words and seg_lastb read the length field
// [15:0] whatever the other fields hold (the resynchronisation rule trusts it).
module lwc_word_decode #(
    parameter W = 32                    // port width: 32 or 128
) (
    input  wire [W-1:0] word,
    input  wire [3:0]   exp_type,       // segment type expected next
    input  wire         final_part,     // the expected part is the instruction's last
    output wire         ins_ok,         // a valid instruction word
    output wire         hdr_ok,         // a good header of type exp_type
    output wire [16:0]  seg_words,      // data words of the segment: ceil(length / (W/8))
    output wire [4:0]   seg_lastb       // bytes in its last word (W/8 when the length is 0)
);

generate
if (W != 32 && W != 128) begin : g_bad_w
    $error("%m: W must be 32 or 128");
end
endgenerate

localparam integer WB  = W / 8;
localparam integer LWB = (W == 128) ? 4 : 2;        // log2(WB)

// opcodes (docs/lwc-protocol.md)
localparam [3:0] OP_ENC = 4'b0010, OP_DEC = 4'b0011, OP_LDKEY = 4'b0100, OP_ACTKEY = 4'b0111,
                 OP_HASH = 4'b1000, OP_MAC = 4'b1001, OP_GEN = 4'b1010, OP_SEED = 4'b1100,
                 OP_RESEED = 4'b1101;

wire [31:0] v    = word[W-1 -: 32];
wire        low0 = ~|(word << 32);
wire [3:0]  op   = v[31:28];
wire [7:0]  a    = v[27:20];
wire [15:0] len  = v[15:0];

// ALG codes: hashes 0x11..0x17 (Keccak) and 0x23 (AES-Hash), MACs 0x18 and 0x22, AEADs 0x19
// and 0x21, PRNGs 0x1A and 0x24
wire op_known  = (op == OP_ENC) || (op == OP_DEC) || (op == OP_LDKEY) || (op == OP_ACTKEY) ||
                 (op == OP_HASH) || (op == OP_MAC) || (op == OP_GEN) || (op == OP_SEED) ||
                 (op == OP_RESEED);
wire alg_known = (a == 8'h00) || (a >= 8'h11 && a <= 8'h1A) || (a >= 8'h21 && a <= 8'h24);
wire alg_takes = (a == 8'h00) ||
                 (op == OP_HASH && ((a >= 8'h11 && a <= 8'h17) || a == 8'h23)) ||
                 (op == OP_MAC && (a == 8'h18 || a == 8'h22)) ||
                 ((op == OP_ENC || op == OP_DEC) && (a == 8'h19 || a == 8'h21)) ||
                 ((op == OP_GEN || op == OP_SEED || op == OP_RESEED) &&
                  (a == 8'h1A || a == 8'h24));
assign ins_ok = low0 && op_known && (v[19:0] == 20'd0) && alg_known && alg_takes &&
                !((op == OP_LDKEY || op == OP_ACTKEY) && a != 8'h00);

assign hdr_ok = low0 && !v[27] && (v[23:16] == 8'd0) && (v[31:28] == exp_type) &&
                (v[24] == (v[25] && final_part));

wire [16:0] len_up = {1'b0, len} + (WB[16:0] - 17'd1);
assign seg_words = len_up >> LWB;
assign seg_lastb = (len[LWB-1:0] == 0) ? WB[4:0] : {{(5-LWB){1'b0}}, len[LWB-1:0]};

endmodule
`default_nettype wire
