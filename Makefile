# Two commands do everything on a fresh machine: `make app` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866

.PHONY: app test install install-test scenarios bench catalogs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# Re-install when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

# Voilà with the tables API on the same port; the root URL is the course index.
app: install
	$(BIN)/truco-learn-app lessons/ --port=$(PORT) --no-browser

test: install-test
	$(BIN)/python -m pytest
	$(BIN)/python -m pytest --nbval-lax lessons/ -p no:cacheprovider
	$(BIN)/mypy

scenarios: install
	../shared/tools/check-scenarios --cmd "$(BIN)/truco-learn replay"

# Extract new messages into every language's catalogs, then compile them (see README).
catalogs: install
	$(BIN)/python -m truco_learn.i18n.catalogs update
	$(BIN)/python -m truco_learn.i18n.catalogs compile

bench: install
	$(BIN)/truco-learn bench

clean:
	rm -rf $(VENV) *.egg-info
