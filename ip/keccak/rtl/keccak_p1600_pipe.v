// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Keccak-p[1600, nr] permutation for interleaved sessions (FIPS 202 §3.3; model:
// linecrypt/models/keccak.py keccak_p): a ring of STAGES state registers, each followed by one
// keccak_round. Up to STAGES independent states are in flight; each gets one round per clock,
// so the ring runs STAGES rounds per clock in aggregate with one round of logic between
// registers.
//
// State numbering: byte i of the FIPS 202 state string at [8*i +: 8] (lane (x, y) at
// [64*(x + 5*y) +: 64]), on s_tdata and m_tdata alike (as keccak_p1600).
//
// Ring: register st[k] feeds round k, whose output goes into st[(k + 1) % STAGES]. Each
// register has a slot: empty, a running state (v[k]) or, in st[0] only, a finished state
// (m_tvalid). st[0] is the ring's entry and its output register: m_tdata = st[0]. A state taken
// on s_* replaces st[0]'s contents at round 0's input (st[0] empty or its finished state
// leaving on that clock), so it goes through its first round on the clock it is taken; a state
// runs rounds 24 - nr .. 23, round i in stage i mod STAGES (nr is a multiple of STAGES), and
// comes back into st[0] finished nr clocks after it was taken, where it waits for m_tready.
// While a finished state waits (m_tvalid and not m_tready) the whole ring holds: one enable for
// every register, no state lost. With m_tready high and states queued the ring takes a state
// whenever one leaves: STAGES states every nr clocks, one every nr / STAGES on average.
//
// Order: states with the same nr leave in the order they were taken. A state with a smaller nr
// can overtake one with a larger nr taken before it, and a rejected state (below) overtakes
// every running one; s_id comes back on m_id to re-associate results.
//
// Round counts: s_nr must be 1..24 and a multiple of STAGES; any other value is not run: the
// state comes back unchanged on the next clock with m_terr = 1 (never a hang). Such a state
// is written straight into st[0] and needs the slot arriving there to be empty, so s_tready
// depends on s_nr: a good state waits for st[0]'s slot, a rejected one for st[STAGES-1]'s.
//
// Reset (synchronous, rst high): drops every state in flight and a waiting result.
module keccak_p1600_pipe #(
    parameter STAGES = 2,               // ring length = states in flight: a divisor of 24
    parameter ID_W   = 4                // s_id / m_id width
) (
    input  wire            clk,
    input  wire            rst,

    input  wire [1599:0]   s_tdata,
    input  wire [4:0]      s_nr,
    input  wire [ID_W-1:0] s_id,
    input  wire            s_tvalid,
    output wire            s_tready,

    output wire [1599:0]   m_tdata,
    output wire [ID_W-1:0] m_id,
    output reg             m_terr,
    output reg             m_tvalid,
    input  wire            m_tready
);

generate
if (STAGES != 1 && STAGES != 2 && STAGES != 3 && STAGES != 4 && STAGES != 6 && STAGES != 8
    && STAGES != 12 && STAGES != 24) begin : g_bad_stages
    $error("%m: STAGES must divide 24");
end
if (ID_W < 1) begin : g_bad_id_w
    $error("%m: ID_W must be at least 1");
end
endgenerate

localparam integer LAST = STAGES - 1;
localparam [4:0] ST5 = STAGES[4:0];     // 24 as 5'd24


// per-stage slot: state st[k], running flag v[k], index of the round stage k applies ir[k], id
wire [1599:0]          st [0:LAST];     // the state registers (per-lane flops in g_stage below)
reg  [LAST:0]          v;
reg  [5*STAGES-1:0]    ir;              // ir[k] at [5*k +: 5]
reg  [ID_W*STAGES-1:0] id;              // id[k] at [ID_W*k +: ID_W]

wire nr_ok = (s_nr >= 5'd1) && (s_nr <= 5'd24) && (s_nr % ST5 == 5'd0);
// the ring moves unless a finished state waits in st[0]
wire en        = !m_tvalid || m_tready;
wire take_good = en && s_tvalid &&  nr_ok && !v[0];
wire take_bad  = en && s_tvalid && !nr_ok && !v[LAST];
wire rej       = s_tvalid && !nr_ok;    // a rejected state on s_* (written if its slot is free)

assign s_tready = en && (nr_ok ? !v[0] : !v[LAST]);
assign m_tdata  = st[0];
assign m_id     = id[0 +: ID_W];

// each stage's input (round k reads it) and output, with the slot's control alongside
wire [1599:0]   rin  [0:LAST];
wire [1599:0]   rout [0:LAST];
wire [4:0]      irin [0:LAST];
wire [ID_W-1:0] idin [0:LAST];
wire [LAST:0]   vin;

// the slot arriving in st[0]: round LAST's output, finished after round 23
wire back_done = vin[LAST] && irin[LAST] == 5'd23;
wire back_run  = vin[LAST] && irin[LAST] != 5'd23;

// next values of the flags that have per-lane copies below
wire v0_nx     = en ? back_run : v[0];
wire vlast_nx  = (LAST == 0) ? v0_nx : (en ? vin[(LAST == 0) ? 0 : LAST - 1] : v[LAST]);
wire mvalid_nx = en ? (take_bad || back_done) : 1'b1;

// Per-lane copies, each in its own keep block (or Yosys merges them), so no single flop drives
// a select or an enable across the whole 1600-bit datapath:
//   run_c[l]      = v[0]: round 0 reads st[0] (running) or s_tdata (a state taken now)
//   free_c[l]     = !v[LAST]: st[0] may be written with a rejected state (its slot is empty)
//   g_stage[k]'s hold_r per lane = m_tvalid: without m_tready the register lane holds
wire [24:0] run_c;
wire [24:0] free_c;
genvar k, l;
generate
    for (l = 0; l < 25; l = l + 1) begin : g_sel
        reg run_r, free_r;
        (* keep *) always @(posedge clk) run_r  <= rst ? 1'b0 : v0_nx;
        (* keep *) always @(posedge clk) free_r <= rst ? 1'b1 : !vlast_nx;
        assign run_c[l]  = run_r;
        assign free_c[l] = free_r;
    end
endgenerate

generate
    for (k = 0; k <= LAST; k = k + 1) begin : g_stage
        // round k
        if (k == 0) begin : g_entry
            for (l = 0; l < 25; l = l + 1) begin : g_in
                assign rin[0][64*l +: 64] = run_c[l] ? st[0][64*l +: 64] : s_tdata[64*l +: 64];
            end
            assign irin[0] = v[0] ? ir[4:0] : 5'd24 - s_nr;
            assign idin[0] = v[0] ? id[ID_W-1:0] : s_id;
            assign vin[0]  = v[0] || take_good;
        end else begin : g_mid
            assign rin[k]  = st[k];
            assign irin[k] = ir[5*k +: 5];
            assign idin[k] = id[ID_W*k +: ID_W];
            assign vin[k]  = v[k];
        end

        keccak_round u_round (.s_in(rin[k]), .ir(irin[k]), .s_out(rout[k]));

        // register k: round k - 1's output; st[0] takes round LAST's output or a rejected state
        for (l = 0; l < 25; l = l + 1) begin : g_reg
            reg        hold_r;
            reg [63:0] q;
            (* keep *) always @(posedge clk) hold_r <= rst ? 1'b0 : mvalid_nx;
            if (k == 0) begin : g_back
                always @(posedge clk)
                    if (!hold_r || m_tready)
                        q <= (rej && free_c[l]) ? s_tdata[64*l +: 64] : rout[LAST][64*l +: 64];
            end else begin : g_fwd
                always @(posedge clk)
                    if (!hold_r || m_tready)
                        q <= rout[k-1][64*l +: 64];
            end
            assign st[k][64*l +: 64] = q;
        end
    end
endgenerate

// slot control: each slot moves one stage per clock with its round index and id
integer j;
always @(posedge clk) begin
    if (en) begin
        for (j = 1; j <= LAST; j = j + 1) begin
            ir[5*j +: 5]       <= irin[j-1] + 5'd1;
            id[ID_W*j +: ID_W] <= idin[j-1];
        end
        ir[4:0]      <= irin[LAST] + 5'd1;
        id[ID_W-1:0] <= take_bad ? s_id : idin[LAST];
    end
    if (rst) begin
        v        <= {STAGES{1'b0}};
        m_tvalid <= 1'b0;
        m_terr   <= 1'b0;
    end else begin
        if (en) begin
            for (j = 1; j <= LAST; j = j + 1)
                v[j] <= vin[j-1];
            m_terr <= take_bad;
        end
        v[0]     <= v0_nx;
        m_tvalid <= mvalid_nx;
    end
end

endmodule
`default_nettype wire
