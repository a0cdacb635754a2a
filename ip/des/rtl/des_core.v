// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Fully unrolled, pipelined DES / Triple-DES core: one 64-bit block per clock, encrypt or
// decrypt, with key slots and zero-cost slot switching. Same ports and protocol as aes_core.
//
// Standards: DES is FIPS 46-3; Triple DES is TDEA, SP 800-67 Rev. 2, EDE:
//   encrypt C = E_K3(D_K2(E_K1(P))),   decrypt P = D_K1(E_K2(D_K3(C))).
//
// Bit and byte order (FIPS 46-3 bit numbering, bit 1 = the most significant bit of byte 0):
//   s_axis_tdata[63:56] / m_axis_tdata[63:56] is byte 0 of the block, s_axis_tdata[63] its bit 1.
//   s_key_tdata[KEY_BITS-1 -: 8] is byte 0 of the key; with TRIPLE=1 s_key_tdata = K1 || K2 || K3
//   (keying option 1: K1 in [191:128], K2 in [127:64], K3 in [63:0]).
//   Keying option 2 (a 16-byte key K1 || K2, K3 = K1) is the host's job: it sends K1 || K2 || K1.
//   Single DES on this 3DES core is K1 || K1 || K1 (also the host's job); TRIPLE=0 is cheaper.
//   The parity bits (LSB of every key byte) are ignored, never checked.
//
// Streams (AXI-Stream handshakes, a beat moves when tvalid && tready):
//   s_key_*   load a key into slot s_key_slot. Accepted when the key unit is idle. New blocks for
//             that slot wait at the input (tready low while they are at the head) until the
//             subkeys are written; blocks already in flight finish with the old key; blocks for
//             other slots keep flowing. Latency ~ 2 * (LATENCY + 1) + 16 * NDES + 3 clocks
//             (NDES = 1 or 3).
//   s_axis_*  blocks; tslot names the key slot, tuser is carried to the output unchanged.
//             A block naming a slot that holds no key is not stalled: it comes out with
//             m_axis_terr = 1 and all-zero tdata (a status, never a hang).
//   m_axis_*  results in input order.
// Backpressure never stalls the pipe: a credit counter admits a block only while the output
// FIFO (ip/common/rtl/lc_credit_fifo.v, sized from LATENCY) has room for everything in flight.
//
// Pipeline: an input stage (IP, which is wiring, and X = E(R0) xor K_1), then NR = 16 (DES) or
// 48 (3DES) Feistel rounds of STAGES registers each (des_round.v); FP is wiring at the output.
// Between the three DES of 3DES the FP of one and the IP of the next cancel (nothing there).
// Each round position keeps the subkey of the round after it in a per-slot memory; the subkeys
// arrive on a write bus that travels round to round (des_key_expand.v, one register per round).
// A DES that decrypts is the same Feistel network with its 16 subkeys stored in reverse order;
// in 3DES the middle DES runs the other way from the outer two (EDE).
module des_core #(
    parameter TRIPLE     = 0,     // 0: DES, 1: 3DES (TDEA EDE)
    parameter DECRYPT    = 0,     // 0: encrypt, 1: decrypt
    parameter STAGES     = 1,     // register stages per round: 1, or 2 (S-box output registered)
    parameter NSLOTS     = 4,     // key slots (power of two >= 2)
    parameter USER_WIDTH = 8,
    // derived: do not override
    parameter SLOT_W     = (NSLOTS > 1) ? $clog2(NSLOTS) : 1,
    parameter KEY_BITS   = TRIPLE ? 192 : 64,
    parameter NR         = TRIPLE ? 48 : 16,
    parameter LATENCY    = 1 + NR * STAGES
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

    output wire [NSLOTS-1:0]     slot_valid,    // slot holds a key
    output wire [NSLOTS-1:0]     slot_loading   // a key is being loaded into the slot
);

localparam META_W = USER_WIDTH + 1;   // {err, user}

generate
if (TRIPLE != 0 && TRIPLE != 1) begin : g_bad_triple
    $error("%m: TRIPLE must be 0 (DES) or 1 (3DES)");
end
if (STAGES != 1 && STAGES != 2) begin : g_bad_stages
    $error("%m: STAGES must be 1 or 2");
end
endgenerate

// IP and IP^-1 (FIPS 46-3), wiring. Output bit i = input bit T[i]; bit j of a 64-bit vector is
// v[64-j], so the numbers below are the standard's tables as printed, in order.
function [63:0] perm_ip;
    input [63:0] x;
    perm_ip = {
        x[64-58], x[64-50], x[64-42], x[64-34], x[64-26], x[64-18], x[64-10], x[64-2],
        x[64-60], x[64-52], x[64-44], x[64-36], x[64-28], x[64-20], x[64-12], x[64-4],
        x[64-62], x[64-54], x[64-46], x[64-38], x[64-30], x[64-22], x[64-14], x[64-6],
        x[64-64], x[64-56], x[64-48], x[64-40], x[64-32], x[64-24], x[64-16], x[64-8],
        x[64-57], x[64-49], x[64-41], x[64-33], x[64-25], x[64-17], x[64-9], x[64-1],
        x[64-59], x[64-51], x[64-43], x[64-35], x[64-27], x[64-19], x[64-11], x[64-3],
        x[64-61], x[64-53], x[64-45], x[64-37], x[64-29], x[64-21], x[64-13], x[64-5],
        x[64-63], x[64-55], x[64-47], x[64-39], x[64-31], x[64-23], x[64-15], x[64-7]};
endfunction

function [63:0] perm_fp;
    input [63:0] x;
    perm_fp = {
        x[64-40], x[64-8], x[64-48], x[64-16], x[64-56], x[64-24], x[64-64], x[64-32],
        x[64-39], x[64-7], x[64-47], x[64-15], x[64-55], x[64-23], x[64-63], x[64-31],
        x[64-38], x[64-6], x[64-46], x[64-14], x[64-54], x[64-22], x[64-62], x[64-30],
        x[64-37], x[64-5], x[64-45], x[64-13], x[64-53], x[64-21], x[64-61], x[64-29],
        x[64-36], x[64-4], x[64-44], x[64-12], x[64-52], x[64-20], x[64-60], x[64-28],
        x[64-35], x[64-3], x[64-43], x[64-11], x[64-51], x[64-19], x[64-59], x[64-27],
        x[64-34], x[64-2], x[64-42], x[64-10], x[64-50], x[64-18], x[64-58], x[64-26],
        x[64-33], x[64-1], x[64-41], x[64-9], x[64-49], x[64-17], x[64-57], x[64-25]};
endfunction

// ---------------------------------------------------------------- slots, admission, output
wire                kx_start;
wire [SLOT_W-1:0]   kx_slot;
wire [KEY_BITS-1:0] kx_key;
wire                kx_busy;
wire                kw_en;
wire [5:0]          kw_pos;
wire [SLOT_W-1:0]   kw_slot;
wire [47:0]         kw_key;

// ---------------------------------------------------------------- round pipeline wires
// index 0: the input; index p+1: after position p (0 = input stage, 1..NR = rounds)
wire              p_valid [0:NR+1];
/* verilator lint_off UNUSEDSIGNAL */
wire [SLOT_W-1:0] p_slot  [0:NR+1];
wire [SLOT_W-1:0] p_slot_nx [0:NR+1];   // p_slot_nx[r+1]: the slot stage r registers this clock
/* verilator lint_on UNUSEDSIGNAL */
wire [META_W-1:0] p_meta  [0:NR+1];
wire [63:0]       in_tdata;
wire [63:0]       fp;

lc_block_shell #(.BLOCK_BITS(64), .KEY_BITS(KEY_BITS), .NSLOTS(NSLOTS), .USER_WIDTH(USER_WIDTH),
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
    .pipe_in_data(in_tdata),
    .pipe_out_valid(p_valid[NR+1]), .pipe_out_meta(p_meta[NR+1]), .pipe_out_data(fp)
);

des_key_expand #(.TRIPLE(TRIPLE), .DECRYPT(DECRYPT), .NSLOTS(NSLOTS)) u_kx (
    .clk(clk), .rst(rst),
    .start(kx_start), .start_slot(kx_slot), .start_key(kx_key), .busy(kx_busy),
    .rk_en(kw_en), .rk_pos(kw_pos), .rk_slot(kw_slot), .rk_key(kw_key)
);

// ---------------------------------------------------------------- round pipeline
// subkey write bus and X, passed from position to position (the last copies are unused)
/* verilator lint_off UNUSEDSIGNAL */
wire              w_en    [0:NR+1];
wire              w_hit   [0:NR+1];   // w_en && w_pos == the receiving round's POS
wire [5:0]        w_pos   [0:NR+1];
wire [SLOT_W-1:0] w_slot  [0:NR+1];
wire [47:0]       w_key   [0:NR+1];
wire [47:0]       p_x     [0:NR+1];
/* verilator lint_on UNUSEDSIGNAL */
wire [31:0]       p_l     [0:NR+1];
wire [31:0]       p_r     [0:NR+1];

wire [63:0] ip = perm_ip(in_tdata);
genvar r;

assign p_l[0]     = ip[63:32];
assign p_r[0]     = ip[31:0];
assign p_x[0]     = 48'd0;
assign p_slot_nx[0] = p_slot[0];     // unused: the input stage reads its subkey in place
assign w_en[0]    = kw_en;
assign w_hit[0]   = kw_en && kw_pos == 0;   // later rounds get it pre-decoded (lc_round_key_mem)
assign w_pos[0]   = kw_pos;
assign w_slot[0]  = kw_slot;
assign w_key[0]   = kw_key;

generate
for (r = 0; r <= NR; r = r + 1) begin : g_round
    // position r keeps the subkey of global round r+1 (des_key_expand.v fills it)
    des_round #(
        .KIND(r == 0 ? 0 : 1), .SWAP(r > 0 && r % 16 == 0 ? 1 : 0), .HAS_KEY(r < NR ? 1 : 0),
        .POS(r), .STAGES(STAGES), .NSLOTS(NSLOTS), .META_W(META_W)
    ) u_round (
        .clk(clk), .rst(rst),
        .in_valid(p_valid[r]), .in_slot(p_slot[r]), .in_slot_next(p_slot_nx[r]), .in_meta(p_meta[r]),
        .in_l(p_l[r]), .in_r(p_r[r]), .in_x(p_x[r]),
        .kw_en(w_en[r]), .kw_hit(w_hit[r]), .kw_pos(w_pos[r]), .kw_slot(w_slot[r]), .kw_key(w_key[r]),
        .kwo_en(w_en[r+1]), .kwo_hit(w_hit[r+1]), .kwo_pos(w_pos[r+1]), .kwo_slot(w_slot[r+1]), .kwo_key(w_key[r+1]),
        .out_slot_next(p_slot_nx[r+1]),
        .out_valid(p_valid[r+1]), .out_slot(p_slot[r+1]), .out_meta(p_meta[r+1]),
        .out_l(p_l[r+1]), .out_r(p_r[r+1]), .out_x(p_x[r+1])
    );
end
endgenerate

// ---------------------------------------------------------------- FP (to the shell's output FIFO)
// The last round leaves the preoutput R16 L16 as {out_l, out_r}.
assign fp = perm_fp({p_l[NR+1], p_r[NR+1]});

endmodule

`default_nettype wire
