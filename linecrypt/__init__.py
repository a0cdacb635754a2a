"""LineCrypt: line-rate FPGA cryptographic cores, golden models and open flows."""
from pathlib import Path

__version__ = "0.1.0"
ROOT = Path(__file__).resolve().parent.parent
RTL = ROOT / "rtl"
BUILD = ROOT / "build"
