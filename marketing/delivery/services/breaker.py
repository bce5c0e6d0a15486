"""The breaker (issue 12): a client whose spam complaints or hard bounces run too high
stops sending until an admin resumes it, before the mailbox providers block its domain
(Gmail and Yahoo ask senders to stay below 0.3 % complaints).

Over the last DELIVERY_BREAKER_WINDOW_DAYS (counted from the last resume at most), once
DELIVERY_BREAKER_MIN_SENT messages were sent: complaints / sent above
DELIVERY_BREAKER_COMPLAINT_RATE, or hard bounces / sent above
DELIVERY_BREAKER_HARD_BOUNCE_RATE, trips it. Sent messages come from the ledger
(`sent_at`, indexed); hard bounces and complaints from the suppression list, where every
one of them lands once per address (at the SMTP reply, from a DSN, an ARF report or an
ESP's webhook). Bounces that blame the sender (blocked, spam detected, policy, rate
limited: bounce_reading/reasons.py) suppress no one but count with the hard bounces: a
receiver refusing the client is as much a warning as addresses that do not exist. Both
leave test sends out (the same population above and below the line): a test's bounce
suppresses its address (`Suppression.from_test_send`) but never counts, so a member
cannot trip the breaker with tests.

Tripping records `SendingHealth.tripped_at` and the reason, pauses every broadcast send
with the reason as its message (campaigns take it over as Paused, with the message, on
their next tick), is audited, and mails the client's admins on commit
(services/breaker_alert.py). While tripped, campaigns are refused at schedule, start
and resume (`sending_stopped_reason`). Looked at on commit of each hard bounce or
complaint, at most every DELIVERY_BREAKER_CHECK_SECONDS per client (a cache key), and on
every sweep."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from core.tasks import enqueue_on_commit
from marketing.delivery.bounce_reading.reasons import SENDER_PROBLEMS
from marketing.delivery.messages import (
    BREAKER_DETAIL_BOUNCES,
    BREAKER_DETAIL_COMPLAINTS,
    BREAKER_DETAIL_SENDER,
    BREAKER_NOT_TRIPPED,
    BREAKER_TRIPPED,
)
from marketing.delivery.models import (
    Delivery,
    DeliveryReport,
    Send,
    SendingHealth,
    SendKind,
    SendStatus,
    Suppression,
    SuppressionReason,
)
from marketing.delivery.services.settled import send_settled_announce
from marketing.delivery.task_declarations import BREAKER_ALERT_SEND

CHECK_KEY = "delivery:breaker:check"


@dataclass(frozen=True)
class Window:
    since: object
    sent: int
    hard_bounces: int
    complaints: int
    sender_problems: int = 0

    @property
    def complaint_rate(self) -> float:
        return self.complaints / self.sent if self.sent else 0.0

    @property
    def hard_bounce_rate(self) -> float:
        bounces = self.hard_bounces + self.sender_problems
        return bounces / self.sent if self.sent else 0.0


def health_read() -> SendingHealth:
    """The client's row, or an unsaved one (never tripped) when it has none: reads write
    nothing."""
    return SendingHealth.objects.order_by("pk").first() or SendingHealth()


def _health_locked() -> SendingHealth:
    health = SendingHealth.objects.order_by("pk").first() or SendingHealth.objects.create()
    return SendingHealth.objects.select_for_update().get(pk=health.pk)


def window_count(health: SendingHealth, *, now=None) -> Window:
    now = now or timezone.now()
    since = now - timedelta(days=settings.DELIVERY_BREAKER_WINDOW_DAYS)
    if health.counted_from and health.counted_from > since:
        since = health.counted_from
    sent = (
        # Accepted by the receiver in the window (a bounce reported later keeps its sent_at).
        Delivery.objects.filter(sent_at__gte=since).exclude(send__kind=SendKind.TEST).count()
    )
    suppressed = Suppression.objects.filter(created_at__gte=since, from_test_send=False)
    return Window(
        since=since,
        sent=sent,
        hard_bounces=suppressed.filter(reason=SuppressionReason.HARD_BOUNCE).count(),
        complaints=suppressed.filter(reason=SuppressionReason.COMPLAINT).count(),
        sender_problems=DeliveryReport.objects.filter(
            received_at__gte=since, reason__in=sorted(SENDER_PROBLEMS)
        )
        .exclude(delivery__send__kind=SendKind.TEST)
        .count(),
    )


def _trip_reason(window: Window) -> str:
    if window.sent < settings.DELIVERY_BREAKER_MIN_SENT:
        return ""
    limit = settings.DELIVERY_BREAKER_COMPLAINT_RATE
    if window.complaint_rate > limit:
        return BREAKER_DETAIL_COMPLAINTS.format(
            complaints=window.complaints, sent=window.sent, rate=window.complaint_rate, limit=limit
        )
    limit = settings.DELIVERY_BREAKER_HARD_BOUNCE_RATE
    if window.hard_bounce_rate > limit:
        detail = BREAKER_DETAIL_SENDER if window.sender_problems else BREAKER_DETAIL_BOUNCES
        return detail.format(
            bounces=window.hard_bounces,
            refused=window.sender_problems,
            sent=window.sent,
            rate=window.hard_bounce_rate,
            limit=limit,
        )
    return ""


def breaker_evaluate() -> bool:
    """Trip the breaker of the current client if its rates say so. True when it is
    tripped (now or before)."""
    with transaction.atomic():
        health = _health_locked()
        if health.tripped_at is not None:
            return True
        window = window_count(health)
        detail = _trip_reason(window)
        if not detail:
            return False
        message = BREAKER_TRIPPED.format(detail=detail)
        health.tripped_at = timezone.now()
        health.reason = message[:500]
        health.sent, health.hard_bounces = window.sent, window.hard_bounces
        health.complaints = window.complaints
        health.save()
        paused = Send.objects.filter(status=SendStatus.SENDING, transactional=False).update(
            status=SendStatus.PAUSED, status_message=health.reason
        )
        if paused:
            send_settled_announce(SendKind.CAMPAIGN, None)
        audit_record(
            AuditEvent.SENDING_HEALTH_TRIPPED,
            object_id=health.pk,
            label=detail[:200],
            extra={
                "sent": window.sent,
                "hardBounces": window.hard_bounces,
                "complaints": window.complaints,
                "sendsPaused": paused,
            },
            path="system",
        )
        enqueue_on_commit(BREAKER_ALERT_SEND, health_id=health.pk)
    return True


def breaker_check_soon() -> None:
    """After a hard bounce, a complaint or a bounce that blames the sender: look at the
    rates, at most every DELIVERY_BREAKER_CHECK_SECONDS per client (the cache key is the
    client's)."""
    if cache.add(CHECK_KEY, 1, timeout=settings.DELIVERY_BREAKER_CHECK_SECONDS):
        breaker_evaluate()


def sending_stopped_reason() -> str:
    """Why the client may not send now ('' when it may): the breaker's reason."""
    health = health_read()
    return health.reason if health.tripped_at is not None else ""


def breaker_resume(*, email: str) -> SendingHealth:
    """An admin resumes sending once the cause is dealt with: rates count afresh from
    now. Paused campaigns are resumed one by one (campaignResume)."""
    with transaction.atomic():
        health = _health_locked()
        if health.tripped_at is None:
            raise ValidationFailed(BREAKER_NOT_TRIPPED, errors={"status": [BREAKER_NOT_TRIPPED]})
        now = timezone.now()
        reason = health.reason
        health.tripped_at, health.reason = None, ""
        health.counted_from = health.resumed_at = now
        health.resumed_by = email
        health.save()
        audit_record(
            AuditEvent.SENDING_HEALTH_RESUMED,
            object_id=health.pk,
            label=reason[:200],
        )
    return health
