// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Fully unrolled, pipelined Serpent core (Serpent-128/192/256): one 128-bit block per clock,
// encrypt or decrypt, with key slots and zero-cost slot switching. Same ports as aes_core.v.
//
// Byte order (NESSIE, as Botan / Crypto++ / Bouncy Castle and linecrypt/models/serpent.py):
// s_axis_tdata[127:120] is block byte 0, the least significant byte of word X0 of the
// proposal's bitslice form; block bytes 0..3 are X0 little-endian, ..., bytes 12..15 are X3. So
// the proposal's 128-bit B = X3 || X2 || X1 || X0 is s_axis_tdata byte-reversed:
// B = {tdata[7:0], tdata[15:8], ..., tdata[127:120]} (also the AES-submission files' hex
// number). m_axis_tdata likewise. s_key_tdata[KEY_BITS-1 -: 8] is key byte 0, the least
// significant byte of the proposal's K (see serpent_key_expand.v).
//
// Data path, bitslice form (no IP/FP), key mixing folded into the preceding linear stage so
// every S-box output bit is one LUT4 of its nibble (serpent_round.v):
//   encrypt: pos 0: x ^= K_0;  pos p = 1..31: x = LT(S_{p-1 mod 8}(x)) ^ K_p;
//            pos 32: x = S_7(x) ^ K_32
//   decrypt (equivalent inverse cipher): pos 0: x ^= K_32;
//            pos p = 1..31: x = InvLT(S^-1_{(32-p) mod 8}(x)) ^ InvLT(K_{32-p});
//            pos 32: x = S^-1_0(x) ^ K_0
// (the proposal's decryption: ^K_32, S^-1_7, ^K_31, InvLT, S^-1_6, ^K_30, ... , S^-1_0, ^K_0,
// regrouped with InvLT(x ^ K) = InvLT(x) ^ InvLT(K)).
//
// Streams (AXI-Stream handshakes, a beat moves when tvalid && tready):
//   s_key_*   load a key into slot s_key_slot. Accepted when the key unit is idle. New blocks for
//             that slot wait at the input (tready low while they are at the head) until the key
//             is expanded; blocks already in flight finish with the old key; blocks for other
//             slots keep flowing. Latency ~ 152 + 2 * (LATENCY + 1) clocks.
//   s_axis_*  blocks; tslot names the key slot, tuser is carried to the output unchanged.
//             A block naming a slot that holds no key is not stalled: it comes out with
//             m_axis_terr = 1 and all-zero tdata (a status, never a hang).
//   m_axis_*  results in input order.
// Backpressure never stalls the pipe: a credit counter admits a block only while the output
// FIFO (ip/common/rtl/lc_credit_fifo.v, >= LATENCY + 11 entries) has room for everything in flight.
//
// Round keys shared between cores in lock step (ip/aead/rtl/cipher_lanes.v): every position
// p = 0..32 has one 128-bit round key per slot. With RK_OUT = 1, rk_bus[128p +: 128] is the key
// position p XORs on this clock (serpent_round.v rk_used: for p >= 1 a register loaded one
// clock earlier by the slot of the block that is in the key stage now; for p = 0 the memory
// read by the admitted block's slot). With RK_EXT = 1 the core has no round-key memories, key
// registers or write-bus registers: position p XORs rk_bus_in[128p +: 128] on the clock it
// arrives, in place of its own key. A core feeding another's rk_bus_in from its rk_bus must
// get the same key loads, slots and beats on the same clocks (then the same block slot is in
// the same stage of both on every clock, and both cores' slot status moves together); the
// user core takes its key-load status from the owner's kx_bus (RK_EXT = 1 needs KX_EXT = 1).
// Unused, rk_bus is one constant bit and rk_bus_in one ignored bit.
module serpent_core #(
    parameter KEY_BITS   = 128,   // 128, 192, 256
    parameter DECRYPT    = 0,     // 0: encrypt, 1: decrypt (equivalent inverse cipher)
    parameter STAGES     = 2,     // register stages per round: 1, 2 (S-box | LT + key)
    parameter NSLOTS     = 4,     // key slots (power of two >= 2)
    parameter USER_WIDTH = 8,
    parameter OUT_BRAM   = 0,     // 1: output FIFO in block RAM (4 DP16KD on ECP5; see
                                  // lc_credit_fifo.v), 0: in distributed RAM. Same function
                                  // and block rate; a block leaves three clocks later
    parameter KX_EXT     = 0,     // 1: no key-expansion unit of its own: the round keys come
                                  // on kx_bus_in from another core's kx_bus (lanes in lock
                                  // step that get the same key loads; ip/aead/rtl/cipher_lanes.v)
    parameter RK_EXT     = 0,     // 1: no round-key memories: the keys come on rk_bus_in
                                  // (needs KX_EXT = 1; see above)
    parameter RK_OUT     = 0,     // 1: rk_bus carries the keys the rounds use
    // derived: do not override
    parameter SLOT_W     = (NSLOTS > 1) ? $clog2(NSLOTS) : 1,
    parameter NR         = 32,
    parameter LATENCY    = 1 + NR * STAGES,
    parameter KXB_W      = 42 + SLOT_W,  // {busy, en, pos[7:0], slot, key[31:0]}
    parameter RKI_W      = RK_EXT ? 128 * (NR + 1) : 1,
    parameter RKO_W      = RK_OUT ? 128 * (NR + 1) : 1
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

    // position p's round key on this clock, [128p +: 128] (see above)
    output wire [RKO_W-1:0]      rk_bus,        // RK_OUT = 1 only
    input  wire [RKI_W-1:0]      rk_bus_in      // RK_EXT = 1 only
);

generate
if (KEY_BITS != 128 && KEY_BITS != 192 && KEY_BITS != 256) begin : g_bad_key
    $error("%m: KEY_BITS must be 128, 192 or 256");
end
if (STAGES < 1 || STAGES > 2) begin : g_bad_stages
    $error("%m: STAGES must be 1 or 2");
end
if (DECRYPT != 0 && DECRYPT != 1) begin : g_bad_dir
    $error("%m: DECRYPT must be 0 or 1");
end
if (NR != 32 || LATENCY != 1 + NR * STAGES) begin : g_bad_derived
    $error("%m: NR and LATENCY are derived: do not override");
end
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
wire [7:0]          kw_pos;     // {position, word}: round keys travel as four 32-bit words
wire [SLOT_W-1:0]   kw_slot;
wire [31:0]         kw_key;

wire              p_valid [0:NR+1];
wire [SLOT_W-1:0] p_slot  [0:NR+1];
/* verilator lint_off UNUSEDSIGNAL */      // the last round's p_slot_nx is read by nobody
wire [SLOT_W-1:0] p_slot_nx [0:NR+1];      // p_slot_nx[r+1]: the slot round r registers this clock
/* verilator lint_on UNUSEDSIGNAL */
wire [META_W-1:0] p_meta  [0:NR+1];
wire [127:0]      p_state [0:NR+1];
wire [127:0]      in_tdata;   // the block as it arrived (tdata byte order)
wire [127:0]      out_tdata;  // the result in tdata byte order

lc_block_shell #(.BLOCK_BITS(128), .KEY_BITS(KEY_BITS), .NSLOTS(NSLOTS), .USER_WIDTH(USER_WIDTH),
                 .LATENCY(LATENCY), .OUT_BRAM(OUT_BRAM)) u_shell (
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
    .pipe_in_data(in_tdata),
    .pipe_out_valid(p_valid[NR+1]), .pipe_out_meta(p_meta[NR+1]), .pipe_out_data(out_tdata)
);

generate
if (KX_EXT == 0) begin : g_kx
    /* verilator lint_off UNUSEDSIGNAL */
    wire [KXB_W-1:0] unused_bus_in = kx_bus_in;
    /* verilator lint_on UNUSEDSIGNAL */
    serpent_key_expand #(.KEY_BITS(KEY_BITS), .DECRYPT(DECRYPT), .NSLOTS(NSLOTS)) u_kx (
        .clk(clk), .rst(rst),
        .start(kx_start), .start_slot(kx_slot), .start_key(kx_key), .busy(kx_busy),
        .rk_en(kw_en), .rk_pos(kw_pos), .rk_slot(kw_slot), .rk_key(kw_key)
    );
end else begin : g_kx_ext
    // the shell's start request is the owner's too (same key loads on the same clocks)
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_start = kx_start ^ ^kx_slot ^ ^kx_key;
    /* verilator lint_on UNUSEDSIGNAL */
    assign {kx_busy, kw_en, kw_pos, kw_slot, kw_key} = kx_bus_in;
end
endgenerate
assign kx_bus = {kx_busy, kw_en, kw_pos, kw_slot, kw_key};

// ---------------------------------------------------------------- byte order
// B (proposal) <-> tdata (byte 0 in [127:120]): a byte reversal, wiring only.
wire [127:0] in_b;
wire [127:0] out_b;
genvar gb;
generate
for (gb = 0; gb < 16; gb = gb + 1) begin : g_bswap
    assign in_b[8*gb +: 8]           = in_tdata[127-8*gb -: 8];
    assign out_tdata[127-8*gb -: 8] = out_b[8*gb +: 8];
end
endgenerate

// ---------------------------------------------------------------- round pipeline
// round-key write bus, passed from round to round (the last round's copy is unused)
/* verilator lint_off UNUSEDSIGNAL */
wire              w_en    [0:NR+1];
wire              w_hit   [0:NR+1];   // w_en && w_pos == the receiving round's POS
wire [7:0]        w_pos   [0:NR+1];
wire [SLOT_W-1:0] w_slot  [0:NR+1];
wire [31:0]       w_key   [0:NR+1];
/* verilator lint_on UNUSEDSIGNAL */

assign p_state[0] = in_b;
assign p_slot_nx[0] = p_slot[0];     // unused: the whitening round reads its key in place
assign w_en[0]    = kw_en;
assign w_hit[0]   = kw_en && kw_pos[7:2] == 0;   // later rounds get it pre-decoded (lc_round_key_mem)
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
    serpent_round #(
        .KIND(r == 0 ? 0 : (r == NR ? 2 : 1)), .DECRYPT(DECRYPT), .STAGES(STAGES),
        .BOX(r == 0 ? 0 : (DECRYPT ? (NR - r) % 8 : (r - 1) % 8)),
        .NSLOTS(NSLOTS), .META_W(META_W), .POS(r), .RK_EXT(RK_EXT), .RK_OUT(RK_OUT)
    ) u_round (
        .clk(clk), .rst(rst),
        .in_valid(p_valid[r]), .in_slot(p_slot[r]), .in_slot_next(p_slot_nx[r]), .in_meta(p_meta[r]),
        .in_state(p_state[r]),
        .kw_en(w_en[r]), .kw_hit(w_hit[r]), .kw_pos(w_pos[r]), .kw_slot(w_slot[r]), .kw_key(w_key[r]),
        .kwo_en(w_en[r+1]), .kwo_hit(w_hit[r+1]), .kwo_pos(w_pos[r+1]), .kwo_slot(w_slot[r+1]), .kwo_key(w_key[r+1]),
        .rk_in(rk_in), .rk_used(rk_used),
        .out_slot_next(p_slot_nx[r+1]),
        .out_valid(p_valid[r+1]), .out_slot(p_slot[r+1]), .out_meta(p_meta[r+1]),
        .out_state(p_state[r+1])
    );
end
endgenerate

assign out_b = p_state[NR+1];

endmodule

`default_nettype wire
