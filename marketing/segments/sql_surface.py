"""Segments' SQL surface: a segment's members as SQL, the audience of a campaign's send
(marketing/campaigns), declared here and nowhere else; SQL and parameters, never values
spliced in. Other apps import it from this module only
(tests/architecture/test_sql_surfaces.py), and tests/marketing/segments/test_sql_surface.py
runs it against the migrated schema."""

from marketing.segments.selectors import segment_get, segment_members_sql

__all__ = ["segment_profile_ids_sql"]


def segment_profile_ids_sql(*, segment_id: int, time_zone: str = "UTC") -> tuple[str, list]:
    """The audience of a send: SQL and parameters selecting the segment's profile ids
    (column `id`), to be used as a subquery (`... WHERE profile_id IN (<sql>)`, or
    `INSERT ... SELECT`). Raises NotFound for a segment of no such id in this client.
    Unsubscribed, suppressed or bounced profiles are the sender's to remove."""
    sql = segment_members_sql(segment_get(segment_id=segment_id), time_zone=time_zone)
    return sql.text, sql.params
