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

// The counter sees admissions and reads from the deep FIFO D clocks late: each passes a chain of
// D flops, which the placer can spread between the input side, the output side and the counter
// (they may be a whole core apart), and credit_ok is a flop compared against the registered count
// (no adder in front of the compare). The count behind credit_ok therefore misses the admissions
// of the D + 1 clocks before, so with the one being admitted now the true occupancy is at most
// that count + D + 2, and admitting while it is < LIMIT = DEPTH - D - 1 never overflows the FIFO.
// Streaming at one item per clock, LATENCY + 1 (the FIFO) + 2D + 2 items are counted as in
// flight, so the stream never throttles while LIMIT >= LATENCY + 2D + 4, i.e.
// DEPTH >= LATENCY + 3D + 5. D is 2 where DEPTH = 2^ceil(log2(LATENCY + 11)) leaves no room
// for more, and up to 6 where the power-of-two rounding leaves slack (longer pipelines, whose
// two ends are further apart).
localparam integer D_FIT = (DEPTH - LATENCY - 5) / 3;
localparam integer D     = (D_FIT > 6) ? 6 : ((D_FIT < 2) ? 2 : D_FIT);
localparam integer LIMIT_I = DEPTH - D - 1;
localparam [CNT_W-1:0] LIMIT = LIMIT_I[CNT_W-1:0];
reg  [CNT_W-1:0] occupancy;       // admitted and not yet read from the deep FIFO, as counted
reg              credit_q;
reg  [D-1:0]     admit_q, read_q;
wire             f_read;          // an item leaves the deep FIFO this clock

assign credit_ok = credit_q;

always @(posedge clk) begin
    admit_q   <= {admit_q[D-2:0], admit};
    read_q    <= {read_q[D-2:0], f_read};
    occupancy <= occupancy + {{CNT_W-1{1'b0}}, admit_q[D-1]} - {{CNT_W-1{1'b0}}, read_q[D-1]};
    credit_q  <= (occupancy < LIMIT);
    if (rst) begin
        admit_q   <= {D{1'b0}};
        read_q    <= {D{1'b0}};
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

// Deep FIFO with a registered, banked read (lc_fifo READ_REG): an item read in one clock is on
// f_data in the next, and is written into the output stage then. Credits guarantee room for
// every admitted item, so the deep FIFO's s_ready is never low when written.
/* verilator lint_off UNUSEDSIGNAL */
wire [CNT_W-1:0] fifo_count;
wire             fifo_ready;
wire             f_valid;
wire [2:0]       out_count;
wire             out_ready;
wire             out_valid_next;
/* verilator lint_on UNUSEDSIGNAL */
wire [WIDTH-1:0] f_data;
wire             f_valid_next;    // the deep FIFO holds an item in the next clock
reg              f_read_q;        // read from the deep FIFO in this clock
reg              f_data_valid;    // f_data holds the item read in the previous clock
reg  [2:0]       out_used;        // read from the deep FIFO and not yet delivered (<= 4)

assign f_read = f_read_q;

// The read enable is a flop (GUARD_READ=0: the deep FIFO trusts it), so its read-pointer and
// read-address selects are one LUT after flops, and m_ready (m_axis_tready) is on no path into
// it. Reads are issued only while the output stage is sure to have room: an item is counted in
// out_used from the clock after its read until delivered, and the next clock may read when
// out_used + (a read now) <= 3, i.e. ignoring a delivery in this clock (that would need
// m_ready). So at most 4 items are read and not delivered; streaming, 2 are (one on f_data, one
// in the stage), so 2 + 1 <= 3 and one item per clock flows.
wire may_read = (out_used == 3'd3) ? !f_read_q : !out_used[2];
always @(posedge clk) begin
    f_read_q     <= f_valid_next && may_read;
    f_data_valid <= f_read_q;
    out_used     <= out_used + {2'b00, f_read_q} - {2'b00, m_valid && m_ready};
    if (rst) begin
        f_read_q     <= 1'b0;
        f_data_valid <= 1'b0;
        out_used     <= 3'd0;
    end
end

lc_fifo #(.WIDTH(WIDTH), .DEPTH(DEPTH), .GUARD_WRITE(0), .GUARD_READ(0), .READ_REG(1)) u_fifo (
    .clk(clk), .rst(rst),
    .s_data(pipe_data), .s_valid(pipe_valid), .s_ready(fifo_ready),
    .m_data(f_data), .m_valid(f_valid), .m_ready(f_read_q), .m_valid_next(f_valid_next),
    .count(fifo_count)
);

// Four-entry output stage in flops: m_ready reaches only this small FIFO and the out_used
// counter, never the deep FIFO's read pointer, RAM address and empty flag. m_valid is a flop,
// m_data a 4:1 mux after flops.
lc_fifo #(.WIDTH(WIDTH), .DEPTH(4), .GUARD_WRITE(0)) u_out (
    .clk(clk), .rst(rst),
    .s_data(f_data), .s_valid(f_data_valid), .s_ready(out_ready),
    .m_data(m_data), .m_valid(m_valid), .m_ready(m_ready), .m_valid_next(out_valid_next),
    .count(out_count)
);

endmodule

`default_nettype wire
