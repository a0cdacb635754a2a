# SPDX-License-Identifier: Apache-2.0
"""Host-side runtime: tool discovery, Verilated-RTL block devices driven from Python."""
