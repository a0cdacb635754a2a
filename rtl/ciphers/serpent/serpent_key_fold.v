`default_nettype none
// Folded round key for serpent_lt.v: m = fold(K) such that serpent_lt(x, m) = LT(x) ^ K
// (INVERSE=0) or InvLT(x) ^ K (INVERSE=1). Linear in K; the key-expansion unit applies it once
// per round key of a middle round, so the round pipeline needs no LUT for it (see serpent_lt.v
// for the derivation). Word order {K3, K2, K1, K0}, K0 = k[31:0].
module serpent_key_fold #(
    parameter INVERSE = 0
) (
    input  wire [127:0] k,
    output wire [127:0] m
);

function [31:0] rotl;
    input [31:0] w;
    input integer n;
    rotl = (w << n) | (w >> (32 - n));
endfunction

wire [31:0] k0 = k[31:0];
wire [31:0] k1 = k[63:32];
wire [31:0] k2 = k[95:64];
wire [31:0] k3 = k[127:96];

generate
if (INVERSE) begin : g_inv
    assign m = {k3 ^ rotl(k2, 3) ^ (rotl(k0, 13) << 3), k2, k1 ^ rotl(k0, 13) ^ rotl(k2, 3), k0};
end else begin : g_fwd
    assign m = {k3, k2 ^ rotl(k3 ^ (k1 << 7), 22), k1, k0 ^ rotl(k1 ^ k3, 5)};
end
endgenerate

endmodule

`default_nettype wire
