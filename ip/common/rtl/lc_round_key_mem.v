// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Per-round key memory of a LineCrypt pipeline: one KEY_W-bit entry per key slot, written from
// a write bus that travels down the chain of rounds (one register per round, so no net runs
// from the key-expansion unit to every round across the chip), read asynchronously by the slot
// of the block that needs it. A round takes the writes whose kw_pos equals its POS.
// The position match travels pre-decoded: kw_hit is "this write is for the round receiving it",
// computed one round earlier (kwo_hit = kw_en && kw_pos == POS + 1, a flop; the chain's first
// round gets kw_en && kw_pos == its POS from the core). So the match is never a compare between
// two rounds: the previous round's flop feeds this round's hit copies directly, and the compare
// sits between this round's input and its own kwo_hit flop.
// The write is made one clock after the bus passes, from this round's registered copy of it
// (kwo_slot, kwo_key) and the registered match (one copy per 32 key bits), so the memory's write
// enable is a flop, not a compare spread over a round's worth of LUTRAM. The round-key writes
// therefore land one clock later than the bus arrives; they still move one round per clock,
// ahead of any block admitted after the slot becomes valid.
//
// BUS_W = KEY_W: one write carries a whole round key. BUS_W = 32: a round key is written as
// KEY_W/32 words, and the write address kw_pos is {round position, word index}: its low
// log2(KEY_W/32) bits name the word (key bits [32*word +: 32]), the rest the round. The bus and
// its register in every round are then 32 bits wide instead of KEY_W (a key-expansion unit that
// makes one word per clock anyway loses no time; the Serpent core uses it).
module lc_round_key_mem #(
    parameter KEY_W  = 128,
    parameter NSLOTS = 4,
    parameter POS    = 0,
    parameter POS_W  = 4,            // address width (round position, and the word index if any)
    parameter BUS_W  = KEY_W,        // KEY_W, or 32 (word-serial writes; KEY_W a multiple of 32)
    // derived
    parameter SLOT_W = (NSLOTS > 1) ? $clog2(NSLOTS) : 1
) (
    input  wire              clk,
    input  wire              rst,

    input  wire              kw_en,
    input  wire              kw_hit,     // kw_en && kw_pos == POS, decoded one round earlier
    input  wire [POS_W-1:0]  kw_pos,
    input  wire [SLOT_W-1:0] kw_slot,
    input  wire [BUS_W-1:0]  kw_key,

    output reg               kwo_en,
    output reg               kwo_hit,    // kwo_* is a write for the next round (POS + 1)
    output reg  [POS_W-1:0]  kwo_pos,
    output reg  [SLOT_W-1:0] kwo_slot,
    output reg  [BUS_W-1:0]  kwo_key,

    input  wire [SLOT_W-1:0] rd_slot,
    output wire [KEY_W-1:0]  rd_key
);

localparam integer SL_W   = 32;
localparam integer NSL    = (KEY_W + SL_W - 1) / SL_W;
localparam         NARROW = (BUS_W != KEY_W);
localparam integer WSEL   = NARROW ? $clog2(NSL) : 0;    // word-index bits of the address
localparam integer RP_W   = POS_W - WSEL;                // round-position bits

localparam integer     NEXT   = POS + 1;
localparam [RP_W-1:0]  NEXT_V = NEXT[RP_W-1:0];

generate
if (NARROW && (BUS_W != 32 || KEY_W % 32 != 0 || NSL < 2)) begin : g_bad_bus
    $error("%m: BUS_W must be KEY_W, or 32 with KEY_W a multiple of 32 (>= 64)");
end
endgenerate
wire [RP_W-1:0] kw_round = kw_pos[POS_W-1:WSEL];

reg [NSL-1:0] hit_q;                 // kwo_* is a write for this round (one copy per slice)

genvar k;
generate
for (k = 0; k < NSL; k = k + 1) begin : g_slice
    localparam integer LO = SL_W * k;
    localparam integer W  = (KEY_W - LO < SL_W) ? KEY_W - LO : SL_W;
    reg [W-1:0] mem [0:NSLOTS-1];
    // each copy its own (* keep *) block: a (* keep *) on the reg does not stop Yosys merging
    // flops with one input into one flop
    if (NARROW) begin : g_word     // slice k takes word k
        localparam [WSEL-1:0] K_V = k;
        (* keep *) always @(posedge clk) hit_q[k] <= rst ? 1'b0 : (kw_hit && kw_pos[WSEL-1:0] == K_V);
        always @(posedge clk) if (hit_q[k]) mem[kwo_slot] <= kwo_key[W-1:0];
    end else begin : g_key
        (* keep *) always @(posedge clk) hit_q[k] <= rst ? 1'b0 : kw_hit;
        always @(posedge clk) if (hit_q[k]) mem[kwo_slot] <= kwo_key[LO +: W];
    end
    assign rd_key[LO +: W] = mem[rd_slot];
end
endgenerate

always @(posedge clk) begin
    kwo_en   <= kw_en;
    kwo_hit  <= kw_en && kw_round == NEXT_V && NEXT < (1 << RP_W);
    kwo_pos  <= kw_pos;
    kwo_slot <= kw_slot;
    kwo_key  <= kw_key;
    if (rst) begin
        kwo_en   <= 1'b0;
        kwo_hit  <= 1'b0;
        kwo_pos  <= {POS_W{1'b0}};
        kwo_slot <= {SLOT_W{1'b0}};
        kwo_key  <= {BUS_W{1'b0}};
    end
end

`ifndef SYNTHESIS
// Simulation check: the pre-decoded match must equal the compare it replaces (a core that wires
// kw_hit wrongly stops here instead of writing a round key into the wrong round).
localparam [RP_W-1:0] POS_V = POS[RP_W-1:0];
reg hit_chk_armed;
initial hit_chk_armed = 1'b0;
always @(posedge clk) begin
    if (rst) hit_chk_armed <= 1'b1;
    else if (hit_chk_armed && kw_hit !== (kw_en && kw_round == POS_V)) begin
        $display("%m: kw_hit %b but kw_en %b kw_pos %0d (round %0d, POS %0d)", kw_hit, kw_en, kw_pos,
                 kw_round, POS);
        $fatal(1);
    end
end
`endif

endmodule

`default_nettype wire
