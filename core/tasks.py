"""The base of every task, the retry policies of the task families, and the one way
services send a task: by its registered name, once their transaction commits
(`enqueue_on_commit`). Services never import a tasks module; tasks import services."""

from functools import partial

from celery import current_app
from django.conf import settings
from django.db import InterfaceError, OperationalError, connection, transaction
from kombu.exceptions import OperationalError as BrokerError
from tenant_schemas_celery.task import TenantTask

from core.errors import TenantRequired

# Worth another try: the database or the broker was unreachable, restarting, or chose this
# transaction as a deadlock victim; a connection dropped under us.
TRANSIENT_ERRORS = (OperationalError, InterfaceError, BrokerError, ConnectionError)


def retry_policy(*, max_retries: int, first_delay: int, max_delay: int, mail: bool = False) -> dict:
    """Task options: on a transient error, retry after about first_delay, 2 x, 4 x ...
    seconds (at most max_delay; full jitter, so that the tasks an outage stopped do not
    all come back at the same moment), at most `max_retries` times; then the error
    stands (and a job's task fails its job: marketing/jobs/runner.py). `mail`: a task
    that talks to a mail server also retries when it refuses for now or cannot be
    reached (OSError: smtplib's errors and refused connections)."""
    return {
        "autoretry_for": (*TRANSIENT_ERRORS, OSError) if mail else TRANSIENT_ERRORS,
        "max_retries": max_retries,
        "retry_backoff": first_delay,
        "retry_backoff_max": max_delay,
        "retry_jitter": True,
    }


# Long jobs on the bulk queue (imports, exports, verification): patient, an outage of
# some minutes is waited out (30 s, 1, 2, 4, 8 min at most).
BULK_RETRY = retry_policy(max_retries=5, first_delay=30, max_delay=600)
# Someone is waiting for the answer (default queue, e.g. reading an uploaded workbook):
# quick tries, then a clear failure.
INTERACTIVE_RETRY = retry_policy(max_retries=4, first_delay=2, max_delay=20)
# The send pipeline's runners (campaign starts, send runs): a few quick tries (5 s, 10 s,
# 20 s ...), then the sweep and the tick pick the work up again from the database.
PIPELINE_RETRY = retry_policy(max_retries=5, first_delay=5, max_delay=600)


class ClientTask(TenantTask):
    """Base of every task. A task that works on one client's data declares
    `client_required = True` and refuses to run in the public schema: a message sent
    without its tenant must fail closed, never touch the wrong schema."""

    abstract = True
    client_required = False

    def __call__(self, *args, **kwargs):
        if self.client_required and connection.schema_name == "public":
            raise TenantRequired(f"task {self.name} needs a client schema; got public")
        return super().__call__(*args, **kwargs)


def enqueue_on_commit(name: str, /, **ids: int) -> None:
    """Send the task registered as `name`, with keyword arguments `ids`, once the current
    transaction commits (at once outside one), in the current client's schema. `name`
    must have a queue (TASK_QUEUES in config/settings/celery.py)."""
    if name not in settings.TASK_QUEUES:
        raise ValueError(f"task {name!r} has no queue in TASK_QUEUES")
    headers = {"_schema_name": connection.schema_name}
    transaction.on_commit(partial(task_send, name, ids, headers))


def task_send(name: str, kwargs: dict, headers: dict) -> None:
    """Publish by name. Under CELERY_TASK_ALWAYS_EAGER (send_task ignores it) the task
    runs here and now, as `.delay()` would."""
    app = current_app
    if app.conf.task_always_eager:
        if name not in app.tasks:
            app.loader.import_default_modules()
        app.tasks[name].apply(kwargs=kwargs, headers=headers)
    else:
        app.send_task(name, kwargs=kwargs, headers=headers)
