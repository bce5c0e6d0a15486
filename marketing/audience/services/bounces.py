"""A profile's run of consecutive soft bounces (spec 4, 9: five or more flags it as CSB,
and the send ledger stops mailing it). Written by the delivery pipeline."""

from django.db.models import F

from marketing.audience.models import Profile


def soft_bounce_record(*, profile_id: int) -> None:
    """One more soft bounce in a row."""
    Profile.objects.filter(pk=profile_id).update(soft_bounce_streak=F("soft_bounce_streak") + 1)


def soft_bounce_streak_end(*, profile_ids: list[int]) -> None:
    """A message reached these profiles: their runs of soft bounces end (a no-op write for
    the many with no run, which the filter skips)."""
    Profile.objects.filter(pk__in=profile_ids, soft_bounce_streak__gt=0).update(
        soft_bounce_streak=0
    )


def soft_bounce_record_sql(profile_ids_sql: str) -> str:
    """`soft_bounce_record` as one SQL statement over the profile ids `profile_ids_sql`
    selects: for a writer that commits it inside a statement of its own (the send
    pipeline's outcome, delivery/services/attempts.py)."""
    return (
        f"UPDATE {Profile._meta.db_table} SET soft_bounce_streak = soft_bounce_streak + 1"
        f" WHERE id IN ({profile_ids_sql})"
    )


def soft_bounce_streak_end_sql(profile_ids_sql: str) -> str:
    """`soft_bounce_streak_end` as one SQL statement (see soft_bounce_record_sql)."""
    return (
        f"UPDATE {Profile._meta.db_table} SET soft_bounce_streak = 0"
        f" WHERE id IN ({profile_ids_sql}) AND soft_bounce_streak > 0"
    )
