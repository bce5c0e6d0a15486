#!/usr/bin/env bash
# The path `make run` takes on a machine with no PostgreSQL, RabbitMQ or Redis, tried end to
# end (a step of scripts/test.sh; runs on its own too: bash scripts/fallback_check.sh).
#
# In a scratch folder (MAILCRAFT_DATA_DIR, so the checkout's .data is never touched):
# services.py with every service forced to its fallback (embedded PostgreSQL, kombu's
# filesystem:// broker, locmemcache://), migrate, seed_demo, then deploy/Procfile's web line
# (gunicorn) and its worker line (as node fallback@%h) on that broker; the demo admin signs
# in over HTTP, uploads a small CSV and starts its import, the job is polled until
# Completed and the profiles are looked up. Everything started here is stopped and the
# folder removed on the way out, failed or not. Every wait has a deadline.
#
# The environment is a clean one, as a new user's would be: neither your .env nor what
# `make services` chose reaches it (only PATH, HOME, locale, temp and pip/proxy settings).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=$ROOT/.venv/bin/python

started=$SECONDS
# The script's own stdout and stderr, for finish(): a trap can run while a redirection of
# the interrupted command (`run ... >seed.log`) is still in force.
exec 3>&1 4>&2
stage="setting up"
stage_short=
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/mailcraft-fallback.XXXXXX")

say() { printf '==> fallback: %s\n' "$*"; }

times=()
mark=$SECONDS
begin() {  # begin STAGE: the stage now running (named if it fails); times the previous one
    [ "$stage" = "setting up" ] || times+=("$stage_short $((SECONDS - mark))s")
    stage=$1 stage_short=${2:-$1} mark=$SECONDS
}

tails() {  # the end of every log in the scratch folder, to see why a stage failed
    local log
    for log in "$SCRATCH"/*.log "$SCRATCH"/pg/postgres-*.log; do
        [ -s "$log" ] || continue
        # migrate's and seed's logs are long and only tell something when they failed.
        case ${log##*/} in migrate.log | seed.log)
            [ "${log##*/}" = "$stage_short.log" ] || continue ;;
        esac
        printf -- '---- last lines of %s\n' "${log#"$SCRATCH"/}" >&2
        tail -n 40 "$log" >&2 || true
    done
}

start_group() {  # start_group NAME COMMAND: a Procfile line in its own session -> $SCRATCH/NAME.*
    local name=$1 line=$2 i
    # setsid makes the bash below the leader of a new process group, whose id it writes
    # down: stopping that group stops every process the command forked.
    run setsid bash -c 'echo $$ >"$1"; eval "$2"' _ "$SCRATCH/$name.pid" "$line" \
        >"$SCRATCH/$name.log" 2>&1 &
    for i in $(seq 50); do
        [ -s "$SCRATCH/$name.pid" ] && return 0
        sleep 0.1
    done
    echo "$name did not start within 5 s" >&2
    return 1
}

group_alive() { [ -s "$SCRATCH/$1.pid" ] && kill -0 -- "-$(cat "$SCRATCH/$1.pid")" 2>/dev/null; }

stop_groups() {  # stop_groups NAME...: SIGINT to each group (Ctrl-C under `make run`), KILL after 20 s
    local name i alive
    for name in "$@"; do
        group_alive "$name" && kill -INT -- "-$(cat "$SCRATCH/$name.pid")" 2>/dev/null
    done
    # The worker's warm shutdown on the filesystem broker takes some 8 s; both at once.
    for i in $(seq 200); do
        alive=()
        for name in "$@"; do
            group_alive "$name" && alive+=("$name")
        done
        [ ${#alive[@]} -eq 0 ] && return 0
        sleep 0.1
    done
    for name in "${alive[@]}"; do
        say "$name did not stop within 20 s: killing it"
        kill -KILL -- "-$(cat "$SCRATCH/$name.pid")" 2>/dev/null || true
    done
}

stop_pg() {  # the scratch folder's embedded PostgreSQL, by services.py, else by its pid
    local pidfile pid
    [ -d "$SCRATCH/pg" ] || return 0
    run timeout --foreground 60 "$PY" scripts/services.py stop >/dev/null 2>&1 || true
    for pidfile in "$SCRATCH"/pg/data*/postmaster.pid; do
        [ -f "$pidfile" ] || continue
        pid=$(head -n 1 "$pidfile")
        # Only a postmaster of this scratch folder (a stale file's pid may be reused).
        grep -qF -- "$SCRATCH" "/proc/$pid/cmdline" 2>/dev/null || continue
        say "embedded PostgreSQL (pid $pid) still running: stopping it with SIGQUIT"
        kill -QUIT "$pid" 2>/dev/null || true
        sleep 1
    done
}

finish() {
    local rc=$?
    trap - EXIT INT TERM
    exec 1>&3 2>&4
    if [ "$rc" -ne 0 ]; then
        tails
    else
        begin "stopping" stopping
    fi
    stop_groups worker web
    stop_pg
    rm -rf "$SCRATCH"
    if [ "$rc" -eq 0 ]; then
        say "PASSED in $((SECONDS - started))s: embedded PostgreSQL, filesystem broker," \
            "locmem cache; migrate, seed, web, worker, sign-in and an import all worked" \
            "($(IFS=,; echo "${times[*]}" | sed 's/,/, /g'), stopping $((SECONDS - mark))s)"
    else
        printf '==> fallback: FAILED at "%s" (exit %s) after %ss\n' \
            "$stage" "$rc" "$((SECONDS - started))" >&2
    fi
    exit "$rc"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A clean environment: what the app reads comes from here and from the scratch env file.
keep=()
for name in $(compgen -e); do
    case $name in
        PATH | HOME | USER | LANG | LC_* | TMPDIR | PIP_* | SSL_CERT_* | REQUESTS_CA_BUNDLE | \
            http_proxy | https_proxy | no_proxy | HTTP_PROXY | HTTPS_PROXY | NO_PROXY)
            keep+=("$name=${!name}") ;;
    esac
done
WEB_PORT=$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
app_env=(
    "${keep[@]}"
    PATH="$ROOT/.venv/bin:$PATH"
    PYTHONUNBUFFERED=1
    MAILCRAFT_DATA_DIR="$SCRATCH"
    FORCE_EMBEDDED_PG=1 FORCE_FS_BROKER=1 FORCE_LOCMEM_CACHE=1
    # As `make run` does: DEBUG on (config/checks.py refuses an insecure production start).
    DJANGO_DEBUG=1
    BASE_DOMAIN=localhost
    MEDIA_ROOT="$SCRATCH/media"
    APP_PORT="$WEB_PORT"
)
run() { env -i "${app_env[@]}" "$@" 3>&- 4>&-; }

say "scratch folder $SCRATCH"
begin "services.py (embedded PostgreSQL, filesystem broker, locmem cache)" services
run timeout --foreground 300 "$PY" scripts/services.py
# What services.py chose, every key it writes, so that none comes from the checkout's
# .data/env (which the settings read too, below the environment).
keys=$(sed -n 's/^\([A-Z_][A-Z0-9_]*\)=.*/\1/p' "$SCRATCH/env")
# shellcheck disable=SC1091
. "$SCRATCH/env"
for key in $keys; do
    app_env+=("$key=${!key}")
done
case "$DATABASE_URL $CELERY_BROKER_URL $CACHE_URL" in
    "postgres://postgres@127.0.0.1:"*" filesystem:// locmemcache://") ;;
    *) echo "services.py did not pick the fallbacks: see $SCRATCH/env above" >&2; exit 1 ;;
esac

begin "manage.py migrate" migrate
run timeout --foreground 300 "$PY" manage.py migrate --noinput >"$SCRATCH/migrate.log" 2>&1
begin "manage.py seed_demo" seed
run timeout --foreground 120 "$PY" manage.py seed_demo --port "$WEB_PORT" >"$SCRATCH/seed.log" 2>&1
grep -q 'admin@demo.example' "$SCRATCH/seed.log"

begin "starting deploy/Procfile's web and worker" start
web_cmd=$(sed -n 's/^web: //p' deploy/Procfile)
worker_cmd=$(sed -n 's/^worker: //p' deploy/Procfile)
[ -n "$web_cmd" ] && [ -n "$worker_cmd" ]
start_group web "$web_cmd"
# Its own node name, so as not to clash with the worker of a `make run` on this machine.
start_group worker "$worker_cmd -n fallback@%h --concurrency 2"
say "web on 127.0.0.1:$WEB_PORT and worker started (pids $(cat "$SCRATCH/web.pid")," \
    "$(cat "$SCRATCH/worker.pid"))"

begin "sign-in and import over HTTP" "sign-in+import"
run "$PY" - "$WEB_PORT" "$(cat "$SCRATCH/web.pid")" "$(cat "$SCRATCH/worker.pid")" <<'PY'
"""The demo admin signs in, imports three profiles through the worker, finds them."""

import json
import os
import sys
import time
import urllib.error
import urllib.request
import uuid

port, web_pid, worker_pid = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
host = f"demo.localhost:{port}"
base = f"http://127.0.0.1:{port}"
token = None
t0 = time.monotonic()


def note(text: str) -> None:
    print(f"    {time.monotonic() - t0:5.1f}s  {text}", flush=True)


def alive(pgid: int, name: str) -> None:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        sys.exit(f"the {name} process has exited (its log is below)")


def call(method, path, body=None, content_type=None, origin=False):
    headers = {"Host": host, "Accept": "application/json"}
    if content_type:
        headers["Content-Type"] = content_type
    if origin:
        headers["Origin"] = f"http://{host}"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=body, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def expect(status, wanted, what, raw):
    if status != wanted:
        sys.exit(f"{what}: HTTP {status}, expected {wanted}: {raw[:500]!r}")
    return json.loads(raw) if raw else None


def wait_for(what, seconds, probe):
    deadline = time.monotonic() + seconds
    while True:
        result = probe()
        if result:
            return result
        if time.monotonic() > deadline:
            sys.exit(f"{what}: not done within {seconds} s")
        time.sleep(0.3)


def web_up():
    alive(web_pid, "web")
    try:
        return call("GET", "/api/getStatus")[0] > 0
    except OSError:
        return False


wait_for("the web server answering", 60, web_up)
note("web answers")

status, raw = call(
    "POST", "/api/auth/login",
    json.dumps({"email": "admin@demo.example", "password": "demo-password-1"}).encode(),
    "application/json", origin=True,
)
token = expect(status, 200, "sign-in as admin@demo.example", raw)["token"]
note("signed in as admin@demo.example")

domain = f"fallback-{uuid.uuid4().hex[:8]}.example"
emails = [f"{name}@{domain}" for name in ("ann", "bob", "cy")]
csv = ("Email,First Name\n" + "".join(f"{e},{e.split('@')[0].title()}\n" for e in emails))
boundary = uuid.uuid4().hex
form = (
    f'--{boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nsubscribers\r\n'
    f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.csv"\r\n'
    f"Content-Type: text/csv\r\n\r\n{csv}\r\n--{boundary}--\r\n"
).encode()
status, raw = call("POST", "/api/mm/imports", form, f"multipart/form-data; boundary={boundary}")
record = expect(status, 201, "upload the CSV", raw)
status, raw = call(
    "POST", f"/api/mm/imports/{record['id']}/start",
    json.dumps({"mapping": {"0": "emailId", "1": "firstName"}}).encode(), "application/json",
)
job_id = expect(status, 202, "start the import", raw)["jobId"]
note(f"import {record['id']} of {len(emails)} rows started as job {job_id}")


def job_state():
    alive(worker_pid, "worker")
    status, raw = call("GET", f"/api/mm/jobs/{job_id}")
    job = expect(status, 200, f"job {job_id}", raw)
    if job["status"] in ("Failed", "Cancelled"):
        sys.exit(f"job {job_id} ended {job['status']}: {job['message']}")
    return job if job["status"] == "Completed" else None


job = wait_for(f"job {job_id} Completed (the worker takes it from the filesystem broker)", 90,
               job_state)
if job["succeeded"] != len(emails) or job["failed"]:
    sys.exit(f"job {job_id}: {job['succeeded']} succeeded, {job['failed']} failed, "
             f"expected {len(emails)} and 0")
status, raw = call("GET", f"/api/mm/profiles?search={domain}")
found = sorted(item["email"] for item in expect(status, 200, "list the profiles", raw)["items"])
if found != sorted(emails):
    sys.exit(f"profiles found {found}, expected {sorted(emails)}")
note(f"job {job_id} Completed; the {len(emails)} profiles are listed")
PY
# The job ran in the worker, not eagerly in the web process.
grep -q 'Task audience.profile_import_run\[.*\] succeeded' "$SCRATCH/worker.log" || {
    echo "the import did not run in the worker: worker.log has no profile_import_run" >&2
    exit 1
}
