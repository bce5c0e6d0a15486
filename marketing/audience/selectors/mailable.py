"""Who may be mailed, as SQL the send ledger (marketing/delivery) runs: the profile table
and the condition a profile must meet at the audience freeze and again at claim time.

Not mailable: deleted, archived or deactivated profiles, unsubscribed or do-not-email
ones, addresses verification found invalid, and profiles flagged for consecutive soft
bounces (CSB_THRESHOLD). Addresses suppressed after a hard bounce or a complaint are the
ledger's own list."""

from marketing.audience.models import CSB_THRESHOLD, Profile, VerificationStatus

PROFILE_TABLE = Profile._meta.db_table


def mailable_condition(alias: str = "p") -> tuple[str, list]:
    """SQL (with %s parameters) true for a mailable profile row named `alias`."""
    return (
        f"{alias}.deleted_at IS NULL AND {alias}.archived_at IS NULL AND {alias}.is_active "
        f"AND NOT {alias}.do_not_email AND {alias}.unsubscribed_at IS NULL "
        f"AND {alias}.verification_status <> %s AND {alias}.soft_bounce_streak < %s",
        [VerificationStatus.INVALID.value, CSB_THRESHOLD],
    )


def profile_table() -> str:
    return PROFILE_TABLE


def profiles_by_id(profile_ids: list[int]) -> dict[int, Profile]:
    """The profiles (with their reps, for merge tags) of one claimed batch, by id."""
    return {p.pk: p for p in Profile.objects.select_related("rep").filter(pk__in=profile_ids)}
