# SPDX-License-Identifier: Apache-2.0
"""Generators for RTL tables (literal case statements: Yosys in WebAssembly dislikes big
constant functions). Run ``python -m linecrypt.gen.aes_tables`` to rewrite the files; a test
checks the committed files are up to date."""
