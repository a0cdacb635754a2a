// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// OCB3 key-dependent table (RFC 7253 section 4.1), one per key slot.
//
// Bit order (RFC 7253 section 2): a 128-bit string's bit 1 is bit [127] of a bus, so a block is
// the 16-byte string read as one big-endian integer (byte 0 on [127:120]).
//
// Given L_* = E_K(0^128) for a slot (the write port; the cipher call is the user's), the table
// computes and stores, one doubling per clock:
//   L_$ = double(L_*), L_0 = double(L_$), L_i = double(L_{i-1}) for i = 1..LMAX,
// and the prefix constants the offset unit needs for N lanes (ocb3_offsets.v):
//   P_j = L_{ntz(1)} xor ... xor L_{ntz(j)}, j = 1..N-1 (P_0 = 0),
// with double(S) = S << 1, xor 0x87 into the low byte when S[1] (bit [127]) is set.
//
// Timing: the write handshake (s_lstar_tvalid && s_lstar_tready) clears slot_ready[slot]; the
// doubling engine then writes L_$ in the next clock, L_0..L_LMAX in the following LMAX+1
// clocks, the prefixes with L_LMAX, and sets slot_ready[slot] at that last edge: slot_ready is
// high LMAX+2 clocks after the handshake edge (18 with LMAX=16). s_lstar_tready is low while
// the engine runs (one slot at a time). Writing a slot that a reader is using returns a mix of
// old and new entries: the user loads a slot only while no message of it is in flight.
//
// Storage:
//   L_0..L_LMAX      distributed RAM, NSLOTS x 2^IDX_W entries of 128 bits, one read port
//                    with a registered read (l_rd_idx/l_rd_slot sampled when l_rd_en, the entry
//                    on l_rd_data in the next clock, held while l_rd_en is low). Block RAM
//                    would be 4 DP16KD, but its read without the output register is a 4.3 ns
//                    clock-to-out and with it a two-clock read, which the one-read-per-beat
//                    offset loop cannot hide across message boundaries.
//   L_*, L_$, P_j    one small memory each (NSLOTS entries), asynchronous read by c_slot: the
//                    offset unit reads them once per message and registers them.
// Reset clears slot_ready and stops the engine; the stored entries are kept (unusable until the
// slot is written again).
module ocb3_ltable #(
    parameter NSLOTS = 4,         // key slots, power of two >= 2
    parameter LMAX   = 16,        // L_0..L_LMAX: messages of up to 2^(LMAX+1) - 1 blocks
    parameter N      = 4,         // lanes of the offset unit: 1, 2, 4 (prefixes P_1..P_{N-1})
    // derived
    parameter SLOT_W = $clog2(NSLOTS),
    parameter IDX_W  = $clog2(LMAX + 1)
) (
    input  wire              clk,
    input  wire              rst,

    // L_* = E_K(0^128) for a slot
    input  wire [127:0]      s_lstar_tdata,
    input  wire [SLOT_W-1:0] s_lstar_slot,
    input  wire              s_lstar_tvalid,
    output wire              s_lstar_tready,
    output reg  [NSLOTS-1:0] slot_ready,

    // L_i read port (registered read)
    input  wire              l_rd_en,
    input  wire [SLOT_W-1:0] l_rd_slot,
    input  wire [IDX_W-1:0]  l_rd_idx,
    output reg  [127:0]      l_rd_data,

    // per-slot constants (asynchronous read)
    input  wire [SLOT_W-1:0] c_slot,
    output wire [127:0]      c_lstar,
    output wire [127:0]      c_ldollar,
    output wire [128*N-1:0]  c_prefix      // lane j = P_j; lane 0 = P_0 = 0
);

localparam integer LOGN  = $clog2(N);
localparam integer LNCAP = (LOGN > 0) ? LOGN : 1;     // captured L_0..L_{LOGN-1}
localparam integer DEPTH = NSLOTS << IDX_W;

generate
if (NSLOTS < 2 || (NSLOTS & (NSLOTS - 1)) != 0) begin : g_bad_slots
    $error("%m: NSLOTS must be a power of two >= 2");
end
if (N != 1 && N != 2 && N != 4) begin : g_bad_n
    $error("%m: N must be 1, 2 or 4");
end
if (LMAX < LOGN || LMAX > 31) begin : g_bad_lmax
    $error("%m: LMAX must be at least log2(N) and at most 31");
end
endgenerate

function integer ntz_f(input integer v);
    integer k;
    begin
        ntz_f = 0;
        for (k = 4; k >= 0; k = k - 1)
            if (v % (1 << k) == 0 && ntz_f == 0) ntz_f = k;
    end
endfunction

// P_j from the captured L_0..L_{LOGN-1}
function [127:0] prefix_f(input integer j, input [128*LNCAP-1:0] c);
    integer i;
    begin
        prefix_f = 128'd0;
        for (i = 1; i <= j; i = i + 1)
            prefix_f = prefix_f ^ c[128*ntz_f(i) +: 128];
    end
endfunction

// ------------------------------------------------------------------ doubling engine
reg              busy;
reg [SLOT_W-1:0] wslot;
reg [IDX_W:0]    step;          // 0: writes L_$, s >= 1: writes L_{s-1}
reg [127:0]      x;             // the last value computed (L_* first)
wire [127:0]     dx = {x[126:0], 1'b0} ^ {120'd0, {8{x[127]}} & 8'h87};

wire accept = s_lstar_tvalid && !busy;
localparam integer   LAST_STEP_I = LMAX + 1;
localparam [IDX_W:0] LAST_STEP = LAST_STEP_I[IDX_W:0];
wire last   = busy && (step == LAST_STEP);
assign s_lstar_tready = !busy;

always @(posedge clk) begin
    if (rst) begin
        busy       <= 1'b0;
        slot_ready <= {NSLOTS{1'b0}};
    end else if (accept) begin
        busy               <= 1'b1;
        slot_ready[s_lstar_slot] <= 1'b0;
    end else if (last) begin
        busy               <= 1'b0;
        slot_ready[wslot]  <= 1'b1;
    end
end

always @(posedge clk) begin
    if (accept) begin
        wslot <= s_lstar_slot;
        x     <= s_lstar_tdata;
        step  <= {(IDX_W+1){1'b0}};
    end else if (busy) begin
        x     <= dx;
        step  <= step + 1'b1;
    end
end

// L_0 .. L_{LOGN-1} as they pass, for the prefixes (N = 1 has none: cap is then unused)
/* verilator lint_off UNUSEDSIGNAL */
reg [128*LNCAP-1:0] cap;
/* verilator lint_on UNUSEDSIGNAL */
genvar g;
generate
for (g = 0; g < LNCAP; g = g + 1) begin : g_cap
    always @(posedge clk)
        if (busy && step == g + 1) cap[128*g +: 128] <= dx;
end
endgenerate

// ------------------------------------------------------------------ storage
(* ram_style = "distributed" *) reg [127:0] lmem [0:DEPTH-1];
always @(posedge clk) begin
    if (busy && step != 0) lmem[{wslot, step[IDX_W-1:0] - 1'b1}] <= dx;
    if (l_rd_en) l_rd_data <= lmem[{l_rd_slot, l_rd_idx}];
end

reg [127:0] star_mem   [0:NSLOTS-1];
reg [127:0] dollar_mem [0:NSLOTS-1];
always @(posedge clk) begin
    if (accept)               star_mem[s_lstar_slot] <= s_lstar_tdata;
    if (busy && step == 0)    dollar_mem[wslot]      <= dx;
end
assign c_lstar   = star_mem[c_slot];
assign c_ldollar = dollar_mem[c_slot];
assign c_prefix[127:0] = 128'd0;

generate
for (g = 1; g < N; g = g + 1) begin : g_prefix
    reg [127:0] p_mem [0:NSLOTS-1];
    always @(posedge clk)
        if (last) p_mem[wslot] <= prefix_f(g, cap);
    assign c_prefix[128*g +: 128] = p_mem[c_slot];
end
endgenerate

endmodule

`default_nettype wire
