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
