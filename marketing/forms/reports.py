"""Form report reads: conversions (/formConversions: views, submissions and confirmed by
day in the client's time zone and by source page, over a date range) and the survey report
(/surveyFormReport and its shared public page: each question's answer counts, free-text
answers a page at a time).

Both are aggregates the database computes from indexes (form_submission_report_idx,
form_view_day_unique): never a submission row brought into Python to be counted. The
survey's questions are the form's custom fields (the profile's own details, its email and
name, are personal data, not answers); choices come with the registry's options so an
option nobody chose shows 0."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from django.db import connection
from django.db.models import QuerySet
from django.db.models.fields.json import KeyTextTransform

from marketing.forms.definition import definition_read
from marketing.forms.models import Form, FormSubmission, FormViewDay
from marketing.forms.services.submissions import fields_by_key
from marketing.forms.services.views import PAGE_KEY_SQL

MAX_PAGES = 50  # source pages listed, most submissions first
CHOICE_TYPES = ("radio", "dropdown", "checkbox")
MAX_CHOICES = 100  # answers listed for one choice question


@dataclass(frozen=True)
class Range:
    date_from: datetime.date
    date_to: datetime.date  # included
    time_zone: str

    def instants(self) -> tuple[datetime.datetime, datetime.datetime]:
        zone = ZoneInfo(self.time_zone)
        start = datetime.datetime.combine(self.date_from, datetime.time(), zone)
        end = datetime.datetime.combine(
            self.date_to + datetime.timedelta(days=1), datetime.time(), zone
        )
        return start, end


def _rows(sql: str, params: list) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def form_conversions(*, form: Form, span: Range) -> dict:
    """{days: [{day, views, submissions, confirmed}] (every day of the range), pages:
    [{page, views, submissions, confirmed}] (at most MAX_PAGES), totals}."""
    start, end = span.instants()
    subs = FormSubmission._meta.db_table
    views = FormViewDay._meta.db_table
    by_day = {
        day: (submitted, confirmed)
        for day, submitted, confirmed in _rows(
            f"SELECT (created_at AT TIME ZONE %s)::date, count(*), count(confirmed_at)"
            f" FROM {subs} WHERE form_id = %s AND created_at >= %s AND created_at < %s"
            " GROUP BY 1",
            [span.time_zone, form.pk, start, end],
        )
    }
    views_by_day = dict(
        _rows(
            f"SELECT day, sum(views) FROM {views} WHERE form_id = %s AND day BETWEEN %s AND %s"
            " GROUP BY 1",
            [form.pk, span.date_from, span.date_to],
        )
    )
    days, day = [], span.date_from
    while day <= span.date_to:
        submitted, confirmed = by_day.get(day, (0, 0))
        days.append({"day": day, "views": int(views_by_day.get(day, 0)),
                     "submissions": submitted, "confirmed": confirmed})  # fmt: skip
        day += datetime.timedelta(days=1)
    pages = [
        {"page": page, "views": int(seen), "submissions": submitted, "confirmed": confirmed}
        for page, seen, submitted, confirmed in _rows(
            f"WITH s AS (SELECT {PAGE_KEY_SQL} AS page, count(*) AS n, count(confirmed_at) AS c"
            f"  FROM {subs} WHERE form_id = %s AND created_at >= %s AND created_at < %s"
            "  GROUP BY 1),"
            f" v AS (SELECT source_page AS page, sum(views) AS n FROM {views}"
            "  WHERE form_id = %s AND day BETWEEN %s AND %s GROUP BY 1)"
            " SELECT coalesce(s.page, v.page), coalesce(v.n, 0), coalesce(s.n, 0),"
            " coalesce(s.c, 0) FROM s FULL JOIN v ON s.page = v.page"
            " ORDER BY 3 DESC, 2 DESC, 1 LIMIT %s",
            [form.pk, start, end, form.pk, span.date_from, span.date_to, MAX_PAGES],
        )
    ]
    totals = {key: sum(row[key] for row in days) for key in ("views", "submissions", "confirmed")}
    return {"days": days, "pages": pages, "totals": totals}


def _questions(form: Form) -> list:
    """The custom fields of the version visitors answered (the draft before a publish)."""
    version = form.published_version
    definition = definition_read(version.definition if version else form.definition)
    return [field for field in definition.fields() if field.key.startswith("custom.")]


def _choice_counts(form_id: int, key: str) -> dict[str, int]:
    subs = FormSubmission._meta.db_table
    rows = _rows(
        "SELECT value, count(*) FROM ("
        "  SELECT jsonb_array_elements_text(CASE jsonb_typeof(payload -> %s)"
        "   WHEN 'array' THEN payload -> %s ELSE jsonb_build_array(payload -> %s) END) AS value"
        f"  FROM {subs} WHERE form_id = %s AND payload ? %s) answers"
        " GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT %s",
        [key, key, key, form_id, key, MAX_CHOICES],
    )
    return dict(rows)


def survey_report(*, form: Form) -> dict:
    """{respondents, questions: [{key, label, type, answered, choices: [{value, count}]}]};
    free-text questions carry no choices (their answers: survey_answers)."""
    registry = fields_by_key()
    subs = FormSubmission.objects.filter(form_id=form.pk)
    questions = []
    for field in _questions(form):
        known = registry.get(field.key)
        label = field.label or (known.label if known else field.key)
        answered = subs.filter(payload__has_key=field.key).count()
        choices = []
        if field.type in CHOICE_TYPES:
            counts = _choice_counts(form.pk, field.key)
            options = list(known.options) if known else []
            choices = [{"value": o, "count": counts.pop(o, 0)} for o in options]
            choices += [{"value": v, "count": n} for v, n in counts.items()]
        questions.append({"key": field.key, "label": label, "type": field.type,
                          "answered": answered, "choices": choices})  # fmt: skip
    return {"respondents": subs.count(), "questions": questions}


def survey_question(form: Form, key: str):
    """The form's free-text question of this key, or None."""
    return next((f for f in _questions(form) if f.key == key and f.type not in CHOICE_TYPES), None)


def survey_answers(*, form_id: int, key: str) -> QuerySet:
    """A free-text question's answers, newest first (untrusted: escaped where shown)."""
    return (
        FormSubmission.objects.filter(form_id=form_id, payload__has_key=key)
        .annotate(answer=KeyTextTransform(key, "payload"))
        .exclude(answer="")
        .order_by("-created_at", "-id")
        .values("id", "answer", "created_at")
    )
