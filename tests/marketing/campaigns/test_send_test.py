"""Spec 4's "send test": the campaign's content to typed addresses or a small group, on
delivery's transactional lane, within spec 5.2's limits."""

import pytest
from django.test import override_settings

from core import tasks
from core.errors import ValidationFailed
from marketing.audience.models import Group, Profile, ProfileGroup
from marketing.campaigns.services.campaigns import campaign_create
from marketing.campaigns.services.send_test import campaign_send_test
from marketing.delivery.models import Delivery, Send, SendKind
from marketing.delivery.services.batch_sending import send_batch_run
from tests.support.campaign_world import campaign_make
from tests.support.smtp_sink import SmtpSink


@pytest.fixture
def sent_tasks(monkeypatch):
    sent = []
    monkeypatch.setattr(tasks, "task_send", lambda name, kwargs, _: sent.append((name, kwargs)))
    return sent


def test_a_test_goes_to_typed_addresses_with_the_campaigns_content(
    world, sent_tasks, settings, django_capture_on_commit_callbacks
):
    campaign = campaign_make(world)
    with django_capture_on_commit_callbacks(execute=True):
        send_id = campaign_send_test(campaign_id=campaign.pk, emails=["qa@shop.example"])
    send = Send.objects.get(pk=send_id)
    assert send.kind == SendKind.TEST and send.subject == "Test: Autumn sale"
    assert "Hi <% firstName || there %>" in send.html
    assert list(Delivery.objects.filter(send=send).values_list("email", flat=True)) == [
        "qa@shop.example"
    ]
    assert sent_tasks == [("delivery.send_run_transactional", {"send_id": send_id})]
    with SmtpSink() as sink:
        settings.DELIVERY_SMTP_HOST, settings.DELIVERY_SMTP_PORT = sink.host, sink.port
        send_batch_run(send_id)
        [message] = sink.handler.for_recipient("qa@shop.example")
    assert message.message["Subject"] == "Test: Autumn sale"


def test_test_recipients_are_limited_and_valid(world, sent_tasks, settings):
    settings.TEST_SEND_MAX_RECIPIENTS = 2
    campaign = campaign_make(world)
    with pytest.raises(ValidationFailed) as bad:
        campaign_send_test(campaign_id=campaign.pk, emails=["ok@x.example", "nope"])
    assert bad.value.errors == {"emails": ["Please enter valid Email ID"]}
    with pytest.raises(ValidationFailed) as many:
        campaign_send_test(
            campaign_id=campaign.pk, emails=["a@x.example", "b@x.example", "c@x.example"]
        )
    assert many.value.errors == {"emails": ["A test can be sent to at most 2 recipients."]}


@override_settings(CAMPAIGN_TEST_GROUP_LIMIT=2)
def test_a_test_group_over_the_limit_is_refused(world, sent_tasks):
    campaign = campaign_make(world)
    send_id = campaign_send_test(campaign_id=campaign.pk, group_id=world.group_id)
    assert Delivery.objects.filter(send_id=send_id).count() == 2
    third = Profile.objects.create(email="cara@mail.example")
    ProfileGroup.objects.create(profile=third, group_id=world.group_id)
    with pytest.raises(ValidationFailed) as refused:
        campaign_send_test(campaign_id=campaign.pk, group_id=world.group_id)
    assert refused.value.errors == {
        "groupId": ["The group has more than 2 valid recipients; a test goes to at most 2."]
    }
    assert Group.objects.filter(pk=world.group_id).exists()


def test_a_test_needs_a_sender_and_a_template(world, sent_tasks):
    bare = campaign_create(member=None, values={"name": "Bare", "campaign_type_id": world.type_id})
    with pytest.raises(ValidationFailed) as refused:
        campaign_send_test(campaign_id=bare.pk, emails=["qa@shop.example"])
    assert refused.value.errors == {
        "fromName": ["Please fill Sender Name"],
        "fromAddress": ["Please fill Sender Email"],
        "templateId": ["Please select a template"],
    }


def test_send_test_api_and_roles(alpha, user_api, nomkm_api, world):
    campaign = campaign_make(world)
    from django.db import connection

    connection.set_schema_to_public()
    path = f"/api/mm/campaigns/{campaign.pk}/test"
    assert nomkm_api.post(path, {"emails": ["qa@shop.example"]}).status_code == 403
    bad = user_api.post(path, {"emails": ["nope"]})
    assert bad.status_code == 400 and bad.json()["errors"] == {
        "emails": ["Please enter valid Email ID"]
    }
    ok = user_api.post(path, {"emails": ["qa@shop.example"]})
    assert ok.status_code == 202
    assert ok.json()["message"] == "Test email sent successfully."
