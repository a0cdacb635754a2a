// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Key-slot bookkeeping shared by every LineCrypt block-cipher core.
//
// Accepts one key command at a time (s_key_*), takes the slot out of service (slot_loading),
// waits DRAIN clocks so blocks admitted earlier for that slot leave the pipeline with the old
// key, starts the core's key-expansion unit (kx_start pulse), and when the unit is no longer
// busy waits DRAIN clocks again (round-key writes may still travel down the pipeline) before it
// marks the slot valid. Other slots are never touched. kx_key holds the key while the unit
// works (the unit reads it in place).
//
// Timing: the key register is wide (up to 256 flops) and the unit sits anywhere on the chip, so
// its load enable is not one high-fanout net from a LUT: it is `idle` itself, duplicated in one
// flop per 32 key bits (keep), and the register simply follows s_key_tdata while idle. The end
// of each wait is a flop too (drain_last: the token at the end of tok), so the copies' D input is one
// LUT after flops however far the placer puts them from the state machine. The unit's busy flag is
// registered here before it reaches the state machine, and both directions of the handshake
// with the unit cross a transport flop (start_t, busy_t) with no LUT on either side: the unit
// may sit 30-50 tiles away, and a LUT on the crossing gets pulled toward the far end
// (docs/timing.md, "Key slots and key expansion").
// The state machine waits for the unit's busy flag to fall (fall_q: busy_q high, then low), not
// for it to be low, so it needs no clock-exact knowledge of when the unit sees the start: the
// unit is busy for many clocks, and its previous fall is DRAIN clocks or more in the past.
// S_END is one clock after the settle wait, so the wait's end reaches every idle copy flop to
// flop: end_q (the wait's last clock) is copied into one flop next to each idle copy (end_c,
// end_f, end_s), and the copies update from those; with end_q driving the copies directly (one
// LUT each), end_q -> an idle copy is a LUT after a hop across the key register. The slot flags
// are not delayed (set_q). The copies are cleared by rst like every flop (lc_block_shell.v,
// "One reset net"): rst is their LSR, so no LUT sits in front of them (written as a LUT input,
// `!rst && end_q` becomes one LUT shared by all of them).
module lc_key_slot_ctrl #(
    parameter KEY_BITS = 128,
    parameter NSLOTS   = 4,
    parameter DRAIN    = 32,      // >= pipeline latency + 1, and >= 3
    // derived
    parameter SLOT_W   = (NSLOTS > 1) ? $clog2(NSLOTS) : 1
) (
    input  wire                clk,
    input  wire                rst,

    input  wire [KEY_BITS-1:0] s_key_tdata,
    input  wire [SLOT_W-1:0]   s_key_slot,
    input  wire                s_key_tvalid,
    output wire                s_key_tready,

    output wire                kx_start,
    output reg  [SLOT_W-1:0]   kx_slot,
    output reg  [KEY_BITS-1:0] kx_key,
    input  wire                kx_busy,

    output reg  [NSLOTS-1:0]   slot_valid,
    output reg  [NSLOTS-1:0]   slot_loading
);

generate
if (NSLOTS < 2 || (NSLOTS & (NSLOTS - 1)) != 0) begin : g_bad_slots
    $error("%m: NSLOTS must be a power of two >= 2 (every slot index names a slot)");
end
if (DRAIN < 3 || DRAIN > 1023) begin : g_bad_drain
    $error("%m: DRAIN must be 3..1023 (the slot flags are decoded two clocks ahead)");
end
endgenerate

localparam NCOPY = (KEY_BITS + 31) / 32;
// One-hot state, each flag's next value one LUT of flags and inputs (a 3-bit encoded state puts
// two LUT levels in front of its bits and of drain_last: 4.0 ns with short hops,
// docs/timing.md).
reg st_idle, st_drain, st_start, st_exp, st_settle, st_end;
// The two waits (DRAIN clocks each) as a token in a shift register instead of a 10-bit down
// counter: the token enters on the clock a wait is loaded and tok[i] is set in the wait's
// (i+1)-th clock, so "the counter reads 1" (the wait's last clock) and "reads 3" are flops, and
// no compare of counter bits sits in front of them. DRAIN flops, no logic between them.
reg [DRAIN-1:0] tok;
wire drain_last = tok[DRAIN-1];      // the wait's last clock (the counter would read 1)
wire drain_3    = tok[DRAIN-3];      // two clocks before it (the counter would read 3)
reg       fire_q;                    // the settle wait's last clock follows (decoded a clock ahead)
reg [NCOPY-1:0] idle_q;              // copies of st_idle, one per 32 key bits
// st_idle in the next clock (the state machine below): each copy is its own (* keep *)
// block, since a (* keep *) on the reg does not stop Yosys merging flops with one input.
// Each copy computes it from itself: idle stays idle without a key command, and a wait ends
// into idle when end_q (the settle wait's last clock, a flop) is set. One LUT per copy with the
// copy's own output among its inputs, so Yosys cannot share it: one shared LUT of the state's
// flags would fan out to copies along the key register, a long hop after it.
reg  idle_f;                         // copy of st_idle
reg  end_q;                          // st_settle && drain_last (the wait's last clock)
reg [NCOPY-1:0] end_c;               // copies of end_q a clock later (st_end), one per idle copy
reg  end_f, end_s;                   // the same for idle_f and idle_s

assign s_key_tready = st_idle;
// kx_start is a flop (state enters S_START in the next clock), not a decode of the state, and
// crosses to the unit through a transport flop: the unit's busy flag and counters take it
// without a LUT level in front. The unit's busy comes back the same way (busy_t), and the state
// machine sees its fall as one flop (fall_q).
reg start_q, start_t;
assign kx_start     = start_t;
reg busy_t, busy_q, busy_d, fall_q;

genvar gc;
generate
for (gc = 0; gc < NCOPY; gc = gc + 1) begin : g_cap
    localparam LO = 32 * gc;
    localparam HI = (32 * gc + 31 < KEY_BITS) ? 32 * gc + 31 : KEY_BITS - 1;
    always @(posedge clk) begin
        if (rst)              kx_key[HI:LO] <= {HI-LO+1{1'b0}};
        else if (idle_q[gc])  kx_key[HI:LO] <= s_key_tdata[HI:LO];
    end
    (* keep *) always @(posedge clk) end_c[gc] <= rst ? 1'b0 : end_q;
    (* keep *) always @(posedge clk) idle_q[gc] <= rst ? 1'b1 : (idle_q[gc] ? !s_key_tvalid : end_c[gc]);
end
endgenerate

always @(posedge clk) begin
    start_q <= rst ? 1'b0 : (st_drain && drain_last);
    start_t <= rst ? 1'b0 : start_q;
    busy_t  <= rst ? 1'b0 : kx_busy;
    busy_q  <= rst ? 1'b0 : busy_t;
    busy_d  <= rst ? 1'b0 : busy_q;
    fall_q  <= rst ? 1'b0 : (busy_d && !busy_q);
    if (rst)                          kx_slot <= {SLOT_W{1'b0}};
    else if (st_idle && s_key_tvalid) kx_slot <= s_key_slot;
    st_idle   <= rst ? 1'b1 : ((st_idle && !s_key_tvalid) || st_end);
    st_drain  <= rst ? 1'b0 : ((st_idle && s_key_tvalid) || (st_drain && !drain_last));
    st_start  <= rst ? 1'b0 : (st_drain && drain_last);
    st_exp    <= rst ? 1'b0 : (st_start || (st_exp && !fall_q));
    st_settle <= rst ? 1'b0 : ((st_exp && fall_q) || (st_settle && !drain_last));
    st_end    <= rst ? 1'b0 : (st_settle && drain_last);
    // a wait is loaded entering S_DRAIN or S_SETTLE
    tok <= rst ? {DRAIN{1'b0}} : {tok[DRAIN-2:0], (st_idle && s_key_tvalid) || (st_exp && fall_q)};
end

// Slot flags: two LUT levels after flops. A slot leaves service in the clock its key command is
// accepted (idle_s && s_key_tvalid: one LUT4 with the slot number), and returns when the settle
// wait ends (set_q, a flop). Any decode in front of each set_q (the state, the drain and settle
// flags, the slot number) sits after a long hop from the state machine, which is placed away
// from the slot flags (docs/timing.md, "Key slots and key expansion"). So each slot's return is
// decoded two clocks ahead next to the state machine (set_pre, with fire_q: drain_3 and the
// settle flag) and reaches set_q flop to flop; end_q follows fire_q.
always @(posedge clk) fire_q <= rst ? 1'b0 : (st_settle && drain_3);
always @(posedge clk) end_q <= rst ? 1'b0 : fire_q;
reg [NSLOTS-1:0] set_pre;              // slot i returns to service in the next clock
reg [NSLOTS-1:0] set_q;                // slot i returns to service in this clock
// idle_s: one more copy of idle_f (its own (* keep *) block) for the slot flags only, which
// sit with the block admission, away from the state machine.
// Both idle_f and idle_s are (* keep *) blocks: Yosys merges a kept flop with a plain one of the
// same input (idle_s would absorb idle_f and the state's idle bit and sit with the state
// machine, far from the flags).
reg idle_s;
(* keep *) always @(posedge clk) end_f <= rst ? 1'b0 : end_q;
(* keep *) always @(posedge clk) end_s <= rst ? 1'b0 : end_q;
(* keep *) always @(posedge clk) idle_f <= rst ? 1'b1 : (idle_f ? !s_key_tvalid : end_f);
(* keep *) always @(posedge clk) idle_s <= rst ? 1'b1 : (idle_s ? !s_key_tvalid : end_s);
integer si, sj;                        // one loop variable per always block
reg [NSLOTS-1:0] clr;                  // slot i's key command is accepted in this clock
always @* for (si = 0; si < NSLOTS; si = si + 1)
    clr[si] = idle_s && s_key_tvalid && (s_key_slot == si[SLOT_W-1:0]);
always @(posedge clk) begin
    for (sj = 0; sj < NSLOTS; sj = sj + 1) begin
        set_pre[sj]      <= rst ? 1'b0 : (st_settle && drain_3 && (kx_slot == sj[SLOT_W-1:0]));
        set_q[sj]        <= rst ? 1'b0 : set_pre[sj];
        slot_valid[sj]   <= rst ? 1'b0 : (set_q[sj] || (slot_valid[sj] && !clr[sj]));
        slot_loading[sj] <= rst ? 1'b0 : (!set_q[sj] && (slot_loading[sj] || clr[sj]));
    end
end

`ifndef SYNTHESIS
// Simulation check: the copies' update restates the state machine's transitions into and out
// of S_IDLE; every copy must equal st_idle in every clock after the first reset, and
// end_q / set_q the end of the settle wait (S_SETTLE in its last clock, for kx_slot),
// fire_q / set_pre the clock before it; one state flag and, in a wait, one token.
reg idle_chk_armed;
reg rst_d;                              // the end copies follow end_q one clock after a reset
initial idle_chk_armed = 1'b0;
always @(posedge clk) rst_d <= rst;
always @(posedge clk) begin
    if (rst) idle_chk_armed <= 1'b1;
    else if (idle_chk_armed && (idle_q !== {NCOPY{st_idle}} || idle_f !== st_idle
                                || idle_s !== idle_f
                                || end_q !== (st_settle && drain_last)
                                || (!rst_d && (end_c !== {NCOPY{st_end}} || end_f !== st_end
                                               || end_s !== end_f))
                                || fire_q !== (st_settle && tok[DRAIN-2]))) begin
        $display("%m: idle_q %b idle_f %b idle_s %b end_q %b end_c %b end_f %b end_s %b fire_q %b but state %b tok %b",
                 idle_q, idle_f, idle_s, end_q, end_c, end_f, end_s, fire_q,
                 {st_idle, st_drain, st_start, st_exp, st_settle, st_end}, tok);
        $fatal(1);
    end else if (idle_chk_armed && (!$onehot({st_idle, st_drain, st_start, st_exp, st_settle, st_end})
                                    || ((st_drain || st_settle) ? !$onehot(tok) : (tok != 0)))) begin
        $display("%m: state %b (one-hot) tok %b (one token in a wait, none outside)",
                 {st_idle, st_drain, st_start, st_exp, st_settle, st_end}, tok);
        $fatal(1);
    end else if (idle_chk_armed && set_q !== ((st_settle && drain_last) ? ({{NSLOTS-1{1'b0}}, 1'b1} << kx_slot)
                                                                       : {NSLOTS{1'b0}})) begin
        $display("%m: set_q %b but state %b drain_last %b kx_slot %0d", set_q,
                 {st_idle, st_drain, st_start, st_exp, st_settle, st_end}, drain_last, kx_slot);
        $fatal(1);
    end else if (idle_chk_armed && set_pre !== (fire_q ? ({{NSLOTS-1{1'b0}}, 1'b1} << kx_slot) : {NSLOTS{1'b0}})) begin
        $display("%m: set_pre %b but fire_q %b kx_slot %0d", set_pre, fire_q, kx_slot);
        $fatal(1);
    end
end
`endif

endmodule

`default_nettype wire
