VENV ?= .venv
PYTHON := $(VENV)/bin/python
MANAGE := $(PYTHON) manage.py
PORT ?= 8000
CHROMIUM := /usr/bin/chromium
STAMP := $(VENV)/.installed

.PHONY: venv install run test bench messages

venv install: $(STAMP)

# The stamp makes `make` reinstall only when pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(PYTHON) || python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet -e '.[test]'
	touch $@

messages: $(STAMP)
	$(MANAGE) compilemessages --ignore=$(VENV) --ignore=.venv

run: messages
	$(MANAGE) migrate
	$(MANAGE) load_demo
	$(MANAGE) runserver 127.0.0.1:$(PORT)

test: messages
	@if [ ! -x $(CHROMIUM) ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update && apt-get install -y chromium chromium-driver; \
		else \
			echo "Chromium not found at $(CHROMIUM); browser tests will skip."; \
			echo "Install it with: sudo apt-get install -y chromium chromium-driver"; \
		fi; \
	fi
	$(MANAGE) makemigrations --check --dry-run
	$(PYTHON) -m pytest

bench: $(STAMP)
	@for script in bench/*.py; do \
		[ -e "$$script" ] || continue; \
		echo "== $$script"; \
		$(PYTHON) "$$script" || exit 1; \
	done
