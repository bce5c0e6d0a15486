"""Delivery's SQL surface: the fragments of the send ledger that other apps' raw SQL is
built from (campaigns' A/B shares, resends and report recipient lists), declared here and
nowhere else; SQL and parameters, never values spliced in. Other apps import them from
this module only (tests/architecture/test_sql_surfaces.py), and
tests/marketing/delivery/test_sql_surface.py runs each against the migrated schema, so a
renamed table or column fails delivery's own tests."""

from marketing.delivery.models import Delivery, DeliveryState

__all__ = ["send_profile_ids_sql", "send_recipients_sql", "send_variants_sql"]


def send_profile_ids_sql(send_ids: list[int], *, sent_only: bool = False) -> tuple[str, list]:
    """SQL and parameters selecting (as `id`) the profiles the sends' ledgers hold (only
    those whose message was sent, with `sent_only`): an A/B test share, a resend's
    candidates. Bare addresses (test sends) are never profiles and are left out."""
    sql = (
        f"SELECT d.profile_id AS id FROM {Delivery._meta.db_table} d"
        " WHERE d.send_id = ANY(%s) AND d.profile_id < %s"
    )
    params: list = [list(send_ids), 1 << 62]
    if sent_only:
        sql += " AND d.state = %s"
        params.append(int(DeliveryState.SENT))
    return sql, params


def send_recipients_sql(
    send_ids: list[int],
    *,
    states: tuple[int, ...] = (),
    profiles_in: tuple[str, list] | None = None,
    profiles_not_in: tuple[str, list] | None = None,
) -> tuple[str, list]:
    """SELECT of the sends' rows as (`delivery_id`, `profile_id`, `email`, `variant`,
    `state`, `last_reply`, `sent_at`), narrowed to `states` and to the profiles another
    SELECT (`profiles_in`, `profiles_not_in`: SQL and parameters selecting the column
    `profile_id`) does or does not pick. Unordered: callers order by `delivery_id`."""
    where, params = ["d.send_id = ANY(%s)"], [send_ids]
    if states:
        where.append("d.state = ANY(%s)")
        params.append([int(s) for s in states])
    if profiles_in is not None:
        where.append(f"d.profile_id IN ({profiles_in[0]})")
        params.extend(profiles_in[1])
    if profiles_not_in is not None:
        # NOT EXISTS plans as an anti-join (NOT IN over a large list would not).
        where.append(
            f"NOT EXISTS (SELECT 1 FROM ({profiles_not_in[0]}) x WHERE x.profile_id = d.profile_id)"
        )
        params.extend(profiles_not_in[1])
    sql = (
        "SELECT d.id AS delivery_id, d.profile_id, d.email, d.variant, d.state, d.last_reply,"
        f" d.sent_at FROM {Delivery._meta.db_table} d WHERE {' AND '.join(where)}"
    )
    return sql, params


def send_variants_sql(send_ids: list[int]) -> tuple[str, list]:
    """SELECT of (`profile_id`, `variant`) of the sends' rows: a report joins events to
    the variant each person got."""
    return (
        f"SELECT d.profile_id, d.variant FROM {Delivery._meta.db_table} d"
        " WHERE d.send_id = ANY(%s)",
        [send_ids],
    )
