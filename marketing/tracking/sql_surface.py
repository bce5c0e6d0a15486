"""Tracking's SQL surface: the fragments of the email event table and its roll-ups that
other apps' raw SQL is built from (the segment compiler's activity rules, campaigns' A/B
winners, resends and reports, the send pipeline's `sent`/`bounced` events), declared here
and nowhere else; SQL and parameters, never values spliced in. Other apps import them
from this module only (tests/architecture/test_sql_surfaces.py), and
tests/marketing/tracking/test_sql_surface.py runs each against the migrated schema, so a
renamed table or column fails tracking's own tests."""

import datetime

from marketing.tracking.models import EVENT_NAMES, CampaignEventPerson, EmailEvent

__all__ = [
    "campaign_events_by_person_sql",
    "campaign_people_sql",
    "event_insert_sql",
    "human_activity_members_sql",
]

EVENT_TABLE = EmailEvent._meta.db_table

# `human_activity_members_sql` selects, as `id`, every profile with at least `min_count`
# human events of one type, optionally of one campaign, inside a window. Machine events
# (bot clicks, proxy opens) never count. The partial indexes of models.py serve it as an
# index-only scan.


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


def campaign_people_sql(campaign_id: int, event: str) -> tuple[str, list]:
    """SELECT of the distinct profile ids (`profile_id`) with at least one human `event`
    of the campaign: reports' recipient lists."""
    sql = (
        f"SELECT DISTINCT e.profile_id FROM {EVENT_TABLE} e"
        " WHERE e.campaign_id = %s AND e.event_type = %s AND NOT e.machine"
    )
    return sql, [campaign_id, int(EVENT_NAMES[event])]


def campaign_events_by_person_sql(campaign_id: int, events: list[str]) -> tuple[str, list]:
    """SELECT of (`profile_id`, `event_type`) once per person and human event type of the
    campaign (its roll-up of people): a report joins it to the ledger's variants."""
    sql = (
        f"SELECT p.profile_id, p.event_type FROM {CampaignEventPerson._meta.db_table} p"
        " WHERE p.campaign_id = %s AND p.event_type = ANY(%s) AND p.link_id = 0"
        " AND NOT p.machine"
    )
    return sql, [campaign_id, [int(EVENT_NAMES[name]) for name in events]]


def event_insert_sql(rows_sql: str) -> str:
    """`events_record` as one SQL statement: an INSERT of the rows `rows_sql` selects
    (profile_id, event name, campaign_id, workflow_step_id; not machine, occurring now),
    for a writer that commits it inside a statement of its own (the send pipeline's
    outcome, delivery/services/attempts.py). The event name is a parameter of rows_sql
    mapped here: `event_code(name)`."""
    return (
        f"INSERT INTO {EmailEvent._meta.db_table}"
        " (profile_id, event_type, campaign_id, workflow_step_id, machine, occurred_at)"
        f" SELECT r.profile_id, r.event_type, r.campaign_id, r.workflow_step_id, false, now()"
        f" FROM ({rows_sql}) AS r(profile_id, event_type, campaign_id, workflow_step_id)"
    )
