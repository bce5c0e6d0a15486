"""What other apps read of the email events (the SQL they build on, such as the segment
compiler's activity subquery `human_activity_members_sql`, is sql_surface.py's).

`campaign_human_reach` counts the people who opened and clicked, per campaign (grids);
the `campaign_*` reads below are the campaign report's (marketing/campaigns/analytics).
Both read the events' roll-ups (models.py).
`workflow_email_totals` is a workflow email step's report, from its own roll-ups.
`send_link_indexes` gives the tracked links of a send (its messages' copy in the browser).
`tracking_freshness` says how current a client's opens and clicks are."""

import datetime
import time
from dataclasses import dataclass

import redis
from django.conf import settings
from django.db import connection
from django.db.models import Count, Q

from marketing.tracking.machines import scanner_agent
from marketing.tracking.models import (
    EVENT_NAMES,
    CampaignEventCount,
    CampaignTimelineQuarter,
    EmailEvent,
    EventType,
    SendLink,
    TrackedSend,
    WorkflowEmailEventCount,
    WorkflowEmailEventPerson,
)

EVENT_TABLE = EmailEvent._meta.db_table


@dataclass(frozen=True)
class TrackingFreshness:
    as_of: datetime.datetime | None  # opens and clicks are counted up to here (UTC)
    behind: bool  # events wait, and the last successful write is older than it should be


def machine_visit(agent: str) -> bool:
    """Whether a view of another app's public page (a form, a landing page) is a scanner's,
    a crawler's or an HTTP library's rather than a person's, judged by the user agents that
    make a click a machine's (machines.py)."""
    return scanner_agent(agent)


def tracking_freshness(client_id: int) -> TrackingFreshness:
    """How current the client's opens and clicks are: as of the end of the batch writer's
    last run, or, while the client's events fail to be written (services._batch_write),
    as of the first failure. Behind when events wait and that moment is older than
    TRACKING_STALE_SECONDS (or unknown, or the queue is unreachable): a report must never
    show a silent 0 as the truth."""
    from marketing.tracking import store

    try:
        flushed_ms, failing_ms, waiting = store.flush_state(client_id)
    except redis.RedisError:
        return TrackingFreshness(None, True)
    as_of_ms = failing_ms if failing_ms is not None else flushed_ms
    if as_of_ms is None:
        return TrackingFreshness(None, waiting)
    age = time.time() - as_of_ms / 1000
    return TrackingFreshness(
        datetime.datetime.fromtimestamp(as_of_ms / 1000, datetime.UTC),
        waiting and age > settings.TRACKING_STALE_SECONDS,
    )


def send_link_indexes(send_id: int) -> list[int]:
    """The indexes of the links the send recorded (send_tracking_start), honeypots too."""
    return list(SendLink.objects.filter(send_id=send_id).values_list("index", flat=True))


def event_names() -> list[tuple[str, str]]:
    """(name, label) of every event type, as rules and the API name them."""
    return [(name, EventType(value).label) for name, value in EVENT_NAMES.items()]


def campaign_human_reach(campaign_ids: list[int]) -> dict[int, dict[str, int]]:
    """Per campaign, how many profiles opened and clicked (human events only: machine
    opens and bot clicks are reported apart): {campaign_id: {"opened": n, "clicked": m}},
    from the campaigns' roll-ups; campaigns without events are left out."""
    rows = CampaignEventCount.objects.filter(
        campaign_id__in=campaign_ids,
        link_id=0,
        machine=False,
        event_type__in=[EventType.OPENED, EventType.CLICKED],
    ).values_list("campaign_id", "event_type", "people")
    reach: dict[int, dict[str, int]] = {}
    for campaign_id, event_type, people in rows:
        name = "opened" if event_type == EventType.OPENED else "clicked"
        reach.setdefault(campaign_id, {"opened": 0, "clicked": 0})[name] = people
    return reach


def campaign_send_ids(campaign_id: int) -> list[int]:
    """Every send whose events name the campaign (its send, and any variant's or resend's
    send the runners start), as recorded when each send's first run began."""
    return list(
        TrackedSend.objects.filter(campaign_id=campaign_id, record_events=True)
        .order_by("send_id")
        .values_list("send_id", flat=True)
    )


# A report counts opens, clicks, complaints and unsubscribes from the events (the kinds
# their roll-ups keep: tracking migration 0006); sends, deliveries and bounces come from
# the ledger (a `sent` event per recipient would be the bulk of a campaign's rows).

# A timeline over more than this many hours is drawn per day.
TIMELINE_HOURLY_UP_TO = datetime.timedelta(hours=72)


def campaign_event_totals(campaign_id: int) -> dict[tuple[str, bool], tuple[int, int]]:
    """{(event name, machine): (events, people)} of one campaign's opens, clicks,
    complaints and unsubscribes (its roll-up: a handful of rows)."""
    names = {int(value): name for name, value in EVENT_NAMES.items()}
    rows = CampaignEventCount.objects.filter(campaign_id=campaign_id, link_id=0).values_list(
        "event_type", "machine", "events", "people"
    )
    return {(names[kind], machine): (events, people) for kind, machine, events, people in rows}


@dataclass(frozen=True)
class LinkClicks:
    link_id: int
    url: str
    people: int  # human clicks, one per person
    clicks: int  # human clicks
    machine_clicks: int  # bot and scanner clicks, kept apart


def campaign_link_clicks(campaign_id: int, send_ids: list[int]) -> list[LinkClicks]:
    """Each tracked link of the campaign's sends with its clicks (their roll-up), most
    clicked first; honeypot links (bot traps) are left out (spec 5.1)."""
    counts = CampaignEventCount._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT l.id, l.url, coalesce(h.people, 0), coalesce(h.events, 0),"
            " coalesce(m.events, 0)"
            f" FROM {SendLink._meta.db_table} l"
            f" LEFT JOIN {counts} h ON h.campaign_id = %(campaign)s AND h.event_type = %(click)s"
            " AND h.link_id = l.id AND NOT h.machine"
            f" LEFT JOIN {counts} m ON m.campaign_id = %(campaign)s AND m.event_type = %(click)s"
            " AND m.link_id = l.id AND m.machine"
            " WHERE l.send_id = ANY(%(sends)s) AND NOT l.honeypot"
            " ORDER BY 4 DESC, 3 DESC, l.id",
            {"campaign": campaign_id, "click": int(EventType.CLICKED), "sends": send_ids},
        )
        return [LinkClicks(*row) for row in cursor.fetchall()]


def campaign_timeline(campaign_id: int, *, time_zone: str) -> tuple[str, list[tuple]]:
    """Human opens and clicks of the campaign per hour of the client's wall-clock time,
    per day once they span more than TIMELINE_HOURLY_UP_TO: (unit, [(bucket start as a
    naive local datetime, opens, clicks)]). Read from the quarter-hour roll-up (a quarter
    falls in one local hour of any zone whose offset is a whole number of quarters: every
    zone's since 1980); days are summed from local hours (a local day is a whole number of
    local hours)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT date_trunc('hour', q.starts_at AT TIME ZONE %s) AS bucket,"
            " coalesce(sum(q.events) FILTER (WHERE q.event_type = %s), 0)::bigint,"
            " coalesce(sum(q.events) FILTER (WHERE q.event_type = %s), 0)::bigint,"
            " min(q.first_at), max(q.last_at)"
            f" FROM {CampaignTimelineQuarter._meta.db_table} q WHERE q.campaign_id = %s"
            " GROUP BY bucket ORDER BY bucket",
            [time_zone, int(EventType.OPENED), int(EventType.CLICKED), campaign_id],
        )
        hours = cursor.fetchall()
    if not hours:
        return "hour", []
    first, last = min(row[3] for row in hours), max(row[4] for row in hours)
    if last - first <= TIMELINE_HOURLY_UP_TO:
        return "hour", [(bucket, opens, clicks) for bucket, opens, clicks, _f, _l in hours]
    days: dict[datetime.datetime, list[int]] = {}
    for bucket, opens, clicks, _first, _last in hours:
        day = days.setdefault(bucket.replace(hour=0), [0, 0])
        day[0] += opens
        day[1] += clicks
    return "day", [(day, opens, clicks) for day, (opens, clicks) in days.items()]


def campaigns_people(campaign_ids: list[int]) -> dict[int, dict[str, int]]:
    """Per campaign, how many people had each kind of human event:
    {campaign_id: {event name: people}} (one grouped query over the campaign index)."""
    names = {int(value): name for name, value in EVENT_NAMES.items()}
    rows = (
        EmailEvent.objects.filter(campaign_id__in=campaign_ids, machine=False)
        .values_list("campaign_id", "event_type")
        .annotate(people=Count("profile_id", distinct=True))
        .order_by()
    )
    people: dict[int, dict[str, int]] = {}
    for campaign_id, event_type, count in rows:
        people.setdefault(campaign_id, {})[names[event_type]] = count
    return people


def human_event_counts(start: datetime.datetime, end: datetime.datetime) -> dict[str, int]:
    """Human opens and clicks in [start, end), machine ones left out (one query, on the
    human events' index)."""
    counts = EmailEvent.objects.filter(
        machine=False,
        event_type__in=[EventType.OPENED, EventType.CLICKED],
        occurred_at__gte=start,
        occurred_at__lt=end,
    ).aggregate(
        opens=Count("pk", filter=Q(event_type=EventType.OPENED)),
        clicks=Count("pk", filter=Q(event_type=EventType.CLICKED)),
    )
    return {"opens": counts["opens"], "clicks": counts["clicks"]}


def human_activity_since(*, event: str, pairs: list[tuple[int, datetime.datetime]]) -> set[int]:
    """Of these (profile id, since) pairs, the indexes of those whose profile has a human
    `event` (a name of EVENT_NAMES) at or after its own `since` (a workflow's "since
    enrollment"), in one statement."""
    if not pairs:
        return set()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT x.n FROM unnest(%s::bigint[], %s::timestamptz[]) WITH ORDINALITY"
            f" AS x(profile_id, since, n) WHERE EXISTS (SELECT 1 FROM {EVENT_TABLE} e"
            " WHERE e.profile_id = x.profile_id AND e.event_type = %s AND NOT e.machine"
            " AND e.occurred_at >= x.since)",
            [[p for p, _ in pairs], [s for _, s in pairs], int(EVENT_NAMES[event])],
        )
        return {row[0] - 1 for row in cursor.fetchall()}


@dataclass(frozen=True)
class WorkflowEmailTotals:
    """Human figures of one workflow email step (machine opens and bot clicks apart)."""

    sent: int = 0  # messages the receiving servers accepted
    bounced: int = 0  # people refused at SMTP or reported back as bounced
    bounced_after_sent: int = 0  # of those, accepted first (a bounce notice): not delivered
    opened: int = 0  # people
    clicked: int = 0  # people
    complained: int = 0  # people
    unsubscribed: int = 0  # people
    machine_opens: int = 0  # events
    machine_clicks: int = 0  # events


def workflow_email_totals(step_ids: list[int]) -> dict[int, WorkflowEmailTotals]:
    """By WorkflowEmail id, its figures from the roll-ups (a few rows per step, and the
    bounced people joined to the sent ones: two indexed reads, however many events)."""
    names = {int(value): name for name, value in EVENT_NAMES.items()}
    values: dict[int, dict[str, int]] = {}
    rows = WorkflowEmailEventCount.objects.filter(workflow_step_id__in=step_ids).values_list(
        "workflow_step_id", "event_type", "machine", "events", "people"
    )
    for step_id, kind, machine, events, people in rows:
        name = names[kind]
        figures = values.setdefault(step_id, {})
        if machine and name in ("opened", "clicked"):
            figures[f"machine_{name[:-2]}s"] = events
        elif not machine:
            figures[name] = events if name == "sent" else people
    person = WorkflowEmailEventPerson._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT b.workflow_step_id, count(*) FROM {person} b JOIN {person} s"
            " ON s.workflow_step_id = b.workflow_step_id AND s.event_type = %(sent)s"
            " AND NOT s.machine AND s.profile_id = b.profile_id"
            " WHERE b.workflow_step_id = ANY(%(steps)s) AND b.event_type = %(bounced)s"
            " AND NOT b.machine GROUP BY 1",
            {"steps": step_ids, "sent": int(EventType.SENT), "bounced": int(EventType.BOUNCED)},
        )
        for step_id, count in cursor.fetchall():
            values.setdefault(step_id, {})["bounced_after_sent"] = count
    return {step_id: WorkflowEmailTotals(**figures) for step_id, figures in values.items()}
