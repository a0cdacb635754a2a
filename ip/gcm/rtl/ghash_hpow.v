// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Table of the powers H^1 .. H^N of a GHASH key (linecrypt/models/gcm.py:h_powers) for
// ghash_nway.v's hpow port: H^(e+1) = H^e . H, one product after another.
//
// Blocks are the 16 bytes as one big-endian word, byte 0 in [127:120]: bit x_i of the SP 800-38D
// bit string (the coefficient of alpha^i) is x[127-i], as in ghash_mul.v.
//
// A load pulse (ignored while busy) takes h: hpow[127:0] = H at once, then each product
// H^(e+1) is written to hpow[128e +: 128]; busy is high from the clock after load until the
// table is complete, and done pulses for one clock with the last entry written. N = 1 needs no
// product (done follows load by one clock). The table is whole while busy is low; a user loads
// a new key between messages, or holds two tables (gcm_engine keeps one per key slot and takes
// a slot into service only at done).
//
// The multiplier (DIGIT):
//   0      one full ghash_mul (IMPL, PIPE) iterated: PIPE clocks per product, thousands of LUT4s
//   1..16  digit-serial (DIGIT divides 128): Horner's rule over the bits of H^e, DIGIT bits per
//          clock, most significant power of alpha first:  Z <- Z . alpha  xor  x_i . H  for
//          i = 127 down to 0 (x_i = bit x[127-i] of H^e, shifted out of a register X that is
//          loaded with each new entry; H from hpow[127:0]). 128 / DIGIT clocks per product;
//          two 128-bit registers (Z, X) and a few LUT4s per bit, so it suits a table needed
//          only after key loads. X is a shift register, not a multiplexer reading the table:
//          Yosys/ABC merges such a 128:1 multiplexer into the logic of every Z bit, which
//          triples the area. IMPL and PIPE are ignored.
// Time to a full table: 1 + (N - 1) * C clocks from the load edge (the load clock counted),
// C = PIPE (DIGIT = 0) or 128 / DIGIT; e.g. N = 2, DIGIT = 1: 129 clocks; N = 4: 385.
module ghash_hpow #(
    parameter N     = 4,
    parameter DIGIT = 1,
    parameter IMPL  = 0,
    parameter PIPE  = 2
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
if (DIGIT == 0 && PIPE < 1) begin : g_bad_pipe
    $error("%m: PIPE must be at least 1 (the multiplier's result feeds its input)");
end
if (DIGIT != 0 && DIGIT != 1 && DIGIT != 2 && DIGIT != 4 && DIGIT != 8 && DIGIT != 16)
begin : g_bad_digit
    $error("%m: DIGIT must be 0 (full multiplier) or 1, 2, 4, 8 or 16 bits per clock");
end
endgenerate

localparam EW = (N > 1) ? $clog2(N) : 1;

wire start = load && !busy;

generate
if (DIGIT == 0) begin : g_full
    reg  [127:0] h_q;
    reg  [EW-1:0] e_q;         // index of the next table entry the multiplier delivers
    wire         m_valid;
    wire [127:0] m_z;
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
end else begin : g_serial
    localparam integer S   = 128 / DIGIT;         // clocks per product
    localparam integer SW  = $clog2(S) > 0 ? $clog2(S) : 1;
    localparam integer PW  = EW + SW;             // pos = (e - 1) * S + step
    localparam [127:0] R   = {8'he1, 120'd0};     // alpha^128 = 1 + alpha + alpha^2 + alpha^7

    /* verilator lint_off UNUSEDPARAM */
    localparam integer IMPL_IGNORED = IMPL + PIPE;
    /* verilator lint_on UNUSEDPARAM */

    // pos counts digits over the whole table: entry e = pos[PW-1:SW] + 1 (1..N-1) is being
    // computed, digit pos[SW-1:0]; x_q holds the rest of H^(e-1), lowest port bit (highest
    // power of alpha) first: the digit is x_q[DIGIT-1:0], bit k of it before bit k+1
    reg  [PW-1:0]     pos;
    reg  [127:0]      z_q, x_q;
    wire [SW-1:0]     step  = pos[SW-1:0];
    wire [EW-1:0]     src   = pos[PW-1:SW];
    wire              last  = &step;              // S is a power of two: SW = log2(S)
    wire [127:0]      h1    = hpow[127:0];
    reg  [127:0]      z_nx;

    always @(*) begin : horner
        integer k;
        z_nx = z_q;
        for (k = 0; k < DIGIT; k = k + 1)
            z_nx = ({1'b0, z_nx[127:1]} ^ (z_nx[0] ? R : 128'd0)) ^ (x_q[k] ? h1 : 128'd0);
    end

    always @(posedge clk) begin : fsm
        integer e;
        done <= 1'b0;
        if (start) begin
            hpow[127:0] <= h;
            x_q  <= h;
            z_q  <= 128'd0;
            pos  <= {PW{1'b0}};
            busy <= (N > 1);
            done <= (N == 1);
        end else if (busy) begin
            z_q <= last ? 128'd0 : z_nx;
            x_q <= last ? z_nx : {{DIGIT{1'b0}}, x_q[127:DIGIT]};
            pos <= pos + 1'b1;
            if (last) begin
                for (e = 1; e < N; e = e + 1)
                    if ({{(32-EW){1'b0}}, src} == e - 1) hpow[128*e +: 128] <= z_nx;
                if ({{(32-EW){1'b0}}, src} == N - 2) begin
                    busy <= 1'b0;
                    done <= 1'b1;
                end
            end
        end
        if (rst) begin
            busy <= 1'b0;
            done <= 1'b0;
        end
    end
end
endgenerate

endmodule

`default_nettype wire
