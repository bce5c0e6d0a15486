"""The base of every task, the retry policies of the task families, how a task is declared
(`TaskDeclaration`, registered with `declared_task`), and the one way services send a task:
by its registered name, once their transaction commits (`enqueue_on_commit`). Services
never import a tasks module; tasks import services.

Each app declares its tasks once, in its `task_declarations.py` (a module of plain data
that the settings import: no models): the name (a constant services and tasks import),
the queue, the retry policy (one of the policies below), the time limits, whether it
needs a client, and its beat schedule if it is periodic. config/settings/celery.py
derives the queue table (`TASK_QUEUES`, the routes) and `CELERY_BEAT_SCHEDULE` from
them; tests/config/test_task_declarations.py checks that every registered task has one
and runs as declared."""

from collections.abc import Iterable
from dataclasses import dataclass
from functools import partial
from importlib import import_module

from celery import current_app, shared_task
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
# Mail a person waits for (a sender's activation): INTERACTIVE_RETRY's tries, also when
# the mail server refuses for now.
INTERACTIVE_MAIL_RETRY = retry_policy(max_retries=4, first_delay=2, max_delay=20, mail=True)
# Mail nobody waits for at once (an admin's alert): PIPELINE_RETRY's tries, also when the
# mail server refuses for now.
PIPELINE_MAIL_RETRY = retry_policy(max_retries=5, first_delay=5, max_delay=600, mail=True)
# Every policy a task may declare: a task's retries go through one of these.
RETRY_POLICIES = {
    "BULK_RETRY": BULK_RETRY,
    "INTERACTIVE_RETRY": INTERACTIVE_RETRY,
    "PIPELINE_RETRY": PIPELINE_RETRY,
    "INTERACTIVE_MAIL_RETRY": INTERACTIVE_MAIL_RETRY,
    "PIPELINE_MAIL_RETRY": PIPELINE_MAIL_RETRY,
}


@dataclass(frozen=True)
class Beat:
    """A periodic task's entry in CELERY_BEAT_SCHEDULE: its title there, every N seconds."""

    title: str
    every: int


@dataclass(frozen=True)
class TaskDeclaration:
    """One Celery task, declared once (in its app's task_declarations.py).

    - `name`: the registered name, `<app>.<what it does>`;
    - `queue`: one of QUEUES (config/settings/celery.py);
    - `soft_time_limit`: seconds, or the name of the setting that holds them (read when
      the task is registered); `grace`: the hard limit comes this many seconds later;
    - `retry`: one of RETRY_POLICIES, or None (a periodic task: the next beat is its retry);
    - `client_required`: it works on one client's data and refuses the public schema
      (a job's task always does);
    - `beat`: its beat schedule when it is periodic.
    Every task acknowledges late and is rejected back to the queue when its worker dies
    (CELERY_TASK_ACKS_LATE, CELERY_TASK_REJECT_ON_WORKER_LOST)."""

    name: str
    queue: str
    soft_time_limit: int | str
    grace: int
    retry: dict | None = None
    client_required: bool = False
    beat: Beat | None = None

    def options(self) -> dict:
        """The task's options, as `shared_task` takes them."""
        soft = self.soft_time_limit
        if isinstance(soft, str):
            soft = getattr(settings, soft)
        return {
            "name": self.name,
            "soft_time_limit": soft,
            "time_limit": soft + self.grace,
            "client_required": self.client_required,
            **(self.retry or {}),
        }


def declarations_collect(modules: Iterable[str]) -> dict[str, TaskDeclaration]:
    """Every task declared in `modules` (each a task_declarations module with `TASKS`), by
    name. A name declared twice is refused."""
    found: dict[str, TaskDeclaration] = {}
    for module in modules:
        for declaration in import_module(module).TASKS:
            if declaration.name in found:
                raise ValueError(f"task {declaration.name!r} is declared twice ({module})")
            found[declaration.name] = declaration
    return found


def declared_task(name: str, **code):
    """Register the decorated function as the task declared as `name`, with its declared
    options (`code`: what only the code decides, such as `base=JobTask` or `bind=True`)."""
    declaration = settings.TASK_DECLARATIONS.get(name)
    if declaration is None:
        raise ValueError(f"task {name!r} is not declared (TASK_DECLARATION_MODULES)")
    return shared_task(**declaration.options(), **code)


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
    must be declared (its queue in TASK_QUEUES, config/settings/celery.py)."""
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
