# The two commands: `make app` serves the Voila app, `make test` runs every test.
# Both start from a machine with only Python 3: they create .venv and install the project into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: app test check install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

app: $(STAMP)
	$(BIN)/carnegie-lab app --port 8866

test: check
	HYPOTHESIS_PROFILE=ci $(BIN)/python -m pytest

# Static checks: style (ruff), types (mypy) and the layers of the package (import-linter).
check: $(STAMP)
	$(BIN)/ruff check carnegie_lab tests benchmarks notebooks/make_notebooks.py
	$(BIN)/mypy
	$(BIN)/lint-imports

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
