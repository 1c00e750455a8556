# The two set-up commands of the README: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: test serve play lint types browser bench clean

$(BIN)/kashi: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

test: lint types browser $(BIN)/kashi
	$(BIN)/python -m pytest -q

# The browser tests drive Debian's Chromium; as root it is installed when missing, otherwise
# those tests skip and say why.
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
		&& { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }; } \
		|| echo "chromium is not installed: the browser tests will skip"

lint: $(BIN)/kashi
	$(BIN)/ruff check kashi tests examples
	$(BIN)/ruff format --check kashi tests examples

types: $(BIN)/kashi
	$(BIN)/mypy --strict kashi

# The game server with its embedded SQLite database (./kashi.db) on http://127.0.0.1:8000.
serve: $(BIN)/kashi
	$(BIN)/kashi serve --host 127.0.0.1 --port 8000 --db sqlite:///kashi.db

# A game of Azul in the terminal against a random bot.
play: $(BIN)/kashi
	$(BIN)/kashi play azul --players 2 --bot random

bench: $(BIN)/kashi
	$(BIN)/kashi bench azul

clean:
	rm -rf $(VENV) build *.egg-info
