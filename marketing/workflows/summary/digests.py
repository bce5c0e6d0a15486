"""Making and sending summary digests.

The sweep (`summaries_due_send`, run by the periodic task in tasks.py in every client)
takes each active notification whose `next_due_at` has come, with its row locked
(SKIP LOCKED: two sweeps at once never take the same one), and in one transaction:
records the digest for that occurrence (unique per notification and due time), counts
the client's figures for the period (figures.py) and asks the CRM adapter for its fields
(crm.py), renders the mail with the summary-notification merge tags, hands it to the
delivery pipeline's transactional lane (one send per digest), and moves `next_due_at` to
the next occurrence after now. A sweep that runs twice, or a redelivered task, finds the
row not due any more, or the digest already there: a period's digest is sent once.

Occurrences missed while nothing ran (an outage of days) are not sent one by one: the
latest due one is, and the schedule moves on from now.

The mail's footer is the fixed company address and the admin sender (spec 9)."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from marketing.delivery.services.transactional import addresses_send
from marketing.rendering.services import template_render
from marketing.workflows.summary.crm import CRM_FIELDS, crm_summary
from marketing.workflows.summary.figures import period_figures
from marketing.workflows.summary.links import summary_link
from marketing.workflows.summary.messages import DIGEST_SUBJECT, PERIOD_LABELS
from marketing.workflows.summary.models import SummaryDigest, SummaryNotification
from marketing.workflows.summary.schedule import next_due, period_bounds
from marketing.workflows.summary.services import notification_schedule

SEND_PART = "summaryDigest"
SWEEP_BATCH = 200
FIGURE_LABELS = (
    ("campaignsSent", "Campaigns sent"),
    ("opens", "Opens"),
    ("clicks", "Clicks"),
    ("newProfiles", "New profiles"),
    ("formConversions", "Form conversions"),
    ("unsubscribes", "Unsubscribes"),
)
CRM_LABELS = {
    "contracts": "Contracts",
    "activity": "Activity",
    "pipelineVisibility": "Pipeline visibility",
    "activityBySalesPerson": "Activity by sales person",
    "proposals": "Proposals",
    "meetings": "Meetings",
}
CRM_MISSING = (
    "Contracts, proposals, pipeline, meetings and sales activity appear here once the"
    " suite's CRM is connected."
)
_SUFFIX = {"today": "Today", "week": "Week", "month": "Month", "quarter": "Quarter"}


def _client(client=None):
    """The client being worked on: the sweep passes it (clients_each leaves only the schema
    on the connection); a call in a request or a task reads it from the connection."""
    return client if client is not None else connection.tenant


def date_range_text(start: datetime, end: datetime, zone: ZoneInfo) -> str:
    first, last = start.astimezone(zone), end.astimezone(zone)
    return f"{first:%b %d, %Y %H:%M} – {last:%b %d, %Y %H:%M} ({zone.key})"


def _template(period: str, crm: dict[str, str]) -> tuple[str, str]:
    """The digest's HTML and text, written with merge tags (the values fill them, escaped
    by the renderer)."""
    suffix = _SUFFIX[period]
    rows = "".join(
        f'<tr><td style="padding:6px 16px 6px 0">{label}</td>'
        f'<td style="padding:6px 0"><strong><% {name}{suffix} || 0 %></strong></td></tr>'
        for name, label in FIGURE_LABELS
    )
    lines = [f"{label}: <% {name}{suffix} || 0 %>" for name, label in FIGURE_LABELS]
    if crm:
        crm_rows = "".join(
            f'<tr><td style="padding:6px 16px 6px 0">{CRM_LABELS[name]}</td>'
            f'<td style="padding:6px 0"><% {name}{suffix} %></td></tr>'
            for name in CRM_FIELDS
            if name in crm
        )
        crm_html = f'<table role="presentation">{crm_rows}</table>'
        crm_text = [f"{CRM_LABELS[n]}: <% {n}{suffix} %>" for n in CRM_FIELDS if n in crm]
    else:
        crm_html = f'<p style="color:#495057">{CRM_MISSING}</p>'
        crm_text = [CRM_MISSING]
    html = (
        '<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e">'
        '<h1 style="font-size:20px"><% scheduleName %></h1>'
        '<p style="color:#495057"><% dateRange %></p>'
        f'<table role="presentation">{rows}</table>'
        f'<h2 style="font-size:16px">From your CRM</h2>{crm_html}'
        '<p><a href="<% reportsUrl %>">View this summary online</a></p>'
        '<hr><p style="font-size:12px;color:#495057">Sent by <% adminSender %><br>'
        "<% companyAddress %></p></body></html>"
    )
    text = "\n".join(
        [
            "<% scheduleName %>",
            "<% dateRange %>",
            "",
            *lines,
            "",
            "From your CRM",
            *crm_text,
            "",
            "View this summary online: <% reportsUrl %>",
            "",
            "--",
            "Sent by <% adminSender %>",
            "<% companyAddress %>",
        ]
    )
    return html, text


def digest_values(digest: SummaryDigest, zone: ZoneInfo, client) -> dict[str, object]:
    """The merge values of a digest: its figures and CRM fields under the period's tag
    names (opensWeek, contractsWeek...), and the automation fields it uses."""
    suffix = _SUFFIX[digest.period]
    values: dict[str, object] = {f"{k}{suffix}": v for k, v in digest.figures.items()}
    values.update({f"{k}{suffix}": v for k, v in digest.crm.items()})
    values.update(
        scheduleName=digest.notification.workflow.name,
        dateRange=date_range_text(digest.period_start, digest.period_end, zone),
        reportsUrl=summary_link(digest, client),
        adminSender=(
            f"{settings.SUMMARY_NOTIFICATION_FROM_NAME}"
            f" <{settings.SUMMARY_NOTIFICATION_FROM_ADDRESS}>"
        ),
        companyAddress=settings.SUMMARY_NOTIFICATION_COMPANY_ADDRESS,
    )
    return values


def _digest_send(digest: SummaryDigest, zone: ZoneInfo, client) -> None:
    html, text = _template(digest.period, digest.crm)
    values = digest_values(digest, zone, client)
    rendered = template_render(digest.subject, html, text, values)
    send = addresses_send(
        addresses=digest.recipients,
        subject=rendered.subject,
        html=rendered.html,
        text=rendered.text,
        from_name=settings.SUMMARY_NOTIFICATION_FROM_NAME,
        from_address=settings.SUMMARY_NOTIFICATION_FROM_ADDRESS,
        source_id=digest.pk,
        part=SEND_PART,
    )
    digest.send_id = send.pk
    digest.save(update_fields=["send_id"])


def summary_digest_send(
    notification_id: int, *, client=None, now: datetime | None = None
) -> int | None:
    """Send the due digest of this notification, if it is (still) due: its digest's id,
    or None when there was nothing to do."""
    now = now or timezone.now()
    client = _client(client)
    zone = ZoneInfo(client.time_zone)
    with transaction.atomic():
        notification = (
            SummaryNotification.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("workflow")
            .filter(pk=notification_id, active=True, next_due_at__lte=now)
            .first()
        )
        if notification is None:
            return None
        due = notification.next_due_at
        digest = SummaryDigest.objects.filter(notification=notification, due_at=due).first()
        if digest is None:
            start, end = period_bounds(notification.period, due, zone)
            label = PERIOD_LABELS[notification.period]
            digest = SummaryDigest.objects.create(
                notification=notification,
                due_at=due,
                period=notification.period,
                period_start=start,
                period_end=end,
                subject=DIGEST_SUBJECT.format(client=client.name, period=label),
                recipients=list(notification.recipients),
                figures=period_figures(start, end),
                crm=crm_summary(start, end),
            )
            _digest_send(digest, zone, client)
            notification.last_sent_at = now
        schedule = notification_schedule(notification)
        notification.next_due_at = next_due(schedule, max(due, now), zone)
        notification.save(update_fields=["next_due_at", "last_sent_at", "updated_at"])
        return digest.pk


def summaries_due(now: datetime | None = None) -> list[int]:
    now = now or datetime.now(UTC)
    due = SummaryNotification.objects.filter(active=True, next_due_at__lte=now)
    return list(due.order_by("next_due_at").values_list("pk", flat=True)[:SWEEP_BATCH])


def summaries_due_send(client=None, now: datetime | None = None) -> list[int]:
    """The sweep's work in the current client: the digests it sent."""
    sent = []
    for notification_id in summaries_due(now):
        digest_id = summary_digest_send(notification_id, client=client, now=now)
        if digest_id is not None:
            sent.append(digest_id)
    return sent
