"""Flows: synthesis (Yosys + nextpnr-ecp5), simulation benchmarks, lint."""
