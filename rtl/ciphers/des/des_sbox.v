`default_nettype none
// DES S-box S_IDX (FIPS 46-3), a 6-to-4-bit function: each output bit is one 6-input LUT
// (on ECP5: four LUT4 joined by PFUMX/L6MUX).
//
// Input x = B_j = b1 b2 b3 b4 b5 b6 with b1 = x[5] (the group's first bit in FIPS numbering).
// The standard addresses its table with row = b1 b6 and column = b2 b3 b4 b5; the case items
// below are already indexed by the raw 6-bit x (entry x = S[row][col]), so no bit shuffling
// is needed in front of the LUTs. Output y[3] is the first (most significant) output bit.
// The literal tables were generated from linecrypt/models/des.py SBOXES (printed as in the
// standard) and are checked by every DES test vector.
module des_sbox #(
    parameter IDX = 1   // 1..8
) (
    input  wire [5:0] x,
    output reg  [3:0] y
);

generate
if (IDX < 1 || IDX > 8) begin : g_bad_idx
    $error("%m: IDX must be 1..8");
end
if (IDX == 1) begin : g_s1
    always @* begin
        case (x)
            6'd0 : y = 4'd14; 6'd1 : y = 4'd0 ; 6'd2 : y = 4'd4 ; 6'd3 : y = 4'd15; 6'd4 : y = 4'd13; 6'd5 : y = 4'd7 ; 6'd6 : y = 4'd1 ; 6'd7 : y = 4'd4 ;
            6'd8 : y = 4'd2 ; 6'd9 : y = 4'd14; 6'd10: y = 4'd15; 6'd11: y = 4'd2 ; 6'd12: y = 4'd11; 6'd13: y = 4'd13; 6'd14: y = 4'd8 ; 6'd15: y = 4'd1 ;
            6'd16: y = 4'd3 ; 6'd17: y = 4'd10; 6'd18: y = 4'd10; 6'd19: y = 4'd6 ; 6'd20: y = 4'd6 ; 6'd21: y = 4'd12; 6'd22: y = 4'd12; 6'd23: y = 4'd11;
            6'd24: y = 4'd5 ; 6'd25: y = 4'd9 ; 6'd26: y = 4'd9 ; 6'd27: y = 4'd5 ; 6'd28: y = 4'd0 ; 6'd29: y = 4'd3 ; 6'd30: y = 4'd7 ; 6'd31: y = 4'd8 ;
            6'd32: y = 4'd4 ; 6'd33: y = 4'd15; 6'd34: y = 4'd1 ; 6'd35: y = 4'd12; 6'd36: y = 4'd14; 6'd37: y = 4'd8 ; 6'd38: y = 4'd8 ; 6'd39: y = 4'd2 ;
            6'd40: y = 4'd13; 6'd41: y = 4'd4 ; 6'd42: y = 4'd6 ; 6'd43: y = 4'd9 ; 6'd44: y = 4'd2 ; 6'd45: y = 4'd1 ; 6'd46: y = 4'd11; 6'd47: y = 4'd7 ;
            6'd48: y = 4'd15; 6'd49: y = 4'd5 ; 6'd50: y = 4'd12; 6'd51: y = 4'd11; 6'd52: y = 4'd9 ; 6'd53: y = 4'd3 ; 6'd54: y = 4'd7 ; 6'd55: y = 4'd14;
            6'd56: y = 4'd3 ; 6'd57: y = 4'd10; 6'd58: y = 4'd10; 6'd59: y = 4'd0 ; 6'd60: y = 4'd5 ; 6'd61: y = 4'd6 ; 6'd62: y = 4'd0 ; 6'd63: y = 4'd13;
            default: y = 4'd0;
        endcase
    end
end else if (IDX == 2) begin : g_s2
    always @* begin
        case (x)
            6'd0 : y = 4'd15; 6'd1 : y = 4'd3 ; 6'd2 : y = 4'd1 ; 6'd3 : y = 4'd13; 6'd4 : y = 4'd8 ; 6'd5 : y = 4'd4 ; 6'd6 : y = 4'd14; 6'd7 : y = 4'd7 ;
            6'd8 : y = 4'd6 ; 6'd9 : y = 4'd15; 6'd10: y = 4'd11; 6'd11: y = 4'd2 ; 6'd12: y = 4'd3 ; 6'd13: y = 4'd8 ; 6'd14: y = 4'd4 ; 6'd15: y = 4'd14;
            6'd16: y = 4'd9 ; 6'd17: y = 4'd12; 6'd18: y = 4'd7 ; 6'd19: y = 4'd0 ; 6'd20: y = 4'd2 ; 6'd21: y = 4'd1 ; 6'd22: y = 4'd13; 6'd23: y = 4'd10;
            6'd24: y = 4'd12; 6'd25: y = 4'd6 ; 6'd26: y = 4'd0 ; 6'd27: y = 4'd9 ; 6'd28: y = 4'd5 ; 6'd29: y = 4'd11; 6'd30: y = 4'd10; 6'd31: y = 4'd5 ;
            6'd32: y = 4'd0 ; 6'd33: y = 4'd13; 6'd34: y = 4'd14; 6'd35: y = 4'd8 ; 6'd36: y = 4'd7 ; 6'd37: y = 4'd10; 6'd38: y = 4'd11; 6'd39: y = 4'd1 ;
            6'd40: y = 4'd10; 6'd41: y = 4'd3 ; 6'd42: y = 4'd4 ; 6'd43: y = 4'd15; 6'd44: y = 4'd13; 6'd45: y = 4'd4 ; 6'd46: y = 4'd1 ; 6'd47: y = 4'd2 ;
            6'd48: y = 4'd5 ; 6'd49: y = 4'd11; 6'd50: y = 4'd8 ; 6'd51: y = 4'd6 ; 6'd52: y = 4'd12; 6'd53: y = 4'd7 ; 6'd54: y = 4'd6 ; 6'd55: y = 4'd12;
            6'd56: y = 4'd9 ; 6'd57: y = 4'd0 ; 6'd58: y = 4'd3 ; 6'd59: y = 4'd5 ; 6'd60: y = 4'd2 ; 6'd61: y = 4'd14; 6'd62: y = 4'd15; 6'd63: y = 4'd9 ;
            default: y = 4'd0;
        endcase
    end
end else if (IDX == 3) begin : g_s3
    always @* begin
        case (x)
            6'd0 : y = 4'd10; 6'd1 : y = 4'd13; 6'd2 : y = 4'd0 ; 6'd3 : y = 4'd7 ; 6'd4 : y = 4'd9 ; 6'd5 : y = 4'd0 ; 6'd6 : y = 4'd14; 6'd7 : y = 4'd9 ;
            6'd8 : y = 4'd6 ; 6'd9 : y = 4'd3 ; 6'd10: y = 4'd3 ; 6'd11: y = 4'd4 ; 6'd12: y = 4'd15; 6'd13: y = 4'd6 ; 6'd14: y = 4'd5 ; 6'd15: y = 4'd10;
            6'd16: y = 4'd1 ; 6'd17: y = 4'd2 ; 6'd18: y = 4'd13; 6'd19: y = 4'd8 ; 6'd20: y = 4'd12; 6'd21: y = 4'd5 ; 6'd22: y = 4'd7 ; 6'd23: y = 4'd14;
            6'd24: y = 4'd11; 6'd25: y = 4'd12; 6'd26: y = 4'd4 ; 6'd27: y = 4'd11; 6'd28: y = 4'd2 ; 6'd29: y = 4'd15; 6'd30: y = 4'd8 ; 6'd31: y = 4'd1 ;
            6'd32: y = 4'd13; 6'd33: y = 4'd1 ; 6'd34: y = 4'd6 ; 6'd35: y = 4'd10; 6'd36: y = 4'd4 ; 6'd37: y = 4'd13; 6'd38: y = 4'd9 ; 6'd39: y = 4'd0 ;
            6'd40: y = 4'd8 ; 6'd41: y = 4'd6 ; 6'd42: y = 4'd15; 6'd43: y = 4'd9 ; 6'd44: y = 4'd3 ; 6'd45: y = 4'd8 ; 6'd46: y = 4'd0 ; 6'd47: y = 4'd7 ;
            6'd48: y = 4'd11; 6'd49: y = 4'd4 ; 6'd50: y = 4'd1 ; 6'd51: y = 4'd15; 6'd52: y = 4'd2 ; 6'd53: y = 4'd14; 6'd54: y = 4'd12; 6'd55: y = 4'd3 ;
            6'd56: y = 4'd5 ; 6'd57: y = 4'd11; 6'd58: y = 4'd10; 6'd59: y = 4'd5 ; 6'd60: y = 4'd14; 6'd61: y = 4'd2 ; 6'd62: y = 4'd7 ; 6'd63: y = 4'd12;
            default: y = 4'd0;
        endcase
    end
end else if (IDX == 4) begin : g_s4
    always @* begin
        case (x)
            6'd0 : y = 4'd7 ; 6'd1 : y = 4'd13; 6'd2 : y = 4'd13; 6'd3 : y = 4'd8 ; 6'd4 : y = 4'd14; 6'd5 : y = 4'd11; 6'd6 : y = 4'd3 ; 6'd7 : y = 4'd5 ;
            6'd8 : y = 4'd0 ; 6'd9 : y = 4'd6 ; 6'd10: y = 4'd6 ; 6'd11: y = 4'd15; 6'd12: y = 4'd9 ; 6'd13: y = 4'd0 ; 6'd14: y = 4'd10; 6'd15: y = 4'd3 ;
            6'd16: y = 4'd1 ; 6'd17: y = 4'd4 ; 6'd18: y = 4'd2 ; 6'd19: y = 4'd7 ; 6'd20: y = 4'd8 ; 6'd21: y = 4'd2 ; 6'd22: y = 4'd5 ; 6'd23: y = 4'd12;
            6'd24: y = 4'd11; 6'd25: y = 4'd1 ; 6'd26: y = 4'd12; 6'd27: y = 4'd10; 6'd28: y = 4'd4 ; 6'd29: y = 4'd14; 6'd30: y = 4'd15; 6'd31: y = 4'd9 ;
            6'd32: y = 4'd10; 6'd33: y = 4'd3 ; 6'd34: y = 4'd6 ; 6'd35: y = 4'd15; 6'd36: y = 4'd9 ; 6'd37: y = 4'd0 ; 6'd38: y = 4'd0 ; 6'd39: y = 4'd6 ;
            6'd40: y = 4'd12; 6'd41: y = 4'd10; 6'd42: y = 4'd11; 6'd43: y = 4'd1 ; 6'd44: y = 4'd7 ; 6'd45: y = 4'd13; 6'd46: y = 4'd13; 6'd47: y = 4'd8 ;
            6'd48: y = 4'd15; 6'd49: y = 4'd9 ; 6'd50: y = 4'd1 ; 6'd51: y = 4'd4 ; 6'd52: y = 4'd3 ; 6'd53: y = 4'd5 ; 6'd54: y = 4'd14; 6'd55: y = 4'd11;
            6'd56: y = 4'd5 ; 6'd57: y = 4'd12; 6'd58: y = 4'd2 ; 6'd59: y = 4'd7 ; 6'd60: y = 4'd8 ; 6'd61: y = 4'd2 ; 6'd62: y = 4'd4 ; 6'd63: y = 4'd14;
            default: y = 4'd0;
        endcase
    end
end else if (IDX == 5) begin : g_s5
    always @* begin
        case (x)
            6'd0 : y = 4'd2 ; 6'd1 : y = 4'd14; 6'd2 : y = 4'd12; 6'd3 : y = 4'd11; 6'd4 : y = 4'd4 ; 6'd5 : y = 4'd2 ; 6'd6 : y = 4'd1 ; 6'd7 : y = 4'd12;
            6'd8 : y = 4'd7 ; 6'd9 : y = 4'd4 ; 6'd10: y = 4'd10; 6'd11: y = 4'd7 ; 6'd12: y = 4'd11; 6'd13: y = 4'd13; 6'd14: y = 4'd6 ; 6'd15: y = 4'd1 ;
            6'd16: y = 4'd8 ; 6'd17: y = 4'd5 ; 6'd18: y = 4'd5 ; 6'd19: y = 4'd0 ; 6'd20: y = 4'd3 ; 6'd21: y = 4'd15; 6'd22: y = 4'd15; 6'd23: y = 4'd10;
            6'd24: y = 4'd13; 6'd25: y = 4'd3 ; 6'd26: y = 4'd0 ; 6'd27: y = 4'd9 ; 6'd28: y = 4'd14; 6'd29: y = 4'd8 ; 6'd30: y = 4'd9 ; 6'd31: y = 4'd6 ;
            6'd32: y = 4'd4 ; 6'd33: y = 4'd11; 6'd34: y = 4'd2 ; 6'd35: y = 4'd8 ; 6'd36: y = 4'd1 ; 6'd37: y = 4'd12; 6'd38: y = 4'd11; 6'd39: y = 4'd7 ;
            6'd40: y = 4'd10; 6'd41: y = 4'd1 ; 6'd42: y = 4'd13; 6'd43: y = 4'd14; 6'd44: y = 4'd7 ; 6'd45: y = 4'd2 ; 6'd46: y = 4'd8 ; 6'd47: y = 4'd13;
            6'd48: y = 4'd15; 6'd49: y = 4'd6 ; 6'd50: y = 4'd9 ; 6'd51: y = 4'd15; 6'd52: y = 4'd12; 6'd53: y = 4'd0 ; 6'd54: y = 4'd5 ; 6'd55: y = 4'd9 ;
            6'd56: y = 4'd6 ; 6'd57: y = 4'd10; 6'd58: y = 4'd3 ; 6'd59: y = 4'd4 ; 6'd60: y = 4'd0 ; 6'd61: y = 4'd5 ; 6'd62: y = 4'd14; 6'd63: y = 4'd3 ;
            default: y = 4'd0;
        endcase
    end
end else if (IDX == 6) begin : g_s6
    always @* begin
        case (x)
            6'd0 : y = 4'd12; 6'd1 : y = 4'd10; 6'd2 : y = 4'd1 ; 6'd3 : y = 4'd15; 6'd4 : y = 4'd10; 6'd5 : y = 4'd4 ; 6'd6 : y = 4'd15; 6'd7 : y = 4'd2 ;
            6'd8 : y = 4'd9 ; 6'd9 : y = 4'd7 ; 6'd10: y = 4'd2 ; 6'd11: y = 4'd12; 6'd12: y = 4'd6 ; 6'd13: y = 4'd9 ; 6'd14: y = 4'd8 ; 6'd15: y = 4'd5 ;
            6'd16: y = 4'd0 ; 6'd17: y = 4'd6 ; 6'd18: y = 4'd13; 6'd19: y = 4'd1 ; 6'd20: y = 4'd3 ; 6'd21: y = 4'd13; 6'd22: y = 4'd4 ; 6'd23: y = 4'd14;
            6'd24: y = 4'd14; 6'd25: y = 4'd0 ; 6'd26: y = 4'd7 ; 6'd27: y = 4'd11; 6'd28: y = 4'd5 ; 6'd29: y = 4'd3 ; 6'd30: y = 4'd11; 6'd31: y = 4'd8 ;
            6'd32: y = 4'd9 ; 6'd33: y = 4'd4 ; 6'd34: y = 4'd14; 6'd35: y = 4'd3 ; 6'd36: y = 4'd15; 6'd37: y = 4'd2 ; 6'd38: y = 4'd5 ; 6'd39: y = 4'd12;
            6'd40: y = 4'd2 ; 6'd41: y = 4'd9 ; 6'd42: y = 4'd8 ; 6'd43: y = 4'd5 ; 6'd44: y = 4'd12; 6'd45: y = 4'd15; 6'd46: y = 4'd3 ; 6'd47: y = 4'd10;
            6'd48: y = 4'd7 ; 6'd49: y = 4'd11; 6'd50: y = 4'd0 ; 6'd51: y = 4'd14; 6'd52: y = 4'd4 ; 6'd53: y = 4'd1 ; 6'd54: y = 4'd10; 6'd55: y = 4'd7 ;
            6'd56: y = 4'd1 ; 6'd57: y = 4'd6 ; 6'd58: y = 4'd13; 6'd59: y = 4'd0 ; 6'd60: y = 4'd11; 6'd61: y = 4'd8 ; 6'd62: y = 4'd6 ; 6'd63: y = 4'd13;
            default: y = 4'd0;
        endcase
    end
end else if (IDX == 7) begin : g_s7
    always @* begin
        case (x)
            6'd0 : y = 4'd4 ; 6'd1 : y = 4'd13; 6'd2 : y = 4'd11; 6'd3 : y = 4'd0 ; 6'd4 : y = 4'd2 ; 6'd5 : y = 4'd11; 6'd6 : y = 4'd14; 6'd7 : y = 4'd7 ;
            6'd8 : y = 4'd15; 6'd9 : y = 4'd4 ; 6'd10: y = 4'd0 ; 6'd11: y = 4'd9 ; 6'd12: y = 4'd8 ; 6'd13: y = 4'd1 ; 6'd14: y = 4'd13; 6'd15: y = 4'd10;
            6'd16: y = 4'd3 ; 6'd17: y = 4'd14; 6'd18: y = 4'd12; 6'd19: y = 4'd3 ; 6'd20: y = 4'd9 ; 6'd21: y = 4'd5 ; 6'd22: y = 4'd7 ; 6'd23: y = 4'd12;
            6'd24: y = 4'd5 ; 6'd25: y = 4'd2 ; 6'd26: y = 4'd10; 6'd27: y = 4'd15; 6'd28: y = 4'd6 ; 6'd29: y = 4'd8 ; 6'd30: y = 4'd1 ; 6'd31: y = 4'd6 ;
            6'd32: y = 4'd1 ; 6'd33: y = 4'd6 ; 6'd34: y = 4'd4 ; 6'd35: y = 4'd11; 6'd36: y = 4'd11; 6'd37: y = 4'd13; 6'd38: y = 4'd13; 6'd39: y = 4'd8 ;
            6'd40: y = 4'd12; 6'd41: y = 4'd1 ; 6'd42: y = 4'd3 ; 6'd43: y = 4'd4 ; 6'd44: y = 4'd7 ; 6'd45: y = 4'd10; 6'd46: y = 4'd14; 6'd47: y = 4'd7 ;
            6'd48: y = 4'd10; 6'd49: y = 4'd9 ; 6'd50: y = 4'd15; 6'd51: y = 4'd5 ; 6'd52: y = 4'd6 ; 6'd53: y = 4'd0 ; 6'd54: y = 4'd8 ; 6'd55: y = 4'd15;
            6'd56: y = 4'd0 ; 6'd57: y = 4'd14; 6'd58: y = 4'd5 ; 6'd59: y = 4'd2 ; 6'd60: y = 4'd9 ; 6'd61: y = 4'd3 ; 6'd62: y = 4'd2 ; 6'd63: y = 4'd12;
            default: y = 4'd0;
        endcase
    end
end else if (IDX == 8) begin : g_s8
    always @* begin
        case (x)
            6'd0 : y = 4'd13; 6'd1 : y = 4'd1 ; 6'd2 : y = 4'd2 ; 6'd3 : y = 4'd15; 6'd4 : y = 4'd8 ; 6'd5 : y = 4'd13; 6'd6 : y = 4'd4 ; 6'd7 : y = 4'd8 ;
            6'd8 : y = 4'd6 ; 6'd9 : y = 4'd10; 6'd10: y = 4'd15; 6'd11: y = 4'd3 ; 6'd12: y = 4'd11; 6'd13: y = 4'd7 ; 6'd14: y = 4'd1 ; 6'd15: y = 4'd4 ;
            6'd16: y = 4'd10; 6'd17: y = 4'd12; 6'd18: y = 4'd9 ; 6'd19: y = 4'd5 ; 6'd20: y = 4'd3 ; 6'd21: y = 4'd6 ; 6'd22: y = 4'd14; 6'd23: y = 4'd11;
            6'd24: y = 4'd5 ; 6'd25: y = 4'd0 ; 6'd26: y = 4'd0 ; 6'd27: y = 4'd14; 6'd28: y = 4'd12; 6'd29: y = 4'd9 ; 6'd30: y = 4'd7 ; 6'd31: y = 4'd2 ;
            6'd32: y = 4'd7 ; 6'd33: y = 4'd2 ; 6'd34: y = 4'd11; 6'd35: y = 4'd1 ; 6'd36: y = 4'd4 ; 6'd37: y = 4'd14; 6'd38: y = 4'd1 ; 6'd39: y = 4'd7 ;
            6'd40: y = 4'd9 ; 6'd41: y = 4'd4 ; 6'd42: y = 4'd12; 6'd43: y = 4'd10; 6'd44: y = 4'd14; 6'd45: y = 4'd8 ; 6'd46: y = 4'd2 ; 6'd47: y = 4'd13;
            6'd48: y = 4'd0 ; 6'd49: y = 4'd15; 6'd50: y = 4'd6 ; 6'd51: y = 4'd12; 6'd52: y = 4'd10; 6'd53: y = 4'd9 ; 6'd54: y = 4'd13; 6'd55: y = 4'd0 ;
            6'd56: y = 4'd15; 6'd57: y = 4'd3 ; 6'd58: y = 4'd3 ; 6'd59: y = 4'd5 ; 6'd60: y = 4'd5 ; 6'd61: y = 4'd6 ; 6'd62: y = 4'd8 ; 6'd63: y = 4'd11;
            default: y = 4'd0;
        endcase
    end
end
endgenerate

endmodule

`default_nettype wire
