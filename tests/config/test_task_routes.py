"""Every task goes to a named queue by its registered name (config/settings/celery.py), and
services send tasks by name on commit (core.tasks.enqueue_on_commit), never importing a
tasks module."""

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from config.celery import app
from core import tasks
from tests.support.celery_worker import tasks_routed_to

ROOT = Path(__file__).resolve().parents[2]
APPS = ("marketing.", "tenants.", "billing.")  # core.tasks is the platform's, not an app's
EXPECTED = {
    "audience.import_inspect": "default",
    "audience.profile_import_run": "bulk",
    "audience.profile_export_run": "bulk",
    "audience.verify_profiles": "bulk",
    "tenants.sso_nonces_purge": "default",
    "tenants.api_tokens_purge": "default",
}
ROUTE_SCRIPT = """
import json, sys
import django
django.setup()
from config.celery import app
app.loader.import_default_modules()
names = [n for n in app.tasks if not n.startswith(("celery.", "tests."))]
router = app.amqp.router
print(json.dumps({
    "routes": {n: router.route({}, n)["queue"].name for n in names + ["unrouted.task"]},
    "default": app.conf.task_default_queue,
    "queues": sorted(app.amqp.queues),
}))
"""


def _routes(**env: str) -> dict:
    """What a worker process (a fresh Celery app from the settings) routes where."""
    clean = {k: v for k, v in os.environ.items() if k != "PRIVATE_TASK_QUEUE"}
    done = subprocess.run(
        [sys.executable, "-c", ROUTE_SCRIPT],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_each_task_name_goes_to_its_queue():
    found = _routes()
    for name, queue in EXPECTED.items():
        assert found["routes"][name] == queue, name
    # Every task the worker knows has a queue of its own choosing, none by accident.
    assert set(found["routes"]) - {"unrouted.task"} <= set(settings.TASK_QUEUES)
    assert found["routes"]["unrouted.task"] == "default" == found["default"]
    assert (
        found["queues"] == sorted(settings.QUEUES) == ["bulk", "default", "send", "transactional"]
    )
    assert set(settings.TASK_QUEUES.values()) <= set(settings.QUEUES)


def test_a_private_queue_takes_every_task():
    found = _routes(PRIVATE_TASK_QUEUE="test-private")
    assert set(found["routes"].values()) == {"test-private"}
    assert found["queues"] == ["test-private"]


def test_tasks_routed_to_sends_everything_to_one_queue_for_a_while():
    with tasks_routed_to("test-one"):
        assert app.amqp.router.route({}, "audience.profile_import_run")["queue"].name == "test-one"
    assert app.amqp.router.route({}, "audience.verify_profiles")["queue"].name != "test-one"


def test_enqueue_on_commit_sends_by_name_after_the_commit(
    alpha, monkeypatch, django_capture_on_commit_callbacks
):
    sent = []
    monkeypatch.setattr(tasks, "task_send", lambda *args: sent.append(args))
    connection.set_tenant(alpha.client)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.enqueue_on_commit("audience.profile_export_run", job_id=7)
        assert sent == []
    assert sent == [("audience.profile_export_run", {"job_id": 7}, {"_schema_name": "alpha"})]
    with pytest.raises(ValueError, match="no queue"):
        tasks.enqueue_on_commit("audience.no_such_task", job_id=7)


def test_eager_mode_runs_a_named_task_here(alpha, settings, monkeypatch):
    monkeypatch.setattr(app.conf, "task_always_eager", True)
    ran = []
    app.loader.import_default_modules()
    task = app.tasks["audience.import_inspect"]
    monkeypatch.setattr(task, "apply", lambda **options: ran.append(options))
    tasks.task_send("audience.import_inspect", {"import_id": 3}, {"_schema_name": "alpha"})
    assert ran == [{"kwargs": {"import_id": 3}, "headers": {"_schema_name": "alpha"}}]


def _imported_modules(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names += [module] + [f"{module}.{alias.name}" for alias in node.names]
    return names


def test_services_never_import_a_tasks_module():
    """Services name tasks (enqueue_on_commit); importing one, even inside a function,
    hides a services <-> tasks cycle."""
    services = [
        *ROOT.glob("marketing/*/services.py"),
        *ROOT.glob("marketing/*/services/**/*.py"),
        *ROOT.glob("tenants/services*.py"),
        *ROOT.glob("billing/services*.py"),
    ]
    assert len(services) > 10
    offenders = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in services
        for name in _imported_modules(path)
        if name.startswith(APPS)
        and any(part == "tasks" or part.endswith("_tasks") for part in name.split("."))
    ]
    assert offenders == []
