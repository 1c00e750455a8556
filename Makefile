# The two set-up commands of the README: `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: test serve lint types bench clean

$(BIN)/kashi: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

test: lint types $(BIN)/kashi
	$(BIN)/python -m pytest -q

lint: $(BIN)/kashi
	$(BIN)/ruff check kashi tests examples
	$(BIN)/ruff format --check kashi tests examples

types: $(BIN)/kashi
	$(BIN)/mypy --strict kashi

# Until the web server exists, `make serve` starts a terminal game against a random bot.
serve: $(BIN)/kashi
	$(BIN)/kashi play azul --players 2 --bot random

bench: $(BIN)/kashi
	$(BIN)/kashi bench azul

clean:
	rm -rf $(VENV) build *.egg-info
