// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Synchronous first-word-fall-through FIFO (AXI-Stream style handshakes).
// DEPTH must be a power of two. Storage is a plain memory with asynchronous read: ECP5
// distributed RAM (TRELLIS_DPR16X4) from DEPTH 8 up, flops for DEPTH 2 and 4, where a LUTRAM
// would put its write-port slice (one more hop) in front of every bit and save almost nothing.
// Flop storage is written in place (s_data goes to the D pins, no mux), and m_data is a
// DEPTH:1 mux after the flops. Only the pointers are reset.
// `empty` and `full` are registered, so m_valid and s_ready come straight from flops.
// GUARD_WRITE=0 drops the full check from the write enable, for users that guarantee room by
// construction (lc_credit_fifo): the write enable is then s_valid itself. GUARD_READ=0 likewise
// drops the empty check from the read enable, for users that raise m_ready only while m_valid:
// the read enable is then m_ready itself. With m_valid_next (m_valid of the next clock, from the
// flag logic) such a user can register its m_ready, so every read-address select is one LUT
// after flops (lc_credit_fifo).
// READ_REG=1 (DEPTH >= 8) registers the read: the entry taken by a handshake (m_valid && m_ready)
// appears on m_data in the NEXT clock. The distributed RAM is split into banks of 16 entries
// (one TRELLIS_DPR16X4 deep), each bank's read is registered, and m_data is the bank select
// after those registers, so no path runs address -> RAM -> bank mux -> consumer.
// READ_REG=2 (8 <= DEPTH <= 512) keeps the entries in block RAM (lc_bram_sdp: on ECP5 one DP16KD
// per 36 bits, with its output register): the entry taken by a handshake appears on m_data two
// clocks later. Its placement does not compete with the distributed RAM of round-key memories,
// and the write enable is s_valid itself with GUARD_WRITE=0 (no LUT between flop and RAM).
module lc_fifo #(
    parameter WIDTH       = 8,
    parameter DEPTH       = 16,
    parameter GUARD_WRITE = 1,
    parameter GUARD_READ  = 1,
    parameter READ_REG    = 0,
    // derived
    parameter ADDR_W = $clog2(DEPTH)
) (
    input  wire             clk,
    input  wire             rst,

    input  wire [WIDTH-1:0] s_data,
    input  wire             s_valid,
    output wire             s_ready,

    output wire [WIDTH-1:0] m_data,
    output wire             m_valid,
    input  wire             m_ready,
    output wire             m_valid_next,   // m_valid in the next clock (combinational)

    output wire [ADDR_W:0]  count
);

generate
if (DEPTH < 2 || (DEPTH & (DEPTH - 1)) != 0) begin : g_bad_depth
    $error("%m: DEPTH must be a power of two >= 2");
end
if (READ_REG != 0 && !(READ_REG == 1 && DEPTH >= 8) && !(READ_REG == 2 && DEPTH >= 8 && DEPTH <= 512))
begin : g_bad_read_reg
    $error("%m: READ_REG must be 0, 1 with DEPTH >= 8, or 2 with 8 <= DEPTH <= 512");
end
endgenerate

// Pointers for the flags and the count, each also kept plus one, so the compares below are
// equalities of flops with no incrementer carry chain in front of them. The storage has its own
// address flops (distributed RAM: one copy per 32 data bits), so no pointer net fans out over
// the whole RAM; every copy is its own (* keep *) block so synthesis does not merge them back.
reg [ADDR_W:0]  wr_ptr, rd_ptr;
reg [ADDR_W:0]  wr_ptr1, rd_ptr1;         // wr_ptr + 1, rd_ptr + 1
reg             empty_q, full_q;
reg             multi_q;                  // count >= 2

wire do_wr = s_valid && (GUARD_WRITE == 0 || !full_q);
wire do_rd = m_ready && (GUARD_READ == 0 || !empty_q);
// the handshakes only select between registered values (no carry chain after them)
wire [ADDR_W:0] wr_next = do_wr ? wr_ptr1 : wr_ptr;
wire [ADDR_W:0] rd_next = do_rd ? rd_ptr1 : rd_ptr;

// Next flags with the late handshakes (do_wr, do_rd) entering only the last LUT: what they
// select depends on flops alone. One write alone can never empty the FIFO, one read alone never
// fills it, and a write with a read (or neither) keeps both flags.
// Not empty next: a write, or two or more held, or one or more held and no read: one LUT4 of
// flops and the handshakes (multi_q, count >= 2, is a flag of its own, moved by the handshakes
// between !empty_q and count >= 3, cnt_ge3 below). With a "count == 1" pointer compare in
// front of it (2-3 LUT levels), m_valid_next -> lc_credit_fifo's read enable would be 4-6
// levels (docs/results/experiments/credit-fifo-bram-a8e0200.json).
wire one_free  = (wr_ptr1 == {~rd_ptr[ADDR_W], rd_ptr[ADDR_W-1:0]});    // count == DEPTH-1
wire empty_nx  = !(do_wr || multi_q || (!empty_q && !do_rd));
// count >= 3 (multi_q's next value after a read alone) with no carry chain and no select behind
// the handshakes in its loop. Kept from two parts, both exact:
//   c_lo   the count mod 8: a 3-bit up/down count, each bit a small LUT of itself and the
//          handshakes;
//   ge5_l  "the count two clocks ago was >= 5", from the pointers through two registers
//          (diff_q <= wr_ptr - rd_ptr, then the compare), out of every loop.
// The count moves by at most one per clock, so with ge5_l the count is >= 3 now; without it the
// count is <= 6 and so equals c_lo. DEPTH <= 4: the count never exceeds 4, c_lo alone is exact.
// An up/down count (cnt_q -> carry chain -> select by the handshakes -> cnt_q) would be a loop
// of 5-9 logic levels, the worst path of the deep AES point (docs/timing.md, "Output FIFO and
// credit counter").
reg  [2:0] c_lo;
// c_lo + 1 / - 1 / + 0 written as plain logic: Yosys maps an adder to a carry chain
wire       c_up = do_wr && !do_rd;
wire       c_dn = do_rd && !do_wr;
wire [2:0] c_lo_nx = {c_lo[2] ^ ((c_up && c_lo[1] && c_lo[0]) || (c_dn && !c_lo[1] && !c_lo[0])),
                      c_lo[1] ^ ((c_up && c_lo[0]) || (c_dn && !c_lo[0])),
                      c_lo[0] ^ (c_up || c_dn)};
wire       ge5_l;
wire       cnt_ge3 = ge5_l || c_lo[2] || (c_lo[1] && c_lo[0]);
always @(posedge clk) c_lo <= rst ? 3'd0 : c_lo_nx;
generate
if (DEPTH <= 4) begin : g_ge5_none
    assign ge5_l = 1'b0;
end else begin : g_ge5_lag
    reg [ADDR_W:0] diff_q;                // count one clock ago (wr_ptr - rd_ptr, registered)
    reg            ge5_q;                 // count two clocks ago >= 5
    always @(posedge clk) begin
        diff_q <= rst ? {ADDR_W+1{1'b0}} : wr_ptr - rd_ptr;
        ge5_q  <= rst ? 1'b0 : (|diff_q[ADDR_W:3] || (diff_q[2] && (diff_q[1] || diff_q[0])));
    end
    assign ge5_l = ge5_q;
end
endgenerate
wire multi_nx  = (do_wr && !do_rd) ? !empty_q : ((do_rd && !do_wr) ? cnt_ge3 : multi_q);
wire full_nx   = (do_wr && !do_rd) ? one_free : ((do_rd && !do_wr) ? 1'b0 : full_q);

assign s_ready = !full_q;
assign m_valid = !empty_q;
assign m_valid_next = !empty_nx;
assign count   = wr_ptr - rd_ptr;         // for users that want it (off every loop here)

generate
if (DEPTH <= 4) begin : g_flops
    (* ram_style = "logic" *) reg [WIDTH-1:0] mem [0:DEPTH-1];
    always @(posedge clk) if (do_wr) mem[wr_ptr[ADDR_W-1:0]] <= s_data;
    assign m_data = mem[rd_ptr[ADDR_W-1:0]];
end else begin : g_ram
    // RAM storage in slices of SL_W data bits, each with its own copies of the pointers (one
    // (* keep *) block per slice), so no address net fans out over the whole width.
    //   READ_REG=2  block RAM (lc_bram_sdp), 36 bits per slice: one DP16KD each on ECP5.
    //   READ_REG=1  distributed RAM in banks of 16 entries, each bank's read registered, then
    //               a registered bank select: no path address -> RAM -> bank mux -> consumer.
    //   READ_REG=0  distributed RAM read asynchronously, never block RAM: an ECP5 EBR read
    //               without its output register is a 4.3 ns clock-to-out, too slow for the
    //               cores whose FIFO is 64+ deep.
    localparam integer SL_W = (READ_REG == 2) ? 36 : 32;
    localparam integer NSL  = (WIDTH + SL_W - 1) / SL_W;
    genvar k, b;
    for (k = 0; k < NSL; k = k + 1) begin : g_slice
        localparam integer LO = SL_W * k;
        localparam integer W  = (WIDTH - LO < SL_W) ? WIDTH - LO : SL_W;
        reg [ADDR_W-1:0] wa, ra;            // this slice's copies of wr_ptr, rd_ptr
        (* keep *) always @(posedge clk) begin
            wa <= rst ? {ADDR_W{1'b0}} : wr_next[ADDR_W-1:0];
            ra <= rst ? {ADDR_W{1'b0}} : rd_next[ADDR_W-1:0];
        end
        if (READ_REG == 2) begin : g_bram
            lc_bram_sdp #(.WIDTH(W), .DEPTH(DEPTH)) u_ram (
                .clk(clk), .we(do_wr), .wa(wa), .wd(s_data[LO +: W]), .ra(ra), .q(m_data[LO +: W])
            );
        end else if (READ_REG == 1) begin : g_banked
            localparam integer BANK  = (DEPTH < 16) ? DEPTH : 16;
            localparam integer NB    = DEPTH / BANK;
            localparam integer LO_W  = $clog2(BANK);
            localparam integer SEL_W = (NB > 1) ? $clog2(NB) : 1;
            wire [NB*W-1:0] bank_q;         // each bank's registered read at ra
            for (b = 0; b < NB; b = b + 1) begin : g_bank
                localparam [SEL_W-1:0] BI = b;
                wire wr_here;
                if (NB == 1) begin : g_one
                    assign wr_here = do_wr;
                end else begin : g_sel
                    assign wr_here = do_wr && (wa[ADDR_W-1:LO_W] == BI);
                end
                (* ram_style = "distributed" *) reg [W-1:0] mem [0:BANK-1];
                reg [W-1:0] q;
                always @(posedge clk) begin
                    if (wr_here) mem[wa[LO_W-1:0]] <= s_data[LO +: W];
                    q <= rst ? {W{1'b0}} : mem[ra[LO_W-1:0]];
                end
                assign bank_q[b*W +: W] = q;
            end
            if (NB == 1) begin : g_nosel
                assign m_data[LO +: W] = bank_q;
            end else begin : g_bsel
                reg [SEL_W-1:0] sel_q;      // the bank read in the previous clock
                always @(posedge clk) sel_q <= rst ? {SEL_W{1'b0}} : ra[ADDR_W-1:LO_W];
                assign m_data[LO +: W] = bank_q[sel_q*W +: W];
            end
        end else begin : g_lutram
            (* ram_style = "distributed" *) reg [W-1:0] mem [0:DEPTH-1];
            always @(posedge clk) if (do_wr) mem[wa] <= s_data[LO +: W];
            assign m_data[LO +: W] = mem[ra];
        end
    end
end
endgenerate

`ifndef SYNTHESIS
// Simulation check of the unguarded handshakes: a write into a full FIFO (GUARD_WRITE=0) or a
// read from an empty one (GUARD_READ=0) is the user's contract broken, not a FIFO state.
// And the flags and c_lo must agree with the pointers, and cnt_ge3 with the count (armed by the
// first reset).
localparam [ADDR_W:0] CNT_2 = 2;
localparam [ADDR_W:0] CNT_3 = 3;
wire [ADDR_W:0] chk_cnt = wr_ptr - rd_ptr;
/* verilator lint_off UNUSEDSIGNAL */
wire [31:0]     chk_cnt32 = {{(31 - ADDR_W){1'b0}}, chk_cnt};   // for its low 3 bits at any DEPTH
/* verilator lint_on UNUSEDSIGNAL */
reg cnt_chk_armed;
initial cnt_chk_armed = 1'b0;
always @(posedge clk) begin
    if (rst) cnt_chk_armed <= 1'b1;
    else if (cnt_chk_armed && (c_lo !== chk_cnt32[2:0] || multi_q !== (chk_cnt >= CNT_2)
                               || empty_q !== (chk_cnt == 0) || cnt_ge3 !== (chk_cnt >= CNT_3)
                               || (ge5_l && chk_cnt < CNT_3))) begin
        $display("%m: count mod 8 %0d multi %b empty %b ge3 %b but pointers %0d - %0d", c_lo,
                 multi_q, empty_q, cnt_ge3, wr_ptr, rd_ptr);
        $fatal(1);
    end
    if (!rst && GUARD_WRITE == 0 && s_valid && full_q) begin
        $display("%m: write while full (GUARD_WRITE=0)");
        $fatal(1);
    end
    if (!rst && GUARD_READ == 0 && m_ready && empty_q) begin
        $display("%m: read while empty (GUARD_READ=0)");
        $fatal(1);
    end
end
`endif

always @(posedge clk) begin
    wr_ptr  <= wr_next;
    rd_ptr  <= rd_next;
    wr_ptr1 <= do_wr ? wr_ptr1 + {{ADDR_W{1'b0}}, 1'b1} : wr_ptr1;
    rd_ptr1 <= do_rd ? rd_ptr1 + {{ADDR_W{1'b0}}, 1'b1} : rd_ptr1;
    empty_q <= empty_nx;
    multi_q <= multi_nx;
    full_q  <= full_nx;
    if (rst) begin
        wr_ptr  <= {ADDR_W+1{1'b0}};
        rd_ptr  <= {ADDR_W+1{1'b0}};
        wr_ptr1 <= {{ADDR_W{1'b0}}, 1'b1};
        rd_ptr1 <= {{ADDR_W{1'b0}}, 1'b1};
        empty_q <= 1'b1;
        multi_q <= 1'b0;
        full_q  <= 1'b0;
    end
end

endmodule

`default_nettype wire
