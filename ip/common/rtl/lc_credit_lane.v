// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// One lane of lc_credit_fifo's output side: the deep FIFO (storage, pointers, flags), its read
// control and the registered output stage, for WIDTH bits of the item. lc_credit_fifo runs one
// lane for the whole item (distributed RAM), or one lane per block RAM (BRAM=1: 36 bits each):
// the lanes see the same valid and m_ready and move in lockstep, and each keeps its own copies
// of every control flop, so no control net runs between block RAMs. The block RAMs sit in fixed
// rows and the placer spreads them across the die; with one output stage shared by all of them,
// its flags and entry enables would be the worst paths (docs/timing.md, "Output FIFO and credit
// counter").
//   IN_REG  transport registers (valid and data, the lane's own (* keep *) copies) in front of
//           the deep FIFO: the lane's block RAM may be far from the pipeline's end.
//   f_read  an item leaves the deep FIFO this clock (lc_credit_fifo's credit counter)
module lc_credit_lane #(
    parameter WIDTH   = 36,
    parameter DEPTH   = 128,     // power of two
    parameter BRAM    = 0,       // 1: the deep FIFO in block RAM (lc_fifo READ_REG=2)
    parameter IN_REG  = 0,       // 0..2 transport registers in front of the deep FIFO
    parameter OS_SL_W = 32,      // output-stage slice width (bits with their own control copies)
    // derived
    parameter CNT_W   = $clog2(DEPTH) + 1
) (
    input  wire             clk,
    input  wire             rst,

    input  wire             pipe_valid,
    input  wire [WIDTH-1:0] pipe_data,
    output wire             f_read,

    output wire [WIDTH-1:0] m_data,
    output wire             m_valid,
    input  wire             m_ready
);

generate
if (IN_REG < 0 || IN_REG > 2) begin : g_bad_in_reg
    $error("%m: IN_REG must be 0..2");
end
endgenerate

// ---- the lane's transport registers (valid reset, data not)
wire             in_valid;
wire [WIDTH-1:0] in_data;
generate
if (IN_REG == 0) begin : g_in_direct
    assign in_valid = pipe_valid;
    assign in_data  = pipe_data;
end else begin : g_in_reg
    reg             iv_q [0:IN_REG-1];
    reg [WIDTH-1:0] id_q [0:IN_REG-1];
    integer i, j;   // one loop variable per always block (a shared one has two drivers)
    // (* keep *): every lane gets the same valid, and Yosys would merge the lanes' copies
    (* keep *) always @(posedge clk) begin
        iv_q[0] <= rst ? 1'b0 : pipe_valid;
        for (i = 1; i < IN_REG; i = i + 1) iv_q[i] <= rst ? 1'b0 : iv_q[i-1];
    end
    always @(posedge clk) begin
        id_q[0] <= rst ? {WIDTH{1'b0}} : pipe_data;
        for (j = 1; j < IN_REG; j = j + 1) id_q[j] <= rst ? {WIDTH{1'b0}} : id_q[j-1];
    end
    assign in_valid = iv_q[IN_REG-1];
    assign in_data  = id_q[IN_REG-1];
end
endgenerate

// Deep FIFO with a registered read: in distributed RAM banks (BRAM=0, lc_fifo READ_REG=1) an
// item read in one clock is on f_data in the next (RL = 1); in block RAM (BRAM=1, READ_REG=2,
// one DP16KD per 36 bits on ECP5) two clocks later (RL = 2). It is written into the output stage
// then. Credits guarantee room for every admitted item, so the deep FIFO's s_ready is never low
// when written. Block RAM takes the FIFO out of the distributed-RAM sites that round-key memories
// fill: with BRAM=0 the placer can put a bank of it far from its write side (docs/timing.md,
// "Output FIFO and credit counter").
/* verilator lint_off UNUSEDSIGNAL */
wire [CNT_W-1:0] fifo_count;
wire             fifo_ready;
wire             f_valid;
/* verilator lint_on UNUSEDSIGNAL */
wire [WIDTH-1:0] f_data;
wire             f_valid_next;    // the deep FIFO holds an item in the next clock
localparam integer RL   = (BRAM != 0) ? 2 : 1;   // deep-FIFO read latency, clocks
localparam integer OS   = (BRAM != 0) ? 8 : 4;   // output-stage entries (>= RL + 3, see below)
localparam integer OS_W = $clog2(OS);
reg              f_read_q;        // read from the deep FIFO in this clock
/* verilator lint_off UNUSEDSIGNAL */
reg  [1:0]       f_rd_pipe;       // f_rd_pipe[i]: read i + 1 clocks ago (bit 1 unused if RL = 1)
/* verilator lint_on UNUSEDSIGNAL */
wire             f_data_valid = f_rd_pipe[RL-1];  // f_data holds an item read RL clocks ago
reg  [OS_W:0]    out_used;        // read from the deep FIFO and not yet delivered (<= OS)

assign f_read = f_read_q;

// The read enable is a flop (GUARD_READ=0: the deep FIFO trusts it), so its read-pointer and
// read-address selects are one LUT after flops, and m_ready (m_axis_tready) is on no path into
// it. Reads are issued only while the output stage is sure to have room: an item is counted in
// out_used from the clock after its read until delivered, and the next clock may read when
// out_used + (a read now) <= OS - 1, i.e. ignoring a delivery in this clock (that would need
// m_ready). So at most OS items are read and not delivered, and the stage never overflows.
// Streaming, an item is counted for RL + 1 clocks (RL in flight, one in the stage), so
// RL + 1 + 1 <= OS - 1 lets one item per clock flow: OS = 4 for RL = 1, 8 for RL = 2.
localparam integer  OS_M1_I = OS - 1;
localparam [OS_W:0] OS_M1 = OS_M1_I[OS_W:0];
wire may_read = (out_used == OS_M1) ? !f_read_q : (out_used < OS_M1);
reg  ov_used;                     // copy of o_valid for out_used (see the output stage)
// The deep FIFO reads on its own copy of the read enable (f_read_f): its pointers and flags sit
// at the FIFO, out_used and the read pipelines at the output stage, and one flop for both would
// make every FIFO-side path start with a long hop.
reg  f_read_f;
(* keep *) always @(posedge clk) f_read_f <= rst ? 1'b0 : (f_valid_next && may_read);
(* keep *) always @(posedge clk) begin
    f_read_q  <= f_valid_next && may_read;
    out_used  <= out_used + {{OS_W{1'b0}}, f_read_q} - {{OS_W{1'b0}}, ov_used && m_ready};
    if (rst) begin
        f_read_q  <= 1'b0;
        out_used  <= {OS_W+1{1'b0}};
    end
end
// kept apart from read_q (the same values): the output stage's copy stays at the output stage
(* keep *) always @(posedge clk) f_rd_pipe <= rst ? 2'b00 : {f_rd_pipe[0], f_read_q};

lc_fifo #(.WIDTH(WIDTH), .DEPTH(DEPTH), .GUARD_WRITE(0), .GUARD_READ(0), .READ_REG(RL)) u_fifo (
    .clk(clk), .rst(rst),
    .s_data(in_data), .s_valid(in_valid), .s_ready(fifo_ready),
    .m_data(f_data), .m_valid(f_valid), .m_ready(f_read_f), .m_valid_next(f_valid_next),
    .count(fifo_count)
);

// OS-entry output stage in flops, written in rotation. Every entry's write enable is a flop
// (one copy per 32 bits), decoded a clock ahead from the slice's copy of the deep-FIFO read pipeline,
// so no enable net is a LUT output fanning out to WIDTH flops; the read pointer has one copy
// per 32 bits too. The write position is one-hot and per slice (wp_oh: the entry the next item
// takes), so each enable is one LUT4 of four flops (item soon, item valid, two wp_oh bits);
// a binary pointer makes it a 5-input decode after an adder (3 LUT levels). A delivery
// (valid && m_ready) is decoded by every
// consumer from its own copy of o_valid (o_valid for the count, ov_used for out_used, ov_q in
// each slice for its read pointer): with one shared "take" LUT, the placer puts that LUT among
// the slices' read pointers, far from o_valid and the count (two long hops on one path).
// m_ready reaches only the read pointers,
// out_used and the stage's count, never the deep FIFO. m_valid is a flop, m_data an OS:1 mux
// after flops.
localparam integer SL_W = OS_SL_W;
localparam integer NSL  = (WIDTH + SL_W - 1) / SL_W;
reg  [OS_W:0]   o_cnt;            // entries held (0..OS)
reg             o_valid;          // o_cnt != 0
reg             o_multi;          // o_cnt >= 2
wire            o_take = o_valid && m_ready;
wire [OS_W:0]   o_cnt_nx = o_cnt + {{OS_W{1'b0}}, f_data_valid} - {{OS_W{1'b0}}, o_take};
localparam [OS_W:0] ONE = 1;

assign m_valid = o_valid;

// o_cnt_nx != 0, as one LUT4 of flops and m_ready: an arriving item makes it non-zero; else it
// stays non-zero with two or more held, or with one held and not delivered. Every copy of
// o_valid computes it from its own feedback (f_data_valid: the slice's copy).
(* keep *) always @(posedge clk) begin
    o_cnt   <= o_cnt_nx;
    o_multi <= (o_cnt_nx > ONE);
    o_valid <= f_data_valid || o_multi || (o_valid && !m_ready);
    if (rst) begin
        o_cnt   <= {OS_W+1{1'b0}};
        o_multi <= 1'b0;
        o_valid <= 1'b0;
    end
end
(* keep *) always @(posedge clk)
    ov_used <= rst ? 1'b0 : (f_data_valid || o_multi || (ov_used && !m_ready));

`ifndef SYNTHESIS
// Simulation check: every copy of o_valid equals it in every clock after the first reset.
reg ov_chk_armed;
initial ov_chk_armed = 1'b0;
always @(posedge clk) if (rst) ov_chk_armed <= 1'b1;
always @(posedge clk) if (ov_chk_armed && !rst && (ov_used !== o_valid || f_read_f !== f_read_q)) begin
    $display("%m: ov_used %b f_read_f %b but o_valid %b f_read_q %b", ov_used, f_read_f, o_valid, f_read_q);
    $fatal(1);
end
`endif

genvar k, e;
generate
for (k = 0; k < NSL; k = k + 1) begin : g_oslice
    localparam integer LO = SL_W * k;
    localparam integer W  = (WIDTH - LO < SL_W) ? WIDTH - LO : SL_W;
    // (* keep *) on the block, not the reg: that is what keeps Yosys from merging the copies
    reg [OS-1:0]   wp_oh;         // one-hot: the entry the next arriving item is written to
    reg [OS-1:0]   we_q;          // entry e is written this clock (f_data_valid && wp_oh[e])
    reg [OS_W-1:0] rp_q;          // entry read next (its own increment)
    reg [OS_W-1:0] rp_m;          // copy of rp_q: the select of the m_data mux. Separate flops so
                                  // abc9 cannot share a LUT between the mux decode and the
                                  // increment (such a LUT lands by the mux, far from the
                                  // counter)
    reg            ov_q;          // copy of o_valid
    /* verilator lint_off UNUSEDSIGNAL */
    reg [1:0]      rd_k;          // this slice's copy of f_rd_pipe (bit 1 unused if RL = 1)
    /* verilator lint_on UNUSEDSIGNAL */
    reg [W-1:0] ent [0:OS-1];
    // this slice's f_data_valid / f_data_soon: Yosys turns "soon ? wp_at : 0" into a synchronous
    // reset (LSR = rst | !soon); from a shared flop that is one LUT driving every slice's
    // enables (two long hops: f_data_soon -> that LUT -> we_q)
    wire          s_valid = rd_k[RL-1];
    wire          s_soon  = (RL == 1) ? f_read_q : rd_k[0];
    // wp_oh after this clock's arrival (if any): rotated by one when f_data_valid
    wire [OS-1:0] wp_at = s_valid ? {wp_oh[OS-2:0], wp_oh[OS-1]} : wp_oh;
    (* keep *) always @(posedge clk) begin
        rd_k  <= {rd_k[0], f_read_q};
        wp_oh <= wp_at;
        // an AND, not "s_soon ? wp_at : 0": Yosys makes that a synchronous clear with s_soon
        // in its LSR net, a net of its own (lc_block_shell.v, "One reset net")
        we_q  <= wp_at & {OS{s_soon}};
        rp_q  <= rp_q + {{OS_W-1{1'b0}}, ov_q && m_ready};
        ov_q  <= s_valid || o_multi || (ov_q && !m_ready);
        if (rst) begin
            ov_q  <= 1'b0;
            rd_k  <= 2'b00;
            wp_oh <= {{OS-1{1'b0}}, 1'b1};
            we_q  <= {OS{1'b0}};
            rp_q  <= {OS_W{1'b0}};
        end
    end
    // its own (* keep *) block, or Yosys merges it with rp_q (same input)
    (* keep *) always @(posedge clk)
        rp_m <= rst ? {OS_W{1'b0}} : rp_q + {{OS_W-1{1'b0}}, ov_q && m_ready};
`ifndef SYNTHESIS
    always @(posedge clk) if (ov_chk_armed && !rst && (ov_q !== o_valid || rd_k !== f_rd_pipe
                                                       || rp_m !== rp_q)) begin
        $display("%m: ov_q %b rd_k %b rp_m %b but o_valid %b f_rd_pipe %b rp_q %b", ov_q, rd_k, rp_m,
                 o_valid, f_rd_pipe, rp_q);
        $fatal(1);
    end
`endif
    for (e = 0; e < OS; e = e + 1) begin : g_ent
        always @(posedge clk)
            if (rst)          ent[e] <= {W{1'b0}};
            else if (we_q[e]) ent[e] <= f_data[LO +: W];
    end
    assign m_data[LO +: W] = ent[rp_m];
end
endgenerate

endmodule

`default_nettype wire
