// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Keccak-p[1600, nr] permutation, low-area: a lane-serial 64-bit datapath over a state memory
// (FIPS 202 §3.3; model: linecrypt/models/keccak.py keccak_p). nr is chosen per permutation:
// the last nr rounds of Keccak-f[1600] (round indices 24 - nr .. 23) run.
//
// Lane numbering: lane (x, y) is lane index x + 5y; a lane's bit z is bit z of the 64-bit word,
// so lane i holds bytes 8i .. 8i + 7 of the FIPS 202 state string, byte 8i + j at [8j +: 8].
//
// Memory: 64 words of 64 bits, one write and one registered read per clock. Words 0..24 hold the
// state A, words 32..56 the rho-pi image B of the round in progress. MEM_BRAM = 1 maps it to
// block RAM (two DP16KD, 36-bit pseudo-dual-port halves), MEM_BRAM = 0 to distributed RAM
// (TRELLIS_DPR16X4 and a 4:1 read multiplexer per bit).
//
// A round runs in two passes over the memory, one lane per clock:
//   theta-rho-pi: lane (x, y) of A is read in index order, XORed with
//       D[x] = C[x-1] ^ rot(C[x+1], 1) and rotated by r[x, y], and written to B at (y, 2x + 3y).
//       The five column parities C sit in a ring of five lane registers that turns once per
//       lane, so D always comes from the same two ring positions (no multiplexer).
//   chi-iota: each row y of B is read as x = 0, 1, 2, 3, 4, 0, 1 through a window of the last
//       three lanes; from the third read on, the window gives A'[x] = B[x] ^ (~B[x+1] & B[x+2])
//       (iota on lane 0), written back to A. The same lanes enter the parity ring, so the next
//       round's C is ready when the pass ends.
// The first round's parities come from a scan: the chi pass with chi and the writes off.
// theta's output is registered before the rotation (the block RAM's clock-to-out and theta, then
// the three rotation stages and the write select: two register-to-register paths of about the
// same length), so rho writes one clock after chi would.
// Clocks: scan 1 + 35 + DRAIN, each round (25 + DRAIN + 1) + (35 + DRAIN), DRAIN = 1 + WREG.
// With WREG = 1 the first result lane is valid 39 + 65 nr clocks after the last lane is taken
// (1599 for nr = 24, 819 for nr = 12); 25 lanes in, the permutation and 25 lanes out take
// 89 + 65 nr clocks back to back.
//
// Interface: lanes in (s_*) and out (m_*), one per clock, valid/ready.
//   In: lanes go to index 0, 1, 2, ... in order; s_txor = 1 XORs s_tdata into the lane, 0
//   replaces it. The beat with s_tlast (or lane 24) ends the load and starts the permutation of
//   s_nr rounds (s_nr sampled on that beat); lanes above it keep their values. s_nr = 0 ends
//   the load without a permutation and without a result; s_nr > 24 gives the loaded state back
//   unchanged with m_terr = 1 (never a hang).
//   Out: after a permutation the result is offered from lane 0 (m_tlast on lane 24); the next
//   load waits until lane 24 has been read. With m_tdrop = 1 reading is optional: a load beat
//   ends the result and starts again at lane 0 (a result read part of the way costs one clock,
//   s_tready low while lane 0 is fetched). The sponge (keccak_sponge_lite) ties m_tdrop high,
//   reads only the rate lanes and absorbs with s_txor = 1.
// Reset (synchronous, rst high): drops a permutation in progress and a waiting result. The
// memory is not cleared: load all 25 lanes (s_txor = 0) before the first permutation.
module keccak_p1600_lite #(
    parameter MEM_BRAM = 1,             // 1: state in block RAM, 0: in distributed RAM
    parameter WREG     = 1              // 1: a register before the memory's write port
) (
    input  wire        clk,
    input  wire        rst,

    input  wire [63:0] s_tdata,
    input  wire        s_txor,
    input  wire        s_tlast,
    input  wire [4:0]  s_nr,
    input  wire        s_tvalid,
    output wire        s_tready,

    output wire [63:0] m_tdata,
    output wire        m_tlast,
    output reg         m_terr,
    output wire        m_tvalid,
    input  wire        m_tready,
    input  wire        m_tdrop              // 1: a load beat may end a result not read to lane 24
);

generate
if (WREG != 0 && WREG != 1) begin : g_bad_wreg
    $error("%m: WREG must be 0 or 1");
end
endgenerate

localparam [5:0] DRAIN = 6'd1 + WREG[5:0];
localparam [1:0] PH_PRE = 2'd0, PH_SCAN = 2'd1, PH_RHO = 2'd2, PH_CHI = 2'd3;

// rho offset r[x, y] and pi destination index of lane i = x + 5y: B[y, 2x + 3y]
function [10:0] rho_pi;                 // {r, dst}
    input [4:0] i;
    begin
        case (i)
             0: rho_pi = {6'd0,  5'd0};    1: rho_pi = {6'd1,  5'd10};   2: rho_pi = {6'd62, 5'd20};
             3: rho_pi = {6'd28, 5'd5};    4: rho_pi = {6'd27, 5'd15};   5: rho_pi = {6'd36, 5'd16};
             6: rho_pi = {6'd44, 5'd1};    7: rho_pi = {6'd6,  5'd11};   8: rho_pi = {6'd55, 5'd21};
             9: rho_pi = {6'd20, 5'd6};   10: rho_pi = {6'd3,  5'd7};   11: rho_pi = {6'd10, 5'd17};
            12: rho_pi = {6'd43, 5'd2};   13: rho_pi = {6'd25, 5'd12};  14: rho_pi = {6'd39, 5'd22};
            15: rho_pi = {6'd41, 5'd23};  16: rho_pi = {6'd45, 5'd8};   17: rho_pi = {6'd15, 5'd18};
            18: rho_pi = {6'd21, 5'd3};   19: rho_pi = {6'd8,  5'd13};  20: rho_pi = {6'd18, 5'd14};
            21: rho_pi = {6'd2,  5'd24};  22: rho_pi = {6'd61, 5'd9};   23: rho_pi = {6'd56, 5'd19};
            24: rho_pi = {6'd14, 5'd4};
            default: rho_pi = 11'd0;
        endcase
    end
endfunction

// truth table of bit k of rho_pi over lanes 16 half .. 16 half + 15
function [15:0] rom_init;
    input [3:0] k;
    input       half;
    integer j;
    reg [10:0] e;
    begin
        rom_init = 16'd0;
        for (j = 0; j < 16; j = j + 1) begin
            e = rho_pi({half, j[3:0]});
            rom_init[j] = e[k];
        end
    end
endfunction

// round constant of round ir: bit j goes to lane bit 2^j - 1 (FIPS 202 Algorithm 6)
function [6:0] rc7_of;
    input [4:0] ir;
    begin
        case (ir)
             0: rc7_of = 7'b0000001;   1: rc7_of = 7'b0011010;   2: rc7_of = 7'b1011110;
             3: rc7_of = 7'b1110000;   4: rc7_of = 7'b0011111;   5: rc7_of = 7'b0100001;
             6: rc7_of = 7'b1111001;   7: rc7_of = 7'b1010101;   8: rc7_of = 7'b0001110;
             9: rc7_of = 7'b0001100;  10: rc7_of = 7'b0110101;  11: rc7_of = 7'b0100110;
            12: rc7_of = 7'b0111111;  13: rc7_of = 7'b1001111;  14: rc7_of = 7'b1011101;
            15: rc7_of = 7'b1010011;  16: rc7_of = 7'b1010010;  17: rc7_of = 7'b1001000;
            18: rc7_of = 7'b0010110;  19: rc7_of = 7'b1100110;  20: rc7_of = 7'b1111001;
            21: rc7_of = 7'b1011000;  22: rc7_of = 7'b0100001;  23: rc7_of = 7'b1110100;
            default: rc7_of = 7'd0;
        endcase
    end
endfunction

// ---------------------------------------------------------------------------------------------
// control
reg         busy;
reg         run;                        // the load asked for rounds (s_nr = 1..24)
reg  [1:0]  ph;
reg  [2:0]  pos;                        // read position within a row (0..6 in scan/chi, 0..4 in rho)
reg  [2:0]  row;                        // row being read; 5: the pass drains
reg  [4:0]  la;                         // lane being read: x + 5 row (scan/chi: x = 0..4, 0, 1)
reg  [4:0]  la_d1, la_d2;               // the lanes of the two reads before
reg  [1:0]  dcnt;                       // drain clock
reg  [4:0]  ir;                         // round index
reg         have;                       // a result is offered on m_*
reg         rd_fresh;                   // rd holds lane idx (the read before was the idle one)
reg  [4:0]  idx;                        // lane of the next load or read beat

wire        nr_ok   = (s_nr >= 5'd1) && (s_nr <= 5'd24);
assign s_tready = !busy && rd_fresh && !(have && (idx != 5'd0 || !m_tdrop));
assign m_tvalid = !busy && rd_fresh && have;
assign m_tlast  = (idx == 5'd24);
wire        take_s  = s_tvalid && s_tready;
wire        take_m  = m_tvalid && m_tready;
wire        s_end   = s_tlast || idx == 5'd24;

// reads of the pass: rho reads 25 lanes, scan and chi 35 (7 per row); then DRAIN clocks
wire        rd_on    = busy && ph != PH_PRE && row != 3'd5;
wire        pass_end = busy && (ph == PH_PRE ||
                                (row == 3'd5 && dcnt == DRAIN[1:0] - (ph == PH_RHO ? 2'd0 : 2'd1)));
wire        row_end  = (pos == (ph == PH_RHO ? 3'd4 : 3'd6));
// next lane: +1 along a row; scan/chi go back to x = 0 after x = 4 and on to the next row
// after the second x = 1
wire [4:0]  la_step  = (ph != PH_RHO && pos == 3'd4) ? 5'd28 :
                       (ph != PH_RHO && pos == 3'd6) ? 5'd4 : 5'd1;

// idle read address: the lane the next beat will need. A load beat while a result is offered
// from a lane other than 0 first ends the result (abandon: idx back to 0, one clock).
wire        abandon = !busy && have && m_tdrop && s_tvalid && idx != 5'd0 && !take_m;
reg  [4:0]  idx_nx;
always @(*) begin
    idx_nx = idx;
    if (take_s)
        idx_nx = s_end ? 5'd0 : idx + 5'd1;
    else if (take_m)
        idx_nx = m_tlast ? 5'd0 : idx + 5'd1;
    else if (abandon)
        idx_nx = 5'd0;
end
wire [5:0]  raddr = busy ? {ph == PH_CHI, la} : {1'b0, idx_nx};

// flags that go with the read data (valid on the clock after the read)
reg  [5:0]  rot_q;                      // rho offset of the lane in rd
reg  [5:0]  dst_q;                      // write address for the lane in rd
reg         rho_q;                      // rd is a lane of the theta-rho-pi pass
reg         win_q;                      // rd is a lane of the scan/chi pass: shift the window
reg         out_q;                      // the window gives an output lane (read position >= 2)
reg         chi_q;                      // ... of the chi pass (scan: chi off, no write)
reg         first_q;                    // ... of row 0 (parity ring restarts)
reg         iota_q;                     // rd is lane (1, 0) of B: lane (0, 0) enters wa with RC
reg  [6:0]  rc7_q;

// the rho/pi table: 11 five-input functions of la, each two LUT4 and a PFUMX (left to abc9
// the table merged with its neighbours came out at twice that)
wire [10:0] rp;
genvar k;
generate
for (k = 0; k < 11; k = k + 1) begin : g_rp
`ifdef LC_TECH_ECP5
    wire lo, hi;
    LUT4 #(.INIT(rom_init(k[3:0], 1'b0))) u_lo (.A(la[0]), .B(la[1]), .C(la[2]), .D(la[3]), .Z(lo));
    LUT4 #(.INIT(rom_init(k[3:0], 1'b1))) u_hi (.A(la[0]), .B(la[1]), .C(la[2]), .D(la[3]), .Z(hi));
    PFUMX u_mx (.ALUT(hi), .BLUT(lo), .C0(la[4]), .Z(rp[k]));
`endif
end
endgenerate
`ifndef LC_TECH_ECP5
assign rp = rho_pi(la);
`endif
always @(posedge clk) begin
    rot_q   <= rp[10:5];
    // rho: the pi destination in B; chi: the lane read two reads before (x = pos - 2) in A
    dst_q   <= (ph == PH_RHO) ? {1'b1, rp[4:0]} : {1'b0, la_d2};
    if (rd_on) begin
        la_d1 <= la;
        la_d2 <= la_d1;
    end
    rc7_q   <= rc7_of(ir);
    iota_q  <= (ph == PH_CHI) && (row == 3'd0) && (pos == 3'd1);
    first_q <= (row == 3'd0);
    chi_q   <= (ph == PH_CHI);
    if (rst) begin
        rho_q <= 1'b0;
        win_q <= 1'b0;
        out_q <= 1'b0;
    end else begin
        rho_q <= rd_on && ph == PH_RHO;
        win_q <= rd_on && ph != PH_RHO;
        out_q <= rd_on && ph != PH_RHO && pos >= 3'd2;
    end
end

// ---------------------------------------------------------------------------------------------
// state memory
wire        we_d;
wire [5:0]  waddr_d;
wire [63:0] wdata_d;
reg  [63:0] rd;
wire        we;
wire [5:0]  waddr;
wire [63:0] wdata;

generate
if (WREG) begin : g_wreg
    reg        we_r;
    reg [5:0]  waddr_r;
    reg [63:0] wdata_r;
    always @(posedge clk) begin
        we_r    <= we_d && !rst;
        waddr_r <= waddr_d;
        wdata_r <= wdata_d;
    end
    assign we = we_r, waddr = waddr_r, wdata = wdata_r;
end else begin : g_nowreg
    assign we = we_d, waddr = waddr_d, wdata = wdata_d;
end
endgenerate

generate
if (MEM_BRAM) begin : g_bram
    (* ram_style = "block", no_rw_check *) reg [63:0] mem [0:63];
    always @(posedge clk) begin
        if (we)
            mem[waddr] <= wdata;
        rd <= mem[raddr];
    end
end else begin : g_dram
    (* ram_style = "distributed", no_rw_check *) reg [63:0] mem [0:63];
    always @(posedge clk) begin
        if (we)
            mem[waddr] <= wdata;
        rd <= mem[raddr];
    end
end
endgenerate

assign m_tdata = rd;

// ---------------------------------------------------------------------------------------------
// datapath: per bit one LUT4 each for theta, chi, the parity ring's input and the load lane,
// six (three 4:1 stages of two LUT4 and a PFUMX) for the rho rotation, and the two write
// selects in the slices' own muxes (a PFUMX picks chi or the load lane, an L6MUX21 that or
// rho): 10 LUT4 per bit. With LC_TECH_ECP5 (`linecrypt synth`) these are ECP5 LUT4 / PFUMX /
// L6MUX21 instances: left to abc9, the delay-driven mapper merges the shared terms (chi feeds
// the ring and the write select, the rotation stages feed 64 bits each) into wide per-bit
// cones and duplicates them, about twice the area. Without LC_TECH_ECP5 (simulation) the same
// functions in plain Verilog.
reg  [63:0] ring0, ring1, ring2, ring3, ring4;  // column parities C, turning once per lane
reg  [63:0] wa, wb;                     // chi window: the two lanes read before rd
wire [63:0] theta;                      // A ^ C[x-1] ^ rot(C[x+1], 1)
reg  [63:0] theta_r;                    // theta, registered before the rotation
reg  [5:0]  rot_r, dst_r;               // rot_q, dst_q of the lane in theta_r
reg         rho_r;                      // theta_r holds a lane of the theta-rho-pi pass
wire [63:0] rot1, rot2;                 // rotated by r[1:0], by r[3:0]
wire [63:0] rho;                        // rotated by r
wire [63:0] chi;                        // B[x] ^ (~B[x+1] & B[x+2]); scan: B[x]
wire [63:0] ring_in;                    // into ring4: turn, or accumulate the chi output
wire [63:0] ld;                         // a load beat's lane: s_tdata, or XORed into the state
wire [63:0] wsel;                       // chi output or load lane
wire [63:0] ring1_r = {ring1[62:0], ring1[63]};

genvar i;
generate
for (i = 0; i < 64; i = i + 1) begin : g_bit
`ifdef LC_TECH_ECP5
    // Z = INIT[{D, C, B, A}]; PFUMX: Z = C0 ? ALUT : BLUT
    LUT4 #(.INIT(16'h9696)) u_theta (.A(rd[i]), .B(ring4[i]), .C(ring1_r[i]), .D(1'b0), .Z(theta[i]));
    wire a0, b0, a1, b1, a2, b2;
    LUT4 #(.INIT(16'hCACA)) u_r0a (.A(theta_r[i]), .B(theta_r[(i + 63) % 64]), .C(rot_r[0]), .D(1'b0), .Z(a0));
    LUT4 #(.INIT(16'hCACA)) u_r0b (.A(theta_r[(i + 62) % 64]), .B(theta_r[(i + 61) % 64]), .C(rot_r[0]), .D(1'b0), .Z(b0));
    PFUMX u_r0m (.ALUT(b0), .BLUT(a0), .C0(rot_r[1]), .Z(rot1[i]));
    LUT4 #(.INIT(16'hCACA)) u_r1a (.A(rot1[i]), .B(rot1[(i + 60) % 64]), .C(rot_r[2]), .D(1'b0), .Z(a1));
    LUT4 #(.INIT(16'hCACA)) u_r1b (.A(rot1[(i + 56) % 64]), .B(rot1[(i + 52) % 64]), .C(rot_r[2]), .D(1'b0), .Z(b1));
    PFUMX u_r1m (.ALUT(b1), .BLUT(a1), .C0(rot_r[3]), .Z(rot2[i]));
    LUT4 #(.INIT(16'hCACA)) u_r2a (.A(rot2[i]), .B(rot2[(i + 48) % 64]), .C(rot_r[4]), .D(1'b0), .Z(a2));
    LUT4 #(.INIT(16'hCACA)) u_r2b (.A(rot2[(i + 32) % 64]), .B(rot2[(i + 16) % 64]), .C(rot_r[4]), .D(1'b0), .Z(b2));
    PFUMX u_r2m (.ALUT(b2), .BLUT(a2), .C0(rot_r[5]), .Z(rho[i]));
    LUT4 #(.INIT(16'h9AAA)) u_chi (.A(wa[i]), .B(wb[i]), .C(rd[i]), .D(chi_q), .Z(chi[i]));
    LUT4 #(.INIT(16'hC6AA)) u_ring (.A(ring0[i]), .B(chi[i]), .C(first_q), .D(out_q), .Z(ring_in[i]));
    LUT4 #(.INIT(16'h6C6C)) u_ld (.A(rd[i]), .B(s_tdata[i]), .C(s_txor), .D(1'b0), .Z(ld[i]));
    PFUMX u_ws (.ALUT(chi[i]), .BLUT(ld[i]), .C0(out_q), .Z(wsel[i]));
    L6MUX21 u_wd (.D0(wsel[i]), .D1(rho[i]), .SD(rho_r), .Z(wdata_d[i]));
`else
    assign theta[i]   = rd[i] ^ ring4[i] ^ ring1_r[i];
    assign chi[i]     = wa[i] ^ (chi_q & ~wb[i] & rd[i]);
    assign ring_in[i] = out_q ? ((first_q ? 1'b0 : ring0[i]) ^ chi[i]) : ring0[i];
    assign ld[i]      = (s_txor & rd[i]) ^ s_tdata[i];
    assign wsel[i]    = out_q ? chi[i] : ld[i];
    assign wdata_d[i] = rho_r ? rho[i] : wsel[i];
`endif
end
endgenerate

`ifndef LC_TECH_ECP5
assign rot1 = rot_r[1] ? (rot_r[0] ? {theta_r[60:0], theta_r[63:61]} : {theta_r[61:0], theta_r[63:62]})
                       : (rot_r[0] ? {theta_r[62:0], theta_r[63]}    : theta_r);
assign rot2 = rot_r[3] ? (rot_r[2] ? {rot1[51:0], rot1[63:52]} : {rot1[55:0], rot1[63:56]})
                       : (rot_r[2] ? {rot1[59:0], rot1[63:60]} : rot1);
assign rho  = rot_r[5] ? (rot_r[4] ? {rot2[15:0], rot2[63:16]} : {rot2[31:0], rot2[63:32]})
                       : (rot_r[4] ? {rot2[47:0], rot2[63:48]} : rot2);
`endif

// iota: the round constant goes into lane (0, 0) of B as it enters wa (bit j of rc7 at lane
// bit 2^j - 1)
wire [63:0] rc64 = {rc7_q[6], 31'd0, rc7_q[5], 15'd0, rc7_q[4], 7'd0, rc7_q[3], 3'd0,
                    rc7_q[2], 1'b0, rc7_q[1], rc7_q[0]};

assign we_d    = rho_r || (out_q && chi_q) || take_s;
assign waddr_d = rho_r ? dst_r : (out_q ? dst_q : {1'b0, idx});

always @(posedge clk) begin
    theta_r <= theta;
    rot_r   <= rot_q;
    dst_r   <= dst_q;
    rho_r   <= rho_q && !rst;
end

always @(posedge clk) begin
    if (win_q) begin
        wa <= wb ^ (iota_q ? rc64 : 64'd0);
        wb <= rd;
    end
    if (rho_q || out_q) begin
        ring0 <= ring1;
        ring1 <= ring2;
        ring2 <= ring3;
        ring3 <= ring4;
        ring4 <= ring_in;
    end
end

// ---------------------------------------------------------------------------------------------
// sequencer
always @(posedge clk) begin
    if (rst) begin
        busy     <= 1'b0;
        run      <= 1'b0;
        have     <= 1'b0;
        rd_fresh <= 1'b0;
        idx      <= 5'd0;
        m_terr   <= 1'b0;
        ph       <= PH_PRE;
        pos      <= 3'd0;
        row      <= 3'd0;
        la       <= 5'd0;
        dcnt     <= 2'd0;
        ir       <= 5'd0;
    end else begin
        rd_fresh <= !busy;
        idx      <= idx_nx;
        if (take_s || abandon || (take_m && m_tlast))
            have <= 1'b0;
        if (take_s && s_end) begin
            // every load end passes through PH_PRE, so the last lane is written before the
            // scan (or the idle read of lane 0) reads it
            busy   <= 1'b1;
            run    <= nr_ok;
            m_terr <= (s_nr > 5'd24);
            ph     <= PH_PRE;
            pos    <= 3'd0;
            row    <= 3'd0;
            la     <= 5'd0;
            dcnt   <= 2'd0;
            ir     <= 5'd24 - s_nr;
        end
        if (busy) begin
            if (rd_on) begin
                la <= la + la_step;
                if (row_end) begin
                    pos <= 3'd0;
                    row <= row + 3'd1;
                end else begin
                    pos <= pos + 3'd1;
                end
            end else if (ph != PH_PRE) begin
                dcnt <= dcnt + 2'd1;
            end
            if (pass_end) begin
                pos  <= 3'd0;
                row  <= 3'd0;
                la   <= 5'd0;
                dcnt <= 2'd0;
                case (ph)
                    PH_PRE: begin
                        ph <= PH_SCAN;
                        if (!run) begin             // s_nr = 0: load only; s_nr > 24: error
                            busy <= 1'b0;
                            have <= m_terr;
                        end
                    end
                    PH_SCAN: ph <= PH_RHO;
                    PH_RHO:  ph <= PH_CHI;
                    default: begin
                        ph <= PH_RHO;
                        if (ir == 5'd23) begin
                            busy <= 1'b0;
                            have <= 1'b1;
                        end else begin
                            ir <= ir + 5'd1;
                        end
                    end
                endcase
            end
        end
    end
end

endmodule
`default_nettype wire
