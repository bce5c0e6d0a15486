"""Reading summary notifications and their sent digests for the screens."""

from __future__ import annotations

from django.db import connection
from django.db.models import Count, QuerySet

from marketing.delivery.selectors import send_states
from marketing.workflows.models import WorkflowStatus
from marketing.workflows.summary.models import SummaryDigest, SummaryNotification


def summaries() -> QuerySet[SummaryNotification]:
    return (
        SummaryNotification.objects.select_related("workflow")
        .exclude(workflow__status=WorkflowStatus.DELETE)
        .annotate(digests_sent=Count("digests"))
        .order_by("-created_at", "-id")
    )


def summary_out(notification: SummaryNotification) -> dict:
    workflow = notification.workflow
    sent = getattr(notification, "digests_sent", None)
    if sent is None:
        sent = notification.digests.count()
    return {
        "id": notification.pk,
        "workflow_id": workflow.pk,
        "name": workflow.name,
        "description": workflow.description,
        "status": workflow.status,
        "frequency": notification.frequency,
        "weekdays": notification.weekdays,
        "month_day_mode": notification.month_day_mode,
        "month_days": notification.month_days,
        "send_time": notification.send_time.strftime("%H:%M"),
        "period": notification.period,
        "recipients": notification.recipients,
        "active": notification.active,
        "next_due_at": notification.next_due_at,
        "last_sent_at": notification.last_sent_at,
        "time_zone": connection.tenant.time_zone,
        "digests_sent": sent,
    }


def digests(notification_id: int | None = None) -> QuerySet[SummaryDigest]:
    found = SummaryDigest.objects.select_related("notification__workflow")
    if notification_id is not None:
        found = found.filter(notification_id=notification_id)
    return found.order_by("-created_at", "-id")


def digests_out(page: list[SummaryDigest]) -> list[dict]:
    """The page's digests with their sends' status and delivered counts (one query)."""
    states = send_states([d.send_id for d in page if d.send_id is not None])
    return [_digest_out(digest, states.get(digest.send_id)) for digest in page]


def _digest_out(digest: SummaryDigest, state) -> dict:
    return {
        "id": digest.pk,
        "notification_id": digest.notification_id,
        "name": digest.notification.workflow.name,
        "subject": digest.subject,
        "period": digest.period,
        "period_start": digest.period_start,
        "period_end": digest.period_end,
        "due_at": digest.due_at,
        "recipients": digest.recipients,
        "figures": digest.figures,
        "crm": digest.crm,
        "delivery_status": state.status if state else "sending",
        "delivered": state.sent if state else 0,
        "created_at": digest.created_at,
    }
