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

// Four-entry output stage in flops, written in rotation. Every entry's write enable is a flop
// (one copy per 32 bits), decoded a clock ahead from the deep-FIFO read (f_read_q), so no
// enable net is a LUT output fanning out to WIDTH flops; the read pointer has one copy per 32
// bits too. m_ready reaches only the read pointers and the stage's count, never the deep FIFO.
// m_valid is a flop, m_data a 4:1 mux after flops.
localparam integer SL_W = 32;
localparam integer NSL  = (WIDTH + SL_W - 1) / SL_W;
reg  [1:0]     o_wp;              // entry written next
reg  [2:0]     o_cnt;             // entries held (0..4)
reg            o_valid;           // o_cnt != 0
wire           o_take = o_valid && m_ready;
wire [1:0]     o_wp_at = o_wp + {1'b0, f_data_valid};   // entry the next written item takes
wire [2:0]     o_cnt_nx = o_cnt + {2'b00, f_data_valid} - {2'b00, o_take};

assign m_valid = o_valid;

always @(posedge clk) begin
    o_wp    <= o_wp_at;
    o_cnt   <= o_cnt_nx;
    o_valid <= (o_cnt_nx != 3'd0);
    if (rst) begin
        o_wp    <= 2'd0;
        o_cnt   <= 3'd0;
        o_valid <= 1'b0;
    end
end

genvar k, e;
generate
for (k = 0; k < NSL; k = k + 1) begin : g_oslice
    localparam integer LO = SL_W * k;
    localparam integer W  = (WIDTH - LO < SL_W) ? WIDTH - LO : SL_W;
    (* keep *) reg [3:0] we_q;    // entry e is written this clock (f_data_valid && o_wp == e)
    (* keep *) reg [1:0] rp_q;    // entry read next
    reg [W-1:0] ent [0:3];
    always @(posedge clk) begin
        we_q <= f_read_q ? (4'd1 << o_wp_at) : 4'd0;
        rp_q <= rp_q + {1'b0, o_take};
        if (rst) begin
            we_q <= 4'd0;
            rp_q <= 2'd0;
        end
    end
    for (e = 0; e < 4; e = e + 1) begin : g_ent
        always @(posedge clk) if (we_q[e]) ent[e] <= f_data[LO +: W];
    end
    assign m_data[LO +: W] = ent[rp_q];
end
endgenerate

endmodule

`default_nettype wire
