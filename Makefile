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

.PHONY: test test-slow screenshots serve play lint types browser bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(SERVING): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $@

$(TESTING): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(SERVING) $@

$(CORE): $(CORE_SOURCES) | $(SERVING)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $@

# Lint and types run inside the suite (tests/test_code_checks.py), beside the other tests.
test: browser $(TESTING) $(CORE)
	$(BIN)/python -m pytest -q -n $(JOBS) --dist worksteal

# The volume suite (thousands of games a variant), kept out of `make test`.
test-slow: $(TESTING) $(CORE)
	$(BIN)/python -m pytest -q -n $(JOBS) --dist worksteal -m slow

# The pictures docs/ and the README show, taken anew from the running app.
screenshots: browser $(TESTING) $(CORE)
	$(BIN)/python -m pytest -q -n $(JOBS) --dist worksteal -m screenshots

# The browser tests drive Debian's Chromium; as root it is installed when missing, otherwise
# those tests skip and say why.
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
		&& { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }; } \
		|| echo "chromium is not installed: the browser tests will skip"

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
