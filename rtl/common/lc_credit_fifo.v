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
    parameter DEPTH   = 1 << $clog2(LATENCY + 4),
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

// credit_ok is a flop: it is computed from the previous clock's occupancy with a margin of one
// (at most one item is admitted per clock), so DEPTH >= LATENCY + 4 keeps full throughput.
localparam [CNT_W-1:0] LIMIT = DEPTH - 1;
reg  [CNT_W-1:0] occupancy;       // admitted and not yet delivered
reg              credit_q;
wire             out_fire = m_valid && m_ready;
wire [CNT_W-1:0] occ_next = occupancy + {{CNT_W-1{1'b0}}, admit} - {{CNT_W-1{1'b0}}, out_fire};

assign credit_ok = credit_q;

always @(posedge clk) begin
    occupancy <= occ_next;
    credit_q  <= (occ_next < LIMIT);
    if (rst) begin
        occupancy <= {CNT_W{1'b0}};
        credit_q  <= 1'b0;
    end
end

// Credits guarantee room for every admitted item, so s_ready is never low when written.
/* verilator lint_off UNUSEDSIGNAL */
wire [CNT_W-1:0] fifo_count;
wire             fifo_ready;
/* verilator lint_on UNUSEDSIGNAL */

lc_fifo #(.WIDTH(WIDTH), .DEPTH(DEPTH), .GUARD_WRITE(0)) u_fifo (
    .clk(clk), .rst(rst),
    .s_data(pipe_data), .s_valid(pipe_valid), .s_ready(fifo_ready),
    .m_data(m_data), .m_valid(m_valid), .m_ready(m_ready),
    .count(fifo_count)
);

endmodule

`default_nettype wire
