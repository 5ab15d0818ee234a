# mjsite: `make run` serves the site on http://127.0.0.1:8000, `make test` runs the suite.
# Needs only Python 3.11+ and make; everything else goes into .venv.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
PYTEST_ARGS ?=

.PHONY: run test lint bench migrate messages compilemessages clean distclean

# The virtual environment, made once with a Python that is new enough.
$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "mjsite needs Python 3.11 or newer; set PYTHON=python3.x" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)

# Stamp files: pip runs again only when a requirements file changes.
$(VENV)/.requirements.stamp: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install -r requirements.txt
	touch $@

$(VENV)/.requirements-dev.stamp: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install -r requirements-dev.txt
	touch $(VENV)/.requirements.stamp $@

migrate: $(VENV)/.requirements.stamp
	$(BIN)/python manage.py migrate --noinput

run: migrate
	$(BIN)/daphne -b $(HOST) -p $(PORT) mjsite.asgi:application

lint: $(VENV)/.requirements-dev.stamp
	$(BIN)/ruff check .

# The npm engines the differential tests compare with (Hong Kong, Taiwan); needs node.
PEERS := scoring/engine/tests/peers
$(PEERS)/node_modules/.package-lock.json: $(PEERS)/package-lock.json
	npm ci --prefix $(PEERS) --no-audit --no-fund

# Lint first, then the whole suite, so pytest's summary is the last thing printed.
test: lint $(PEERS)/node_modules/.package-lock.json
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.requirements-dev.stamp
	@if ls bench/*.py >/dev/null 2>&1; then \
	  for script in bench/*.py; do \
	    echo "== $$script"; PYTHONPATH=. $(BIN)/python $$script || exit 1; \
	  done; \
	else echo "no benchmarks in bench/"; fi

# Translations live in locale/<lang>/LC_MESSAGES/django.po; the compiled .mo files are
# committed, so run/test need no gettext. These two targets do (apt-get install gettext).
LOCALES := -l zh_Hans -l zh_Hant -l ja

messages: $(VENV)/.requirements.stamp
	$(BIN)/python manage.py makemessages $(LOCALES) --add-location file \
	  --ignore staticfiles --ignore test-artifacts

compilemessages: $(VENV)/.requirements.stamp
	$(BIN)/python manage.py compilemessages $(LOCALES) --ignore .venv

# Caches and build output; keeps .venv and db.sqlite3 (your scores).
clean:
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +
	rm -rf .pytest_cache .ruff_cache .hypothesis staticfiles test-artifacts

distclean: clean
	rm -rf $(VENV) $(PEERS)/node_modules
