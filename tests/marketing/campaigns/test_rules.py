"""Every campaign rule of spec 4, 5.2, 5.3, 5.4 and 6 at the service level, with the words
the screens show beside each field."""

from datetime import time, timedelta

import pytest
from django.db import connection
from django.test import override_settings
from django.utils import timezone

from core.errors import PermissionDenied, ValidationFailed
from marketing.audience.models import Group, Profile, ProfileGroup
from marketing.campaigns.models import Campaign, CampaignStatus, CampaignType
from marketing.campaigns.services.campaign_launch import campaign_pause, campaign_send
from marketing.campaigns.services.campaigns import campaign_create, campaign_delete, campaign_save
from marketing.campaigns.services.types import (
    campaign_type_create,
    campaign_type_delete,
    campaign_type_update,
)
from marketing.campaigns.services.validation import Problems, poll_html_check
from marketing.content.models import Template
from marketing.senders.models import Sender, SenderDomain
from tenants.models import Plan
from tests.support.campaign_world import campaign_make, ready_values, sender_ready


def _errors(call, *args, **kwargs) -> dict[str, list[str]]:
    with pytest.raises(ValidationFailed) as refused:
        call(*args, **kwargs)
    return refused.value.errors


def _send_errors(campaign, when="schedule", **values):
    return _errors(campaign_send, campaign_id=campaign.pk, values=values, when=when)


def test_a_new_campaign_needs_a_name_and_a_campaign_type(world):
    errors = _errors(campaign_create, member=None, values={"name": "  "})
    assert errors == {
        "name": ["Please fill Campaign Name"],
        "campaignTypeId": ["Please select campaign type"],
    }


def test_names_are_unique_whatever_their_case(world):
    campaign_make(world, name="Autumn sale")
    errors = _errors(campaign_create, member=None, values=ready_values(world, name="AUTUMN SALE"))
    assert errors == {"name": ["A campaign with this name already exists."]}


def test_sender_name_at_most_50_and_addresses_valid(world):
    errors = _errors(
        campaign_create,
        member=None,
        values=ready_values(world, from_name="x" * 51, from_address="nope", reply_to="a@"),
    )
    assert errors == {
        "fromName": ["Sender name can be at most 50 characters."],
        "fromAddress": ["Please enter valid Email ID"],
        "replyTo": ["Please enter valid Email ID"],
    }


def test_resend_needs_2_to_10_days_and_its_time(world):
    errors = _errors(
        campaign_create,
        member=None,
        values=ready_values(
            world, resend_unopened=True, resend_unopened_days=1, resend_unclicked=True,
            resend_unclicked_days=11, resend_unclicked_time=time(9),
        ),
    )  # fmt: skip
    assert errors == {
        "resendUnopenedDays": ["Resend follow-up days must be from 2 to 10."],
        "resendUnopenedTime": ["Please fill Resend Time"],
        "resendUnclickedDays": ["Resend follow-up days must be from 2 to 10."],
    }
    ok = campaign_make(
        world, resend_unopened=True, resend_unopened_days=2, resend_unopened_time=time(9)
    )
    assert ok.resend_unopened_days == 2


def test_schedule_needs_a_sender_audience_content_and_a_time_not_in_the_past(world):
    campaign = campaign_create(
        member=None, values={"name": "Bare", "campaign_type_id": world.type_id}
    )
    assert _send_errors(campaign) == {
        "fromName": ["Please fill Sender Name"],
        "fromAddress": ["Please fill Sender Email"],
        "audience": ["Please select groups or segments"],
        "templateId": ["Please select a template"],
        "subject": ["Please fill Subject"],
        "scheduledAt": ["Please fill Schedule Date and Time"],
    }
    ready = campaign_make(world, name="Ready")
    past = timezone.now() - timedelta(hours=1)
    assert _send_errors(ready, scheduled_at=past) == {
        "scheduledAt": ["Schedule date cannot be earlier than the current date."]
    }
    # nothing of a refused send is kept
    assert Campaign.objects.get(pk=ready.pk).scheduled_at > timezone.now()


def test_a_scheduled_campaign_is_scheduled_and_stays_editable(world):
    campaign = campaign_make(world)
    scheduled = campaign_send(campaign_id=campaign.pk, values={}, when="schedule")
    assert scheduled.status == CampaignStatus.SCHEDULED
    later = timezone.now() + timedelta(days=1)
    saved = campaign_save(campaign_id=campaign.pk, values={"scheduled_at": later})
    assert saved.status == CampaignStatus.SCHEDULED and saved.scheduled_at == later
    errors = _errors(
        campaign_save,
        campaign_id=campaign.pk,
        values={"scheduled_at": timezone.now() - timedelta(days=1)},
    )
    assert errors == {"scheduledAt": ["Schedule date cannot be earlier than the current date."]}


@pytest.mark.parametrize(
    "status",
    [CampaignStatus.SENDING, CampaignStatus.SENT, CampaignStatus.FAILED, CampaignStatus.PAUSED],
)
def test_editing_only_in_draft_published_unpublished_or_scheduled(world, status):
    campaign = campaign_make(world)
    Campaign.objects.filter(pk=campaign.pk).update(status=status)
    message = "A campaign can be edited only when it is Draft, Published, Unpublished or Scheduled."
    assert _errors(campaign_save, campaign_id=campaign.pk, values={"subject": "New"}) == {
        "status": [message]
    }
    for allowed in ("Draft", "Published", "Unpublished", "Scheduled"):
        Campaign.objects.filter(pk=campaign.pk).update(status=allowed)
        assert (
            campaign_save(campaign_id=campaign.pk, values={"subject": allowed}).subject == allowed
        )


def test_a_disabled_campaign_type_cannot_be_sent(world):
    campaign = campaign_make(world)
    CampaignType.objects.filter(pk=world.type_id).update(is_enabled=False)
    assert _send_errors(campaign) == {"campaignTypeId": ["This campaign type is disabled."]}


@override_settings(CAMPAIGN_PRIVATE_RECIPIENT_LIMIT=2)
def test_a_private_campaign_type_needs_fewer_recipients_than_its_limit(world):
    private = campaign_type_create(name="Board", is_private=True, is_enabled=True)
    campaign = campaign_make(world, campaign_type_id=private.pk)
    assert _send_errors(campaign) == {
        "audience": ["A private campaign type allows fewer than 2 recipients; this campaign has 2."]
    }
    ProfileGroup.objects.filter(profile_id=world.profile_ids[0]).delete()
    assert campaign_send(campaign_id=campaign.pk, values={}, when="schedule").status == "Scheduled"


def test_rss_campaign_needs_its_fields_and_a_valid_url(world):
    campaign = campaign_make(world, kind="RSS Feed")
    assert _send_errors(campaign) == {
        "rssUrl": ["Please fill RSS Feed URL"],
        "rssFrequency": ["Please fill Frequency"],
        "rssArticleCount": ["Please fill Article Count"],
    }
    errors = _send_errors(campaign, rss_url="ftp://feed", rss_frequency="Day", rss_article_count=3)
    assert errors == {"rssUrl": ["Please enter a valid RSS URL"]}


def test_poll_expiry_after_now_and_after_the_schedule(world):
    poll = Template.objects.create(
        name="Poll", template_type="poll", subject="Vote",
        html='<div data-poll-section><img src="https://x.example/a.png" alt="A"></div>',
    )  # fmt: skip
    at = timezone.now() + timedelta(hours=2)
    campaign = campaign_make(world, kind="Poll", template_id=poll.pk, scheduled_at=at)
    assert _send_errors(campaign) == {"pollExpiresAt": ["Please fill Poll Expiry Date"]}
    errors = _send_errors(campaign, poll_expires_at=timezone.now() - timedelta(minutes=5))
    assert errors == {"pollExpiresAt": ["Poll expiry cannot be earlier than now."]}
    errors = _send_errors(campaign, poll_expires_at=at - timedelta(hours=1))
    assert errors == {"pollExpiresAt": ["Poll expiry cannot be earlier than the schedule date."]}
    ok = campaign_send(
        campaign_id=campaign.pk, values={"poll_expires_at": at + timedelta(days=7)}, when="schedule"
    )
    assert ok.status == CampaignStatus.SCHEDULED


def test_poll_template_has_one_section_and_alt_text_on_images():
    two = '<div data-poll-section></div><div data-poll-section></div><img src="a.png" alt=" ">'
    problems = Problems()
    poll_html_check(problems, two)
    assert problems.errors == {
        "templateId": [
            "Only one poll section is allowed per campaign.",
            "Images in poll templates need alt text.",
        ]
    }
    fine = Problems()
    poll_html_check(fine, '<div data-poll-section><img src="a.png" alt="Yes"></div>')
    assert fine.errors == {}


def test_ab_campaign_variants_share_and_rule(world):
    errors = _errors(
        campaign_create,
        member=None,
        values=ready_values(world, kind="AB", ab_variants=[{"name": "A"}], ab_test_percent=80),
    )
    assert errors == {
        "abVariants": ["An A/B campaign needs variants A and B (and at most C)."],
        "abTestPercent": ["The test share must be from 10 to 50 percent."],
    }
    campaign = campaign_make(
        world, kind="AB", ab_variants=[{"name": "A", "subject": "One"}, {"name": "B"}]
    )
    assert _send_errors(campaign, ab_test_on="subject") == {
        "abTestPercent": ["The test share must be from 10 to 50 percent."],
        "abWinnerRule": ["Please choose the winning rule: opens or clicks after some hours."],
        "abVariants": ["Please fill Subject of variant B"],
    }


def test_plan_limits_campaigns_and_sent_campaigns(world, alpha):
    client = connection.tenant
    client.plan = Plan.objects.create(name="Tiny", limits={"Campaigns": 1, "SentCampaigns": 0})
    client.save()
    campaign = campaign_make(world)
    with pytest.raises(PermissionDenied, match="Limit Exceeds"):
        campaign_make(world, name="Second")
    with pytest.raises(PermissionDenied, match="Limit Exceeds"):
        campaign_send(campaign_id=campaign.pk, values={}, when="schedule")


def test_campaign_types_unique_active_limit_and_in_use(world):
    with pytest.raises(ValidationFailed) as taken:
        campaign_type_create(name="general", is_private=False, is_enabled=True)
    assert taken.value.errors == {"name": ["A campaign type with this name already exists."]}
    with override_settings(CAMPAIGN_TYPE_ACTIVE_LIMIT=2):
        second = campaign_type_create(name="News", is_private=False, is_enabled=True)
        third = campaign_type_create(name="Spare", is_private=True, is_enabled=False)
        with pytest.raises(ValidationFailed) as limit:
            campaign_type_update(type_id=third.pk, values={"is_enabled": True})
        assert limit.value.errors == {
            "isEnabled": ["At most 2 campaign types can be enabled at once."]
        }
        campaign_type_update(type_id=second.pk, values={"is_enabled": False})
        assert campaign_type_update(type_id=third.pk, values={"is_enabled": True}).is_enabled
    campaign_make(world)
    with pytest.raises(ValidationFailed) as used:
        campaign_type_delete(type_id=world.type_id)
    assert used.value.errors == {
        "id": ["This campaign type is used by campaigns and cannot be deleted."]
    }
    campaign_type_delete(type_id=second.pk)


def test_pause_needs_a_scheduled_or_sending_campaign_and_delete_refuses_sending(world):
    campaign = campaign_make(world)
    with pytest.raises(ValidationFailed, match="Only a scheduled or sending campaign"):
        campaign_pause(campaign_id=campaign.pk, member=None)
    Campaign.objects.filter(pk=campaign.pk).update(status=CampaignStatus.SENDING)
    with pytest.raises(ValidationFailed, match="cannot be deleted; pause it first"):
        campaign_delete(campaign_id=campaign.pk)


def test_unknown_groups_and_segments_are_refused(world):
    campaign = campaign_make(world, group_ids=[world.group_id, 999999], segment_ids=[888888])
    errors = _send_errors(campaign)
    assert errors == {
        "groupIds": ["A selected group does not exist."],
        "segmentIds": ["A selected segment does not exist."],
    }
    assert Group.objects.filter(pk=world.group_id).exists()
    assert Profile.objects.count() >= 2


def test_a_campaign_is_never_sent_from_an_unverified_sender(world):
    unknown = campaign_make(world, from_address="someone@elsewhere.example")
    assert _send_errors(unknown) == {
        "fromAddress": ["The sender is not verified or not in the verified list."]
    }
    pending = sender_ready("new@shop.example", name="New", confirmed=False)
    by_sender = campaign_make(
        world, name="By sender", sender_id=pending.pk, from_name="", from_address=""
    )
    assert _send_errors(by_sender) == {
        "senderId": ["The sender is not verified or not in the verified list."]
    }
    other_domain = sender_ready("news@unchecked.example", name="Unchecked")
    SenderDomain.objects.filter(name="unchecked.example").delete()
    assert _send_errors(by_sender, sender_id=other_domain.pk) == {
        "senderId": ["The sender's domain is not whitelisted. Add it under Sender Domains."]
    }
    assert _send_errors(by_sender, sender_id=999999) == {
        "senderId": ["The selected sender does not exist."]
    }
    Sender.objects.filter(pk=pending.pk).update(verified_at=timezone.now())
    scheduled = campaign_send(campaign_id=by_sender.pk, values={}, when="schedule")
    assert scheduled.status == CampaignStatus.SCHEDULED
