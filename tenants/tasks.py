"""Platform tasks (public schema), scheduled by celery beat (declared in
task_declarations.py)."""

from datetime import timedelta

from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context

from core.tasks import declared_task
from tenants.models import SsoNonce
from tenants.provisioning import provisioning_run, provisionings_sweep
from tenants.task_declarations import (
    API_TOKENS_PURGE,
    PROVISION,
    PROVISIONINGS_SWEEP,
    SSO_NONCES_PURGE,
    TRIAL_MAIL_SEND,
)
from tenants.tokens import expired_tokens_purge
from tenants.trial_mail import trial_mail_send

# A nonce only has to outlive its payload's `exp`: after it, sso_payload_redeem refuses the
# payload as expired. Kept this much longer so that a web machine whose clock lags the
# worker's still finds the nonce of a payload it would accept.
SSO_NONCE_GRACE = timedelta(minutes=10)


@declared_task(SSO_NONCES_PURGE)
def sso_nonces_purge() -> int:
    """Delete the single-use ids of parent-suite payloads expired for longer than the
    grace; returns how many went. Safe to run twice or concurrently."""
    with schema_context(get_public_schema_name()):
        deleted, _ = SsoNonce.objects.filter(
            expires_at__lt=timezone.now() - SSO_NONCE_GRACE
        ).delete()
    return deleted


@declared_task(API_TOKENS_PURGE)
def api_tokens_purge() -> int:
    """Delete expired bearer and download tokens (they already no longer work)."""
    with schema_context(get_public_schema_name()):
        return expired_tokens_purge()


@declared_task(PROVISION)
def provision(provisioning_id: int) -> str | None:
    """Make the workspace a sign-up asked for (tenants/provisioning.py); a redelivery
    finds it claimed or finished and does nothing."""
    with schema_context(get_public_schema_name()):
        provisioning = provisioning_run(provisioning_id=provisioning_id)
    return provisioning.status if provisioning else None


@declared_task(PROVISIONINGS_SWEEP)
def provisionings_sweep_run() -> dict[str, int]:
    with schema_context(get_public_schema_name()):
        return provisionings_sweep()


@declared_task(TRIAL_MAIL_SEND)
def trial_mail_send_task(sign_up_id: int) -> str | None:
    with schema_context(get_public_schema_name()):
        return trial_mail_send(sign_up_id=sign_up_id)
