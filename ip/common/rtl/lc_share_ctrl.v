// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// The handshakes of one valid/ready unit (s_* in, m_* out, one item in it at a time) shared by
// N clients that never need it at the same time: the grant follows sel, an owner register
// routes each result back. The data buses are the wrapper's (it selects client sel's request
// with the same sel and gives the result to every client): keccak_p1600_mux (ip/keccak) and
// rijndael_iter_mux (ip/aesmp).
//
// Client i's handshakes are bit i of c_s_valid, c_s_ready, c_m_valid, c_m_ready; p_* go to the
// unit (p_s_valid / p_s_ready to its s_*, p_m_valid / p_m_ready from its m_*).
//
// Grant: sel names the client whose requests may go in (the user sets it from what it runs, so
// no request arbitration is needed); the others see c_s_ready low. The item in the unit
// (running or waiting as a result) belongs to the client it was taken from (owner); its result
// shows c_m_valid to the owner only. A result whose owner is not the selected client leaves at
// once, so a client that gives up the grant cannot hold the unit: its owner sees c_m_valid on
// that clock and takes it if its c_m_ready is high; otherwise it is dropped. An item still
// running when sel changes finishes first (the selected client's c_s_ready stays low until the
// unit takes a new item). Combinational but for the owner register; sel may change on any
// clock.
//
// Reset (synchronous, rst high): the owner is client 0 (reset the unit on the same clock).
module lc_share_ctrl #(
    parameter N     = 2,                // clients, 2..8
    parameter SEL_W = 1                 // width of sel: at least $clog2(N)
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [SEL_W-1:0] sel,

    input  wire [N-1:0]     c_s_valid,
    output wire [N-1:0]     c_s_ready,
    output wire [N-1:0]     c_m_valid,
    input  wire [N-1:0]     c_m_ready,

    output wire             p_s_valid,
    input  wire             p_s_ready,
    input  wire             p_m_valid,
    output wire             p_m_ready
);

generate
if (N < 2 || N > 8) begin : g_bad_n
    $error("%m: N must be 2..8");
end
if ((1 << SEL_W) < N) begin : g_bad_sel_w
    $error("%m: SEL_W too narrow for N clients");
end
endgenerate

reg  [SEL_W-1:0] owner;

assign p_s_valid = c_s_valid[sel];
assign p_m_ready = (owner == sel) ? c_m_ready[owner] : 1'b1;

genvar i;
generate
    for (i = 0; i < N; i = i + 1) begin : g_client
        assign c_s_ready[i] = p_s_ready && (sel == i[SEL_W-1:0]);
        assign c_m_valid[i] = p_m_valid && (owner == i[SEL_W-1:0]);
    end
endgenerate

always @(posedge clk) begin
    if (rst)
        owner <= {SEL_W{1'b0}};
    else if (p_s_valid && p_s_ready)
        owner <= sel;
end

endmodule
`default_nettype wire
