"""Counting a published page's visits: one upsert of the (page, day) row, the day in the
client's time zone. The page's script sends it after the page has shown (/-/lp.js), so the
page's own GET writes nothing; `unique` is the visitor's first visit of the page that day
(the script remembers it in the visitor's browser)."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.db import connection
from django.utils import timezone

from marketing.sites.models import PageVisitDay


def visit_record(*, page_id: int, unique: bool, time_zone: str, at=None) -> None:
    day = (at or timezone.now()).astimezone(ZoneInfo(time_zone)).date()
    table = PageVisitDay._meta.db_table
    first = 1 if unique else 0
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (page_id, day, visits, unique_visits) VALUES (%s, %s, 1, %s)"
            " ON CONFLICT (page_id, day) DO UPDATE SET visits = {t}.visits + 1,"
            " unique_visits = {t}.unique_visits + EXCLUDED.unique_visits".replace("{t}", table),
            [page_id, day, first],
        )
