"""Platform tasks (public schema), scheduled by celery beat (CELERY_BEAT_SCHEDULE in
config/settings/celery.py)."""

from datetime import timedelta

from celery import shared_task
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, schema_context

from tenants.models import SsoNonce
from tenants.tokens import expired_tokens_purge

# A nonce only has to outlive its payload's `exp`: after it, sso_payload_redeem refuses the
# payload as expired. Kept this much longer so that a web machine whose clock lags the
# worker's still finds the nonce of a payload it would accept.
SSO_NONCE_GRACE = timedelta(minutes=10)


@shared_task(name="tenants.sso_nonces_purge", soft_time_limit=60, time_limit=90)
def sso_nonces_purge() -> int:
    """Delete the single-use ids of parent-suite payloads expired for longer than the
    grace; returns how many went. Safe to run twice or concurrently."""
    with schema_context(get_public_schema_name()):
        deleted, _ = SsoNonce.objects.filter(
            expires_at__lt=timezone.now() - SSO_NONCE_GRACE
        ).delete()
    return deleted


@shared_task(name="tenants.api_tokens_purge", soft_time_limit=60, time_limit=90)
def api_tokens_purge() -> int:
    """Delete expired bearer and download tokens (they already no longer work)."""
    with schema_context(get_public_schema_name()):
        return expired_tokens_purge()
