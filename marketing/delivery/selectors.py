"""Reads of the send ledger for whoever drives delivery (campaigns): a send's status and
counts, without their touching the ledger's tables."""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Q

from marketing.delivery.models import Delivery, DeliveryState, DkimKey, Send


@dataclass(frozen=True)
class SendState:
    send_id: int
    status: str  # SendStatus
    status_message: str
    recipients: int
    sent: int
    failed: int  # failed, or suppressed at claim time
    finished_at: datetime | None
    part: str = ""  # which of its source's sends (services/sends.py)
    created_at: datetime | None = None


def _states(sends) -> list[SendState]:
    sends = sends.annotate(
        recipients=Count("deliveries"),
        sent=Count("deliveries", filter=Q(deliveries__state=DeliveryState.SENT)),
        failed=Count(
            "deliveries",
            filter=Q(deliveries__state__in=[DeliveryState.FAILED, DeliveryState.SUPPRESSED]),
        ),
    )
    return [
        SendState(
            s.pk,
            s.status,
            s.status_message,
            s.recipients,
            s.sent,
            s.failed,
            s.finished_at,
            s.part,
            s.created_at,
        )
        for s in sends
    ]


def send_states(send_ids: list[int]) -> dict[int, SendState]:
    """Each send's status, its pause message and its row counts, by id (one query)."""
    return {state.send_id: state for state in _states(Send.objects.filter(pk__in=send_ids))}


def source_send_states(kind: str, source_ids: list[int]) -> dict[int, list[SendState]]:
    """Every send of each source (a campaign's main send, A/B variants and winner, resends,
    RSS issues), oldest first, by source id (one query)."""
    sends = Send.objects.filter(kind=kind, source_id__in=source_ids).order_by("created_at", "pk")
    by_source: dict[int, list[SendState]] = {}
    for source_id, state in zip(
        sends.values_list("source_id", flat=True), _states(sends), strict=True
    ):
        by_source.setdefault(source_id, []).append(state)
    return by_source


def send_profile_ids_sql(send_ids: list[int], *, sent_only: bool = False) -> tuple[str, list]:
    """SQL and parameters selecting (as `id`) the profiles the sends' ledgers hold (only
    those whose message was sent, with `sent_only`): an A/B test share, a resend's
    candidates. Bare addresses (test sends) are never profiles and are left out."""
    sql = (
        f"SELECT d.profile_id AS id FROM {Delivery._meta.db_table} d"
        " WHERE d.send_id = ANY(%s) AND d.profile_id < %s"
    )
    params: list = [list(send_ids), 1 << 62]
    if sent_only:
        sql += " AND d.state = %s"
        params.append(int(DeliveryState.SENT))
    return sql, params


def dkim_keys_for(domain: str) -> list[tuple[str, str, str]]:
    """A sending domain's keys as (algorithm, selector, DNS TXT value), RSA first: what
    the client publishes."""
    keys = DkimKey.objects.filter(domain=domain.lower()).order_by("-algorithm", "selector")
    return [(key.algorithm, key.selector, key.dns_txt) for key in keys]
