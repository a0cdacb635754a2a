"""Independent implementations we compare against (we did not write them)."""
