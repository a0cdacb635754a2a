// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Everything a LineCrypt block-cipher core has around its pipeline, in one place:
//   key slots  (lc_key_slot_ctrl: key commands, drain, slot_valid / slot_loading)
//   admission  s_axis_tready = credit_ok && the block's slot is not being loaded
//   sideband   meta = {err, tuser}; err = the block names a slot that holds no key
//   output     lc_credit_fifo (deep FIFO + credit counter + registered output stage); a block
//              with err set leaves with all-zero data and m_axis_terr = 1 (status, never a hang)
//   OUT_REG=N  N transport registers between the pipeline's last register and the FIFO (+N
//              clocks): the FIFO may sit far from the last round (the placer puts it where the
//              distributed RAM fits) without that distance on one path; the zeroing of error
//              blocks is one LUT (data AND NOT err) in front of the first register (OUT_REG=1)
//              or of the second (OUT_REG>=2), where the first register holds one copy of err
//              per 16 data bits, so no single flop drives all 128 LUTs
//   OUT_BRAM=1 the output FIFO's storage in block RAM (lc_credit_fifo BRAM=1: on ECP5 one
//              DP16KD per 36 bits), out of the distributed-RAM sites the round keys fill
// The core instantiates its key-expansion unit on kx_* and its pipeline between pipe_in_* and
// pipe_out_*. The pipeline carries valid, slot and meta next to the data and never stalls:
// pipe_out_* must appear exactly LATENCY clocks after pipe_in_valid.
//
// One reset net. rst clears every flop of the AES cores and of the bricks around them (this
// shell, lc_credit_fifo / lc_credit_lane / lc_fifo, lc_key_slot_ctrl, lc_round_key_mem,
// lc_lut8, aes_*), data registers too, although only the valid and control flops need it; and
// no other net is a flop's synchronous set/reset where it can be avoided (the error zeroing
// below is a LUT, not a clear). Why: nextpnr-ecp5 places a flop only in a logic tile whose
// flops all share one clock and one LSR (set/reset) net. With the data flops unreset (LSR
// tied low) and the control flops on rst, no control flop could share a tile with data flops,
// so the placer would push the control flops out of the data path into tiles of their own,
// with long hops on the control paths (docs/timing.md, "One reset net (LSR)", for the
// measurements). Write resets as `rst ? 0 : x`
// (Yosys maps that to the LSR pin; `!rst && x` stays a LUT input); `linecrypt synth` maps the
// resets of (* keep *) flops too (linecrypt/flows/synth.py). Memory contents (distributed and
// block RAM) are not flops and are not cleared. rst then fans out to
// every flop: hold it for at least one clock, and drive it from a global or a pipelined tree in
// a design that times it (out of context it is a port, untimed).
module lc_block_shell #(
    parameter BLOCK_BITS = 128,
    parameter KEY_BITS   = 128,
    parameter NSLOTS     = 4,
    parameter USER_WIDTH = 8,
    parameter LATENCY    = 21,      // pipe_in_valid -> pipe_out_valid, in clocks
    parameter OUT_REG    = 0,       // 0..3 transport registers pipe_out_* -> FIFO (+1 clock each)
    parameter OUT_BRAM   = 0,       // 1: output FIFO storage in block RAM
    // derived
    parameter SLOT_W     = (NSLOTS > 1) ? $clog2(NSLOTS) : 1,
    parameter META_W     = USER_WIDTH + 1
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire [KEY_BITS-1:0]   s_key_tdata,
    input  wire [SLOT_W-1:0]     s_key_slot,
    input  wire                  s_key_tvalid,
    output wire                  s_key_tready,

    input  wire [BLOCK_BITS-1:0] s_axis_tdata,
    input  wire [SLOT_W-1:0]     s_axis_tslot,
    input  wire [USER_WIDTH-1:0] s_axis_tuser,
    input  wire                  s_axis_tvalid,
    output wire                  s_axis_tready,

    output wire [BLOCK_BITS-1:0] m_axis_tdata,
    output wire [USER_WIDTH-1:0] m_axis_tuser,
    output wire                  m_axis_terr,
    output wire                  m_axis_tvalid,
    input  wire                  m_axis_tready,

    output wire [NSLOTS-1:0]     slot_valid,
    output wire [NSLOTS-1:0]     slot_loading,

    // the core's key-expansion unit (reads kx_key in place while busy)
    output wire                  kx_start,
    output wire [SLOT_W-1:0]     kx_slot,
    output wire [KEY_BITS-1:0]   kx_key,
    input  wire                  kx_busy,

    // the core's pipeline
    output wire                  pipe_in_valid,
    output wire [SLOT_W-1:0]     pipe_in_slot,
    output wire [META_W-1:0]     pipe_in_meta,
    output wire [BLOCK_BITS-1:0] pipe_in_data,
    input  wire                  pipe_out_valid,
    input  wire [META_W-1:0]     pipe_out_meta,
    input  wire [BLOCK_BITS-1:0] pipe_out_data
);

// DRAIN covers the blocks in flight before a load and the round-key writes travelling down
// the pipeline after the expansion (each core's write bus is shorter than LATENCY + 1).
lc_key_slot_ctrl #(.KEY_BITS(KEY_BITS), .NSLOTS(NSLOTS), .DRAIN(LATENCY + 1)) u_slots (
    .clk(clk), .rst(rst),
    .s_key_tdata(s_key_tdata), .s_key_slot(s_key_slot), .s_key_tvalid(s_key_tvalid),
    .s_key_tready(s_key_tready),
    .kx_start(kx_start), .kx_slot(kx_slot), .kx_key(kx_key), .kx_busy(kx_busy),
    .slot_valid(slot_valid), .slot_loading(slot_loading)
);

wire credit_ok;
assign s_axis_tready = credit_ok && !slot_loading[s_axis_tslot];

assign pipe_in_valid = s_axis_tvalid && s_axis_tready;
assign pipe_in_slot  = s_axis_tslot;
assign pipe_in_meta  = {!slot_valid[s_axis_tslot], s_axis_tuser};
assign pipe_in_data  = s_axis_tdata;

generate
if (OUT_REG < 0 || OUT_REG > 3) begin : g_bad_out_reg
    $error("%m: OUT_REG must be 0..3");
end
endgenerate

wire out_err = pipe_out_meta[META_W-1];

// what enters the output FIFO: an error block's data is zeroed here
wire                  f_valid;
wire [META_W-1:0]     f_meta;
wire [BLOCK_BITS-1:0] f_data;

// Error zeroing with OUT_REG >= 2: the pipeline's err flop drives ERR_COPIES flops of the first
// transport register (each its own (* keep *) block, or Yosys merges them), and each copy zeroes
// its ERR_GROUP data bits in front of the second. With the zeroing in front of the first register
// the one err flop would drive 128 LUTs spread over the data path, a long hop before one LUT
// level (docs/timing.md, "Transport registers").
localparam integer ERR_GROUP  = 16;
localparam integer ERR_COPIES = (BLOCK_BITS + ERR_GROUP - 1) / ERR_GROUP;

generate
if (OUT_REG >= 1) begin : g_out_reg
    reg                  t_valid [0:OUT_REG-1];
    reg [META_W-1:0]     t_meta  [0:OUT_REG-1];
    reg [BLOCK_BITS-1:0] t_data  [0:OUT_REG-1];
    // what enters t_data[1] (OUT_REG >= 2) or t_data[0] (OUT_REG = 1): zeroed on error. The
    // zeroing is a LUT per data bit, not the flops' synchronous clear: err as their LSR net kept
    // these 128 flops out of every tile with other flops (see "One reset net")
    wire [BLOCK_BITS-1:0] z_data;
    integer i;
    always @(posedge clk) begin
        t_valid[0] <= pipe_out_valid;
        t_meta[0]  <= pipe_out_meta;
        t_data[0]  <= (OUT_REG >= 2) ? pipe_out_data : z_data;
        for (i = 1; i < OUT_REG; i = i + 1) begin
            t_valid[i] <= t_valid[i-1];
            t_meta[i]  <= t_meta[i-1];
            t_data[i]  <= (i == 1) ? z_data : t_data[i-1];
        end
        if (rst) for (i = 0; i < OUT_REG; i = i + 1) begin
            t_valid[i] <= 1'b0;
            t_meta[i]  <= {META_W{1'b0}};
            t_data[i]  <= {BLOCK_BITS{1'b0}};
        end
    end
    genvar g;
    for (g = 0; g < ERR_COPIES; g = g + 1) begin : g_err
        localparam integer LO = ERR_GROUP * g;
        localparam integer W  = (BLOCK_BITS - LO < ERR_GROUP) ? BLOCK_BITS - LO : ERR_GROUP;
        if (OUT_REG >= 2) begin : g_copy
            reg err_q;                  // a copy of t_meta[0][META_W-1]
            (* keep *) always @(posedge clk) err_q <= rst ? 1'b0 : out_err;
            assign z_data[LO +: W] = t_data[0][LO +: W] & {W{!err_q}};
        end else begin : g_same
            assign z_data[LO +: W] = pipe_out_data[LO +: W] & {W{!out_err}};
        end
    end
    assign f_valid = t_valid[OUT_REG-1];
    assign f_meta  = t_meta[OUT_REG-1];
    assign f_data  = t_data[OUT_REG-1];
end else begin : g_out_direct
    assign f_valid = pipe_out_valid;
    assign f_meta  = pipe_out_meta;
    assign f_data  = out_err ? {BLOCK_BITS{1'b0}} : pipe_out_data;
end
endgenerate

lc_credit_fifo #(.WIDTH(BLOCK_BITS + META_W), .LATENCY(LATENCY + OUT_REG), .BRAM(OUT_BRAM)) u_out (
    .clk(clk), .rst(rst),
    .credit_ok(credit_ok), .admit(pipe_in_valid),
    .pipe_valid(f_valid),
    .pipe_data({f_meta, f_data}),
    .m_data({m_axis_terr, m_axis_tuser, m_axis_tdata}),
    .m_valid(m_axis_tvalid), .m_ready(m_axis_tready)
);

endmodule

`default_nettype wire
