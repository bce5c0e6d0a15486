"""The list's counts follow the audience between saves: beat recounts, in every client,
the dynamic segments counted more than SEGMENT_RECOUNT_MINUTES ago; static segments (a
snapshot) and fresh counts are left alone."""

from datetime import timedelta

from django.db import connection
from django.utils import timezone

from marketing.audience.models import Profile, ProfileGroup
from marketing.segments.models import Segment
from marketing.segments.tasks import segment_counts_refresh
from tests.conftest import in_schema
from tests.marketing.segments.test_api import _group_with, _in_group


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
