"""Sending a campaign: spec 4's "draft save and send" (now or at a schedule), the start
that freezes the audience into the delivery ledger, pause and resume, and the campaign's
status following its send.

- A send, now or later, is data: the campaign becomes Scheduled with its instant; a send
  now is scheduled for now and its start is sent on commit. Beat's tick
  (`campaigns.schedule_tick`) starts whatever is due in every client, so a lost message
  only delays a start by a minute.
- The start claims the campaign with one conditional UPDATE (Scheduled and due ->
  Sending): of ten starts at once, one gets the row, the others change nothing. In the
  same transaction it snapshots the content, freezes the audience
  (`delivery.services.send_control.send_start`) and sends the run on commit. No mailable
  recipient: Failed, 'The campaign failed as there were no recipients in the campaign'.
- Sending in each recipient's zone: the ledger is frozen up to 26 hours early (the
  earliest zone, UTC+14, seen from the latest, UTC-12) and each row gets the schedule's
  wall-clock time in its profile's zone as its due time.
- An A/B campaign's start freezes its test share, one send per variant (services/ab.py);
  an RSS campaign's start is a check of its feed (services/rss.py); every send goes
  through services/mailing.py (content snapshot, Rep as Sender).
- The status follows the mailing (`campaign_statuses_follow`, when the send settles and
  at each tick: services/following.py): finished ->
  Sent (an A/B campaign once its winner's send finished too); paused by the pipeline (a
  receiver refusing the sender) -> Paused with its message."""

from __future__ import annotations

from datetime import timedelta
from enum import StrEnum

from django.db import connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import NotFound, ValidationFailed
from core.tasks import enqueue_on_commit
from marketing.audience.selectors.segment_sources import group_names
from marketing.campaigns import messages
from marketing.campaigns.models import Campaign, CampaignKind, CampaignStatus
from marketing.campaigns.selectors import (
    MAILING_PARTS,
    audience_mailable_count,
    campaign_audience_sql,
    campaign_get,
    campaign_send_states,
    campaign_sends,
    campaign_settings_get,
    campaigns_unfinished,
)
from marketing.campaigns.services.ab import ab_start
from marketing.campaigns.services.campaigns import _apply, _save, campaign_lock_editable
from marketing.campaigns.services.content import content_merge_tag_problems
from marketing.campaigns.services.limits import campaign_limits
from marketing.campaigns.services.mailing import mailing_content, mailing_start
from marketing.campaigns.services.resends import resends_schedule
from marketing.campaigns.services.rss import rss_issue_send
from marketing.campaigns.services.senders import campaign_from
from marketing.campaigns.services.time_zones import profile_due_sql
from marketing.campaigns.services.validation import SendContext, campaign_send_check
from marketing.campaigns.task_declarations import CAMPAIGN_START
from marketing.content.selectors import template_get
from marketing.delivery.services.breaker import sending_stopped_reason
from marketing.delivery.services.send_control import (
    SendStatus,
    deliveries_due_set,
    send_pause_by_id,
    send_release,
    send_resume,
)
from marketing.segments.sql_surface import segment_profile_ids_sql
from tenants.access import Member
from tenants.plan_limits import Module, plan_limit_enforce

# How early a campaign sent in each recipient's zone starts freezing its ledger.
RECIPIENT_ZONE_LEAD = timedelta(hours=26)


class SendWhen(StrEnum):
    NOW = "now"
    SCHEDULE = "schedule"


def _client_zone() -> str:
    return connection.tenant.time_zone


def _template_exists(template_id) -> bool:
    if template_id is None:
        return False
    try:
        template_get(template_id=int(template_id))
    except (NotFound, ValueError, TypeError):
        return False
    return True


def _segments_known(segment_ids) -> bool:
    for segment_id in segment_ids:
        try:
            segment_profile_ids_sql(segment_id=segment_id)
        except NotFound:
            return False
    return True


def _content_problems(campaign: Campaign) -> dict[str, list[str]]:
    """Unreadable merge tags in what each part of the mailing would send (a missing
    template is the send check's own refusal)."""
    names = (
        [v.get("name", "") for v in campaign.ab_variants]
        if campaign.kind == CampaignKind.AB
        else [""]
    )
    contents = []
    for name in names:
        try:
            contents.append(mailing_content(campaign, variant=name))
        except (NotFound, TypeError, ValueError):
            continue
    return content_merge_tag_problems(*contents)


def send_context(campaign: Campaign, *, now) -> SendContext:
    """What the send check needs besides the row: the type, the template, the audience."""
    html = None
    if campaign.template_id is not None and _template_exists(campaign.template_id):
        html = template_get(template_id=campaign.template_id).html
    groups_known = set(campaign.group_ids) <= {g["id"] for g in group_names()}
    segments_known = _segments_known(campaign.segment_ids)
    count = 0
    if groups_known and segments_known:
        sql, params = campaign_audience_sql(campaign, time_zone=_client_zone())
        count = audience_mailable_count(sql, params)
    sender = campaign_from(campaign)
    return SendContext(
        now=now,
        campaign_type=campaign.campaign_type,
        template_html=html,
        template_exists=_template_exists,
        recipient_count=count,
        groups_known=groups_known,
        segments_known=segments_known,
        sender_problem=sender.problem,
        limits=campaign_limits(campaign, sender_address=sender.address, count=count, now=now),
        content_problems=_content_problems(campaign),
        postal_address=campaign_settings_get().postal_address,
    )


def campaign_send(
    *, campaign_id: int, values: dict, when: str, member: Member | None = None
) -> Campaign:
    """Spec 4's "draft save and send": save the changes, check everything a send needs
    (spec 5.2, 5.3), then schedule it (the client's zone is the API's business: the
    instant arrives in UTC) or send it now. Refused campaigns keep their saved changes
    out too: nothing is written unless the whole action passes."""
    now = timezone.now()
    with transaction.atomic():
        campaign = campaign_lock_editable(campaign_id)
        _apply(campaign, values)
        if when == SendWhen.NOW:
            campaign.scheduled_at = now
        context = send_context(campaign, now=now)
        campaign_send_check(campaign, context, starting_now=when == "now")
        # A campaign counts toward SentCampaigns from its schedule on (selectors).
        counted = campaign.status == CampaignStatus.SCHEDULED
        plan_limit_enforce(
            client=connection.tenant, module=Module.SENT_CAMPAIGNS, adding=0 if counted else 1
        )
        campaign.status = CampaignStatus.SCHEDULED
        campaign.status_message = context.limits.warmup_note  # shown on the schedule
        campaign.updated_at = now
        _save(campaign)
        audit_record(
            AuditEvent.CAMPAIGN_SCHEDULED,
            object_id=campaign.pk,
            label=campaign.name,
            extra={"when": str(when), "scheduledAt": campaign.scheduled_at.isoformat()},
        )
        if campaign_start_due(campaign, now=now):
            enqueue_on_commit(CAMPAIGN_START, campaign_id=campaign.pk)
    return campaign_get(campaign_id=campaign.pk)


def campaign_start_due(campaign: Campaign, *, now) -> bool:
    lead = RECIPIENT_ZONE_LEAD if campaign.send_in_recipient_zone else timedelta(0)
    return campaign.scheduled_at is not None and campaign.scheduled_at - lead <= now


def campaigns_due() -> list[int]:
    """Scheduled campaigns whose start is due now (recipient-zone ones a lead early)."""
    now = timezone.now()
    candidates = Campaign.objects.filter(
        status=CampaignStatus.SCHEDULED, scheduled_at__lte=now + RECIPIENT_ZONE_LEAD
    ).only("pk", "scheduled_at", "send_in_recipient_zone")
    return [c.pk for c in candidates if campaign_start_due(c, now=now)]


def _claim(campaign_id: int) -> bool:
    """Scheduled and due -> Sending, in one statement (the row lock decides the race)."""
    lead = RECIPIENT_ZONE_LEAD.total_seconds()
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Campaign._meta.db_table} SET status = %s, started_at = now()"
            " WHERE id = %s AND status = %s AND scheduled_at - CASE WHEN"
            " send_in_recipient_zone THEN make_interval(secs => %s) ELSE interval '0' END"
            " <= clock_timestamp()",
            [CampaignStatus.SENDING, campaign_id, CampaignStatus.SCHEDULED, lead],
        )
        return cursor.rowcount == 1


def _fail(campaign: Campaign, message: str) -> None:
    Campaign.objects.filter(pk=campaign.pk).update(
        status=CampaignStatus.FAILED, status_message=message, updated_at=timezone.now()
    )


def campaign_start(*, campaign_id: int) -> str:
    """Start a due campaign once, however many times it is asked: freeze its audience
    into the ledger (an A/B campaign: its test share, one send per variant) and send the
    run. An RSS campaign sends an issue instead (services/rss.py). Returns what happened
    (for the task's result)."""
    if Campaign.objects.filter(pk=campaign_id, kind=CampaignKind.RSS).exists():
        return rss_issue_send(campaign_id=campaign_id)
    with transaction.atomic():
        if not _claim(campaign_id):
            return "notDue"
        campaign = Campaign.objects.select_related("campaign_type").get(pk=campaign_id)
        now = timezone.now()
        try:
            # Things may have changed since it was scheduled (a template or segment deleted).
            campaign_send_check(campaign, send_context(campaign, now=now), starting_now=True)
            if campaign.kind == CampaignKind.AB:
                send_id, recipients = ab_start(campaign, time_zone=_client_zone())
                held = False
            else:
                sql, params = campaign_audience_sql(campaign, time_zone=_client_zone())
                held = campaign.send_in_recipient_zone
                started = mailing_start(
                    campaign,
                    content=mailing_content(campaign),
                    audience_sql=sql,
                    params=params,
                    hold=held,
                )
                send_id, recipients = started.send_id, started.recipients
                held = held and started.created
        except (ValidationFailed, NotFound) as refused:
            _fail(campaign, refused.message)
            return "failed"
        if recipients == 0:
            _fail(campaign, messages.NO_RECIPIENTS)
            return "noRecipients"
        if held:
            due_sql, due_params = profile_due_sql(campaign.scheduled_at, client_zone=_client_zone())
            deliveries_due_set(send_id, due_sql=due_sql, params=due_params)
            send_release(send_id)
        Campaign.objects.filter(pk=campaign.pk).update(
            send_id=send_id,
            recipient_count=recipients,
            updated_at=now,
            # the send's own time (a recipient-zone campaign starts up to 26 h early)
            **resends_schedule(
                campaign, started_at=campaign.scheduled_at or now, time_zone=_client_zone()
            ),
        )
        audit_record(
            AuditEvent.CAMPAIGN_STARTED,
            object_id=campaign.pk,
            label=campaign.name,
            extra={"recipients": recipients},
            path="system",
        )
    return "started"


def campaign_pause(*, campaign_id: int, member: Member | None) -> Campaign:
    """Spec 4: a scheduled campaign can be paused (the screen asks to confirm first); a
    sending one stops before its next batch."""
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().filter(pk=campaign_id).first()
        if campaign is None:
            raise NotFound(messages.CAMPAIGN_NOT_FOUND)
        if campaign.status not in (CampaignStatus.SCHEDULED, CampaignStatus.SENDING):
            raise ValidationFailed(
                messages.NOT_PAUSABLE, errors={"status": [messages.NOT_PAUSABLE]}
            )
        message = messages.PAUSED_BY_PERSON.format(email=member.email if member else "system")
        if campaign.status == CampaignStatus.SENDING:
            for state in _mailing_sends(campaign):
                send_pause_by_id(state.send_id, message=message)
        campaign.paused_from = campaign.status
        campaign.status = CampaignStatus.PAUSED
        campaign.status_message = message
        campaign.updated_at = timezone.now()
        campaign.save(update_fields=["paused_from", "status", "status_message", "updated_at"])
        audit_record(AuditEvent.CAMPAIGN_PAUSED, object_id=campaign.pk, label=campaign.name)
    return campaign_get(campaign_id=campaign.pk)


def _mailing_sends(campaign: Campaign):
    """The sends of the campaign's mailing (main, or A/B variants and winner)."""
    return [
        s for s in campaign_sends([campaign.pk]).get(campaign.pk, []) if s.part in MAILING_PARTS
    ]


def campaign_resume(*, campaign_id: int) -> Campaign:
    """Back to where it was paused: a scheduled one waits for its time again (or starts
    at once when that has passed); a sending one's run is sent again."""
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().filter(pk=campaign_id).first()
        if campaign is None:
            raise NotFound(messages.CAMPAIGN_NOT_FOUND)
        if campaign.status != CampaignStatus.PAUSED:
            raise ValidationFailed(
                messages.NOT_RESUMABLE, errors={"status": [messages.NOT_RESUMABLE]}
            )
        stopped = sending_stopped_reason()  # the breaker: an admin resumes sending first
        if stopped:
            raise ValidationFailed(stopped, errors={"status": [stopped]})
        if campaign.paused_from == CampaignStatus.SENDING:
            for state in _mailing_sends(campaign):
                send_resume(state.send_id)
            campaign.status = CampaignStatus.SENDING
        else:
            campaign.status = CampaignStatus.SCHEDULED
        campaign.paused_from = ""
        campaign.status_message = ""
        campaign.updated_at = timezone.now()
        campaign.save(update_fields=["paused_from", "status", "status_message", "updated_at"])
        audit_record(AuditEvent.CAMPAIGN_RESUMED, object_id=campaign.pk, label=campaign.name)
        if campaign.status == CampaignStatus.SCHEDULED and campaign_start_due(
            campaign, now=timezone.now()
        ):
            enqueue_on_commit(CAMPAIGN_START, campaign_id=campaign.pk)
    return campaign_get(campaign_id=campaign.pk)


def campaign_statuses_follow() -> int:
    """Started campaigns take their send's state: finished -> Sent; paused by the
    pipeline -> Paused with the pipeline's message. Returns how many changed."""
    campaigns = campaigns_unfinished()
    states = campaign_send_states(campaigns)
    changed = 0
    for campaign in campaigns:
        state = states.get(campaign.pk)
        if state is None:
            continue
        values = None
        # An A/B campaign is sent once its winner's send is finished too.
        testing = campaign.kind == CampaignKind.AB and not campaign.ab_winner
        if state.status == SendStatus.FINISHED and not testing:
            values = dict(status=CampaignStatus.SENT, sent_at=state.finished_at, status_message="")
        elif state.status == SendStatus.PAUSED and campaign.status == CampaignStatus.SENDING:
            values = dict(
                status=CampaignStatus.PAUSED,
                paused_from=CampaignStatus.SENDING,
                status_message=state.status_message,
            )
        if values:
            changed += Campaign.objects.filter(pk=campaign.pk, status=campaign.status).update(
                **values, updated_at=timezone.now()
            )
    return changed
