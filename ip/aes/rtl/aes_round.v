// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// One pipelined AES round with its own round-key memory (one entry per key slot), or
// (RK_EXT = 1) with none, taking its key from another round in lock step.
//
// State byte order (FIPS-197 3.4): state[127:120] is byte 0 = s[0,0], state[119:112] is
// s[1,0], ..., state[7:0] is byte 15 = s[3,3]; column c is state[127-32c -: 32].
//
// KIND = 0  initial round: out = in ^ rk                       (1 register stage)
// KIND = 1  middle round:  out = L(SubBytes(in)) ^ rk           (STAGES register stages)
// KIND = 2  final round:   out = ShiftRows(SubBytes(in)) ^ rk   (STAGES register stages)
// where L = MixColumns(ShiftRows(.)); with DECRYPT=1 the inverse functions are used and the
// memory holds equivalent-inverse-cipher keys (FIPS-197 5.3.5, InvMixColumns applied at load).
//
// STAGES = 1  SubBytes, ShiftRows, MixColumns, AddRoundKey in one stage
// STAGES = 2  SubBytes | ShiftRows+MixColumns+AddRoundKey           (seed 002 Fig. 5a)
// STAGES = 3  S-box sub-tables | select | ShiftRows+MixColumns+AddRoundKey (seed 002 3.3, aes_sbox REG = 1);
//             the initial round registers its input and its key read: in | in ^ rk (2 stages)
//
// The round key is read from the slot memory addressed by the slot the block carries, so
// consecutive blocks may use different slots at no cost. Middle and final rounds read it one
// clock ahead and register it, so AddRoundKey sees a flop, not a distributed-RAM read: with
// STAGES >= 2 by the slot entering the last register before AddRoundKey, with STAGES = 1 by the
// slot the previous round is registering (in_slot_next, its out_slot_next). Slot reloads wait
// DRAIN clocks after the last key write (lc_key_slot_ctrl), so an early read never sees a key
// being replaced. The pipe never
// stalls: valid and the sideband (slot, meta) travel with the data. Every flop is reset by
// rst, although only valid needs it: see "One reset net" in lc_block_shell.v.
//
// Key writes travel along the chain of rounds (kw_* in, kwo_* out, one register per round) so
// no net runs from the key-expansion unit to every round's memory across the chip. A round
// takes the write whose kw_pos equals its POS.
//
// COPIES > 1 duplicates the round's output register (out_copies, each copy its own (* keep *)
// flops) and lets the next round's S-boxes read one copy per output-bit group (in_copies): an
// S-box input bit otherwise drives ~100 LUT inputs, a net the placer has to stretch between two
// rounds. COPIES = 1: out_copies == out_state and in_copies must equal in_state.
//
// MIX_REG = 1 (encrypt, middle rounds) splits MixColumns in two halves with a register between
// (aes_mix_column_split): ShiftRows + the first half | the second half + AddRoundKey, one
// LUT4 level each instead of two. One more clock per middle round; the round key is then read
// by the slot entering that register.
//
// LINK = 1 adds a transport register after AddRoundKey (not after the final round): the
// AddRoundKey register stays next to MixColumns and the output register (and its copies) next to
// the next round's S-boxes, so the hop between two rounds is a path with no logic on it. One
// more clock per round; function unchanged. With STAGES = 2 or 3 it also adds one between the
// S-box register and ShiftRows (middle and final rounds): ShiftRows sends every byte to another
// column, a hop of up to ~40 tiles after the S-box; without the register that hop starts the
// S-box register -> MixColumns + AddRoundKey path (docs/timing.md, "Transport registers").
// One more clock.
// The round keeps its logic stages (STAGES = 2: SubBytes | ShiftRows + MixColumns +
// AddRoundKey); the link registers carry no logic.
//
// SBOX_BRAM = 1 (STAGES = 2, COPIES = 1; middle and final rounds) replaces the LUT S-boxes and
// the register after them by ROMs with a registered read: eight 256 x 8 memories per round, two
// S-boxes (bytes 2p and 2p+1) reading one memory, so synthesis puts each memory in one block
// RAM with one S-box on each of its two ports (ECP5: one DP16KD, eight per round; the memories
// carry a rom_style = "block" attribute). The read register is the RAM's address register, so
// the S-box output appears one clock after its input, the same latency as the LUT S-box and
// its register; the RAM's output is not reset (valid is), and its read has the RAM's
// clock-to-out without the output register.
//
// Key sharing between rounds in lock step (aes_core RK_EXT / RK_OUT, cipher_lanes): rk_used
// (RK_OUT = 1) is a_rk, the key AddRoundKey XORs on this clock (a flop for middle and final
// rounds and for the initial round with STAGES = 3; otherwise the initial round's memory read
// by in_slot). A round with RK_EXT = 1 has no key memory, no key register and no write-bus
// registers (kwo_* are 0): it XORs rk_in in place of a_rk, on the same clock. That is its own
// key whenever the round feeding rk_in holds, on every clock, a block of the same slot in the
// same stage and was written the same keys: rounds of lanes that get the same beats, slots and
// key loads on the same clocks. With RK_OUT = 0 rk_used is one constant bit, with RK_EXT = 0
// rk_in is one unused bit: a round that shares nothing has no 128-bit key port.
module aes_round #(
    parameter KIND    = 1,
    parameter DECRYPT = 0,
    parameter STAGES  = 2,
    parameter NSLOTS  = 4,
    parameter META_W  = 8,
    parameter POS     = 0,       // position in the pipeline (0 = initial AddRoundKey)
    parameter COPIES  = 1,       // S-box input register copies: 1, 2, 4 or 8
    parameter LINK    = 0,       // 1: transport register after AddRoundKey (initial and middle rounds)
    parameter MIX_REG = 0,       // 1: register between the MixColumns halves (encrypt, middle rounds)
    parameter SBOX_BRAM = 0,     // 1: S-boxes in block-RAM ROMs (STAGES = 2, COPIES = 1)
    parameter RK_EXT  = 0,       // 1: no key memory: the key comes on rk_in
    parameter RK_OUT  = 0,       // 1: rk_used carries the key this round uses
    // derived
    parameter SLOT_W  = (NSLOTS > 1) ? $clog2(NSLOTS) : 1,
    parameter RKI_W   = RK_EXT ? 128 : 1,
    parameter RKO_W   = RK_OUT ? 128 : 1
) (
    input  wire              clk,
    input  wire              rst,

    input  wire              in_valid,
    input  wire [SLOT_W-1:0] in_slot,
    /* verilator lint_off UNUSEDSIGNAL */   // read only by middle/final rounds with STAGES = 1
    input  wire [SLOT_W-1:0] in_slot_next,  // slot the previous round registers this clock
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [META_W-1:0] in_meta,
    /* verilator lint_off UNUSEDSIGNAL */    // in_state feeds the S-boxes only when COPIES == 1
    input  wire [127:0]      in_state,
    input  wire [128*COPIES-1:0] in_copies,   // copies of in_state (copy k feeds S-box bits j, j % COPIES == k)
    /* verilator lint_on UNUSEDSIGNAL */

    // round-key write bus (from the key-expansion unit or the previous round)
    input  wire              kw_en,
    input  wire              kw_hit,     // kw_en && kw_pos == POS (see lc_round_key_mem)
    input  wire [3:0]        kw_pos,
    input  wire [SLOT_W-1:0] kw_slot,
    input  wire [127:0]      kw_key,
    output wire              kwo_en,
    output wire              kwo_hit,
    output wire [3:0]        kwo_pos,
    output wire [SLOT_W-1:0] kwo_slot,
    output wire [127:0]      kwo_key,

    // shared round key (see the header): rk_in is used with RK_EXT = 1 only
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [RKI_W-1:0]  rk_in,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire [RKO_W-1:0]  rk_used,

    output reg               out_valid,
    output reg  [SLOT_W-1:0] out_slot,
    output wire [SLOT_W-1:0] out_slot_next, // slot this round registers this clock (into out_slot)
    output reg  [META_W-1:0] out_meta,
    output reg  [127:0]      out_state,
    output wire [128*COPIES-1:0] out_copies
);

generate
if (KIND < 0 || KIND > 2) begin : g_bad_kind
    $error("%m: KIND must be 0 (initial), 1 (middle) or 2 (final)");
end
if (STAGES < 1 || STAGES > 3) begin : g_bad_stages
    $error("%m: STAGES must be 1, 2 or 3");
end
if (COPIES != 1 && COPIES != 2 && COPIES != 4 && COPIES != 8) begin : g_bad_copies
    $error("%m: COPIES must be 1, 2, 4 or 8");
end
if (LINK != 0 && LINK != 1) begin : g_bad_link
    $error("%m: LINK must be 0 or 1");
end
if (MIX_REG != 0 && (MIX_REG != 1 || DECRYPT != 0)) begin : g_bad_mix_reg
    $error("%m: MIX_REG must be 0, or 1 with DECRYPT = 0 (InvMixColumns has no one-LUT split)");
end
if (SBOX_BRAM != 0 && (SBOX_BRAM != 1 || STAGES != 2 || COPIES != 1)) begin : g_bad_sbox_bram
    $error("%m: SBOX_BRAM must be 0, or 1 with STAGES = 2 and COPIES = 1");
end
if ((RK_EXT != 0 && RK_EXT != 1) || (RK_OUT != 0 && RK_OUT != 1)) begin : g_bad_rk
    $error("%m: RK_EXT and RK_OUT must be 0 or 1");
end
endgenerate

// a middle round with the MixColumns register: the round key is read one stage later
localparam MIXR = (MIX_REG == 1 && KIND == 1) ? 1 : 0;
// STAGES >= 2 with LINK = 1: transport register between the S-box register and ShiftRows
localparam SREG = (STAGES >= 2 && LINK == 1 && KIND != 0) ? 1 : 0;
// sideband registers in front of the ShiftRows/MixColumns stage (middle and final rounds)
localparam NSB  = STAGES - 1 + SREG;

// ---- round-key memory (one entry per slot) on the write bus, read asynchronously
// (initial round: in place; middle and final rounds: one clock ahead, then registered)
wire [SLOT_W-1:0] rk_rd_slot;
wire [127:0]      rk_rd;
wire [127:0]      rk_x;      // the shared key (RK_EXT = 1)
generate
if (RK_EXT == 0) begin : g_mem
    lc_round_key_mem #(.KEY_W(128), .NSLOTS(NSLOTS), .POS(POS), .POS_W(4)) u_keys (
        .clk(clk), .rst(rst),
        .kw_en(kw_en), .kw_hit(kw_hit), .kw_pos(kw_pos), .kw_slot(kw_slot), .kw_key(kw_key),
        .kwo_en(kwo_en), .kwo_hit(kwo_hit), .kwo_pos(kwo_pos), .kwo_slot(kwo_slot), .kwo_key(kwo_key),
        .rd_slot(rk_rd_slot), .rd_key(rk_rd)
    );
    assign rk_x = 128'd0;
end else begin : g_ext
    // no memory: the write bus ends here and the key registers below hold a constant
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_kw = kw_en ^ kw_hit ^ ^kw_pos ^ ^kw_slot ^ ^kw_key ^ ^rk_rd_slot;
    /* verilator lint_on UNUSEDSIGNAL */
    assign {kwo_en, kwo_hit, kwo_pos, kwo_slot, kwo_key} = {(134 + SLOT_W){1'b0}};
    assign rk_rd = 128'd0;
    assign rk_x  = rk_in;
end
endgenerate

// ---- the stage(s) before AddRoundKey: a_* is what enters the AddRoundKey stage
wire              a_valid;
wire [SLOT_W-1:0] a_slot;
wire [META_W-1:0] a_meta;
wire [127:0]      a_state;   // after SubBytes (or the raw input for KIND 0)
wire [127:0]      a_rk;      // round key for the block in the AddRoundKey stage

generate
if (KIND == 0) begin : g_init
    // STAGES = 3: input and key read registered (the key read by the slot entering the
    // register), so no path runs from the caller's slot register through the distributed RAM
    // into AddRoundKey. Other STAGES: in place (the flops drive nothing and synthesis removes them).
    /* verilator lint_off UNUSEDSIGNAL */
    reg              v0_q;
    reg [SLOT_W-1:0] s0_q;
    reg [META_W-1:0] m0_q;
    reg [127:0]      d0_q;
    reg [127:0]      rk0_q;
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge clk) begin
        v0_q  <= in_valid;
        s0_q  <= in_slot;
        m0_q  <= in_meta;
        d0_q  <= in_state;
        rk0_q <= rk_rd;
        if (rst) begin
            v0_q  <= 1'b0;
            s0_q  <= {SLOT_W{1'b0}};
            m0_q  <= {META_W{1'b0}};
            d0_q  <= 128'd0;
            rk0_q <= 128'd0;
        end
    end
    assign a_valid = (STAGES == 3) ? v0_q  : in_valid;
    assign a_slot  = (STAGES == 3) ? s0_q  : in_slot;
    assign a_meta  = (STAGES == 3) ? m0_q  : in_meta;
    assign a_state = (STAGES == 3) ? d0_q  : in_state;
    assign rk_rd_slot = in_slot;
    assign a_rk    = RK_EXT ? rk_x : (STAGES == 3) ? rk0_q : rk_rd;
end else begin : g_sub
    wire [127:0] sb;         // SubBytes, combinational (LUT S-boxes)
    /* verilator lint_off UNUSEDSIGNAL */   // read only with STAGES >= 2
    wire [127:0] sb_rom;     // SubBytes, registered read of the ROMs (SBOX_BRAM = 1)
    /* verilator lint_on UNUSEDSIGNAL */
    genvar b, k, j;
    if (SBOX_BRAM != 0) begin : g_rom
        // FIPS-197 S-box (5.1.1) or inverse S-box (5.3.2), byte x at [8x +: 8]
        // (linecrypt/models/aes.py: SBOX, INV_SBOX)
        localparam [2047:0] FWD = {
            256'h16bb54b00f2d99416842e6bf0d89a18cdf2855cee9871e9b948ed9691198f8e1,
            256'h9e1dc186b95735610ef6034866b53e708a8bbd4b1f74dde8c6b4a61c2e2578ba,
            256'h08ae7a65eaf4566ca94ed58d6d37c8e779e4959162acd3c25c2406490a3a32e0,
            256'hdb0b5ede14b8ee4688902a22dc4f816073195d643d7ea7c41744975fec130ccd,
            256'hd2f3ff1021dab6bcf5389d928f40a351a89f3c507f02f94585334d43fbaaefd0,
            256'hcf584c4a39becb6a5bb1fc20ed00d153842fe329b3d63b52a05a6e1b1a2c8309,
            256'h75b227ebe28012079a059618c323c7041531d871f1e5a534ccf73f362693fdb7,
            256'hc072a49cafa2d4adf04759fa7dc982ca76abd7fe2b670130c56f6bf27b777c63};
        localparam [2047:0] INV = {
            256'h7d0c2155631469e126d677ba7e042b17619953833cbbebc8b0f52aae4d3be0a0,
            256'hef9cc9939f7ae52d0d4ab519a97f51605fec8027591012b131c7078833a8dd1f,
            256'hf45acd78fec0db9a2079d2c64b3e56fc1bbe18aa0e62b76f89c5291d711af147,
            256'h6edf751ce837f9e28535ade72274ac9673e6b4f0cecff297eadc674f4111913a,
            256'h6b8a130103bdafc1020f3fca8f1e2cd00645b3b80558e4f70ad3bc8c00abd890,
            256'h849d8da75746155edab9edfd5048706c92b6655dcc5ca4d41698688664f6f872,
            256'h25d18b6d49a25b76b224d92866a12e084ec3fa420b954cee3d23c2a632947b54,
            256'hcbe9dec444438e3487ff2f9b8239e37cfbd7f3819ea340bf38a53630d56a0952};
        localparam [2047:0] TAB = DECRYPT ? INV : FWD;
        assign sb = 128'd0;
        for (b = 0; b < 16; b = b + 2) begin : g_pair
            (* rom_style = "block" *) reg [7:0] rom [0:255];
            reg [7:0] y0_q, y1_q;
            integer i;
            initial for (i = 0; i < 256; i = i + 1) rom[i] = TAB[8*i +: 8];
            always @(posedge clk) begin
                y0_q <= rom[in_state[127-8*b -: 8]];
                y1_q <= rom[in_state[119-8*b -: 8]];
            end
            assign sb_rom[127-8*b -: 16] = {y0_q, y1_q};
        end
    end else begin : g_lut
        assign sb_rom = 128'd0;
        for (b = 0; b < 16; b = b + 1) begin : g_byte
            // one S-box per input copy; copy k computes the output bits j with j % COPIES == k
            // (COPIES = 1: a single S-box on in_state)
            for (k = 0; k < COPIES; k = k + 1) begin : g_copy
                wire [7:0] x = (COPIES == 1) ? in_state[127-8*b -: 8] : in_copies[128*k + 127-8*b -: 8];
                /* verilator lint_off UNUSEDSIGNAL */
                wire [7:0] y;
                /* verilator lint_on UNUSEDSIGNAL */
                // only the output bits this copy feeds (j % COPIES == k)
                localparam [7:0] BITS = (COPIES == 1) ? 8'hff : (COPIES == 2) ? (8'h55 << k)
                                      : (COPIES == 4) ? (8'h11 << k) : (8'h01 << k);
                if (STAGES == 3) begin : g_split
                    // split S-box: sub-tables | register | select (aes_sbox REG = 1)
                    aes_sbox #(.INVERSE(DECRYPT), .BITS(BITS), .REG(1)) u_sbox (.clk(clk), .rst(rst), .x(x), .y(y));
                end else begin : g_full
                    aes_sbox #(.INVERSE(DECRYPT), .BITS(BITS)) u_sbox (.clk(clk), .rst(rst), .x(x), .y(y));
                end
                for (j = k; j < 8; j = j + COPIES) begin : g_bit
                    assign sb[120-8*b+j] = y[j];
                end
            end
        end
    end

    if (STAGES == 1) begin : g_s1
        reg [127:0] rk_q;
        always @(posedge clk) rk_q <= rst ? 128'd0 : rk_rd;
        assign a_valid = in_valid;
        assign a_slot  = in_slot;
        assign a_meta  = in_meta;
        assign a_state = sb;
        assign rk_rd_slot = MIXR ? in_slot : in_slot_next;
        assign a_rk    = RK_EXT ? rk_x : rk_q;
    end else begin : g_sn
        // NSB sideband registers: STAGES-1, plus SREG; STAGES==3 has one more register inside
        // the S-box.
        reg              v_q [0:NSB-1];
        reg [SLOT_W-1:0] s_q [0:NSB-1];
        reg [META_W-1:0] m_q [0:NSB-1];
        reg [127:0]      sb_q;
        /* verilator lint_off UNUSEDSIGNAL */
        reg [127:0]      sr_q;     // SREG: transport register after the S-box
        /* verilator lint_on UNUSEDSIGNAL */
        reg [127:0]      rk_q;
        // the slot of the block entering the last register before AddRoundKey
        if (MIXR) begin : g_rdm
            assign rk_rd_slot = s_q[NSB-1];
        end else if (NSB == 1) begin : g_rd2
            assign rk_rd_slot = in_slot;
        end else begin : g_rd3
            assign rk_rd_slot = s_q[NSB-2];
        end
        integer i;
        always @(posedge clk) begin
            v_q[0] <= in_valid;
            s_q[0] <= in_slot;
            m_q[0] <= in_meta;
            for (i = 1; i < NSB; i = i + 1) begin
                v_q[i] <= v_q[i-1];
                s_q[i] <= s_q[i-1];
                m_q[i] <= m_q[i-1];
            end
            sb_q <= sb;
            sr_q <= (SBOX_BRAM != 0) ? sb_rom : sb_q;
            rk_q <= rk_rd;
            if (rst) begin
                for (i = 0; i < NSB; i = i + 1) begin
                    v_q[i] <= 1'b0;
                    s_q[i] <= {SLOT_W{1'b0}};
                    m_q[i] <= {META_W{1'b0}};
                end
                sb_q <= 128'd0;
                sr_q <= 128'd0;
                rk_q <= 128'd0;
            end
        end
        assign a_valid = v_q[NSB-1];
        assign a_slot  = s_q[NSB-1];
        assign a_meta  = m_q[NSB-1];
        // STAGES==2: SubBytes registered here. STAGES==3: the sub-tables are registered inside
        // aes_sbox (REG = 1) and sb (the select) is registered here, then (SREG) once more.
        wire [127:0] sb_r = (SBOX_BRAM != 0) ? sb_rom : sb_q;
        assign a_state = SREG ? sr_q : sb_r;
        assign a_rk    = RK_EXT ? rk_x : rk_q;
    end
end
endgenerate

// ---- ShiftRows (or InvShiftRows) and MixColumns (or InvMixColumns)
wire [127:0] sr;
/* verilator lint_off UNUSEDSIGNAL */    // a middle round without MIX_REG computes ark directly
wire [127:0] lin;
/* verilator lint_on UNUSEDSIGNAL */
wire [127:0] ark;                        // lin ^ a_rk (AddRoundKey)
genvar c, r;
generate
for (c = 0; c < 4; c = c + 1) begin : g_col
    for (r = 0; r < 4; r = r + 1) begin : g_row
        // ShiftRows: s'[r][c] = s[r][(c + r) mod 4]; InvShiftRows: s[r][(c - r) mod 4].
        localparam SRC_C = DECRYPT ? ((c - r + 4) % 4) : ((c + r) % 4);
        assign sr[127-8*(r+4*c) -: 8] = a_state[127-8*(r+4*SRC_C) -: 8];
    end
    if (KIND == 1 && MIXR) begin : g_mix2
        // lin is one clock behind a_*: the sideband follows in g_mixreg
        aes_mix_column_split u_mix (.clk(clk), .rst(rst), .col(sr[127-32*c -: 32]), .out(lin[127-32*c -: 32]));
    end else if (KIND == 1) begin : g_mix
        // MixColumns and AddRoundKey in one module (each forward output bit one two-level XOR)
        aes_mix_column #(.INVERSE(DECRYPT)) u_mix (.col(sr[127-32*c -: 32]), .rk(a_rk[127-32*c -: 32]),
                                                   .out(ark[127-32*c -: 32]));
    end else begin : g_nomix
        assign lin[127-32*c -: 32] = (KIND == 0) ? a_state[127-32*c -: 32] : sr[127-32*c -: 32];
    end
    if (!(KIND == 1 && !MIXR)) begin : g_ark
        assign ark[127-32*c -: 32] = lin[127-32*c -: 32] ^ a_rk[127-32*c -: 32];
    end
end
endgenerate

// ---- what enters AddRoundKey (e_*): the a_* stage, or with MIXR the register between the
// MixColumns halves. a_rk is registered from a read by the slot entering that stage either way.
wire              e_valid;
wire [SLOT_W-1:0] e_slot;
wire [META_W-1:0] e_meta;
generate
if (MIXR) begin : g_mixreg
    reg              m_valid;
    reg [SLOT_W-1:0] m_slot;
    reg [META_W-1:0] m_meta;
    always @(posedge clk) begin
        m_valid <= a_valid;
        m_slot  <= a_slot;
        m_meta  <= a_meta;
        if (rst) begin
            m_valid <= 1'b0;
            m_slot  <= {SLOT_W{1'b0}};
            m_meta  <= {META_W{1'b0}};
        end
    end
    assign e_valid = m_valid;
    assign e_slot  = m_slot;
    assign e_meta  = m_meta;
end else begin : g_nomixreg
    assign e_valid = a_valid;
    assign e_slot  = a_slot;
    assign e_meta  = a_meta;
end
endgenerate

// ---- AddRoundKey stage, then (LINK = 1, not after the final round) the transport register.
// d_* is what enters the output register (out_*) and its copies.
wire              d_valid;
wire [SLOT_W-1:0] d_slot;
wire [META_W-1:0] d_meta;
wire [127:0]      d_state;
generate
if (LINK == 1 && KIND != 2) begin : g_link
    reg              ark_valid;
    reg [SLOT_W-1:0] ark_slot;
    reg [META_W-1:0] ark_meta;
    reg [127:0]      ark_state;
    always @(posedge clk) begin
        ark_valid <= e_valid;
        ark_slot  <= e_slot;
        ark_meta  <= e_meta;
        ark_state <= ark;
        if (rst) begin
            ark_valid <= 1'b0;
            ark_slot  <= {SLOT_W{1'b0}};
            ark_meta  <= {META_W{1'b0}};
            ark_state <= 128'd0;
        end
    end
    assign d_valid = ark_valid;
    assign d_slot  = ark_slot;
    assign d_meta  = ark_meta;
    assign d_state = ark_state;
end else begin : g_nolink
    assign d_valid = e_valid;
    assign d_slot  = e_slot;
    assign d_meta  = e_meta;
    assign d_state = ark;
end
endgenerate

assign out_slot_next = d_slot;
generate
if (RK_OUT != 0) begin : g_rk_out
    assign rk_used = a_rk;
end else begin : g_no_rk_out
    assign rk_used = 1'b0;
end
endgenerate

always @(posedge clk) begin
    out_valid <= d_valid;
    out_slot  <= d_slot;
    out_meta  <= d_meta;
    if (rst) begin
        out_valid <= 1'b0;
        out_slot  <= {SLOT_W{1'b0}};
        out_meta  <= {META_W{1'b0}};
    end
end
// its own (* keep *) block so synthesis never merges it with the copies below
(* keep *) always @(posedge clk) out_state <= rst ? 128'd0 : d_state;

// ---- copies of the output register for the next round's S-boxes (none after the final round)
genvar q;
generate
if (COPIES == 1 || KIND == 2) begin : g_one
    assign out_copies = {COPIES{out_state}};
end else begin : g_dup
    assign out_copies[127:0] = out_state;
    for (q = 1; q < COPIES; q = q + 1) begin : g_cp
        reg [127:0] cp;
        (* keep *) always @(posedge clk) cp <= rst ? 128'd0 : d_state;
        assign out_copies[128*q +: 128] = cp;
    end
end
endgenerate

endmodule

`default_nettype wire
