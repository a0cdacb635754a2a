"""Host-side runtime: tool discovery, Verilated-RTL block devices driven from Python."""
