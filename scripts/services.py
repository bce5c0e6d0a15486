"""Find (or start) the services mailcraft needs and write the choice to .data/env.

    python scripts/services.py          # detect / start, write .data/env
    python scripts/services.py stop     # stop the embedded PostgreSQL, if one runs

Order of preference, for each service:
  PostgreSQL  DATABASE_URL (or postgres://postgres@127.0.0.1:5432/mailcraft) if it answers,
              else an embedded server from the pgserver wheel, data under .data/pg
  broker      CELERY_BROKER_URL (or amqp://guest:guest@127.0.0.1:5672//) if it answers,
              else kombu's filesystem:// transport under .data/broker
  cache       CACHE_URL (or redis://127.0.0.1:6379/0) if it answers, else locmemcache://

FORCE_EMBEDDED_PG=1, FORCE_FS_BROKER=1 and FORCE_LOCMEM_CACHE=1 skip the detection, to try
the fallbacks on a machine that has the real services.

Runs with the project's venv python (it needs psycopg, kombu and redis from pyproject.toml).
"""

from __future__ import annotations

import importlib.util
import os
import pwd
import shlex
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / ".data"
ENV_FILE = DATA / "env"
PG_DIR = DATA / "pg"
PGDATA = PG_DIR / "data"
PG_LOG = PG_DIR / "postgres.log"
PG_PORT_FILE = PG_DIR / "port"
BROKER_DIR = DATA / "broker"

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/mailcraft"
DEFAULT_BROKER_URL = "amqp://guest:guest@127.0.0.1:5672//"
DEFAULT_CACHE_URL = "redis://127.0.0.1:6379/0"
# initdb refuses to run as root, so as root the embedded server runs as this user. The name
# is the one pgserver itself uses, so a server started by either is owned the same way.
PG_SYSTEM_USER = "pgserver"


def say(msg: str) -> None:
    print(f"services: {msg}", flush=True)


def flag(name: str) -> bool:
    return os.environ.get(name, "").lower() in ("1", "true", "yes")


def port_open(host: str, port: int, timeout: float = 1.0) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


# ---------------------------------------------------------------- PostgreSQL


def _pg_connect(url: str, dbname: str | None = None):
    import psycopg

    parts = urlsplit(url)
    if dbname is not None:
        parts = parts._replace(path="/" + dbname)
    # psycopg understands postgresql:// only; django-environ accepts both spellings.
    conninfo = urlunsplit(parts._replace(scheme="postgresql"))
    return psycopg.connect(conninfo, connect_timeout=3, autocommit=True)


def ensure_database(url: str) -> None:
    """Create the database named in url if the server answers but it does not exist yet."""
    import psycopg

    dbname = urlsplit(url).path.lstrip("/") or "postgres"
    try:
        _pg_connect(url).close()
        return
    except psycopg.OperationalError as exc:
        if "does not exist" not in str(exc):
            raise
    with _pg_connect(url, "postgres") as conn:
        conn.execute(f'CREATE DATABASE "{dbname}"')
    say(f"created database {dbname}")


def pg_reachable(url: str) -> bool:
    import psycopg

    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 5432
    # A quick TCP probe first: psycopg's own timeout is slower to give up on a closed port.
    if not port_open(host, port):
        return False
    try:
        ensure_database(url)
        return True
    except psycopg.Error as exc:
        say(f"PostgreSQL at {host}:{port} did not accept us: {str(exc).strip()}")
        return False


def pg_bin_dir() -> Path:
    """The PostgreSQL binaries shipped in the pgserver wheel, installing the wheel if needed.

    Only the binaries are used: pgserver's own start-up listens on a Unix socket alone and
    stops the server when the starting process exits, while the web, worker and tests need
    a TCP port that outlives this script.
    """
    spec = importlib.util.find_spec("pgserver")
    if spec is None:
        say("installing the embedded PostgreSQL wheel: pip install -e '.[embedded]'")
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "-q",
             "-e", f"{ROOT}[embedded]"],
            check=True,
        )
        importlib.invalidate_caches()
        spec = importlib.util.find_spec("pgserver")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("services: pgserver is installed but could not be located")
    return Path(list(spec.submodule_search_locations)[0]) / "pginstall" / "bin"


def _as_pg_user() -> dict:
    """subprocess arguments that drop root to PG_SYSTEM_USER (postgres refuses to run as root)."""
    if os.geteuid() != 0:
        return {}
    try:
        entry = pwd.getpwnam(PG_SYSTEM_USER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
             PG_SYSTEM_USER],
            check=True,
        )
        entry = pwd.getpwnam(PG_SYSTEM_USER)
    return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}


def _make_traversable(path: Path) -> None:
    """Let the unprivileged postgres user reach path: add o+x to any parent that lacks it."""
    for parent in [path, *path.parents]:
        mode = parent.stat().st_mode
        if not mode & 0o001:
            say(f"chmod o+x {parent} (so the '{PG_SYSTEM_USER}' user can reach {path})")
            parent.chmod(mode | 0o001)


def _running_embedded_port() -> int | None:
    """Port of the embedded server if one is running on PGDATA."""
    pidfile = PGDATA / "postmaster.pid"
    if not pidfile.exists():
        return None
    lines = pidfile.read_text().splitlines()
    try:
        pid, port = int(lines[0]), int(lines[3])
        os.kill(pid, 0)
    except (IndexError, ValueError, ProcessLookupError, PermissionError):
        return None
    return port if port_open("127.0.0.1", port) else None


def _free_port(preferred: int) -> int:
    for port in range(preferred, preferred + 100):
        if not port_open("127.0.0.1", port, timeout=0.2):
            return port
    sys.exit("services: no free port for the embedded PostgreSQL")


def start_embedded_pg(dbname: str) -> str:
    port = _running_embedded_port()
    if port is not None:
        say(f"embedded PostgreSQL already running on 127.0.0.1:{port}")
    else:
        bindir = pg_bin_dir()
        as_user = _as_pg_user()
        PG_DIR.mkdir(parents=True, exist_ok=True)
        if as_user:
            _make_traversable(bindir)
            _make_traversable(PG_DIR)
            shutil.chown(PG_DIR, as_user["user"], as_user["group"])
        if not (PGDATA / "PG_VERSION").exists():
            say(f"initdb {PGDATA.relative_to(ROOT)}")
            subprocess.run(
                [bindir / "initdb", "-D", PGDATA, "-U", "postgres", "--auth=trust",
                 "--encoding=UTF8", "--no-locale"],
                check=True, stdout=subprocess.DEVNULL, **as_user,
            )
        # Keep the port across restarts so .data/env and open shells stay valid; 5433 keeps
        # clear of a system server on 5432.
        wanted = int(PG_PORT_FILE.read_text()) if PG_PORT_FILE.exists() else 5433
        port = _free_port(wanted)
        # No Unix socket: its path would live under the repo and can exceed the 107-byte
        # limit in deep checkouts; everything connects over TCP.
        options = f"-h 127.0.0.1 -p {port} -k ''"
        say(f"starting embedded PostgreSQL on 127.0.0.1:{port} (log: {PG_LOG.relative_to(ROOT)})")
        result = subprocess.run(
            [bindir / "pg_ctl", "-D", PGDATA, "-l", PG_LOG, "-w", "-t", "60", "-o", options,
             "start"],
            stdout=subprocess.DEVNULL, **as_user,
        )
        if result.returncode != 0:
            if PG_LOG.exists():
                print(PG_LOG.read_text()[-3000:], file=sys.stderr)
            sys.exit("services: the embedded PostgreSQL did not start (log above)")
        PG_PORT_FILE.write_text(str(port))
    url = f"postgres://postgres@127.0.0.1:{port}/{dbname}"
    ensure_database(url)
    return url


def stop_embedded_pg() -> None:
    if _running_embedded_port() is None:
        say("no embedded PostgreSQL is running")
        return
    subprocess.run(
        [pg_bin_dir() / "pg_ctl", "-D", PGDATA, "-w", "-m", "fast", "stop"],
        check=True, **_as_pg_user(),
    )
    say("embedded PostgreSQL stopped")


def choose_database() -> str:
    url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    dbname = urlsplit(url).path.lstrip("/") or "mailcraft"
    if flag("FORCE_EMBEDDED_PG"):
        say("FORCE_EMBEDDED_PG set: using the embedded PostgreSQL")
    elif pg_reachable(url):
        return url
    else:
        say(f"no PostgreSQL at {_redact(url)}: using an embedded one")
    return start_embedded_pg(dbname)


# ---------------------------------------------------------------- broker and cache


def broker_reachable(url: str) -> bool:
    from kombu import Connection

    parts = urlsplit(url)
    if not port_open(parts.hostname or "127.0.0.1", parts.port or 5672):
        return False
    try:
        with Connection(url, connect_timeout=3) as conn:
            conn.ensure_connection(max_retries=1)
        return True
    except Exception as exc:  # noqa: BLE001 - any failure means "use the fallback"
        say(f"broker at {_redact(url)} did not accept us: {exc}")
        return False


def choose_broker() -> dict[str, str]:
    url = os.environ.get("CELERY_BROKER_URL") or DEFAULT_BROKER_URL
    if url.startswith("filesystem://"):
        pass
    elif flag("FORCE_FS_BROKER"):
        say("FORCE_FS_BROKER set: using the filesystem broker")
    elif broker_reachable(url):
        return {"CELERY_BROKER_URL": url}
    else:
        say(f"no broker at {_redact(url)}: using kombu's filesystem:// transport")
    folder = Path(os.environ.get("CELERY_BROKER_FOLDER") or BROKER_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    return {"CELERY_BROKER_URL": "filesystem://", "CELERY_BROKER_FOLDER": str(folder)}


def cache_reachable(url: str) -> bool:
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2).ping()
        return True
    except redis.RedisError:
        return False


def choose_cache() -> str:
    url = os.environ.get("CACHE_URL") or DEFAULT_CACHE_URL
    if not url.startswith(("redis://", "rediss://")):
        return url
    if flag("FORCE_LOCMEM_CACHE"):
        say("FORCE_LOCMEM_CACHE set: using locmemcache://")
    elif cache_reachable(url):
        return url
    else:
        say(f"no Redis at {_redact(url)}: using locmemcache:// (per process)")
    return "locmemcache://"


# ---------------------------------------------------------------- main


def _redact(url: str) -> str:
    parts = urlsplit(url)
    if parts.password:
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
        return urlunsplit(parts._replace(netloc=netloc))
    return url


def write_env(values: dict[str, str]) -> None:
    DATA.mkdir(exist_ok=True)
    lines = ["# Written by scripts/services.py (make services); sourced by the Makefile.\n"]
    lines += [f"{key}={shlex.quote(value)}\n" for key, value in values.items()]
    tmp = ENV_FILE.with_suffix(".tmp")
    tmp.write_text("".join(lines))
    tmp.replace(ENV_FILE)


def main(argv: list[str]) -> int:
    if argv[1:] == ["stop"]:
        stop_embedded_pg()
        return 0
    if argv[1:]:
        print(__doc__)
        return 2
    values = {"DATABASE_URL": choose_database(), **choose_broker(), "CACHE_URL": choose_cache()}
    write_env(values)
    say(f"wrote {ENV_FILE.relative_to(ROOT)}:")
    for key, value in values.items():
        print(f"    {key}={_redact(value)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
