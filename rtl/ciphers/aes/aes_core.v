`default_nettype none
// Fully unrolled, pipelined AES core: one 128-bit block per clock, encrypt or decrypt, with
// key slots and zero-cost slot switching.
//
// Byte order (FIPS-197): s_axis_tdata[127:120] is byte 0 of the block; s_key_tdata[KEY_BITS-1 -: 8]
// is byte 0 of the key.
//
// Streams (AXI-Stream handshakes, a beat moves when tvalid && tready):
//   s_key_*   load a key into slot s_key_slot. Accepted when the key unit is idle. New blocks for
//             that slot wait at the input (tready low while they are at the head) until the key
//             is expanded; blocks already in flight finish with the old key; blocks for other
//             slots keep flowing. Latency ~ LATENCY + 4*(Nr+1)*PHASES clocks.
//   s_axis_*  blocks; tslot names the key slot, tuser is carried to the output unchanged.
//             A block naming a slot that holds no key is not stalled: it comes out with
//             m_axis_terr = 1 and all-zero tdata (a status, never a hang).
//   m_axis_*  results in input order.
// Backpressure never stalls the pipe: a credit counter admits a block only while the output
// FIFO (FIFO_DEPTH >= LATENCY + 2 entries) has room for everything in flight.
module aes_core #(
    parameter KEY_BITS    = 128,   // 128, 192, 256
    parameter DECRYPT     = 0,     // 0: Cipher, 1: equivalent InvCipher
    parameter STAGES      = 2,     // register stages per round: 1, 2 (seed 002), 3 (split S-box)
    parameter NSLOTS      = 4,     // key slots (power of two >= 2)
    parameter USER_WIDTH  = 8,
    parameter ENHANCED_KX = 0,     // 1: seed 002 enhanced key expansion (AES-128 only, not AES)
    // derived: do not override
    parameter SLOT_W      = (NSLOTS > 1) ? $clog2(NSLOTS) : 1,
    parameter NR          = KEY_BITS / 32 + 6,
    parameter LATENCY     = 1 + NR * STAGES,
    parameter FIFO_DEPTH  = 1 << $clog2(LATENCY + 2)
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire [KEY_BITS-1:0]   s_key_tdata,
    input  wire [SLOT_W-1:0]     s_key_slot,
    input  wire                  s_key_tvalid,
    output wire                  s_key_tready,

    input  wire [127:0]          s_axis_tdata,
    input  wire [SLOT_W-1:0]     s_axis_tslot,
    input  wire [USER_WIDTH-1:0] s_axis_tuser,
    input  wire                  s_axis_tvalid,
    output wire                  s_axis_tready,

    output wire [127:0]          m_axis_tdata,
    output wire [USER_WIDTH-1:0] m_axis_tuser,
    output wire                  m_axis_terr,
    output wire                  m_axis_tvalid,
    input  wire                  m_axis_tready,

    output reg  [NSLOTS-1:0]     slot_valid,    // slot holds an expanded key
    output reg  [NSLOTS-1:0]     slot_loading   // a key is being loaded into the slot
);

generate
if (NSLOTS < 2 || (NSLOTS & (NSLOTS - 1)) != 0) begin : g_bad_slots
    $error("%m: NSLOTS must be a power of two >= 2 (every slot index names a slot)");
end
endgenerate

localparam META_W = USER_WIDTH + 1;   // {err, user}
localparam CNT_W  = $clog2(FIFO_DEPTH) + 1;

// ---------------------------------------------------------------- key load control
localparam K_IDLE = 2'd0, K_DRAIN = 2'd1, K_START = 2'd2, K_EXPAND = 2'd3;
reg  [1:0]          k_state;
reg  [SLOT_W-1:0]   k_slot;
reg  [KEY_BITS-1:0] k_key;
reg  [7:0]          k_drain;
wire                kx_busy;
wire                kw_en;
wire [3:0]          kw_pos;
wire [SLOT_W-1:0]   kw_slot;
wire [127:0]        kw_key;

assign s_key_tready = (k_state == K_IDLE);

always @(posedge clk) begin
    case (k_state)
        K_IDLE: if (s_key_tvalid) begin
            k_slot  <= s_key_slot;
            k_key   <= s_key_tdata;
            k_drain <= LATENCY[7:0] + 8'd1;
            slot_valid[s_key_slot]   <= 1'b0;
            slot_loading[s_key_slot] <= 1'b1;
            k_state <= K_DRAIN;
        end
        // blocks admitted before the load may still be in the pipe: let them finish
        K_DRAIN: begin
            k_drain <= k_drain - 8'd1;
            if (k_drain == 8'd0) k_state <= K_START;
        end
        K_START: k_state <= K_EXPAND;
        default: if (!kx_busy) begin
            slot_valid[k_slot]   <= 1'b1;
            slot_loading[k_slot] <= 1'b0;
            k_state <= K_IDLE;
        end
    endcase
    if (rst) begin
        k_state      <= K_IDLE;
        slot_valid   <= {NSLOTS{1'b0}};
        slot_loading <= {NSLOTS{1'b0}};
    end
end

aes_key_expand #(
    .KEY_BITS(KEY_BITS), .DECRYPT(DECRYPT), .ENHANCED_KX(ENHANCED_KX),
    .SPLIT_SBOX(STAGES == 3 ? 1 : 0), .NSLOTS(NSLOTS)
) u_kx (
    .clk(clk), .rst(rst),
    .start(k_state == K_START), .start_slot(k_slot), .start_key(k_key), .busy(kx_busy),
    .rk_en(kw_en), .rk_pos(kw_pos), .rk_slot(kw_slot), .rk_key(kw_key)
);

// ---------------------------------------------------------------- admission (credits)
reg  [CNT_W-1:0] occupancy;       // admitted and not yet delivered
wire             head_blocked = slot_loading[s_axis_tslot];
assign s_axis_tready = (occupancy < FIFO_DEPTH) && !head_blocked;
wire in_fire  = s_axis_tvalid && s_axis_tready;
wire out_fire = m_axis_tvalid && m_axis_tready;

always @(posedge clk) begin
    occupancy <= occupancy + {{CNT_W-1{1'b0}}, in_fire} - {{CNT_W-1{1'b0}}, out_fire};
    if (rst) occupancy <= {CNT_W{1'b0}};
end

// ---------------------------------------------------------------- round pipeline
wire              p_valid [0:NR+1];
wire [SLOT_W-1:0] p_slot  [0:NR+1];
wire [META_W-1:0] p_meta  [0:NR+1];
wire [127:0]      p_state [0:NR+1];

assign p_valid[0] = in_fire;
assign p_slot[0]  = s_axis_tslot;
assign p_meta[0]  = {!slot_valid[s_axis_tslot], s_axis_tuser};
assign p_state[0] = s_axis_tdata;

genvar r;
generate
for (r = 0; r <= NR; r = r + 1) begin : g_round
    aes_round #(
        .KIND(r == 0 ? 0 : (r == NR ? 2 : 1)), .DECRYPT(DECRYPT), .STAGES(STAGES),
        .NSLOTS(NSLOTS), .META_W(META_W)
    ) u_round (
        .clk(clk), .rst(rst),
        .in_valid(p_valid[r]), .in_slot(p_slot[r]), .in_meta(p_meta[r]), .in_state(p_state[r]),
        .kw_en(kw_en && kw_pos == r), .kw_slot(kw_slot), .kw_key(kw_key),
        .out_valid(p_valid[r+1]), .out_slot(p_slot[r+1]), .out_meta(p_meta[r+1]),
        .out_state(p_state[r+1])
    );
end
endgenerate

// ---------------------------------------------------------------- output FIFO
wire             q_err = p_meta[NR+1][META_W-1];
// Credits guarantee room for every admitted block, so s_ready is never low when written.
/* verilator lint_off UNUSEDSIGNAL */
wire [CNT_W-1:0] fifo_count;
wire             fifo_ready;
/* verilator lint_on UNUSEDSIGNAL */

lc_fifo #(.WIDTH(128 + META_W), .DEPTH(FIFO_DEPTH)) u_fifo (
    .clk(clk), .rst(rst),
    .s_data({p_meta[NR+1], q_err ? 128'd0 : p_state[NR+1]}),
    .s_valid(p_valid[NR+1]), .s_ready(fifo_ready),
    .m_data({m_axis_terr, m_axis_tuser, m_axis_tdata}),
    .m_valid(m_axis_tvalid), .m_ready(m_axis_tready),
    .count(fifo_count)
);

endmodule

`default_nettype wire
