import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


# Longest first, so with `pytest -n 2` no long simulation starts last and runs alone at the end:
# cocotb RTL simulations, then the CLI (Verilated harness builds), then flows and models.
_ORDER = ("tests/rtl/", "tests/cli/", "tests/flows/", "tests/models/")


def pytest_collection_modifyitems(session, config, items):
    def rank(item):
        path = str(Path(item.fspath).relative_to(ROOT))
        return next((i for i, p in enumerate(_ORDER) if path.startswith(p)), len(_ORDER))
    items.sort(key=rank)
