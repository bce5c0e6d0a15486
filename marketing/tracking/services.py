"""Appending email events (the table is append-only: models.py). Written by the delivery
pipeline (sent, bounced, complained) and by the tracking endpoints' batch writer (opens,
clicks: `events_flush`). `send_tracking_start` records a send's tracked links and fills
the endpoints' cache; links.py rewrites each message."""

import datetime
import hashlib
import logging
import time
from collections import defaultdict
from dataclasses import dataclass

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from django_tenants.utils import get_public_schema_name, get_tenant_model, schema_context

from core.profile_events import ProfileEvent, profile_events_announce, profile_events_listened
from marketing.tracking import store
from marketing.tracking.links import MessageTracking, link_index
from marketing.tracking.models import (
    EVENT_NAMES,
    EmailEvent,
    EventType,
    FlushedBatch,
    OpenedMessage,
    SendLink,
    TrackedSend,
)
from marketing.tracking.tokens import HONEYPOT_BASE
from tenants.services import batch_set_aside

__all__ = [
    "Event",
    "MessageTracking",
    "events_flush",
    "event_code",
    "events_record",
    "link_url_recorded",
    "send_tracking_start",
    "smtp_bounce_announce",
]

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Event:
    profile_id: int
    event: str  # a name of EVENT_NAMES: "sent", "bounced", ...
    campaign_id: int | None = None
    workflow_step_id: int | None = None
    machine: bool = False


# Which written events start workflows (core/profile_events.py, trigger kind
# emailActivity): a person's open and click (never a machine's), a bounce, a complaint, an
# unsubscribe through a message's link.
_ACTIVITY_OF = {
    EventType.OPENED: "emailOpened",
    EventType.CLICKED: "linkClick",
    EventType.BOUNCED: "bounce",
    EventType.COMPLAINED: "spam",
    EventType.UNSUBSCRIBED: "optedOut",
}


def activity_announce(rows: list[EmailEvent]) -> None:
    """Tell the workflow engine about the written human events (in the writer's
    transaction: what they start commits with them). Costs nothing when no one listens."""
    if not rows or not profile_events_listened("emailActivity"):
        return
    by_activity: dict[str, list[ProfileEvent]] = {}
    for row in rows:
        activity = _ACTIVITY_OF.get(row.event_type)
        if activity is None or row.machine:
            continue
        context = {"campaignId": row.campaign_id, "workflowStepId": row.workflow_step_id}
        if row.link_id:
            context["linkId"] = row.link_id
            context["urlHash"] = bytes(row.url_hash).hex() if row.url_hash else ""
        by_activity.setdefault(activity, []).append(
            ProfileEvent(row.profile_id, f"event:{row.pk}", context)
        )
    for activity, events in by_activity.items():
        profile_events_announce("emailActivity", activity, events)


def smtp_bounce_announce(
    *, delivery_id: int, profile_id: int, campaign_id: int | None, workflow_step_id: int | None
) -> None:
    """A message refused for good at send time (a 5xx answer to the send attempt): its
    `bounced` event is written by the send pipeline's own outcome statement
    (sql_surface.event_insert_sql), committed before this runs, so it is announced here as
    `activity_announce` announces a bounce notice's: once per ledger row (the occurrence)."""
    if not profile_events_listened("emailActivity"):
        return
    context = {"campaignId": campaign_id, "workflowStepId": workflow_step_id}
    profile_events_announce(
        "emailActivity",
        _ACTIVITY_OF[EventType.BOUNCED],
        [ProfileEvent(profile_id, f"smtpBounce:{delivery_id}", context)],
    )


def events_record(events: list[Event]) -> None:
    """Append the events in one statement, all at the same moment."""
    now = timezone.now()
    written = EmailEvent.objects.bulk_create(
        EmailEvent(
            profile_id=event.profile_id,
            event_type=EVENT_NAMES[event.event],
            campaign_id=event.campaign_id,
            workflow_step_id=event.workflow_step_id,
            machine=event.machine,
            occurred_at=now,
        )
        for event in events
    )
    activity_announce(written)


def event_code(name: str) -> int:
    """What the event table stores for an event name of EVENT_NAMES."""
    return int(EVENT_NAMES[name])


def send_tracking_start(
    *,
    client_id: int,
    send_id: int,
    origin: str,
    links,
    traps=(),
    campaign_id: int | None = None,
    workflow_step_id: int | None = None,
    record_events: bool = True,
) -> MessageTracking:
    """Record the send's tracked links once (a second run finds them) and put them in the
    endpoints' cache; the rewriter of its messages. `links` and `traps` are rendering's
    compiled links and bot traps (links.py says which are tracked). Runs in the client's
    schema."""
    TrackedSend.objects.get_or_create(
        send_id=send_id,
        defaults=dict(
            campaign_id=campaign_id,
            workflow_step_id=workflow_step_id,
            record_events=record_events,
        ),
    )
    wanted = {}
    for link in [*links, *traps]:
        index = link_index(link)
        if index is not None:
            wanted[index] = link.url
    SendLink.objects.bulk_create(
        [
            SendLink(
                send_id=send_id,
                index=index,
                url=url,
                url_hash=hashlib.sha256(url.encode()).digest(),
                honeypot=index >= HONEYPOT_BASE,
            )
            for index, url in wanted.items()
        ],
        ignore_conflicts=True,
    )
    recorded = dict(SendLink.objects.filter(send_id=send_id).values_list("index", "url"))
    store.links_cache(client_id, send_id, recorded)
    return MessageTracking(
        client_id=client_id, send_id=send_id, origin=origin, indexes=frozenset(recorded)
    )


def _schema_of(client_id: int) -> str | None:
    """The client's schema; None for an unknown client and for the platform's own tenant
    (the public schema has no tracking tables)."""
    public = get_public_schema_name()
    with schema_context(public):
        return (
            get_tenant_model()
            .objects.filter(pk=client_id)
            .exclude(schema_name=public)
            .values_list("schema_name", flat=True)
            .first()
        )


def link_url_recorded(client_id: int, send_id: int, index: int) -> str | None:
    """The click endpoint's fallback on a cache miss: the recorded URL from the client's
    schema, and the send's links back in the cache."""
    schema = _schema_of(client_id)
    if schema is None:
        return None
    with schema_context(schema):
        recorded = dict(SendLink.objects.filter(send_id=send_id).values_list("index", "url"))
    store.links_cache(client_id, send_id, recorded)
    return recorded.get(index)


_KINDS = {"o": EventType.OPENED, "c": EventType.CLICKED}
QUEUE_NAME = "tracking.events"  # SetAsideBatch.queue of the writer's parts


def _batch_write(batch: str) -> int:
    """Write one taken batch, each client's part in that client's schema in a transaction
    of its own (once per schema: the FlushedBatch row commits with the events), then drop
    it from Redis. Events of unknown clients, unknown or unrecorded sends and unknown links
    are dropped.

    One client's part never holds up another's: a part that fails (a schema without the
    tracking tables, one that lags a migration) is counted and tried again by the next
    runs while every other part is written; after TRACKING_FLUSH_ATTEMPTS failures it is
    set aside (tenants' SetAsideBatch, for operators) and the batch is done. A run that
    dies before confirming the batch leaves it to the next, which writes or sets aside
    each part again: FlushedBatch and SetAsideBatch's key make that harmless."""
    by_client: dict[int, list[store.Event]] = defaultdict(list)
    for event in store.batch_events(batch):
        if event.kind in _KINDS:
            by_client[event.client_id].append(event)
    written, waiting, caught_up = 0, False, []
    for client_id, events in by_client.items():
        try:
            written += _client_part_write(batch, client_id, events)
        except Exception as error:  # noqa: BLE001 - whatever one schema raises, others go on
            waiting |= not _part_failed(batch, client_id, error)
        else:
            caught_up.append(client_id)
    if not waiting:
        store.batch_done(batch)
    store.client_caught_up(caught_up)
    return written


def _client_part_write(batch: str, client_id: int, events: list[store.Event]) -> int:
    schema = _schema_of(client_id)
    if schema is None:
        return 0
    with schema_context(schema), transaction.atomic():
        _row, fresh = FlushedBatch.objects.get_or_create(batch=batch)
        return _events_write(events) if fresh else 0


def _part_failed(batch: str, client_id: int, error: Exception) -> bool:
    """Count a failed write of the client's part; set it aside (True) after the last
    attempt."""
    attempts = store.batch_failure_count(batch, client_id, int(time.time() * 1000))
    logger.error(
        "tracking: client %s's part of batch %s failed (attempt %d of %d): %r",
        client_id,
        batch,
        attempts,
        settings.TRACKING_FLUSH_ATTEMPTS,
        error,
    )
    if attempts < settings.TRACKING_FLUSH_ATTEMPTS:
        return False
    mine = str(client_id).encode()
    entries = [raw for raw in store.batch_raw(batch) if raw.split(b"|")[1:2] == [mine]]
    batch_set_aside(
        queue=QUEUE_NAME,
        client_id=client_id,
        batch=batch,
        entries=b"\n".join(entries).decode(errors="replace"),
        attempts=attempts,
        error=repr(error),
    )
    return True


def _events_write(events: list[store.Event]) -> int:
    send_ids = {event.send_id for event in events}
    sends = {
        row.send_id: row
        for row in TrackedSend.objects.filter(send_id__in=send_ids, record_events=True)
    }
    links = {
        (row.send_id, row.index): row
        for row in SendLink.objects.filter(send_id__in=send_ids).only(
            "id", "send_id", "index", "url_hash", "honeypot"
        )
    }
    rows, human = [], []
    for event in events:
        send = sends.get(event.send_id)
        if send is None:
            continue
        link = None
        if event.kind == "c":
            link = links.get((event.send_id, event.link))
            if link is None:
                continue
        machine = event.machine or bool(link and link.honeypot)
        if not machine:
            human.append(event)
        rows.append(
            EmailEvent(
                profile_id=event.profile_id,
                campaign_id=send.campaign_id,
                workflow_step_id=send.workflow_step_id,
                link_id=link.id if link else None,
                url_hash=bytes(link.url_hash) if link else None,
                event_type=_KINDS[event.kind],
                machine=machine,
                occurred_at=datetime.datetime.fromtimestamp(event.at_ms / 1000, datetime.UTC),
            )
        )
    rows += _opens_inferred(human, sends)
    EmailEvent.objects.bulk_create(rows)
    activity_announce(rows)
    return len(rows)


def _opens_inferred(human: list[store.Event], sends: dict) -> list[EmailEvent]:
    """One open per message whose person clicked but whose open was never recorded (images
    blocked, or a message without the pixel), at the first such click's time. Messages
    with a human open (seen or inferred) are kept in OpenedMessage; its primary key makes
    the check and the claim one statement, so two writers never infer the same open twice.
    `human` are the batch's written human opens and clicks; machine clicks infer nothing."""
    opened: set[tuple[int, int]] = set()
    first_clicks: dict[tuple[int, int], store.Event] = {}
    for event in human:
        message = (event.send_id, event.profile_id)
        if event.kind == "o":
            opened.add(message)
        elif message not in first_clicks:
            first_clicks[message] = event
    claimed = _messages_claim(sorted(opened | first_clicks.keys()))
    rows = []
    for message, click in first_clicks.items():
        if message in claimed and message not in opened:
            send = sends[click.send_id]
            rows.append(
                EmailEvent(
                    profile_id=click.profile_id,
                    campaign_id=send.campaign_id,
                    workflow_step_id=send.workflow_step_id,
                    event_type=EventType.OPENED,
                    inferred=True,
                    occurred_at=datetime.datetime.fromtimestamp(click.at_ms / 1000, datetime.UTC),
                )
            )
    return rows


def _messages_claim(messages: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """Record the messages as opened; those not recorded before."""
    if not messages:
        return set()
    table = OpenedMessage._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (send_id, profile_id) "
            "SELECT * FROM unnest(%s::bigint[], %s::bigint[]) "
            "ON CONFLICT DO NOTHING RETURNING send_id, profile_id",
            [[send for send, _ in messages], [profile for _, profile in messages]],
        )
        return {(send, profile) for send, profile in cursor.fetchall()}


def events_flush(*, seconds: float | None = None) -> int:
    """Drain the endpoints' queue into EmailEvent, TRACKING_FLUSH_BATCH events at a time,
    for at most `seconds` (TRACKING_FLUSH_SECONDS): first any batch a crashed or failed run
    left taken, then new ones. Returns the events written. The run's end is kept: reports
    say how current their figures are (selectors.tracking_freshness)."""
    deadline = time.monotonic() + (seconds or settings.TRACKING_FLUSH_SECONDS)
    written = 0
    for batch in store.batches_pending():
        written += _batch_write(batch)
    while time.monotonic() < deadline:
        batch = store.batch_take(settings.TRACKING_FLUSH_BATCH)
        if batch is None:
            break
        written += _batch_write(batch)
    store.flushed_at_set(int(time.time() * 1000))
    return written


def flushed_batches_purge(*, older_than: datetime.timedelta) -> None:
    """Forget the batch ids older than any batch could still be pending (in this schema)."""
    FlushedBatch.objects.filter(flushed_at__lt=timezone.now() - older_than).delete()
