// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Keccak-p[1600, nr] permutation, full 1600-bit datapath, RPC rounds per clock (FIPS 202 §3.3;
// model: linecrypt/models/keccak.py keccak_p). nr is chosen per permutation: 24 for
// Keccak-f[1600] (SHA-3, SHAKE), 12 for Keccak-p[1600, 12] (Keyak).
//
// State numbering: byte i of the FIPS 202 state string at [8*i +: 8] (lane (x, y) at
// [64*(x + 5*y) +: 64]), on s_tdata and m_tdata alike.
//
// Handshake: AXI-Stream style on both sides. A state taken on s_* goes through its first RPC
// rounds on the clock it is taken (the round logic reads s_tdata directly), then RPC rounds per
// clock; the result is on m_tdata with m_tvalid after nr / RPC clocks and stays until m_tready.
// The state register is also the output register, so the next state is taken on the clock the
// result leaves (s_tready = not running and no result waiting, or the result leaving now):
// back to back, one permutation every nr / RPC clocks.
//
// Rounds: the last nr rounds of Keccak-f[1600], round indices 24 - nr .. 23. s_nr must be
// 1..24 and a multiple of RPC; any other value is not run: the state comes back unchanged on
// the next clock with m_terr = 1 (never a hang).
//
// Reset (synchronous, rst high): drops a permutation in progress and a waiting result.
module keccak_p1600 #(
    parameter RPC = 1                   // rounds per clock: 1, 2, 3, 4, 6, 12 or 24
) (
    input  wire          clk,
    input  wire          rst,

    input  wire [1599:0] s_tdata,
    input  wire [4:0]    s_nr,
    input  wire          s_tvalid,
    output wire          s_tready,

    output wire [1599:0] m_tdata,
    output reg           m_terr,
    output reg           m_tvalid,
    input  wire          m_tready
);

generate
if (RPC != 1 && RPC != 2 && RPC != 3 && RPC != 4 && RPC != 6 && RPC != 12 && RPC != 24)
begin : g_bad_rpc
    $error("%m: RPC must divide 24");
end
endgenerate


reg  [1599:0] state;
reg           busy;
reg  [4:0]    ir;                       // index of the next round to run while busy

wire          take   = s_tvalid && s_tready;
wire [4:0]    ir0    = 5'd24 - s_nr;    // first round of a taken state
localparam [4:0] RPC5 = RPC[4:0];
wire          nr_ok  = (s_nr >= 5'd1) && (s_nr <= 5'd24) && (s_nr % RPC5 == 5'd0);
wire [4:0]    ir_now = busy ? ir : ir0;

assign s_tready = !busy && (!m_tvalid || m_tready);
assign m_tdata  = state;

// next value of busy (the register below follows the same rules)
wire busy_nx = take ? (nr_ok && ir_next != 5'd24) : (busy && ir_next != 5'd24);

// RPC rounds in a chain from the state (or s_tdata on a taking clock). The state-or-input
// select of each lane has its own copy of busy (each in its own keep block, or Yosys merges
// them): one busy flop would drive 1600 multiplexers spread over the whole datapath.
wire [1599:0] chain [0:RPC];
genvar k, l;
generate
    for (l = 0; l < 25; l = l + 1) begin : g_sel
        reg busy_c;
        (* keep *) always @(posedge clk) busy_c <= rst ? 1'b0 : busy_nx;
        assign chain[0][64*l +: 64] = busy_c ? state[64*l +: 64] : s_tdata[64*l +: 64];
    end
endgenerate
generate
    for (k = 0; k < RPC; k = k + 1) begin : g_rnd
        keccak_round u_round (.s_in(chain[k]), .ir(ir_now + k[4:0]), .s_out(chain[k+1]));
    end
endgenerate

wire [4:0] ir_next = ir_now + RPC5;

always @(posedge clk) begin
    if (rst) begin
        busy     <= 1'b0;
        m_tvalid <= 1'b0;
        m_terr   <= 1'b0;
        ir       <= 5'd0;
    end else begin
        if (m_tvalid && m_tready)
            m_tvalid <= 1'b0;
        if (take) begin
            m_terr <= !nr_ok;
            if (!nr_ok) begin
                m_tvalid <= 1'b1;
            end else if (ir_next == 5'd24) begin
                m_tvalid <= 1'b1;
            end else begin
                busy <= 1'b1;
                ir   <= ir_next;
            end
        end else if (busy) begin
            ir <= ir_next;
            if (ir_next == 5'd24) begin
                busy     <= 1'b0;
                m_tvalid <= 1'b1;
            end
        end
    end
end

always @(posedge clk) begin
    if (take)
        state <= nr_ok ? chain[RPC] : s_tdata;
    else if (busy)
        state <= chain[RPC];
end

endmodule
`default_nettype wire
