"""Fixtures shared by the marketing suites: a media folder of the session's own, and a
real Celery worker (`celery -A config worker -P solo`) on the pytest-django test database,
listening on a queue of its own so parallel runs never take each other's messages."""

import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings

from tests.support.celery_worker import (
    celery_queue_delete,
    celery_worker_start,
    celery_worker_stop,
    tasks_routed_to,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session", autouse=True)
def _media_root(tmp_path_factory):
    folder = tmp_path_factory.mktemp("media")
    previous = settings.MEDIA_ROOT
    settings.MEDIA_ROOT = str(folder)
    yield folder
    settings.MEDIA_ROOT = previous


def _database_url() -> str:
    db = settings.DATABASES["default"]
    auth = quote(db.get("USER") or "postgres", safe="")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"], safe="")
    return (
        f"postgres://{auth}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"
    )


@pytest.fixture(scope="session")
def celery_worker(django_db_setup, _media_root):
    """Yields the queue name; tasks sent from this process go to it while it runs."""
    queue = f"test-{uuid.uuid4().hex}"
    process = celery_worker_start(
        queue,
        DATABASE_URL=_database_url(),  # the test database, created by django_db_setup
        CELERY_TASK_ALWAYS_EAGER="0",
        MEDIA_ROOT=str(_media_root),
        IMPORT_CHUNK_ROWS="200",
        # The worker's imports take the large-file paths: rows checked by two processes,
        # applied in bulk with the indexes built on two connections after the commit.
        IMPORT_PARALLEL_MIN_BYTES="0",
        IMPORT_BULK_MIN_ROWS="1",
        CACHE_KEY_PREFIX=f"worker-{queue}",
        DB_CONN_MAX_AGE="0",
    )
    try:
        with tasks_routed_to(queue):
            yield queue
    finally:
        celery_worker_stop(process)
        celery_queue_delete(queue)
