"""Test sends are metered like every send (issue 22.2): per member and per client hourly
limits, the monthly allowance, the breaker, and an audit row that names who was mailed."""

import pytest
from django.db import connection
from django.utils import timezone

from core.audit.models import AuditLog
from core.errors import ValidationFailed
from marketing.campaigns.services.send_test import campaign_send_test
from marketing.delivery.models import SendingHealth
from marketing.delivery.services.monthly import ledger_month_usage, month_of
from tests.support.campaign_world import campaign_make
from tests.support.tenants import in_schema


def _path(campaign) -> str:
    return f"/api/mm/campaigns/{campaign.pk}/test"


def test_a_users_eleventh_test_recipient_in_an_hour_is_refused(world, user_api, admin_api):
    campaign = campaign_make(world)
    connection.set_schema_to_public()
    ten = [f"qa{i}@outside.example" for i in range(10)]
    for address in ten[:9]:
        assert user_api.post(_path(campaign), {"emails": [address]}).status_code == 202
    over = user_api.post(_path(campaign), {"emails": ten[9:] + ["qa10@outside.example"]})
    assert over.status_code == 429  # 9 + 2 > 10: nothing of it is sent
    assert user_api.post(_path(campaign), {"emails": ten[9:]}).status_code == 202  # the 10th
    refused = user_api.post(_path(campaign), {"emails": ["qa11@outside.example"]})
    assert refused.status_code == 429
    message = "You can send tests to at most 10 recipients an hour. Please try again later."
    assert refused.json() == {"message": message, "errors": {"emails": [message]}}
    assert 3500 <= int(refused["Retry-After"]) <= 3600
    # The limit is the member's: another member of the client may still send a test.
    assert admin_api.post(_path(campaign), {"emails": ["boss@outside.example"]}).status_code == 202


def test_the_client_has_its_own_hourly_limit(world, user_api, admin_api, settings):
    settings.TEST_SEND_HOURLY_PER_CLIENT = 12
    campaign = campaign_make(world)
    connection.set_schema_to_public()
    ten = [f"qa{i}@outside.example" for i in range(10)]
    assert user_api.post(_path(campaign), {"emails": ten}).status_code == 202
    assert admin_api.post(_path(campaign), {"emails": ten[:2]}).status_code == 202
    refused = admin_api.post(_path(campaign), {"emails": ["one-more@outside.example"]})
    assert refused.status_code == 429
    assert refused.json()["message"] == (
        "Tests to at most 12 recipients an hour can be sent for this account. "
        "Please try again later."
    )


def test_test_sends_count_in_the_monthly_allowance(world, sent_tasks, settings):
    settings.DELIVERY_MONTHLY_LIMIT = 3
    campaign = campaign_make(world)
    campaign_send_test(campaign_id=campaign.pk, emails=["a@outside.example", "b@outside.example"])
    assert ledger_month_usage(month_of(timezone.now())) == 2
    with pytest.raises(ValidationFailed) as refused:
        campaign_send_test(
            campaign_id=campaign.pk, emails=["c@outside.example", "d@outside.example"]
        )
    month = month_of(timezone.now()).label
    assert refused.value.errors == {
        "emails": [
            f"Monthly send limit exceeded: {month} allows 3 messages; 2 are already sent or "
            "scheduled and this test adds 2."
        ]
    }
    with pytest.raises(ValidationFailed) as group:  # the group's two profiles
        campaign_send_test(campaign_id=campaign.pk, group_id=world.group_id)
    assert list(group.value.errors) == ["groupId"]


def test_no_test_send_while_the_breaker_is_open(world, sent_tasks):
    campaign = campaign_make(world)
    reason = "Sending is stopped: the hard-bounce or spam threshold was exceeded (x)."
    SendingHealth.objects.create(tripped_at=timezone.now(), reason=reason)
    for kwargs in ({"emails": ["qa@outside.example"]}, {"group_id": world.group_id}):
        with pytest.raises(ValidationFailed) as refused:
            campaign_send_test(campaign_id=campaign.pk, **kwargs)
        assert refused.value.errors == {"status": [reason]}


def test_the_audit_row_names_the_addresses(alpha, world, user_api):
    campaign = campaign_make(world)
    connection.set_schema_to_public()
    typed = {"emails": ["QA@Outside.example", "boss@outside.example"]}
    assert user_api.post(_path(campaign), typed).status_code == 202
    with in_schema(alpha):
        row = AuditLog.objects.filter(event_type="campaign.testSent").latest("pk")
    assert row.actor_email == alpha.user.email
    assert row.extra == {
        "recipients": 2,
        "addresses": ["qa@outside.example", "boss@outside.example"],
        "groupId": None,
    }
