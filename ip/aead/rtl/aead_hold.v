// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Release-hold buffer of the authenticated-encryption engines (docs/aead-interface.md, "Release
// policy"): a message's output beats leave only after its status word has arrived, and only
// when that status is OK; for any other status the beats are dropped and the status passes.
// With the engine's decryption output behind it, no byte of a message whose tag fails (or that
// was malformed) leaves the engine.
//
// The buffer holds DEPTH beats in block RAM, two messages of BYTES each: one drains while the
// next arrives. The engine caps its largest message to BYTES, so a whole message always fits
// and its status (which the engine gives only after the message's last beat) always comes.
//
// Streams: s_axis_* / s_sts_* from the engine, m_axis_* / m_sts_* to the user, same fields.
// s_sts_has_data says whether the message had output beats (a packet ended by tlast); a
// status without data passes in its place between the packets.
//
// How: beats are written at wp. Each packet's end (the address after its tlast) is queued when
// written; a status with data takes its packet's end as the commit pointer, so the reader only
// ever reads beats whose status is known. The statuses queue in order (decision FIFO); the
// reader streams the committed beats (RAM read registered, two-entry output queue), releases or
// drops the head status's packet, then gives the status. A status with data waits until its
// packet's tlast has been written.
module aead_hold #(
    parameter LANES = 4,
    parameter ID_W  = 8,
    parameter BYTES = 16384,       // the largest message (output bytes, tag beat included)
    // derived: do not override
    parameter BEATS  = (BYTES + 16 * LANES - 1) / (16 * LANES),
    parameter DEPTH  = 1 << $clog2(2 * BEATS),
    parameter AW     = $clog2(DEPTH)
) (
    input  wire                 clk,
    input  wire                 rst,

    input  wire [128*LANES-1:0] s_axis_tdata,
    input  wire [16*LANES-1:0]  s_axis_tkeep,
    input  wire                 s_axis_tlast,
    input  wire                 s_axis_ttag,
    input  wire [ID_W-1:0]      s_axis_tid,
    input  wire                 s_axis_tvalid,
    output wire                 s_axis_tready,

    input  wire [3:0]           s_sts_code,
    input  wire [ID_W-1:0]      s_sts_id,
    input  wire                 s_sts_has_data,
    input  wire                 s_sts_tvalid,
    output wire                 s_sts_tready,

    output wire [128*LANES-1:0] m_axis_tdata,
    output wire [16*LANES-1:0]  m_axis_tkeep,
    output wire                 m_axis_tlast,
    output wire                 m_axis_ttag,
    output wire [ID_W-1:0]      m_axis_tid,
    output wire                 m_axis_tvalid,
    input  wire                 m_axis_tready,

    output wire [3:0]           m_sts_code,
    output wire [ID_W-1:0]      m_sts_id,
    output wire                 m_sts_tvalid,
    input  wire                 m_sts_tready
);

localparam integer W = 128 * LANES + 16 * LANES + 2 + ID_W;

// ------------------------------------------------------------------ write side
reg  [AW:0] wp, rp;                 // rp: the next address the reader fetches
wire        full = (wp - rp) == DEPTH[AW:0];
wire        end_in_ready;
// a tlast beat also needs room in the packet-end queue
assign s_axis_tready = !full && (!s_axis_tlast || end_in_ready);
wire        wr = s_axis_tvalid && s_axis_tready;

reg [W-1:0] mem [0:DEPTH-1];
always @(posedge clk) if (wr) mem[wp[AW-1:0]] <= {s_axis_tdata, s_axis_tkeep, s_axis_tlast,
                                                  s_axis_ttag, s_axis_tid};

// packet ends not yet taken by their status, in order (16: the engine's statuses follow its
// packets closely; a full queue only holds the writer back)
wire        end_valid;
wire [AW:0] end_ptr;
wire        end_pop;
/* verilator lint_off UNUSEDSIGNAL */
wire        end_next_u, dec_next_u;
wire [4:0]  end_count_u, dec_count_u;
/* verilator lint_on UNUSEDSIGNAL */
lc_fifo #(.WIDTH(AW + 1), .DEPTH(16)) u_ends (
    .clk(clk), .rst(rst),
    .s_data(wp + 1'b1), .s_valid(wr && s_axis_tlast), .s_ready(end_in_ready),
    .m_data(end_ptr), .m_valid(end_valid), .m_ready(end_pop),
    .m_valid_next(end_next_u), .count(end_count_u)
);

// ------------------------------------------------------------------ statuses
wire        dec_in_ready;
wire        sts_ok_in = !s_sts_has_data || end_valid;
assign s_sts_tready = dec_in_ready && sts_ok_in;
wire        sts_take = s_sts_tvalid && s_sts_tready;
assign end_pop = sts_take && s_sts_has_data;

reg [AW:0] commit;                  // beats before it belong to packets whose status is known
always @(posedge clk) begin
    if (rst) commit <= {AW+1{1'b0}};
    else if (end_pop) commit <= end_ptr;
end

wire            dec_valid;
wire            dec_has_data;
wire [3:0]      dec_code;
wire [ID_W-1:0] dec_id;
wire            dec_pop;
lc_fifo #(.WIDTH(5 + ID_W), .DEPTH(16)) u_dec (
    .clk(clk), .rst(rst),
    .s_data({s_sts_has_data, s_sts_code, s_sts_id}), .s_valid(sts_take), .s_ready(dec_in_ready),
    .m_data({dec_has_data, dec_code, dec_id}), .m_valid(dec_valid), .m_ready(dec_pop),
    .m_valid_next(dec_next_u), .count(dec_count_u)
);

// ------------------------------------------------------------------ read side
// q0 is the head of a two-entry output queue, q1 behind it; `inflight` is a read issued last
// clock whose data lands this clock.
reg [W-1:0] q0, q1;
reg         v0, v1;
reg         inflight;
reg [W-1:0] rd_data;
wire        h_last = q0[ID_W + 1];
wire        release_pkt = dec_code == 4'd0;
reg         sts_due;                // the head status's packet has gone (or it had none)

wire beat_here = v0 && dec_valid && dec_has_data && !sts_due;
wire beat_take = beat_here && (!release_pkt || m_axis_tready);

assign m_axis_tvalid = beat_here && release_pkt;
assign {m_axis_tdata, m_axis_tkeep, m_axis_tlast, m_axis_ttag, m_axis_tid} = q0;

assign m_sts_tvalid = dec_valid && (!dec_has_data || sts_due);
assign m_sts_code   = dec_code;
assign m_sts_id     = dec_id;
assign dec_pop      = m_sts_tvalid && m_sts_tready;

// queue occupancy after this clock's take, plus the read landing now: fetch while it stays <= 2
wire [1:0] held = {1'b0, v0} + {1'b0, v1} + {1'b0, inflight} - {1'b0, beat_take};
wire       fetch = (rp != commit) && held < 2'd2;

always @(posedge clk) rd_data <= mem[rp[AW-1:0]];

always @(posedge clk) begin
    if (rst) begin
        rp       <= {AW+1{1'b0}};
        inflight <= 1'b0;
        v0       <= 1'b0;
        v1       <= 1'b0;
        sts_due  <= 1'b0;
        wp       <= {AW+1{1'b0}};
    end else begin
        if (wr) wp <= wp + 1'b1;
        if (fetch) rp <= rp + 1'b1;
        inflight <= fetch;
        // queue: take from the head, then append the landing read
        case ({beat_take, inflight})
            2'b10: begin q0 <= q1; v0 <= v1; v1 <= 1'b0; end
            2'b01: begin
                if (!v0)      begin q0 <= rd_data; v0 <= 1'b1; end
                else          begin q1 <= rd_data; v1 <= 1'b1; end
            end
            2'b11: begin
                if (v1) begin q0 <= q1; q1 <= rd_data; end
                else    begin q0 <= rd_data; end
            end
            default: ;
        endcase
        if (beat_take && h_last) sts_due <= 1'b1;
        if (dec_pop) sts_due <= 1'b0;
    end
end

endmodule

`default_nettype wire
