"""Spec 4's "send test": the campaign's content as it would go now, to a few typed
addresses or to a small group, on delivery's transactional lane (a person is waiting;
never behind a broadcast). Test sends leave no trace in reports.

Rules (spec 5.2): typed addresses are valid and at most delivery's
TEST_SEND_MAX_RECIPIENTS (delivery checks them, in the spec's words); a group with more
than CAMPAIGN_TEST_GROUP_LIMIT valid recipients is refused; the campaign needs a sender and
a template."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import NotFound, ValidationFailed
from marketing.audience.selectors.groups import group_get
from marketing.audience.sql_surface import profile_tables
from marketing.campaigns import messages
from marketing.campaigns.models import Campaign
from marketing.campaigns.selectors import (
    audience_mailable_count,
    audience_profile_ids,
    campaign_get,
    campaign_settings_get,
)
from marketing.campaigns.services.content import campaign_content, content_merge_tag_problems
from marketing.campaigns.services.senders import campaign_from
from marketing.campaigns.services.validation import Problems
from marketing.delivery.selectors import send_addresses
from marketing.delivery.services.send_control import SendKind
from marketing.delivery.services.transactional import test_send, transactional_send
from marketing.senders import messages as sender_messages


def _sender_and_content_check(campaign: Campaign) -> None:
    problems = Problems()
    if campaign.sender_id is None:
        if not campaign.from_name.strip():
            problems.add("fromName", sender_messages.SENDER_NAME_REQUIRED)
        if not campaign.from_address.strip():
            problems.add("fromAddress", messages.SENDER_ADDRESS_REQUIRED)
    if campaign.template_id is None:
        problems.add("templateId", messages.TEMPLATE_REQUIRED)
    problem = campaign_from(campaign).problem
    if problem:
        problems.add("senderId" if campaign.sender_id is not None else "fromAddress", problem)
    if campaign.template_id is not None:
        try:
            content = campaign_content(campaign, settings=campaign_settings_get())
        except NotFound:
            pass  # the test's own refusal names the missing template
        else:
            for name, refusals in content_merge_tag_problems(content).items():
                for message in refusals:
                    problems.add(name, message)
    problems.raise_if_any()


def _group_profiles_sql(group_id: int) -> tuple[str, list]:
    return (
        f"SELECT profile_id AS id FROM {profile_tables().profile_group} WHERE group_id = %s",
        [group_id],
    )


def campaign_send_test(
    *, campaign_id: int, emails: list[str] | None = None, group_id: int | None = None
) -> int:
    """Send the test; returns the send's id."""
    campaign = campaign_get(campaign_id=campaign_id)
    _sender_and_content_check(campaign)
    try:
        content = campaign_content(campaign, settings=campaign_settings_get())
    except NotFound as gone:
        raise ValidationFailed(gone.message, errors={"templateId": [gone.message]}) from None
    sender = campaign_from(campaign)
    subject = f"Test: {content.subject}" if content.subject else "Test"
    with transaction.atomic():
        if group_id is not None:
            group_get(group_id=group_id)  # 404 for a group of no such id
            sql, params = _group_profiles_sql(group_id)
            count = audience_mailable_count(sql, params)
            limit = settings.CAMPAIGN_TEST_GROUP_LIMIT
            if count > limit:
                message = messages.TEST_GROUP_TOO_LARGE.format(limit=limit)
                raise ValidationFailed(message, errors={"groupId": [message]})
            send = transactional_send(
                profile_ids=audience_profile_ids(sql, params),
                subject=subject,
                html=content.html,
                text=content.text,
                from_name=sender.name,
                from_address=sender.address,
                reply_to=sender.reply_to,
                kind=SendKind.TEST,
                view_in_browser=content.view_in_browser,
            )
        else:
            send = test_send(
                addresses=emails or [],
                subject=subject,
                html=content.html,
                text=content.text,
                from_name=sender.name,
                from_address=sender.address,
                reply_to=sender.reply_to,
                view_in_browser=content.view_in_browser,
            )
        # Who was mailed, not only how many (issue 22.2): the send's own rows.
        addresses = send_addresses(send.pk)
        audit_record(
            AuditEvent.CAMPAIGN_TEST_SENT,
            object_id=campaign.pk,
            label=campaign.name,
            extra={"recipients": len(addresses), "addresses": addresses, "groupId": group_id},
        )
    return send.pk
