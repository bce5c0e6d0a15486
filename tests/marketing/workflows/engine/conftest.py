"""Engine test fixtures: trigger caches forgotten around each test, a client schema with
tasks sent for real (helpers: tests/support/workflow_engine.py)."""

import pytest

from marketing.workflows.engine.triggers import triggers_forget
from tests.support.tenants import in_schema


@pytest.fixture(autouse=True)
def _triggers_fresh():
    triggers_forget()
    yield
    triggers_forget()


@pytest.fixture
def client_schema(alpha, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with in_schema(alpha):
        yield alpha
