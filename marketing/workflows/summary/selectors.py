"""Reading summary notifications and their sent digests for the screens."""

from __future__ import annotations

from django.db import connection
from django.db.models import Count, OuterRef, Q, QuerySet, Subquery

from marketing.delivery.models import Delivery, DeliveryState, Send
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
    status = Send.objects.filter(pk=OuterRef("send_id")).values("status")[:1]
    delivered = (
        Delivery.objects.filter(send_id=OuterRef("send_id"))
        .values("send_id")
        .annotate(n=Count("pk", filter=Q(state=DeliveryState.SENT)))
        .values("n")[:1]
    )
    return found.annotate(delivery_status=Subquery(status), delivered=Subquery(delivered)).order_by(
        "-created_at", "-id"
    )


def digest_out(digest: SummaryDigest) -> dict:
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
        "delivery_status": getattr(digest, "delivery_status", None) or "sending",
        "delivered": getattr(digest, "delivered", None) or 0,
        "created_at": digest.created_at,
    }
