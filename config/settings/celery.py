from pathlib import Path

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
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_TASK_DEFAULT_QUEUE", default="mailcraft")
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# Periodic tasks; exactly one beat process runs per deployment (deploy/README.md).
CELERY_BEAT_SCHEDULE = {
    "purge expired sign-in nonces": {"task": "tenants.sso_nonces_purge", "schedule": 3600},
    "purge expired tokens": {"task": "tenants.api_tokens_purge", "schedule": 3600},
}
