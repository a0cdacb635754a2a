`default_nettype none
// Per-round key memory of a LineCrypt pipeline: one KEY_W-bit entry per key slot, written from
// a write bus that travels down the chain of rounds (one register per round, so no net runs
// from the key-expansion unit to every round across the chip), read asynchronously by the slot
// of the block that needs it. A round takes the writes whose kw_pos equals its POS.
module lc_round_key_mem #(
    parameter KEY_W  = 128,
    parameter NSLOTS = 4,
    parameter POS    = 0,
    parameter POS_W  = 4,
    // derived
    parameter SLOT_W = (NSLOTS > 1) ? $clog2(NSLOTS) : 1
) (
    input  wire              clk,
    input  wire              rst,

    input  wire              kw_en,
    input  wire [POS_W-1:0]  kw_pos,
    input  wire [SLOT_W-1:0] kw_slot,
    input  wire [KEY_W-1:0]  kw_key,

    output reg               kwo_en,
    output reg  [POS_W-1:0]  kwo_pos,
    output reg  [SLOT_W-1:0] kwo_slot,
    output reg  [KEY_W-1:0]  kwo_key,

    input  wire [SLOT_W-1:0] rd_slot,
    output wire [KEY_W-1:0]  rd_key
);

localparam [POS_W-1:0] POS_V = POS[POS_W-1:0];

reg [KEY_W-1:0] mem [0:NSLOTS-1];

assign rd_key = mem[rd_slot];

always @(posedge clk) begin
    if (kw_en && kw_pos == POS_V) mem[kw_slot] <= kw_key;
    kwo_en   <= kw_en;
    kwo_pos  <= kw_pos;
    kwo_slot <= kw_slot;
    kwo_key  <= kw_key;
    if (rst) kwo_en <= 1'b0;
end

endmodule

`default_nettype wire
