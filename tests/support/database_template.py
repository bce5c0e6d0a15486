"""One migrated database per state of the migrations, copied for every test database.

Every test database (one per xdist worker, for the unit suite and again for the browser
suite) used to run every migration of the public schema and of the tenant template schema
(tests/support/tenant_template.py): four times per `make test`, about a minute and a half
each on a busy 2-core machine. Now the first test process that needs it migrates a
template database, named after a digest of every migration file (and of this module and
the tenant template's), and each test database is created as a copy of it (PostgreSQL's
CREATE DATABASE ... TEMPLATE, Django's TEST["TEMPLATE"]). Django's own set-up still runs
`migrate` on the copy, which finds nothing to apply. Two processes asking at once take a
PostgreSQL advisory lock, so one builds and the other waits. A template left by an older
state of the migrations is dropped when a new one is built.

Run as a module (`python -m tests.support.database_template NAME`) it migrates database NAME,
with production settings, as the template: the public schema, then the tenant template."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[2]
_PACKAGES = ("config", "core", "tenants", "billing", "marketing")
_LOCK = "mailcraft test database template"


def _digest() -> str:
    versions = " ".join(metadata.version(name) for name in ("django", "django-tenants"))
    digest = hashlib.sha256(versions.encode())
    files = [Path(__file__), ROOT / "tests/support/tenant_template.py"]
    files += [ROOT / "tenants/schema_template.py", ROOT / "tenants/workspace_defaults.py"]
    for package in _PACKAGES:
        files += sorted((ROOT / package).glob("**/migrations/*.py"))
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _url(db: dict, name: str) -> str:
    auth = quote(db.get("USER") or "postgres", safe="")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"], safe="")
    return f"postgres://{auth}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{name}"


def database_template_ensure(db: dict) -> str:
    """The name of the migrated template for database settings `db`, built if missing."""
    import psycopg
    from psycopg import sql

    base = db["NAME"]
    prefix = f"{base}_tmpl_"
    name = f"{prefix}{_digest()}"
    building = f"{name}_building"
    with psycopg.connect(_url(db, "postgres"), autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(hashtext(%s))", [_LOCK])
        try:
            exists = "SELECT 1 FROM pg_database WHERE datname = %s"
            if conn.execute(exists, [name]).fetchone():
                return name
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(building)))
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(building)))
            env = {**os.environ, "DATABASE_URL": _url(db, building)}
            subprocess.run(
                [sys.executable, "-m", "tests.support.database_template", building],
                cwd=ROOT,
                env=env,
                check=True,
            )
            stale = conn.execute(
                "SELECT datname FROM pg_database WHERE datname LIKE %s AND datname <> %s",
                [f"{prefix}%", building],
            ).fetchall()
            for (old,) in stale:
                conn.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(old)))
            conn.execute(
                sql.SQL("ALTER DATABASE {} RENAME TO {}").format(
                    sql.Identifier(building), sql.Identifier(name)
                )
            )
            return name
        finally:
            conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", [_LOCK])


def _migrate() -> None:
    """In a process of its own, on the database DATABASE_URL names."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django
    from django.core.management import call_command
    from django.db import connections

    django.setup()
    call_command("migrate", interactive=False, run_syncdb=True, verbosity=0)
    from tests.support.tenant_template import tenant_template_use

    tenant_template_use()
    connections.close_all()


if __name__ == "__main__":
    _migrate()
