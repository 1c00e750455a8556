# The two set-up commands of the README: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Stamps of what the virtual environment holds: the server extra alone (`make serve`), or the
# whole development stack (`make test`), which adds to the former and never the reverse.
SERVING := $(VENV)/.serving
TESTING := $(VENV)/.testing
# Test processes side by side (pytest-xdist); most tests wait on a server or a browser, so
# twice the cores keeps the processors busy.
JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) * 2 )))
# The compiled core is built by the editable install (setup.py); a stamp rebuilds it when its C
# sources change. Without a C compiler kashi runs on its Python engines (one line says so).
CORE := $(VENV)/.core
CORE_SOURCES := setup.py $(wildcard kashi/core/native/*.[ch] kashi/games/*/native/*.[ch])

# The browser client's development tools (ESLint, Prettier) from package-lock.json; the client
# itself is served as it is written. `make test` installs Node from the system's packages when
# missing, as it does Chromium.
NODE_TOOLS := node_modules/.installed

.PHONY: test test-slow test-sanitized screenshots serve play lint lint-js test-js types browser node bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(SERVING): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $@

$(TESTING): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(SERVING) $@

$(CORE): $(CORE_SOURCES) | $(SERVING)
	rm -f kashi/core/native/_core*.so
	$(BIN)/python -m pip install --quiet --no-deps -e .
	@$(BIN)/python -c 'from kashi.core import native; print("kashi thinks with its", native.core_name())'
	touch $@

# Lint, types and the JavaScript's lint and unit tests run inside the suite
# (tests/test_code_checks.py), beside the other tests.
test: browser $(NODE_TOOLS) $(TESTING) $(CORE)
	$(BIN)/python -m pytest -q -n $(JOBS) --dist worksteal

# The volume suite (thousands of games a variant), kept out of `make test`, then the compiled
# core's proofs and fuzz tests again under the sanitizers.
test-slow: $(TESTING) $(CORE) test-sanitized
	$(BIN)/python -m pytest -q -n $(JOBS) --dist worksteal -m slow

# The compiled core built with AddressSanitizer and UndefinedBehaviorSanitizer (any finding
# aborts), loaded into the equivalence and fuzz tests; Python itself is not instrumented, so
# the sanitizers' runtime is preloaded and leak checks (Python keeps memory to the end) are off.
SANITIZED := build/sanitized/_core.abi3.so
SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
COMPILED_TESTS := tests/core/test_compiled_core.py tests/rl/test_rl_compiled_games.py \
	$(wildcard tests/games/*/test_compiled_*.py)

$(SANITIZED): $(CORE_SOURCES) | $(BIN)/python
	mkdir -p $(@D)
	$(CC) -std=c11 -O1 -g $(SANITIZE) -Wall -Wextra -Werror -shared -fPIC -DPy_LIMITED_API=0x030B0000 \
		-I"$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')" \
		$(filter %.c,$(CORE_SOURCES)) -o $@ -lm

test-sanitized: $(TESTING) $(SANITIZED)
	KASHI_CORE_LIBRARY=$(SANITIZED) ASAN_OPTIONS=detect_leaks=0 \
		LD_PRELOAD="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)" \
		$(BIN)/python -m pytest -q -p no:xdist $(COMPILED_TESTS)

# The pictures docs/ and the README show, taken anew from the running app.
screenshots: browser $(TESTING) $(CORE)
	$(BIN)/python -m pytest -q -n $(JOBS) --dist worksteal -m screenshots

# The browser tests drive Debian's Chromium; as root it is installed when missing, otherwise
# those tests skip and say why.
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
		&& { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }; } \
		|| echo "chromium is not installed: the browser tests will skip"

node:
	@command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] \
		&& command -v apt-get >/dev/null && { apt-get update -qq \
		&& DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; }; } \
		|| echo "Node.js is not installed: the JavaScript checks will skip"

$(NODE_TOOLS): package.json package-lock.json | node
	@if command -v npm >/dev/null 2>&1; then npm ci --no-audit --no-fund --loglevel=error && touch $@; fi

lint-js: $(NODE_TOOLS)
	npx eslint
	npx prettier --check .

test-js: $(NODE_TOOLS)
	node --test tests/js/

lint: $(TESTING)
	$(BIN)/ruff check kashi tests examples
	$(BIN)/ruff format --check kashi tests examples

types: $(TESTING)
	$(BIN)/mypy --strict kashi

# The game server with its embedded SQLite database (./kashi.db) on http://127.0.0.1:8000.
serve: $(SERVING) $(CORE)
	$(BIN)/kashi serve --host 127.0.0.1 --port 8000 --db sqlite:///kashi.db

# A game of Azul in the terminal against a random bot.
play: $(SERVING) $(CORE)
	$(BIN)/kashi play azul --players 2 --bot random

bench: $(SERVING) $(CORE)
	$(BIN)/kashi bench azul

clean:
	rm -rf $(VENV) build *.egg-info kashi/core/native/_core*.so
