#!/usr/bin/env bash
# Every suite, in order, stopping at the first failure (called by `make test`, which has
# already installed packages and written .data/env). Prints how long each step took.
#
# pytest exits 5 when it collected no test. A suite that has no tests yet is reported and
# skipped; the run fails only when no suite ran any test at all.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=.venv/bin/python
passed=0    # tests passed, summed over the suites, for the closing line
LOG=$(mktemp)
trap 'rm -f "$LOG"' EXIT
ran=()      # suites that ran tests
empty=()    # suites that had none
timings=()

# NB: bash ignores `set -e` inside anything run as `cmd || ...`, which is how step() runs
# its command, so the functions below check every command's status themselves.
step() {  # step NAME COMMAND...: run, time, stop the script on failure
    local name=$1 start=$SECONDS rc=0
    shift
    printf '\n==> %s\n' "$name"
    "$@" || rc=$?
    timings+=("$(printf '%5ss  %s' $((SECONDS - start)) "$name")")
    if [ "$rc" -ne 0 ]; then
        printf '\n==> FAILED: %s (exit %s)\n' "$name" "$rc" >&2
        summary
        exit "$rc"
    fi
}

pytest_suite() {  # pytest_suite NAME ARGS...: exit 5 (nothing collected) is not a failure
    local name=$1 rc=0
    shift
    # PIPESTATUS still holds the pipeline's codes when `&& rc=0` was skipped.
    "$PY" -m pytest "$@" 2>&1 | tee "$LOG" && rc=0 || rc=${PIPESTATUS[0]}
    case $rc in
        0) ran+=("$name"); count_passed ;;
        5) echo "==> $name: no tests collected"; empty+=("$name") ;;
        *) return "$rc" ;;
    esac
}

count_passed() {  # add "N passed" from the runner's closing line in $LOG to $passed
    local n
    n=$(sed 's/\x1b\[[0-9;]*m//g' "$LOG" | grep -Eo '[0-9]+ passed' | tail -1 | grep -Eo '[0-9]+' || true)
    passed=$((passed + ${n:-0}))
}

summary() {
    printf '\n==> timings\n'
    printf '%s\n' "${timings[@]}"
}

have_frontend() { [ -f frontend/package.json ]; }

deploy_check() {  # Django's deployment checks and ours (config/checks.py) on production settings
    # A clean environment, so that a developer's .env (DJANGO_DEBUG=1, SECURE_SSL_REDIRECT=0)
    # cannot make production look safe; only what a production deployment must set.
    local key
    key=$("$PY" -c 'import secrets; print(secrets.token_urlsafe(48))') || return
    env -i PATH="$PATH" \
        DJANGO_DEBUG=0 \
        SECRET_KEY="$key" \
        ALLOWED_HOSTS=.example.com \
        BEHIND_TLS_PROXY=1 \
        SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO,https \
        CROSS_SITE_COOKIES=1 \
        "$PY" manage.py check --deploy --fail-level WARNING
}

openapi_fresh() {
    bash scripts/openapi.sh || return
    local files=(frontend/openapi.json frontend/src/api/schema.d.ts)
    if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        echo "==> not a git checkout: cannot compare the generated client with the committed one"
        return 0
    fi
    # status, not diff: a generated file that was never committed shows up as untracked.
    if [ -n "$(git status --porcelain -- "${files[@]}")" ]; then
        git --no-pager diff --stat -- "${files[@]}"
        git status --short -- "${files[@]}"
        echo "The generated API client is stale: run 'make openapi' and commit both files." >&2
        return 1
    fi
}

vitest() {
    # vitest exits 1 when it finds no test file; treat that like pytest's "nothing collected".
    if [ -z "$(find frontend -path frontend/node_modules -prune -o \
            -type f \( -name '*.test.*' -o -name '*.spec.*' \) -print -quit)" ]; then
        echo "==> frontend has no test files yet"
        empty+=(vitest)
        return 0
    fi
    local rc
    (cd frontend && npm test) 2>&1 | tee "$LOG" && rc=0 || rc=${PIPESTATUS[0]}
    [ "$rc" -eq 0 ] || return "$rc"
    ran+=(vitest)
    count_passed
}

e2e() {
    if [ -z "$(find tests/e2e -name 'test_*.py' 2>/dev/null | head -1)" ]; then
        echo "==> tests/e2e has no tests yet"
        empty+=(e2e)
        return 0
    fi
    # Playwright's sync API runs an event loop in the test thread, which makes Django refuse
    # ORM calls from fixtures unless told that this is safe (it is: one thread, tests only).
    # Two workers, a group each at a time: a group is a file (its app server and sink stay
    # in one) or what a test names, and the long ones go first (tests/e2e/conftest.py).
    # Each worker has its own test database, app server, Chromium, cache prefix and media.
    DJANGO_ALLOW_ASYNC_UNSAFE=true pytest_suite e2e tests/e2e -n 2 \
        --dist loadgroup --no-loadscope-reorder --durations=15
}

start=$SECONDS
step "ruff check ." .venv/bin/ruff check .
step "import boundaries (lint-imports, pyproject.toml)" .venv/bin/lint-imports --no-logo
step "manage.py check --deploy (production settings)" deploy_check
if have_frontend; then
    step "OpenAPI document and TypeScript client are up to date" openapi_fresh
fi
# The slowest tests are listed after each suite: where the CI budget goes (README).
step "pytest (unit and integration, 2 workers)" pytest_suite pytest -n 2 --durations=25
if have_frontend; then
    step "eslint (frontend layer boundaries, rules of hooks)" bash -c 'cd frontend && npm run --silent lint'
    step "vitest (frontend)" vitest
    step "frontend build (served to the browser tests)" bash scripts/build_frontend.sh
else
    echo "==> frontend/package.json not found: skipping the front-end suites"
fi
step "pytest tests/e2e (browser, Debian chromium, 2 workers)" e2e
step "fallback path (embedded PostgreSQL, filesystem broker), scratch folder" bash scripts/fallback_check.sh

summary
printf '%5ss  total\n' $((SECONDS - start))
if [ ${#ran[@]} -eq 0 ]; then
    echo "==> FAILED: no suite ran any test (${empty[*]:-none} had none)" >&2
    exit 1
fi
echo "==> all suites passed: ${ran[*]}${empty[*]:+ (no tests yet: ${empty[*]})}"
# The plain closing line CI reads, summed over the suites (each run stops at its first failure).
echo "total: $passed passed, 0 failed"
