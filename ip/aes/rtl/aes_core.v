// SPDX-License-Identifier: Apache-2.0
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
// FIFO (ip/common/rtl/lc_credit_fifo.v, >= LATENCY + 11 entries) has room for everything in flight.
//
// Round keys shared between cores in lock step (ip/aead/rtl/cipher_lanes.v): every round
// r = 0..NR has one 128-bit round key per slot (whatever STAGES, LINK_REG, MIX_REG: a round
// XORs its key once). With RK_OUT = 1, rk_bus[128r +: 128] is the key round r XORs in
// AddRoundKey on this clock (aes_round.v rk_used: a register loaded one clock earlier by the
// slot of the block that is in AddRoundKey now, or for round 0 with STAGES < 3 the memory read
// by the admitted block's slot). With RK_EXT = 1 the core has no round-key memories, key
// registers or write-bus registers: round r XORs rk_bus_in[128r +: 128] on the clock it
// arrives, in place of its own key. A core feeding another's rk_bus_in from its rk_bus must
// get the same key loads, slots and beats on the same clocks (then the same block slot is in
// the same stage of both on every clock, and both cores' slot status moves together); the
// user core takes its key-load status from the owner's kx_bus (RK_EXT = 1 needs KX_EXT = 1).
// Unused, rk_bus is one constant bit and rk_bus_in one ignored bit.
module aes_core #(
    parameter KEY_BITS    = 128,   // 128, 192, 256
    parameter DECRYPT     = 0,     // 0: Cipher, 1: equivalent InvCipher
    parameter STAGES      = 2,     // register stages per round: 1, 2 (seed 002), 3 (split S-box)
    parameter NSLOTS      = 4,     // key slots (power of two >= 2)
    parameter USER_WIDTH  = 8,
    parameter ENHANCED_KX = 0,     // 1: seed 002 enhanced key expansion (AES-128 only, not AES)
    parameter SBOX_COPIES = 4,     // copies of each round's output register feeding the next
                                   // round's S-boxes (1, 2, 4, 8; see aes_round.v): timing vs FFs
    parameter LINK_REG    = 0,     // 1: transport register between rounds (see aes_round.v)
                                   // and two before the output FIFO (lc_block_shell OUT_REG):
                                   // +1 clock per round and +2 at the output, no logic on the
                                   // hop between rounds or from the last round to the FIFO;
                                   // with STAGES = 2 or 3 also one after each S-box register
                                   // (+1 per round)
    parameter MIX_REG     = 0,     // 1 (encrypt only): register between the two MixColumns
                                   // halves (see aes_round.v): +1 clock per middle round,
                                   // one LUT level each side of it
    parameter OUT_BRAM    = 0,     // 1: output FIFO in block RAM (4 DP16KD on ECP5; see
                                   // lc_credit_fifo.v), 0: in distributed RAM. Same function
                                   // and block rate; a block leaves three clocks later
    parameter SBOX_BRAM   = 0,     // 1 (STAGES = 2, SBOX_COPIES = 1): the round S-boxes in
                                   // block-RAM ROMs, two per RAM (ECP5: 8 DP16KD per round,
                                   // 8 * NR per core; see aes_round.v), same latency; the key
                                   // expansion keeps its LUT S-boxes
    parameter KX_EXT      = 0,     // 1: no key-expansion unit of its own: the round keys come
                                   // on kx_bus_in from another core's kx_bus (lanes in lock
                                   // step that get the same key loads; ip/aead/rtl/cipher_lanes.v)
    parameter RK_EXT      = 0,     // 1: no round-key memories: the keys come on rk_bus_in
                                   // (needs KX_EXT = 1; see above)
    parameter RK_OUT      = 0,     // 1: rk_bus carries the keys the rounds use
    // derived: do not override
    parameter SLOT_W      = (NSLOTS > 1) ? $clog2(NSLOTS) : 1,
    parameter NR          = KEY_BITS / 32 + 6,
    // STAGES = 3: round 0 registers its input (+1); STAGES >= 2 with LINK_REG: a transport
    // register after each round's S-box register (+NR) (aes_round.v)
    parameter LATENCY     = 1 + NR * (STAGES + LINK_REG) + (NR - 1) * MIX_REG
                            + ((STAGES == 3) ? 1 : 0) + ((STAGES >= 2) ? NR * LINK_REG : 0),
    parameter KXB_W       = 135 + SLOT_W,  // {busy, en, hit0, pos[3:0], slot, key[127:0]}
    parameter RKI_W       = RK_EXT ? 128 * (NR + 1) : 1,
    parameter RKO_W       = RK_OUT ? 128 * (NR + 1) : 1
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

    output wire [NSLOTS-1:0]     slot_valid,    // slot holds an expanded key
    output wire [NSLOTS-1:0]     slot_loading,  // a key is being loaded into the slot

    // the key-expansion unit's output (KX_EXT = 0), or the one this core uses (KX_EXT = 1)
    output wire [KXB_W-1:0]      kx_bus,
    input  wire [KXB_W-1:0]      kx_bus_in,     // KX_EXT = 1 only

    // round r's key on this clock, [128r +: 128] (see above)
    output wire [RKO_W-1:0]      rk_bus,        // RK_OUT = 1 only
    input  wire [RKI_W-1:0]      rk_bus_in      // RK_EXT = 1 only
);

generate
if ((RK_EXT != 0 && (RK_EXT != 1 || KX_EXT != 1)) || (RK_OUT != 0 && RK_OUT != 1)) begin : g_bad_rk
    $error("%m: RK_EXT must be 0, or 1 with KX_EXT = 1; RK_OUT must be 0 or 1");
end
endgenerate

localparam META_W = USER_WIDTH + 1;   // {err, user}

// ---------------------------------------------------------------- slots, admission, output
wire                kx_start;
wire [SLOT_W-1:0]   kx_slot;
wire [KEY_BITS-1:0] kx_key;
wire                kx_busy;
wire                kw_en;
wire                kw_hit0;     // kw_en && kw_pos == 0, a flop in the unit
wire [3:0]          kw_pos;
wire [SLOT_W-1:0]   kw_slot;
wire [127:0]        kw_key;

wire              p_valid [0:NR+1];
wire [SLOT_W-1:0] p_slot  [0:NR+1];
/* verilator lint_off UNUSEDSIGNAL */      // the last round's p_slot_nx is read by nobody
wire [SLOT_W-1:0] p_slot_nx [0:NR+1];      // p_slot_nx[r+1]: the slot round r registers this clock
/* verilator lint_on UNUSEDSIGNAL */
wire [META_W-1:0] p_meta  [0:NR+1];
wire [127:0]      p_state [0:NR+1];

lc_block_shell #(.BLOCK_BITS(128), .KEY_BITS(KEY_BITS), .NSLOTS(NSLOTS), .USER_WIDTH(USER_WIDTH),
                 .LATENCY(LATENCY), .OUT_REG(2 * LINK_REG), .OUT_BRAM(OUT_BRAM)) u_shell (
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
    .pipe_in_data(p_state[0]),
    .pipe_out_valid(p_valid[NR+1]), .pipe_out_meta(p_meta[NR+1]), .pipe_out_data(p_state[NR+1])
);

generate
if (KX_EXT == 0) begin : g_kx
    /* verilator lint_off UNUSEDSIGNAL */
    wire [KXB_W-1:0] unused_bus_in = kx_bus_in;
    /* verilator lint_on UNUSEDSIGNAL */
    aes_key_expand #(
        .KEY_BITS(KEY_BITS), .DECRYPT(DECRYPT), .ENHANCED_KX(ENHANCED_KX),
        .SPLIT_SBOX(STAGES == 3 ? 1 : 0), .NSLOTS(NSLOTS)
    ) u_kx (
        .clk(clk), .rst(rst),
        .start(kx_start), .start_slot(kx_slot), .start_key(kx_key), .busy(kx_busy),
        .rk_en(kw_en), .rk_hit0(kw_hit0), .rk_pos(kw_pos), .rk_slot(kw_slot), .rk_key(kw_key)
    );
end else begin : g_kx_ext
    // the shell's start request is the owner's too (same key loads on the same clocks)
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_start = kx_start ^ ^kx_slot ^ ^kx_key;
    /* verilator lint_on UNUSEDSIGNAL */
    assign {kx_busy, kw_en, kw_hit0, kw_pos, kw_slot, kw_key} = kx_bus_in;
end
endgenerate
assign kx_bus = {kx_busy, kw_en, kw_hit0, kw_pos, kw_slot, kw_key};

// ---------------------------------------------------------------- round pipeline
// round-key write bus, passed from round to round (the last round's copy is unused)
/* verilator lint_off UNUSEDSIGNAL */
wire              w_en    [0:NR+1];
wire              w_hit   [0:NR+1];   // w_en && w_pos == the receiving round's POS
wire [3:0]        w_pos   [0:NR+1];
wire [SLOT_W-1:0] w_slot  [0:NR+1];
wire [127:0]      w_key   [0:NR+1];
wire [128*SBOX_COPIES-1:0] p_copies [0:NR+1];   // the last one is unused
/* verilator lint_on UNUSEDSIGNAL */

assign p_copies[0] = {SBOX_COPIES{p_state[0]}};   // round 0 has no S-box
assign p_slot_nx[0] = p_slot[0];                  // unused: round 0 reads its key in place
assign w_en[0]    = kw_en;
assign w_hit[0]   = kw_hit0;   // later rounds get it pre-decoded (lc_round_key_mem)
assign w_pos[0]   = kw_pos;
assign w_slot[0]  = kw_slot;
assign w_key[0]   = kw_key;

generate
if (RK_EXT == 0) begin : g_no_rk_in
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_rk_in = ^rk_bus_in;
    /* verilator lint_on UNUSEDSIGNAL */
end
if (RK_OUT == 0) begin : g_no_rk_out
    assign rk_bus = 1'b0;
end
endgenerate

genvar r;
generate
for (r = 0; r <= NR; r = r + 1) begin : g_round
    localparam integer RI_W = RK_EXT ? 128 : 1;
    localparam integer RO_W = RK_OUT ? 128 : 1;
    wire [RI_W-1:0] rk_in;
    wire [RO_W-1:0] rk_used;
    if (RK_EXT != 0) begin : g_rk_in
        assign rk_in = rk_bus_in[128*r +: 128];
    end else begin : g_rk_own
        assign rk_in = 1'b0;
    end
    if (RK_OUT != 0) begin : g_rk_out
        assign rk_bus[128*r +: 128] = rk_used;
    end else begin : g_rk_local
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused_rk_used = rk_used;
        /* verilator lint_on UNUSEDSIGNAL */
    end
    aes_round #(
        .KIND(r == 0 ? 0 : (r == NR ? 2 : 1)), .DECRYPT(DECRYPT), .STAGES(STAGES),
        .NSLOTS(NSLOTS), .META_W(META_W), .POS(r), .COPIES(SBOX_COPIES), .LINK(LINK_REG),
        .MIX_REG(MIX_REG), .SBOX_BRAM(SBOX_BRAM), .RK_EXT(RK_EXT), .RK_OUT(RK_OUT)
    ) u_round (
        .clk(clk), .rst(rst),
        .in_valid(p_valid[r]), .in_slot(p_slot[r]), .in_slot_next(p_slot_nx[r]), .in_meta(p_meta[r]),
        .in_state(p_state[r]), .in_copies(p_copies[r]), .out_copies(p_copies[r+1]),
        .out_slot_next(p_slot_nx[r+1]),
        .kw_en(w_en[r]), .kw_hit(w_hit[r]), .kw_pos(w_pos[r]), .kw_slot(w_slot[r]), .kw_key(w_key[r]),
        .kwo_en(w_en[r+1]), .kwo_hit(w_hit[r+1]), .kwo_pos(w_pos[r+1]), .kwo_slot(w_slot[r+1]), .kwo_key(w_key[r+1]),
        .rk_in(rk_in), .rk_used(rk_used),
        .out_valid(p_valid[r+1]), .out_slot(p_slot[r+1]), .out_meta(p_meta[r+1]),
        .out_state(p_state[r+1])
    );
end
endgenerate

endmodule

`default_nettype wire
