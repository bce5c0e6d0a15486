"""Forms' SQL surface: who submitted a form, as SQL, for the segments' "submitted form X"
rule (registered with segments in apps.py); SQL and parameters, never values spliced in."""

from __future__ import annotations

import datetime

from marketing.forms.models import FormSubmission

__all__ = ["form_submitters_sql"]


def form_submitters_sql(
    *,
    form_ids: list[int],
    since: datetime.datetime | None = None,
    until: datetime.datetime | None = None,
) -> tuple[str, list]:
    """The ids (column `id`) of profiles a submission of one of `form_ids` reached (its
    profile written: confirmed, or single opt-in), submitted in [since, until)."""
    where, params = ["s.form_id = ANY(%s)", "s.profile_id IS NOT NULL"], [list(form_ids)]
    if since is not None:
        where.append("s.created_at >= %s")
        params.append(since)
    if until is not None:
        where.append("s.created_at < %s")
        params.append(until)
    table = FormSubmission._meta.db_table
    return f"SELECT s.profile_id AS id FROM {table} s WHERE {' AND '.join(where)}", params
