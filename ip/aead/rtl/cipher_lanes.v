// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// N lanes of aes_core or serpent_core in lock step: 128*LANES bits per clock, one key
// expansion for all of them.
//
// Lane q takes s_axis_tdata[128q +: 128] and gives m_axis_tdata[128q +: 128]; byte order per
// lane is the core's (byte 0 of a block at [127:120]). Every lane gets the same key loads,
// slots and beats on the same clocks, so their pipelines, credit counters and output FIFOs hold
// the same state: a beat enters all lanes at once (s_axis_tready is the AND of the lanes'), and
// leaves all lanes at once. Only lane 0 has a key-expansion unit; the others (KX_EXT = 1) take
// its key-load status (busy) from its round-key write bus.
//
// SHARE_RK = 1: only lane 0 has round-key memories. It exposes the key each round uses on each
// clock (RK_OUT = 1, rk_bus: (rounds + 1) x 128 bits, see aes_core.v / serpent_core.v), and
// lanes 1.. (RK_EXT = 1) XOR that key in their own rounds on the same clock, with no key
// memory, key register or write-bus register of their own. This is the key they would have read
// themselves: their memories would be written by the same bus on the same clocks, and in lock
// step the block in round r's key stage of lane q on a clock was admitted on the same clock as
// the one in lane 0's, with the same slot. Key-load status (slot_valid, slot_loading,
// s_key_tready) and the empty-slot error come from each lane's own shell either way.
// SHARE_RK = 0: every lane has its own memories, written from lane 0's write bus.
//
// tuser and terr ride in lane 0 only (the other lanes' sideband is one constant bit that
// synthesis removes). A beat naming an empty slot comes out with terr = 1 and zero data, as the
// cores do. Results leave in input order; LATENCY is the core's pipeline depth (the output FIFO
// adds a few clocks): a user that keeps per-beat state beside the lanes sizes its FIFO to at
// least LATENCY + 16 beats to keep one beat per clock.
module cipher_lanes #(
    parameter CIPHER      = 0,     // 0: AES (aes_core), 1: Serpent (serpent_core)
    parameter KEY_BITS    = 128,
    parameter DECRYPT     = 0,     // 1: inverse cipher lanes
    parameter LANES       = 4,     // 1 or more
    parameter NSLOTS      = 2,
    parameter USER_WIDTH  = 8,
    // core tuning, passed through (see aes_core.v / serpent_core.v)
    parameter STAGES      = (CIPHER == 0) ? 2 : 1,
    parameter SBOX_COPIES = 4,     // AES only
    parameter SBOX_BRAM   = 0,     // AES only (STAGES = 2, SBOX_COPIES = 1): S-boxes in block RAM
    parameter LINK_REG    = 0,     // AES only
    parameter MIX_REG     = 0,     // AES only
    parameter OUT_BRAM    = 0,
    parameter SHARE_RK    = 1,     // 1: lanes 1.. use lane 0's round keys (see above)
    // derived: do not override
    parameter SLOT_W      = (NSLOTS > 1) ? $clog2(NSLOTS) : 1,
    parameter AES_NR      = KEY_BITS / 32 + 6,
    /* verilator lint_off UNUSEDPARAM */   // read by users sizing state kept beside the lanes
    parameter LATENCY     = (CIPHER == 0)
        ? 1 + AES_NR * (STAGES + LINK_REG) + (AES_NR - 1) * MIX_REG
          + ((STAGES == 3) ? 1 : 0) + ((STAGES >= 2) ? AES_NR * LINK_REG : 0)
        : 1 + 32 * STAGES
    /* verilator lint_on UNUSEDPARAM */
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire [KEY_BITS-1:0]   s_key_tdata,
    input  wire [SLOT_W-1:0]     s_key_slot,
    input  wire                  s_key_tvalid,
    output wire                  s_key_tready,

    input  wire [128*LANES-1:0]  s_axis_tdata,
    input  wire [SLOT_W-1:0]     s_axis_tslot,
    input  wire [USER_WIDTH-1:0] s_axis_tuser,
    input  wire                  s_axis_tvalid,
    output wire                  s_axis_tready,

    output wire [128*LANES-1:0]  m_axis_tdata,
    output wire [USER_WIDTH-1:0] m_axis_tuser,
    output wire                  m_axis_terr,
    output wire                  m_axis_tvalid,
    input  wire                  m_axis_tready,

    output wire [NSLOTS-1:0]     slot_valid,
    output wire [NSLOTS-1:0]     slot_loading
);

generate
if (CIPHER != 0 && CIPHER != 1) begin : g_bad_cipher
    $error("%m: CIPHER must be 0 (AES) or 1 (Serpent)");
end
if (LANES < 1) begin : g_bad_lanes
    $error("%m: LANES must be at least 1");
end
if (SHARE_RK != 0 && SHARE_RK != 1) begin : g_bad_share
    $error("%m: SHARE_RK must be 0 or 1");
end
endgenerate

localparam integer KXB_W = (CIPHER == 0) ? 135 + SLOT_W : 42 + SLOT_W;
localparam integer SHARE = (SHARE_RK != 0 && LANES > 1) ? 1 : 0;
localparam integer RK_W  = 128 * ((CIPHER == 0) ? AES_NR + 1 : 33);   // every round's key

wire [LANES-1:0] key_ready, in_ready, out_valid;
/* verilator lint_off UNUSEDSIGNAL */     // lanes 1.. carry the same err as lane 0
wire [LANES-1:0] out_err;
/* verilator lint_on UNUSEDSIGNAL */
wire [KXB_W-1:0] kx_bus;
/* verilator lint_off UNUSEDSIGNAL */     // read by nobody when SHARE = 0
wire [RK_W-1:0]  rk_bus;                  // lane 0's round keys on this clock
/* verilator lint_on UNUSEDSIGNAL */
wire [NSLOTS-1:0] sv [0:LANES-1];
wire [NSLOTS-1:0] sl [0:LANES-1];

wire key_all = &key_ready;
wire in_all  = &in_ready;
wire out_all = &out_valid;

assign s_key_tready  = key_all;
assign s_axis_tready = in_all;
assign m_axis_tvalid = out_all;
assign m_axis_terr   = out_err[0];
assign slot_valid    = sv[0];
assign slot_loading  = sl[0];

genvar q;
generate
for (q = 0; q < LANES; q = q + 1) begin : g_lane
    localparam integer UW     = (q == 0) ? USER_WIDTH : 1;
    localparam integer RK_EXT = (q != 0 && SHARE != 0) ? 1 : 0;   // takes lane 0's keys
    localparam integer RK_OUT = (q == 0 && SHARE != 0) ? 1 : 0;   // gives them
    localparam integer RKI_W  = (RK_EXT != 0) ? RK_W : 1;
    localparam integer RKO_W  = (RK_OUT != 0) ? RK_W : 1;
    wire [UW-1:0]    user_in;
    wire [UW-1:0]    user_out;
    wire [KXB_W-1:0] bus_out;
    wire [RKI_W-1:0] rk_in;
    wire [RKO_W-1:0] rk_out;
    if (q == 0) begin : g_user0
        assign user_in      = s_axis_tuser;
        assign m_axis_tuser = user_out;
        assign kx_bus       = bus_out;
        if (SHARE != 0) begin : g_rk_give
            assign rk_bus = rk_out;
        end else begin : g_rk_own
            assign rk_bus = {RK_W{1'b0}};
            /* verilator lint_off UNUSEDSIGNAL */
            wire unused_rk = ^rk_out;
            /* verilator lint_on UNUSEDSIGNAL */
        end
    end else begin : g_user
        assign user_in = 1'b0;
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused = ^user_out ^ ^bus_out ^ ^rk_out;
        /* verilator lint_on UNUSEDSIGNAL */
    end
    if (RK_EXT != 0) begin : g_rk_take
        assign rk_in = rk_bus;
    end else begin : g_rk_mem
        assign rk_in = 1'b0;
    end
    if (CIPHER == 0) begin : g_aes
        aes_core #(.KEY_BITS(KEY_BITS), .DECRYPT(DECRYPT), .STAGES(STAGES), .NSLOTS(NSLOTS),
                   .USER_WIDTH(UW), .SBOX_COPIES(SBOX_COPIES), .LINK_REG(LINK_REG),
                   .MIX_REG(MIX_REG), .SBOX_BRAM(SBOX_BRAM), .OUT_BRAM(OUT_BRAM), .KX_EXT(q == 0 ? 0 : 1),
                   .RK_EXT(RK_EXT), .RK_OUT(RK_OUT)) u_core (
            .clk(clk), .rst(rst),
            .s_key_tdata(s_key_tdata), .s_key_slot(s_key_slot),
            .s_key_tvalid(s_key_tvalid && key_all), .s_key_tready(key_ready[q]),
            .s_axis_tdata(s_axis_tdata[128*q +: 128]), .s_axis_tslot(s_axis_tslot),
            .s_axis_tuser(user_in), .s_axis_tvalid(s_axis_tvalid && in_all),
            .s_axis_tready(in_ready[q]),
            .m_axis_tdata(m_axis_tdata[128*q +: 128]), .m_axis_tuser(user_out),
            .m_axis_terr(out_err[q]), .m_axis_tvalid(out_valid[q]),
            .m_axis_tready(m_axis_tready && out_all),
            .slot_valid(sv[q]), .slot_loading(sl[q]),
            .kx_bus(bus_out), .kx_bus_in(kx_bus),
            .rk_bus(rk_out), .rk_bus_in(rk_in)
        );
    end else begin : g_serpent
        serpent_core #(.KEY_BITS(KEY_BITS), .DECRYPT(DECRYPT), .STAGES(STAGES), .NSLOTS(NSLOTS),
                       .USER_WIDTH(UW), .OUT_BRAM(OUT_BRAM), .KX_EXT(q == 0 ? 0 : 1),
                       .RK_EXT(RK_EXT), .RK_OUT(RK_OUT)) u_core (
            .clk(clk), .rst(rst),
            .s_key_tdata(s_key_tdata), .s_key_slot(s_key_slot),
            .s_key_tvalid(s_key_tvalid && key_all), .s_key_tready(key_ready[q]),
            .s_axis_tdata(s_axis_tdata[128*q +: 128]), .s_axis_tslot(s_axis_tslot),
            .s_axis_tuser(user_in), .s_axis_tvalid(s_axis_tvalid && in_all),
            .s_axis_tready(in_ready[q]),
            .m_axis_tdata(m_axis_tdata[128*q +: 128]), .m_axis_tuser(user_out),
            .m_axis_terr(out_err[q]), .m_axis_tvalid(out_valid[q]),
            .m_axis_tready(m_axis_tready && out_all),
            .slot_valid(sv[q]), .slot_loading(sl[q]),
            .kx_bus(bus_out), .kx_bus_in(kx_bus),
            .rk_bus(rk_out), .rk_bus_in(rk_in)
        );
    end
end
endgenerate

`ifndef SYNTHESIS
// lock step: the lanes never disagree (a divergence is a bug in the lanes, not in the user)
integer li;
always @(posedge clk) begin
    if (!rst) begin
        for (li = 1; li < LANES; li = li + 1) begin
            if (in_ready[li] != in_ready[0] || out_valid[li] != out_valid[0]
                || key_ready[li] != key_ready[0])
                $display("%m: lane %0d left lock step at %0t", li, $time);
        end
    end
end
`endif

endmodule

`default_nettype wire
