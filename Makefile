# The two commands: `make app` serves the Voila app, `make test` runs every test.
# Both start from a machine with only Python 3: they create .venv and install the project into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: app test test-fast check chromium install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# games are kept in the default store, games.db in the user's data folder (carnegie-lab app --help)
app: $(STAMP)
	$(BIN)/carnegie-lab app --port 8866

test: check chromium
	HYPOTHESIS_PROFILE=ci $(BIN)/python -m pytest

# The engine alone (rules, property, golden, solo and top-level tests): a couple of minutes, no browser.
test-fast: check
	HYPOTHESIS_PROFILE=ci $(BIN)/python -m pytest tests/rules tests/property tests/golden tests/solo tests/store \
		$(wildcard tests/test_*.py)

# The browser tests drive Debian's Chromium: installed here when we can (root with apt), else a stop
# before anything runs, with the command that installs it.
chromium:
	@test -x /usr/bin/chromium || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
		else \
			echo "The browser tests need Chromium: sudo apt-get install -y chromium"; exit 1; \
		fi; }

# Static checks: style (ruff), types (mypy) and the layers of the package (import-linter).
check: $(STAMP)
	$(BIN)/ruff check carnegie_lab tests benchmarks tools notebooks/make_notebooks.py
	$(BIN)/mypy
	$(BIN)/lint-imports

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
