// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// One round of Keccak-f[1600] (FIPS 202 §3.3): iota(chi(pi(rho(theta(A)))), combinational.
//
// State numbering (linecrypt/models/keccak.py): lane (x, y) at [64*(x + 5*y) +: 64], lane bit z
// at bit z of that field, so byte i of the FIPS 202 state string sits at [8*i +: 8]. The caller
// gives the round index ir (0..23 of Keccak-f[1600]); iota's round constant comes from the table
// here.
//
// Logic per state bit: theta is a 11-input XOR (the column parities of two columns and the
// bit), chi a 3-input function of three theta outputs, iota one more XOR on 7 bits of lane
// (0, 0). rho and pi are wiring.
module keccak_round (
    input  wire [1599:0] s_in,
    input  wire [4:0]    ir,
    output wire [1599:0] s_out
);

function [63:0] rc_of;
    input [4:0] idx;
    begin
        case (idx)
             0: rc_of = 64'h0000000000000001;   1: rc_of = 64'h0000000000008082;
             2: rc_of = 64'h800000000000808A;   3: rc_of = 64'h8000000080008000;
             4: rc_of = 64'h000000000000808B;   5: rc_of = 64'h0000000080000001;
             6: rc_of = 64'h8000000080008081;   7: rc_of = 64'h8000000000008009;
             8: rc_of = 64'h000000000000008A;   9: rc_of = 64'h0000000000000088;
            10: rc_of = 64'h0000000080008009;  11: rc_of = 64'h000000008000000A;
            12: rc_of = 64'h000000008000808B;  13: rc_of = 64'h800000000000008B;
            14: rc_of = 64'h8000000000008089;  15: rc_of = 64'h8000000000008003;
            16: rc_of = 64'h8000000000008002;  17: rc_of = 64'h8000000000000080;
            18: rc_of = 64'h000000000000800A;  19: rc_of = 64'h800000008000000A;
            20: rc_of = 64'h8000000080008081;  21: rc_of = 64'h8000000000008080;
            22: rc_of = 64'h0000000080000001;  23: rc_of = 64'h8000000080008008;
            default: rc_of = 64'h0;
        endcase
    end
endfunction
wire [63:0] rc = rc_of(ir);

// rotation offsets r[x][y] (FIPS 202 Table 2)
function integer rho;
    input integer x, y;
    begin
        case (5 * y + x)
             0: rho =  0;   1: rho =  1;   2: rho = 62;   3: rho = 28;   4: rho = 27;
             5: rho = 36;   6: rho = 44;   7: rho =  6;   8: rho = 55;   9: rho = 20;
            10: rho =  3;  11: rho = 10;  12: rho = 43;  13: rho = 25;  14: rho = 39;
            15: rho = 41;  16: rho = 45;  17: rho = 15;  18: rho = 21;  19: rho =  8;
            20: rho = 18;  21: rho =  2;  22: rho = 61;  23: rho = 56;  default: rho = 14;
        endcase
    end
endfunction

wire [319:0] c;        // column parities C[x]
wire [319:0] d;        // D[x] = C[x-1] ^ rot(C[x+1], 1)
wire [1599:0] b;       // B after theta, rho, pi: B[y][2x+3y] = rot(A[x][y] ^ D[x], r[x][y])
wire [1599:0] chi;

genvar x, y;
generate
    for (x = 0; x < 5; x = x + 1) begin : g_col
        assign c[64*x +: 64] = s_in[64*x +: 64] ^ s_in[64*(x+5) +: 64] ^ s_in[64*(x+10) +: 64]
                             ^ s_in[64*(x+15) +: 64] ^ s_in[64*(x+20) +: 64];
    end
    for (x = 0; x < 5; x = x + 1) begin : g_d
        wire [63:0] cp = c[64*((x+1)%5) +: 64];
        assign d[64*x +: 64] = c[64*((x+4)%5) +: 64] ^ {cp[62:0], cp[63]};
    end
    for (x = 0; x < 5; x = x + 1) begin : g_x
        for (y = 0; y < 5; y = y + 1) begin : g_y
            wire [63:0] t = s_in[64*(x+5*y) +: 64] ^ d[64*x +: 64];
            localparam integer R = rho(x, y);
            // B[y][(2x+3y) mod 5]: lane index X' + 5Y' with X' = y, Y' = (2x + 3y) mod 5
            if (R == 0) begin : g_r0
                assign b[64*(y + 5*((2*x+3*y)%5)) +: 64] = t;
            end else begin : g_r
                assign b[64*(y + 5*((2*x+3*y)%5)) +: 64] = {t[63-R:0], t[63:64-R]};
            end
        end
    end
    for (x = 0; x < 5; x = x + 1) begin : g_chi_x
        for (y = 0; y < 5; y = y + 1) begin : g_chi_y
            assign chi[64*(x+5*y) +: 64] = b[64*(x+5*y) +: 64]
                ^ (~b[64*(((x+1)%5)+5*y) +: 64] & b[64*(((x+2)%5)+5*y) +: 64]);
        end
    end
endgenerate

assign s_out = {chi[1599:64], chi[63:0] ^ rc};

endmodule
`default_nettype wire
