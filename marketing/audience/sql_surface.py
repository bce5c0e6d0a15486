"""Audience's SQL surface: the fragments of its tables that other apps' raw SQL is built
from (delivery's ledger and outcomes, campaigns' audiences, the segment compiler), declared
here and nowhere else. Identifiers and conditions only: values always travel as
parameters. Other apps import them from this module only (tests/architecture/
test_sql_surfaces.py), and tests/marketing/audience/test_sql_surface.py runs each against
the migrated schema, so a renamed table or column fails the audience's own tests.

Mailable: not deleted, archived or deactivated, not unsubscribed nor do-not-email, an
address verification did not find invalid, and not flagged for consecutive soft bounces
(CSB_THRESHOLD). Addresses suppressed after a hard bounce or a complaint are the ledger's
own list."""

from dataclasses import dataclass

from marketing.audience import profile_fields as registry
from marketing.audience.models import (
    CSB_THRESHOLD,
    Profile,
    ProfileGroup,
    ProfileTag,
    VerificationStatus,
)

__all__ = [
    "mailable_condition",
    "profile_table",
    "profile_tables",
    "segment_field_columns",
    "soft_bounce_record_sql",
    "soft_bounce_streak_end_sql",
]

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


@dataclass(frozen=True)
class ProfileTables:
    """The tables of profiles and their memberships: `profile_group` and `profile_tag`
    hold (`profile_id`, `group_id`) and (`profile_id`, `tag_id`) rows."""

    profile: str
    profile_group: str
    profile_tag: str
    csb_threshold: int


def profile_tables() -> ProfileTables:
    return ProfileTables(
        profile=Profile._meta.db_table,
        profile_group=ProfileGroup._meta.db_table,
        profile_tag=ProfileTag._meta.db_table,
        csb_threshold=CSB_THRESHOLD,
    )


def segment_field_columns() -> dict[str, str]:
    """API key -> Profile column of every segmentable standard field."""
    return {
        field.key: Profile._meta.get_field(field.column).column
        for field in registry.profile_fields(segmentable=True)
    }


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
