"""Reads of the send ledger for whoever drives delivery (campaigns): a send's status and
counts, without their touching the ledger's tables."""

from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.db.models import Count, Q

from core.versions import versions_read
from marketing.delivery.bounce_reading import Reason, reason_of_reply
from marketing.delivery.bounce_reading.dsn import status_in
from marketing.delivery.bounce_reading.reasons import kind_of
from marketing.delivery.models import (
    OPEN_STATES,
    Delivery,
    DeliveryReport,
    DeliveryState,
    DkimKey,
    Send,
    SendStatus,
)


@dataclass(frozen=True)
class SendState:
    send_id: int
    status: str  # SendStatus
    status_message: str
    recipients: int
    sent: int
    failed: int  # failed, or suppressed at claim time
    finished_at: datetime | None
    part: str = ""  # which of its source's sends (services/send_control.py)
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


def send_addresses(send_id: int) -> list[str]:
    """The addresses a send's ledger holds, in the order they were added (a test send's
    audit row keeps them)."""
    rows = Delivery.objects.filter(send_id=send_id).order_by("pk")
    return list(rows.values_list("email", flat=True))


def dkim_keys_for(domain: str, *, active: bool = True) -> list[tuple[str, str, str]]:
    """A sending domain's keys as (algorithm, selector, DNS TXT value), RSA first: what
    the client publishes. `active`: the keys that sign; else the new keys of a rollover,
    published and waiting for their DNS check (services/dkim_keys.py)."""
    keys = DkimKey.objects.filter(domain=domain.lower(), is_active=active)
    return [(key.algorithm, key.selector, key.dns_txt) for key in keys.order_by("-algorithm")]


@dataclass(frozen=True)
class Outcomes:
    """The rows of one send and variant ("" when not an A/B test) by outcome."""

    send_id: int
    variant: str
    recipients: int
    sent: int
    bounced_after_sent: int  # accepted, then reported back as a bounce (a DSN)
    failed: int
    suppressed: int  # found on the suppression list (or unmailable) at claim time
    deferred: int  # waiting for a retry after a temporary refusal
    pending: int  # not tried yet, in a worker's hands, or the outcome unknown
    hard_bounces: int
    soft_bounces: int


def send_outcomes(send_ids: list[int]) -> list[Outcomes]:
    """Per send and variant, the rows by state and their bounces: a hard bounce is a
    row refused with a 5xx reply or reported by a hard-bounce DSN; a soft bounce a row
    given up after temporary refusals, or reported by a soft-bounce DSN. One pass over
    the sends' rows (with their reports joined)."""
    delivery, report = Delivery._meta.db_table, DeliveryReport._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "WITH r AS (SELECT x.delivery_id, bool_or(x.kind = 'hardBounce') AS hard,"
            " bool_or(x.kind = 'softBounce') AS soft"
            f" FROM {report} x JOIN {delivery} y ON y.id = x.delivery_id"
            " WHERE y.send_id = ANY(%(sends)s) GROUP BY x.delivery_id)"
            " SELECT d.send_id, d.variant, count(*),"
            " count(*) FILTER (WHERE d.state = %(sent)s),"
            " count(*) FILTER (WHERE d.state = %(sent)s AND (r.hard OR r.soft)),"
            " count(*) FILTER (WHERE d.state = %(failed)s),"
            " count(*) FILTER (WHERE d.state = %(suppressed)s),"
            " count(*) FILTER (WHERE d.state = %(deferred)s),"
            " count(*) FILTER (WHERE d.state IN (%(pending)s, %(claimed)s, %(unknown)s)),"
            " count(*) FILTER (WHERE r.hard"
            "   OR (d.state = %(failed)s AND d.last_reply LIKE '5%%')),"
            " count(*) FILTER (WHERE NOT coalesce(r.hard, false) AND (r.soft"
            "   OR (d.state = %(failed)s AND d.last_reply NOT LIKE '5%%')))"
            f" FROM {delivery} d LEFT JOIN r ON r.delivery_id = d.id"
            " WHERE d.send_id = ANY(%(sends)s)"
            " GROUP BY d.send_id, d.variant ORDER BY d.send_id, d.variant",
            {
                "sends": send_ids,
                "sent": DeliveryState.SENT,
                "failed": DeliveryState.FAILED,
                "suppressed": DeliveryState.SUPPRESSED,
                "deferred": DeliveryState.DEFERRED,
                "pending": DeliveryState.PENDING,
                "claimed": DeliveryState.CLAIMED,
                "unknown": DeliveryState.UNKNOWN,
            },
        )
        return [Outcomes(*row) for row in cursor.fetchall()]


# At most this many distinct SMTP replies are read for their reason; the rest count as
# undefined (a report's figures, kept while the ledger is settled).
BOUNCE_REPLIES_READ = 1000


def send_bounce_reasons(send_ids: list[int]) -> dict[str, int]:
    """The sends' bounced rows by reason (bounce_reading's taxonomy): the reason of
    their bounce report (a hard one first when a row has two), else the reason of the
    SMTP refusal that failed the row."""
    delivery, report = Delivery._meta.db_table, DeliveryReport._meta.db_table
    reasons: dict[str, int] = {}
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT reason, count(*) FROM (SELECT DISTINCT ON (x.delivery_id) x.reason"
            f" FROM {report} x JOIN {delivery} y ON y.id = x.delivery_id"
            " WHERE y.send_id = ANY(%s) AND x.kind IN ('hardBounce', 'softBounce')"
            " ORDER BY x.delivery_id, x.kind = 'hardBounce' DESC) r GROUP BY reason",
            [send_ids],
        )
        for reason, count in cursor.fetchall():
            key = reason or Reason.UNDEFINED
            reasons[key] = reasons.get(key, 0) + count
        cursor.execute(
            "SELECT d.last_reply, count(*), sum(count(*)) OVER ()"
            f" FROM {delivery} d WHERE d.send_id = ANY(%s) AND d.state = %s"
            f" AND NOT EXISTS (SELECT 1 FROM {report} x WHERE x.delivery_id = d.id"
            " AND x.kind IN ('hardBounce', 'softBounce'))"
            " GROUP BY d.last_reply ORDER BY count(*) DESC LIMIT %s",
            [send_ids, DeliveryState.FAILED, BOUNCE_REPLIES_READ],
        )
        rows = cursor.fetchall()
    for reply, count, _ in rows:
        key = reason_of_reply(reply or "")
        reasons[key] = reasons.get(key, 0) + count
    if rows and (rest := int(rows[0][2]) - sum(count for _, count, _ in rows)):
        reasons[Reason.UNDEFINED] = reasons.get(Reason.UNDEFINED, 0) + rest
    return {str(k): v for k, v in reasons.items()}


# How many of a profile's latest bounces and complaints its history shows.
PROFILE_BOUNCES_SHOWN = 20
_BOUNCE_KINDS = ("hardBounce", "softBounce", "complaint")


def profile_bounces(profile_id: int, *, limit: int = PROFILE_BOUNCES_SHOWN) -> list[dict]:
    """The profile's latest bounces and complaints, newest first: each report with the
    reason it was read with, and each SMTP refusal that failed a row with the reason of
    its reply; the message's subject beside."""
    reports = (
        DeliveryReport.objects.filter(delivery__profile_id=profile_id, kind__in=_BOUNCE_KINDS)
        .select_related("delivery__send")
        .order_by("-received_at")[:limit]
    )
    refused = (
        Delivery.objects.filter(profile_id=profile_id, state=DeliveryState.FAILED)
        .exclude(reports__kind__in=_BOUNCE_KINDS)
        .select_related("send")
        .order_by("-next_attempt_at")[:limit]
    )
    rows = [
        {
            "at": report.received_at,
            "kind": report.kind,
            "reason": report.reason or Reason.UNDEFINED,
            "status": report.status,
            "detail": report.diagnostic,
            "subject": report.delivery.send.subject,
        }
        for report in reports
    ]
    for delivery in refused:
        reason = reason_of_reply(delivery.last_reply)
        rows.append(
            {
                "at": delivery.next_attempt_at,
                "kind": str(kind_of(reason)),
                "reason": reason,
                "status": status_in(delivery.last_reply),
                "detail": delivery.last_reply,
                "subject": delivery.send.subject,
            }
        )
    return sorted(rows, key=lambda row: row["at"], reverse=True)[:limit]


# The ledger's states a report's recipient lists name: accepted by the receiver, refused.
STATES_SENT = (int(DeliveryState.SENT),)
STATES_BOUNCED = (int(DeliveryState.FAILED),)
STATE_NAMES = {int(state): state.label for state in DeliveryState}


def send_hourly(send_ids: list[int], *, time_zone: str) -> list[tuple]:
    """Per hour of the client's wall-clock time, the rows sent and still due then
    (a campaign sent in each recipient's zone): [(naive local hour, sent, due)]; a sent
    row counts in the hour it went, an open one in the hour it is due."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT date_trunc('hour', coalesce(d.sent_at, d.next_attempt_at) AT TIME ZONE %s)"
            " AS hour, count(*) FILTER (WHERE d.state = %s),"
            " count(*) FILTER (WHERE d.state = ANY(%s))"
            f" FROM {Delivery._meta.db_table} d WHERE d.send_id = ANY(%s)"
            " GROUP BY hour ORDER BY hour",
            [time_zone, DeliveryState.SENT, [int(s) for s in OPEN_STATES], send_ids],
        )
        return cursor.fetchall()


def send_ledger_version_name(send_id: int) -> str:
    """The version (core.versions) every delivery report of the send replaces."""
    return f"delivery:send-ledger:{send_id}"


# A cancelled send may still have a message in a worker's hands: only finished ones.
SETTLED = (SendStatus.FINISHED,)


def sends_settled_version(send_ids: list[int]) -> str | None:
    """A token for the sends' ledger rows once every send is finished (no row open: its
    rows then change only by a delivery report, which replaces the send's version);
    None while any is still sending, paused or cancelled, or unknown: nothing to cache."""
    sends = list(Send.objects.filter(pk__in=send_ids).values_list("pk", "status", "finished_at"))
    if len(sends) != len(set(send_ids)) or any(status not in SETTLED for _, status, _ in sends):
        return None
    versions = versions_read([send_ledger_version_name(pk) for pk in sorted(send_ids)])
    # The ids and finish times too: a token is only ever compared for the same sends.
    return "|".join(
        f"{pk}@{finished_at.timestamp() if finished_at else ''}:{version}"
        for (pk, _status, finished_at), version in zip(sorted(sends), versions, strict=True)
    )
