"""Each Celery task is declared once (core.tasks.TaskDeclaration, in its app's
task_declarations.py): every registered task has a declaration and runs as it says, the
queue table, the routes and the beat schedule are derived from the declarations, and no
task (nor its name) is declared twice."""

import re
from pathlib import Path

import pytest
from django.conf import settings

from config.celery import app
from core import tasks
from core.tasks import RETRY_POLICIES, Beat, TaskDeclaration, declarations_collect

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("config", "core", "tenants", "billing", "marketing")
RETRY_OPTIONS = (
    "autoretry_for",
    "max_retries",
    "retry_backoff",
    "retry_backoff_max",
    "retry_jitter",
)


def _registered() -> dict:
    app.loader.import_default_modules()
    return {
        name: task for name, task in app.tasks.items() if not name.startswith(("celery.", "tests."))
    }


def test_every_registered_task_is_declared_and_every_declaration_registered():
    assert set(_registered()) == set(settings.TASK_DECLARATIONS)
    assert len(settings.TASK_DECLARATIONS) >= 25


def test_each_task_runs_as_declared():
    for name, task in _registered().items():
        declared: TaskDeclaration = settings.TASK_DECLARATIONS[name]
        soft = declared.soft_time_limit
        soft = getattr(settings, soft) if isinstance(soft, str) else soft
        assert (task.soft_time_limit, task.time_limit) == (soft, soft + declared.grace), name
        assert task.client_required is declared.client_required, name
        retry = declared.retry or {}
        for option in RETRY_OPTIONS:
            if option in retry:
                assert getattr(task, option) == retry[option], (name, option)
        if not retry:
            assert not getattr(task, "autoretry_for", ()), name
        # Late acknowledgement and redelivery on a worker's death, for every task.
        assert task.acks_late is True and task.reject_on_worker_lost is True, name


def test_retries_go_through_the_named_policies_and_queues_exist():
    policies = list(RETRY_POLICIES.values())
    for name, declared in settings.TASK_DECLARATIONS.items():
        assert declared.retry is None or declared.retry in policies, name
        assert declared.queue in settings.QUEUES, name
        assert declared.name == name


def test_the_queue_table_routes_and_beat_schedule_are_derived():
    declared = settings.TASK_DECLARATIONS.values()
    assert settings.TASK_QUEUES == {task.name: task.queue for task in declared}
    if not settings.PRIVATE_TASK_QUEUE:
        assert settings.CELERY_TASK_ROUTES == {
            task.name: {"queue": task.queue} for task in declared
        }
    periodic = [task for task in declared if task.beat]
    assert settings.CELERY_BEAT_SCHEDULE == {
        task.beat.title: {"task": task.name, "schedule": task.beat.every} for task in periodic
    }
    assert len(settings.CELERY_BEAT_SCHEDULE) == len(periodic)  # no title used twice
    for task in periodic:  # a periodic task runs in the public schema and visits clients
        assert isinstance(task.beat, Beat) and task.beat.every > 0
        assert task.retry is None and not task.client_required, task.name


def test_nothing_is_declared_twice():
    modules = settings.TASK_DECLARATION_MODULES
    assert len(set(modules)) == len(modules)
    with pytest.raises(ValueError, match="declared twice"):
        declarations_collect(["tenants.task_declarations", "tenants.task_declarations"])
    with pytest.raises(ValueError, match="not declared"):
        tasks.declared_task("tenants.no_such_task")
    with pytest.raises(ValueError, match="no queue"):
        tasks.enqueue_on_commit("tenants.no_such_task")


def test_each_task_name_is_written_once():
    """The name's literal is in its declaration module only; everything else imports the
    constant (SEND_RUN, CAMPAIGN_START...)."""
    files = [path for root in SOURCES for path in (ROOT / root).rglob("*.py")]
    texts = {path: path.read_text() for path in files if "migrations" not in path.parts}
    for name in settings.TASK_DECLARATIONS:
        literal = re.compile(rf"[\"']{re.escape(name)}[\"']")
        found = [
            str(path.relative_to(ROOT)) for path, text in texts.items() if literal.search(text)
        ]
        assert len(found) == 1 and found[0].endswith("task_declarations.py"), (name, found)
