"""Fixtures shared by the marketing suites: a media folder of the session's own, the
connection in alpha's schema (in_alpha), API callers signed in as alpha's admin, user and
member without marketing access and as beta's admin, and a
real Celery worker (`celery -A config worker -P solo`) on the pytest-django test database,
listening on a queue of its own so parallel runs never take each other's messages; a fake DNS
server (tests/support/dns_server.py) and an S3-compatible server (moto)."""

import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from moto.server import ThreadedMotoServer

from marketing.workflows.engine.triggers import triggers_forget
from tests.support.celery_worker import (
    celery_queue_delete,
    celery_worker_start,
    celery_worker_stop,
    tasks_routed_to,
    worker_env_on_test_db,
)
from tests.support.dns_server import FakeDNSServer
from tests.support.http_api import Api

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _workflow_triggers_fresh():
    """Each process keeps the published workflow triggers until a commit says they changed;
    a test's publish is rolled back, never committed, so its copy is forgotten around every
    test (a form, a segment or an import test may publish a workflow too)."""
    triggers_forget()
    yield
    triggers_forget()


@pytest.fixture(scope="session", autouse=True)
def _media_root(tmp_path_factory):
    folder = tmp_path_factory.mktemp("media")
    previous = settings.MEDIA_ROOT
    settings.MEDIA_ROOT = str(folder)
    yield folder
    settings.MEDIA_ROOT = previous


@pytest.fixture(scope="session")
def celery_worker(django_db_setup, _media_root):
    """Yields the queue name; tasks sent from this process go to it while it runs."""
    queue = f"test-{uuid.uuid4().hex}"
    env = worker_env_on_test_db(  # on the test database, created by django_db_setup
        queue,
        MEDIA_ROOT=str(_media_root),
        IMPORT_CHUNK_ROWS="200",
        # The worker's imports take the large-file paths: rows checked by two processes,
        # applied in bulk with the indexes built on two connections after the commit.
        IMPORT_PARALLEL_MIN_BYTES="0",
        IMPORT_BULK_MIN_ROWS="1",
    )
    process = celery_worker_start(queue, **env)
    try:
        with tasks_routed_to(queue):
            yield queue
    finally:
        celery_worker_stop(process)
        celery_queue_delete(queue)


@pytest.fixture
def in_alpha(alpha):
    """The connection in alpha's schema for the whole test (reset by the autouse fixture)."""
    connection.set_tenant(alpha.client)
    return alpha


@pytest.fixture
def admin_api(alpha):
    return Api(alpha, alpha.admin.email)


@pytest.fixture
def user_api(alpha):
    return Api(alpha, alpha.user.email)


@pytest.fixture
def nomkm_api(alpha):
    return Api(alpha, alpha.no_mkm.email)


@pytest.fixture
def beta_api(beta):
    """beta's admin; `beta_api.on(alpha)` sends beta's token to alpha's host."""
    return Api(beta, beta.admin.email)


@pytest.fixture
def dns_server(settings):
    """A DNS server answering from `dns_server.records` (edit it in the test), asked by the
    senders' resolver (sender, tracking and page domains)."""
    with FakeDNSServer({}) as server:
        settings.SENDERS_DNS_NAMESERVERS = [server.address]
        settings.SENDERS_DNS_TIMEOUT = 1.0
        yield server


@pytest.fixture(scope="session")
def s3_server():
    """A real S3-compatible server (moto in server mode, on the loopback): its address."""
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    yield f"http://{host}:{port}"
    server.stop()
