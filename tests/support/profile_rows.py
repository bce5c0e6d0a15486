"""Profiles written straight into a client's table with COPY: the benchmarks' data, far
faster than the ORM. Each row names its email and what differs from a plain profile."""

from collections.abc import Iterable

from marketing.audience.models import Profile
from marketing.audience.profile_fields import Kind, profile_fields

# The registry's text columns (profile_fields.py): all empty in a plain profile.
TEXT_COLUMNS = tuple(field.column for field in profile_fields() if field.kind == Kind.TEXT)

PLAIN_PROFILE = {
    **dict.fromkeys(TEXT_COLUMNS, ""),
    "custom": "{}",
    "source": "import",
    "verification_status": "Pending",
    "soft_bounce_streak": 0,
    "is_active": True,
    "do_not_email": False,
    "unsubscribe_source": "",
    "archived_at": None,
    "deleted_at": None,
    "created_at": "now",
    "updated_at": "now",
}


def profiles_copy(cursor, rows: Iterable[dict]) -> None:
    """COPY `rows` (dicts with "email" and any column of PLAIN_PROFILE) into the current
    schema's profile table. `cursor`: a psycopg cursor (Django's `cursor.cursor`)."""
    columns = ["email", *PLAIN_PROFILE]
    table = Profile._meta.db_table
    with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row([row["email"], *(row.get(c, v) for c, v in PLAIN_PROFILE.items())])
