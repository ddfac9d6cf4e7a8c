# make run   — set up, then start the main program (embedded defaults, no services)
# make test  — set up, then run every check and test
# make bench — set up, then print the speed figures

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
# Reinstall when the declared dependencies change.
STAMP  := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)

.PHONY: run test lint typecheck unit bench bench-strong bench-bots setup clean fuzz

# The C kernel of the bots' double-dummy solver, built into the package. Without a
# C compiler the bots run the pure-Python solver: the same results, only slower.
KERNEL := tysiac/bots/kernel/_solver.so

setup: $(STAMP) $(KERNEL)

# Built aside and renamed, so that running programs keep the library they loaded.
$(KERNEL): tysiac/bots/kernel/solver.c
	@if command -v $(CC) >/dev/null 2>&1; then \
	$(CC) -O2 -shared -fPIC -o $@.tmp $< && mv -f $@.tmp $@; \
	else echo "note: no C compiler ($(CC)); the bots' solver runs in pure Python"; fi

$(STAMP):
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,bots,env,tui]'
	rm -f $(VENV)/.installed-*
	touch $@

# In a terminal: a game against two bots; elsewhere (CI, a pipe) a demo game between bots.
run: $(STAMP) $(KERNEL)
	@if [ -t 0 ] && [ -t 1 ]; then $(BIN)/tysiac play; else $(BIN)/tysiac demo; fi

test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check tysiac tests bench

typecheck: $(STAMP)
	$(BIN)/mypy tysiac

unit: $(STAMP) $(KERNEL)
	$(BIN)/pytest -n auto

bench: $(STAMP)
	$(BIN)/python bench/engine_bench.py
	$(BIN)/python bench/arbiter_bench.py

bench-strong: $(STAMP) $(KERNEL)
	nice $(BIN)/python bench/strong_bench.py

# Bot strength in the arena, fixed seeds; long. Pass options: make bench-bots ARGS=--quick
bench-bots: $(STAMP) $(KERNEL)
	nice $(BIN)/python bench/bots_bench.py $(ARGS)

# Fuzz the record readers and the arbiter (10 min by default); crashes are kept in
# tests/fuzz_regressions/. Pass options: make fuzz ARGS="--minutes 60 --coverage"
fuzz: $(STAMP)
	nice $(BIN)/python -m tests.fuzz_run $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
