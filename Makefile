# The two commands: `make app` serves the Voila app, `make test` runs every test.
# Both start from a machine with only Python 3: they create .venv and install the project into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: notebooks i18n-extract i18n-update i18n-compile app test test-slow test-under-load test-fast gallery check system-packages install install-check binder-lock binder-check binder-links clean

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

# Every test but the slow ones, in one run of pytest in parallel (pytest-xdist, two workers more than the machine
# has cores: the browser tests wait on pages more than they compute). A test file's tests stay in one worker, so a
# module's fixtures are made once (the tutorials run once for tests/notebooks/test_tutorials.py; a worker that
# gets browser tests starts its own Voila server and Chromium), except each tutorial's page in Voila, a unit of its
# own (SPREAD in tests/conftest.py). XDIST=0 runs them all in one process.
XDIST ?= $(shell echo $$(( $$(nproc) + 2 )))
PYTEST := HYPOTHESIS_PROFILE=ci $(BIN)/python -m pytest
test: check system-packages
	$(PYTEST) -m "not slow" -n $(XDIST) --dist loadfile $(PYTEST_ARGS)

# The tests worth running but not on every run (marker `slow`: the bots' strength checks, the README's commands,
# the reference check over whole games, tutorial 11 beside two CPU hogs, three Portuguese tutorials in Voila
# with ten English ones' Voila pages, the whole games on a phone, on a desktop by mouse and by keyboard, in
# Portuguese and on the board, a round by mouse then the bots' finish, two browsers' clicks at once, the solo and
# two-player games' audits, a reloaded page and a wrong seat key in the browser, the editor in JupyterLab, all
# the random playouts' and positions' examples, the wheel without extras in a fresh venv, the setup and round 1
# by two browsers, the rules link's tutorial page, the phone's pages, the page's language and picker, seat-link
# renewals, a finished game's undo by a watcher, the owner's delete, a visitor's hourly brake, a seed out of
# range and a broken record in the page, the ringed cities' hovers, a tutorial's own action, the dashboard in
# narrow boxes (the text-fit test's 390 px case stays), a double click on the board, a hint at every decision,
# a seat link's copy button, the games list's sorting, the culling of a closed page's kernel, the review and the
# solo hand-over in a browser, a tutorial in a narrow page, the title following the turn, the stored games'
# buttons, a table set up in the app, the review chart in Portuguese;
# make test keeps a test of
# each: the setup and round 1 by keyboard, Bo's undo seen in Ada's browser, test_final_browser's finish, the
# start page's and final panel's audits, tests/session's stored games, the editor in Voila, a watcher's refused
# clicks, the kernel cap, a third of the examples, the review's panel, the hand-over and the title without a browser,
# the text-fit test's 390 px case, tests/app/test_table_setup.py, the English review chart); CI runs them after
# make test.
test-slow: $(STAMP)
	$(PYTEST) -m slow -n $(XDIST) --dist loadfile $(PYTEST_ARGS)

# The browser tests with two busy processes beside them at normal priority (a slow or busy machine: Binder's, a
# developer's), a check to run before a large change; the busy processes are killed at the end, whatever the
# result (and on Ctrl-C).
test-under-load: $(STAMP) system-packages
	@$(BIN)/python -c 'while True: pass' & first=$$!; \
	$(BIN)/python -c 'while True: pass' & second=$$!; \
	trap 'kill $$first $$second 2>/dev/null' EXIT INT TERM; \
	echo "test-under-load: two CPU hogs beside the browser tests (pids $$first $$second)"; \
	$(PYTEST) -m browser $(PYTEST_ARGS)

# The core, the rules, the engine and the store (tests/core, rules, property, golden, solo, store and the
# top-level tests): a couple of minutes, no browser, and no fresh environment or server (the packaging
# tests and the README's shell commands).
test-fast: check
	HYPOTHESIS_PROFILE=ci $(BIN)/python -m pytest tests/core tests/rules tests/property tests/golden tests/solo \
		tests/store $(filter-out tests/test_packaging.py,$(wildcard tests/test_*.py)) \
		--deselect tests/test_readme.py::test_readme_shell_commands_run_as_written

# The engine's speed guard: this tree against the reference commit of benchmarks/guard.json (a temporary git
# worktree), paired and interleaved, CPU time; fails when random play, a greedy decision or from_record replay
# is more than 15% below its recorded ratio (benchmarks/guard.py; about 1.5 minutes). CI runs it after make test.
.PHONY: bench-guard
bench-guard: $(STAMP)
	$(BIN)/python benchmarks/guard.py

# Every picture in docs/gallery made again (tools/make_gallery.py: the views in headless Chromium, then the
# browser tests that take the app's screenshots, told to write them there; a plain test run leaves them in
# test-artifacts/gallery).
gallery: $(STAMP) system-packages
	$(BIN)/python tools/make_gallery.py

# The browser tests drive Debian's Chromium, and tests/app/test_proxy.py Debian's nginx: installed here when we
# can (root with apt; RUNLEVEL=1: nginx's package starts no server), else a stop before anything runs, with the
# command that installs them.
SYSTEM_PACKAGES := /usr/bin/chromium=chromium /usr/sbin/nginx=nginx-light
system-packages:
	@missing=""; for entry in $(SYSTEM_PACKAGES); do test -x "$${entry%%=*}" || missing="$$missing $${entry#*=}"; done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			apt-get update -qq && RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
		else \
			echo "The browser and proxy tests need:$$missing (sudo apt-get install -y$$missing)"; exit 1; \
		fi; \
	fi

# Binder's environment, binder/requirements.txt: pyproject.toml's [notebooks] extra resolved by uv for
# Binder's Python (binder/runtime.txt) on Linux. Pins already in the file are kept while they fit;
# `make binder-lock LOCK_OPTIONS=--upgrade` moves every pin to the newest version that fits.
BINDER_PYTHON = $(subst python-,,$(shell cat binder/runtime.txt))
binder-lock: $(STAMP)
	$(BIN)/uv pip compile pyproject.toml --extra notebooks --python-version $(BINDER_PYTHON) \
		--python-platform x86_64-unknown-linux-gnu --custom-compile-command "make binder-lock" \
		--quiet $(LOCK_OPTIONS) -o binder/requirements.txt

# Binder's environment built as repo2docker builds it, and the app rendered in it in Chromium, with no
# request leaving the machine (tools/check_binder.py; about a minute). CI runs it after make test.
binder-check: $(STAMP) system-packages
	$(BIN)/python tools/check_binder.py

# README.md's Binder links, made again from [project.urls] Repository in pyproject.toml.
binder-links:
	$(BIN)/python tools/binder_links.py

# The wheel with [app] in a fresh environment outside the checkout: `carnegie-lab app` serves the app
# (tools/check_install.py; under a minute). CI runs it after make test.
install-check: $(STAMP)
	$(BIN)/python tools/check_install.py

# The tutorials' notebooks, every language's, from their sources and catalogs (docs/tutorials.md).
notebooks: $(STAMP)
	$(BIN)/python tools/build_notebooks.py

# Translations (docs/translating.md): extract the messages of the code and the names of the data into the
# template, merge it into every language's catalog, compile the catalogs the package reads. tests/core/test_i18n.py
# fails when an extracted message has no translation, a fuzzy one, or a compiled catalog is stale. The same for
# the tutorials' prose: a template per translated tutorial (notebooks/locale/NN-name.pot, not committed) merged
# into its catalogs (notebooks/locale/<lang>/LC_MESSAGES/NN-name.po, read by make notebooks: nothing to compile);
# tests/notebooks/test_tutorial_catalogs.py fails on a text missing, fuzzy or left over.
LOCALE := carnegie_lab/locale
POT := $(LOCALE)/carnegie_lab.pot
i18n-extract: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg --sort-by-file --add-location=file --project carnegie-lab \
		--version 0.1.0 -o $(POT) .
	$(BIN)/python tools/build_notebooks.py --extract
i18n-update: i18n-extract
	$(BIN)/pybabel update -i $(POT) -d $(LOCALE) -D carnegie_lab --ignore-obsolete
	for pot in notebooks/locale/*.pot; do \
		$(BIN)/pybabel update -i $$pot -d notebooks/locale -D $$(basename $$pot .pot) -w 116 --ignore-obsolete; done
i18n-compile: $(STAMP)
	$(BIN)/pybabel compile -d $(LOCALE) -D carnegie_lab --statistics

# Static checks: style (ruff), types (mypy) and the layers of the package (import-linter).
check: $(STAMP)
	$(BIN)/ruff check carnegie_lab tests benchmarks tools research notebooks/src
	$(BIN)/mypy
	$(BIN)/lint-imports

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
