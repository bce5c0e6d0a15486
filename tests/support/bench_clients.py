"""What several benches need around their own client: a fresh client schema (the one a
previous run left dropped first), its removal, and a Celery worker's first answer."""

from __future__ import annotations

import socket
import subprocess
import time

from django.db import connection


def bench_client_fresh(schema: str, name: str, domain: str | None = None):
    """A new client in `schema`, after dropping the one an interrupted run may have left."""
    from tenants.models import Client
    from tenants.services import client_create

    connection.set_schema_to_public()
    old = Client.objects.filter(schema_name=schema).first()
    if old is not None:
        bench_client_drop(old)
    return client_create(name=name, schema_name=schema, domain=domain or f"{schema}.localhost")


def bench_client_drop(client) -> None:
    """The client and its schema."""
    connection.set_schema_to_public()
    client.auto_drop_schema = True
    client.delete(force_drop=True)


def worker_answering(node: str, worker: subprocess.Popen, seconds: float = 90) -> None:
    """Until the worker named `node` on this host answers a ping (it refuses to start when
    its node name is taken); an error if it exits first or stays silent for `seconds`."""
    from config.celery import app

    full = f"{node}@{socket.gethostname()}"
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if worker.poll() is not None:
            raise RuntimeError(f"worker {full} exited ({worker.returncode}) before it was ready")
        if app.control.ping(destination=[full], timeout=1):
            return
    raise RuntimeError(f"worker {full} did not answer within {seconds:.0f} s")
