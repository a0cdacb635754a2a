// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// OCB3 offset generator: the key table (ocb3_ltable) and the N-lane offset unit (ocb3_offsets)
// wired together, as the engine instantiates them. Ports and timing are those of the two
// modules (see their headers); the L read port and the constants are internal.
module ocb3_offset_gen #(
    parameter N      = 4,
    parameter NSLOTS = 4,
    parameter LMAX   = 16,
    parameter USER_W = 8,
    // derived
    parameter SLOT_W = $clog2(NSLOTS),
    parameter BLK_W  = LMAX + 1
) (
    input  wire              clk,
    input  wire              rst,

    input  wire [127:0]      s_lstar_tdata,
    input  wire [SLOT_W-1:0] s_lstar_slot,
    input  wire              s_lstar_tvalid,
    output wire              s_lstar_tready,
    output wire [NSLOTS-1:0] slot_ready,

    input  wire [SLOT_W-1:0] s_slot,
    input  wire [127:0]      s_offset0,
    input  wire [BLK_W-1:0]  s_blocks,
    input  wire              s_star,
    input  wire [USER_W-1:0] s_user,
    input  wire              s_valid,
    output wire              s_ready,

    output wire [128*N-1:0]  m_offset,
    output wire [N-1:0]      m_keep,
    output wire              m_last,
    output wire              m_star,
    output wire [127:0]      m_offset_star,
    output wire [127:0]      m_offset_tag,
    output wire [USER_W-1:0] m_user,
    output wire              m_valid,
    input  wire              m_ready
);

localparam integer IDX_W = $clog2(LMAX + 1);

wire              l_rd_en;
wire [SLOT_W-1:0] l_rd_slot;
wire [IDX_W-1:0]  l_rd_idx;
wire [127:0]      l_rd_data;
wire [SLOT_W-1:0] c_slot;
wire [127:0]      c_lstar, c_ldollar;
wire [128*N-1:0]  c_prefix;

ocb3_ltable #(.NSLOTS(NSLOTS), .LMAX(LMAX), .N(N)) u_ltable (
    .clk(clk), .rst(rst),
    .s_lstar_tdata(s_lstar_tdata), .s_lstar_slot(s_lstar_slot),
    .s_lstar_tvalid(s_lstar_tvalid), .s_lstar_tready(s_lstar_tready), .slot_ready(slot_ready),
    .l_rd_en(l_rd_en), .l_rd_slot(l_rd_slot), .l_rd_idx(l_rd_idx), .l_rd_data(l_rd_data),
    .c_slot(c_slot), .c_lstar(c_lstar), .c_ldollar(c_ldollar), .c_prefix(c_prefix)
);

ocb3_offsets #(.N(N), .NSLOTS(NSLOTS), .LMAX(LMAX), .USER_W(USER_W)) u_offsets (
    .clk(clk), .rst(rst),
    .s_slot(s_slot), .s_offset0(s_offset0), .s_blocks(s_blocks), .s_star(s_star),
    .s_user(s_user), .s_valid(s_valid), .s_ready(s_ready),
    .l_rd_en(l_rd_en), .l_rd_slot(l_rd_slot), .l_rd_idx(l_rd_idx), .l_rd_data(l_rd_data),
    .c_slot(c_slot), .c_lstar(c_lstar), .c_ldollar(c_ldollar), .c_prefix(c_prefix),
    .m_offset(m_offset), .m_keep(m_keep), .m_last(m_last), .m_star(m_star),
    .m_offset_star(m_offset_star), .m_offset_tag(m_offset_tag), .m_user(m_user),
    .m_valid(m_valid), .m_ready(m_ready)
);

endmodule

`default_nettype wire
