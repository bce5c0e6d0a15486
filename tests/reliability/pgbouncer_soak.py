"""`make reliability` (not part of `make test`): which PgBouncer pool mode keeps every
client's statements in its own schema.

django-tenants chooses a client's schema with `SET search_path`, a setting of the database
session. PgBouncer in transaction mode hands a server connection to another client after
every transaction, session settings and all, so a statement can run under the search_path
another client set. In session mode a server connection serves one client connection until
it closes, and is reset (DISCARD ALL) before the next one gets it.

The soak: a scratch database with two client schemas, each holding a `tagged` table; one
PgBouncer on a loopback port (a temporary folder of its own) per pool mode; for each, two
client processes (one per schema) run our own stack (config.settings, the django-tenants
backend) through it from many threads for a bounded time: each "request" selects its
schema as the tenant middleware does, inserts rows tagged with that schema, and closes its
connection (DB_CONN_MAX_AGE=0, the setting that suits a pooler). Then, straight from
PostgreSQL, the rows found in the wrong schema are counted. Session mode must find none
(exit status 1 otherwise); transaction mode's count is reported, not judged: it shows the
hazard. Every wait has a deadline.

PgBouncer comes from Debian's package: installed here (apt-get, as root) when missing.

    SOAK_SECONDS=15 SOAK_THREADS=8 SOAK_POOL_SIZE=4 python tests/reliability/pgbouncer_soak.py
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ("soak_alpha", "soak_beta")
MODES = ("session", "transaction")
STATEMENTS_PER_REQUEST = 4
SECONDS = float(os.environ.get("SOAK_SECONDS", "15"))
THREADS = int(os.environ.get("SOAK_THREADS", "8"))  # per client process
POOL_SIZE = int(os.environ.get("SOAK_POOL_SIZE", "4"))  # server connections per pool


def log(message: str) -> None:
    print(f"# {message}", file=sys.stderr, flush=True)


def run(command: list[str], timeout: float, **kwargs) -> subprocess.CompletedProcess:
    log("$ " + " ".join(command))
    return subprocess.run(command, timeout=timeout, check=True, text=True, **kwargs)


# --- PgBouncer -----------------------------------------------------------------------------


def pgbouncer_binary() -> str:
    """PgBouncer's path; installs Debian's package when it is missing."""
    for candidate in (shutil.which("pgbouncer"), "/usr/sbin/pgbouncer"):
        if candidate and Path(candidate).exists():
            return candidate
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        raise SystemExit("pgbouncer is missing; install it as root: apt-get install -y pgbouncer")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update"], timeout=600, env=env, stdout=subprocess.DEVNULL)
    policy = run(["apt-cache", "policy", "pgbouncer"], timeout=60, capture_output=True).stdout
    log(policy.strip())
    if "Candidate: (none)" in policy or "Candidate:" not in policy:
        raise SystemExit("no pgbouncer package in this machine's apt sources")
    run(["apt-get", "install", "-y", "--no-install-recommends", "pgbouncer"], timeout=900, env=env)
    return "/usr/sbin/pgbouncer"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def pgbouncer(binary: str, mode: str, target, database: str):
    """A PgBouncer in `mode` on a free loopback port, in a folder of its own; yields the port."""
    folder = Path(tempfile.mkdtemp(prefix=f"pgbouncer-{mode}-"))
    folder.chmod(0o777)  # it drops root for `nobody`, who writes its log here
    port = free_port()
    auth = f" user={unquote(target.username or 'postgres')}"
    if target.password:
        auth += f" password={unquote(target.password)}"
    (folder / "pgbouncer.ini").write_text(
        f"""[databases]
soak = host={target.hostname or "127.0.0.1"} port={target.port or 5432} dbname={database}{auth}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {port}
unix_socket_dir =
auth_type = any
pool_mode = {mode}
default_pool_size = {POOL_SIZE}
max_client_conn = 500
query_wait_timeout = 30
ignore_startup_parameters = extra_float_digits
logfile = {folder}/pgbouncer.log
"""
    )
    command = [binary, "-q", str(folder / "pgbouncer.ini")]
    if os.geteuid() == 0:  # PgBouncer refuses to run as root
        command[1:1] = ["-u", "nobody"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 15
        while True:
            if process.poll() is not None:
                raise SystemExit(f"pgbouncer exited: {process.stderr.read().decode()}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            if time.monotonic() > deadline:
                raise SystemExit(f"pgbouncer did not listen on {port} within 15 s")
            time.sleep(0.1)
        log(f"pgbouncer {mode} mode on 127.0.0.1:{port} (pool of {POOL_SIZE})")
        yield port
    finally:
        process.terminate()  # SIGTERM: immediate shutdown
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        shutil.rmtree(folder, ignore_errors=True)


# --- the scratch database -------------------------------------------------------------------


def admin_connect(target, dbname: str):
    import psycopg

    return psycopg.connect(
        host=target.hostname or "127.0.0.1",
        port=target.port or 5432,
        user=unquote(target.username or "postgres"),
        password=unquote(target.password) if target.password else None,
        dbname=dbname,
        autocommit=True,
        connect_timeout=10,
    )


def database_create(target, name: str) -> None:
    with admin_connect(target, "postgres") as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    with admin_connect(target, name) as conn:
        for schema in SCHEMAS:
            conn.execute(f"CREATE SCHEMA {schema}")
            conn.execute(
                f"CREATE TABLE {schema}.tagged (id bigserial PRIMARY KEY, client text NOT NULL,"
                " thread integer NOT NULL, n integer NOT NULL)"
            )


def database_drop(target, name: str) -> None:
    with admin_connect(target, "postgres") as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def rows_count(target, name: str) -> dict:
    """Straight from PostgreSQL: rows per schema, and those another client wrote there."""
    with admin_connect(target, name) as conn:
        rows = wrong = 0
        for schema in SCHEMAS:
            total, foreign = conn.execute(
                f"SELECT count(*), count(*) FILTER (WHERE client <> %s) FROM {schema}.tagged",
                [schema],
            ).fetchone()
            rows += total
            wrong += foreign
            conn.execute(f"TRUNCATE {schema}.tagged")
    return {"rows": rows, "wrong_schema": wrong}


# --- one client: our stack through the pooler -----------------------------------------------


def client_run(schema: str, seconds: float, threads: int) -> dict:
    """Many threads, each a stream of requests in `schema` (DATABASE_URL: the pooler)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection

    counts: Counter = Counter()
    errors: Counter = Counter()
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def requests(index: int) -> None:
        done = 0
        while time.monotonic() < deadline:
            try:
                connection.set_schema(schema)  # what TenantMainMiddleware does per request
                for n in range(STATEMENTS_PER_REQUEST):
                    # A cursor per statement, as the ORM opens them: django-tenants sets the
                    # search_path for it, then the statement runs (two transactions).
                    with connection.cursor() as cursor:
                        cursor.execute(
                            "INSERT INTO tagged (client, thread, n) VALUES (%s, %s, %s)",
                            [schema, index, n],
                        )
                    done += 1
            except Exception as exc:  # noqa: BLE001 - counted and reported
                with lock:
                    errors[f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}"] += 1
            finally:
                connection.close()  # the end of a request under DB_CONN_MAX_AGE=0
        with lock:
            counts["statements"] += done

    workers = [threading.Thread(target=requests, args=(i,), daemon=True) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=seconds + 60)
    stuck = sum(worker.is_alive() for worker in workers)
    return {
        "schema": schema,
        "statements": counts["statements"],
        "errors": dict(errors),
        "stuck_threads": stuck,
    }


def clients_run(port: int, database: str) -> list[dict]:
    url = f"postgres://postgres@127.0.0.1:{port}/soak?connect_timeout=10"
    env = {**os.environ, "DATABASE_URL": url, "DB_CONN_MAX_AGE": "0"}
    env.setdefault("SECRET_KEY", "soak-" + uuid.uuid4().hex * 2)
    processes = [
        subprocess.Popen(
            [sys.executable, __file__, "--client", schema, "--seconds", str(SECONDS)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for schema in SCHEMAS
    ]
    results = []
    for process in processes:
        try:
            out, _ = process.communicate(timeout=SECONDS + 120)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate(timeout=10)
            raise SystemExit("a soak client did not finish in time") from None
        if process.returncode != 0:
            raise SystemExit(f"a soak client failed (exit {process.returncode})")
        results.append(json.loads(out.strip().splitlines()[-1]))
    return results


def main() -> int:
    target = urlsplit(os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/x"))
    binary = pgbouncer_binary()
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=10)
    log(version.stdout.splitlines()[0] if version.stdout else binary)
    database = f"mailcraft_soak_{uuid.uuid4().hex[:8]}"
    database_create(target, database)
    figures = []
    try:
        for mode in MODES:
            with pgbouncer(binary, mode, target, database) as port:
                started = time.monotonic()
                clients = clients_run(port, database)
                elapsed = time.monotonic() - started
            found = rows_count(target, database)
            errors = sum(sum(client["errors"].values()) for client in clients)
            figure = {
                "reliability": "pgbouncer_search_path",
                "pool_mode": mode,
                "wrong_schema": found["wrong_schema"],
                "rows": found["rows"],
                "statements_ok": sum(client["statements"] for client in clients),
                "request_errors": errors,
                "error_kinds": sorted({k for c in clients for k in c["errors"]})[:5],
                "stuck_threads": sum(client["stuck_threads"] for client in clients),
                "threads": THREADS * len(SCHEMAS),
                "pool_size": POOL_SIZE,
                "seconds": round(elapsed, 1),
            }
            figures.append(figure)
            print(json.dumps(figure), flush=True)
    finally:
        database_drop(target, database)
    session = figures[0]
    ok = (
        session["wrong_schema"] == 0
        and session["request_errors"] == 0
        and session["stuck_threads"] == 0
        and session["rows"] > 0
    )
    transaction = figures[1]
    log(
        f"session mode: {session['wrong_schema']} of {session['rows']} rows in the wrong schema"
        f" ({'PASS' if ok else 'FAIL'}); transaction mode: {transaction['wrong_schema']} of"
        f" {transaction['rows']} rows in the wrong schema, {transaction['request_errors']}"
        " failed requests (the hazard, reported only)"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--client", choices=SCHEMAS)
    parser.add_argument("--seconds", type=float, default=SECONDS)
    args = parser.parse_args()
    if args.client:
        print(json.dumps(client_run(args.client, args.seconds, THREADS)), flush=True)
        sys.exit(0)
    sys.exit(main())
