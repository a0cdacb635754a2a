// SPDX-License-Identifier: Apache-2.0
//
// link_tx_sched: deficit-round-robin scheduler and record packer of the link transmitter
// (docs/link-format.md "Records" and "Scheduling", ip/link/doc/architecture.md; the executable
// description is LinkTx._data in linecrypt/link/model.py).
//
// It takes whole client frames from N queues (link_ingress), cuts them into records and packs
// the records into data-frame payloads of CAP = 64K - 48 bytes, sent as a stream of 64-byte
// words (p_*), one payload per p_tlast.
//
// Byte order (line byte order, docs/aead-interface.md): byte b of a 512-bit word sits at bits
// [128*(b/16) + 127 - 8*(b%16) -: 8]. Block j of a word (bytes 8j..8j+7) is therefore bits
// [64*(j^1) +: 64] with its byte 0 in the block's most significant byte. The packer works on
// these 8-byte blocks: records start on 8-byte boundaries, so moving data is a rotate of whole
// blocks. A record header is one block, big-endian {chan[7:0], rflags[7:0], length[15:0],
// seq[31:0]} (format.Record.pack), rflags bit 0 SOF, bit 1 EOF.
//
// Queue interface i (q_*[i]): q_tdata holds word w of the head frame (frame bytes 64w..64w+63,
// line byte order), q_len its length in bytes (constant over its words), q_tlast its last word;
// a queue presents only complete frames. A frame partly sent (a fragment ended inside a word)
// keeps its head word unpopped; the packer remembers the bytes taken (qoff[i]) and resumes at
// that block. Bytes of the last word beyond q_len are masked to zero here, so the padding of a
// record is zero whatever the queue puts there. A frame with q_len = 0 is popped and dropped.
//
// Scheduling (as the model): a visit of channel c adds share[c] to its deficit; records are
// placed while the deficit is positive (a record may overdraw it, the debt is carried); the
// visit ends when the deficit is not positive or the queue is empty (a positive deficit is then
// reset to 0). A visit that fills the payload continues in the next payload. The queue is
// "empty" when its q_tvalid is low at the selection clock, so a queue should raise q_tvalid for
// its next stored frame in the clock after the previous frame's last pop; a slower queue is
// served with one record per visit (fair by records, not by bytes).
//
// A fragment takes (space - 8) rounded down to 8 bytes of a client frame that does not fit the
// space left. The payload is closed when less than 16 bytes (MIN_RECORD) remain or when
// flush_words clocks have passed since its first record was placed; never without a record.
//
// Timing per record: the selection (arbitration, fragment length, header) is made in the clock
// the record's first source word is taken from the queue; that word, masked and with the header,
// goes to a fetch register, and one more source word is taken per clock, so a record costs
// ceil((sb + ceil(len/8)) / 8) clocks, sb = the fragment's start block in its word (0 for a
// whole frame), and the next record is selected in the clock after its last word. A visit whose
// quantum does not pay the channel's debt costs a clock of its own at selection; while a
// record's later words are fetched such visits are made alongside, one per clock (for the
// fetched channel the quantum is taken back if its queue is empty in the next selection clock).
// The accumulator (16 blocks) appends the fetch register's header and data blocks (up to 9) per
// clock and sends one 64-byte word per clock, so a backlogged stream runs at one payload word
// per clock unless the source words are fewer (records ending in a part word). A record that
// leaves less than MIN_RECORD closes the payload: its last word is padded to the word boundary
// and marked, and the next payload's words follow it on the output without a gap (the fetch
// may wait a clock while the closed payload's last two words leave). A word that fills
// exactly is held until it is known whether it is the payload's last (the next token), so a
// payload closed by flush_words costs one or two clocks. The flush timer counts from the
// selection, which may run up to a payload ahead of a stalled output. Output back-pressure
// stalls the fetch once the accumulator cannot take the fetch register. p_tready reaches
// q_tready combinationally (through the accumulator's room check and the fetch register).
`default_nettype none

module link_tx_sched #(
    parameter N = 10,                  // client channels, 1..16
    parameter K = 256                  // words per data frame, 2..1024
) (
    input  wire              clk,
    input  wire              rst,
    // queues (link_ingress line side), packed: channel i at [i], [512*i +: 512], [16*i +: 16]
    input  wire [N-1:0]      q_tvalid,
    output reg  [N-1:0]      q_tready,
    input  wire [512*N-1:0]  q_tdata,
    input  wire [N-1:0]      q_tlast,
    input  wire [16*N-1:0]   q_len,
    // control: DRR quantum per channel (bytes), payload flush timeout (clocks)
    input  wire [16*N-1:0]   share,
    input  wire [15:0]       flush_words,
    // payload stream to the framer; p_used and p_chan_map valid on the p_tlast beat
    output reg  [511:0]      p_tdata,
    output reg               p_tvalid,
    input  wire              p_tready,
    output reg               p_tlast,
    output reg  [15:0]       p_used,
    output reg  [15:0]       p_chan_map,
    // events, one clock each: a client frame's EOF record placed; client bytes of a record placed
    output reg  [N-1:0]      ev_rec_frames,
    output reg  [16*N-1:0]   ev_rec_bytes,
    output reg  [N-1:0]      ev_rec_bytes_valid
);

localparam [31:0] CAP = 64 * K - 48;    // payload bytes of a data frame
localparam integer DW = 18;
// channel index width for the per-channel arrays and vectors (the state registers are 4 bits)
localparam integer CW = (N > 8) ? 4 : (N > 4) ? 3 : (N > 2) ? 2 : 1;
localparam [3:0] LASTC = N[3:0] - 4'd1;             // deficit width, signed: -(CAP+8) .. 65535

generate
if (N < 1 || N > 16) begin : g_bad_n
    $error("%m: N must be 1..16");
end
if (K < 2 || K > 1024) begin : g_bad_k
    $error("%m: K must be 2..1024");
end
endgenerate

localparam [1:0] S_SEL = 2'd0, S_DATA = 2'd1, S_DRAIN = 2'd2;

reg [1:0]  st;

// per-channel state
reg signed [DW-1:0] def  [0:N-1];       // deficit, bytes
reg [15:0]          qoff [0:N-1];       // bytes of the head frame already sent
reg [31:0]          seq  [0:N-1];       // next record sequence number
reg [3:0]           rr;                 // channel whose turn it is
reg                 vopen;              // rr's visit is open (its quantum was added)

// payload being selected into
reg [15:0] used;                        // bytes placed in this payload
reg [15:0] cmap;                        // channels with a record in it
reg        fopen;                       // a record has been placed
reg [15:0] ftimer;                      // clocks since its first record (saturating)

// record being fetched (S_DATA: its second and later source words)
reg [3:0]  rc;                          // channel
reg [12:0] r_left;                      // data blocks still to fetch
reg        r_poplast;                   // the record's last source word is popped
reg        r_close;                     // the record closes its payload
reg [15:0] r_used;                      // used and chan_map of the payload it closes
reg [15:0] r_cmap;
reg        rc_pass;                     // debt-only visits of rc were made while its record was
reg signed [DW-1:0] rc_def0;            // fetched (quanta added); its deficit before them

// fetch register: one source word (masked) with what to append of it
reg          bv;                        // holds a token
reg [511:0]  bw;                        // source word
reg [63:0]   bhdr;                      // header block
reg          bh;                        // append the header block first
reg [2:0]    bsb;                       // first data block of the word
reg [3:0]    bn;                        // data blocks to append (0: a close token alone)
reg          bclose;                    // the payload ends after this token
reg [15:0]   bused, bcmap;              // its used and chan_map

// accumulator: 16 blocks, block P at acc[64*P +: 64], lvl blocks filled from block 0; a closed
// payload ends on a word boundary (pend: its last word is word pend_w, p_used pused)
reg [1023:0] acc;
reg [4:0]    lvl;
reg          pend;
reg          pend_w;
reg [15:0]   pused, pcmap;

// ---------------------------------------------------------------------------------------------
// accumulator and output
// ---------------------------------------------------------------------------------------------
wire out_ready = !p_tvalid || p_tready;
// word 0 leaves when it is full and known not to be the payload's last, or it is the last
wire more    = bv && (bh || bn != 4'd0);              // a data token of the open payload waits
wire emit    = out_ready && (lvl > 5'd8 || (lvl == 5'd8 && (pend || more)));
wire emit_last = emit && pend && !pend_w;
wire [4:0] lvl1 = emit ? lvl - 5'd8 : lvl;              // fill after this clock's emit
wire [1023:0] acc1 = emit ? {512'd0, acc[1023:512]} : acc;
wire pend1 = pend && !emit_last;

wire [4:0] d0 = lvl1 + {4'd0, bh};                      // first data block position
wire [5:0] fill = {1'b0, d0} + {2'd0, bn};
wire       b_take = bv && fill <= 6'd16 && !(bclose && pend1);
wire [2:0] amt = d0[2:0] - bsb;

reg [1023:0] acc2;
reg [2:0]    sidx;
reg [5:0]    pos;
integer pi;
always @* begin
    acc2 = acc1;
    pos = 6'd0;
    sidx = 3'd0;
    pi = 0;                     // assigned on every path: no latch for the loop variable
    if (b_take) begin
        for (pi = 0; pi < 16; pi = pi + 1) begin
            pos = pi[5:0];
            sidx = pi[2:0] - amt;
            if (bh && pos == {1'b0, lvl1})
                acc2[64*pi +: 64] = bhdr;
            else if (pos >= {1'b0, d0} && pos < fill)
                acc2[64*pi +: 64] = bw[{sidx ^ 3'd1, 6'd0} +: 64];
        end
    end
end
// a closed payload is padded to a word boundary (the blocks past lvl are zero)
wire [4:0] lvl2 = !b_take ? lvl1 : !bclose ? fill[4:0] : (fill <= 6'd8) ? 5'd8 : 5'd16;

// ---------------------------------------------------------------------------------------------
// selection (S_SEL) and fetch: a record is chosen in the clock its first source word is taken
// ---------------------------------------------------------------------------------------------
wire a_room = !bv || b_take;                            // the fetch register frees this clock

wire [CW-1:0] cx, rrx, rcx;   // c, rr, rc cut to the array index width
wire [15:0] space = CAP[15:0] - used;
wire        close_now = fopen && ftimer >= flush_words;
wire        any_elig = |q_tvalid;

reg [3:0] c;                            // first eligible channel at or after rr
integer ci, j;
always @* begin
    c = rr;
    for (ci = N - 1; ci >= 0; ci = ci - 1) begin
        j = {28'd0, rr} + ci;
        if (j >= N) j = j - N;
        if (q_tvalid[j]) c = j[3:0];
    end
end

assign cx = c[CW-1:0];
assign rrx = rr[CW-1:0];
assign rcx = rc[CW-1:0];

wire [3:0]  c_next   = (c == LASTC) ? 4'd0 : c + 4'd1;
wire [3:0]  rr_next  = (rr == LASTC) ? 4'd0 : rr + 4'd1;
wire        vopen_c  = vopen && (c == rr);
wire [15:0] len_c    = q_len[16*c +: 16];
wire [15:0] off_c    = qoff[cx];
wire [15:0] share_c  = share[16*c +: 16];
wire signed [DW-1:0] d_new = def[cx] + (vopen_c ? {DW{1'b0}} : $signed({2'b00, share_c}));
wire [15:0] rem      = len_c - off_c;
wire [15:0] maxk     = (space - 16'd8) & ~16'd7;
wire        frag_eof = rem <= maxk;
wire [15:0] k        = frag_eof ? rem : maxk;
wire [12:0] nb       = k[15:3] + {12'd0, |k[2:0]};
wire [DW-1:0] size   = {{(DW-16){1'b0}}, nb, 3'b000} + 18'd8;
wire signed [DW-1:0] d_after = d_new - $signed(size);
wire [15:0] off_end  = off_c + k;
wire [7:0]  c_byte   = {4'd0, c};
wire [7:0]  rflags   = {6'd0, frag_eof, off_c == 16'd0};
wire [15:0] used_new = used + size[15:0];
wire        closing  = CAP[15:0] - used_new < 16'd16;  // less than MIN_RECORD left after it
wire [15:0] cmap_new = cmap | (16'd1 << c);
wire [3:0]  avail0   = 4'd8 - {1'b0, off_c[5:3]};
wire        one_word = nb <= {9'd0, avail0};        // the record ends in its first word
wire [3:0]  n0       = one_word ? nb[3:0] : avail0;
wire        poplast  = frag_eof || off_end[5:0] == 6'd0;
wire        place    = st == S_SEL && !close_now && any_elig && len_c != 16'd0 && d_new > 0;

// the source word: channel c when a record is placed, else rc
wire [3:0]   sc = (st == S_SEL) ? c : rc;
wire [CW-1:0] scx = sc[CW-1:0];
wire [511:0] q_word = q_tdata[512*sc +: 512];
wire [5:0]   tail_sc = q_len[16*sc +: 6];   // bytes in the frame's last word (0: 64)
reg  [511:0] tail_mask;                 // bytes of the word inside the frame
integer bi;
always @* begin
    for (bi = 0; bi < 64; bi = bi + 1)
        tail_mask[128*(bi/16) + 120 - 8*(bi%16) +: 8] =
            (!q_tlast[scx] || tail_sc == 6'd0 || bi < {26'd0, tail_sc}) ? 8'hff : 8'h00;
end
wire [511:0] src = q_word & tail_mask;

wire [3:0] n_d    = (r_left < 13'd8) ? r_left[3:0] : 4'd8;
wire       last_d = r_left <= 13'd8;
wire       fetch_d = st == S_DATA && q_tvalid[rcx] && a_room;
wire       do_place = place && a_room;
wire       do_close = st == S_SEL && close_now && a_room;
// while a record's later words are fetched, a visit whose quantum does not pay the channel's
// debt is made in the background; for the fetched channel, whose next frame is not visible
// yet, the quanta are added at once and taken back in the next selection clock if its queue is
// then empty (its deficit stays negative, as an empty queue's visit leaves it)
wire       skip_bg = st == S_DATA && q_tvalid[rcx] && !(d_new > 0) &&
                     (c == rc || len_c != 16'd0);

always @* begin
    q_tready = {N{1'b0}};
    if (do_place && (!one_word || poplast)) q_tready[cx] = 1'b1;
    if (fetch_d && (!last_d || r_poplast)) q_tready[rcx] = 1'b1;
    if (st == S_DRAIN && q_tvalid[rcx]) q_tready[rcx] = 1'b1;
end

// ---------------------------------------------------------------------------------------------
// state
// ---------------------------------------------------------------------------------------------
integer i;
always @(posedge clk) begin
    ev_rec_frames <= {N{1'b0}};
    ev_rec_bytes_valid <= {N{1'b0}};
    ev_rec_bytes <= {16*N{1'b0}};

    if (fopen && ftimer != 16'hffff) ftimer <= ftimer + 16'd1;

    // output register and accumulator
    if (emit) begin
        for (i = 0; i < 8; i = i + 1)
            p_tdata[64*(i ^ 1) +: 64] <= acc[64*i +: 64];
        p_tvalid   <= 1'b1;
        p_tlast    <= emit_last;
        p_used     <= emit_last ? pused : 16'd0;
        p_chan_map <= emit_last ? pcmap : 16'd0;
    end else if (p_tready) begin
        p_tvalid <= 1'b0;
    end
    acc <= acc2;
    lvl <= lvl2;
    if (b_take && bclose) begin
        pend   <= 1'b1;
        pend_w <= fill > 6'd8;
        pused  <= bused;
        pcmap  <= bcmap;
    end else if (emit_last) begin
        pend <= 1'b0;
    end else if (emit && pend) begin
        pend_w <= 1'b0;
    end

    // fetch register
    if (b_take) bv <= 1'b0;
    if (do_place || fetch_d || do_close) begin
        bv     <= 1'b1;
        bw     <= src;
        bhdr   <= {c_byte, rflags, k, seq[cx]};
        bh     <= do_place;
        bsb    <= do_place ? off_c[5:3] : 3'd0;
        bn     <= do_place ? n0 : fetch_d ? n_d : 4'd0;
        bclose <= do_place ? (closing && one_word) : fetch_d ? (r_close && last_d) : 1'b1;
        bused  <= do_place ? used_new : fetch_d ? r_used : used;
        bcmap  <= do_place ? cmap_new : fetch_d ? r_cmap : cmap;
    end

    case (st)
    S_SEL: begin
        if (close_now) begin
            if (a_room) begin
                used  <= 16'd0;
                cmap  <= 16'd0;
                fopen <= 1'b0;
            end
        end else if (any_elig) begin
            if (len_c == 16'd0) begin
                if (!q_tvalid[rrx] && def[rrx] > 0) def[rrx] <= {DW{1'b0}};
                rc <= c;
                rr <= c;
                vopen <= vopen_c;
                st <= S_DRAIN;
            end else if (d_new > 0) begin
                if (a_room) begin
                    // place a record of k bytes of channel c
                    if (!q_tvalid[rrx] && def[rrx] > 0) def[rrx] <= {DW{1'b0}};
                    def[cx] <= d_after;
                    if (d_after > 0) begin
                        rr <= c;
                        vopen <= 1'b1;
                    end else begin
                        rr <= c_next;
                        vopen <= 1'b0;
                    end
                    seq[cx]  <= seq[cx] + 32'd1;
                    qoff[cx] <= frag_eof ? 16'd0 : off_end;
                    if (closing) begin
                        used  <= 16'd0;
                        cmap  <= 16'd0;
                        fopen <= 1'b0;
                    end else begin
                        used  <= used_new;
                        cmap  <= cmap_new;
                        if (!fopen) begin
                            fopen  <= 1'b1;
                            ftimer <= 16'd1;
                        end
                    end
                    rc        <= c;
                    r_left    <= nb - {9'd0, n0};
                    r_poplast <= poplast;
                    r_close   <= closing;
                    r_used    <= used_new;
                    r_cmap    <= cmap_new;
                    ev_rec_bytes_valid[cx]   <= 1'b1;
                    ev_rec_bytes[16*c +: 16] <= k;
                    ev_rec_frames[cx]        <= frag_eof;
                    if (!one_word) st <= S_DATA;
                end
            end else begin
                // the quantum does not pay the debt: the visit ends at once
                if (!q_tvalid[rrx] && def[rrx] > 0) def[rrx] <= {DW{1'b0}};
                def[cx] <= d_new;
                rr <= c_next;
                vopen <= 1'b0;
            end
        end else if (vopen) begin
            // the visited queue ran empty
            if (def[rrx] > 0) def[rrx] <= {DW{1'b0}};
            rr <= rr_next;
            vopen <= 1'b0;
        end
    end
    S_DATA: begin
        if (fetch_d) begin
            r_left <= r_left - {9'd0, n_d};
            if (last_d) st <= S_SEL;
        end
        if (skip_bg) begin
            if (!q_tvalid[rrx] && def[rrx] > 0) def[rrx] <= {DW{1'b0}};
            def[cx] <= d_new;
            if (c == rc && !rc_pass) begin
                rc_pass <= 1'b1;
                rc_def0 <= def[cx];
            end
            rr <= c_next;
            vopen <= 1'b0;
        end
    end
    default: begin  // S_DRAIN
        if (q_tvalid[rcx] && q_tlast[rcx]) st <= S_SEL;
    end
    endcase

    if (st == S_SEL && rc_pass) begin
        if (!q_tvalid[rcx]) def[rcx] <= rc_def0;
        rc_pass <= 1'b0;
    end

    if (rst) begin
        st <= S_SEL;
        rr <= 4'd0;
        vopen <= 1'b0;
        used <= 16'd0;
        cmap <= 16'd0;
        fopen <= 1'b0;
        ftimer <= 16'd0;
        lvl <= 5'd0;
        acc <= 1024'd0;
        bv <= 1'b0;
        rc_pass <= 1'b0;
        pend <= 1'b0;
        pend_w <= 1'b0;
        p_tvalid <= 1'b0;
        p_tlast <= 1'b0;
        ev_rec_frames <= {N{1'b0}};
        ev_rec_bytes_valid <= {N{1'b0}};
        for (i = 0; i < N; i = i + 1) begin
            def[i]  <= {DW{1'b0}};
            qoff[i] <= 16'd0;
            seq[i]  <= 32'd0;
        end
    end
end

endmodule

`default_nettype wire
