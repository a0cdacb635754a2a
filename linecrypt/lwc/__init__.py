# SPDX-License-Identifier: Apache-2.0
"""The command protocol of the multi-purpose Keccak and AES engines (docs/lwc-protocol.md):
the GMU LWC hardware API (PDI/SDI/DO, instruction words, segment headers, status word) extended
with hash, MAC and PRNG opcodes and an algorithm-select field.

* :mod:`linecrypt.lwc.protocol`: encode/decode of the words, and one builder per operation that
  gives the PDI/SDI streams and the DO stream the engine must produce (from the golden models).
* :mod:`linecrypt.lwc.kat`: KAT files in the LWC ``pdi.txt``/``sdi.txt``/``do.txt`` format.
"""
