"""A real Celery worker subprocess for tests and benchmarks: one solo worker consuming one
queue of its own (PRIVATE_TASK_QUEUE routes every task there, the named queues included),
under a node name of its own, so parallel runs and a `make run` on the same machine never
take each other's messages nor clash on the broker's control queue."""

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]


def celery_worker_start(
    queue: str, loglevel: str = "warning", *, node: str = "", **env: str
) -> subprocess.Popen:
    """A worker consuming only `queue`, as node `<node or queue>@<host>`."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "-P",
            "solo",
            "-Q",
            queue,
            # celery@<host> is what `make run` and any other worker default to: RabbitMQ
            # lets one of them hold its control queue and refuses the next (RESOURCE_LOCKED).
            "-n",
            f"{node or queue}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "-l",
            loglevel,
        ],
        cwd=ROOT,
        env=dict(os.environ, PRIVATE_TASK_QUEUE=queue, **env),
    )


def worker_env_on_test_db(queue: str, sink=None, **extra: str) -> dict[str, str]:
    """What a worker on `queue` needs to run this test process's tasks: the test database,
    tasks really queued, a cache prefix of its own, no connection kept across tasks, and
    mail delivered to `sink` (an SmtpSink) when there is one. `extra` adds or overrides."""
    env = {
        "DATABASE_URL": worker_database_url(),
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "CACHE_KEY_PREFIX": f"worker-{queue}",
        "DB_CONN_MAX_AGE": "0",
    }
    if sink is not None:
        env.update(DELIVERY_SMTP_HOST=sink.host, DELIVERY_SMTP_PORT=str(sink.port))
    return {**env, **extra}


def celery_worker_stop(process: subprocess.Popen, timeout: float = 15) -> None:
    """Warm shutdown, then a kill; never waits longer than `timeout` + 5 s."""
    process.terminate()
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


@contextmanager
def tasks_routed_to(queue: str) -> Iterator[None]:
    """While it lasts, every task this process sends goes to `queue` (the private worker's),
    whatever its route in TASK_QUEUES."""
    from config.celery import app

    previous = {
        "task_routes": app.conf.task_routes,
        "task_default_queue": app.conf.task_default_queue,
    }
    # conf.update (not attribute assignment) makes Celery rebuild its router.
    app.conf.update(task_routes={"*": {"queue": queue}}, task_default_queue=queue)
    try:
        yield
    finally:
        app.conf.update(**previous)


def celery_queue_delete(queue: str) -> None:
    """The queue was declared durable on first publish; remove it (best effort)."""
    from config.celery import app

    try:
        with app.connection_for_write(connect_timeout=5) as connection:
            connection.ensure_connection(max_retries=1)
            connection.default_channel.queue_delete(queue)
    except Exception:  # noqa: BLE001 - best effort
        pass


def celery_queue_idle(queue: str, workers: int) -> bool:
    """Nothing waits in `queue` and each of its `workers` (nodes named after it) answers
    that it holds no task: none running, prefetched or waiting for its ETA. A solo worker
    busy with a task cannot answer, which counts as not idle."""
    from config.celery import app

    with app.connection_for_write(connect_timeout=5) as connection:
        _, ready, _consumers = connection.default_channel.queue_declare(queue, passive=True)
    if ready:
        return False
    inspect = app.control.inspect(timeout=1.0)
    for reply in (inspect.active(), inspect.reserved(), inspect.scheduled()):
        mine = {node: held for node, held in (reply or {}).items() if node.startswith(queue)}
        if len(mine) < workers or any(mine.values()):
            return False
    return True


def worker_database_url() -> str:
    db = settings.DATABASES["default"]
    auth = quote(db.get("USER") or "postgres", safe="")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"], safe="")
    return (
        f"postgres://{auth}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"
    )
