"""Tracking's SQL surface (marketing/tracking/sql_surface.py) against the migrated schema:
every fragment of the events it offers other apps is planned inside a client's schema."""

import datetime

from django.db import connection

from marketing.tracking import sql_surface as surface
from marketing.tracking.services import event_code
from tests.support.sql_surface import surface_explain

NOW = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
# The rows the send pipeline inserts: profile, event, campaign, workflow step.
ROWS = "SELECT 1::bigint, %s::smallint, %s::bigint, %s::bigint"

STATEMENTS = {
    "campaign_events_by_person_sql": [
        lambda: surface.campaign_events_by_person_sql(1, ["opened", "clicked"])
    ],
    "campaign_people_sql": [lambda: surface.campaign_people_sql(1, "opened")],
    "event_insert_sql": [
        lambda: (surface.event_insert_sql(ROWS), [event_code("sent"), 1, None]),
    ],
    "human_activity_members_sql": [
        lambda: surface.human_activity_members_sql(event="opened"),
        lambda: surface.human_activity_members_sql(
            event="clicked", since=NOW, until=NOW, campaign_id=1, min_count=2
        ),
    ],
}


def test_every_fragment_plans_against_the_migrated_schema(alpha):
    connection.set_tenant(alpha.client)
    try:
        assert surface_explain(surface, STATEMENTS) == 5
    finally:
        connection.set_schema_to_public()
