"""Campaign fixtures: a group of profiles, a template, a campaign type, and a campaign
ready to send, in alpha's schema."""

import pytest
from django.db import connection

from core import tasks
from tests.support.campaign_world import (
    World,
    world_make,
)


@pytest.fixture
def world(in_alpha) -> World:  # noqa: F811
    made = world_make()
    assert connection.schema_name == "alpha"
    return made


@pytest.fixture
def sent_tasks(monkeypatch):
    """Tasks the services send (by name), instead of publishing them."""
    sent = []
    monkeypatch.setattr(tasks, "task_send", lambda name, kwargs, _: sent.append((name, kwargs)))
    return sent
