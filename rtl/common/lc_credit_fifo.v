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
    // derived
    parameter DEPTH   = 1 << $clog2(LATENCY + 11),
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

// The counter sees admissions and deliveries D clocks late: each passes a chain of D flops,
// which the placer can spread between the input side, the output side and the counter (they may
// be a whole core apart), and credit_ok is a flop compared against the registered count (no adder
// in front of the compare). The count behind credit_ok therefore misses the admissions of the
// D + 1 clocks before, so with the one being admitted now the true occupancy is at most that
// count + D + 2, and admitting while it is < LIMIT = DEPTH - D - 1 never overflows the FIFO.
// Streaming at one item per clock, LATENCY + 1 (output stage) + 2D + 2 items are counted as in
// flight, so the stream never throttles while LIMIT >= LATENCY + 2D + 4, i.e.
// DEPTH >= LATENCY + 3D + 5. D is 2 where DEPTH = 2^ceil(log2(LATENCY + 11)) leaves no room
// for more, and up to 6 where the power-of-two rounding leaves slack (longer pipelines, whose
// two ends are further apart).
localparam integer D_FIT = (DEPTH - LATENCY - 5) / 3;
localparam integer D     = (D_FIT > 6) ? 6 : ((D_FIT < 2) ? 2 : D_FIT);
localparam integer LIMIT_I = DEPTH - D - 1;
localparam [CNT_W-1:0] LIMIT = LIMIT_I[CNT_W-1:0];
reg  [CNT_W-1:0] occupancy;       // admitted and not yet delivered, as counted
reg              credit_q;
reg  [D-1:0]     admit_q, fire_q;

assign credit_ok = credit_q;

always @(posedge clk) begin
    admit_q   <= {admit_q[D-2:0], admit};
    fire_q    <= {fire_q[D-2:0], m_valid && m_ready};
    occupancy <= occupancy + {{CNT_W-1{1'b0}}, admit_q[D-1]} - {{CNT_W-1{1'b0}}, fire_q[D-1]};
    credit_q  <= (occupancy < LIMIT);
    if (rst) begin
        admit_q   <= {D{1'b0}};
        fire_q    <= {D{1'b0}};
        occupancy <= {CNT_W{1'b0}};
        credit_q  <= 1'b0;
    end
end

// Credits guarantee room for every admitted item, so s_ready is never low when written.
/* verilator lint_off UNUSEDSIGNAL */
wire [CNT_W-1:0] fifo_count;
wire             fifo_ready;
wire [1:0]       out_count;
/* verilator lint_on UNUSEDSIGNAL */
wire [WIDTH-1:0] f_data;
wire             f_valid, f_ready;

lc_fifo #(.WIDTH(WIDTH), .DEPTH(DEPTH), .GUARD_WRITE(0)) u_fifo (
    .clk(clk), .rst(rst),
    .s_data(pipe_data), .s_valid(pipe_valid), .s_ready(fifo_ready),
    .m_data(f_data), .m_valid(f_valid), .m_ready(f_ready),
    .count(fifo_count)
);

// Two-entry output stage: its s_ready is a flop, so m_ready reaches only this small FIFO and
// never the deep FIFO's read pointer, RAM address and empty flag. One clock of latency; still
// one item per clock. Its two entries are extra room the credit count does not use. They are
// flops: the deep FIFO's bank mux feeds their D pins, and m_data is a 2:1 mux after them
// (m_valid and s_ready stay flops).
lc_fifo #(.WIDTH(WIDTH), .DEPTH(2)) u_skid (
    .clk(clk), .rst(rst),
    .s_data(f_data), .s_valid(f_valid), .s_ready(f_ready),
    .m_data(m_data), .m_valid(m_valid), .m_ready(m_ready),
    .count(out_count)
);

endmodule

`default_nettype wire
