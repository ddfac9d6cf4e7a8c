# make run   — set up, then start the main program (embedded defaults, no services)
# make test  — set up, then run every check and test
# make bench — set up, then print the speed figures

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml Makefile | cksum | cut -d' ' -f1)

.PHONY: run test lint typecheck unit bench bench-bots setup clean

setup: $(STAMP)

$(STAMP):
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,bots,env,tui]'
	rm -f $(VENV)/.installed-*
	touch $@

run: $(STAMP)
	$(BIN)/tysiac demo

test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check tysiac tests bench

typecheck: $(STAMP)
	$(BIN)/mypy tysiac

unit: $(STAMP)
	$(BIN)/pytest -n auto

bench: $(STAMP)
	$(BIN)/python bench/engine_bench.py

# Bot strength in the arena, fixed seeds; long. Pass options: make bench-bots ARGS=--quick
bench-bots: $(STAMP)
	nice $(BIN)/python bench/bots_bench.py $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
