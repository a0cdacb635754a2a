// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// One keccak_p1600 shared by N clients that never need it at the same time (a sponge, a Keyak
// engine and a PRNG behind one command port: ip/lwc/rtl/lwc_keccak.v). Each client sees the
// permutation's own AXI-Stream-style ports (c_s_* to it, c_m_* from it; keccak_sponge and
// keyak_engine with EXT_PERM = 1 have them as perm_*), the mux drives the one permutation
// (p_s_* to its s_*, p_m_* from its m_*). One 1600-bit datapath instead of N: the clients'
// states take turns in the permutation's state register.
//
// Client i's ports are slice i of each flattened vector: c_s_tdata[1600*i +: 1600],
// c_s_nr[5*i +: 5], bit i of c_s_tvalid, c_s_tready, c_m_tvalid, c_m_tready. The permuted
// state and its error flag (p_m_tdata, p_m_terr) go to every client as they are.
//
// Grant: sel names the client whose states may go in (the user sets it from what it runs, so
// no request arbitration is needed); the others see c_s_tready low. The state in the
// permutation (running or waiting as a result) belongs to the client it was taken from (owner);
// its result shows c_m_tvalid to the owner only. A result whose owner is not the selected
// client leaves at once, so a client that gives up the grant cannot hold the permutation: its
// owner sees c_m_tvalid on that clock and takes it if its c_m_tready is high (a client that
// keeps its state outside the permutation, as lwc_keccak's PRNG, holds c_m_tready high);
// otherwise it is dropped. A state still running when sel changes finishes first (the selected
// client's c_s_tready stays low until then). The grant and the owner register are
// lc_share_ctrl (ip/common); the mux is combinational but for that register; sel may change on
// any clock.
//
// Reset (synchronous, rst high): the owner is client 0 (keccak_p1600 drops its state on the
// same reset).
module keccak_p1600_mux #(
    parameter N     = 3,                // clients, 2..8
    parameter SEL_W = 2                 // width of sel: at least $clog2(N)
) (
    input  wire            clk,
    input  wire            rst,
    input  wire [SEL_W-1:0] sel,

    // clients
    input  wire [1600*N-1:0] c_s_tdata,
    input  wire [5*N-1:0]  c_s_nr,
    input  wire [N-1:0]    c_s_tvalid,
    output wire [N-1:0]    c_s_tready,
    output wire [1599:0]   c_m_tdata,
    output wire            c_m_terr,
    output wire [N-1:0]    c_m_tvalid,
    input  wire [N-1:0]    c_m_tready,

    // the permutation (keccak_p1600)
    output wire [1599:0]   p_s_tdata,
    output wire [4:0]      p_s_nr,
    output wire            p_s_tvalid,
    input  wire            p_s_tready,
    input  wire [1599:0]   p_m_tdata,
    input  wire            p_m_terr,
    input  wire            p_m_tvalid,
    output wire            p_m_tready
);

lc_share_ctrl #(.N(N), .SEL_W(SEL_W)) u_ctrl (
    .clk(clk), .rst(rst), .sel(sel),
    .c_s_valid(c_s_tvalid), .c_s_ready(c_s_tready), .c_m_valid(c_m_tvalid),
    .c_m_ready(c_m_tready),
    .p_s_valid(p_s_tvalid), .p_s_ready(p_s_tready), .p_m_valid(p_m_tvalid),
    .p_m_ready(p_m_tready)
);

assign p_s_tdata = c_s_tdata[1600*sel +: 1600];
assign p_s_nr    = c_s_nr[5*sel +: 5];

assign c_m_tdata = p_m_tdata;
assign c_m_terr  = p_m_terr;

endmodule
`default_nettype wire
