# mjsite: `make run` serves the home game to the phones on this Wi-Fi, `make test` runs the
# suite, `make dev` is the debug server on loopback. Needs only Python 3.11+ and make;
# everything else goes into .venv.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# `make run` listens on every interface unless HOST says otherwise; `make dev` on loopback.
HOST   ?=
PORT   ?= 8000
PYTEST_ARGS ?=
# The suite runs on pytest-xdist's workers, one per core and one more (at least 3), a test
# file (or a chunk of one) to a worker, the heaviest first (conftest.py, docs/development.md).
# PYTEST_WORKERS=0 runs it in one process.
PYTEST_WORKERS ?= auto

.PHONY: run dev test lint bench migrate static messages compilemessages clean distclean

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

# The home game: debug off (no traceback reaches a phone), the LAN addresses allowed, a
# secret key generated into .mjsite-secret-key on the first start, static files collected
# for WhiteNoise; prints the phones' URL and its QR code, then serves with daphne.
run: export MJ_HOME_GAME = true
run: migrate static
	$(BIN)/python -m mjsite.serve --host $(or $(HOST),0.0.0.0) --port $(PORT)

static: $(VENV)/.requirements.stamp
	$(BIN)/python manage.py collectstatic --noinput -v0

# Development: debug pages and static files straight from the source, on loopback only.
dev: migrate
	$(BIN)/python -m mjsite.daphne_server -b $(or $(HOST),127.0.0.1) -p $(PORT) mjsite.asgi:application

# A model change without its migration fails here, before the suite runs; so does an import
# against the layers (lint-imports: the contracts in pyproject.toml, docs/development.md).
lint: $(VENV)/.requirements-dev.stamp
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python manage.py makemigrations --check --dry-run

# The npm engines the differential tests compare with (Hong Kong, Taiwan); needs node.
PEERS := scoring/engine/tests/peers
$(PEERS)/node_modules/.package-lock.json: $(PEERS)/package-lock.json
	npm ci --prefix $(PEERS) --no-audit --no-fund

# Lint first, then the whole suite, so pytest's summary is the last thing printed (after
# the slowest tests, to keep an eye on).
# Bytecode caches are written even where the environment turns them off: each worker and
# each live server the tests start then reads the compiled project (docs/development.md).
test: export PYTHONDONTWRITEBYTECODE =
test: lint $(PEERS)/node_modules/.package-lock.json
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadfile --no-loadscope-reorder \
	  --durations=15 $(PYTEST_ARGS)

# Every bench script on this checkout and on BASELINE (a commit, 05e34b1 unless given), back
# to back, then one table of the figures beside their targets (bench/README.md). ONLY=
# some scripts (club_pages,write_path); DOCS=1 writes the table into docs/performance.md.
BASELINE ?=
ONLY ?=
DOCS ?=
bench: $(VENV)/.requirements-dev.stamp
	PYTHONPATH=. $(BIN)/python bench/run.py $(if $(BASELINE),--baseline $(BASELINE)) \
	  $(if $(ONLY),--only $(ONLY)) $(if $(DOCS),--docs)

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
