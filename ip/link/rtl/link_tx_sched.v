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
// Timing per record: one selection clock (SEL: arbitration, fragment length, header) and then
// one clock per source word the record touches (the header block is merged into the first),
// i.e. 1 + ceil((sb + ceil(len/8)) / 8) clocks, sb = the fragment's start block in its word
// (0 for a whole frame); plus one clock when a visit's first quantum leaves the deficit not
// positive. Per payload: one or two clocks to close it (the last word, and a full word held
// back to learn whether it is the last). Output back-pressure stalls the packer once its
// two-word accumulator is full. p_tready reaches q_tready combinationally (through the
// accumulator's room check).
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

localparam [1:0] S_SEL = 2'd0, S_DATA = 2'd1, S_CLOSE = 2'd2, S_DRAIN = 2'd3;

reg [1:0]  st;

// per-channel state
reg signed [DW-1:0] def  [0:N-1];       // deficit, bytes
reg [15:0]          qoff [0:N-1];       // bytes of the head frame already sent
reg [31:0]          seq  [0:N-1];       // next record sequence number
reg [3:0]           rr;                 // channel whose turn it is
reg                 vopen;              // rr's visit is open (its quantum was added)

// payload being built
reg [15:0] used;                        // bytes placed in this payload
reg [15:0] cmap;                        // channels with a record in it
reg        fopen;                       // a record has been placed
reg [15:0] ftimer;                      // clocks since its first record (saturating)

// record being copied
reg [3:0]  rc;                          // channel
reg [63:0] r_hdr;                       // header block
reg        r_first;                     // header not yet appended
reg [2:0]  r_sb;                        // first data block in the current source word
reg [12:0] r_left;                      // data blocks still to append
reg        r_poplast;                   // the record's last source word is popped

// accumulator: 16 blocks, block P at acc[64*P +: 64], lvl blocks filled from block 0
reg [1023:0] acc;
reg [4:0]    lvl;

// ---------------------------------------------------------------------------------------------
// selection (S_SEL)
// ---------------------------------------------------------------------------------------------
wire [CW-1:0] cx, rrx, rcx;   // c, rr, rc cut to the array index width
wire [15:0] space = CAP[15:0] - used;
wire        close_now = fopen && (space < 16'd16 || ftimer >= flush_words);
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


// ---------------------------------------------------------------------------------------------
// copy (S_DATA): the current source word, rotated to the accumulator's fill position
// ---------------------------------------------------------------------------------------------
wire [511:0] q_word = q_tdata[512*rc +: 512];
wire [5:0]   tail_rc = q_len[16*rc +: 6];   // bytes in the frame's last word (0: 64)
reg  [511:0] tail_mask;                 // bytes of the word inside the frame
integer bi;
always @* begin
    for (bi = 0; bi < 64; bi = bi + 1)
        tail_mask[128*(bi/16) + 120 - 8*(bi%16) +: 8] =
            (!q_tlast[rcx] || tail_rc == 6'd0 || bi < {26'd0, tail_rc}) ? 8'hff : 8'h00;
end
wire [511:0] src = q_word & tail_mask;

wire [3:0] avail = 4'd8 - {1'b0, r_sb};
wire [3:0] n_app = (r_left < {9'd0, avail}) ? r_left[3:0] : avail;
wire       last_app = r_left == {9'd0, n_app};

wire out_ready = !p_tvalid || p_tready;
wire emit = out_ready && ((lvl > 5'd8) || (lvl == 5'd8 && st == S_DATA) ||
                          (st == S_CLOSE && lvl != 5'd0));
wire emit_last = emit && st == S_CLOSE && lvl <= 5'd8;
wire [4:0] lvl1 = emit_last ? 5'd0 : emit ? lvl - 5'd8 : lvl;   // fill after this clock's emit
wire [1023:0] acc1 = emit ? {512'd0, acc[1023:512]} : acc;

wire [4:0] d0 = lvl1 + {4'd0, r_first};          // first data block position
wire       do_app = (st == S_DATA) && q_tvalid[rcx] && ({1'b0, d0} + {2'b0, n_app} <= 6'd16);
wire [2:0] amt = d0[2:0] - r_sb;

reg [1023:0] acc2;
reg [2:0]    sidx;
reg [5:0]    pos;
integer pi;
always @* begin
    acc2 = acc1;
    pos = 6'd0;
    sidx = 3'd0;
    if (do_app) begin
        for (pi = 0; pi < 16; pi = pi + 1) begin
            pos = pi[5:0];
            sidx = pi[2:0] - amt;
            if (r_first && pos == {1'b0, lvl1})
                acc2[64*pi +: 64] = r_hdr;
            else if (pos >= {1'b0, d0} && pos < {1'b0, d0} + {2'b0, n_app})
                acc2[64*pi +: 64] = src[{sidx ^ 3'd1, 6'd0} +: 64];
        end
    end
end

always @* begin
    q_tready = {N{1'b0}};
    if (do_app && (!last_app || r_poplast)) q_tready[rcx] = 1'b1;
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
        p_used     <= emit_last ? used : 16'd0;
        p_chan_map <= emit_last ? cmap : 16'd0;
    end else if (p_tready) begin
        p_tvalid <= 1'b0;
    end
    acc <= acc2;
    lvl <= lvl1 + (do_app ? {1'b0, n_app} + {4'd0, r_first} : 5'd0);

    case (st)
    S_SEL: begin
        if (close_now) begin
            st <= S_CLOSE;
        end else if (any_elig) begin
            if (!q_tvalid[rrx] && def[rrx] > 0) def[rrx] <= {DW{1'b0}};
            rc <= c;
            if (len_c == 16'd0) begin
                rr <= c;
                vopen <= vopen_c;
                st <= S_DRAIN;
            end else if (d_new > 0) begin
                // place a record of k bytes of channel c
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
                used    <= used + size[15:0];
                cmap    <= cmap | (16'd1 << c);
                if (!fopen) begin
                    fopen  <= 1'b1;
                    ftimer <= 16'd1;
                end
                r_hdr     <= {c_byte, rflags, k, seq[cx]};
                r_first   <= 1'b1;
                r_sb      <= off_c[5:3];
                r_left    <= nb;
                r_poplast <= frag_eof || off_end[5:0] == 6'd0;
                ev_rec_bytes_valid[cx]   <= 1'b1;
                ev_rec_bytes[16*c +: 16] <= k;
                ev_rec_frames[cx]        <= frag_eof;
                st <= S_DATA;
            end else begin
                // the quantum does not pay the debt: the visit ends at once
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
        if (do_app) begin
            r_first <= 1'b0;
            r_sb    <= 3'd0;
            r_left  <= r_left - {9'd0, n_app};
            if (last_app) st <= S_SEL;
        end
    end
    S_CLOSE: begin
        if (emit_last) begin
            used  <= 16'd0;
            cmap  <= 16'd0;
            fopen <= 1'b0;
            st    <= S_SEL;
        end
    end
    default: begin  // S_DRAIN
        if (q_tvalid[rcx] && q_tlast[rcx]) st <= S_SEL;
    end
    endcase

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
