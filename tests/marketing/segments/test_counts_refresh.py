"""The list's counts follow the audience between saves: beat recounts, in every client,
the dynamic segments counted more than SEGMENT_RECOUNT_MINUTES ago; static segments (a
snapshot) and fresh counts are left alone."""

from datetime import timedelta

from django.db import connection
from django.utils import timezone

from marketing.audience.models import Profile, ProfileGroup
from marketing.segments import selectors
from marketing.segments.compiler import Sql
from marketing.segments.messages import SEGMENT_TOO_SLOW
from marketing.segments.models import Segment
from marketing.segments.tasks import segment_counts_refresh
from tests.marketing.segments.test_api import _group_with, _in_group
from tests.support.tenants import in_schema


def _segment(admin_api, name: str, segment_type: str, group: int) -> int:
    body = {"name": name, "type": segment_type, "rules": _in_group(group), "websiteIds": [7]}
    created = admin_api.post("/api/mm/segments", body)
    assert created.status_code == 201, created.content
    return created.json()["id"]


def test_stale_dynamic_counts_are_refreshed_and_snapshots_are_not(alpha, admin_api, settings):
    settings.SEGMENT_RECOUNT_MINUTES = 15
    group = _group_with(alpha, "a@x.example")
    stale = _segment(admin_api, "Stale", "dynamic", group)
    _segment(admin_api, "Fresh", "dynamic", group)  # counted just now
    snapshot = _segment(admin_api, "Snapshot", "static", group)
    with in_schema(alpha):
        ProfileGroup.objects.create(
            profile=Profile.objects.create(email="b@x.example"), group_id=group
        )
        an_hour_ago = timezone.now() - timedelta(hours=1)
        Segment.objects.filter(pk__in=[stale, snapshot]).update(counted_at=an_hour_ago)
    connection.set_schema_to_public()
    assert segment_counts_refresh.apply().get() == {"alpha": 1}
    with in_schema(alpha):
        counts = dict(Segment.objects.values_list("name", "profile_count"))
        refreshed_at = Segment.objects.get(pk=stale).counted_at
    assert counts == {"Stale": 2, "Fresh": 1, "Snapshot": 1}
    assert timezone.now() - refreshed_at < timedelta(minutes=1)


def test_a_count_past_the_time_limit_answers_a_message_not_a_500(
    alpha, admin_api, settings, monkeypatch
):
    """The limit is the database's own (statement_timeout), so any slow tree stops; here the
    compiled query is replaced by one that sleeps past a 50 ms limit."""
    settings.SEGMENT_QUERY_TIMEOUT_MS = 50

    class Sleepy:
        def count(self, tree):
            return Sql("SELECT count(*) FROM pg_sleep(0.5)", [])

    monkeypatch.setattr(selectors, "compiler_for", lambda **options: Sleepy())
    group = _group_with(alpha, "a@x.example")
    answer = admin_api.post("/api/mm/segments/count", {"rules": _in_group(group)})
    assert answer.status_code == 400
    assert answer.json()["message"] == SEGMENT_TOO_SLOW
    # The connection is usable afterwards: the limit ended with the count's transaction.
    assert admin_api.get("/api/mm/segments").status_code == 200
