# SPDX-License-Identifier: Apache-2.0
"""LineCrypt: line-rate FPGA cryptographic cores, golden models and open flows."""
from pathlib import Path

__version__ = "0.1.0"
ROOT = Path(__file__).resolve().parent.parent
IP = ROOT / "ip"          # one folder per IP unit: rtl/, tb/, doc/ and its FuseSoC .core file
BUILD = ROOT / "build"
