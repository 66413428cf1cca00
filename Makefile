# Banneret: `make run` plays (or starts the bot with DISCORD_TOKEN); `make test` runs every test.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck bench deep clean

$(STAMP): pyproject.toml fakediscord/pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]' -e ./fakediscord
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/banneret run

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy rules renderers bot tools bench fakediscord/src
	$(BIN)/pytest -q -n auto

# Longer runs: many more random games, 100,000 hostile commands, 1,000 kills, 32 writers.
deep: $(STAMP)
	HYPOTHESIS_PROFILE=deep $(BIN)/pytest -q tests/rules tests/core
	FUZZ_EXAMPLES=25000 KILLS=1000 CONCURRENCY=8x4 $(BIN)/pytest -q tests/reliability

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[test,bench]'
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) out .pytest_cache .mypy_cache .ruff_cache
