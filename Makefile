# make run   — set up, then start the web site (embedded defaults: SQLite, no services)
# make test  — set up, then run every check and test
# make play  — set up, then play against bots in the terminal
# make bench — set up, then print the speed figures
# make cluster — three nodes and a load balancer on loopback (PostgreSQL and Redis)

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
# Reinstall when the declared dependencies change.
STAMP  := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)

.PHONY: train-bots bench-ablation bench-cluster cluster run play test lint typecheck unit browser services bench bench-strong bench-bots bench-server setup clean fuzz

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
	$(BIN)/python -m pip install --quiet -e '.[dev,bots,env,tui,web,train]'
	rm -f $(VENV)/.installed-*
	touch $@

# The web site on SQLite in the user's data folder; it prints the address to open.
run: $(STAMP) $(KERNEL)
	$(BIN)/tysiac serve

# Three nodes on ports 8001-8003 behind a load balancer on 8000, sharing the local
# PostgreSQL (database tysiac, made if missing) and Redis.
cluster: $(STAMP) $(KERNEL) services
	$(BIN)/tysiac cluster --nodes 3 --port 8000

# In a terminal: a game against two bots; elsewhere (CI, a pipe) a demo game between bots.
play: $(STAMP) $(KERNEL)
	@if [ -t 0 ] && [ -t 1 ]; then $(BIN)/tysiac play; else $(BIN)/tysiac demo; fi

test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check tysiac tests bench

typecheck: $(STAMP)
	$(BIN)/mypy tysiac

unit: $(STAMP) $(KERNEL) browser services
	$(BIN)/pytest -n auto

# Debian's Chromium for the browser tests: installed when missing and we are root;
# otherwise those tests say how to install it (and fail under CI=true).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    (apt-get install -y -q chromium >/dev/null 2>&1 || \
	     (apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null)) \
	    && echo "installed chromium for the browser tests"; \
	  else echo "note: no /usr/bin/chromium; the browser tests will be skipped (apt-get install chromium)"; fi; \
	fi

# PostgreSQL and Redis for the storage and cluster tests, started if they are
# installed but not running.
services:
	@if command -v pg_isready >/dev/null && ! pg_isready -q -h 127.0.0.1; then \
	  pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start 2>/dev/null \
	  || echo "note: PostgreSQL is not running; its tests will be skipped"; fi
	@if command -v redis-server >/dev/null && ! redis-cli -h 127.0.0.1 ping >/dev/null 2>&1; then \
	  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
	  >/dev/null || echo "note: Redis is not running; the cluster tests will be skipped"; fi

# The analysis part takes options: make bench ARGS="--deals 100 --pure 2"
bench: $(STAMP) $(KERNEL)
	$(BIN)/python bench/engine_bench.py
	$(BIN)/python bench/arbiter_bench.py
	nice $(BIN)/python bench/analysis_bench.py $(ARGS)

bench-strong: $(STAMP) $(KERNEL)
	nice $(BIN)/python bench/strong_bench.py

# The expert bot's parts one at a time against strong, on the same deals; long.
bench-ablation: $(STAMP) $(KERNEL)
	nice $(BIN)/python bench/ablation_bench.py $(ARGS)

# Bot strength in the arena, fixed seeds; long. Pass options: make bench-bots ARGS=--quick
bench-bots: $(STAMP) $(KERNEL)
	nice $(BIN)/python bench/bots_bench.py $(ARGS)

# Every shipped weight file of the bots, made again from a seed (about an hour on
# 2 cores; both are used). A small run for CI: make train-bots ARGS=--quick
train-bots: $(STAMP) $(KERNEL)
	nice $(BIN)/python -m tysiac.bots.training $(ARGS)

# Fuzz the record readers and the arbiter (10 min by default); crashes are kept in
# tests/fuzz_regressions/. Pass options: make fuzz ARGS="--minutes 60 --coverage"
fuzz: $(STAMP)
	nice $(BIN)/python -m tests.fuzz_run $(ARGS)

# The web server under load: N tables of bots through the WebSocket API.
# Options: make bench-server ARGS="--tables 50 --think 0 --seconds 20"
bench-server: $(STAMP)
	$(BIN)/python bench/server_bench.py $(ARGS)

# Several nodes under load (PostgreSQL and Redis of this machine), 1 to 3 nodes.
# Options: make bench-cluster ARGS="--tables 300 --nodes 1 3"
bench-cluster: $(STAMP) services
	$(BIN)/python bench/cluster_bench.py $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
