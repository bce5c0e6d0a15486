"""Counting a form's page views for the conversions report: one upsert of the (form, day,
source page) row, the day in the client's time zone, the page as `page_key` keeps it (no
query string or fragment, at most 500 characters: PAGE_KEY_SQL says the same to the
database) so a view and a submission from the same page meet in the report."""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from django.db import connection
from django.utils import timezone

from marketing.forms.models import FormViewDay

PAGE_KEY_LENGTH = 500
_QUERY = re.compile(r"[?#].*", re.DOTALL)
# The same rule over a submission's stored `source_page` column.
PAGE_KEY_SQL = f"left(regexp_replace(btrim(source_page), '[?#].*$', ''), {PAGE_KEY_LENGTH})"


def page_key(url: str) -> str:
    """A source page as the report groups it: the address without its query or fragment
    (UTM tags and the like would split one page into many)."""
    return _QUERY.sub("", (url or "").strip())[:PAGE_KEY_LENGTH]


def form_view_record(*, form_id: int, source_page: str, time_zone: str, at=None) -> None:
    """Count one view of the form's public page (called by the page's GET)."""
    day = (at or timezone.now()).astimezone(ZoneInfo(time_zone)).date()
    table = FormViewDay._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (form_id, day, source_page, views) VALUES (%s, %s, %s, 1)"
            " ON CONFLICT (form_id, day, source_page)"
            f" DO UPDATE SET views = {table}.views + 1",
            [form_id, day, page_key(source_page)],
        )
