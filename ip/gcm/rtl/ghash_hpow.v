// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Table of the powers H^1 .. H^N of a GHASH key (linecrypt/models/gcm.py:h_powers) for
// ghash_nway.v's hpow port, computed by one ghash_mul iterated: H^(e+1) = H^e . H.
//
// A load pulse (ignored while busy) takes h: hpow[127:0] = H at once, then each product
// H^(e+1) is written to hpow[128e +: 128] as it leaves the multiplier; busy is high from the
// clock after load until the table is complete, and done pulses for one clock with the last
// entry written. N = 1 needs no product (done follows load by one clock). The table is whole
// while busy is low; a user loads a new key between messages, or holds two tables.
// Time to a full table: 1 + (N - 1) * PIPE clocks from the load edge; one multiplier of LUTs.
module ghash_hpow #(
    parameter N    = 4,
    parameter IMPL = 0,
    parameter PIPE = 2
) (
    input  wire           clk,
    input  wire           rst,
    input  wire           load,
    input  wire [127:0]   h,
    output reg            busy,
    output reg            done,
    output reg [128*N-1:0] hpow
);

generate
if (N < 1 || N > 64) begin : g_bad_n
    $error("%m: N must be 1..64");
end
if (PIPE < 1) begin : g_bad_pipe
    $error("%m: PIPE must be at least 1 (the multiplier's result feeds its input)");
end
endgenerate

localparam EW = (N > 1) ? $clog2(N) : 1;

reg  [127:0] h_q;
reg  [EW-1:0] e_q;             // index of the next table entry the multiplier delivers
wire         m_valid;
wire [127:0] m_z;
wire         start = load && !busy;
wire         issue = start ? (N > 1) : (m_valid && ({{(32-EW){1'b0}}, e_q} != N - 1));

ghash_mul #(.IMPL(IMPL), .PIPE(PIPE), .IN_REG(0)) u_mul (
    .clk(clk), .rst(rst), .in_valid(issue),
    .x(start ? h : m_z), .h(start ? h : h_q),
    .out_valid(m_valid), .z(m_z)
);

always @(posedge clk) begin : fsm
    integer e;
    done <= 1'b0;
    if (start) begin
        h_q  <= h;
        hpow[127:0] <= h;
        e_q  <= (N > 1) ? 1 : 0;
        busy <= (N > 1);
        done <= (N == 1);
    end else if (m_valid) begin
        for (e = 1; e < N; e = e + 1)
            if ({{(32-EW){1'b0}}, e_q} == e) hpow[128*e +: 128] <= m_z;
        if ({{(32-EW){1'b0}}, e_q} == N - 1) begin
            busy <= 1'b0;
            done <= 1'b1;
        end else begin
            e_q <= e_q + 1'b1;
        end
    end
    if (rst) begin
        busy <= 1'b0;
        done <= 1'b0;
    end
end

endmodule

`default_nettype wire
