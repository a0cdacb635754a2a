# SPDX-License-Identifier: Apache-2.0
"""Golden models: plain Python mirroring the standards, each proven against published vectors
and independent libraries (see tests/models)."""
