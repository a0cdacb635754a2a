# SPDX-License-Identifier: Apache-2.0
"""Flows: synthesis (Yosys + nextpnr-ecp5), simulation benchmarks, lint."""
