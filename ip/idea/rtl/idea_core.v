// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Fully unrolled, pipelined IDEA core: one 64-bit block per clock, encrypt or decrypt, with
// key slots and zero-cost slot switching. Same ports and streams as aes_core, 64-bit blocks.
//
// Byte order (Lai-Massey, big-endian 16-bit words; linecrypt/models/idea.py): s_axis_tdata[63:56]
// is block byte 0 and s_axis_tdata[63:48] = X1 = bytes 0,1, ..., [15:0] = X4 = bytes 6,7 (the
// same for m_axis_tdata, Y1..Y4). s_key_tdata[127:120] is key byte 0; s_key_tdata[127:112] =
// Z1 = key bytes 0,1.
//
// Streams (AXI-Stream handshakes, a beat moves when tvalid && tready):
//   s_key_*   load a key into slot s_key_slot. Accepted when the key unit is idle. New blocks for
//             that slot wait at the input (tready low while they are at the head) until its
//             subkeys are written; blocks already in flight finish with the old key; blocks for
//             other slots keep flowing. The subkeys are computed in hardware (idea_key_expand):
//             encryption 103 clocks; decryption, with its 18 multiplicative inverses mod 65537,
//             2263 clocks at MUL_PIPE = 3 (1723 / 2803 at 2 / 4); plus 2 * (LATENCY + 1) + 3
//             clocks of slot draining and settling (lc_key_slot_ctrl): key accepted -> slot
//             valid = 274 (encrypt) / 2434 (decrypt) clocks at MUL_PIPE = 3 (simulation).
//   s_axis_*  blocks; tslot names the key slot, tuser is carried to the output unchanged.
//             A block naming a slot that holds no key is not stalled: it comes out with
//             m_axis_terr = 1 and all-zero tdata (a status, never a hang).
//   m_axis_*  results in input order.
// Backpressure never stalls the pipe: a credit counter admits a block only while the output
// FIFO (ip/common/rtl/lc_credit_fifo.v, >= LATENCY + 11 entries) has room for everything in flight.
//
// Pipeline: 8 idea_round (3 * MUL_PIPE + 1 stages each) and the output transformation
// (MUL_PIPE stages); LATENCY = 25 * MUL_PIPE + 8 clocks from admission to the output FIFO
// (83 at MUL_PIPE = 3). 34 multipliers mod 2^16 + 1 (one MULT18X18D each), plus one in the key
// unit of a decryption core. Encryption and decryption are the same datapath; DECRYPT only
// selects the key schedule.
module idea_core #(
    parameter KEY_BITS   = 128,   // fixed (IDEA); a parameter so generic tools can read it
    parameter DECRYPT    = 0,     // 0: encrypt, 1: decrypt (decryption subkeys built at key load)
    parameter NSLOTS     = 4,     // key slots (power of two >= 2)
    parameter USER_WIDTH = 8,
    parameter MUL_PIPE   = 3,     // register stages inside each idea_mul: 2, 3, 4
    // derived: do not override
    parameter SLOT_W     = (NSLOTS > 1) ? $clog2(NSLOTS) : 1,
    parameter LATENCY    = 8 * (3 * MUL_PIPE + 1) + MUL_PIPE
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire [KEY_BITS-1:0]   s_key_tdata,
    input  wire [SLOT_W-1:0]     s_key_slot,
    input  wire                  s_key_tvalid,
    output wire                  s_key_tready,

    input  wire [63:0]           s_axis_tdata,
    input  wire [SLOT_W-1:0]     s_axis_tslot,
    input  wire [USER_WIDTH-1:0] s_axis_tuser,
    input  wire                  s_axis_tvalid,
    output wire                  s_axis_tready,

    output wire [63:0]           m_axis_tdata,
    output wire [USER_WIDTH-1:0] m_axis_tuser,
    output wire                  m_axis_terr,
    output wire                  m_axis_tvalid,
    input  wire                  m_axis_tready,

    output wire [NSLOTS-1:0]     slot_valid,    // slot holds a key schedule
    output wire [NSLOTS-1:0]     slot_loading   // a key is being loaded into the slot
);

generate
if (KEY_BITS != 128) begin : g_bad_key
    $error("%m: IDEA keys are 128 bits (KEY_BITS must be 128)");
end
if (MUL_PIPE < 2 || MUL_PIPE > 4) begin : g_bad_pipe
    $error("%m: MUL_PIPE must be 2, 3 or 4");
end
endgenerate

localparam META_W = USER_WIDTH + 1;   // {err, user}
localparam NSTEP  = 9;                // 8 rounds + output transformation

// ---------------------------------------------------------------- slots, admission, output
wire              kx_start;
wire [SLOT_W-1:0] kx_slot;
wire [127:0]      kx_key;
wire              kx_busy;
wire              kw_en;
wire [5:0]        kw_pos;
wire [SLOT_W-1:0] kw_slot;
wire [15:0]       kw_key;

wire              p_valid [0:NSTEP];
/* verilator lint_off UNUSEDSIGNAL */
wire [SLOT_W-1:0] p_slot  [0:NSTEP];   // the slot is not needed after the last step
/* verilator lint_on UNUSEDSIGNAL */
wire [META_W-1:0] p_meta  [0:NSTEP];
wire [63:0]       p_data  [0:NSTEP];

lc_block_shell #(.BLOCK_BITS(64), .KEY_BITS(128), .NSLOTS(NSLOTS), .USER_WIDTH(USER_WIDTH),
                 .LATENCY(LATENCY)) u_shell (
    .clk(clk), .rst(rst),
    .s_key_tdata(s_key_tdata), .s_key_slot(s_key_slot), .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .s_axis_tdata(s_axis_tdata), .s_axis_tslot(s_axis_tslot), .s_axis_tuser(s_axis_tuser),
    .s_axis_tvalid(s_axis_tvalid), .s_axis_tready(s_axis_tready),
    .m_axis_tdata(m_axis_tdata), .m_axis_tuser(m_axis_tuser), .m_axis_terr(m_axis_terr),
    .m_axis_tvalid(m_axis_tvalid), .m_axis_tready(m_axis_tready),
    .slot_valid(slot_valid), .slot_loading(slot_loading),
    .kx_start(kx_start), .kx_slot(kx_slot), .kx_key(kx_key), .kx_busy(kx_busy),
    .pipe_in_valid(p_valid[0]), .pipe_in_slot(p_slot[0]), .pipe_in_meta(p_meta[0]),
    .pipe_in_data(p_data[0]),
    .pipe_out_valid(p_valid[NSTEP]), .pipe_out_meta(p_meta[NSTEP]), .pipe_out_data(p_data[NSTEP])
);

idea_key_expand #(.DECRYPT(DECRYPT), .MUL_PIPE(MUL_PIPE), .NSLOTS(NSLOTS)) u_kx (
    .clk(clk), .rst(rst),
    .start(kx_start), .start_slot(kx_slot), .start_key(kx_key), .busy(kx_busy),
    .rk_en(kw_en), .rk_pos(kw_pos), .rk_slot(kw_slot), .rk_key(kw_key)
);

// ---------------------------------------------------------------- round pipeline
// subkey write bus, passed from round to round (the last copy is unused)
/* verilator lint_off UNUSEDSIGNAL */
wire              w_en    [0:NSTEP];
wire [5:0]        w_pos   [0:NSTEP];
wire [SLOT_W-1:0] w_slot  [0:NSTEP];
wire [15:0]       w_key   [0:NSTEP];
/* verilator lint_on UNUSEDSIGNAL */

assign w_en[0]    = kw_en;
assign w_pos[0]   = kw_pos;
assign w_slot[0]  = kw_slot;
assign w_key[0]   = kw_key;

genvar r;
generate
for (r = 0; r < NSTEP; r = r + 1) begin : g_round
    idea_round #(
        .KIND(r == NSTEP - 1 ? 1 : 0), .MUL_PIPE(MUL_PIPE), .NSLOTS(NSLOTS), .META_W(META_W),
        .POS(r)
    ) u_round (
        .clk(clk), .rst(rst),
        .in_valid(p_valid[r]), .in_slot(p_slot[r]), .in_meta(p_meta[r]), .in_data(p_data[r]),
        .kw_en(w_en[r]), .kw_pos(w_pos[r]), .kw_slot(w_slot[r]), .kw_key(w_key[r]),
        .kwo_en(w_en[r+1]), .kwo_pos(w_pos[r+1]), .kwo_slot(w_slot[r+1]), .kwo_key(w_key[r+1]),
        .out_valid(p_valid[r+1]), .out_slot(p_slot[r+1]), .out_meta(p_meta[r+1]),
        .out_data(p_data[r+1])
    );
end
endgenerate

endmodule

`default_nettype wire
