# Every target sets up what it needs: on a fresh machine `make run` and `make test` are enough.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
RUN_STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench
# The compiled extensions' sources: a change rebuilds them (pip install -e compiles them in place).
COMPILED := $(shell find src -name '*.pyx' -o -name '*.pxd')
# The compiled extensions' stubs (each one's .pyi), as module names for mypy.stubtest.
STUBS := $(shell find src -name '*.pyi' | sed -e 's|^src/||' -e 's|\.pyi$$||' -e 's|/|.|g')

.PHONY: run play test lint typecheck unit browser redis postgres nginx systemd js bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Serving needs only the package itself; the tests add the dev extra (mypy, Playwright, …).
$(RUN_STAMP): pyproject.toml setup.py $(COMPILED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP): pyproject.toml setup.py $(COMPILED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(RUN_STAMP)

$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	touch $@

run: $(RUN_STAMP)
	$(BIN)/pegboard serve

play: $(RUN_STAMP)
	$(BIN)/pegboard play cribbage --vs greedy

# Browser tests drive Debian's Chromium (never a downloaded browser).
browser:
	@test -x /usr/bin/chromium || { \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# The several-workers tests start their own throwaway Debian redis-server (persistence off).
redis:
	@test -x /usr/bin/redis-server || { \
		echo "installing Debian's redis-server for the several-workers tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; }

# The load-balancer tests run deploy/nginx/pegboard.conf in Debian's nginx (on loopback ports).
nginx:
	@test -x /usr/sbin/nginx || { \
		echo "installing Debian's nginx for the load-balancer tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null; }

# The service units in deploy/systemd are checked with Debian's systemd-analyze.
systemd:
	@test -x /usr/bin/systemd-analyze || { \
		echo "installing Debian's systemd to check the service units"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd >/dev/null; }

# The PostgreSQL tests start their own throwaway cluster with Debian's initdb and postgres.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
		echo "installing Debian's postgresql for the PostgreSQL store tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }

# The web client's lint (ESLint) and its own tests' packages (jsdom), with Debian's Node.
js:
	@command -v npm >/dev/null || { \
		echo "installing Debian's nodejs and npm for the web client's lint and tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; }
	npm ci --no-audit --no-fund --silent
	npx eslint src/pegboard/web/js tests/js eslint.config.js

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

# The stubs against the built extensions (names, parameters, what each module holds); PEP 800's
# disjoint-base markers are not asked of them.
typecheck: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy tests/browser/conftest.py
	$(BIN)/python -m mypy.stubtest --ignore-disjoint-bases \
		--allowlist tests/design/stubtest_allowlist.txt $(STUBS)

unit: $(STAMP)
	$(BIN)/pytest -n 2

test: lint typecheck js browser redis postgres nginx systemd unit

bench: $(BENCH_STAMP)
	$(BIN)/python -m benchmarks.run

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis build
	find src/pegboard \( -name '*.so' -o -name '*.c' \) -delete  # the built cores
