// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// OCB3 block offsets (RFC 7253 sections 4.1-4.3), N per clock.
//
// Bit order as in ocb3_ltable.v: bit [127] of a block is the RFC's bit 1.
//
// For each message command (slot, Offset_0, m full blocks, star = a partial final block
// follows) the unit emits ceil(m/N) beats (one beat when m = 0). Beat c (b = N*c blocks before
// it) carries Offset_{b+1} .. Offset_{b+N} in lanes 0..N-1 (lane q on m_offset[128*q +: 128]),
// m_keep marking the lanes with a block (all but the last beat: all N). With N a power of two
// and b a multiple of N, ntz(b+j) = ntz(j) for 0 < j < N, so
//   Offset_{b+j} = Offset_b xor P_j            (P_j = L_{ntz(1)} xor ... xor L_{ntz(j)})
//   Offset_{b+N} = Offset_b xor P_{N-1} xor L_{ntz(b+N)},  ntz(b+N) = log2(N) + ntz(c+1),
// so each beat reads one L entry (ocb3_ltable's registered read port) and the P_j are per-key
// constants. The last beat (m_last) also carries, for Offset_m (Offset_0 when m = 0):
//   m_offset_star = Offset_m xor L_*                       (the partial block's offset)
//   m_offset_tag  = Offset_m [xor L_* when star] xor L_$   (what the tag input is xored with)
// The AD hash (RFC 7253 HASH) is the same sequence from Offset_0 = 0: it uses the lanes and
// m_offset_star and ignores m_offset_tag.
//
// Pipeline: command register (cmd) -> current beat (cur, with the L entry read for it) ->
// output registers. Messages follow each other with no idle clock, one beat per clock, also
// when every message is one beat. s_valid/s_ready handshake -> m_valid of the first beat: 3
// clocks (unit idle). The stall (m_valid && !m_ready) holds cmd, cur, the L read register
// and the outputs.
module ocb3_offsets #(
    parameter N      = 4,         // lanes (blocks per beat): 1, 2, 4
    parameter NSLOTS = 4,
    parameter LMAX   = 16,        // as ocb3_ltable: m < 2^(LMAX+1)
    parameter USER_W = 8,         // sideband carried to the message's beats
    // derived
    parameter SLOT_W = $clog2(NSLOTS),
    parameter IDX_W  = $clog2(LMAX + 1),
    parameter BLK_W  = LMAX + 1
) (
    input  wire              clk,
    input  wire              rst,

    // message commands
    input  wire [SLOT_W-1:0] s_slot,
    input  wire [127:0]      s_offset0,
    input  wire [BLK_W-1:0]  s_blocks,        // m, full blocks (0 allowed)
    input  wire              s_star,          // a partial final block follows the m blocks
    input  wire [USER_W-1:0] s_user,
    input  wire              s_valid,
    output wire              s_ready,

    // ocb3_ltable read ports
    output wire              l_rd_en,
    output wire [SLOT_W-1:0] l_rd_slot,
    output wire [IDX_W-1:0]  l_rd_idx,
    input  wire [127:0]      l_rd_data,
    output wire [SLOT_W-1:0] c_slot,
    input  wire [127:0]      c_lstar,
    input  wire [127:0]      c_ldollar,
    input  wire [128*N-1:0]  c_prefix,

    // beats
    output reg  [128*N-1:0]  m_offset,
    output reg  [N-1:0]      m_keep,
    output reg               m_last,
    output reg               m_star,          // with m_last: the message has a partial block
    output reg  [127:0]      m_offset_star,   // with m_last
    output reg  [127:0]      m_offset_tag,    // with m_last
    output reg  [USER_W-1:0] m_user,
    output reg               m_valid,
    input  wire              m_ready
);

localparam integer LOGN  = $clog2(N);
localparam integer BEAT_W = BLK_W - LOGN + 1;      // beat numbers 1 .. ceil(m/N) (+1)

generate
if (N != 1 && N != 2 && N != 4) begin : g_bad_n
    $error("%m: N must be 1, 2 or 4");
end
if (LMAX < LOGN || LMAX > 31) begin : g_bad_lmax
    $error("%m: LMAX must be at least log2(N) and at most 31");
end
endgenerate

// trailing ones of v = ntz(v + 1)
function [IDX_W-1:0] tones(input [BEAT_W-1:0] v);
    integer k;
    reg     run;
    begin
        tones = {IDX_W{1'b0}};
        run   = 1'b1;
        for (k = 0; k < BEAT_W; k = k + 1) begin
            run = run & v[k];
            if (run) tones = tones + 1'b1;
        end
    end
endfunction

// ------------------------------------------------------------------ command register
reg              cmd_valid;
reg [SLOT_W-1:0] cmd_slot;
reg [127:0]      cmd_off0;
reg              cmd_star;
reg [USER_W-1:0] cmd_user;

// ------------------------------------------------------------------ current beat
reg              cur_valid;
reg              cur_last;
reg [BEAT_W-1:0] cur_rem;       // beats after this one
reg [BEAT_W-1:0] cur_nb;        // number of the next beat (1-based)
reg [127:0]      cur_off;       // Offset_b
reg [128*N-1:0]  cur_p;         // P_0 .. P_{N-1}
reg [127:0]      cur_fstar;     // R xor L_*               (R = P_k, k = blocks in the last beat)
reg [127:0]      cur_ftag;      // R [xor L_*] xor L_$
reg              cur_usel;      // the last beat is full: Offset_m takes the L entry too
reg [N-1:0]      cur_lkeep;     // m_keep of the last beat
reg              cur_star;
reg [USER_W-1:0] cur_user;

wire out_free = !m_valid || m_ready;
wire ld       = !cur_valid || out_free;              // cur takes the next beat
wire cont     = cur_valid && !cur_last;              // ... from the same message
wire take     = ld && !cont && cmd_valid;            // ... from cmd
assign s_ready = !cmd_valid || take;

// The L entry for the beat cur holds in the next clock: {slot, log2(N) + ntz(cur_nb)}
// while the message continues, else the first entry of cmd's message. The address comes
// straight from flops (rd_slot/rd_idx, computed from the next state), so the path to the
// table is flop -> distributed RAM -> bank select -> l_rd_data.
reg [SLOT_W-1:0] rd_slot;
reg [IDX_W-1:0]  rd_idx;
assign l_rd_en   = ld;
assign l_rd_slot = rd_slot;
assign l_rd_idx  = rd_idx;
assign c_slot    = cmd_slot;

// Per-message values, computed from the command ports as it is accepted, so that the paths from
// the command register to cur are a constant read and a one-hot select:
//   cmd_rem   beats after the first (ceil(m/N) - 1, 0 when m = 0)
//   cmd_ksel  one-hot k = blocks in the last beat (0 when m = 0, else 1..N)
//   cmd_lkeep m_keep of the last beat
wire [BLK_W-1:0]  s_bm1   = s_blocks - 1'b1;
wire              s_empty = (s_blocks == {BLK_W{1'b0}});
wire [BEAT_W-1:0] s_rem   = s_empty ? {BEAT_W{1'b0}} : {1'b0, s_bm1[BLK_W-1:LOGN]};
wire [31:0]       s_k;
generate
if (N == 1) begin : g_k1
    assign s_k = {31'd0, !s_empty};
end else begin : g_kn
    assign s_k = s_empty ? 32'd0 : {{(32-LOGN){1'b0}}, s_bm1[LOGN-1:0]} + 32'd1;
end
endgenerate
reg  [N:0]        s_ksel;
reg  [N-1:0]      s_lkeep;
integer q;
always @* begin
    s_ksel  = {(N+1){1'b0}};
    s_lkeep = {N{1'b0}};
    for (q = 0; q <= N; q = q + 1) begin
        if (s_k == q) s_ksel[q] = 1'b1;
        if (q >= 1 && s_k >= q) s_lkeep[q-1] = 1'b1;
    end
end

reg [BEAT_W-1:0] cmd_rem;
reg [N:0]        cmd_ksel;
reg [N-1:0]      cmd_lkeep;
reg              cmd_more;       // the message has 2+ beats
// R = P_k (P_{N-1} when k = N; 0 when k = 0), a one-hot select of the slot's prefixes
reg [127:0]      cmd_r;
always @* begin
    cmd_r = 128'd0;
    for (q = 1; q <= N; q = q + 1)
        cmd_r = cmd_r | ({128{cmd_ksel[q]}} & c_prefix[128*(q == N ? N-1 : q) +: 128]);
end

always @(posedge clk) begin
    if (rst) begin
        cmd_valid <= 1'b0;
        cur_valid <= 1'b0;
    end else begin
        if (s_ready) cmd_valid <= s_valid;
        if (ld)      cur_valid <= cont || cmd_valid;
    end
end

// next state of cont and cmd_slot, for the read address
wire              cur_more  = (cur_rem != {{(BEAT_W-1){1'b0}}, 1'b1});    // 2+ beats after this one
wire [SLOT_W-1:0] cmd_slot_nx = (s_valid && s_ready) ? s_slot : cmd_slot;

always @(posedge clk) begin
    if (rst) begin
        rd_slot <= {SLOT_W{1'b0}};
        rd_idx  <= LOGN[IDX_W-1:0];
    end else if (ld && cont && cur_more) begin
        rd_idx  <= LOGN[IDX_W-1:0] + tones(cur_nb);
    end else if (ld && !cont && take && cmd_more) begin
        rd_slot <= cmd_slot;
        rd_idx  <= LOGN[IDX_W-1:0] + 1'b1;
    end else if (ld || !cont) begin
        rd_slot <= cmd_slot_nx;
        rd_idx  <= LOGN[IDX_W-1:0];
    end
end

always @(posedge clk) begin
    if (s_valid && s_ready) begin
        cmd_slot   <= s_slot;
        cmd_off0   <= s_offset0;
        cmd_rem    <= s_rem;
        cmd_more   <= (s_rem != {BEAT_W{1'b0}});
        cmd_ksel   <= s_ksel;
        cmd_lkeep  <= s_lkeep;
        cmd_star   <= s_star;
        cmd_user   <= s_user;
    end
    if (ld && cont) begin
        cur_off  <= cur_off ^ cur_p[128*(N-1) +: 128] ^ l_rd_data;     // Offset_{b+N}
        cur_rem  <= cur_rem - 1'b1;
        cur_last <= (cur_rem == {{(BEAT_W-1){1'b0}}, 1'b1});
        cur_nb   <= cur_nb + 1'b1;
    end else if (take) begin
        cur_off   <= cmd_off0;
        cur_rem   <= cmd_rem;
        cur_last  <= (cmd_rem == {BEAT_W{1'b0}});
        cur_nb    <= {{(BEAT_W-2){1'b0}}, 2'd2};
        cur_p     <= c_prefix;
        cur_fstar <= cmd_r ^ c_lstar;
        cur_ftag  <= cmd_r ^ (cmd_star ? c_lstar : 128'd0) ^ c_ldollar;
        cur_usel  <= cmd_ksel[N];
        cur_lkeep <= cmd_lkeep;
        cur_star  <= cmd_star;
        cur_user  <= cmd_user;
    end
end

// ------------------------------------------------------------------ outputs
wire [127:0] l_last = cur_usel ? l_rd_data : 128'd0;
integer r;
always @(posedge clk) begin
    if (rst)
        m_valid <= 1'b0;
    else if (out_free)
        m_valid <= cur_valid;
    if (out_free && cur_valid) begin
        for (r = 0; r < N - 1; r = r + 1)
            m_offset[128*r +: 128] <= cur_off ^ cur_p[128*(r+1) +: 128];
        m_offset[128*(N-1) +: 128] <= cur_off ^ cur_p[128*(N-1) +: 128] ^ l_rd_data;
        m_keep        <= cur_last ? cur_lkeep : {N{1'b1}};
        m_last        <= cur_last;
        m_star        <= cur_last && cur_star;
        m_offset_star <= cur_off ^ cur_fstar ^ l_last;
        m_offset_tag  <= cur_off ^ cur_ftag ^ l_last;
        m_user        <= cur_user;
    end
end

endmodule

`default_nettype wire
