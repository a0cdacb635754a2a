// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// CBC encryption (SP 800-38A 6.2) for many independent streams through ONE pipelined block core.
//
// CBC encryption is a feedback loop, C_k = E_K(P_k xor C_{k-1}), C_0 = IV: block k+1 of a message
// cannot enter the core before block k has left it, so one stream uses one pipeline slot in
// T = LATENCY + 5 clocks (the core's input-to-m_axis latency LATENCY + 3, this wrapper's input
// register, and one clock for the ciphertext to reach the chaining memory). This wrapper keeps
// the pipeline full with other streams: every block names a
// stream; each stream has its own chaining register; a block enters the core only when its
// stream has no block in flight, and blocks of other streams fill the remaining clocks. With
// at least T streams interleaved in the input the core takes one block per clock.
//
//   1 stream    1 block / T clocks     (block k+1 is chained in the clock after block k leaves)
//   N streams   min(1, N / T) blocks per clock, when the input is interleaved
// where LATENCY is the core's (des_core: 1 + 16 STAGES for DES, 1 + 48 STAGES for 3DES;
// aes_core: 1 + Nr STAGES).
//
// The core is chosen by CORE: 0 = des_core (DES, or 3DES with TRIPLE = 1), 1 = aes_core; both
// are instantiated encrypt-only with this module's NSLOTS and STAGES. Byte order is the core's:
// tdata[BLOCK_BITS-1 -: 8] is byte 0 of the block, s_key_tdata[KEY_BITS-1 -: 8] byte 0 of the
// key (3DES: K1 || K2 || K3; keying option 2 is the host sending K1 || K2 || K1).
//
// Streams (AXI-Stream handshakes, a beat moves when tvalid && tready):
//   s_key_*   straight to the core (load a key into a slot; see des_core.v / aes_core.v).
//   s_axis_*  one input stream in the host's order; the wrapper does not reorder, so the host
//             interleaves its messages (e.g. round-robin over the streams with data):
//             tstream  the stream (message) the beat belongs to
//             tiv = 1  the beat carries the stream's IV for its next message: it is stored and
//                      produces no output. Accepted at once, even while the stream still has a
//                      block of its previous message in flight. Every message starts with one.
//             tiv = 0  a plaintext block: encrypted with key slot tslot, chained with the
//                      stream's previous ciphertext (or its IV after an IV beat). It waits at the
//                      head of the input (tready low) while its stream has a block in flight.
//             tuser    carried to the output unchanged.
//   m_axis_*  ciphertext blocks in input order, with tstream and tuser. terr = 1: the block named
//             an empty key slot; tdata is zero and so becomes the stream's chaining value (the
//             host restarts that message with a new IV).
// The core's output and input sit at the two ends of its pipeline, often across the chip, so the
// loop is cut by registers at both ends: a leaving ciphertext is written into the chaining
// memory and frees its stream one clock later (from registers, no bypass into the XOR), and the
// chained block (P xor C) goes through a two-entry register stage (lc_fifo, flops) before the
// core. With a bypass and no registers, core output -> compare -> XOR -> the core's first
// round would be one path across the chip.
// s_axis_tready does not depend on m_axis_tready.
//
// Storage: two NSTREAMS x BLOCK_BITS memories with one write and one async read port each
// (chaining values written by the core output, IVs written by the input): distributed RAM.
module cbc_encrypt_interleave #(
    parameter CORE       = 0,     // 0: des_core, 1: aes_core
    parameter TRIPLE     = 1,     // des_core: 0 DES, 1 3DES
    parameter KEY_BITS   = 192,   // must match the core: DES 64, 3DES 192, AES 128/192/256
    parameter STAGES     = 1,     // the core's register stages per round
    parameter NSLOTS     = 4,
    parameter NSTREAMS   = 64,    // power of two >= 2
    parameter USER_WIDTH = 8,
    // derived: do not override
    parameter BLOCK_BITS = CORE ? 128 : 64,
    parameter SID_W      = $clog2(NSTREAMS),
    parameter SLOT_W     = (NSLOTS > 1) ? $clog2(NSLOTS) : 1
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire [KEY_BITS-1:0]   s_key_tdata,
    input  wire [SLOT_W-1:0]     s_key_slot,
    input  wire                  s_key_tvalid,
    output wire                  s_key_tready,

    input  wire [BLOCK_BITS-1:0] s_axis_tdata,
    input  wire [SID_W-1:0]      s_axis_tstream,
    input  wire [SLOT_W-1:0]     s_axis_tslot,
    input  wire                  s_axis_tiv,
    input  wire [USER_WIDTH-1:0] s_axis_tuser,
    input  wire                  s_axis_tvalid,
    output wire                  s_axis_tready,

    output wire [BLOCK_BITS-1:0] m_axis_tdata,
    output wire [SID_W-1:0]      m_axis_tstream,
    output wire [USER_WIDTH-1:0] m_axis_tuser,
    output wire                  m_axis_terr,
    output wire                  m_axis_tvalid,
    input  wire                  m_axis_tready,

    output wire [NSLOTS-1:0]     slot_valid,
    output wire [NSLOTS-1:0]     slot_loading,
    output reg  [NSTREAMS-1:0]   stream_busy     // the stream has a block in the core
);

localparam CU_W = USER_WIDTH + SID_W;   // core sideband: {user, stream}

generate
if (NSTREAMS < 2 || (NSTREAMS & (NSTREAMS - 1)) != 0) begin : g_bad_streams
    $error("%m: NSTREAMS must be a power of two >= 2");
end
if (CORE == 0 && KEY_BITS != (TRIPLE ? 192 : 64)) begin : g_bad_des_key
    $error("%m: des_core needs KEY_BITS = 64 (DES) or 192 (3DES, TRIPLE = 1)");
end
if (CORE != 0 && CORE != 1) begin : g_bad_core
    $error("%m: CORE must be 0 (des_core) or 1 (aes_core)");
end
endgenerate

// ---------------------------------------------------------------- the block core
wire [BLOCK_BITS-1:0] c_s_data;
wire [SLOT_W-1:0]     c_s_slot;
wire [CU_W-1:0]       c_s_user;
wire                  c_s_valid;
wire                  c_s_ready;
wire [BLOCK_BITS-1:0] c_m_data;
wire [CU_W-1:0]       c_m_user;
wire                  c_m_err;
wire                  c_m_valid;

generate
if (CORE == 0) begin : g_des
    des_core #(.TRIPLE(TRIPLE), .DECRYPT(0), .STAGES(STAGES), .NSLOTS(NSLOTS),
               .USER_WIDTH(CU_W)) u_core (
        .clk(clk), .rst(rst),
        .s_key_tdata(s_key_tdata), .s_key_slot(s_key_slot), .s_key_tvalid(s_key_tvalid),
        .s_key_tready(s_key_tready),
        .s_axis_tdata(c_s_data), .s_axis_tslot(c_s_slot), .s_axis_tuser(c_s_user),
        .s_axis_tvalid(c_s_valid), .s_axis_tready(c_s_ready),
        .m_axis_tdata(c_m_data), .m_axis_tuser(c_m_user), .m_axis_terr(c_m_err),
        .m_axis_tvalid(c_m_valid), .m_axis_tready(m_axis_tready),
        .slot_valid(slot_valid), .slot_loading(slot_loading)
    );
end else begin : g_aes
    /* verilator lint_off UNUSEDSIGNAL */
    wire [134 + SLOT_W:0] kx_bus_unused;   // the key unit's write bus, for lanes sharing it
    wire                  rk_bus_unused;   // round keys, for lanes sharing them (RK_OUT = 0)
    /* verilator lint_on UNUSEDSIGNAL */
    aes_core #(.KEY_BITS(KEY_BITS), .DECRYPT(0), .STAGES(STAGES), .NSLOTS(NSLOTS),
               .USER_WIDTH(CU_W)) u_core (
        .clk(clk), .rst(rst),
        .s_key_tdata(s_key_tdata), .s_key_slot(s_key_slot), .s_key_tvalid(s_key_tvalid),
        .s_key_tready(s_key_tready),
        .s_axis_tdata(c_s_data), .s_axis_tslot(c_s_slot), .s_axis_tuser(c_s_user),
        .s_axis_tvalid(c_s_valid), .s_axis_tready(c_s_ready),
        .m_axis_tdata(c_m_data), .m_axis_tuser(c_m_user), .m_axis_terr(c_m_err),
        .m_axis_tvalid(c_m_valid), .m_axis_tready(m_axis_tready),
        .slot_valid(slot_valid), .slot_loading(slot_loading),
        .kx_bus(kx_bus_unused), .kx_bus_in({135 + SLOT_W{1'b0}}),  // its own key unit
        .rk_bus(rk_bus_unused), .rk_bus_in(1'b0)                     // and its own round keys
    );
end
endgenerate

// ---------------------------------------------------------------- per-stream state
reg [BLOCK_BITS-1:0] chain_mem [0:NSTREAMS-1];   // last ciphertext of the stream
reg [BLOCK_BITS-1:0] iv_mem    [0:NSTREAMS-1];   // IV for the stream's next message
reg [NSTREAMS-1:0]   iv_pend;                    // iv_mem holds an IV not used yet

wire [SID_W-1:0] h_sid    = s_axis_tstream;
wire [SID_W-1:0] o_sid    = c_m_user[SID_W-1:0];
wire             out_fire = c_m_valid && m_axis_tready;
// a leaving block's ciphertext is in chain_mem from the next clock on; its stream is freed then
reg              done_q;                         // a block left the core in the previous clock
reg  [SID_W-1:0] done_sid_q;                     // its stream
always @(posedge clk) begin
    done_q     <= out_fire;
    done_sid_q <= o_sid;
    if (rst) done_q <= 1'b0;
end
wire             free     = !stream_busy[h_sid] || (done_q && done_sid_q == h_sid);
wire [BLOCK_BITS-1:0] chain = iv_pend[h_sid] ? iv_mem[h_sid] : chain_mem[h_sid];

// the chained block enters the register stage in front of the core
wire x_valid = s_axis_tvalid && !s_axis_tiv && free;
wire x_ready;
/* verilator lint_off UNUSEDSIGNAL */
wire [1:0] x_count;
wire       x_valid_next;
/* verilator lint_on UNUSEDSIGNAL */
lc_fifo #(.WIDTH(BLOCK_BITS + SLOT_W + CU_W), .DEPTH(2)) u_in (
    .clk(clk), .rst(rst),
    .s_data({s_axis_tdata ^ chain, s_axis_tslot, s_axis_tuser, s_axis_tstream}),
    .s_valid(x_valid), .s_ready(x_ready),
    .m_data({c_s_data, c_s_slot, c_s_user}), .m_valid(c_s_valid), .m_ready(c_s_ready),
    .m_valid_next(x_valid_next), .count(x_count)
);
assign s_axis_tready = s_axis_tiv || (x_ready && free);

wire blk_fire = x_valid && x_ready;
wire iv_fire  = s_axis_tvalid && s_axis_tiv;

always @(posedge clk) begin
    if (out_fire) chain_mem[o_sid] <= c_m_data;
    if (iv_fire)  iv_mem[h_sid] <= s_axis_tdata;
end

always @(posedge clk) begin
    if (done_q) stream_busy[done_sid_q] <= 1'b0;
    if (blk_fire) begin                        // after the clear: k is freed as k+1 enters
        stream_busy[h_sid] <= 1'b1;
        iv_pend[h_sid]     <= 1'b0;
    end
    if (iv_fire) iv_pend[h_sid] <= 1'b1;
    if (rst) begin
        stream_busy <= {NSTREAMS{1'b0}};
        iv_pend     <= {NSTREAMS{1'b0}};
    end
end

// ---------------------------------------------------------------- output
assign m_axis_tdata   = c_m_data;
assign m_axis_tstream = o_sid;
assign m_axis_tuser   = c_m_user[CU_W-1:SID_W];
assign m_axis_terr    = c_m_err;
assign m_axis_tvalid  = c_m_valid;

endmodule

`default_nettype wire
