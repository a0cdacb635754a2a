# SPDX-License-Identifier: Apache-2.0
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# Each IP's test bench (ip/<name>/tb/) holds its cocotb modules (cocotb_*.py), which the cocotb
# runner imports by name inside the simulator; shared ones (ip/common/tb) serve every core.
for tb in sorted(ROOT.glob("ip/*/tb")):
    sys.path.insert(0, str(tb))


# Longest first, so with `pytest -n 2` no long simulation starts last and runs alone at the end:
# cocotb RTL simulations, then the CLI (Verilated harness builds), then flows and models.
_ORDER = ("ip/", "tests/cli/", "tests/flows/", "tests/models/")


def pytest_collection_modifyitems(session, config, items):
    def rank(item):
        path = str(Path(item.fspath).relative_to(ROOT))
        return next((i for i, p in enumerate(_ORDER) if path.startswith(p)), len(_ORDER))
    items.sort(key=rank)
