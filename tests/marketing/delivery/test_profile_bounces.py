"""A profile's bounce history: its latest bounces and complaints with their reasons,
whether reported later (a DSN read with its reason) or refused at once (the SMTP reply's
reason); an unknown profile, a wrong role and another client are refused."""

from datetime import timedelta

import pytest
from django.utils import timezone

from marketing.delivery.models import Delivery, DeliveryReport, DeliveryState, Send, SendKind
from tests.support.audience import make_profile
from tests.support.http_api import Api, foreign
from tests.support.tenants import in_schema


@pytest.fixture
def member(alpha):
    return Api(alpha, alpha.user.email)


@pytest.fixture
def no_marketing(alpha):
    return Api(alpha, alpha.no_mkm.email)


@pytest.fixture
def beta_admin(beta):
    return Api(beta, beta.admin.email)


def _delivery(profile_id: int, subject: str, **fields) -> Delivery:
    send = Send.objects.create(
        kind=SendKind.CAMPAIGN, subject=subject, from_name="S", from_address="news@shop.example"
    )
    return Delivery.objects.create(
        send=send, profile_id=profile_id, email="kim@mail.example", **fields
    )


def test_the_history_names_each_bounce_by_its_reason(alpha, member):
    profile_id = make_profile(alpha, "kim@mail.example")
    other = make_profile(alpha, "someone@mail.example")
    now = timezone.now()
    with in_schema(alpha):
        refused = _delivery(
            profile_id,
            "Spring sale",
            state=DeliveryState.FAILED,
            last_reply="550 Requested action not taken: mailbox unavailable",
            next_attempt_at=now - timedelta(days=2),
        )
        blocked = _delivery(
            profile_id, "Summer sale", state=DeliveryState.SENT, sent_at=now - timedelta(days=1)
        )
        DeliveryReport.objects.create(
            delivery=blocked,
            kind="softBounce",
            reason="blocked",
            status="5.7.1",
            diagnostic="554 5.7.1 Client host blocked using zen.spamhaus.org",
            received_at=now,
        )
        _delivery(other, "Not hers", state=DeliveryState.FAILED, last_reply="550 5.1.1 unknown")
    answer = member.get(f"/api/mm/profiles/{profile_id}/bounces")
    assert answer.status_code == 200, answer.content
    items = answer.json()["items"]
    assert [(i["subject"], i["kind"], i["reason"], i["status"]) for i in items] == [
        ("Summer sale", "softBounce", "blocked", "5.7.1"),
        ("Spring sale", "hardBounce", "userUnknown", ""),
    ]
    assert items[1]["detail"] == refused.last_reply


def test_refused_for_an_unknown_profile_a_wrong_role_and_another_client(
    alpha, beta, member, no_marketing, beta_admin
):
    profile_id = make_profile(alpha, "kim@mail.example")
    path = f"/api/mm/profiles/{profile_id}/bounces"
    missing = member.get("/api/mm/profiles/999999/bounces")
    assert missing.status_code == 404 and "Profile not found." in str(missing.json())
    assert member.get("/api/mm/profiles/kim/bounces").status_code == 404  # not an id
    assert no_marketing.get(path).status_code == 403
    assert foreign(beta_admin, alpha).get(path).status_code == 403
    with in_schema(beta):  # beta asking for alpha's id on its own host
        assert beta_admin.get(path).status_code == 404
