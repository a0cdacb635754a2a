// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// LWC-style command front end of the Keccak engine (docs/lwc-protocol.md; reference model
// linecrypt/lwc/engine.py, EngineModel(Engine.KECCAK, W, aead_limits=AeadLimits(KEYAK_AD,
// KEYAK_MSG, KEYAK_SEGS)), or EngineModel(Engine.KECCAK, W, without={Alg.LAKE_KEYAK}) with
// KEYAK = 0; without={Alg.KECCAK_DUPLEX} with PRNG = 0) around keccak_sponge, keyak_engine
// (ip/keccak/rtl) and the keccak-duplex PRNG. lwc_word_decode checks the PDI and SDI control
// words, lwc_do_words packs the squeezed beats into DO words.
//
// One permutation: the sponge, the Keyak engine (both with EXT_PERM = 1) and the PRNG take
// turns in one keccak_p1600 through keccak_p1600_mux. One operation runs at a time, so the
// grant follows the operation: the PRNG while it has a duplexing call to start, the Keyak
// engine while an ENC/DEC runs in it, the sponge otherwise. The sponge's and the Keyak
// engine's states live in the permutation during their operation; the PRNG's state, which
// persists across instructions, lives in a register of its own.
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
//   ENC, DEC  Lake Keyak (0x19, [Lake Keyak]) in keyak_engine: the CAESAR API, a 16-byte active
//         key, a 150-byte NPUB, one StartEngine + Wrap per instruction. The Motorist mixes up to
//         24 AD bytes into every message block and keyak_engine takes both lengths with its
//         command, while the protocol sends all of AD before the message and gives no length
//         up front; so the front end holds NPUB and AD (meta buffer), the PT/CT part (message
//         buffer, packed bytes) and its segment lengths (segment list), runs the engine when the
//         instruction's last part is in, writes its output back over the message in place, and
//         sends it as one CT/PT segment per PT/CT segment: ENC then TAG and success; DEC only
//         when the tag verifies (no plaintext before that: AUTH is a status word alone).
//         AD over KEYAK_AD bytes, a message over KEYAK_MSG bytes or KEYAK_SEGS segments, an
//         NPUB not of 150 bytes, a TAG not of 16 bytes: LENGTH; no key or not 16 bytes: NO_KEY
//         (both after the instruction's segments are read, no CT/PT). A malformed header in
//         ENC's PT part after complete PT segments: their CT (no TAG), then MALFORMED.
//         KEYAK = 0 builds without it: ENC/DEC are BAD_INSTRUCTION, segments discarded.
//   PRNG_SEED, PRNG_RESEED, PRNG_GEN: keccak-duplex (0x1A, [keccak-duplex];
//         linecrypt/models/keccak_duplex.py), SpongePRG on Keccak-f[1600] with r = 1088,
//         c = 512, rho = 135 bytes, every duplexing call padded with 0x1F and pad10*1. Its
//         state register holds the state between instructions. PRNG_SEED and PRNG_RESEED
//         take the SEED bytes from SDI one per clock and XOR them into the rate as it rotates
//         by a byte per clock (135 data bytes at most, then the padding bytes after them, one
//         per clock; 136 steps bring the rate back into place, PRNG_SEED's first call starts
//         from the zero state); a call then permutes the state in the shared permutation. The
//         SEED part ends with a call of 0..134 bytes; success: a status word.
//         PRNG_GEN sends rate bytes 0..134 of each call's output as RANDOM, an empty call
//         (block 0x1F, 0*, 0x80) between blocks, then the forget call: bytes 0..134 of the rate
//         zeroed, byte 135 (never output) XORed with 0x9F. PRNG_RESEED and PRNG_GEN before a successful
//         PRNG_SEED: NOT_SEEDED. A malformed SEED header leaves the generator unseeded. Fortuna
//         (0x24) and, with PRNG = 0, keccak-duplex are BAD_INSTRUCTION; the seed instructions
//         then consume their SDI instruction and SEED segments (up to Last = 1).
// Malformed words follow "Malformed input and resynchronisation": the failure status, the
// sponge reset (a partly absorbed message is dropped), segments discarded up to Last = 1 by
// their length fields, the next word read as an instruction.
module lwc_keccak #(
    parameter W          = 32,          // PDI, SDI and DO width: 32 or 128
    parameter RPC        = 1,           // permutation rounds per clock (keccak_p1600)
    parameter KEYAK      = 1,           // 1: Lake Keyak ENC/DEC (keyak_engine, buffers); 0: none
    parameter KEYAK_AD   = 2048,        // largest AD of an ENC/DEC, bytes (multiple of 8)
    parameter KEYAK_MSG  = 4096,        // largest PT/CT part, bytes (multiple of 8)
    parameter KEYAK_SEGS = 64,          // most PT/CT segments of one ENC/DEC
    parameter PRNG       = 1            // 1: keccak-duplex PRNG; 0: none
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
if (KEYAK != 0 && KEYAK != 1) begin : g_bad_keyak
    $error("%m: KEYAK must be 0 or 1");
end
if (PRNG != 0 && PRNG != 1) begin : g_bad_prng
    $error("%m: PRNG must be 0 or 1");
end
if (KEYAK_AD < 8 || KEYAK_AD % 8 != 0 || KEYAK_AD > 1048576) begin : g_bad_kad
    $error("%m: KEYAK_AD must be a multiple of 8, 8..2^20");
end
if (KEYAK_MSG < 8 || KEYAK_MSG % 8 != 0 || KEYAK_MSG > 1048576) begin : g_bad_kmsg
    $error("%m: KEYAK_MSG must be a multiple of 8, 8..2^20");
end
if (KEYAK_SEGS < 1 || KEYAK_SEGS > 65536) begin : g_bad_ksegs
    $error("%m: KEYAK_SEGS must be 1..65536");
end
endgenerate

localparam integer WB   = W / 8;                    // bytes per word
localparam integer LWB  = (W == 128) ? 4 : 2;       // log2(WB)
localparam integer NACC = 8 + WB;                   // byte packers: < 8 bytes + one word
localparam [16:0]  WB_M1 = (W == 128) ? 17'd15 : 17'd3;
localparam [15:0]  SEGMAX = (W == 128) ? 16'd65520 : 16'd65532;  // DO segment size (whole words)

// Lake Keyak buffers: the meta buffer holds NPUB (150 bytes, 19 beats) and then AD, the message
// buffer the PT/CT part as packed bytes, the segment list each PT/CT segment's length and EOT
localparam integer NPUB_BEATS = 19;
localparam integer AD_BEATS   = KEYAK_AD / 8;
localparam integer MB_DEPTH   = NPUB_BEATS + AD_BEATS;
localparam integer XB_DEPTH   = KEYAK_MSG / 8;
localparam integer MA_W = $clog2(MB_DEPTH);
localparam integer XA_W = (XB_DEPTH > 1) ? $clog2(XB_DEPTH) : 1;
localparam integer SA_W = (KEYAK_SEGS > 1) ? $clog2(KEYAK_SEGS) : 1;
localparam integer KRPC = (RPC >= 12) ? 12 : RPC;  // keyak_engine: rounds per clock divide 12
localparam integer PRPC = (KEYAK != 0) ? KRPC : RPC; // the shared permutation's rounds per clock
localparam [20:0]  K_AD  = KEYAK_AD[20:0];
localparam [20:0]  K_MSG = KEYAK_MSG[20:0];
localparam [SA_W:0] K_SEGS = KEYAK_SEGS[SA_W:0];
localparam [MA_W:0] K_ADB  = AD_BEATS[MA_W:0];
localparam [XA_W:0] K_XB   = XB_DEPTH[XA_W:0];

// opcodes, segment types, failure reasons (docs/lwc-protocol.md)
localparam [3:0] OP_ENC = 4'b0010, OP_DEC = 4'b0011, OP_LDKEY = 4'b0100, OP_ACTKEY = 4'b0111,
                 OP_HASH = 4'b1000, OP_MAC = 4'b1001, OP_GEN = 4'b1010, OP_SEED = 4'b1100,
                 OP_RESEED = 4'b1101;
localparam [3:0] T_AD = 4'b0001, T_PT = 4'b0100, T_CT = 4'b0101, T_RANDOM = 4'b0110,
                 T_HASH_MSG = 4'b0111, T_TAG = 4'b1000, T_HASH_VALUE = 4'b1001,
                 T_LENGTH = 4'b1010, T_SEED = 4'b1011, T_KEY = 4'b1100, T_NPUB = 4'b1101;
localparam [7:0] R_NONE = 8'h00, R_AUTH = 8'h01, R_MALFORMED = 8'h02, R_BAD_INS = 8'h03,
                 R_NO_KEY = 8'h04, R_NOT_SEEDED = 8'h05, R_LENGTH = 8'h06;

// ---------------------------------------------------------------------- word helpers --
function [W-1:0] view;                  // a 32-bit control word in its place
    input [31:0] v;
    begin
        view = {W{1'b0}};
        view[W-1 -: 32] = v;
    end
endfunction

function [7:0] keep_of;                 // tkeep of a 64-bit beat with `left` bytes to come
    input [20:0] left;
    begin
        keep_of = (left >= 21'd8) ? 8'hFF : ((8'd1 << left[2:0]) - 8'd1);
    end
endfunction

wire [31:0] pv = pdi_data[W-1 -: 32];
/* verilator lint_off UNUSEDSIGNAL */  // opcode, EOT, Last read here; lwc_word_decode checks all
wire [31:0] sv = sdi_data[W-1 -: 32];
/* verilator lint_on UNUSEDSIGNAL */

// ------------------------------------------------------------------------------ state --
localparam [2:0] P_INS = 3'd0, P_HDR = 3'd1, P_DATA = 3'd2, P_SKHDR = 3'd3, P_SKDAT = 3'd4,
                 P_SDI = 3'd5, P_LEN = 3'd6, P_KEND = 3'd7;
// D_K*: Lake Keyak: wait for the packer to empty, command, engine pass (output written back in
// place), then CT/PT segments (header, data), ENC's TAG (header, data), status
localparam [3:0] D_IDLE = 4'd0, D_HDR = 4'd1, D_DAT = 4'd2, D_WST = 4'd3, D_STAT = 4'd4,
                 D_KWAIT = 4'd5, D_KCMD = 4'd6, D_KRUN = 4'd7, D_KSH = 4'd8, D_KSD = 4'd9,
                 D_KTH = 4'd10, D_KTD = 4'd11;
localparam [3:0] Q_IDLE = 4'd0, Q_INS = 4'd1, Q_HDR = 4'd2, Q_DAT = 4'd3, Q_SER = 4'd4,
                 Q_SKH = 4'd5, Q_SKD = 4'd6, Q_DONE = 4'd7, Q_CLOSE = 4'd8;

reg  [2:0]  pst;
reg  [3:0]  qst;
reg  [3:0]  dst;

// PDI side: the operation in progress
reg  [3:0]  exp_type;       // the segment type expected next
reg         final_part;     // the expected part is the operation's last
reg         len_part;       // reading the LENGTH part (SHAKE)
reg         feed;           // data bytes go to the packer (else they are read and dropped)
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
reg         gen_mode;       // the operation is PRNG_GEN (LENGTH is its only part)

// Lake Keyak: parts NPUB (0), AD (1), PT/CT (2), TAG (3, DEC)
reg         kmode;          // the operation is ENC/DEC with Lake Keyak
reg         kdec;           // DEC
reg  [1:0]  kpart;          // the part being read
reg  [1:0]  wpart;          // the part whose bytes are in the packer
reg  [7:0]  npub_n;         // NPUB bytes, saturating at 255
reg  [20:0] ad_n, msg_n;    // AD and PT/CT bytes (at most KEYAK_AD, KEYAK_MSG)
reg         ad_over, msg_over, seg_over;   // a part exceeds its buffer
reg  [SA_W:0] sn;           // PT/CT segments in the list
reg  [4:0]  tag_n;          // TAG bytes, saturating at 31
reg  [4:0]  nb_w;           // NPUB beats written
reg  [MA_W:0] ab_w;         // AD beats written
reg  [XA_W:0] xb_w;         // PT/CT beats written
reg  [1:0]  tb_w;           // TAG beats written
reg  [127:0] ktag;          // DEC: the TAG part; ENC: the engine's tag (byte j at [8j +: 8])

// sponge command
reg         cmd_pend;
reg  [4:0]  c_rate;
reg  [7:0]  c_suffix;
reg  [31:0] c_outlen;
reg         sp_abort;       // one-clock reset of the sponge after a malformed header

// byte packer: stream byte p at [8p +: 8]; its beats go to the sponge, or to the Keyak buffers
reg  [8*NACC-1:0] acc;
reg  [4:0]  acnt;
reg         afinal;         // the part (message) is complete: flush, the last beat with s_tlast
reg         pfx_on;         // MAC: the KeyPack block goes first
reg  [4:0]  pidx;

// key: staging while LDKEY's KEY part arrives, the active key as its KeyPack
reg  [8*38-1:0] stg;
reg  [6:0]  klen;           // KEY bytes seen, saturating at 127
reg  [8*40-1:0] kpack;      // KeyPack(K): byte p at [8p +: 8] (key byte j at p = j + 1)
reg  [6:0]  key_len;        // active key length, 0: none

// SDI side
reg  [3:0]  ins_op_q;       // the PDI instruction it serves
reg  [31:0] ins_word_q;     // its word (a seed instruction on SDI must equal it)
reg         ins_prng_q;     // it selects keccak-duplex (and the build has it)
reg         q_abs;          // the SEED bytes go into the PRNG (else they are read and dropped)
reg         q_ns;           // PRNG_RESEED before any PRNG_SEED: NOT_SEEDED at the end
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
                         (q_ld && !key_fits) ? R_NO_KEY :
                         (!q_ld && q_ns) ? R_NOT_SEEDED : R_NONE;

// DO side
reg  [3:0]  d_type;
reg  [20:0] d_left;         // output bytes not yet in a segment header
reg  [16:0] d_words;        // data words left in the segment on DO
reg  [7:0]  d_reason;

// jobs posted to DO (combinational, taken in D_IDLE)
reg         job;
reg         job_status;     // 1: a status word alone (job_reason)
reg  [7:0]  job_reason;
reg         job_k;          // Lake Keyak: run the engine, CT/PT segments, then job_reason
reg         job_g;          // PRNG_GEN: RANDOM segments from the PRNG, then success

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
wire        st_ready = (dst == D_WST) && !prng_job;

// the shared permutation's client ports (keccak_p1600_mux): 0 sponge, 1 Keyak, 2 PRNG
localparam [1:0] PC_SPONGE = 2'd0, PC_KEYAK = 2'd1, PC_PRNG = 2'd2;
wire [3*1600-1:0] pc_s_tdata;
wire [3*5-1:0] pc_s_nr;
wire [2:0]  pc_s_tvalid, pc_s_tready, pc_m_tvalid, pc_m_tready;
wire [1599:0] pc_m_tdata;
wire        pc_m_terr;

keccak_sponge #(.RPC(PRPC), .EXT_PERM(1)) u_sponge (
    .clk(clk), .rst(sp_rst),
    .c_rate_w(c_rate), .c_suffix(c_suffix), .c_nr(5'd24), .c_out_len(c_outlen),
    .c_valid(cmd_pend), .c_ready(c_ready),
    .s_tdata(s_tdata), .s_tkeep(s_tkeep), .s_tlast(s_tlast), .s_tvalid(s_tvalid),
    .s_tready(s_tready),
    .m_tdata(m_tdata), .m_tkeep(m_tkeep), .m_tlast(m_tlast), .m_tvalid(m_tvalid),
    .m_tready(m_tready),
    .st_err(st_err), .st_valid(st_valid), .st_ready(st_ready),
    .perm_s_tdata(pc_s_tdata[0 +: 1600]), .perm_s_nr(pc_s_nr[0 +: 5]),
    .perm_s_tvalid(pc_s_tvalid[0]), .perm_s_tready(pc_s_tready[0]),
    .perm_m_tdata(pc_m_tdata), .perm_m_terr(pc_m_terr), .perm_m_tvalid(pc_m_tvalid[0]),
    .perm_m_tready(pc_m_tready[0])
);

// the beats out of the packer: the MAC's KeyPack block, then the packed message (sponge), or
// a Keyak part's bytes (buffers, always ready)
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
wire        pk_valid = pfx_on || a_valid;
assign s_tvalid = !kmode && pk_valid;
assign s_tdata  = pfx_on ? pfx_beat : acc[63:0];
assign s_tkeep  = pfx_on ? 8'hFF : a_keep;
assign s_tlast  = !pfx_on && a_last;
wire   pk_take  = pk_valid && (kmode || s_tready);
wire   pk_empty = (acnt == 5'd0) && !afinal && !pfx_on;
wire   pk_kbeat = kmode && pk_take && (a_keep != 8'd0);   // a Keyak beat with bytes

// ---------------------------------------------------------------------------- PDI side --
wire        acc_room = (acnt < 5'd8) && !afinal;
wire [4:0]  p_nbytes = (seg_words == 17'd1) ? seg_lastb : WB[4:0];
wire        data_ok  = !feed || acc_room;
assign pdi_ready = !rst && ((pst == P_INS && !do_busy && pk_empty) || pst == P_HDR ||
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

// the PDI word as an instruction (ins_ok) or as the header expected next (p_hdr_ok)
wire        ins_ok, p_hdr_ok;
wire [16:0] hdr_words;      // data words of the header's segment
wire [4:0]  hdr_lastb;      // bytes in its last word
lwc_word_decode #(.W(W)) u_pdi_word (
    .word(pdi_data), .exp_type(exp_type), .final_part(final_part),
    .ins_ok(ins_ok), .hdr_ok(p_hdr_ok), .seg_words(hdr_words), .seg_lastb(hdr_lastb)
);
wire [3:0]  ins_op  = pv[31:28];
wire [7:0]  ins_alg = pv[27:20];
wire        seg_code = (ins_op == OP_ENC) || (ins_op == OP_DEC) || (ins_op == OP_HASH) ||
                       (ins_op == OP_MAC) || (ins_op == OP_GEN);
wire        runs_hash = (ins_op == OP_HASH) && (ins_alg == 8'h00 ||
                                                (ins_alg >= 8'h11 && ins_alg <= 8'h17));
wire        runs_mac  = (ins_op == OP_MAC) && (ins_alg == 8'h00 || ins_alg == 8'h18);
wire        runs_keyak = (KEYAK != 0) && (ins_op == OP_ENC || ins_op == OP_DEC) &&
                         (ins_alg == 8'h00 || ins_alg == 8'h19);
wire        key_mac_ok = (key_len >= 7'd1) && (key_len <= 7'd38);
wire        runs_prng = (PRNG != 0) && (ins_alg == 8'h00 || ins_alg == 8'h1A);
reg         prng_seeded;    // a PRNG_SEED has succeeded and no SEED part failed since

// Lake Keyak checks. k_reason: at the end of the instruction (NO_KEY before LENGTH, as the
// model). k_prefix: a malformed header in ENC's PT part after complete PT segments whose CT
// goes out (key, NPUB and buffers in order).
wire [21:0] ad_sum   = {1'b0, ad_n} + {17'd0, p_nbytes};
wire [21:0] msg_sum  = {1'b0, msg_n} + {17'd0, p_nbytes};
wire [8:0]  npub_sum = {1'b0, npub_n} + {4'd0, p_nbytes};
wire [5:0]  tag_sum  = {1'b0, tag_n} + {1'b0, p_nbytes};
wire        k_fit    = (npub_n == 8'd150) && !ad_over && !msg_over && !seg_over;
wire [7:0]  k_reason = (key_len != 7'd16) ? R_NO_KEY :
                       (!k_fit || (kdec && tag_n != 5'd16)) ? R_LENGTH : R_NONE;
wire        k_prefix = kmode && !kdec && kpart == 2'd2 && sn != 0 && key_len == 7'd16 && k_fit;

// end of a segment: the next part, or the end of the operation
task seg_end;
    input eot;
    begin
        if (!eot) begin
            pst <= P_HDR;
        end else if (len_part) begin
            pst <= P_LEN;                          // LENGTH's last word is being taken
        end else if (kmode) begin
            afinal <= 1'b1;                        // each Keyak part starts on a new beat
            if (final_part) begin
                pst <= P_KEND;
            end else begin
                kpart <= kpart + 2'd1;
                pst   <= P_HDR;
                case (kpart)
                2'd0: exp_type <= T_AD;
                2'd1: begin
                    exp_type   <= kdec ? T_CT : T_PT;
                    final_part <= !kdec;
                end
                default: begin
                    exp_type   <= T_TAG;
                    final_part <= 1'b1;
                end
                endcase
            end
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
    job_k      = 1'b0;
    job_g      = 1'b0;
    case (pst)
    P_INS: if (p_take) begin
        if (!ins_ok || ins_op == OP_LDKEY) begin
            job = 1'b1;
        end else if (ins_op == OP_ACTKEY || ins_op == OP_SEED || ins_op == OP_RESEED) begin
            job = 1'b0;                            // after the SDI unit
        end else if (!runs_hash && !runs_mac && !runs_keyak &&
                     !(ins_op == OP_GEN && runs_prng)) begin
            job = 1'b1;                            // AES algs, ENC/DEC with KEYAK = 0, PRNG = 0
        end
    end
    P_HDR: if (p_take) begin
        if (!p_hdr_ok) begin
            job        = 1'b1;
            job_reason = R_MALFORMED;
            job_k      = k_prefix;
        end else if (hdr_words == 17'd0 && pv[25] && final_part && !kmode && !len_part) begin
            job        = 1'b1;
            job_status = (pend_reason != R_NONE);
            job_reason = pend_reason;
        end
    end
    P_DATA: if (p_take && seg_words == 17'd1 && seg_eot && final_part && !len_part && !kmode)
    begin
        job        = 1'b1;
        job_status = (pend_reason != R_NONE);
        job_reason = pend_reason;
    end
    P_SDI: if (sdi_done && sdi_result != R_NONE) begin
        job        = 1'b1;
        job_reason = sdi_result;
    end else if (sdi_done && !q_ld) begin          // PRNG_SEED, PRNG_RESEED: success
        job        = 1'b1;
        job_reason = R_NONE;
    end
    P_LEN: if (gen_mode) begin                     // PRNG_GEN: LENGTH is in
        job = 1'b1;
        if (!len_good) begin
            job_reason = R_LENGTH;
        end else if (!prng_seeded) begin
            job_reason = R_NOT_SEEDED;
        end else begin
            job_status = 1'b0;
            job_g      = 1'b1;
        end
    end
    P_KEND: begin                                  // every Keyak part is in
        job        = 1'b1;
        job_reason = k_reason;
        job_status = (k_reason != R_NONE);
        job_k      = (k_reason == R_NONE);
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
        kmode       <= 1'b0;
    end else begin
        if (cmd_pend && c_ready)
            cmd_pend <= 1'b0;
        // beats out of the packer
        if (pk_take) begin
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
        // Keyak beats into the buffers (the writes themselves are in g_keyak)
        if (pk_kbeat) begin
            case (wpart)
            2'd0: if (nb_w != NPUB_BEATS[4:0]) nb_w <= nb_w + 5'd1;
            2'd1: if (ab_w != K_ADB) ab_w <= ab_w + 1'b1;
            2'd2: if (xb_w != K_XB) xb_w <= xb_w + 1'b1;
            default: if (tb_w != 2'd2) tb_w <= tb_w + 2'd1;
            endcase
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
            kmode       <= 1'b0;
            gen_mode    <= 1'b0;
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
            end else if (ins_op == OP_GEN && runs_prng) begin
                pst        <= P_HDR;
                gen_mode   <= 1'b1;
                len_part   <= 1'b1;
                exp_type   <= T_LENGTH;
                out_type   <= T_RANDOM;
            end else if (runs_keyak) begin
                // NPUB, AD, PT (ENC) or CT, TAG (DEC) into the buffers
                pst        <= P_HDR;
                kmode      <= 1'b1;
                kdec       <= (ins_op == OP_DEC);
                kpart      <= 2'd0;
                exp_type   <= T_NPUB;
                final_part <= 1'b0;
                feed       <= 1'b1;
                npub_n     <= 8'd0;
                ad_n       <= 21'd0;
                msg_n      <= 21'd0;
                tag_n      <= 5'd0;
                ad_over    <= 1'b0;
                msg_over   <= 1'b0;
                seg_over   <= 1'b0;
                sn         <= {(SA_W+1){1'b0}};
                nb_w       <= 5'd0;
                ab_w       <= {(MA_W+1){1'b0}};
                xb_w       <= {(XA_W+1){1'b0}};
                tb_w       <= 2'd0;
            end else begin
                pst <= seg_code ? P_SKHDR : P_INS;   // LDKEY; PRNG_GEN; AES algs; KEYAK = 0
            end
        end
        P_HDR: if (p_take) begin
            if (!p_hdr_ok) begin
                // malformed: drop the sponge's message, discard from this header on; Keyak's
                // PT bytes stay (and the packer flushes them) when their CT goes out
                sp_abort <= 1'b1;
                cmd_pend <= 1'b0;
                feed     <= 1'b0;
                pfx_on   <= 1'b0;
                if (k_prefix) begin
                    afinal <= 1'b1;
                end else begin
                    afinal <= 1'b0;
                    acnt   <= 5'd0;
                    acc    <= {(8*NACC){1'b0}};
                end
                sk_words <= hdr_words;
                sk_last  <= pv[24];
                if (hdr_words != 17'd0)
                    pst <= P_SKDAT;
                else
                    pst <= pv[24] ? P_INS : P_SKHDR;
            end else begin
                seg_words <= hdr_words;
                seg_lastb <= hdr_lastb;
                seg_eot   <= pv[25];
                if (kmode && kpart == 2'd2) begin          // PT/CT segment: into the list
                    if (sn == K_SEGS)
                        seg_over <= 1'b1;
                    else
                        sn <= sn + 1'b1;
                end
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
            if (kmode) begin
                wpart <= kpart;
                case (kpart)
                2'd0: npub_n <= npub_sum[8] ? 8'd255 : npub_sum[7:0];
                2'd1: if (ad_sum > {1'b0, K_AD}) ad_over <= 1'b1; else ad_n <= ad_sum[20:0];
                2'd2: if (msg_sum > {1'b0, K_MSG}) msg_over <= 1'b1; else msg_n <= msg_sum[20:0];
                default: tag_n <= tag_sum[5] ? 5'd31 : tag_sum[4:0];
                endcase
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
            pst        <= gen_mode ? P_INS : P_HDR;  // PRNG_GEN: the job is posted now
            if (gen_mode) begin
                // nothing more on PDI
            end else if (len_good) begin
                cmd_pend <= 1'b1;
                c_outlen <= len_val;
                out_len  <= len_val[20:0];
                feed     <= 1'b1;
            end else begin
                pend_reason <= R_LENGTH;
            end
        end
        P_KEND: pst <= P_INS;                      // the job is posted on this clock
        default: pst <= P_INS;
        endcase
    end
end

// ---------------------------------------------------------------------------- SDI side --
assign sdi_ready = !rst && (qst == Q_INS || qst == Q_HDR || qst == Q_DAT || qst == Q_SKH ||
                            qst == Q_SKD);
wire        q_take = sdi_valid && sdi_ready;
wire        q_req = (pst == P_SDI) && (qst == Q_IDLE);
// the SDI word as an instruction or as a KEY/SEED header (the part is the instruction's only)
wire        q_ins_valid, q_hdr_ok;
wire [16:0] q_hwords;
wire [4:0]  q_hlastb;
lwc_word_decode #(.W(W)) u_sdi_word (
    .word(sdi_data), .exp_type(q_ld ? T_KEY : T_SEED), .final_part(1'b1),
    .ins_ok(q_ins_valid), .hdr_ok(q_hdr_ok), .seg_words(q_hwords), .seg_lastb(q_hlastb)
);
wire        q_hdr_bad = !q_hdr_ok;
// a seed instruction on SDI equal to the PDI one, which selects keccak-duplex
wire        q_seed_ok = !q_ld && ins_prng_q && (sdi_data == view(ins_word_q));
wire [3:0]  q_end = q_abs ? Q_CLOSE : Q_DONE;      // after the SEED part: the closing call
wire        a_rdy;          // the PRNG takes a SEED byte
wire        a_fin_take;     // the PRNG takes the SEED part's closing call
wire        q_ser_go = !q_abs || a_rdy;
// to the PRNG: PRNG_SEED starts (zero state, not seeded), a SEED byte, a malformed SEED header
// (not seeded), PRNG_SEED succeeds (seeded)
wire        q_seed_start = (qst == Q_INS) && q_take && q_seed_ok && ins_op_q == OP_SEED;
wire        a_in = (qst == Q_SER) && q_abs;
wire [7:0]  a_byte = kw[W-1 -: 8];
wire        q_abort = (qst == Q_HDR) && q_take && q_hdr_bad && q_abs;
wire        q_seeded = (qst == Q_DONE) && !q_ld && sdi_result == R_NONE && ins_op_q == OP_SEED;

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
            q_abs    <= 1'b0;
            q_ns     <= 1'b0;
            qst      <= Q_INS;
        end
        Q_INS: if (q_take) begin
            stg  <= {(8*38){1'b0}};
            klen <= 7'd0;
            if (q_ld && q_ins_valid && sv[31:28] == OP_LDKEY) begin
                qst <= Q_HDR;
            end else if (q_seed_ok) begin
                // PRNG_RESEED before PRNG_SEED: the SEED part is read, not absorbed
                qst   <= Q_HDR;
                q_abs <= (ins_op_q == OP_SEED) || prng_seeded;
                q_ns  <= (ins_op_q == OP_RESEED) && !prng_seeded;
            end else begin
                q_reason <= R_BAD_INS;            // not LDKEY for ACTKEY, not the PDI seed word
                qst      <= Q_SKH;
            end
        end
        Q_HDR: if (q_take) begin
            if (q_hdr_bad) begin
                q_reason <= R_MALFORMED;
                q_abs    <= 1'b0;
                qk_words <= q_hwords;
                qk_last  <= sv[24];
                if (q_hwords != 17'd0)
                    qst <= Q_SKD;
                else
                    qst <= sv[24] ? Q_DONE : Q_SKH;
            end else begin
                q_words <= q_hwords;
                q_lastb <= q_hlastb;
                q_eot   <= sv[25];
                if (q_hwords != 17'd0)
                    qst <= Q_DAT;
                else if (sv[25])
                    qst <= q_end;
            end
        end
        Q_DAT: if (q_take) begin
            kw  <= sdi_data;
            kn  <= (q_words == 17'd1) ? q_lastb : WB[4:0];
            qst <= Q_SER;
        end
        Q_SER: if (q_ser_go) begin                 // one KEY or SEED byte per clock
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
                    qst <= q_eot ? q_end : Q_HDR;
            end
        end
        Q_CLOSE: if (a_fin_take)                   // the PRNG has taken the closing call
            qst <= Q_DONE;
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

// ------------------------------------------------------------------- keccak-duplex PRNG --
// State: ps, byte i of the state at [8i +: 8] (the keccak_p1600 order), held between
// instructions. A duplexing call builds its block in place: each SEED byte, then each padding
// byte, is XORed into rate byte 0 as the rate (bytes 0..135) rotates down by one byte, the
// XORed byte going to byte 135; after 136 steps block byte k has met state byte k and the rate
// is back in place (PRNG_SEED's first call starts from the zero state). The call then hands the
// state to the shared permutation (client PC_PRNG) and takes the result back into ps (pr_busy
// in between: nothing reads or rotates ps). The empty call XORs 0x1F into byte 0 and 0x80 into
// byte 135 on the way in, the forget call zeroes bytes 0..134 of the rate and XORs 0x9F into
// byte 135.
localparam [1:0] A_FILL = 2'd0, A_PAD = 2'd1, A_CALL = 2'd2;
localparam [1:0] G_IDLE = 2'd0, G_OUT = 2'd1, G_CONT = 2'd2, G_FORGET = 2'd3;
reg  [1:0]    ast, gst;
reg  [1599:0] ps;           // the generator's state
reg           pr_busy;      // ps is in the permutation: a call runs
reg  [7:0]    acn;          // bytes XORed into the rate for this call (136 make a block)
reg           a_p1;         // the next padding byte is the first (0x1F)
reg           a_fin;        // this call closes the SEED part
reg           p_fresh;      // PRNG_SEED: ps is zeroed before its first byte
reg  [20:0]   g_left;       // PRNG_GEN: bytes not yet out
reg  [4:0]    g_lane;       // rate lane on offer (0..16)

wire          pr_call_a = (ast == A_CALL);
wire          pr_call_c = (gst == G_CONT);
wire          pr_call_f = (gst == G_FORGET);
wire          pr_go     = pr_call_a || pr_call_c || pr_call_f;
wire          ps_valid  = pr_go && !pr_busy;
wire          pr_take   = ps_valid && pc_s_tready[PC_PRNG];   // never with PRNG = 0
wire          pr_back   = pc_m_tvalid[PC_PRNG];        // the call's result (always taken)
wire [1599:0] pr_in = pr_call_a ? ps :
                      pr_call_f ? {ps[1599:1088], ps[1087:1080] ^ 8'h9F, 1080'd0} :
                                  (ps ^ {512'd0, 8'h80, 1072'd0, 8'h1F});
wire          a_ok  = !pr_busy && !p_fresh;            // ps may rotate
wire [7:0]    a_pad = (a_p1 ? 8'h1F : 8'h00) | ((acn == 8'd135) ? 8'h80 : 8'h00);
wire          a_step = (ast == A_FILL) ? (a_in && a_ok) : (ast == A_PAD);
wire [7:0]    a_x   = (ast == A_FILL) ? a_byte : a_pad;    // the byte XORed in by a step
assign a_rdy      = (ast == A_FILL) && a_ok;
assign a_fin_take = pr_call_a && pr_take && a_fin;

assign pc_s_tdata[1600*PC_PRNG +: 1600] = pr_in;
assign pc_s_nr[5*PC_PRNG +: 5]          = 5'd24;
assign pc_s_tvalid[PC_PRNG]             = (PRNG != 0) && ps_valid;
assign pc_m_tready[PC_PRNG]             = 1'b1;

always @(posedge clk) begin
    if (a_step)
        ps[1087:0] <= {ps[7:0] ^ a_x, ps[1087:8]};
    if (p_fresh && !pr_busy)
        ps <= 1600'd0;
    if (pr_back)
        ps <= pc_m_tdata;
    if (rst) begin
        ast         <= A_FILL;
        acn         <= 8'd0;
        a_fin       <= 1'b0;
        p_fresh     <= 1'b0;
        pr_busy     <= 1'b0;
        prng_seeded <= 1'b0;
    end else begin
        if (pr_take)
            pr_busy <= 1'b1;
        else if (pr_back)
            pr_busy <= 1'b0;
        if (p_fresh && !pr_busy)
            p_fresh <= 1'b0;
        if (q_seed_start) begin
            p_fresh     <= 1'b1;
            prng_seeded <= 1'b0;
        end
        if (q_seeded)
            prng_seeded <= 1'b1;
        case (ast)
        A_FILL: if (a_in && a_ok) begin
            acn <= acn + 8'd1;
            if (acn == 8'd134) begin               // 135 bytes: a full block's data
                ast  <= A_PAD;
                a_p1 <= 1'b1;
            end
        end else if (qst == Q_CLOSE && !a_fin && a_ok) begin
            ast   <= A_PAD;                        // the closing call: 0..134 bytes
            a_p1  <= 1'b1;
            a_fin <= 1'b1;
        end
        A_PAD: begin
            acn  <= acn + 8'd1;
            a_p1 <= 1'b0;
            if (acn == 8'd135)
                ast <= A_CALL;
        end
        A_CALL: if (pr_take) begin
            acn   <= 8'd0;
            a_fin <= 1'b0;
            ast   <= A_FILL;
        end
        default: ast <= A_FILL;
        endcase
        if (q_abort) begin                         // a malformed SEED header: not seeded
            ast         <= A_FILL;
            acn         <= 8'd0;
            a_fin       <= 1'b0;
            prng_seeded <= 1'b0;
        end
    end
end

// PRNG_GEN: each call's output is rate bytes 0..134 (lanes 0..15 and the low 7 bytes of lane
// 16), one lane pulled per clock into a carry of up to 7 bytes, so the beats to the DO unpacker
// are whole 8-byte beats but the last; an empty call after lane 16 while the request needs
// more bytes, the forget call after the last beat (n = 0: at once)
wire          g_start = (dst == D_IDLE) && job && job_g;
reg  [20:0]   g_src;        // request bytes not yet pulled from the state
reg  [55:0]   g_cb;         // carry: pulled bytes not yet in a beat (byte k at [8k +: 8])
reg  [2:0]    g_cn;         // their number
wire          g_l16   = (g_lane == 5'd16);
wire [63:0]   g_lw    = ps[64*g_lane +: 64];
wire [63:0]   g_ld    = g_l16 ? {8'd0, g_lw[55:0]} : g_lw;     // byte 135 is never output
wire [3:0]    g_tot   = {1'b0, g_cn} + (g_l16 ? 4'd7 : 4'd8);  // carry and pulled bytes
wire [119:0]  g_comb  = {64'd0, g_cb} | ({56'd0, g_ld} << {g_cn, 3'b000});
wire          g_carry = (g_src == 21'd0);                      // the rest is in the carry
wire          g_emit  = g_carry || (g_tot[3] || {17'd0, g_tot} >= g_left);
wire          gq_valid = (gst == G_OUT) && (g_carry || (!pr_busy && g_emit));
wire [63:0]   gq_data  = g_carry ? {8'd0, g_cb} : g_comb[63:0];
wire          gq_last  = (g_left <= 21'd8);
wire [7:0]    gq_keep  = gq_last ? keep_of(g_left) : 8'hFF;
wire          gq_ready;
wire          gq_take  = gq_valid && gq_ready;
wire          g_pull   = (gst == G_OUT) && !g_carry && !pr_busy && (!g_emit || gq_ready);
wire [20:0]   g_src_n  = (g_src <= {17'd0, g_tot - {1'b0, g_cn}}) ? 21'd0 :
                         g_src - {17'd0, g_tot - {1'b0, g_cn}};
wire          g_idle   = (gst == G_IDLE);

always @(posedge clk) begin
    if (rst) begin
        gst <= G_IDLE;
    end else begin
        case (gst)
        G_IDLE: if (g_start) begin
            g_left <= len_val[20:0];
            g_src  <= len_val[20:0];
            g_lane <= 5'd0;
            g_cb   <= 56'd0;
            g_cn   <= 3'd0;
            gst    <= (len_val == 32'd0) ? G_FORGET : G_OUT;
        end
        G_OUT: begin
            if (gq_take)
                g_left <= gq_last ? 21'd0 : g_left - 21'd8;
            if (g_pull) begin
                g_src <= g_src_n;
                if (g_emit) begin
                    g_cb <= g_comb[119:64];
                    g_cn <= g_tot[3] ? g_tot[2:0] : 3'd0;
                end else begin
                    g_cb <= g_comb[55:0];
                    g_cn <= g_tot[2:0];
                end
                if (g_l16) begin
                    g_lane <= 5'd0;
                    if (g_src_n != 21'd0 && !(g_emit && gq_last))
                        gst <= G_CONT;
                end else begin
                    g_lane <= g_lane + 5'd1;
                end
            end
            if (gq_take && gq_last)
                gst <= G_FORGET;
        end
        G_CONT: if (pr_take)
            gst <= G_OUT;
        default: if (pr_take)                      // G_FORGET
            gst <= G_IDLE;
        endcase
    end
end

// the PDI instruction the SDI side serves (held in P_SDI)
always @(posedge clk)
    if (pst == P_INS && p_take) begin
        ins_op_q   <= ins_op;
        ins_word_q <= pv;
        ins_prng_q <= runs_prng;
    end

// ----------------------------------------------------------------------------- DO side --
// squeezed beats (the sponge's, or the PRNG's during PRNG_GEN) to DO words (lwc_do_words)
reg         prng_job;       // the DO job is PRNG_GEN's
wire        o_valid = prng_job ? gq_valid : m_tvalid;
wire [63:0] o_data  = prng_job ? gq_data : m_tdata;
wire [7:0]  o_keep  = prng_job ? gq_keep : m_tkeep;
wire        o_last  = prng_job ? gq_last : m_tlast;
wire        o_ready;
assign      m_tready = o_ready && !prng_job;
assign      gq_ready = o_ready && prng_job;
wire        w_valid;
wire [W-1:0] w_data;
wire        w_take = (dst == D_DAT) && do_ready && w_valid;
lwc_do_words #(.W(W)) u_do_words (
    .clk(clk), .rst(sp_rst),
    .s_data(o_data), .s_keep(o_keep), .s_last(o_last), .s_valid(o_valid), .s_ready(o_ready),
    .w_valid(w_valid), .w_data(w_data), .w_take(w_take)
);

wire        d_lastseg = (d_left <= {5'd0, SEGMAX});
wire [15:0] d_seglen  = d_lastseg ? d_left[15:0] : SEGMAX;
wire [16:0] d_segw    = ({1'b0, d_seglen} + WB_M1) >> LWB;   // ceil(d_seglen / WB)
wire [31:0] d_hdr     = {d_type, 1'b0, 1'b0, d_lastseg, d_lastseg, 8'd0, d_seglen};
wire [31:0] d_stat    = {(d_reason == R_NONE) ? 4'b1110 : 4'b1111, 20'd0, d_reason};

// ------------------------------------------------------------------ Lake Keyak engine --
// One command per ENC/DEC: StartEngine(K, N) without tag or forget flags and one Wrap
// (lake_keyak_encrypt / lake_keyak_decrypt). Meta stream: the key (from KeyPack), NPUB and AD
// from the meta buffer; message stream: PT/CT from the message buffer, then (DEC) the TAG
// part. The output (CT and tag, or PT) is written back over the message buffer as it comes;
// then the DO side unpacks the buffer into one CT/PT segment per segment of the list.
reg         k_full;         // the instruction is complete (else ENC's CT before a malformed header)
reg  [1:0]  mseg;           // meta stream: 0 key, 1 NPUB, 2 AD, 3 done
reg         mkb;            // key beat 0/1
reg  [20:0] mrem;           // bytes left in the NPUB or AD segment
reg  [MA_W-1:0] mra;        // meta buffer address of the beat on offer
reg  [1:0]  xseg;           // message stream: 0 PT/CT, 1 TAG (DEC), 2 done
reg  [20:0] xrem;
reg         xtb;            // TAG beat 0/1
reg  [XA_W-1:0] xra;        // message buffer address being read
reg  [XA_W:0] ow;           // engine output beats taken
reg  [SA_W:0] sidx;         // DO: the segment being sent
reg  [15:0] kseg_left;      // its bytes not yet sent
reg  [1:0]  ktw;            // TAG words sent
// unpacker from the message buffer to DO words: stream byte p at [8p +: 8]
reg  [8*NACC-1:0] ub;
reg  [4:0]  ucnt;
reg  [20:0] ul;             // message bytes not yet loaded

wire        k_c_ready;
wire        k_a_ready, k_x_ready;
wire [63:0] k_m_tdata;
wire [7:0]  k_m_tkeep;
wire        k_m_tvalid;
wire [1:0]  k_st_code;
wire        k_st_valid;
wire [63:0] k_mq, k_xq;     // buffer read data: meta at mra, message at xra
wire [16:0] k_sent;         // segment list entry at sidx: {EOT, length}

wire        k_start  = (dst == D_KCMD) && k_c_ready;      // the command is taken
wire        k_done   = (dst == D_KRUN) && k_st_valid;     // the engine's status
wire        k_a_valid = (dst == D_KRUN) && (mseg != 2'd3);
wire [63:0] k_a_data  = (mseg == 2'd0) ? (mkb ? kpack[72 +: 64] : kpack[8 +: 64]) : k_mq;
wire [7:0]  k_a_keep  = (mseg == 2'd0) ? 8'hFF : keep_of(mrem);
wire        k_a_last  = (mrem <= 21'd8) && (mseg == 2'd2 || (mseg == 2'd1 && ad_n == 21'd0));
wire        k_a_take  = k_a_valid && k_a_ready;
wire        k_x_valid = (dst == D_KRUN) && (xseg != 2'd2);
wire [63:0] k_x_data  = (xseg == 2'd0) ? k_xq : (xtb ? ktag[127:64] : ktag[63:0]);
wire [7:0]  k_x_keep  = (xseg == 2'd0) ? keep_of(xrem) : 8'hFF;
wire        k_x_last  = (xseg == 2'd0) ? (xrem <= 21'd8 && !kdec) : xtb;
wire        k_x_take  = k_x_valid && k_x_ready;
wire        k_m_take  = (dst == D_KRUN) && k_m_tvalid;    // always ready
wire [20:0] k_xbeats  = (msg_n + 21'd7) >> 3;
wire        k_ow_msg  = ({{(20-XA_W){1'b0}}, ow} < k_xbeats);
wire [XA_W:0] k_ow_tag = ow - k_xbeats[XA_W:0];

// buffer writes: the packer's Keyak beats, then the engine's output
wire        k_mw_en = pk_kbeat && ((wpart == 2'd0 && nb_w != NPUB_BEATS[4:0]) ||
                                   (wpart == 2'd1 && ab_w != K_ADB));
wire [MA_W-1:0] k_mw_a = (wpart == 2'd0) ? {{(MA_W-5){1'b0}}, nb_w} :
                         NPUB_BEATS[MA_W-1:0] + ab_w[MA_W-1:0];
wire        k_xw_en = (dst == D_KRUN) ? (k_m_take && k_ow_msg && k_m_tkeep != 8'd0) :
                                        (pk_kbeat && wpart == 2'd2 && xb_w != K_XB);
wire [XA_W-1:0] k_xw_a = (dst == D_KRUN) ? ow[XA_W-1:0] : xb_w[XA_W-1:0];
wire [63:0] k_xw_d = (dst == D_KRUN) ? k_m_tdata : acc[63:0];
wire        k_sw_en = (pst == P_HDR) && p_take && kmode && kpart == 2'd2 && p_hdr_ok &&
                      sn != K_SEGS;

// reads: the buffers show the entry at the next address one clock later, so the address of
// the next clock is given (the beat on offer is always there)
wire        k_u_ld;
wire [MA_W-1:0] k_mra_n = k_start ? {MA_W{1'b0}} : mra + {{(MA_W-1){1'b0}},
                                                          (k_a_take && mseg != 2'd0)};
wire [XA_W-1:0] k_xra_n = (k_start || k_done) ? {XA_W{1'b0}} :
                          xra + {{(XA_W-1){1'b0}}, ((dst == D_KRUN) ? (k_x_take && xseg == 2'd0)
                                                                    : k_u_ld)};

generate
if (KEYAK != 0) begin : g_keyak
    reg [63:0] mbuf [0:MB_DEPTH-1];
    reg [63:0] xbuf [0:XB_DEPTH-1];
    reg [16:0] slist [0:KEYAK_SEGS-1];
    reg [63:0] mq, xq;
    always @(posedge clk) begin
        if (k_mw_en)
            mbuf[k_mw_a] <= acc[63:0];
        mq <= mbuf[k_mra_n];
        if (k_xw_en)
            xbuf[k_xw_a] <= k_xw_d;
        xq <= xbuf[k_xra_n];
        if (k_sw_en)
            slist[sn[SA_W-1:0]] <= {pv[25], pv[15:0]};
    end
    assign k_mq   = mq;
    assign k_xq   = xq;
    assign k_sent = slist[sidx[SA_W-1:0]];

    /* verilator lint_off UNUSEDSIGNAL */  // the one-command sideband and the output's tlast
    wire       m_tlast_k, m_tuser_k, st_user_k;
    /* verilator lint_on UNUSEDSIGNAL */
    keyak_engine #(.RPC(KRPC), .USER_WIDTH(1), .EXT_PERM(1)) u_keyak (
        .clk(clk), .rst(rst),
        .c_op(kdec), .c_start(1'b1), .c_start_tag(1'b0), .c_start_forget(1'b0),
        .c_forget(1'b0), .c_key_len(6'd16), .c_nonce_len(8'd150),
        .c_ad_len({11'd0, ad_n}), .c_msg_len({11'd0, msg_n}), .c_user(1'b0),
        .c_valid(dst == D_KCMD), .c_ready(k_c_ready),
        .s_meta_tdata(k_a_data), .s_meta_tkeep(k_a_keep), .s_meta_tlast(k_a_last),
        .s_meta_tvalid(k_a_valid), .s_meta_tready(k_a_ready),
        .s_msg_tdata(k_x_data), .s_msg_tkeep(k_x_keep), .s_msg_tlast(k_x_last),
        .s_msg_tvalid(k_x_valid), .s_msg_tready(k_x_ready),
        .m_tdata(k_m_tdata), .m_tkeep(k_m_tkeep), .m_tlast(m_tlast_k), .m_tuser(m_tuser_k),
        .m_tvalid(k_m_tvalid), .m_tready(1'b1),
        .st_code(k_st_code), .st_user(st_user_k), .st_valid(k_st_valid),
        .st_ready(dst == D_KRUN),
        .perm_s_tdata(pc_s_tdata[1600*PC_KEYAK +: 1600]), .perm_s_nr(pc_s_nr[5*PC_KEYAK +: 5]),
        .perm_s_tvalid(pc_s_tvalid[PC_KEYAK]), .perm_s_tready(pc_s_tready[PC_KEYAK]),
        .perm_m_tdata(pc_m_tdata), .perm_m_terr(pc_m_terr),
        .perm_m_tvalid(pc_m_tvalid[PC_KEYAK]), .perm_m_tready(pc_m_tready[PC_KEYAK])
    );
end else begin : g_no_keyak
    /* verilator lint_off UNUSEDSIGNAL */  // the Keyak path's signals, unused without the engine
    wire unused_k = &{1'b0, k_a_data, k_a_keep, k_a_last, k_x_data, k_x_keep, k_x_last,
                      k_mw_en, k_mw_a, k_xw_en, k_xw_a, k_xw_d, k_sw_en};
    /* verilator lint_on UNUSEDSIGNAL */
    assign k_c_ready  = 1'b0;
    assign k_a_ready  = 1'b0;
    assign k_x_ready  = 1'b0;
    assign k_m_tdata  = 64'd0;
    assign k_m_tkeep  = 8'd0;
    assign k_m_tvalid = 1'b0;
    assign k_st_code  = 2'd0;
    assign k_st_valid = 1'b0;
    assign k_mq       = 64'd0;
    assign k_xq       = 64'd0;
    assign k_sent     = 17'd0;
    assign pc_s_tdata[1600*PC_KEYAK +: 1600] = 1600'd0;
    assign pc_s_nr[5*PC_KEYAK +: 5]          = 5'd0;
    assign pc_s_tvalid[PC_KEYAK]             = 1'b0;
    assign pc_m_tready[PC_KEYAK]             = 1'b1;
end
endgenerate

// the shared permutation: the grant follows the operation (the PRNG while it has a call to
// start, the Keyak engine from its command to its status, the sponge otherwise)
wire [1:0]    pc_sel = pr_go ? PC_PRNG : (dst == D_KCMD || dst == D_KRUN) ? PC_KEYAK : PC_SPONGE;
wire [1599:0] pp_s_tdata, pp_m_tdata;
wire [4:0]    pp_s_nr;
wire          pp_s_tvalid, pp_s_tready, pp_m_terr, pp_m_tvalid, pp_m_tready;

keccak_p1600_mux #(.N(3), .SEL_W(2)) u_perm_mux (
    .clk(clk), .rst(rst), .sel(pc_sel),
    .c_s_tdata(pc_s_tdata), .c_s_nr(pc_s_nr), .c_s_tvalid(pc_s_tvalid), .c_s_tready(pc_s_tready),
    .c_m_tdata(pc_m_tdata), .c_m_terr(pc_m_terr), .c_m_tvalid(pc_m_tvalid),
    .c_m_tready(pc_m_tready),
    .p_s_tdata(pp_s_tdata), .p_s_nr(pp_s_nr), .p_s_tvalid(pp_s_tvalid), .p_s_tready(pp_s_tready),
    .p_m_tdata(pp_m_tdata), .p_m_terr(pp_m_terr), .p_m_tvalid(pp_m_tvalid),
    .p_m_tready(pp_m_tready)
);

keccak_p1600 #(.RPC(PRPC)) u_perm (
    .clk(clk), .rst(rst),
    .s_tdata(pp_s_tdata), .s_nr(pp_s_nr), .s_tvalid(pp_s_tvalid), .s_tready(pp_s_tready),
    .m_tdata(pp_m_tdata), .m_terr(pp_m_terr), .m_tvalid(pp_m_tvalid), .m_tready(pp_m_tready)
);

// the unpacker: a beat in when it has room (up to 8 + W/8 bytes), a word out per DO handshake
// (the segment's next min(W/8, bytes left) bytes; every segment starts on a new word)
wire        k_emit_ph = (dst == D_KSH) || (dst == D_KSD);
wire [4:0]  u_need = (kseg_left < {11'd0, WB[4:0]}) ? kseg_left[4:0] : WB[4:0];
assign      k_u_ld = k_emit_ph && (ul != 21'd0) && (ucnt <= WB[4:0]);
wire [3:0]  u_nld  = (ul >= 21'd8) ? 4'd8 : {1'b0, ul[2:0]};
wire        u_have = (ucnt >= u_need);
wire        u_emit = (dst == D_KSD) && do_ready && u_have;
wire [4:0]  u_e    = u_emit ? u_need : 5'd0;
wire [4:0]  u_keep = ucnt - u_e;
wire [63:0] u_beat = k_xq & ~(64'hFFFF_FFFF_FFFF_FFFF << {u_nld, 3'b000});
wire [8*NACC-1:0] u_next = (ub >> {u_e, 3'b000}) |
    (k_u_ld ? ({{(8*NACC-64){1'b0}}, u_beat} << {u_keep, 3'b000}) : {(8*NACC){1'b0}});

reg  [W-1:0] k_word;        // the DO data word: the unpacker's first u_need bytes
reg  [W-1:0] k_tword;       // TAG word ktw
integer ob_k;
always @(*) begin
    for (ob_k = 0; ob_k < WB; ob_k = ob_k + 1) begin
        k_word[W-1-8*ob_k -: 8]  = (ob_k < u_need) ? ub[8*ob_k +: 8] : 8'd0;
        k_tword[W-1-8*ob_k -: 8] = ktag[8*(WB*ktw + ob_k) +: 8];
    end
end
wire        k_last_seg = (sidx + 1'b1 == sn);
wire        k_tag_out  = k_full && !kdec;
wire [3:0]  k_after    = k_tag_out ? D_KTH : D_STAT;
wire [31:0] k_hdr  = {kdec ? T_PT : T_CT, 1'b0, 1'b0, k_sent[16], kdec && k_sent[16], 8'd0,
                      k_sent[15:0]};
wire [31:0] k_thdr = {T_TAG, 1'b0, 1'b0, 1'b1, 1'b1, 8'd0, 16'd16};

assign do_valid = (dst == D_HDR) || (dst == D_STAT) || (dst == D_DAT && w_valid) ||
                  (dst == D_KSH) || (dst == D_KSD && u_have) || (dst == D_KTH) ||
                  (dst == D_KTD);
assign do_data  = (dst == D_DAT) ? w_data :
                  (dst == D_KSD) ? k_word :
                  (dst == D_KTD) ? k_tword :
                  view((dst == D_HDR) ? d_hdr : (dst == D_KSH) ? k_hdr :
                       (dst == D_KTH) ? k_thdr : d_stat);

always @(posedge clk) begin
    mra <= k_mra_n;
    xra <= k_xra_n;
    // the TAG part (DEC) from the packer; the engine's tag (ENC)
    if (pk_kbeat && wpart == 2'd3 && tb_w != 2'd2)
        ktag[64*tb_w[0] +: 64] <= acc[63:0];
    if (k_m_take && !k_ow_msg && !kdec && k_ow_tag < 2)
        ktag[64*k_ow_tag[0] +: 64] <= k_m_tdata;
    if (rst) begin
        dst      <= D_IDLE;
        prng_job <= 1'b0;
    end else begin
        case (dst)
        D_IDLE: if (job) begin
            d_reason <= (job_status || job_k) ? job_reason : R_NONE;
            d_type   <= out_type;
            d_left   <= job_g ? len_val[20:0] : out_len;
            prng_job <= job_g;
            k_full   <= (pst == P_KEND);
            dst      <= job_k ? D_KWAIT : job_status ? D_STAT : D_HDR;
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
        D_WST: if (prng_job ? g_idle : st_valid)
            dst <= D_STAT;                       // st_err: never set by the commands sent here
        D_STAT: if (do_ready) begin
            dst      <= D_IDLE;
            prng_job <= 1'b0;
        end
        D_KWAIT: if (pk_empty)                   // the last bytes are in the buffers
            dst <= D_KCMD;
        D_KCMD: if (k_c_ready) begin
            dst  <= D_KRUN;
            mseg <= 2'd0;
            mkb  <= 1'b0;
            xseg <= (msg_n != 21'd0) ? 2'd0 : kdec ? 2'd1 : 2'd2;
            xrem <= msg_n;
            xtb  <= 1'b0;
            ow   <= {(XA_W+1){1'b0}};
        end
        D_KRUN: begin
            if (k_a_take) begin
                if (mseg == 2'd0) begin
                    mkb <= 1'b1;
                    if (mkb) begin
                        mseg <= 2'd1;
                        mrem <= 21'd150;
                    end
                end else if (mrem <= 21'd8) begin
                    mseg <= (mseg == 2'd1 && ad_n != 21'd0) ? 2'd2 : 2'd3;
                    mrem <= ad_n;
                end else begin
                    mrem <= mrem - 21'd8;
                end
            end
            if (k_x_take) begin
                if (xseg == 2'd0) begin
                    if (xrem <= 21'd8)
                        xseg <= kdec ? 2'd1 : 2'd2;
                    else
                        xrem <= xrem - 21'd8;
                end else begin
                    xtb <= 1'b1;
                    if (xtb)
                        xseg <= 2'd2;
                end
            end
            if (k_m_take)
                ow <= ow + 1'b1;
            if (k_st_valid) begin
                // DEC: plaintext only when the tag verifies (status 1: AUTH, status alone)
                sidx <= {(SA_W+1){1'b0}};
                ub   <= {(8*NACC){1'b0}};
                ucnt <= 5'd0;
                ul   <= msg_n;
                if (kdec && k_st_code != 2'd0) begin
                    d_reason <= R_AUTH;
                    dst      <= D_STAT;
                end else begin
                    dst <= D_KSH;
                end
            end
        end
        D_KSH: if (do_ready) begin
            kseg_left <= k_sent[15:0];
            if (k_sent[15:0] != 16'd0) begin
                dst <= D_KSD;
            end else if (k_last_seg) begin
                dst <= k_after;
            end else begin
                sidx <= sidx + 1'b1;
            end
        end
        D_KSD: if (u_emit) begin
            kseg_left <= kseg_left - {11'd0, u_need};
            if (kseg_left == {11'd0, u_need}) begin
                if (k_last_seg) begin
                    dst <= k_after;
                end else begin
                    sidx <= sidx + 1'b1;
                    dst  <= D_KSH;
                end
            end
        end
        D_KTH: if (do_ready) begin
            ktw <= 2'd0;
            dst <= D_KTD;
        end
        D_KTD: if (do_ready) begin
            ktw <= ktw + 2'd1;
            if (ktw == 2'd3 || W == 128)
                dst <= D_STAT;
        end
        default: dst <= D_IDLE;
        endcase
        if (k_emit_ph) begin
            ub   <= u_next;
            ucnt <= u_keep + (k_u_ld ? {1'b0, u_nld} : 5'd0);
            if (k_u_ld)
                ul <= ul - {17'd0, u_nld};
        end
    end
end

endmodule
`default_nettype wire
