"""Engine test fixtures: a client schema with tasks sent for real (helpers:
tests/support/workflow_engine.py). The trigger caches are forgotten around every test by
tests/marketing/conftest.py."""

import pytest

from tests.support.tenants import in_schema


@pytest.fixture
def client_schema(alpha, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with in_schema(alpha):
        yield alpha
