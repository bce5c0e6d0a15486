"""Delivery's SQL surface (marketing/delivery/sql_surface.py) against the migrated schema:
every fragment of the ledger it offers other apps is planned inside a client's schema."""

from django.db import connection

from marketing.delivery import sql_surface as surface
from marketing.delivery.models import DeliveryState
from tests.support.sql_surface import surface_explain

PEOPLE = ("SELECT 1::bigint AS profile_id", [])

STATEMENTS = {
    "send_profile_ids_sql": [
        lambda: surface.send_profile_ids_sql([1, 2]),
        lambda: surface.send_profile_ids_sql([1], sent_only=True),
    ],
    "send_recipients_sql": [
        lambda: surface.send_recipients_sql([1]),
        lambda: surface.send_recipients_sql(
            [1], states=(DeliveryState.SENT,), profiles_in=PEOPLE, profiles_not_in=PEOPLE
        ),
    ],
    "send_variants_sql": [lambda: surface.send_variants_sql([1, 2])],
}


def test_every_fragment_plans_against_the_migrated_schema(alpha):
    connection.set_tenant(alpha.client)
    try:
        assert surface_explain(surface, STATEMENTS) == 5
    finally:
        connection.set_schema_to_public()
