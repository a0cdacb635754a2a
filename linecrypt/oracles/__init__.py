# SPDX-License-Identifier: Apache-2.0
"""Independent implementations we compare against (we did not write them)."""
