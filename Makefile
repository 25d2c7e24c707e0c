VENV ?= .venv
PYTHON := $(VENV)/bin/python
MANAGE := $(PYTHON) manage.py
PORT ?= 8000
CHROMIUM := /usr/bin/chromium
# make test: pytest-xdist workers (auto: one per core), each test file on one worker (its
# module-scoped fixtures, such as test_serving's server, start once), and any more pytest
# arguments, such as PYTEST_ARGS='-m database' (what .ci/run's PostgreSQL pass adds). It ends
# with the slowest 15 tests (--durations=15).
TEST_WORKERS ?= auto
PYTEST_ARGS ?=
# Two stamps: `make run` installs what serving needs, `make test` adds the test tools
# (Playwright, mypy, hypothesis, the reference evaluators). Each reinstalls when pyproject.toml changes.
RUNTIME_STAMP := $(VENV)/.installed-runtime
TEST_STAMP := $(VENV)/.installed-test
STAMP := $(TEST_STAMP)

.PHONY: venv install run dev test lint bench messages

venv install: $(TEST_STAMP)

$(RUNTIME_STAMP): pyproject.toml
	test -x $(PYTHON) || python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet -e .
	touch $@

# One pip run installs both sets (a second would resolve everything again): it stamps both.
$(TEST_STAMP): pyproject.toml
	test -x $(PYTHON) || python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet -e '.[test]'
	touch $(RUNTIME_STAMP) $@

messages: $(RUNTIME_STAMP)
	$(MANAGE) compilemessages --ignore=$(VENV) --ignore=.venv

# The room's server (vpt/serve.py): migrate, collect static files, load the demo into an empty
# database, print the addresses to open, then gunicorn on every interface with debug off.
run: messages
	$(PYTHON) -m vpt.serve --port $(PORT)

# Development: Django's runserver with debug, on this machine only.
dev: messages
	$(MANAGE) migrate
	$(MANAGE) load_demo
	$(MANAGE) runserver 127.0.0.1:$(PORT)

test: $(TEST_STAMP) messages
	@if [ ! -x $(CHROMIUM) ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update && apt-get install -y chromium chromium-driver; \
		else \
			echo "Chromium not found at $(CHROMIUM); browser tests will skip."; \
			echo "Install it with: sudo apt-get install -y chromium chromium-driver"; \
		fi; \
	fi
	$(MANAGE) makemigrations --check --dry-run
	$(PYTHON) -m pytest -n $(TEST_WORKERS) --dist loadfile --durations=15 $(PYTEST_ARGS)

bench: $(TEST_STAMP)
	@for script in bench/*.py; do \
		[ -e "$$script" ] || continue; \
		echo "== $$script"; \
		$(PYTHON) "$$script" || exit 1; \
	done

# Static checks: ruff (lint and format), mypy over vpt/ (strict for the engine), and the
# import-linter layers contract (pyproject.toml) that keeps the apps importing one way.
lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy vpt
	$(VENV)/bin/mypy --strict vpt/ofc
	$(VENV)/bin/lint-imports
