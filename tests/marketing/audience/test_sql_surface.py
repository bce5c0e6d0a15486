"""The audience's SQL surface (marketing/audience/sql_surface.py) against the migrated
schema: every fragment it offers other apps is planned inside a client's schema."""

from django.db import connection

from marketing.audience import sql_surface as surface
from tests.support.sql_surface import surface_explain

# The profile columns other apps' SQL reads (campaigns' zones and reps' senders, the send
# pipeline's lock and outcome).
PROFILE_COLUMNS = ("id", "email", "rep_id", "country", "state", "custom", "soft_bounce_streak")
IDS = "SELECT 1::bigint"


def _mailable():
    condition, params = surface.mailable_condition("p")
    return f"SELECT p.id FROM {surface.profile_table()} p WHERE {condition}", params


def _memberships():
    tables = surface.profile_tables()
    return (
        f"SELECT p.id FROM {tables.profile} p"
        f" JOIN {tables.profile_group} g ON g.profile_id = p.id AND g.group_id = %s"
        f" JOIN {tables.profile_tag} t ON t.profile_id = p.id AND t.tag_id = %s"
        " WHERE p.soft_bounce_streak >= %s",
        [1, 1, tables.csb_threshold],
    )


def _segmentable():
    columns = ", ".join(sorted(set(surface.segment_field_columns().values())))
    return f"SELECT {columns} FROM {surface.profile_table()}", []


STATEMENTS = {
    "mailable_condition": [_mailable],
    "profile_table": [
        lambda: (f"SELECT {', '.join(PROFILE_COLUMNS)} FROM {surface.profile_table()}", [])
    ],
    "profile_tables": [_memberships],
    "segment_field_columns": [_segmentable],
    "soft_bounce_record_sql": [lambda: (surface.soft_bounce_record_sql(IDS), [])],
    "soft_bounce_streak_end_sql": [lambda: (surface.soft_bounce_streak_end_sql(IDS), [])],
}


def test_every_fragment_plans_against_the_migrated_schema(alpha):
    connection.set_tenant(alpha.client)
    try:
        assert surface_explain(surface, STATEMENTS) == len(STATEMENTS)
    finally:
        connection.set_schema_to_public()
