// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// LWC-style command front end of the Keccak engine (docs/lwc-protocol.md; reference model
// linecrypt/lwc/engine.py, EngineModel(Engine.KECCAK, W, without={Alg.LAKE_KEYAK})) around
// keccak_sponge (ip/keccak/rtl).
//
// Ports: PDI (instructions, public segments), SDI (LDKEY and seed instructions with their KEY or
// SEED segments), DO (output segments and status words), W bits each, valid/ready.
//
// Bit and byte order (docs/lwc-protocol.md, "Ports and words"): control words are a 32-bit view
// at [W-1:W-32], bits [W-33:0] zero; data words carry a segment's bytes in order, byte 0 in
// [W-1:W-8], the last word of a segment zero-padded at its least significant end, every segment
// starting on a new word. keccak_sponge takes and gives 64-bit beats with byte j at [8j +: 8]
// (the FIPS 202 byte order of a lane); the front end packs PDI bytes into beats (the bytes of a
// part are one string however the host splits it into segments) and unpacks squeezed beats into
// DO words.
//
// Operations (ALG 0 selects the default in brackets):
//   HASH  SHA3-224/256/384/512 (0x11..0x14, [SHA3-256]), SHAKE128/256 (0x15, 0x16; LENGTH
//         part first), Keccak-256 (0x17): HASH_VALUE segments of at most SEGMAX bytes, status.
//   MAC   Keccak-MAC (0x18, [Keccak-MAC]): the sponge with rate 136 bytes and suffix 0x01 takes
//         the 136-byte block KeyPack(K) || 0x01 || 0* || 0x80 (KeyPack: 0x28 || K || 0x01 ||
//         0*, 40 bytes) and then the message; 16 bytes squeezed: TAG segment, status. Keys of
//         1..38 bytes (what KeyPack holds); otherwise NO_KEY after the message is read.
//   ACTKEY  reads LDKEY and its KEY part from SDI (1..64 bytes); the key becomes active, no DO
//         word. A failure leaves the active key as it was.
//   ENC, DEC  Lake Keyak runs in keyak_engine (a separate core); this build has no Keyak core
//         (KEYAK_HOOK below): ENC/DEC are answered BAD_INSTRUCTION and their segments discarded.
//   PRNG_SEED, PRNG_RESEED, PRNG_GEN: the protocol's only PRNG algorithm is Fortuna (0x24, AES
//         engine) and the Keccak engine has no default PRNG, so these are BAD_INSTRUCTION; the
//         seed instructions consume their SDI instruction and SEED segments (up to Last = 1).
// Malformed words follow "Malformed input and resynchronisation": the failure status, the
// sponge reset (a partly absorbed message is dropped), segments discarded up to Last = 1 by
// their length fields, the next word read as an instruction.
module lwc_keccak #(
    parameter W   = 32,                 // PDI, SDI and DO width: 32 or 128
    parameter RPC = 1                   // permutation rounds per clock (keccak_p1600)
) (
    input  wire         clk,
    input  wire         rst,

    input  wire [W-1:0] pdi_data,
    input  wire         pdi_valid,
    output wire         pdi_ready,

    input  wire [W-1:0] sdi_data,
    input  wire         sdi_valid,
    output wire         sdi_ready,

    output wire [W-1:0] do_data,
    output wire         do_valid,
    input  wire         do_ready
);

generate
if (W != 32 && W != 128) begin : g_bad_w
    $error("%m: W must be 32 or 128");
end
endgenerate

localparam integer WB   = W / 8;                    // bytes per word
localparam integer LWB  = (W == 128) ? 4 : 2;       // log2(WB)
localparam integer NACC = 8 + WB;                   // byte packer: < 8 bytes + one word
localparam [16:0]  WB_M1 = (W == 128) ? 17'd15 : 17'd3;
localparam [15:0]  SEGMAX = (W == 128) ? 16'd65520 : 16'd65532;  // DO segment size (whole words)

// opcodes, segment types, failure reasons (docs/lwc-protocol.md)
localparam [3:0] OP_ENC = 4'b0010, OP_DEC = 4'b0011, OP_LDKEY = 4'b0100, OP_ACTKEY = 4'b0111,
                 OP_HASH = 4'b1000, OP_MAC = 4'b1001, OP_GEN = 4'b1010, OP_SEED = 4'b1100,
                 OP_RESEED = 4'b1101;
localparam [3:0] T_HASH_MSG = 4'b0111, T_TAG = 4'b1000, T_HASH_VALUE = 4'b1001,
                 T_LENGTH = 4'b1010, T_KEY = 4'b1100;
localparam [7:0] R_NONE = 8'h00, R_MALFORMED = 8'h02, R_BAD_INS = 8'h03, R_NO_KEY = 8'h04,
                 R_LENGTH = 8'h06;

// Keyak hook: 1 when a Lake Keyak core (ip/keccak/rtl/keyak_engine.v) serves ENC/DEC with ALG
// 0 or 0x19. This build has none: ENC/DEC take the path of an algorithm the engine does not run.
localparam KEYAK_HOOK = 1'b0;

// ---------------------------------------------------------------------- word helpers --
function [W-1:0] view;                  // a 32-bit control word in its place
    input [31:0] v;
    begin
        view = {W{1'b0}};
        view[W-1 -: 32] = v;
    end
endfunction

// decode_instruction: opcode known, [19:0] zero, ALG known, no ALG on LDKEY/ACTKEY, ALG for
// the opcode (the engine-independent checks)
function ins_valid;
    input [31:0] v;
    reg [3:0] op;
    reg [7:0] a;
    reg op_k, alg_k, takes;
    begin
        op = v[31:28];
        a  = v[27:20];
        op_k  = (op == OP_ENC) || (op == OP_DEC) || (op == OP_LDKEY) || (op == OP_ACTKEY) ||
                (op == OP_HASH) || (op == OP_MAC) || (op == OP_GEN) || (op == OP_SEED) ||
                (op == OP_RESEED);
        alg_k = (a == 8'h00) || (a >= 8'h11 && a <= 8'h19) || (a >= 8'h21 && a <= 8'h24);
        takes = (a == 8'h00) ||
                (op == OP_HASH && ((a >= 8'h11 && a <= 8'h17) || a == 8'h23)) ||
                (op == OP_MAC && (a == 8'h18 || a == 8'h22)) ||
                ((op == OP_ENC || op == OP_DEC) && (a == 8'h19 || a == 8'h21)) ||
                ((op == OP_GEN || op == OP_SEED || op == OP_RESEED) && a == 8'h24);
        ins_valid = op_k && (v[19:0] == 20'd0) && alg_k && takes &&
                    !((op == OP_LDKEY || op == OP_ACTKEY) && a != 8'h00);
    end
endfunction

// a segment header that is well formed and the expected one: reserved bits zero, the type,
// Last = 1 exactly on the final part's EOT segment
/* verilator lint_off UNUSEDSIGNAL */  // EOI (bit 26) is not checked (protocol); [15:0] is the length
function hdr_good;
    input [31:0] v;
    input [3:0]  want;
    input        final_part;
    begin
        hdr_good = !v[27] && (v[23:16] == 8'd0) && (v[31:28] == want) &&
                   (v[24] == (v[25] && final_part));
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

function [16:0] words_of;               // ceil(length / WB)
    input [15:0] len;
    reg [16:0] s;
    begin
        s = {1'b0, len} + WB_M1;
        words_of = s >> LWB;
    end
endfunction

/* verilator lint_off UNUSEDSIGNAL */  // only the length's low bits count here
function [4:0] last_bytes;              // bytes in a segment's last word
    input [15:0] len;
    begin
        if (len[LWB-1:0] == 0)
            last_bytes = WB[4:0];
        else
            last_bytes = {{(5-LWB){1'b0}}, len[LWB-1:0]};
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

wire [31:0] pv = pdi_data[W-1 -: 32];
wire [31:0] sv = sdi_data[W-1 -: 32];
wire        pdi_low0 = ~|(pdi_data << 32);      // bits [W-33:0] zero (always at W = 32)
wire        sdi_low0 = ~|(sdi_data << 32);

// ------------------------------------------------------------------------------ state --
localparam [2:0] P_INS = 3'd0, P_HDR = 3'd1, P_DATA = 3'd2, P_SKHDR = 3'd3, P_SKDAT = 3'd4,
                 P_SDI = 3'd5, P_LEN = 3'd6;
localparam [2:0] D_IDLE = 3'd0, D_HDR = 3'd1, D_DAT = 3'd2, D_WST = 3'd3, D_STAT = 3'd4;
localparam [2:0] Q_IDLE = 3'd0, Q_INS = 3'd1, Q_HDR = 3'd2, Q_DAT = 3'd3, Q_SER = 3'd4,
                 Q_SKH = 3'd5, Q_SKD = 3'd6, Q_DONE = 3'd7;

reg  [2:0]  pst, dst, qst;

// PDI side: the operation in progress
reg  [3:0]  exp_type;       // the segment type expected next
reg         final_part;     // the expected part is the operation's last
reg         len_part;       // reading the LENGTH part (SHAKE)
reg         feed;           // HASH_MSG bytes go to the sponge (else they are read and dropped)
reg  [7:0]  pend_reason;    // failure found before the end (NO_KEY, LENGTH): status at the end
reg  [3:0]  out_type;       // HASH_VALUE or TAG
reg  [20:0] out_len;        // output bytes (<= 2^20)
reg  [16:0] seg_words;      // data words left in the segment
reg  [4:0]  seg_lastb;      // bytes in its last word
reg         seg_eot;
reg  [16:0] sk_words;       // resynchronisation: words left of a discarded segment
reg         sk_last;
reg  [31:0] len_val;        // LENGTH bytes, big-endian
reg  [2:0]  len_cnt;        // LENGTH bytes seen, saturating at 7

// sponge command
reg         cmd_pend;
reg  [4:0]  c_rate;
reg  [7:0]  c_suffix;
reg  [31:0] c_outlen;
reg         sp_abort;       // one-clock reset of the sponge after a malformed header

// byte packer: stream byte p at [8p +: 8]
reg  [8*NACC-1:0] acc;
reg  [4:0]  acnt;
reg         afinal;         // the message is complete: flush, the last beat with s_tlast
reg         pfx_on;         // MAC: the KeyPack block goes first
reg  [4:0]  pidx;

// key: staging while LDKEY's KEY part arrives, the active key as its KeyPack
reg  [8*38-1:0] stg;
reg  [6:0]  klen;           // KEY bytes seen, saturating at 127
reg  [8*40-1:0] kpack;      // KeyPack(K): byte p at [8p +: 8]
reg  [6:0]  key_len;        // active key length, 0: none

// SDI side
reg  [3:0]  ins_op_q;       // the PDI instruction it serves
reg         q_ld;           // 1: LDKEY for ACTKEY, 0: consume a seed instruction unit
reg  [7:0]  q_reason;
reg  [16:0] q_words;
reg  [4:0]  q_lastb;
reg         q_eot;
reg  [W-1:0] kw;            // KEY word being written byte by byte
reg  [4:0]  kn;
reg  [16:0] qk_words;
reg         qk_last;
wire        sdi_done = (qst == Q_DONE);
wire        key_fits = (klen >= 7'd1) && (klen <= 7'd64);
wire [7:0]  sdi_result = (q_reason != R_NONE) ? q_reason :
                         (q_ld && !key_fits) ? R_NO_KEY : R_NONE;

// DO side
reg  [3:0]  d_type;
reg  [20:0] d_left;         // output bytes not yet in a segment header
reg  [16:0] d_words;        // data words left in the segment on DO
reg  [7:0]  d_reason;

// jobs posted to DO (combinational, taken in D_IDLE)
reg         job;
reg         job_status;     // 1: a status word alone (d_reason)
reg  [7:0]  job_reason;

wire do_busy = (dst != D_IDLE);

// ---------------------------------------------------------------------------- sponge --
wire        sp_rst = rst || sp_abort;
wire        c_ready;
wire [63:0] s_tdata;
wire [7:0]  s_tkeep;
wire        s_tlast, s_tvalid, s_tready;
wire [63:0] m_tdata;
wire [7:0]  m_tkeep;
wire        m_tlast, m_tvalid;
wire        m_tready;
/* verilator lint_off UNUSEDSIGNAL */  // st_err: the front end sends only in-range commands
wire        st_err;
/* verilator lint_on UNUSEDSIGNAL */
wire        st_valid;
wire        st_ready = (dst == D_WST);

keccak_sponge #(.RPC(RPC)) u_sponge (
    .clk(clk), .rst(sp_rst),
    .c_rate_w(c_rate), .c_suffix(c_suffix), .c_nr(5'd24), .c_out_len(c_outlen),
    .c_valid(cmd_pend), .c_ready(c_ready),
    .s_tdata(s_tdata), .s_tkeep(s_tkeep), .s_tlast(s_tlast), .s_tvalid(s_tvalid),
    .s_tready(s_tready),
    .m_tdata(m_tdata), .m_tkeep(m_tkeep), .m_tlast(m_tlast), .m_tvalid(m_tvalid),
    .m_tready(m_tready),
    .st_err(st_err), .st_valid(st_valid), .st_ready(st_ready)
);

// the beats into the sponge: the MAC's KeyPack block, then the packed message
reg  [63:0] pfx_beat;
always @(*) begin
    case (pidx)
        5'd0: pfx_beat = kpack[0 +: 64];
        5'd1: pfx_beat = kpack[64 +: 64];
        5'd2: pfx_beat = kpack[128 +: 64];
        5'd3: pfx_beat = kpack[192 +: 64];
        5'd4: pfx_beat = kpack[256 +: 64];
        5'd5: pfx_beat = 64'h01;                      // pad10*1 of KeyPack(K): its first 1
        5'd16: pfx_beat = 64'h80 << 56;               // and its last, byte 135
        default: pfx_beat = 64'd0;
    endcase
end
wire        a_last  = afinal && (acnt <= 5'd8);
wire        a_valid = !pfx_on && (afinal || acnt >= 5'd8);
wire [7:0]  a_keep  = (!a_last || acnt[3]) ? 8'hFF : ((8'd1 << acnt[2:0]) - 8'd1);
assign s_tvalid = pfx_on || a_valid;
assign s_tdata  = pfx_on ? pfx_beat : acc[63:0];
assign s_tkeep  = pfx_on ? 8'hFF : a_keep;
assign s_tlast  = !pfx_on && a_last;
wire   s_take   = s_tvalid && s_tready;

// ---------------------------------------------------------------------------- PDI side --
wire        acc_room = (acnt < 5'd8) && !afinal;
wire [4:0]  p_nbytes = (seg_words == 17'd1) ? seg_lastb : WB[4:0];
wire        data_ok  = !feed || acc_room;
assign pdi_ready = !rst && ((pst == P_INS && !do_busy) || pst == P_HDR ||
                            (pst == P_DATA && data_ok) || pst == P_SKHDR || pst == P_SKDAT);
wire        p_take = pdi_valid && pdi_ready;

// the input word's bytes in stream order (byte k at [8k +: 8]), padding bytes cleared
reg  [8*WB-1:0] ib;
integer bk;
always @(*) begin
    for (bk = 0; bk < WB; bk = bk + 1)
        ib[8*bk +: 8] = (bk < p_nbytes) ? pdi_data[W-1-8*bk -: 8] : 8'd0;
end
wire [8*NACC-1:0] ib_wide = {{(8*(NACC-WB)){1'b0}}, ib};

wire        len_good = (len_cnt == 3'd4) && (len_val <= 32'h0010_0000);
wire [5:0]  len_sum  = {3'd0, len_cnt} + {1'b0, p_nbytes};

wire [16:0] hdr_words = words_of(pv[15:0]);
wire [3:0]  ins_op  = pv[31:28];
wire [7:0]  ins_alg = pv[27:20];
wire        ins_ok  = pdi_low0 && ins_valid(pv);
wire        seg_code = (ins_op == OP_ENC) || (ins_op == OP_DEC) || (ins_op == OP_HASH) ||
                       (ins_op == OP_MAC) || (ins_op == OP_GEN);
wire        runs_hash = (ins_op == OP_HASH) && (ins_alg == 8'h00 ||
                                                (ins_alg >= 8'h11 && ins_alg <= 8'h17));
wire        runs_mac  = (ins_op == OP_MAC) && (ins_alg == 8'h00 || ins_alg == 8'h18);
// KEYAK_HOOK: ENC/DEC that a Lake Keyak core would run
wire        runs_keyak = KEYAK_HOOK && (ins_op == OP_ENC || ins_op == OP_DEC) &&
                         (ins_alg == 8'h00 || ins_alg == 8'h19);
wire        key_mac_ok = (key_len >= 7'd1) && (key_len <= 7'd38);

// end of a segment: the next part, or the end of the operation
task seg_end;
    input eot;
    begin
        if (!eot) begin
            pst <= P_HDR;
        end else if (len_part) begin
            pst <= P_LEN;                          // LENGTH's last word is being taken
        end else begin
            if (feed)
                afinal <= 1'b1;
            pst <= P_INS;
        end
    end
endtask

// job to DO at the end of an operation or on a failure
always @(*) begin
    job        = 1'b0;
    job_status = 1'b1;
    job_reason = R_BAD_INS;
    case (pst)
    P_INS: if (p_take) begin
        if (!ins_ok || ins_op == OP_LDKEY) begin
            job = 1'b1;
        end else if (ins_op == OP_ACTKEY || ins_op == OP_SEED || ins_op == OP_RESEED) begin
            job = 1'b0;                            // after the SDI unit
        end else if (!runs_hash && !runs_mac && !runs_keyak) begin
            job = 1'b1;                            // ENC/DEC (KEYAK_HOOK), PRNG_GEN, AES algs
        end
    end
    P_HDR: if (p_take) begin
        if (!pdi_low0 || !hdr_good(pv, exp_type, final_part)) begin
            job        = 1'b1;
            job_reason = R_MALFORMED;
        end else if (hdr_words == 17'd0 && pv[25] && final_part) begin
            job        = 1'b1;
            job_status = (pend_reason != R_NONE);
            job_reason = pend_reason;
        end
    end
    P_DATA: if (p_take && seg_words == 17'd1 && seg_eot && final_part && !len_part) begin
        job        = 1'b1;
        job_status = (pend_reason != R_NONE);
        job_reason = pend_reason;
    end
    P_SDI: if (sdi_done && sdi_result != R_NONE) begin
        job        = 1'b1;
        job_reason = sdi_result;
    end
    default: ;
    endcase
end

// The XOF's output length comes from LENGTH, which ends before HASH_MSG: out_len is set by the
// time the job is posted (a job posted from P_HDR of a zero-length final part at the earliest).
always @(posedge clk) begin
    sp_abort <= 1'b0;
    if (rst) begin
        pst         <= P_INS;
        cmd_pend    <= 1'b0;
        acnt        <= 5'd0;
        acc         <= {(8*NACC){1'b0}};
        afinal      <= 1'b0;
        pfx_on      <= 1'b0;
        pidx        <= 5'd0;
        feed        <= 1'b0;
        len_part    <= 1'b0;
        pend_reason <= R_NONE;
    end else begin
        if (cmd_pend && c_ready)
            cmd_pend <= 1'b0;
        // beats into the sponge
        if (s_take) begin
            if (pfx_on) begin
                pidx <= pidx + 5'd1;
                if (pidx == 5'd16)
                    pfx_on <= 1'b0;
            end else begin
                acc  <= acc >> 64;
                acnt <= a_last ? 5'd0 : acnt - 5'd8;
                if (a_last)
                    afinal <= 1'b0;
            end
        end
        case (pst)
        P_INS: if (p_take) begin
            pend_reason <= R_NONE;
            len_part    <= 1'b0;
            feed        <= 1'b0;
            len_cnt     <= 3'd0;
            len_val     <= 32'd0;
            exp_type    <= T_HASH_MSG;
            final_part  <= 1'b1;
            if (!ins_ok) begin
                pst <= seg_code ? P_SKHDR : P_INS;
            end else if (ins_op == OP_ACTKEY || ins_op == OP_SEED || ins_op == OP_RESEED) begin
                pst <= P_SDI;
            end else if (runs_hash) begin
                pst      <= P_HDR;
                out_type <= T_HASH_VALUE;
                case (ins_alg)
                8'h11:   begin c_rate <= 5'd18; c_suffix <= 8'h06; out_len <= 21'd28; end
                8'h13:   begin c_rate <= 5'd13; c_suffix <= 8'h06; out_len <= 21'd48; end
                8'h14:   begin c_rate <= 5'd9;  c_suffix <= 8'h06; out_len <= 21'd64; end
                8'h15:   begin c_rate <= 5'd21; c_suffix <= 8'h1F; end
                8'h16:   begin c_rate <= 5'd17; c_suffix <= 8'h1F; end
                8'h17:   begin c_rate <= 5'd17; c_suffix <= 8'h01; out_len <= 21'd32; end
                default: begin c_rate <= 5'd17; c_suffix <= 8'h06; out_len <= 21'd32; end
                endcase
                case (ins_alg)
                8'h11: c_outlen <= 32'd28;
                8'h13: c_outlen <= 32'd48;
                8'h14: c_outlen <= 32'd64;
                default: c_outlen <= 32'd32;
                endcase
                if (ins_alg == 8'h15 || ins_alg == 8'h16) begin
                    len_part   <= 1'b1;
                    exp_type   <= T_LENGTH;
                    final_part <= 1'b0;
                end else begin
                    cmd_pend <= 1'b1;
                    feed     <= 1'b1;
                end
            end else if (runs_mac) begin
                pst      <= P_HDR;
                out_type <= T_TAG;
                out_len  <= 21'd16;
                c_rate   <= 5'd17;
                c_suffix <= 8'h01;
                c_outlen <= 32'd16;
                if (key_mac_ok) begin
                    cmd_pend <= 1'b1;
                    feed     <= 1'b1;
                    pfx_on   <= 1'b1;
                    pidx     <= 5'd0;
                end else begin
                    pend_reason <= R_NO_KEY;
                end
            end else if (runs_keyak) begin
                // KEYAK_HOOK: the ENC/DEC segments go to keyak_engine from here (its NPUB, AD,
                // PT/CT, TAG parts, CT/PT and TAG on DO); without it they are discarded
                pst <= P_SKHDR;
            end else begin
                pst <= seg_code ? P_SKHDR : P_INS;   // LDKEY; ENC/DEC; PRNG_GEN; AES algs
            end
        end
        P_HDR: if (p_take) begin
            if (!pdi_low0 || !hdr_good(pv, exp_type, final_part)) begin
                // malformed: drop the sponge's message, discard from this header on
                sp_abort <= 1'b1;
                cmd_pend <= 1'b0;
                feed     <= 1'b0;
                pfx_on   <= 1'b0;
                afinal   <= 1'b0;
                acnt     <= 5'd0;
                acc      <= {(8*NACC){1'b0}};
                sk_words <= hdr_words;
                sk_last  <= pv[24];
                if (hdr_words != 17'd0)
                    pst <= P_SKDAT;
                else
                    pst <= pv[24] ? P_INS : P_SKHDR;
            end else begin
                seg_words <= hdr_words;
                seg_lastb <= last_bytes(pv[15:0]);
                seg_eot   <= pv[25];
                if (hdr_words != 17'd0)
                    pst <= P_DATA;
                else
                    seg_end(pv[25]);
            end
        end
        P_DATA: if (p_take) begin
            if (feed) begin
                acc  <= acc | (ib_wide << {acnt, 3'b000});
                acnt <= acnt + p_nbytes;
            end
            if (len_part) begin
                len_cnt <= (len_sum > 6'd7) ? 3'd7 : len_sum[2:0];
                case (p_nbytes)
                5'd1:    len_val <= {len_val[23:0], pv[31:24]};
                5'd2:    len_val <= {len_val[15:0], pv[31:16]};
                5'd3:    len_val <= {len_val[7:0], pv[31:8]};
                default: len_val <= pv;
                endcase
            end
            seg_words <= seg_words - 17'd1;
            if (seg_words == 17'd1)
                seg_end(seg_eot);
        end
        P_SKHDR: if (p_take) begin
            sk_words <= hdr_words;
            sk_last  <= pv[24];
            if (hdr_words != 17'd0)
                pst <= P_SKDAT;
            else if (pv[24])
                pst <= P_INS;
        end
        P_SKDAT: if (p_take) begin
            sk_words <= sk_words - 17'd1;
            if (sk_words == 17'd1)
                pst <= sk_last ? P_INS : P_SKHDR;
        end
        P_SDI: if (sdi_done)
            pst <= P_INS;
        P_LEN: begin                               // the LENGTH part is in: the XOF's length
            len_part   <= 1'b0;
            exp_type   <= T_HASH_MSG;
            final_part <= 1'b1;
            pst        <= P_HDR;
            if (len_good) begin
                cmd_pend <= 1'b1;
                c_outlen <= len_val;
                out_len  <= len_val[20:0];
                feed     <= 1'b1;
            end else begin
                pend_reason <= R_LENGTH;
            end
        end
        default: pst <= P_INS;
        endcase
    end
end

// ---------------------------------------------------------------------------- SDI side --
assign sdi_ready = !rst && (qst == Q_INS || qst == Q_HDR || qst == Q_DAT || qst == Q_SKH ||
                            qst == Q_SKD);
wire        q_take = sdi_valid && sdi_ready;
wire [16:0] q_hwords = words_of(sv[15:0]);
wire        q_req = (pst == P_SDI) && (qst == Q_IDLE);

integer kb;
always @(posedge clk) begin
    if (rst) begin
        qst     <= Q_IDLE;
        key_len <= 7'd0;
    end else begin
        case (qst)
        Q_IDLE: if (q_req) begin
            q_ld     <= (ins_op_q == OP_ACTKEY);
            q_reason <= R_NONE;
            qst      <= Q_INS;
        end
        Q_INS: if (q_take) begin
            stg  <= {(8*38){1'b0}};
            klen <= 7'd0;
            if (q_ld && sdi_low0 && ins_valid(sv) && sv[31:28] == OP_LDKEY) begin
                qst <= Q_HDR;
            end else begin
                q_reason <= R_BAD_INS;            // a seed unit always: no Keccak PRNG
                qst      <= Q_SKH;
            end
        end
        Q_HDR: if (q_take) begin
            if (!sdi_low0 || !hdr_good(sv, T_KEY, 1'b1)) begin
                q_reason <= R_MALFORMED;
                qk_words <= q_hwords;
                qk_last  <= sv[24];
                if (q_hwords != 17'd0)
                    qst <= Q_SKD;
                else
                    qst <= sv[24] ? Q_DONE : Q_SKH;
            end else begin
                q_words <= q_hwords;
                q_lastb <= last_bytes(sv[15:0]);
                q_eot   <= sv[25];
                if (q_hwords != 17'd0)
                    qst <= Q_DAT;
                else if (sv[25])
                    qst <= Q_DONE;
            end
        end
        Q_DAT: if (q_take) begin
            kw  <= sdi_data;
            kn  <= (q_words == 17'd1) ? q_lastb : WB[4:0];
            qst <= Q_SER;
        end
        Q_SER: begin                               // one KEY byte per clock
            if (klen < 7'd38)
                stg[8*klen +: 8] <= kw[W-1 -: 8];
            if (klen != 7'd127)
                klen <= klen + 7'd1;
            kw <= kw << 8;
            kn <= kn - 5'd1;
            if (kn == 5'd1) begin
                q_words <= q_words - 17'd1;
                if (q_words != 17'd1)
                    qst <= Q_DAT;
                else
                    qst <= q_eot ? Q_DONE : Q_HDR;
            end
        end
        Q_SKH: if (q_take) begin
            qk_words <= q_hwords;
            qk_last  <= sv[24];
            if (q_hwords != 17'd0)
                qst <= Q_SKD;
            else if (sv[24])
                qst <= Q_DONE;
        end
        Q_SKD: if (q_take) begin
            qk_words <= qk_words - 17'd1;
            if (qk_words == 17'd1)
                qst <= qk_last ? Q_DONE : Q_SKH;
        end
        Q_DONE: begin
            qst <= Q_IDLE;
            if (sdi_result == R_NONE && q_ld) begin
                // KeyPack(K) = enc8(40) || K || 0x01 || 0*: the 0x01 right after the key
                key_len     <= klen;
                kpack[7:0]  <= 8'h28;
                for (kb = 1; kb < 39; kb = kb + 1)
                    kpack[8*kb +: 8] <= stg[8*(kb-1) +: 8] |
                                        (({25'd0, klen} == kb - 1) ? 8'h01 : 8'h00);
                kpack[8*39 +: 8] <= (klen == 7'd38) ? 8'h01 : 8'h00;
            end
        end
        default: qst <= Q_IDLE;
        endcase
    end
end

// the PDI instruction the SDI side serves (held in P_SDI)
always @(posedge clk)
    if (pst == P_INS && p_take)
        ins_op_q <= ins_op;

// ----------------------------------------------------------------------------- DO side --
// squeezed beats to DO words: byte j of a beat to stream position j, bytes past m_tkeep zero
wire [63:0] m_be;
genvar gj;
generate
    for (gj = 0; gj < 8; gj = gj + 1) begin : g_be
        assign m_be[63-8*gj -: 8] = m_tdata[8*gj +: 8] & {8{m_tkeep[gj]}};
    end
endgenerate

wire        w_valid;
wire [W-1:0] w_data;
wire        w_take = (dst == D_DAT) && do_ready && w_valid;
generate
if (W == 32) begin : g_out32
    reg [63:0] ob;
    reg [1:0]  on;                               // words left in ob
    assign m_tready = (on == 2'd0) || (on == 2'd1 && w_take);
    assign w_valid  = (on != 2'd0);
    assign w_data   = ob[63:32];
    always @(posedge clk) begin
        if (sp_rst) begin
            on <= 2'd0;
        end else if (m_tvalid && m_tready) begin
            ob <= m_be;
            on <= (m_tlast && !m_tkeep[4]) ? 2'd1 : 2'd2;
        end else if (w_take) begin
            ob <= ob << 32;
            on <= on - 2'd1;
        end
    end
end else begin : g_out128
    reg [127:0] ob;
    reg         half, full;
    assign m_tready = !full || w_take;
    assign w_valid  = full;
    assign w_data   = ob;
    always @(posedge clk) begin
        if (sp_rst) begin
            half <= 1'b0;
            full <= 1'b0;
        end else if (m_tvalid && m_tready) begin
            if (!half) begin
                ob[127:64] <= m_be;
                if (m_tlast) begin
                    ob[63:0] <= 64'd0;
                    full     <= 1'b1;
                end else begin
                    full <= 1'b0;
                    half <= 1'b1;
                end
            end else begin
                ob[63:0] <= m_be;
                full     <= 1'b1;
                half     <= 1'b0;
            end
        end else if (w_take) begin
            full <= 1'b0;
        end
    end
end
endgenerate

wire        d_lastseg = (d_left <= {5'd0, SEGMAX});
wire [15:0] d_seglen  = d_lastseg ? d_left[15:0] : SEGMAX;
wire [16:0] d_segw    = words_of(d_seglen);
wire [31:0] d_hdr     = {d_type, 1'b0, 1'b0, d_lastseg, d_lastseg, 8'd0, d_seglen};
wire [31:0] d_stat    = {(d_reason == R_NONE) ? 4'b1110 : 4'b1111, 20'd0, d_reason};

assign do_valid = (dst == D_HDR) || (dst == D_STAT) || (dst == D_DAT && w_valid);
assign do_data  = (dst == D_DAT) ? w_data : view((dst == D_HDR) ? d_hdr : d_stat);

always @(posedge clk) begin
    if (rst) begin
        dst <= D_IDLE;
    end else begin
        case (dst)
        D_IDLE: if (job) begin
            d_reason <= job_status ? job_reason : R_NONE;
            d_type   <= out_type;
            d_left   <= out_len;
            dst      <= job_status ? D_STAT : D_HDR;
        end
        D_HDR: if (do_ready) begin
            d_left  <= d_left - {5'd0, d_seglen};
            d_words <= d_segw;
            if (d_segw != 17'd0)
                dst <= D_DAT;
            else
                dst <= d_lastseg ? D_WST : D_HDR;
        end
        D_DAT: if (w_take) begin
            d_words <= d_words - 17'd1;
            if (d_words == 17'd1)
                dst <= (d_left == 21'd0) ? D_WST : D_HDR;
        end
        D_WST: if (st_valid)
            dst <= D_STAT;                       // st_err: never set by the commands sent here
        D_STAT: if (do_ready)
            dst <= D_IDLE;
        default: dst <= D_IDLE;
        endcase
    end
end

endmodule
`default_nettype wire
