// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Output side of a never-stalling pipeline: a FIFO deep enough for everything in flight and a
// credit counter that admits a new item only while the FIFO can take it. The pipeline itself
// carries `valid` and has no enable, so no stall signal fans out into thousands of flops.
//
//   credit_ok  may admit an item this clock (combine with the core's own conditions)
//   admit      an item entered the pipeline this clock
//   pipe_*     the pipeline's output (LATENCY clocks after admit)
//   m_*        AXI-Stream style output
module lc_credit_fifo #(
    parameter WIDTH   = 128,
    parameter LATENCY = 21,     // admit -> pipe_valid, in clocks
    parameter BRAM    = 0,      // 1: the deep FIFO in block RAM (lc_fifo READ_REG=2), see below
    // derived
    parameter LANE_W  = (BRAM != 0) ? 36 : WIDTH,   // bits per lane (lc_credit_lane)
    parameter NL      = (WIDTH + LANE_W - 1) / LANE_W,
    parameter LANE_IN = (BRAM != 0) ? 2 : 0,        // transport registers in front of each lane
    parameter DEPTH   = 1 << $clog2(LATENCY + LANE_IN + 11),
    parameter CNT_W   = $clog2(DEPTH) + 1
) (
    input  wire             clk,
    input  wire             rst,

    output wire             credit_ok,
    input  wire             admit,

    input  wire             pipe_valid,
    input  wire [WIDTH-1:0] pipe_data,

    output wire [WIDTH-1:0] m_data,
    output wire             m_valid,
    input  wire             m_ready
);

// The counter sees admissions and reads from the deep FIFO D clocks late: each passes a chain of
// D flops, which the placer can spread between the input side, the output side and the counter
// (they may be a whole core apart), and credit_ok is a flop compared against the registered count
// (no adder in front of the compare). The count behind credit_ok therefore misses the admissions
// of the D + 1 clocks before, so with the one being admitted now the true occupancy is at most
// that count + D + 2, and admitting while it is < LIMIT = DEPTH - D - 1 never overflows the FIFO.
// Streaming at one item per clock, L + 1 (the FIFO) + 2D + 2 items are counted as in flight,
// where L = LATENCY + LANE_IN (the lanes' transport registers hold items too), so the stream
// never throttles while LIMIT >= L + 2D + 4, i.e. DEPTH >= L + 3D + 5. D is 2 where
// DEPTH = 2^ceil(log2(L + 11)) leaves no room
// for more, and up to 6 where the power-of-two rounding leaves slack (longer pipelines, whose
// two ends are further apart).
localparam integer D_FIT = (DEPTH - LATENCY - LANE_IN - 5) / 3;
localparam integer D     = (D_FIT > 6) ? 6 : ((D_FIT < 2) ? 2 : D_FIT);
localparam integer LIMIT_I = DEPTH - D - 1;
localparam [CNT_W-1:0] LIMIT = LIMIT_I[CNT_W-1:0];
reg  [CNT_W-1:0] occupancy;       // admitted and not yet read from the deep FIFO, as counted
reg              credit_q;
reg  [D-1:0]     admit_q, read_q;
wire             f_read;          // an item leaves the deep FIFO this clock

assign credit_ok = credit_q;

// +1, -1 or 0 as one operand: one carry chain, not an adder and a subtractor. The operand is a
// register (step_q), loaded from the chains' second-to-last flops, so it holds what
// admit_q[D-1] / read_q[D-1] would give in the same clock: the count is the same, and the carry
// chain starts at flops of its own instead of a LUT of the chains' last flops (Yosys takes the
// admission chain from the pipeline's valid flops, so that LUT would sit on a path from a
// round's valid flop; docs/timing.md, "Output FIFO and credit counter").
reg  [CNT_W-1:0] step_q;
// occupancy < LIMIT written bit by bit (the highest differing bit decides), so Yosys sees plain
// logic against a constant instead of a `<` it maps to a carry chain (occupancy -> carry chain
// -> credit_q is 8 logic levels).
reg occ_below;
integer ib;
always @* begin
    occ_below = 1'b0;                                  // equal so far: not below
    for (ib = 0; ib < CNT_W; ib = ib + 1)
        if (occupancy[ib] != LIMIT[ib]) occ_below = LIMIT[ib];   // a higher bit overrides
end
`ifndef SYNTHESIS
always @(posedge clk) if (!rst && occ_below !== (occupancy < LIMIT)) begin
    $display("%m: occ_below %b but occupancy %0d, LIMIT %0d", occ_below, occupancy, LIMIT);
    $fatal(1);
end
`endif

// The chains are their own (* keep *) block: otherwise Yosys merges each chain flop with any
// flop of the same input (read_q with the output stage's read pipeline, admit_q with the
// pipeline's valid chain), which pins the chain to the far end and puts the whole crossing
// back on one path (output stage -> occupancy in one long hop).
(* keep *) always @(posedge clk) begin
    admit_q <= rst ? {D{1'b0}} : {admit_q[D-2:0], admit};
    read_q  <= rst ? {D{1'b0}} : {read_q[D-2:0], f_read};
end
always @(posedge clk)
    step_q <= rst ? {CNT_W{1'b0}}
            : (admit_q[D-2] == read_q[D-2]) ? {CNT_W{1'b0}}
            : (admit_q[D-2] ? {{CNT_W-1{1'b0}}, 1'b1} : {CNT_W{1'b1}});
`ifndef SYNTHESIS
// Simulation check: step_q is the step admit_q[D-1] / read_q[D-1] give (armed by the first reset).
reg step_chk_armed;
initial step_chk_armed = 1'b0;
always @(posedge clk) if (rst) step_chk_armed <= 1'b1;
always @(posedge clk) if (!rst && step_chk_armed && step_q !== ((admit_q[D-1] == read_q[D-1]) ? {CNT_W{1'b0}}
                                 : (admit_q[D-1] ? {{CNT_W-1{1'b0}}, 1'b1} : {CNT_W{1'b1}}))) begin
    $display("%m: step_q %0d but admit_q[D-1] %b read_q[D-1] %b", step_q, admit_q[D-1], read_q[D-1]);
    $fatal(1);
end
`endif
always @(posedge clk) begin
    occupancy <= occupancy + step_q;
    credit_q  <= occ_below;
    if (rst) begin
        occupancy <= {CNT_W{1'b0}};
        credit_q  <= 1'b0;
    end
end

`ifndef SYNTHESIS
// Simulation check of the pipeline's declared LATENCY: pipe_valid must be admit delayed by
// exactly LATENCY clocks. (Throughput and overflow safety would survive a wrong value, but the
// key-slot drain that lets a key reload wait for blocks in flight would not.) Armed by the
// first reset; items in flight at a reset are dropped by the pipeline's valid chain too.
reg [LATENCY-1:0] lat_chk;        // lat_chk[k]: admit k + 1 clocks ago
reg               lat_armed;
initial lat_armed = 1'b0;
always @(posedge clk) begin
    lat_chk <= (lat_chk << 1) | {{LATENCY-1{1'b0}}, admit};
    if (rst) begin
        lat_chk   <= {LATENCY{1'b0}};
        lat_armed <= 1'b1;
    end else if (lat_armed && pipe_valid !== lat_chk[LATENCY-1]) begin
        $display("%m: pipe_valid %b, but admit %0d clocks ago was %b: LATENCY is wrong",
                 pipe_valid, LATENCY, lat_chk[LATENCY-1]);
        $fatal(1);
    end
end
`endif

// The deep FIFO, its read control and the output stage are lanes (lc_credit_lane): one for the
// whole item in distributed RAM (BRAM=0), one per block RAM with BRAM=1 (LANE_W = 36 bits, one
// DP16KD each on ECP5), each with LANE_IN transport registers of its own in front. The lanes get
// the same valid and m_ready and move in lockstep; lane 0 gives m_valid and the reads the
// counter sees.
wire [NL-1:0] lane_valid;
wire [NL-1:0] lane_read;
assign f_read  = lane_read[0];
assign m_valid = lane_valid[0];
genvar l;
generate
for (l = 0; l < NL; l = l + 1) begin : g_lane
    localparam integer LO = LANE_W * l;
    localparam integer W  = (WIDTH - LO < LANE_W) ? WIDTH - LO : LANE_W;
    /* verilator lint_off UNUSEDSIGNAL */
    wire lane_m_valid;
    /* verilator lint_on UNUSEDSIGNAL */
    lc_credit_lane #(.WIDTH(W), .DEPTH(DEPTH), .BRAM(BRAM), .IN_REG(LANE_IN),
                     .OS_SL_W(BRAM != 0 ? LANE_W : 32)) u_lane (
        .clk(clk), .rst(rst),
        .pipe_valid(pipe_valid), .pipe_data(pipe_data[LO +: W]), .f_read(lane_read[l]),
        .m_data(m_data[LO +: W]), .m_valid(lane_valid[l]), .m_ready(m_ready)
    );
end
endgenerate

`ifndef SYNTHESIS
// Simulation check: the lanes move in lockstep (armed by the first reset).
reg lane_chk_armed;
initial lane_chk_armed = 1'b0;
always @(posedge clk) begin
    if (rst) lane_chk_armed <= 1'b1;
    else if (lane_chk_armed && (lane_valid !== {NL{lane_valid[0]}} || lane_read !== {NL{lane_read[0]}})) begin
        $display("%m: lanes out of step: m_valid %b, reads %b", lane_valid, lane_read);
        $fatal(1);
    end
end
`endif

endmodule

`default_nettype wire
