"""What other apps read of the email events: the segment compiler's activity subquery.

`human_activity_members_sql` answers SQL and parameters (never values spliced into the
text) selecting, as `id`, every profile with at least `min_count` human events of one
type, optionally of one campaign, inside a window. Machine events (bot clicks, proxy
opens) never count. The partial indexes of models.py serve it as an index-only scan.
`campaign_human_reach` counts the people who opened and clicked, per campaign (grids)."""

import datetime

from django.db.models import Count

from marketing.tracking.models import EVENT_NAMES, EmailEvent, EventType

EVENT_TABLE = EmailEvent._meta.db_table


def event_names() -> list[tuple[str, str]]:
    """(name, label) of every event type, as rules and the API name them."""
    return [(name, EventType(value).label) for name, value in EVENT_NAMES.items()]


def human_activity_members_sql(
    *,
    event: str,
    since: datetime.datetime | None = None,
    until: datetime.datetime | None = None,
    campaign_id: int | None = None,
    min_count: int = 1,
) -> tuple[str, list]:
    """SELECT of the profile ids (`id`) with at least `min_count` human `event`s
    (`since` inclusive, `until` exclusive, of `campaign_id` when given)."""
    where = ["NOT e.machine", "e.event_type = %s"]
    params: list = [int(EVENT_NAMES[event])]
    if campaign_id is not None:
        where.append("e.campaign_id = %s")
        params.append(campaign_id)
    if since is not None:
        where.append("e.occurred_at >= %s")
        params.append(since)
    if until is not None:
        where.append("e.occurred_at < %s")
        params.append(until)
    sql = f"SELECT e.profile_id AS id FROM {EVENT_TABLE} e WHERE {' AND '.join(where)}"
    if min_count > 1:
        sql += " GROUP BY e.profile_id HAVING count(*) >= %s"
        params.append(min_count)
    return sql, params


def campaign_human_reach(campaign_ids: list[int]) -> dict[int, dict[str, int]]:
    """Per campaign, how many profiles opened and clicked (human events only: machine
    opens and bot clicks are reported apart): {campaign_id: {"opened": n, "clicked": m}}.
    One grouped query over the campaign index; campaigns without events are left out."""
    rows = (
        EmailEvent.objects.filter(
            campaign_id__in=campaign_ids,
            machine=False,
            event_type__in=[EventType.OPENED, EventType.CLICKED],
        )
        .values_list("campaign_id", "event_type")
        .annotate(people=Count("profile_id", distinct=True))
    )
    reach: dict[int, dict[str, int]] = {}
    for campaign_id, event_type, people in rows:
        name = "opened" if event_type == EventType.OPENED else "clicked"
        reach.setdefault(campaign_id, {"opened": 0, "clicked": 0})[name] = people
    return reach
