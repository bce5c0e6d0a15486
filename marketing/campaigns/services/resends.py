"""Resends (spec 3 resendCampaignData and resendToOpenButNotClicked, spec 4's status codes
0 not scheduled, 1 scheduled, 2 delivered, 3 failed): once, 2 to 10 days after the
campaign started, at the chosen time of the client's zone, with a subject of its own.

- Scheduled when the campaign starts (`resends_schedule`: status 1 and the instant).
- Due ones are found by the tick in the database (`resends_due`) once the campaign's
  mailing is Sent; a campaign that failed fails its resends (3).
- `resend_send` claims one resend with a conditional UPDATE (status 1, not processed,
  due -> processed now): two ticks at once send it once. In the same transaction it
  freezes the resend's send (part "resendUnopened"/"resendUnclicked", unique in the
  ledger) to whom it is for, counted on human events only: non-openers are the people
  the campaign reached with neither a human open nor a human click of it (a click is
  read as an open: the pixel may have been blocked); opened-not-clicked are those with a
  human open and no human click. Machine opens and bot clicks neither count nor exclude.
- `resend_statuses_follow`: a started resend whose send finished is delivered (2), or
  failed (3) when not one of its messages went out; one with no one to go to is
  delivered at once."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import NotFound
from marketing.campaigns.models import Campaign, CampaignKind, CampaignStatus, ResendStatus
from marketing.campaigns.selectors import MAILING_PARTS, campaign_sends
from marketing.campaigns.services.mailing import mailing_content, mailing_start
from marketing.delivery.services.send_control import SendStatus
from marketing.delivery.sql_surface import send_profile_ids_sql
from marketing.tracking.sql_surface import human_activity_members_sql


@dataclass(frozen=True)
class Resend:
    part: str  # the ledger's part and the API's prefix
    prefix: str  # the model's field prefix


UNOPENED = Resend("resendUnopened", "resend_unopened")
UNCLICKED = Resend("resendUnclicked", "resend_unclicked")
RESENDS = (UNOPENED, UNCLICKED)


def _field(resend: Resend, name: str) -> str:
    return f"{resend.prefix}_{name}" if name else resend.prefix


def resends_schedule(campaign: Campaign, *, started_at: datetime, time_zone: str) -> dict:
    """The fields that schedule the campaign's chosen resends (status 1): `days` after the
    send's date (its schedule) in the client's zone, at the chosen time there. RSS campaigns send
    issues, not resends."""
    values = {}
    if campaign.kind == CampaignKind.RSS:
        return values
    zone = ZoneInfo(time_zone)
    for resend in RESENDS:
        days = getattr(campaign, _field(resend, "days"))
        at = getattr(campaign, _field(resend, "time"))
        if not getattr(campaign, resend.prefix) or days is None or at is None:
            continue
        day = started_at.astimezone(zone).date() + timedelta(days=days)
        values[_field(resend, "scheduled_at")] = datetime.combine(day, at, tzinfo=zone)
        values[_field(resend, "status")] = ResendStatus.SCHEDULED
        values[_field(resend, "processed_at")] = None
    return values


def resends_due() -> list[tuple[int, str]]:
    """(campaign id, resend part) of every resend due now: scheduled, not yet processed,
    its instant passed, and its campaign's mailing Sent (or Failed: it fails too)."""
    now = timezone.now()
    due = []
    for resend in RESENDS:
        ids = Campaign.objects.filter(
            Q(status__in=[CampaignStatus.SENT, CampaignStatus.FAILED]),
            **{
                _field(resend, "status"): ResendStatus.SCHEDULED,
                f"{_field(resend, 'processed_at')}__isnull": True,
                f"{_field(resend, 'scheduled_at')}__lte": now,
            },
        ).values_list("pk", flat=True)
        due.extend((campaign_id, resend.part) for campaign_id in ids)
    return due


def _claim(campaign_id: int, resend: Resend) -> bool:
    """Scheduled, unprocessed and due -> processed now, in one statement."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Campaign._meta.db_table} SET {_field(resend, 'processed_at')} = now()"
            f" WHERE id = %s AND {_field(resend, 'status')} = %s"
            f" AND {_field(resend, 'processed_at')} IS NULL"
            f" AND {_field(resend, 'scheduled_at')} <= clock_timestamp()",
            [campaign_id, ResendStatus.SCHEDULED],
        )
        return cursor.rowcount == 1


def resend_audience_sql(campaign: Campaign, resend: Resend) -> tuple[str, list]:
    """Whom the resend goes to (human events only), as SQL of profile ids."""
    sends = campaign_sends([campaign.pk]).get(campaign.pk, [])
    reached, reached_params = send_profile_ids_sql(
        [s.send_id for s in sends if s.part in MAILING_PARTS], sent_only=True
    )
    opened, opened_params = human_activity_members_sql(event="opened", campaign_id=campaign.pk)
    clicked, clicked_params = human_activity_members_sql(event="clicked", campaign_id=campaign.pk)
    # NOT EXISTS, not NOT IN: PostgreSQL plans it as an anti-join however many rows.
    opened_any = (
        f"EXISTS (SELECT 1 FROM ({opened}) o WHERE o.id = r.id)",
        f"EXISTS (SELECT 1 FROM ({clicked}) k WHERE k.id = r.id)",
    )
    if resend == UNOPENED:
        return (
            f"SELECT r.id FROM ({reached}) r WHERE NOT {opened_any[0]} AND NOT {opened_any[1]}",
            [*reached_params, *opened_params, *clicked_params],
        )
    return (
        f"SELECT r.id FROM ({reached}) r WHERE {opened_any[0]} AND NOT {opened_any[1]}",
        [*reached_params, *opened_params, *clicked_params],
    )


def _status_set(campaign_id: int, resend: Resend, status: int) -> None:
    Campaign.objects.filter(pk=campaign_id).update(**{_field(resend, "status"): status})


def resend_send(*, campaign_id: int, part: str) -> str:
    """Send one due resend once. Returns what happened (for the task's result)."""
    resend = next(r for r in RESENDS if r.part == part)
    with transaction.atomic():
        if not _claim(campaign_id, resend):
            return "notDue"
        campaign = Campaign.objects.select_related("campaign_type").get(pk=campaign_id)
        if campaign.status != CampaignStatus.SENT:
            _status_set(campaign_id, resend, ResendStatus.FAILED)
            return "failed"
        variant = campaign.ab_winner if campaign.kind == CampaignKind.AB else ""
        try:
            content = mailing_content(campaign, variant=variant)
        except NotFound:
            _status_set(campaign_id, resend, ResendStatus.FAILED)
            return "failed"
        subject = getattr(campaign, _field(resend, "subject")).strip() or content.subject
        sql, params = resend_audience_sql(campaign, resend)
        started = mailing_start(
            campaign,
            content=type(content)(subject=subject, html=content.html, text=content.text),
            audience_sql=sql,
            params=params,
            part=resend.part,
        )
        if started.recipients == 0:
            _status_set(campaign_id, resend, ResendStatus.DELIVERED)
        audit_record(
            AuditEvent.CAMPAIGN_RESEND_STARTED,
            object_id=campaign.pk,
            label=campaign.name,
            extra={"resend": resend.part, "recipients": started.recipients},
            path="system",
        )
    return "started"


def resend_statuses_follow() -> int:
    """Started resends whose send finished: delivered (2), or failed (3) when none of its
    messages went out. Returns how many changed."""
    changed = 0
    for resend in RESENDS:
        waiting = list(
            Campaign.objects.filter(
                **{
                    _field(resend, "status"): ResendStatus.SCHEDULED,
                    f"{_field(resend, 'processed_at')}__isnull": False,
                }
            ).values_list("pk", flat=True)
        )
        sends = campaign_sends(waiting)
        for campaign_id in waiting:
            state = next((s for s in sends.get(campaign_id, []) if s.part == resend.part), None)
            if state is None or state.status != SendStatus.FINISHED:
                continue
            status = ResendStatus.DELIVERED if state.sent else ResendStatus.FAILED
            changed += Campaign.objects.filter(
                pk=campaign_id, **{_field(resend, "status"): ResendStatus.SCHEDULED}
            ).update(**{_field(resend, "status"): status})
    return changed
