// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// One rijndael_iter shared by N clients that never need it at the same time (aes_hash,
// aes_cmac, fortuna_gen and aes_gcm_iter behind one command port: ip/lwc/rtl/lwc_aes.v). Each
// client sees the cipher's own ports (c_s_* to it, c_m_* from it; the modes with EXT_CIPHER = 1
// have them as cph_*), the mux drives the one cipher (p_s_* to its s_*, p_m_* from its m_*).
// One Rijndael datapath instead of N: build the cipher for the widest client (NB8 = 1 if any
// client sends Nb = 8 blocks) and with USER_W the widest client sideband.
//
// Client i's request is slice i of each flattened vector: c_s_key[256*i +: 256],
// c_s_block[256*i +: 256], c_s_klen[2*i +: 2], c_s_user[USER_W*i +: USER_W] (a narrower client
// sideband zero-extended), bit i of c_s_nb8, c_s_valid, c_s_ready, c_m_valid, c_m_ready. The
// result (c_m_block, c_m_err, c_m_user) goes to every client as it is; c_m_valid tells its owner.
//
// Grant and result routing: lc_share_ctrl (ip/common). sel names the client whose blocks may go
// in; the block in the cipher belongs to the client it was taken from, and its result shows
// c_m_valid to that client only; a result whose owner is no longer selected leaves at once
// (taken if the owner's c_m_ready is high, else dropped). Combinational but for the owner
// register; sel may change on any clock.
//
// Reset (synchronous, rst high): the owner is client 0 (reset rijndael_iter on the same clock).
module rijndael_iter_mux #(
    parameter N      = 4,               // clients, 2..8
    parameter SEL_W  = 2,               // width of sel: at least $clog2(N)
    parameter USER_W = 2                // the cipher's sideband width (the widest client's)
) (
    input  wire               clk,
    input  wire               rst,
    input  wire [SEL_W-1:0]   sel,

    // clients
    input  wire [N-1:0]       c_s_valid,
    output wire [N-1:0]       c_s_ready,
    input  wire [N-1:0]       c_s_nb8,
    input  wire [2*N-1:0]     c_s_klen,
    input  wire [256*N-1:0]   c_s_key,
    input  wire [256*N-1:0]   c_s_block,
    input  wire [USER_W*N-1:0] c_s_user,
    output wire [N-1:0]       c_m_valid,
    input  wire [N-1:0]       c_m_ready,
    output wire [255:0]       c_m_block,
    output wire               c_m_err,
    output wire [USER_W-1:0]  c_m_user,

    // the cipher (rijndael_iter)
    output wire               p_s_valid,
    input  wire               p_s_ready,
    output wire               p_s_nb8,
    output wire [1:0]         p_s_klen,
    output wire [255:0]       p_s_key,
    output wire [255:0]       p_s_block,
    output wire [USER_W-1:0]  p_s_user,
    input  wire               p_m_valid,
    output wire               p_m_ready,
    input  wire [255:0]       p_m_block,
    input  wire               p_m_err,
    input  wire [USER_W-1:0]  p_m_user
);

lc_share_ctrl #(.N(N), .SEL_W(SEL_W)) u_ctrl (
    .clk(clk), .rst(rst), .sel(sel),
    .c_s_valid(c_s_valid), .c_s_ready(c_s_ready), .c_m_valid(c_m_valid), .c_m_ready(c_m_ready),
    .p_s_valid(p_s_valid), .p_s_ready(p_s_ready), .p_m_valid(p_m_valid), .p_m_ready(p_m_ready)
);

assign p_s_nb8   = c_s_nb8[sel];
assign p_s_klen  = c_s_klen[2*sel +: 2];
assign p_s_key   = c_s_key[256*sel +: 256];
assign p_s_block = c_s_block[256*sel +: 256];
assign p_s_user  = c_s_user[USER_W*sel +: USER_W];

assign c_m_block = p_m_block;
assign c_m_err   = p_m_err;
assign c_m_user  = p_m_user;

endmodule
`default_nettype wire
