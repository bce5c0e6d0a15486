from pathlib import Path

from kombu import Exchange, Queue

from config.settings.env import BASE_DIR, env
from core.tasks import declarations_collect

CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="amqp://guest:guest@127.0.0.1:5672//")
if CELERY_BROKER_URL.startswith("filesystem://"):
    _folder = Path(env("CELERY_BROKER_FOLDER", default=str(BASE_DIR / ".data" / "broker")))
    for _sub in ("out", "processed", "control"):
        (_folder / _sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_folder / "out"),
        "data_folder_out": str(_folder / "out"),
        "data_folder_processed": str(_folder / "processed"),
        # Broadcast exchanges (worker control); kombu's default is ./control.
        "control_folder": str(_folder / "control"),
    }
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = 60
CELERY_TASK_TIME_LIMIT = 90
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=False)

# Queues, each consumed by its own workers (deploy/Procfile, deploy/README.md):
#   default        short platform and interactive work
#   transactional  mail a person is waiting for (test sends, opt-in confirmations): never
#                  behind a broadcast
#   bulk           long jobs: imports, exports, verification, segment rebuilds
#   send           the delivery pipeline of campaigns
QUEUES = ("default", "transactional", "bulk", "send")
# Every task is declared once, in its app's task_declarations.py (core.tasks.TaskDeclaration:
# name, queue, retry policy, time limits, beat schedule); the queue table, the routes and
# the beat schedule below are derived from those declarations. A new app adds its module
# here; tests/config/test_task_declarations.py fails on a registered task without one.
TASK_DECLARATION_MODULES = (
    "tenants.task_declarations",
    "core.audit.task_declarations",
    "marketing.jobs.task_declarations",
    "marketing.audience.task_declarations",
    "marketing.activity.task_declarations",
    "marketing.segments.task_declarations",
    "marketing.content.task_declarations",
    "marketing.senders.task_declarations",
    "marketing.delivery.task_declarations",
    "marketing.tracking.task_declarations",
    "marketing.campaigns.task_declarations",
    "marketing.workflows.task_declarations",
    "marketing.workflows.summary.task_declarations",
    "marketing.forms.task_declarations",
    "marketing.page_hosting.task_declarations",
    "marketing.commerce.task_declarations",
)
TASK_DECLARATIONS = declarations_collect(TASK_DECLARATION_MODULES)
# Every task by its registered name -> its queue. A task missing here cannot be sent by a
# service (core.tasks.enqueue_on_commit).
TASK_QUEUES = {name: task.queue for name, task in TASK_DECLARATIONS.items()}
# Tests and benchmarks run a worker of their own on one private queue: every task goes
# there, so runs beside each other (and beside `make run`) never take each other's messages.
PRIVATE_TASK_QUEUE = env("PRIVATE_TASK_QUEUE", default="")
if PRIVATE_TASK_QUEUE:
    CELERY_TASK_DEFAULT_QUEUE = PRIVATE_TASK_QUEUE
    CELERY_TASK_QUEUES = [
        Queue(PRIVATE_TASK_QUEUE, Exchange(PRIVATE_TASK_QUEUE), PRIVATE_TASK_QUEUE)
    ]
    CELERY_TASK_ROUTES = {"*": {"queue": PRIVATE_TASK_QUEUE}}
else:
    CELERY_TASK_DEFAULT_QUEUE = "default"
    CELERY_TASK_QUEUES = [Queue(name, Exchange(name), name) for name in QUEUES]
    CELERY_TASK_ROUTES = {name: {"queue": queue} for name, queue in TASK_QUEUES.items()}

# A job's run holds it this long after its last progress, step or checkpoint
# (marketing/jobs/services.py): longer than any stretch of work between two of them, and
# how long a job whose worker died waits before a redelivered message takes it over.
JOB_LEASE_SECONDS = env.int("JOB_LEASE_SECONDS", default=300)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# Periodic tasks (a declaration's `beat`); exactly one beat process runs per deployment
# (deploy/README.md).
CELERY_BEAT_SCHEDULE = {
    task.beat.title: {"task": name, "schedule": task.beat.every}
    for name, task in TASK_DECLARATIONS.items()
    if task.beat
}

# The workflow engine (marketing/workflows/engine/runner.py).
WORKFLOW_BATCH_SIZE = env.int("WORKFLOW_BATCH_SIZE", default=500)
WORKFLOW_LEASE_SECONDS = env.int("WORKFLOW_LEASE_SECONDS", default=120)
WORKFLOW_MAX_ATTEMPTS = env.int("WORKFLOW_MAX_ATTEMPTS", default=5)
WORKFLOW_RETRY_SECONDS = env.int("WORKFLOW_RETRY_SECONDS", default=30)
WORKFLOW_TASK_SECONDS = env.float("WORKFLOW_TASK_SECONDS", default=20.0)
# A run with nothing due waits this long at most for the next timer instead of ending.
WORKFLOW_IDLE_WAIT_SECONDS = env.float("WORKFLOW_IDLE_WAIT_SECONDS", default=2.0)
