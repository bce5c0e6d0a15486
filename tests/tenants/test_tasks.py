import hashlib
from datetime import timedelta

from django.conf import settings
from django.db import connection
from django.utils import timezone

from config.celery import app
from tenants.models import ApiToken, SsoNonce
from tenants.tasks import SSO_NONCE_GRACE, api_tokens_purge, sso_nonces_purge
from tests.support.http_api import signed_in


def _nonce(client, jti: str, expires_in: timedelta) -> None:
    SsoNonce.objects.create(jti=jti, client=client, expires_at=timezone.now() + expires_in)


def test_purge_deletes_expired_nonces_and_keeps_live_ones(alpha, beta):
    _nonce(alpha.client, "expired-long-ago", -timedelta(days=2))
    _nonce(beta.client, "expired-past-grace", -SSO_NONCE_GRACE - timedelta(seconds=5))
    # A machine whose clock lags may still accept its payload: kept a while longer.
    _nonce(alpha.client, "expired-within-grace", -SSO_NONCE_GRACE + timedelta(seconds=30))
    _nonce(beta.client, "live", timedelta(minutes=4))

    assert sso_nonces_purge.apply().get() == 2

    assert sorted(SsoNonce.objects.values_list("jti", flat=True)) == [
        "expired-within-grace",
        "live",
    ]


def test_purge_works_on_the_public_table_whatever_schema_sent_it(alpha):
    _nonce(alpha.client, "expired", -timedelta(days=1))
    connection.set_tenant(alpha.client)
    assert sso_nonces_purge.apply().get() == 1
    connection.set_schema_to_public()
    assert not SsoNonce.objects.exists()


def test_purge_runs_every_hour_from_beat():
    entry = settings.CELERY_BEAT_SCHEDULE["purge expired sign-in nonces"]
    assert entry["task"] == sso_nonces_purge.name == "tenants.sso_nonces_purge"
    assert entry["task"] in app.tasks
    assert entry["schedule"] == 3600


def test_token_purge_deletes_expired_tokens_only(alpha):
    _, live = signed_in(alpha.host, alpha.admin.email)
    _, dead = signed_in(alpha.host, alpha.user.email)
    ApiToken.objects.filter(key_hash=hashlib.sha256(dead.encode()).hexdigest()).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    before = ApiToken.objects.count()
    assert api_tokens_purge.apply().get() == 1
    assert ApiToken.objects.count() == before - 1
    assert ApiToken.objects.filter(key_hash=hashlib.sha256(live.encode()).hexdigest()).exists()
    assert settings.CELERY_BEAT_SCHEDULE["purge expired tokens"]["task"] == api_tokens_purge.name
