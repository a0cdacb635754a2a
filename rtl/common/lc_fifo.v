`default_nettype none
// Synchronous first-word-fall-through FIFO (AXI-Stream style handshakes).
// DEPTH must be a power of two. Storage is a plain memory with asynchronous read, which Yosys
// maps to ECP5 distributed RAM (TRELLIS_DPR16X4) or flops. Only the pointers are reset.
module lc_fifo #(
    parameter WIDTH = 8,
    parameter DEPTH = 16,
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

    output wire [ADDR_W:0]  count
);

generate
if (DEPTH < 2 || (DEPTH & (DEPTH - 1)) != 0) begin : g_bad_depth
    $error("%m: DEPTH must be a power of two >= 2");
end
endgenerate

reg [WIDTH-1:0] mem [0:DEPTH-1];
reg [ADDR_W:0]  wr_ptr, rd_ptr;

wire full  = (wr_ptr[ADDR_W] != rd_ptr[ADDR_W]) && (wr_ptr[ADDR_W-1:0] == rd_ptr[ADDR_W-1:0]);
wire empty = (wr_ptr == rd_ptr);

assign s_ready = !full;
assign m_valid = !empty;
assign m_data  = mem[rd_ptr[ADDR_W-1:0]];
assign count   = wr_ptr - rd_ptr;

always @(posedge clk) begin
    if (s_valid && !full) begin
        mem[wr_ptr[ADDR_W-1:0]] <= s_data;
        wr_ptr <= wr_ptr + 1'b1;
    end
    if (m_ready && !empty) begin
        rd_ptr <= rd_ptr + 1'b1;
    end
    if (rst) begin
        wr_ptr <= {ADDR_W+1{1'b0}};
        rd_ptr <= {ADDR_W+1{1'b0}};
    end
end

endmodule

`default_nettype wire
