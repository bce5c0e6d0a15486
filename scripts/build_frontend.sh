#!/usr/bin/env bash
# Production build of the front end into frontend/dist (whitenoise serves it). Skipped when
# dist is newer than every source file, so `make run` stays quick when nothing changed;
# FORCE_BUILD=1 rebuilds anyway.
set -euo pipefail
cd "$(dirname "$0")/../frontend" 2>/dev/null || { echo "==> no frontend/: nothing to build"; exit 0; }

if [ ! -f package.json ]; then
    echo "==> frontend/package.json not found: nothing to build"
    exit 0
fi
if [ "${FORCE_BUILD:-0}" != 1 ] && [ -f dist/index.html ] && [ -z "$(find . \
        -path ./node_modules -prune -o -path ./dist -prune -o \
        -type f -newer dist/index.html -print -quit)" ]; then
    echo "==> frontend/dist is up to date"
    exit 0
fi
echo "==> npm run build (frontend)"
npm run --silent build
