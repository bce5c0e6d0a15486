"""Reads of the send ledger for whoever drives delivery (campaigns): a send's status and
counts, without their touching the ledger's tables."""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Q

from marketing.delivery.models import DeliveryState, DkimKey, Send


@dataclass(frozen=True)
class SendState:
    send_id: int
    status: str  # SendStatus
    status_message: str
    recipients: int
    sent: int
    failed: int  # failed, or suppressed at claim time
    finished_at: datetime | None


def send_states(send_ids: list[int]) -> dict[int, SendState]:
    """Each send's status, its pause message and its row counts, by id (one query)."""
    sends = Send.objects.filter(pk__in=send_ids).annotate(
        recipients=Count("deliveries"),
        sent=Count("deliveries", filter=Q(deliveries__state=DeliveryState.SENT)),
        failed=Count(
            "deliveries",
            filter=Q(deliveries__state__in=[DeliveryState.FAILED, DeliveryState.SUPPRESSED]),
        ),
    )
    return {
        s.pk: SendState(
            s.pk, s.status, s.status_message, s.recipients, s.sent, s.failed, s.finished_at
        )
        for s in sends
    }


def dkim_keys_for(domain: str) -> list[tuple[str, str, str]]:
    """A sending domain's keys as (algorithm, selector, DNS TXT value), RSA first: what
    the client publishes."""
    keys = DkimKey.objects.filter(domain=domain.lower()).order_by("-algorithm", "selector")
    return [(key.algorithm, key.selector, key.dns_txt) for key in keys]
