// SPDX-License-Identifier: Apache-2.0
`default_nettype none
// Lake Keyak v2 AEAD engine: Keyak[b=1600, nr=12, Π=1, c=256, τ=128], the Motorist mode with
// one Piston over Keccak-p[1600, 12] (keccak_p1600). Model: linecrypt/models/keyak.py
// (Motorist.start_engine / Motorist.wrap); datasheet: ip/keccak/doc/README.md.
//
// Byte order: byte j of a 64-bit beat at [8j +: 8]; a beat that carries bytes 8i..8i+7 of a
// Piston region is lane i of the Keccak state (state byte 8i + j at [64i + 8j +: 8], the FIPS 202
// order keccak_p1600 uses). Rs = 168 bytes (lanes 0..20), Ra = 192 (lanes 0..23); the control
// bytes EOM, CryptEnd, InjectStart, InjectEnd are state bytes 192..195 (lane 24, bits 0..31).
//
// One command = [StartEngine] + one Wrap:
//   c_op          0: wrap (encrypt), 1: unwrap (decrypt)
//   c_start       StartEngine(K, N, c_start_tag, c_start_forget) before the Wrap: a new session
//   c_forget      forgetFlag of the Wrap
//   c_key_len     16..32 bytes (with c_start), c_nonce_len 0..150 bytes (with c_start)
//   c_ad_len      0..2^32-1 bytes of associated data (Keyak's metadata A)
//   c_msg_len     0..2^32-1 bytes of plaintext (wrap) or ciphertext (unwrap)
//   c_user        carried to the status word
// A command without c_start continues the session of the previous one (the Piston state and
// its Crypt offset stay in the engine); after a failed or malformed command there is no session.
//
// Input streams, each segment starting on a new beat, every beat full but a segment's last
// (its bytes at the bottom: tkeep = 2^k - 1), tlast on the command's last beat of that stream;
// a command with no bytes for a stream takes no beat from it:
//   s_meta_*  K (c_start), N (c_start), the 16-byte StartEngine tag (c_start, c_start_tag,
//             unwrap), A
//   s_msg_*   the message (plaintext or ciphertext), then the 16-byte tag (unwrap)
// Two streams, because the Motorist interleaves them: each Piston block takes up to 168 message
// bytes and 24 metadata bytes (192 when the message is used up), so a single stream with all of
// A before the message would need A buffered whole. Feed the two from independent sources.
// Output stream (m_*, m_tuser = the command's c_user): wrap: [the StartEngine tag] ‖ ciphertext ‖ tag, m_tlast on the tag's
// last beat; unwrap: the plaintext, m_tlast on its last beat, no beat when it is empty. The
// plaintext is released as it is decrypted, before the tag is checked (see the datasheet).
// A command stopped by an error whose output has started is closed by a tkeep = 0, m_tlast beat.
// Status (st_*): one word per command after its last output beat: st_code 0 ok, 1 tag mismatch
// (unwrap; the session ends), 2 malformed (key or nonce length out of range, a beat's tkeep or
// tlast not as the lengths say: the rest of the command's beats are read up to their tlast and
// dropped), 3 no session (a command without c_start when none is running; beats dropped).
// Tags are compared in constant time: every tag byte is read and compared.
//
// Timing (RPC rounds per clock): one beat per clock on every stream; a Piston block costs its
// beats + 1 (the Spark) clocks, and a Crypt waits for the permutation (12 / RPC clocks).
// Metadata-only blocks (and the key and nonce) are written while the permutation runs.
//
// Permutation: EXT_PERM = 0 instantiates keccak_p1600 (RPC rounds per clock) inside; the perm_*
// ports are then unused (outputs as the internal permutation sees them, inputs ignored).
// EXT_PERM = 1 leaves it out and drives a keccak_p1600 outside through perm_*, the mirror of
// keccak_p1600's s_*/m_* ports (perm_s_* to its s_*, perm_m_* from its m_*; perm_s_nr is 12),
// so several clients can share one permutation (ip/keccak/rtl/keccak_p1600_mux.v); RPC must be
// that permutation's. The Piston state lives in the permutation's output register, inside or
// outside: a session continues (a command without c_start) only while no other client has
// used the permutation since the session's last command. A command with c_start takes a state
// left there off the permutation as its first block goes in.
module keyak_engine #(
    parameter RPC        = 1,           // permutation rounds per clock: 1, 2, 3, 4, 6 or 12
    parameter USER_WIDTH = 8,
    parameter EXT_PERM   = 0            // 1: the permutation is outside, on the perm_* ports
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire                  c_op,
    input  wire                  c_start,
    input  wire                  c_start_tag,
    input  wire                  c_start_forget,
    input  wire                  c_forget,
    input  wire [5:0]            c_key_len,
    input  wire [7:0]            c_nonce_len,
    input  wire [31:0]           c_ad_len,
    input  wire [31:0]           c_msg_len,
    input  wire [USER_WIDTH-1:0] c_user,
    input  wire                  c_valid,
    output wire                  c_ready,

    input  wire [63:0]           s_meta_tdata,
    input  wire [7:0]            s_meta_tkeep,
    input  wire                  s_meta_tlast,
    input  wire                  s_meta_tvalid,
    output wire                  s_meta_tready,

    input  wire [63:0]           s_msg_tdata,
    input  wire [7:0]            s_msg_tkeep,
    input  wire                  s_msg_tlast,
    input  wire                  s_msg_tvalid,
    output wire                  s_msg_tready,

    output reg  [63:0]           m_tdata,
    output reg  [7:0]            m_tkeep,
    output reg                   m_tlast,
    output reg  [USER_WIDTH-1:0] m_tuser,
    output reg                   m_tvalid,
    input  wire                  m_tready,

    output reg  [1:0]            st_code,
    output reg  [USER_WIDTH-1:0] st_user,
    output reg                   st_valid,
    input  wire                  st_ready,

    // external permutation (EXT_PERM = 1): to keccak_p1600's s_*, from its m_*
    output wire [1599:0]         perm_s_tdata,
    output wire [4:0]            perm_s_nr,
    output wire                  perm_s_tvalid,
    input  wire                  perm_s_tready,
    input  wire [1599:0]         perm_m_tdata,
    input  wire                  perm_m_terr,
    input  wire                  perm_m_tvalid,
    output wire                  perm_m_tready
);

generate
if (RPC != 1 && RPC != 2 && RPC != 3 && RPC != 4 && RPC != 6 && RPC != 12) begin : g_bad_rpc
    $error("%m: RPC must divide 12");
end
if (EXT_PERM != 0 && EXT_PERM != 1) begin : g_bad_ext
    $error("%m: EXT_PERM must be 0 or 1");
end
endgenerate

localparam [1:0] ST_OK = 2'd0, ST_AUTH = 2'd1, ST_MALFORMED = 2'd2, ST_NO_SESSION = 2'd3;

localparam [3:0] S_IDLE = 4'd0,   // waiting for a command
                 S_KEY = 4'd1,    // key beats into kreg
                 S_KPACK = 4'd2,  // key pack into lanes 0..4 of the block
                 S_NONCE = 4'd3,  // nonce beats into lanes 5..
                 S_SPARK = 4'd4,  // the block (and the control bytes) into the permutation
                 S_KNOT = 4'd5,   // forget: the 32-byte chain value injected back
                 S_STAG = 4'd6,   // StartEngine's tag (out, or checked), or none
                 S_CRYPT = 4'd7,  // message beats: lanes li..20
                 S_INJ = 4'd8,    // metadata beats: lanes li..23
                 S_TAG = 4'd9,    // the Wrap's tag (out, or checked)
                 S_DRAIN = 4'd10, // error: read both streams to their tlast
                 S_CLOSE = 4'd11, // error: close an output frame that has started
                 S_STATUS = 4'd12;

// ---- permutation ------------------------------------------------------------------------------
wire [1599:0] p_out;
wire          p_valid, p_s_ready;
wire          p_valid_in, p_m_ready;
wire [1599:0] p_in;

assign perm_s_tdata  = p_in;
assign perm_s_nr     = 5'd12;
assign perm_s_tvalid = p_valid_in;
assign perm_m_tready = p_m_ready;

generate
if (EXT_PERM == 0) begin : g_perm
    /* verilator lint_off UNUSEDSIGNAL */
    wire p_terr;                  // never set: nr = 12 is a multiple of every legal RPC
    // the perm_* inputs: the permutation is inside
    wire unused_perm = &{1'b0, perm_s_tready, perm_m_tdata, perm_m_terr, perm_m_tvalid};
    /* verilator lint_on UNUSEDSIGNAL */
    keccak_p1600 #(.RPC(RPC)) u_perm (
        .clk(clk), .rst(rst),
        .s_tdata(p_in), .s_nr(5'd12), .s_tvalid(p_valid_in), .s_tready(p_s_ready),
        .m_tdata(p_out), .m_terr(p_terr), .m_tvalid(p_valid), .m_tready(p_m_ready)
    );
end else begin : g_ext_perm
    /* verilator lint_off UNUSEDSIGNAL */  // never set: nr = 12 is a multiple of every legal RPC
    wire unused_terr = perm_m_terr;
    /* verilator lint_on UNUSEDSIGNAL */
    assign p_s_ready = perm_s_tready;
    assign p_out     = perm_m_tdata;
    assign p_valid   = perm_m_tvalid;
end
endgenerate

// ---- registers ----------------------------------------------------------------------------------
reg  [3:0]            st;
reg  [3:0]            nxt;        // where S_SPARK goes (StartEngine and knot blocks)
reg  [3:0]            knot_ret;   // where the knot's Spark goes
reg  [7:0]            knot_eom;   // the EOM byte of the knot block (the tag that follows)

reg                   op, stag_f, sforget_f, forget_f;
reg  [7:0]            nlen;
reg  [5:0]            klen;
reg  [7:0]            seg_left;   // key or nonce bytes still to come
reg  [31:0]           ad_left, msg_left;
reg  [31:0]           a_beats, m_beats;     // beats of this command still to come per stream
reg                   a_open, m_open;       // a stream's tlast is still to come
reg  [USER_WIDTH-1:0] user;

reg                   riding;     // a session is running (the state is in the permutation)
reg                   oc16;       // the Crypt offset is 16 (after a tag), else 0
reg                   fresh;      // the next Spark starts from the all-zero state

reg  [1535:0]         dbuf;       // what the block XORs into the state, lanes 0..23
reg  [4:0]            li;         // lane of the next beat
reg  [7:0]            eom, crypt_end, inj_start, inj_end;    // control bytes 192..195
reg                   blk_wrap;   // the block is a Wrap data block (EOM from the lengths)
reg  [255:0]          kreg;
reg  [1:0]            kidx;
reg                   tb;         // tag beat 0 or 1
reg                   tag_bad;
reg                   err;
reg  [1:0]            err_code;
reg                   out_open;   // output beats of this command went out without m_tlast

// ---- beat rules -----------------------------------------------------------------------------
function [7:0] keep_of;           // the tkeep of a beat with `left` bytes of its segment to come
    input [31:0] left;
    begin
        keep_of = (left >= 32'd8) ? 8'hFF : ((8'd1 << left[2:0]) - 8'd1);
    end
endfunction

function [63:0] bytes_of;         // tkeep as a byte mask
    input [7:0] k;
    integer j;
    begin
        for (j = 0; j < 8; j = j + 1)
            bytes_of[8*j +: 8] = {8{k[j]}};
    end
endfunction

function [3:0] count_of;          // bytes in a beat with `left` bytes of its segment to come
    input [31:0] left;
    begin
        count_of = (left >= 32'd8) ? 4'd8 : {1'b0, left[2:0]};
    end
endfunction

wire [31:0] a_seg    = (st == S_INJ) ? ad_left : (st == S_STAG) ? 32'd16 : {24'd0, seg_left};
wire [7:0]  a_keep_x = keep_of(a_seg);
wire [3:0]  a_k      = count_of(a_seg);
wire        a_last_x = (a_beats == 32'd1);
wire        a_bad    = (s_meta_tkeep != a_keep_x) || (s_meta_tlast != a_last_x);
wire [63:0] a_x      = s_meta_tdata & bytes_of(a_keep_x);

wire [31:0] m_seg    = (st == S_CRYPT) ? msg_left : 32'd16;
wire [7:0]  m_keep_x = keep_of(m_seg);
wire [3:0]  m_k      = count_of(m_seg);
wire        m_last_x = (m_beats == 32'd1);
wire        m_bad    = (s_msg_tkeep != m_keep_x) || (s_msg_tlast != m_last_x);
wire [63:0] m_x      = s_msg_tdata & bytes_of(m_keep_x);

// ---- handshakes -------------------------------------------------------------------------------
wire o_free = !m_tvalid || m_tready;

assign c_ready = (st == S_IDLE) && !rst;

assign s_meta_tready = !rst && ((st == S_KEY) || (st == S_NONCE) ||
                                (st == S_STAG && stag_f && op && p_valid) ||
                                (st == S_INJ && ad_left != 32'd0) ||
                                (st == S_DRAIN && a_open));
assign s_msg_tready  = !rst && ((st == S_CRYPT && msg_left != 32'd0 && p_valid && o_free) ||
                                (st == S_TAG && op && p_valid) ||
                                (st == S_DRAIN && m_open));
wire a_take = s_meta_tvalid && s_meta_tready;
wire m_take = s_msg_tvalid && s_msg_tready;

// ---- the Spark ----------------------------------------------------------------------------------
wire        more    = (msg_left != 32'd0) || (ad_left != 32'd0);
wire [7:0]  eom_now = blk_wrap ? (more ? 8'd0 : (forget_f ? 8'd32 : 8'd16)) : eom;
wire [63:0] ctrl    = {32'd0, inj_end, inj_start, crypt_end, eom_now};
wire        spark   = (st == S_SPARK) && (fresh || p_valid);

assign p_valid_in = spark;
assign p_m_ready  = spark;        // the state leaves as the next one goes in (or is dropped)
assign p_in       = (fresh ? 1600'd0 : p_out) ^ {ctrl, dbuf};
wire   spark_go   = spark && p_s_ready;

// ---- lanes --------------------------------------------------------------------------------------
wire [63:0] s_lane   = p_out[64 * li +: 64];
wire [63:0] t_lane   = tb ? p_out[127:64] : p_out[63:0];
wire [63:0] c_out    = (s_lane & bytes_of(m_keep_x)) ^ m_x;   // Crypt output
// key pack: enc8(40) ‖ K ‖ 0x01 ‖ 0x00*, 40 bytes
wire [319:0] keypack = {56'd0, kreg, 8'd40} ^ (320'd1 << {klen + 6'd1, 3'b000});
wire [4:0]  li_p1    = li + 5'd1;

// ---- command checks -----------------------------------------------------------------------------
function [31:0] beats_of;
    input [31:0] n;
    begin
        beats_of = {3'd0, n[31:3]} + {31'd0, n[2:0] != 3'd0};
    end
endfunction

wire        cmd_bad_len = c_start && (c_key_len < 6'd16 || c_key_len > 6'd32 ||
                                      c_nonce_len > 8'd150);
wire        cmd_no_sess = !c_start && !riding;
wire [31:0] cmd_a_beats = (c_start ? beats_of({26'd0, c_key_len}) + beats_of({24'd0, c_nonce_len})
                                     + ((c_start_tag && c_op) ? 32'd2 : 32'd0) : 32'd0)
                          + beats_of(c_ad_len);
wire [31:0] cmd_m_beats = beats_of(c_msg_len) + (c_op ? 32'd2 : 32'd0);

always @(posedge clk) begin
    if (rst) begin
        st       <= S_IDLE;
        riding   <= 1'b0;
        oc16     <= 1'b0;
        fresh    <= 1'b1;
        m_tvalid <= 1'b0;
        st_valid <= 1'b0;
        st_code  <= ST_OK;
        out_open <= 1'b0;
        a_open   <= 1'b0;
        m_open   <= 1'b0;
        dbuf     <= 1536'd0;
        eom      <= 8'd0;
        crypt_end <= 8'd0;
        inj_start <= 8'd0;
        inj_end  <= 8'd0;
        blk_wrap <= 1'b0;
        err      <= 1'b0;
        tag_bad  <= 1'b0;
    end else begin
        if (m_tvalid && m_tready)
            m_tvalid <= 1'b0;
        if (o_free)
            m_tuser <= user;          // every output beat carries its command's c_user
        if (st_valid && st_ready)
            st_valid <= 1'b0;
        if (a_take) begin
            a_beats <= a_beats - 32'd1;
            if (s_meta_tlast)
                a_open <= 1'b0;
        end
        if (m_take) begin
            m_beats <= m_beats - 32'd1;
            if (s_msg_tlast)
                m_open <= 1'b0;
        end

        case (st)
        S_IDLE: if (c_valid) begin
            op        <= c_op;
            stag_f    <= c_start_tag;
            sforget_f <= c_start_forget;
            forget_f  <= c_forget;
            klen      <= c_key_len;
            nlen      <= c_nonce_len;
            seg_left  <= {2'd0, c_key_len};
            ad_left   <= c_ad_len;
            msg_left  <= c_msg_len;
            user      <= c_user;
            a_beats   <= cmd_a_beats;
            m_beats   <= cmd_m_beats;
            a_open    <= cmd_a_beats != 32'd0;
            m_open    <= cmd_m_beats != 32'd0;
            err       <= 1'b0;
            tag_bad   <= 1'b0;
            out_open  <= 1'b0;
            kidx      <= 2'd0;
            kreg      <= 256'd0;              // a shorter key than the last leaves no bytes
            tb        <= 1'b0;
            blk_wrap  <= 1'b0;
            if (cmd_bad_len || cmd_no_sess) begin
                err      <= 1'b1;
                err_code <= cmd_bad_len ? ST_MALFORMED : ST_NO_SESSION;
                st       <= S_DRAIN;
            end else if (c_start) begin
                fresh    <= 1'b1;
                riding   <= 1'b0;
                st       <= S_KEY;
            end else begin
                li       <= oc16 ? 5'd2 : 5'd0;
                st       <= S_CRYPT;
            end
        end

        S_KEY: if (a_take) begin
            if (a_bad) begin
                err <= 1'b1; err_code <= ST_MALFORMED; st <= S_DRAIN;
            end else begin
                kreg[64 * kidx +: 64] <= a_x;
                kidx     <= kidx + 2'd1;
                seg_left <= seg_left - {4'd0, a_k};
                if (seg_left <= 8'd8)
                    st <= S_KPACK;
            end
        end

        S_KPACK: begin
            // the SUV block: key pack, nonce, 0x01 0x00 after the nonce (enc8(Π), enc8(0))
            dbuf[319:0] <= keypack;
            if (nlen == 8'd0)
                dbuf[383:320] <= 64'h01;
            li        <= 5'd5;
            seg_left  <= nlen;
            inj_start <= 8'd0;
            inj_end   <= nlen + 8'd42;
            eom       <= sforget_f ? 8'd32 : (stag_f ? 8'd16 : 8'd255);
            knot_eom  <= stag_f ? 8'd16 : 8'd255;
            knot_ret  <= S_STAG;
            nxt       <= sforget_f ? S_KNOT : S_STAG;
            st        <= (nlen == 8'd0) ? S_SPARK : S_NONCE;
        end

        S_NONCE: if (a_take) begin
            if (a_bad) begin
                err <= 1'b1; err_code <= ST_MALFORMED; st <= S_DRAIN;
            end else begin
                dbuf[64 * li +: 64] <= a_x ^ ((a_k == 4'd8) ? 64'd0 : (64'd1 << {a_k[2:0], 3'b000}));
                if (a_k == 4'd8 && seg_left == 8'd8 && li != 5'd23)
                    dbuf[64 * li_p1 +: 64] <= 64'h01;
                seg_left <= seg_left - {4'd0, a_k};
                li       <= li_p1;
                if (seg_left <= 8'd8)
                    st <= S_SPARK;
            end
        end

        S_SPARK: if (spark_go) begin
            dbuf      <= 1536'd0;
            eom       <= 8'd0;
            crypt_end <= 8'd0;
            inj_start <= 8'd0;
            inj_end   <= 8'd0;
            fresh     <= 1'b0;
            li        <= 5'd0;
            if (!blk_wrap) begin
                st <= nxt;
            end else begin
                blk_wrap <= more;         // an AD-only block goes straight to S_INJ
                if (more) begin
                    st <= (msg_left != 32'd0) ? S_CRYPT : S_INJ;
                end else if (forget_f) begin
                    knot_eom <= 8'd16;
                    knot_ret <= S_TAG;
                    st       <= S_KNOT;
                end else begin
                    st <= S_TAG;
                end
            end
        end

        S_KNOT: if (p_valid) begin
            // MakeKnot: the 32-byte tag of the Spark just done injected back (it cancels lanes
            // 0..3), InjectEnd = 32
            dbuf[255:0] <= p_out[255:0];
            inj_end     <= 8'd32;
            eom         <= knot_eom;
            nxt         <= knot_ret;
            st          <= S_SPARK;
        end

        S_STAG: if (!stag_f) begin
            oc16 <= 1'b0;
            li   <= 5'd0;
            st   <= S_CRYPT;
        end else if (p_valid) begin
            if (!op && o_free) begin
                m_tvalid <= 1'b1;
                m_tdata  <= t_lane;
                m_tkeep  <= 8'hFF;
                m_tlast  <= 1'b0;
                out_open <= 1'b1;
                tb       <= !tb;
                if (tb) begin
                    oc16 <= 1'b1;
                    li   <= 5'd2;
                    st   <= S_CRYPT;
                end
            end else if (op && a_take) begin
                if (a_bad) begin
                    err <= 1'b1; err_code <= ST_MALFORMED; st <= S_DRAIN;
                end else begin
                    tag_bad <= tag_bad | (s_meta_tdata != t_lane);
                    tb      <= !tb;
                    if (tb) begin
                        oc16 <= 1'b1;
                        li   <= 5'd2;
                        st   <= S_CRYPT;
                    end
                end
            end
        end

        S_CRYPT: begin
            blk_wrap <= 1'b1;
            if (msg_left == 32'd0) begin
                li <= 5'd0;
                st <= (ad_left != 32'd0) ? S_INJ : S_SPARK;
            end else if (m_take) begin
                if (m_bad) begin
                    err <= 1'b1; err_code <= ST_MALFORMED; st <= S_DRAIN;
                end else begin
                    // the state takes the ciphertext: the plaintext is what it XORs in
                    dbuf[64 * li +: 64] <= op ? c_out : m_x;
                    m_tvalid  <= 1'b1;
                    m_tdata   <= c_out;
                    m_tkeep   <= m_keep_x;
                    m_tlast   <= op && msg_left <= 32'd8;
                    out_open  <= !(op && msg_left <= 32'd8);
                    msg_left  <= msg_left - {28'd0, m_k};
                    crypt_end <= {li, 3'b000} + {4'd0, m_k};
                    if (msg_left <= 32'd8 || li == 5'd20) begin
                        li        <= 5'd21;
                        inj_start <= 8'd168;
                        inj_end   <= 8'd168;
                        st        <= (ad_left != 32'd0) ? S_INJ : S_SPARK;
                    end else begin
                        li <= li_p1;
                    end
                end
            end
        end

        S_INJ: begin
            if (ad_left == 32'd0) begin
                st <= S_SPARK;
            end else if (a_take) begin
                if (a_bad) begin
                    err <= 1'b1; err_code <= ST_MALFORMED; st <= S_DRAIN;
                end else begin
                    dbuf[64 * li +: 64] <= a_x;
                    inj_end <= {li, 3'b000} + {4'd0, a_k};
                    ad_left <= ad_left - {28'd0, a_k};
                    li      <= li_p1;
                    if (ad_left <= 32'd8 || li == 5'd23)
                        st <= S_SPARK;
                end
            end
        end

        S_TAG: if (p_valid) begin
            if (!op && o_free) begin
                m_tvalid <= 1'b1;
                m_tdata  <= t_lane;
                m_tkeep  <= 8'hFF;
                m_tlast  <= tb;
                out_open <= !tb;
                tb       <= !tb;
                if (tb) begin
                    oc16 <= 1'b1;
                    st   <= S_STATUS;
                end
            end else if (op && m_take) begin
                if (m_bad) begin
                    err <= 1'b1; err_code <= ST_MALFORMED; st <= S_DRAIN;
                end else begin
                    tag_bad <= tag_bad | (s_msg_tdata != t_lane);
                    tb      <= !tb;
                    if (tb) begin
                        oc16 <= 1'b1;
                        st   <= S_STATUS;
                    end
                end
            end
        end

        S_DRAIN: begin
            // a beat taken now with tlast closes its stream on this clock: look again next one
            dbuf      <= 1536'd0;
            eom       <= 8'd0;
            crypt_end <= 8'd0;
            inj_start <= 8'd0;
            inj_end   <= 8'd0;
            blk_wrap  <= 1'b0;
            riding    <= 1'b0;
            if (!a_open && !m_open)
                st <= S_CLOSE;
        end

        S_CLOSE: if (!out_open) begin
            st <= S_STATUS;
        end else if (o_free) begin
            m_tvalid <= 1'b1;
            m_tdata  <= 64'd0;
            m_tkeep  <= 8'h00;
            m_tlast  <= 1'b1;
            out_open <= 1'b0;
            st       <= S_STATUS;
        end

        S_STATUS: if ((!st_valid || st_ready) && !m_tvalid) begin
            st_valid <= 1'b1;
            st_code  <= err ? err_code : (tag_bad ? ST_AUTH : ST_OK);
            st_user  <= user;
            riding   <= !err && !tag_bad;
            st       <= S_IDLE;
        end

        default: st <= S_IDLE;
        endcase
    end
end

endmodule
`default_nettype wire
