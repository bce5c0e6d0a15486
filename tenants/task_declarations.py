"""The platform's tasks, declared once (core.tasks.TaskDeclaration; config/settings/celery.py
derives the queues and the beat schedule from TASKS). They run in the public schema."""

from core.tasks import Beat, TaskDeclaration

SSO_NONCES_PURGE = "tenants.sso_nonces_purge"
API_TOKENS_PURGE = "tenants.api_tokens_purge"
PROVISION = "tenants.provision"
PROVISIONINGS_SWEEP = "tenants.provisionings_sweep"
TRIAL_MAIL_SEND = "tenants.trial_mail_send"

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
    TaskDeclaration(PROVISION, queue="default", soft_time_limit=300, grace=60),
    TaskDeclaration(TRIAL_MAIL_SEND, queue="default", soft_time_limit=60, grace=30),
    TaskDeclaration(
        PROVISIONINGS_SWEEP,
        queue="default",
        soft_time_limit=600,
        grace=60,
        beat=Beat("resume or clean up stalled provisionings", every=60),
    ),
)
