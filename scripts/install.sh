#!/usr/bin/env bash
# Installs what the project needs, doing only the work that is out of date, so that
# `make run` / `make test` can call it every time. Runs on a fresh machine that has only
# python3, node and npm (as root in CI, no stdin).
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=.venv
PY_STAMP=$VENV/.install-stamp
NPM_STAMP=frontend/node_modules/.install-stamp

say() { printf '==> %s\n' "$*"; }

# A venv copied from another machine or folder keeps symlinks to an interpreter that may
# not exist here; such a venv looks present but cannot even start, so it is rebuilt.
if [ -d "$VENV" ] && ! "$VENV/bin/python" -c 'import sys' >/dev/null 2>&1; then
    say "$VENV is broken (its python does not start): recreating it"
    rm -rf "$VENV"
fi
if [ ! -x "$VENV/bin/python" ]; then
    # pyproject.toml requires Python 3.11; prefer an explicit 3.11 where one is installed.
    PYTHON=${PYTHON:-$(command -v python3.11 || command -v python3)}
    say "creating $VENV with $PYTHON ($("$PYTHON" --version 2>&1))"
    "$PYTHON" -m venv "$VENV"
fi

# The stamp lives inside the venv, so a deleted or recreated venv reinstalls by itself.
if [ ! -f "$PY_STAMP" ] || [ pyproject.toml -nt "$PY_STAMP" ]; then
    say "pip install -e '.[dev]'"
    "$VENV/bin/python" -m pip install --disable-pip-version-check -q -e '.[dev]'
    touch "$PY_STAMP"
else
    say "Python packages up to date"
fi

if [ -f frontend/package-lock.json ]; then
    if [ ! -f "$NPM_STAMP" ] || [ frontend/package-lock.json -nt "$NPM_STAMP" ]; then
        say "npm ci (frontend)"
        # --no-audit/--no-fund: both call home, and only the npm registry is reachable here.
        (cd frontend && npm ci --no-audit --no-fund)
        touch "$NPM_STAMP"
    else
        say "npm packages up to date"
    fi
else
    say "frontend/package-lock.json not found: skipping npm ci"
fi

# Browser tests drive Debian's chromium (Playwright's own browser download cannot reach
# the network here). Install it only when missing and only when we may (root).
if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        say "installing Debian chromium for the browser tests"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq chromium >/dev/null
    else
        say "WARNING: /usr/bin/chromium is missing and we are not root; browser tests will fail." \
            "Install it with: sudo apt-get install chromium"
    fi
fi

# The spam-score test scores messages with Debian's SpamAssassin (local rules only).
bash scripts/install_spamassassin.sh
