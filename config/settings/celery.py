from pathlib import Path

from kombu import Exchange, Queue

from config.settings.env import BASE_DIR, env

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
# Every task by its registered name -> its queue. A task missing here cannot be sent by a
# service (core.tasks.enqueue_on_commit) and fails tests/config/test_task_routes.py.
TASK_QUEUES = {
    "audience.import_inspect": "default",
    "audience.profile_import_run": "bulk",
    "audience.profile_export_run": "bulk",
    "audience.verify_profiles": "bulk",
    "audit.activity_export_run": "bulk",
    "segments.export_run": "bulk",
    "campaigns.report_export_run": "bulk",
    "tenants.sso_nonces_purge": "default",
    "tenants.api_tokens_purge": "default",
    "jobs.lost_jobs_sweep": "default",
    "audit.trail_purge": "default",
    "segments.counts_refresh": "bulk",
    "senders.activation_mail_send": "default",
    "delivery.send_run": "send",
    "delivery.send_run_transactional": "transactional",
    "delivery.breaker_alert_send": "transactional",
    "delivery.sweep": "default",
    "tracking.events_flush": "default",
    "tracking.flushed_batches_purge": "default",
    "content.thumbnail_render": "bulk",
    "campaigns.campaign_start": "send",
    "campaigns.ab_winner_pick": "send",
    "campaigns.resend_send": "send",
    "campaigns.schedule_tick": "default",
    "campaigns.statuses_follow": "default",
    "summary.notifications_tick": "default",
    "workflows.enrollments_run": "default",
    "workflows.sweep": "default",
    "workflows.triggers_sweep": "bulk",
}
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

# Periodic tasks; exactly one beat process runs per deployment (deploy/README.md).
CELERY_BEAT_SCHEDULE = {
    "purge expired sign-in nonces": {"task": "tenants.sso_nonces_purge", "schedule": 3600},
    "purge expired tokens": {"task": "tenants.api_tokens_purge", "schedule": 3600},
    "send again the tasks of lost jobs": {"task": "jobs.lost_jobs_sweep", "schedule": 60},
    "purge the audit trail past its retention": {"task": "audit.trail_purge", "schedule": 86400},
    "recount dynamic segments": {"task": "segments.counts_refresh", "schedule": 300},
    "wake sends with due deliveries": {"task": "delivery.sweep", "schedule": 60},
    "start due campaigns": {"task": "campaigns.schedule_tick", "schedule": 60},
    "send due summary notifications": {"task": "summary.notifications_tick", "schedule": 60},
    # Opens and clicks queued by the tracking endpoints, into EmailEvent.
    "write queued opens and clicks": {"task": "tracking.events_flush", "schedule": 5},
    "forget old tracking batch ids": {"task": "tracking.flushed_batches_purge", "schedule": 86400},
    # Workflow timers, leases and retries: due times in the database (engine/runner.py).
    "run due workflow steps": {
        "task": "workflows.sweep",
        "schedule": env.float("WORKFLOW_SWEEP_SECONDS", default=2.0),
    },
    "enroll segment entries and date fields": {"task": "workflows.triggers_sweep", "schedule": 60},
}

# The workflow engine (marketing/workflows/engine/runner.py).
WORKFLOW_BATCH_SIZE = env.int("WORKFLOW_BATCH_SIZE", default=500)
WORKFLOW_LEASE_SECONDS = env.int("WORKFLOW_LEASE_SECONDS", default=120)
WORKFLOW_MAX_ATTEMPTS = env.int("WORKFLOW_MAX_ATTEMPTS", default=5)
WORKFLOW_RETRY_SECONDS = env.int("WORKFLOW_RETRY_SECONDS", default=30)
WORKFLOW_TASK_SECONDS = env.float("WORKFLOW_TASK_SECONDS", default=20.0)
