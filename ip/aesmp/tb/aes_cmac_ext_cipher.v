// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Test fixture: aes_cmac with EXT_CIPHER = 1 on a cipher outside, as lwc_aes builds it (client
// 1 of a rijndael_iter_mux in front of one rijndael_iter with NB8 = 1 and a 2-bit sideband),
// with aes_cmac's own ports, so cocotb_aes_cmac runs on it unchanged
// (tb/test_aes_cmac.py::test_aes_cmac_ext_cipher). Client 0 of the mux stays idle; sel names
// the CMAC. rst resets the mode, the mux and the cipher together.
module aes_cmac_ext_cipher (
    input  wire         clk,
    input  wire         rst,

    input  wire         c_valid,
    output wire         c_ready,
    input  wire [255:0] c_key,
    input  wire [1:0]   c_klen,
    input  wire [4:0]   c_tlen,

    input  wire [63:0]  s_tdata,
    input  wire [7:0]   s_tkeep,
    input  wire         s_tvalid,
    output wire         s_tready,
    input  wire         s_tlast,

    output wire [63:0]  m_tdata,
    output wire [7:0]   m_tkeep,
    output wire         m_tvalid,
    input  wire         m_tready,
    output wire         m_tlast,

    output wire         st_valid,
    input  wire         st_ready,
    output wire         st_err
);

wire         x_s_valid, x_s_nb8, x_s_user, x_m_ready;
wire [1:0]   x_s_klen;
wire [255:0] x_s_key, x_s_block;
/* verilator lint_off UNUSEDSIGNAL */  // bit 0: the idle client 0; cm_user[1]: CMAC's is 1 bit
wire [1:0]   cc_s_ready, cc_m_valid, cm_user;
/* verilator lint_on UNUSEDSIGNAL */
wire [255:0] cm_block;
wire         cm_err;

aes_cmac #(.EXT_CIPHER(1)) u_cmac (
    .clk(clk), .rst(rst),
    .c_valid(c_valid), .c_ready(c_ready), .c_key(c_key), .c_klen(c_klen), .c_tlen(c_tlen),
    .s_tdata(s_tdata), .s_tkeep(s_tkeep), .s_tvalid(s_tvalid), .s_tready(s_tready),
    .s_tlast(s_tlast),
    .m_tdata(m_tdata), .m_tkeep(m_tkeep), .m_tvalid(m_tvalid), .m_tready(m_tready),
    .m_tlast(m_tlast),
    .st_valid(st_valid), .st_ready(st_ready), .st_err(st_err),
    .cph_s_valid(x_s_valid), .cph_s_ready(cc_s_ready[1]), .cph_s_nb8(x_s_nb8),
    .cph_s_klen(x_s_klen), .cph_s_key(x_s_key), .cph_s_block(x_s_block), .cph_s_user(x_s_user),
    .cph_m_valid(cc_m_valid[1]), .cph_m_ready(x_m_ready), .cph_m_block(cm_block),
    .cph_m_err(cm_err), .cph_m_user(cm_user[0])
);

wire         p_s_valid, p_s_ready, p_s_nb8, p_m_valid, p_m_ready, p_m_err;
wire [1:0]   p_s_klen, p_s_user, p_m_user;
wire [255:0] p_s_key, p_s_block, p_m_block;
rijndael_iter_mux #(.N(2), .SEL_W(1), .USER_W(2)) u_mux (
    .clk(clk), .rst(rst), .sel(1'b1),
    .c_s_valid({x_s_valid, 1'b0}), .c_s_ready(cc_s_ready), .c_s_nb8({x_s_nb8, 1'b0}),
    .c_s_klen({x_s_klen, 2'd0}), .c_s_key({x_s_key, 256'd0}), .c_s_block({x_s_block, 256'd0}),
    .c_s_user({1'b0, x_s_user, 2'd0}),
    .c_m_valid(cc_m_valid), .c_m_ready({x_m_ready, 1'b1}), .c_m_block(cm_block),
    .c_m_err(cm_err), .c_m_user(cm_user),
    .p_s_valid(p_s_valid), .p_s_ready(p_s_ready), .p_s_nb8(p_s_nb8), .p_s_klen(p_s_klen),
    .p_s_key(p_s_key), .p_s_block(p_s_block), .p_s_user(p_s_user),
    .p_m_valid(p_m_valid), .p_m_ready(p_m_ready), .p_m_block(p_m_block), .p_m_err(p_m_err),
    .p_m_user(p_m_user)
);

rijndael_iter #(.NB8(1), .USER_W(2)) u_cipher (
    .clk(clk), .rst(rst),
    .s_valid(p_s_valid), .s_ready(p_s_ready), .s_nb8(p_s_nb8), .s_klen(p_s_klen),
    .s_key(p_s_key), .s_block(p_s_block), .s_user(p_s_user),
    .m_valid(p_m_valid), .m_ready(p_m_ready), .m_block(p_m_block), .m_err(p_m_err),
    .m_user(p_m_user)
);

endmodule
`default_nettype wire
