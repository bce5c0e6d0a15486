"""The platform's tasks, declared once (core.tasks.TaskDeclaration; config/settings/celery.py
derives the queues and the beat schedule from TASKS). Both run in the public schema."""

from core.tasks import Beat, TaskDeclaration

SSO_NONCES_PURGE = "tenants.sso_nonces_purge"
API_TOKENS_PURGE = "tenants.api_tokens_purge"

TASKS = (
    TaskDeclaration(
        SSO_NONCES_PURGE,
        queue="default",
        soft_time_limit=60,
        grace=30,
        beat=Beat("purge expired sign-in nonces", every=3600),
    ),
    TaskDeclaration(
        API_TOKENS_PURGE,
        queue="default",
        soft_time_limit=60,
        grace=30,
        beat=Beat("purge expired tokens", every=3600),
    ),
)
