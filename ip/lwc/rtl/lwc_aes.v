// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// LWC-style command front end of the AES engine (docs/lwc-protocol.md; reference model
// linecrypt/lwc/engine.py, EngineModel(Engine.AES, W, aead_limits=AeadLimits(2^32 - 1, GCM_MSG,
// GCM_SEGS)), or EngineModel(Engine.AES, W, without={Alg.AES_GCM}) with GCM = 0) around aes_hash,
// aes_cmac, fortuna_gen and aes_gcm_iter (ip/aesmp). lwc_word_decode checks the PDI and SDI
// control words, lwc_do_words packs the cores' output beats into DO words.
//
// One cipher: the four cores (built with EXT_CIPHER = 1) take turns in one rijndael_iter
// (NB8 = 1) through rijndael_iter_mux, granted to the core the running instruction selects
// (sel); one Rijndael datapath instead of four, at the same clock counts.
//
// Ports: PDI (instructions, public segments), SDI (LDKEY and seed instructions with their KEY or
// SEED segments), DO (output segments and status words), W bits each, valid/ready.
//
// Bit and byte order (docs/lwc-protocol.md, "Ports and words"): control words are a 32-bit view
// at [W-1:W-32], bits [W-33:0] zero; data words carry a segment's bytes in order, byte 0 in
// [W-1:W-8], the last word of a segment zero-padded at its least significant end, every segment
// starting on a new word. The aesmp cores take and give 64-bit beats with byte j at [8j +: 8]
// (AXI-Stream byte lanes); the front end packs the bytes of a part into beats (one string
// however the host splits it into segments) and unpacks output beats into DO words. Keys are
// FIPS-197 byte strings: key byte 0 at c_key[255:248] of aes_cmac.
//
// Operations (ALG 0 selects the default in brackets):
//   HASH  AES-Hash (0x23, [AES-Hash]): Davies-Meyer over Rijndael-256 (aes_hash); HASH_MSG
//         part, then a 32-byte HASH_VALUE segment and the status.
//   MAC   AES-CMAC (0x22, [AES-CMAC]): SP 800-38B with the active key (16, 24 or 32 bytes,
//         aes_cmac); HASH_MSG part, then a 16-byte TAG segment and the status. No key or one of
//         another length: NO_KEY once the message is read (the message is read and dropped).
//   ACTKEY  reads LDKEY and its KEY part from SDI (1..64 bytes); the key becomes active, no DO
//         word. A failure (BAD_INSTRUCTION, MALFORMED, or NO_KEY for a part outside 1..64
//         bytes) leaves the active key as it was. Bytes past the 32nd are counted, not kept.
//   PRNG_SEED, PRNG_RESEED  Fortuna (0x24, [Fortuna]): the SDI instruction must equal the PDI
//         word; its SEED part goes to fortuna_gen as SEED (c_op 2: from K = 0, C = 0) or
//         RESEED (c_op 0). Success status once the generator has taken the seed. PRNG_RESEED
//         before the first PRNG_SEED: the SEED part is read, NOT_SEEDED. A malformed SEED
//         header ends the seed with a malformed beat, which fortuna_gen refuses with its state
//         unchanged.
//   PRNG_GEN  Fortuna: LENGTH part (4 bytes, big-endian, at most 2^20): LENGTH if not, then
//         NOT_SEEDED before the first PRNG_SEED, else RANDOM segments of at most SEGMAX bytes
//         (one empty segment for 0) and the status.
//   ENC, DEC  AES-GCM (0x21, [AES-GCM]) on aes_gcm_iter with the active key (16, 24 or 32
//         bytes), NPUB of 1..64 bytes, 16-byte tags. NPUB, AD, PT/CT and (DEC) TAG stream into
//         the core as they arrive; its output (CT or PT) goes to the message buffer (GCM_MSG
//         bytes) and each PT/CT segment's length and EOT to the segment list (GCM_SEGS); once
//         the instruction's segments are read and the core's status is in, DO gets one CT/PT
//         segment per PT/CT segment from the buffer: ENC then TAG and success; DEC only when the
//         tag verifies (no plaintext before that: AUTH is a status word alone). Checks in the
//         model's order after the segments are read: no key or one AES does not take: NO_KEY;
//         NPUB not 1..64 bytes, a DEC's TAG not 16 bytes, a message over GCM_MSG bytes or
//         GCM_SEGS segments: LENGTH (no CT/PT word). AD streams into GHASH: no buffer, no limit
//         below 2^32 bytes. A malformed header in ENC's PT part after complete PT segments:
//         their CT (no TAG), then MALFORMED. GCM = 0 builds without it: ENC/DEC are
//         BAD_INSTRUCTION, segments discarded.
// The other engine's algorithms are BAD_INSTRUCTION with their segments discarded; PRNG_SEED and
// PRNG_RESEED with keccak-duplex (0x1A) consume their SDI unit (the instruction and its SEED
// segments up to Last = 1, nothing to fortuna_gen) before that status.
// Malformed words follow "Malformed input and resynchronisation": the failure status, the hash,
// CMAC and GCM cores reset (a partly absorbed message is dropped), segments discarded up to
// Last = 1 by their length fields, the next word read as an instruction.
module lwc_aes #(
    parameter W        = 32,            // PDI, SDI and DO width: 32 or 128
    parameter GCM      = 1,             // 1: AES-GCM ENC/DEC (aes_gcm_iter, buffers); 0: none
    parameter GCM_MSG  = 4096,          // largest PT/CT part, bytes (multiple of 8)
    parameter GCM_SEGS = 64             // most PT/CT segments of one ENC/DEC
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
if (GCM != 0 && GCM != 1) begin : g_bad_gcm
    $error("%m: GCM must be 0 or 1");
end
if (GCM_MSG < 8 || GCM_MSG % 8 != 0 || GCM_MSG > 1048576) begin : g_bad_gmsg
    $error("%m: GCM_MSG must be a multiple of 8, 8..2^20");
end
if (GCM_SEGS < 1 || GCM_SEGS > 65536) begin : g_bad_gsegs
    $error("%m: GCM_SEGS must be 1..65536");
end
endgenerate

localparam integer WB   = W / 8;                    // bytes per word
localparam integer LWB  = (W == 128) ? 4 : 2;       // log2(WB)
localparam integer NACC = 8 + WB;                   // byte packer: < 8 bytes + one word
localparam [16:0]  WB_M1 = (W == 128) ? 17'd15 : 17'd3;
localparam [15:0]  SEGMAX = (W == 128) ? 16'd65520 : 16'd65532;  // DO segment size (whole words)

// AES-GCM buffers: the message buffer holds the core's output (CT or PT) as packed bytes, the
// segment list each PT/CT segment's length and EOT
localparam integer XB_DEPTH = GCM_MSG / 8;
localparam integer XA_W = (XB_DEPTH > 1) ? $clog2(XB_DEPTH) : 1;
localparam integer SA_W = (GCM_SEGS > 1) ? $clog2(GCM_SEGS) : 1;
localparam [20:0]  G_MSG  = GCM_MSG[20:0];
localparam [SA_W:0] G_SEGS = GCM_SEGS[SA_W:0];
localparam [XA_W:0] G_XB   = XB_DEPTH[XA_W:0];

// opcodes, segment types, failure reasons (docs/lwc-protocol.md)
localparam [3:0] OP_ENC = 4'b0010, OP_DEC = 4'b0011, OP_LDKEY = 4'b0100, OP_ACTKEY = 4'b0111,
                 OP_HASH = 4'b1000, OP_MAC = 4'b1001, OP_GEN = 4'b1010, OP_SEED = 4'b1100,
                 OP_RESEED = 4'b1101;
localparam [3:0] T_AD = 4'b0001, T_PT = 4'b0100, T_CT = 4'b0101, T_TAG = 4'b1000,
                 T_HASH_MSG = 4'b0111, T_HASH_VALUE = 4'b1001, T_RANDOM = 4'b0110,
                 T_LENGTH = 4'b1010, T_SEED = 4'b1011, T_KEY = 4'b1100, T_NPUB = 4'b1101;
localparam [7:0] R_NONE = 8'h00, R_AUTH = 8'h01, R_MALFORMED = 8'h02, R_BAD_INS = 8'h03,
                 R_NO_KEY = 8'h04, R_NOT_SEEDED = 8'h05, R_LENGTH = 8'h06;
// the core a part's bytes go to and the output comes from
localparam [1:0] C_HASH = 2'd0, C_CMAC = 2'd1, C_FORT = 2'd2, C_GCM = 2'd3;

// ---------------------------------------------------------------------- word helpers --
function [W-1:0] view;                  // a 32-bit control word in its place
    input [31:0] v;
    begin
        view = {W{1'b0}};
        view[W-1 -: 32] = v;
    end
endfunction

wire [31:0] pv = pdi_data[W-1 -: 32];
/* verilator lint_off UNUSEDSIGNAL */  // opcode, EOT, Last read here; lwc_word_decode checks all
wire [31:0] sv = sdi_data[W-1 -: 32];
/* verilator lint_on UNUSEDSIGNAL */

// ------------------------------------------------------------------------------ state --
localparam [3:0] P_INS = 4'd0, P_HDR = 4'd1, P_DATA = 4'd2, P_SKHDR = 4'd3, P_SKDAT = 4'd4,
                 P_SDI = 4'd5, P_LEN = 4'd6, P_GEN = 4'd7, P_GEND = 4'd8;
// D_G*: AES-GCM: wait for the core's status, then CT/PT segments (header, data), ENC's TAG
// (header, data), status
localparam [3:0] D_IDLE = 4'd0, D_HDR = 4'd1, D_DAT = 4'd2, D_WST = 4'd3, D_STAT = 4'd4,
                 D_GWAIT = 4'd5, D_GSH = 4'd6, D_GSD = 4'd7, D_GTH = 4'd8, D_GTD = 4'd9;
localparam [2:0] Q_IDLE = 3'd0, Q_INS = 3'd1, Q_HDR = 3'd2, Q_DAT = 3'd3, Q_SKH = 3'd4,
                 Q_SKD = 3'd5, Q_DONE = 3'd6;

reg  [3:0]  pst, dst;
reg  [2:0]  qst;

// PDI side: the operation in progress
reg  [W-1:0] ins_w;         // its instruction word (a seed instruction on SDI must equal it)
reg  [3:0]  ins_op_q;       // its opcode
reg         ins_fort_q;     // a seed instruction selects Fortuna (else the Keccak engine's PRNG)
reg  [1:0]  sel;            // the core it runs on
reg  [3:0]  exp_type;       // the segment type expected next
reg         final_part;     // the expected part is the operation's last
reg         len_part;       // reading the LENGTH part (PRNG_GEN)
reg         feed;           // PDI data bytes go to the packer (else they are read and dropped)
reg  [7:0]  pend_reason;    // failure found before the end (NO_KEY, LENGTH, NOT_SEEDED)
reg  [3:0]  out_type;       // HASH_VALUE, TAG or RANDOM
reg  [20:0] out_len;        // output bytes (<= 2^20)
reg  [16:0] seg_words;      // data words left in the segment
reg  [4:0]  seg_lastb;      // bytes in its last word
reg         seg_eot;
reg  [16:0] sk_words;       // resynchronisation: words left of a discarded segment
reg         sk_last;
reg  [31:0] len_val;        // LENGTH bytes, big-endian
reg  [2:0]  len_cnt;        // LENGTH bytes seen, saturating at 7

// AES-GCM: parts NPUB (0), AD (1), PT/CT (2), TAG (3, DEC)
reg         gmode;          // the operation is ENC/DEC with AES-GCM
reg         gdec;           // DEC
reg         gkey;           // the active key suits AES (the core runs)
reg  [1:0]  gpart;          // the part being read
reg  [7:0]  npub_n;         // NPUB bytes, saturating at 255
reg  [20:0] msg_n;          // PT/CT bytes (at most GCM_MSG)
reg         msg_over, seg_over;   // the PT/CT part exceeds its buffer
reg  [SA_W:0] sn;           // PT/CT segments in the list
reg  [4:0]  tag_n;          // TAG bytes, saturating at 31
reg  [XA_W:0] ow;           // core output beats written to the message buffer
reg  [127:0] ktag;          // ENC: the core's tag (byte j at [8j +: 8])
reg         g_full;         // the instruction is complete (else ENC's CT before a malformed header)

// core commands
reg         cmd_pend;       // a command for aes_cmac or fortuna_gen (sel) is waiting
reg  [1:0]  f_op;           // fortuna_gen c_op: 0 RESEED, 1 GENERATE, 2 SEED
reg         x_abort;        // one-clock reset of aes_hash, aes_cmac, aes_gcm_iter and the cipher
                            // after a malformed header
reg         seeded;         // a PRNG_SEED has succeeded since reset
reg         f_drain;        // fortuna_gen's status of a refused (malformed) seed is to be taken

// byte packer: stream byte p at [8p +: 8]; its beats go to the core `sel`
reg  [8*NACC-1:0] acc;
reg  [4:0]  acnt;
reg         afinal;         // the part is complete: flush, the last beat with s_tlast
reg         poison;         // the last beat is a malformed one (a malformed SEED header)

// key: staging while LDKEY's KEY part arrives (bytes shifted in at the low end), active key
reg  [255:0] stg;
reg  [6:0]  klen;           // KEY bytes seen, saturating at 127
reg  [255:0] key;           // the active key, byte 0 at [255:248]
reg  [6:0]  key_len;        // its length, 0: none

// SDI side
reg         q_ld;           // 1: LDKEY for ACTKEY, 0: a seed instruction
reg         q_feed;         // the SEED bytes go to fortuna_gen
reg  [7:0]  q_reason;
reg  [16:0] q_words;
reg  [4:0]  q_lastb;
reg         q_eot;
reg  [16:0] qk_words;
reg         qk_last;
wire        sdi_done = (qst == Q_DONE);
wire        key_fits = (klen >= 7'd1) && (klen <= 7'd64);
wire [7:0]  sdi_result = (q_reason != R_NONE) ? q_reason :
                         (q_ld && !key_fits) ? R_NO_KEY :
                         (!q_ld && ins_op_q == OP_RESEED && !seeded) ? R_NOT_SEEDED : R_NONE;

// DO side
reg  [3:0]  d_type;
reg  [20:0] d_left;         // output bytes not yet in a segment header
reg  [16:0] d_words;        // data words left in the segment on DO
reg  [7:0]  d_reason;

// jobs posted to DO (combinational, taken in D_IDLE)
reg         job;
reg         job_status;     // 1: a status word alone (job_reason)
reg         job_wait;       // 0 (with job_status = 0): wait for the core's status, then success
reg  [7:0]  job_reason;
reg         job_g;          // AES-GCM: the core's status, then CT/PT segments (job_reason: the
                            // status after them, or the status alone when the core did not run)

wire do_busy = (dst != D_IDLE);

// ------------------------------------------------------------------------------ cores --
wire        x_rst = rst || x_abort;
wire        pk_valid;
wire [63:0] pk_data;
wire [7:0]  pk_keep;
wire        pk_last;

wire        h_s_ready, h_m_valid, h_m_last, h_st_valid;
wire [63:0] h_m_data;
wire [7:0]  h_m_keep;
wire        c_c_ready, c_s_ready, c_m_valid, c_m_last, c_st_valid;
wire [63:0] c_m_data;
wire [7:0]  c_m_keep;
wire        f_c_ready, f_s_ready, f_m_valid, f_m_last, f_st_valid;
wire [63:0] f_m_data;
wire [7:0]  f_m_keep;
wire        g_c_ready, g_s_ready, g_m_valid, g_st_valid, g_st_fail;
wire [63:0] g_m_data;
wire [7:0]  g_m_keep;
wire [127:0] g_st_tag;
/* verilator lint_off UNUSEDSIGNAL */  // st_err: the front end sends well-formed messages and
wire        h_st_err, c_st_err, f_st_err;  // commands (a poisoned seed's status is drained)
/* verilator lint_on UNUSEDSIGNAL */
wire        m_tready;
wire        st_take = (dst == D_WST);

// the one cipher: rijndael_iter (NB8 = 1: Rijndael-256 for aes_hash, AES for the others, every
// key size per block) through rijndael_iter_mux; client i is the core sel = i names (C_HASH,
// C_CMAC, C_FORT, C_GCM), each built with EXT_CIPHER = 1. Its sideband is fortuna_gen's two
// bits (the others' one bit zero-extended). One core runs at a time and each has taken every
// result of its blocks before its status word, so following sel hands the cipher over between
// operations; x_abort resets it with the core it stops (fortuna_gen, which x_abort does not
// reset, has no block in it then: its GENERATE ends before the next instruction is read).
wire [3:0]    cc_s_valid, cc_s_ready, cc_s_nb8, cc_m_valid, cc_m_ready;
wire [7:0]    cc_s_klen, cc_s_user;
wire [1023:0] cc_s_key, cc_s_block;
wire [255:0]  cc_m_block;
wire          cc_m_err;
wire [1:0]    cc_m_user;
assign cc_s_user[2*C_HASH+1] = 1'b0;
assign cc_s_user[2*C_CMAC+1] = 1'b0;
assign cc_s_user[2*C_GCM+1]  = 1'b0;

aes_hash #(.EXT_CIPHER(1)) u_hash (
    .clk(clk), .rst(x_rst),
    .s_tdata(pk_data), .s_tkeep(pk_keep), .s_tvalid(pk_valid && sel == C_HASH),
    .s_tready(h_s_ready), .s_tlast(pk_last),
    .m_tdata(h_m_data), .m_tkeep(h_m_keep), .m_tvalid(h_m_valid),
    .m_tready(m_tready && sel == C_HASH), .m_tlast(h_m_last),
    .st_valid(h_st_valid), .st_ready(st_take && sel == C_HASH), .st_err(h_st_err),
    .cph_s_valid(cc_s_valid[C_HASH]), .cph_s_ready(cc_s_ready[C_HASH]),
    .cph_s_nb8(cc_s_nb8[C_HASH]), .cph_s_klen(cc_s_klen[2*C_HASH +: 2]),
    .cph_s_key(cc_s_key[256*C_HASH +: 256]),
    .cph_s_block(cc_s_block[256*C_HASH +: 256]), .cph_s_user(cc_s_user[2*C_HASH]),
    .cph_m_valid(cc_m_valid[C_HASH]), .cph_m_ready(cc_m_ready[C_HASH]), .cph_m_block(cc_m_block),
    .cph_m_err(cc_m_err), .cph_m_user(cc_m_user[0])
);

wire [1:0]  cmac_klen = (key_len == 7'd16) ? 2'd0 : (key_len == 7'd24) ? 2'd1 : 2'd2;
aes_cmac #(.EXT_CIPHER(1)) u_cmac (
    .clk(clk), .rst(x_rst),
    .c_valid(cmd_pend && sel == C_CMAC), .c_ready(c_c_ready), .c_key(key),
    .c_klen(cmac_klen), .c_tlen(5'd16),
    .s_tdata(pk_data), .s_tkeep(pk_keep), .s_tvalid(pk_valid && sel == C_CMAC),
    .s_tready(c_s_ready), .s_tlast(pk_last),
    .m_tdata(c_m_data), .m_tkeep(c_m_keep), .m_tvalid(c_m_valid),
    .m_tready(m_tready && sel == C_CMAC), .m_tlast(c_m_last),
    .st_valid(c_st_valid), .st_ready(st_take && sel == C_CMAC), .st_err(c_st_err),
    .cph_s_valid(cc_s_valid[C_CMAC]), .cph_s_ready(cc_s_ready[C_CMAC]),
    .cph_s_nb8(cc_s_nb8[C_CMAC]), .cph_s_klen(cc_s_klen[2*C_CMAC +: 2]),
    .cph_s_key(cc_s_key[256*C_CMAC +: 256]),
    .cph_s_block(cc_s_block[256*C_CMAC +: 256]), .cph_s_user(cc_s_user[2*C_CMAC]),
    .cph_m_valid(cc_m_valid[C_CMAC]), .cph_m_ready(cc_m_ready[C_CMAC]), .cph_m_block(cc_m_block),
    .cph_m_err(cc_m_err), .cph_m_user(cc_m_user[0])
);

fortuna_gen #(.EXT_CIPHER(1)) u_fortuna (
    .clk(clk), .rst(rst),
    .c_valid(cmd_pend && sel == C_FORT), .c_ready(f_c_ready), .c_op(f_op),
    .c_nbytes(len_val[20:0]),
    .s_tdata(pk_data), .s_tkeep(pk_keep), .s_tvalid(pk_valid && sel == C_FORT),
    .s_tready(f_s_ready), .s_tlast(pk_last),
    .m_tdata(f_m_data), .m_tkeep(f_m_keep), .m_tvalid(f_m_valid),
    .m_tready(m_tready && sel == C_FORT), .m_tlast(f_m_last),
    .st_valid(f_st_valid), .st_ready(f_drain || (st_take && sel == C_FORT)),
    .st_err(f_st_err),
    .cph_s_valid(cc_s_valid[C_FORT]), .cph_s_ready(cc_s_ready[C_FORT]),
    .cph_s_nb8(cc_s_nb8[C_FORT]), .cph_s_klen(cc_s_klen[2*C_FORT +: 2]),
    .cph_s_key(cc_s_key[256*C_FORT +: 256]),
    .cph_s_block(cc_s_block[256*C_FORT +: 256]), .cph_s_user(cc_s_user[2*C_FORT +: 2]),
    .cph_m_valid(cc_m_valid[C_FORT]), .cph_m_ready(cc_m_ready[C_FORT]), .cph_m_block(cc_m_block),
    .cph_m_err(cc_m_err), .cph_m_user(cc_m_user)
);

// aes_gcm_iter: its output goes to the message buffer, not to the DO unpacker. With GCM = 0
// it gets no command and its outputs, its requests to the cipher included, are masked
// (synthesis drops it).
localparam HAS_GCM = (GCM != 0);
wire        gr_c_ready, gr_s_ready, gr_m_valid, gr_st_valid, gr_st_fail;
wire [7:0]  gr_m_keep;
/* verilator lint_off UNUSEDSIGNAL */  // m_tlast: the buffer counts beats
wire        gr_m_last;
/* verilator lint_on UNUSEDSIGNAL */
wire        gr_cph_valid;
wire [1:0]  gr_cph_klen;
wire [255:0] gr_cph_key, gr_cph_block;
aes_gcm_iter #(.EXT_CIPHER(1)) u_gcm (
    .clk(clk), .rst(x_rst),
    .c_valid(HAS_GCM && cmd_pend && sel == C_GCM), .c_ready(gr_c_ready), .c_key(key),
    .c_klen(cmac_klen), .c_dec(gdec),
    .s_tdata(pk_data), .s_tkeep(pk_keep), .s_tvalid(HAS_GCM && pk_valid && sel == C_GCM),
    .s_tready(gr_s_ready), .s_tlast(pk_last),
    .m_tdata(g_m_data), .m_tkeep(gr_m_keep), .m_tvalid(gr_m_valid), .m_tready(1'b1),
    .m_tlast(gr_m_last),
    .st_valid(gr_st_valid), .st_ready(dst == D_GWAIT), .st_fail(gr_st_fail),
    .st_tag(g_st_tag),
    .cph_s_valid(gr_cph_valid), .cph_s_ready(cc_s_ready[C_GCM]), .cph_s_nb8(cc_s_nb8[C_GCM]),
    .cph_s_klen(gr_cph_klen), .cph_s_key(gr_cph_key), .cph_s_block(gr_cph_block),
    .cph_s_user(cc_s_user[2*C_GCM]),
    .cph_m_valid(cc_m_valid[C_GCM]), .cph_m_ready(cc_m_ready[C_GCM]), .cph_m_block(cc_m_block),
    .cph_m_err(cc_m_err), .cph_m_user(cc_m_user[0])
);
assign g_c_ready  = HAS_GCM && gr_c_ready;
assign g_s_ready  = HAS_GCM && gr_s_ready;
assign g_m_valid  = HAS_GCM && gr_m_valid;
assign g_m_keep   = HAS_GCM ? gr_m_keep : 8'd0;
assign g_st_valid = HAS_GCM && gr_st_valid;
assign g_st_fail  = HAS_GCM && gr_st_fail;
assign cc_s_valid[C_GCM]            = HAS_GCM && gr_cph_valid;
assign cc_s_klen[2*C_GCM +: 2]      = HAS_GCM ? gr_cph_klen : 2'd0;
assign cc_s_key[256*C_GCM +: 256]   = HAS_GCM ? gr_cph_key : 256'd0;
assign cc_s_block[256*C_GCM +: 256] = HAS_GCM ? gr_cph_block : 256'd0;

wire          cp_s_valid, cp_s_ready, cp_s_nb8, cp_m_valid, cp_m_ready, cp_m_err;
wire [1:0]    cp_s_klen, cp_s_user, cp_m_user;
wire [255:0]  cp_s_key, cp_s_block, cp_m_block;
rijndael_iter_mux #(.N(4), .SEL_W(2), .USER_W(2)) u_cipher_mux (
    .clk(clk), .rst(x_rst), .sel(sel),
    .c_s_valid(cc_s_valid), .c_s_ready(cc_s_ready), .c_s_nb8(cc_s_nb8), .c_s_klen(cc_s_klen),
    .c_s_key(cc_s_key), .c_s_block(cc_s_block), .c_s_user(cc_s_user),
    .c_m_valid(cc_m_valid), .c_m_ready(cc_m_ready), .c_m_block(cc_m_block), .c_m_err(cc_m_err),
    .c_m_user(cc_m_user),
    .p_s_valid(cp_s_valid), .p_s_ready(cp_s_ready), .p_s_nb8(cp_s_nb8), .p_s_klen(cp_s_klen),
    .p_s_key(cp_s_key), .p_s_block(cp_s_block), .p_s_user(cp_s_user),
    .p_m_valid(cp_m_valid), .p_m_ready(cp_m_ready), .p_m_block(cp_m_block), .p_m_err(cp_m_err),
    .p_m_user(cp_m_user)
);
rijndael_iter #(.NB8(1), .USER_W(2)) u_cipher (
    .clk(clk), .rst(x_rst),
    .s_valid(cp_s_valid), .s_ready(cp_s_ready), .s_nb8(cp_s_nb8), .s_klen(cp_s_klen),
    .s_key(cp_s_key), .s_block(cp_s_block), .s_user(cp_s_user),
    .m_valid(cp_m_valid), .m_ready(cp_m_ready), .m_block(cp_m_block), .m_err(cp_m_err),
    .m_user(cp_m_user)
);

wire        c_ready_s = (sel == C_CMAC) ? c_c_ready : (sel == C_GCM) ? g_c_ready : f_c_ready;
wire        s_ready_s = (sel == C_HASH) ? h_s_ready : (sel == C_CMAC) ? c_s_ready :
                        (sel == C_GCM) ? g_s_ready : f_s_ready;
wire        m_valid_s = (sel == C_HASH) ? h_m_valid : (sel == C_CMAC) ? c_m_valid :
                        (sel == C_FORT) ? f_m_valid : 1'b0;
wire [63:0] m_data_s  = (sel == C_HASH) ? h_m_data : (sel == C_CMAC) ? c_m_data : f_m_data;
wire [7:0]  m_keep_s  = (sel == C_HASH) ? h_m_keep : (sel == C_CMAC) ? c_m_keep : f_m_keep;
wire        m_last_s  = (sel == C_HASH) ? h_m_last : (sel == C_CMAC) ? c_m_last : f_m_last;
wire        st_valid_s = (sel == C_HASH) ? h_st_valid : (sel == C_CMAC) ? c_st_valid :
                         (sel == C_FORT) ? (f_st_valid && !f_drain) : 1'b0;

// the packer's beats: 8 bytes, or the part's last 0..8 bytes with s_tlast (an empty part is
// one beat with s_tkeep = 0); a poisoned last beat has s_tkeep = 8'h02 (malformed)
wire        a_last  = afinal && (acnt <= 5'd8);
assign      pk_valid = afinal || acnt >= 5'd8;
assign      pk_data  = acc[63:0];
assign      pk_keep  = poison ? 8'h02 :
                       (!a_last || acnt[3]) ? 8'hFF : ((8'd1 << acnt[2:0]) - 8'd1);
assign      pk_last  = a_last;
wire        pk_take  = pk_valid && s_ready_s;
wire        pk_empty = (acnt == 5'd0) && !afinal;
wire        acc_room = (acnt < 5'd8) && !afinal;

// ---------------------------------------------------------------------------- PDI side --
wire [4:0]  p_nbytes = (seg_words == 17'd1) ? seg_lastb : WB[4:0];
wire        data_ok  = !feed || acc_room;
// (AES-GCM: a header waits while the previous part's last beat is still in the packer, so
// every part, empty ones too, reaches the core with its own s_tlast beat)
assign pdi_ready = !rst && ((pst == P_INS && !do_busy && pk_empty && !cmd_pend) ||
                            (pst == P_HDR && !(gmode && afinal)) || (pst == P_DATA && data_ok) ||
                            pst == P_SKHDR || pst == P_SKDAT);
wire        p_take = pdi_valid && pdi_ready;

wire        len_good = (len_cnt == 3'd4) && (len_val <= 32'h0010_0000);
wire [5:0]  len_sum  = {3'd0, len_cnt} + {1'b0, p_nbytes};

// the PDI word as an instruction (ins_ok) or as the header expected next (p_bad_hdr)
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
wire        runs_hash = (ins_op == OP_HASH) && (ins_alg == 8'h00 || ins_alg == 8'h23);
wire        runs_mac  = (ins_op == OP_MAC) && (ins_alg == 8'h00 || ins_alg == 8'h22);
wire        runs_fort = (ins_alg == 8'h00 || ins_alg == 8'h24);   // a PRNG word selects Fortuna
wire        runs_gen  = (ins_op == OP_GEN) && runs_fort;
wire        runs_gcm  = (GCM != 0) && (ins_op == OP_ENC || ins_op == OP_DEC) &&
                        (ins_alg == 8'h00 || ins_alg == 8'h21);
wire        key_aes   = (key_len == 7'd16) || (key_len == 7'd24) || (key_len == 7'd32);
wire        p_bad_hdr = !p_hdr_ok;

// AES-GCM checks. g_end_reason: once the instruction's segments are read (NO_KEY before
// LENGTH, as the model). g_prefix: a malformed header in ENC's PT part after complete PT
// segments whose CT goes out (key, NPUB and buffers in order).
wire [21:0] msg_sum  = {1'b0, msg_n} + {17'd0, p_nbytes};
wire [8:0]  npub_sum = {1'b0, npub_n} + {4'd0, p_nbytes};
wire [5:0]  tag_sum  = {1'b0, tag_n} + {1'b0, p_nbytes};
wire        npub_ok  = (npub_n >= 8'd1) && (npub_n <= 8'd64);
wire [7:0]  g_end_reason = !gkey ? R_NO_KEY :
                           (!npub_ok || (gdec && tag_n != 5'd16) || msg_over || seg_over) ?
                           R_LENGTH : R_NONE;
wire        g_prefix = gmode && !gdec && gpart == 2'd2 && sn != 0 && gkey && npub_ok &&
                       !msg_over && !seg_over;

// the SDI side's byte input to the packer and its events (see the SDI side below)
wire        q_take;
wire        q_ok_ins;       // Q_INS: the SDI instruction is the one PDI asks for (a seed
                            // instruction: the PDI word, which selects Fortuna)
wire        q_bad_hdr;      // Q_HDR: the header is malformed
wire        q_in;           // Q_DAT: a SEED word into the packer
wire [4:0]  q_nbytes;
wire        q_part_end;     // the SEED part ends (its EOT segment's last word or empty header)

// the word into the packer and its bytes in stream order (byte k at [8k +: 8]), padding cleared
wire        pk_in   = (pst == P_DATA && p_take && feed) || q_in;
wire [W-1:0] in_w   = (pst == P_DATA) ? pdi_data : sdi_data;
wire [4:0]  in_n    = (pst == P_DATA) ? p_nbytes : q_nbytes;
reg  [8*WB-1:0] ib;
integer bk;
always @(*) begin
    for (bk = 0; bk < WB; bk = bk + 1)
        ib[8*bk +: 8] = (bk < in_n) ? in_w[W-1-8*bk -: 8] : 8'd0;
end
wire [8*NACC-1:0] ib_wide = {{(8*(NACC-WB)){1'b0}}, ib};

// end of a PDI segment: the next part, or the end of the operation (every operation here
// has one part: HASH_MSG, or LENGTH for PRNG_GEN)
task seg_end;
    input eot;
    begin
        if (!eot) begin
            pst <= P_HDR;
        end else if (len_part) begin
            pst <= P_LEN;                          // LENGTH's last word is being taken
        end else if (gmode) begin
            if (feed)
                afinal <= 1'b1;                    // each part ends with s_tlast to the core
            if (final_part) begin
                pst <= P_GEND;
            end else begin
                gpart <= gpart + 2'd1;
                pst   <= P_HDR;
                case (gpart)
                2'd0: exp_type <= T_AD;
                2'd1: begin
                    exp_type   <= gdec ? T_CT : T_PT;
                    final_part <= !gdec;
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
    job_wait   = 1'b0;
    job_reason = R_BAD_INS;
    job_g      = 1'b0;
    case (pst)
    P_INS: if (p_take) begin
        if (!ins_ok || ins_op == OP_LDKEY) begin
            job = 1'b1;
        end else if (ins_op == OP_ACTKEY || ins_op == OP_SEED || ins_op == OP_RESEED) begin
            job = 1'b0;                            // after the SDI unit
        end else if (!runs_hash && !runs_mac && !runs_gen && !runs_gcm) begin
            job = 1'b1;                            // the Keccak algorithms, ENC/DEC with GCM = 0
        end
    end
    P_HDR: if (p_take) begin
        if (p_bad_hdr) begin
            job        = 1'b1;
            job_reason = R_MALFORMED;
            job_g      = g_prefix;
        end else if (hdr_words == 17'd0 && pv[25] && final_part && !len_part && !gmode) begin
            job        = 1'b1;
            job_status = (pend_reason != R_NONE);
            job_reason = pend_reason;
        end
    end
    P_DATA: if (p_take && seg_words == 17'd1 && seg_eot && final_part && !len_part && !gmode)
    begin
        job        = 1'b1;
        job_status = (pend_reason != R_NONE);
        job_reason = pend_reason;
    end
    P_GEN: begin
        job        = 1'b1;
        job_status = (pend_reason != R_NONE);
        job_reason = pend_reason;
    end
    P_GEND: begin                                  // every GCM part is in
        job        = 1'b1;
        job_reason = g_end_reason;
        job_status = !gkey;                        // no core status to wait for
        job_g      = gkey;
    end
    P_SDI: if (sdi_done && (sdi_result != R_NONE || !q_ld)) begin
        job        = 1'b1;
        job_status = (sdi_result != R_NONE);
        job_reason = sdi_result;
        job_wait   = 1'b1;
    end
    default: ;
    endcase
end

always @(posedge clk) begin
    x_abort <= 1'b0;
    if (rst) begin
        pst         <= P_INS;
        cmd_pend    <= 1'b0;
        acnt        <= 5'd0;
        acc         <= {(8*NACC){1'b0}};
        afinal      <= 1'b0;
        poison      <= 1'b0;
        feed        <= 1'b0;
        len_part    <= 1'b0;
        pend_reason <= R_NONE;
        sel         <= C_HASH;
        seeded      <= 1'b0;
        f_drain     <= 1'b0;
        gmode       <= 1'b0;
    end else begin
        if (cmd_pend && c_ready_s)
            cmd_pend <= 1'b0;
        if (f_drain && f_st_valid)
            f_drain <= 1'b0;
        if (g_m_valid && ow != G_XB)
            ow <= ow + 1'b1;
        // beats out of the packer
        if (pk_take) begin
            acc  <= acc >> 64;
            acnt <= a_last ? 5'd0 : acnt - 5'd8;
            if (a_last) begin
                afinal <= 1'b0;
                if (poison) begin
                    poison  <= 1'b0;
                    f_drain <= 1'b1;
                end
            end
        end
        // bytes into the packer (PDI data of HASH and MAC, or SDI SEED bytes)
        if (pk_in) begin
            acc  <= acc | (ib_wide << {acnt, 3'b000});
            acnt <= acnt + in_n;
        end
        // SDI events: the seed command, its end, a malformed SEED header
        if (q_ok_ins && q_feed)
            cmd_pend <= 1'b1;
        if (q_part_end && q_feed)
            afinal <= 1'b1;
        if (q_bad_hdr && q_feed) begin
            acc    <= {(8*NACC){1'b0}};
            acnt   <= 5'd0;
            afinal <= 1'b1;
            poison <= 1'b1;
        end
        // a seed instruction succeeds: the generator is seeded (the status follows the core's)
        if (pst == P_SDI && sdi_done && !q_ld && sdi_result == R_NONE)
            seeded <= 1'b1;
        case (pst)
        P_INS: if (p_take) begin
            ins_w       <= pdi_data;
            ins_op_q    <= ins_op;
            ins_fort_q  <= runs_fort;
            pend_reason <= R_NONE;
            len_part    <= 1'b0;
            feed        <= 1'b0;
            len_cnt     <= 3'd0;
            len_val     <= 32'd0;
            exp_type    <= T_HASH_MSG;
            final_part  <= 1'b1;
            gmode       <= 1'b0;
            if (!ins_ok) begin
                pst <= seg_code ? P_SKHDR : P_INS;
            end else if (ins_op == OP_ACTKEY) begin
                pst <= P_SDI;
            end else if (ins_op == OP_SEED || ins_op == OP_RESEED) begin
                // keccak-duplex (0x1A): the SDI unit is read and dropped, BAD_INSTRUCTION
                pst <= P_SDI;
                if (runs_fort) begin
                    sel  <= C_FORT;
                    f_op <= (ins_op == OP_SEED) ? 2'd2 : 2'd0;
                end
            end else if (runs_hash) begin
                pst      <= P_HDR;
                sel      <= C_HASH;
                out_type <= T_HASH_VALUE;
                out_len  <= 21'd32;
                feed     <= 1'b1;
            end else if (runs_mac) begin
                pst      <= P_HDR;
                sel      <= C_CMAC;
                out_type <= T_TAG;
                out_len  <= 21'd16;
                if (key_aes) begin
                    cmd_pend <= 1'b1;
                    feed     <= 1'b1;
                end else begin
                    pend_reason <= R_NO_KEY;
                end
            end else if (runs_gen) begin
                pst      <= P_HDR;
                sel      <= C_FORT;
                f_op     <= 2'd1;
                out_type <= T_RANDOM;
                len_part <= 1'b1;
                exp_type <= T_LENGTH;
            end else if (runs_gcm) begin
                // NPUB, AD, PT (ENC) or CT, TAG (DEC) into the core; its output to the buffer
                pst        <= P_HDR;
                sel        <= C_GCM;
                gmode      <= 1'b1;
                gdec       <= (ins_op == OP_DEC);
                gkey       <= key_aes;
                gpart      <= 2'd0;
                exp_type   <= T_NPUB;
                final_part <= 1'b0;
                npub_n     <= 8'd0;
                msg_n      <= 21'd0;
                tag_n      <= 5'd0;
                msg_over   <= 1'b0;
                seg_over   <= 1'b0;
                sn         <= {(SA_W+1){1'b0}};
                ow         <= {(XA_W+1){1'b0}};
                if (key_aes) begin
                    cmd_pend <= 1'b1;
                    feed     <= 1'b1;
                end
            end else begin
                pst <= seg_code ? P_SKHDR : P_INS;   // LDKEY; ENC/DEC; Keccak algorithms
            end
        end
        P_HDR: if (p_take) begin
            if (p_bad_hdr) begin
                // malformed: drop the core's message, discard from this header on; ENC's PT
                // bytes go on through the core (the packer flushes them) when their CT goes out
                cmd_pend <= 1'b0;
                feed     <= 1'b0;
                if (g_prefix) begin
                    afinal <= 1'b1;
                end else begin
                    x_abort <= 1'b1;
                    afinal  <= 1'b0;
                    acnt    <= 5'd0;
                    acc     <= {(8*NACC){1'b0}};
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
                if (gmode && gpart == 2'd2) begin          // PT/CT segment: into the list
                    if (sn == G_SEGS)
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
            if (gmode) begin
                case (gpart)
                2'd0: npub_n <= npub_sum[8] ? 8'd255 : npub_sum[7:0];
                2'd2: if (msg_sum > {1'b0, G_MSG}) msg_over <= 1'b1; else msg_n <= msg_sum[20:0];
                2'd3: tag_n <= tag_sum[5] ? 5'd31 : tag_sum[4:0];
                default: ;
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
        P_LEN: begin                               // PRNG_GEN's LENGTH is in
            len_part <= 1'b0;
            out_len  <= len_val[20:0];
            pst      <= P_GEN;
            if (!len_good)
                pend_reason <= R_LENGTH;
            else if (!seeded)
                pend_reason <= R_NOT_SEEDED;
            else
                cmd_pend <= 1'b1;
        end
        P_GEN: pst <= P_INS;                       // the job is posted on this clock
        P_GEND: pst <= P_INS;                      // the job is posted on this clock
        default: pst <= P_INS;
        endcase
    end
end

// ---------------------------------------------------------------------------- SDI side --
assign sdi_ready = !rst && (qst == Q_INS || qst == Q_HDR || (qst == Q_DAT && (!q_feed ||
                            acc_room)) || qst == Q_SKH || qst == Q_SKD);
assign q_take = sdi_valid && sdi_ready;
wire [3:0]  q_type   = q_ld ? T_KEY : T_SEED;
// the SDI word as an instruction or as a KEY/SEED header (the part is the instruction's only)
wire        q_ins_valid, q_hdr_ok;
wire [16:0] q_hwords;
wire [4:0]  q_hlastb;
lwc_word_decode #(.W(W)) u_sdi_word (
    .word(sdi_data), .exp_type(q_type), .final_part(1'b1),
    .ins_ok(q_ins_valid), .hdr_ok(q_hdr_ok), .seg_words(q_hwords), .seg_lastb(q_hlastb)
);
wire        q_req    = (pst == P_SDI) && (qst == Q_IDLE);
assign q_ok_ins  = (qst == Q_INS) && q_take &&
                   (q_ld ? (q_ins_valid && sv[31:28] == OP_LDKEY)
                         : (ins_fort_q && sdi_data == ins_w));
assign q_bad_hdr = (qst == Q_HDR) && q_take && !q_hdr_ok;
assign q_nbytes  = (q_words == 17'd1) ? q_lastb : WB[4:0];
assign q_in      = (qst == Q_DAT) && q_take && q_feed;
assign q_part_end = ((qst == Q_HDR) && q_take && !q_bad_hdr && q_hwords == 17'd0 && sv[25]) ||
                    ((qst == Q_DAT) && q_take && q_words == 17'd1 && q_eot);

// a KEY word's bytes shifted into the staging register at its low end
wire [W-1:0] q_kbytes = sdi_data >> {(WB[4:0] - q_nbytes), 3'b000};
wire [7:0]  klen_sum = {1'b0, klen} + {3'd0, q_nbytes};

always @(posedge clk) begin
    if (rst) begin
        qst     <= Q_IDLE;
        key_len <= 7'd0;
    end else begin
        case (qst)
        Q_IDLE: if (q_req) begin
            q_ld     <= (ins_op_q == OP_ACTKEY);
            q_feed   <= ins_fort_q && (ins_op_q == OP_SEED || (ins_op_q == OP_RESEED && seeded));
            q_reason <= R_NONE;
            qst      <= Q_INS;
        end
        Q_INS: if (q_take) begin
            stg  <= 256'd0;
            klen <= 7'd0;
            if (q_ok_ins) begin
                qst <= Q_HDR;
            end else begin
                q_reason <= R_BAD_INS;
                q_feed   <= 1'b0;
                qst      <= Q_SKH;
            end
        end
        Q_HDR: if (q_take) begin
            if (q_bad_hdr) begin
                q_reason <= R_MALFORMED;
                q_feed   <= 1'b0;
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
                    qst <= Q_DONE;
            end
        end
        Q_DAT: if (q_take) begin
            if (q_ld) begin
                stg  <= (stg << {q_nbytes, 3'b000}) | {{(256-W){1'b0}}, q_kbytes};
                klen <= klen_sum[7] ? 7'd127 : klen_sum[6:0];
            end
            q_words <= q_words - 17'd1;
            if (q_words == 17'd1)
                qst <= q_eot ? Q_DONE : Q_HDR;
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
                // the key's bytes sit at the low end of stg: align byte 0 to [255:248] (only
                // 16, 24 and 32-byte keys are ever used; others fail NO_KEY at use)
                key_len <= klen;
                case (klen)
                7'd16:   key <= {stg[127:0], 128'd0};
                7'd24:   key <= {stg[191:0], 64'd0};
                default: key <= stg;
                endcase
            end
        end
        default: qst <= Q_IDLE;
        endcase
    end
end

// ----------------------------------------------------------------------------- DO side --
// output beats to DO words (lwc_do_words)
wire        w_valid;
wire [W-1:0] w_data;
wire        w_take = (dst == D_DAT) && do_ready && w_valid;
lwc_do_words #(.W(W)) u_do_words (
    .clk(clk), .rst(rst),
    .s_data(m_data_s), .s_keep(m_keep_s), .s_last(m_last_s), .s_valid(m_valid_s), .s_ready(m_tready),
    .w_valid(w_valid), .w_data(w_data), .w_take(w_take)
);

wire        d_lastseg = (d_left <= {5'd0, SEGMAX});
wire [15:0] d_seglen  = d_lastseg ? d_left[15:0] : SEGMAX;
wire [16:0] d_segw    = ({1'b0, d_seglen} + WB_M1) >> LWB;   // ceil(d_seglen / WB)
wire [31:0] d_hdr     = {d_type, 1'b0, 1'b0, d_lastseg, d_lastseg, 8'd0, d_seglen};
wire [31:0] d_stat    = {(d_reason == R_NONE) ? 4'b1110 : 4'b1111, 20'd0, d_reason};

// ------------------------------------------------------------------ AES-GCM output --
// The core's output beats (CT or PT, packed bytes, byte j at [8j +: 8]) are written to the
// message buffer as they come; once the core's status is in, the DO side unpacks the buffer
// into one CT/PT segment per segment of the list.
reg  [XA_W-1:0] xra;        // message buffer address being read
reg  [SA_W:0] sidx;         // DO: the segment being sent
reg  [15:0] kseg_left;      // its bytes not yet sent
reg  [1:0]  ktw;            // TAG words sent
// unpacker from the message buffer to DO words: stream byte p at [8p +: 8]
reg  [8*NACC-1:0] ub;
reg  [4:0]  ucnt;
reg  [20:0] ul;             // message bytes not yet loaded

wire [63:0] k_xq;           // buffer read data at xra
wire [16:0] k_sent;         // segment list entry at sidx: {EOT, length}
wire        k_u_ld;
wire        g_out_start = (dst == D_GWAIT) && g_st_valid;
wire        k_xw_en = g_m_valid && ow != G_XB && g_m_keep != 8'd0;
wire        k_sw_en = (pst == P_HDR) && p_take && gmode && gpart == 2'd2 && !p_bad_hdr &&
                      sn != G_SEGS;
// reads: the buffer shows the entry at the next address one clock later, so the address of
// the next clock is given (the beat on offer is always there)
wire [XA_W-1:0] k_xra_n = g_out_start ? {XA_W{1'b0}} : xra + {{(XA_W-1){1'b0}}, k_u_ld};

generate
if (GCM != 0) begin : g_gcm_buf
    reg [63:0] xbuf [0:XB_DEPTH-1];
    reg [16:0] slist [0:GCM_SEGS-1];
    reg [63:0] xq;
    always @(posedge clk) begin
        if (k_xw_en)
            xbuf[ow[XA_W-1:0]] <= g_m_data;
        xq <= xbuf[k_xra_n];
        if (k_sw_en)
            slist[sn[SA_W-1:0]] <= {pv[25], pv[15:0]};
    end
    assign k_xq   = xq;
    assign k_sent = slist[sidx[SA_W-1:0]];
end else begin : g_no_gcm_buf
    /* verilator lint_off UNUSEDSIGNAL */  // the GCM path's signals, unused without the core
    wire unused_g = &{1'b0, k_xw_en, k_sw_en, k_xra_n, g_m_data};
    /* verilator lint_on UNUSEDSIGNAL */
    assign k_xq   = 64'd0;
    assign k_sent = 17'd0;
end
endgenerate

// the unpacker: a beat in when it has room (up to 8 + W/8 bytes), a word out per DO handshake
// (the segment's next min(W/8, bytes left) bytes; every segment starts on a new word)
wire        k_emit_ph = (dst == D_GSH) || (dst == D_GSD);
wire [4:0]  u_need = (kseg_left < {11'd0, WB[4:0]}) ? kseg_left[4:0] : WB[4:0];
assign      k_u_ld = k_emit_ph && (ul != 21'd0) && (ucnt <= WB[4:0]);
wire [3:0]  u_nld  = (ul >= 21'd8) ? 4'd8 : {1'b0, ul[2:0]};
wire        u_have = (ucnt >= u_need);
wire        u_emit = (dst == D_GSD) && do_ready && u_have;
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
wire [3:0]  k_after    = (g_full && !gdec) ? D_GTH : D_STAT;
wire [31:0] k_hdr  = {gdec ? T_PT : T_CT, 1'b0, 1'b0, k_sent[16], gdec && k_sent[16], 8'd0,
                      k_sent[15:0]};
wire [31:0] k_thdr = {T_TAG, 1'b0, 1'b0, 1'b1, 1'b1, 8'd0, 16'd16};

assign do_valid = (dst == D_HDR) || (dst == D_STAT) || (dst == D_DAT && w_valid) ||
                  (dst == D_GSH) || (dst == D_GSD && u_have) || (dst == D_GTH) ||
                  (dst == D_GTD);
assign do_data  = (dst == D_DAT) ? w_data :
                  (dst == D_GSD) ? k_word :
                  (dst == D_GTD) ? k_tword :
                  view((dst == D_HDR) ? d_hdr : (dst == D_GSH) ? k_hdr :
                       (dst == D_GTH) ? k_thdr : d_stat);

integer tb;
always @(posedge clk) begin
    xra <= k_xra_n;
    if (rst) begin
        dst <= D_IDLE;
    end else begin
        case (dst)
        D_IDLE: if (job) begin
            d_reason <= (job_status || job_g) ? job_reason : R_NONE;
            d_type   <= out_type;
            d_left   <= out_len;
            g_full   <= (pst == P_GEND);
            dst      <= job_g ? D_GWAIT : job_status ? D_STAT : job_wait ? D_WST : D_HDR;
        end
        D_GWAIT: if (g_st_valid) begin
            // the core's status: the tag (ENC), the check (DEC); CT/PT only when every check
            // passes (or for ENC's CT before a malformed header)
            for (tb = 0; tb < 16; tb = tb + 1)
                ktag[8*tb +: 8] <= g_st_tag[127-8*tb -: 8];
            sidx <= {(SA_W+1){1'b0}};
            ub   <= {(8*NACC){1'b0}};
            ucnt <= 5'd0;
            ul   <= msg_n;
            if (g_full && d_reason != R_NONE) begin
                dst <= D_STAT;
            end else if (g_full && gdec && g_st_fail) begin
                d_reason <= R_AUTH;
                dst      <= D_STAT;
            end else begin
                dst <= D_GSH;
            end
        end
        D_GSH: if (do_ready) begin
            kseg_left <= k_sent[15:0];
            if (k_sent[15:0] != 16'd0) begin
                dst <= D_GSD;
            end else if (k_last_seg) begin
                dst <= k_after;
            end else begin
                sidx <= sidx + 1'b1;
            end
        end
        D_GSD: if (u_emit) begin
            kseg_left <= kseg_left - {11'd0, u_need};
            if (kseg_left == {11'd0, u_need}) begin
                if (k_last_seg) begin
                    dst <= k_after;
                end else begin
                    sidx <= sidx + 1'b1;
                    dst  <= D_GSH;
                end
            end
        end
        D_GTH: if (do_ready) begin
            ktw <= 2'd0;
            dst <= D_GTD;
        end
        D_GTD: if (do_ready) begin
            ktw <= ktw + 2'd1;
            if (ktw == 2'd3 || W == 128)
                dst <= D_STAT;
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
        D_WST: if (st_valid_s)
            dst <= D_STAT;
        D_STAT: if (do_ready)
            dst <= D_IDLE;
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
