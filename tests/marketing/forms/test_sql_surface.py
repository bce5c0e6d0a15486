"""Forms' SQL surface (marketing/forms/sql_surface.py) against the migrated schema: the
submitters of forms, ever and in a window, are planned inside a client's schema."""

import datetime

from django.db import connection

from marketing.forms import sql_surface as surface
from tests.support.sql_surface import surface_explain


def test_every_fragment_plans_against_the_migrated_schema(alpha):
    connection.set_tenant(alpha.client)
    since = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    try:
        statements = {
            "form_submitters_sql": [
                lambda: surface.form_submitters_sql(form_ids=[1, 2]),
                lambda: surface.form_submitters_sql(
                    form_ids=[1], since=since, until=since + datetime.timedelta(days=30)
                ),
            ]
        }
        assert surface_explain(surface, statements) == 2
    finally:
        connection.set_schema_to_public()
