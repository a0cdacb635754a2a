# SPDX-License-Identifier: Apache-2.0
# LineCrypt top-level targets. `make demo` and `make test` bootstrap .venv on first use.
PYTHON  ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.linecrypt-installed
JOBS    ?= 2

.PHONY: demo test test-long synth-all lint clean distclean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $@

demo: $(STAMP)
	$(BIN)/linecrypt demo

test: $(STAMP)
	$(BIN)/python -m pytest -n $(JOBS) --dist loadgroup -q --durations=40 ip tests

# Long sweeps (every AES parameter point with many random blocks, synthesis smoke): not in CI.
test-long: $(STAMP)
	LC_RANDOM_BLOCKS=3000 $(BIN)/python -m pytest -n $(JOBS) --dist loadgroup -q -m "slow or not slow" ip tests

# Re-run every synthesis design point (JOBS side by side) and rewrite docs/results/*.json and the
# README table. About 5 hours on 2 cores.
synth-all: $(STAMP)
	$(BIN)/linecrypt synth --all --jobs $(JOBS) --write-results

lint: $(STAMP)
	$(BIN)/python -m linecrypt.flows.lint

clean:
	rm -rf build sim_build .pytest_cache

distclean: clean
	rm -rf $(VENV)
