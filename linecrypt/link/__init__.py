# SPDX-License-Identifier: Apache-2.0
"""The 100 Gbit/s link encryptor: line format (``format``), system model and fault injection
(``model``), register map generation (``regs``) and the generated register map (``regmap``).
docs/link-format.md describes the format."""
