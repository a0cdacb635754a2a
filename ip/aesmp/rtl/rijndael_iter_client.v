// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// A mode's cipher (aes_cmac, aes_hash, aes_gcm_iter, fortuna_gen): the mode drives s_* and
// takes m_* as it would a rijndael_iter's. EXT_CIPHER = 0 puts that rijndael_iter here (NB8,
// USER_W); the cph_* ports are then unused (outputs mirror s_* and m_ready, inputs ignored).
// EXT_CIPHER = 1 leaves it out and passes the signals to cph_*, the mirror of rijndael_iter's
// ports (cph_s_* to its s_*, cph_m_* from its m_*), which the mode brings out as its own cph_*
// ports, so that several modes can share one cipher (rijndael_iter_mux). The cipher outside
// must take the same blocks (NB8 = 1 for a mode that sends s_nb8 = 1) and carry USER_W
// sideband bits at least.
module rijndael_iter_client #(
    parameter EXT_CIPHER = 0,           // 1: the cipher is outside, on the cph_* ports
    parameter NB8        = 1,           // rijndael_iter's, EXT_CIPHER = 0
    parameter USER_W     = 1
) (
    input  wire              clk,
    input  wire              rst,

    // the mode: rijndael_iter's ports
    input  wire              s_valid,
    output wire              s_ready,
    input  wire              s_nb8,
    input  wire [1:0]        s_klen,
    input  wire [255:0]      s_key,
    input  wire [255:0]      s_block,
    input  wire [USER_W-1:0] s_user,
    output wire              m_valid,
    input  wire              m_ready,
    output wire [255:0]      m_block,
    output wire              m_err,
    output wire [USER_W-1:0] m_user,

    // the cipher outside (EXT_CIPHER = 1)
    output wire              cph_s_valid, cph_s_nb8, cph_m_ready,
    output wire [1:0]        cph_s_klen,
    output wire [255:0]      cph_s_key, cph_s_block,
    output wire [USER_W-1:0] cph_s_user,
    input  wire              cph_s_ready, cph_m_valid, cph_m_err,
    input  wire [255:0]      cph_m_block,
    input  wire [USER_W-1:0] cph_m_user
);

assign cph_s_valid = s_valid;
assign cph_s_nb8   = s_nb8;
assign cph_s_klen  = s_klen;
assign cph_s_key   = s_key;
assign cph_s_block = s_block;
assign cph_s_user  = s_user;
assign cph_m_ready = m_ready;

generate
if (EXT_CIPHER == 0) begin : g_cipher
    rijndael_iter #(.NB8(NB8), .USER_W(USER_W)) u_cipher (
        .clk(clk), .rst(rst),
        .s_valid(s_valid), .s_ready(s_ready), .s_nb8(s_nb8), .s_klen(s_klen), .s_key(s_key),
        .s_block(s_block), .s_user(s_user),
        .m_valid(m_valid), .m_ready(m_ready), .m_block(m_block), .m_err(m_err), .m_user(m_user));
    /* verilator lint_off UNUSEDSIGNAL */  // the cph_* inputs: the cipher is inside
    wire unused_cph = &{1'b0, cph_s_ready, cph_m_valid, cph_m_err, cph_m_block, cph_m_user};
    /* verilator lint_on UNUSEDSIGNAL */
end else if (EXT_CIPHER == 1) begin : g_ext_cipher
    /* verilator lint_off UNUSEDSIGNAL */  // clk, rst: the cipher outside has its own
    wire unused_clk = &{1'b0, clk, rst};
    /* verilator lint_on UNUSEDSIGNAL */
    assign s_ready = cph_s_ready;
    assign m_valid = cph_m_valid;
    assign m_block = cph_m_block;
    assign m_err   = cph_m_err;
    assign m_user  = cph_m_user;
end else begin : g_bad_ext
    $error("%m: EXT_CIPHER must be 0 or 1");
end
endgenerate

endmodule
`default_nettype wire
