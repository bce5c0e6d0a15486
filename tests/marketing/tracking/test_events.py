"""Email events: append-only, and the activity selector counts human events only."""

import datetime

import pytest
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from marketing.tracking.models import EmailEvent, EventType
from marketing.tracking.sql_surface import human_activity_members_sql


def _ids(**kwargs) -> list[int]:
    sql, params = human_activity_members_sql(**kwargs)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return sorted(row[0] for row in cursor.fetchall())


def test_events_are_never_updated(in_alpha):
    event = EmailEvent.objects.create(profile_id=1, campaign_id=1, event_type=EventType.OPENED)
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        EmailEvent.objects.filter(pk=event.pk).update(machine=True)
    EmailEvent.objects.filter(pk=event.pk).delete()  # retention may delete


def test_machine_events_never_count_and_windows_and_counts_apply(in_alpha):
    now = timezone.now()
    day = datetime.timedelta(days=1)
    for profile, campaign, machine, at in [
        (1, 1, False, now - day),
        (1, 1, False, now - 2 * day),
        (2, 1, True, now - day),  # a proxy open
        (3, 2, False, now - 40 * day),
    ]:
        EmailEvent.objects.create(
            profile_id=profile,
            campaign_id=campaign,
            event_type=EventType.OPENED,
            machine=machine,
            occurred_at=at,
        )
    assert _ids(event="opened") == [1, 1, 3]
    assert _ids(event="opened", since=now - 30 * day) == [1, 1]
    assert _ids(event="opened", min_count=2) == [1]
    assert _ids(event="opened", campaign_id=2) == [3]
    assert _ids(event="clicked") == []
