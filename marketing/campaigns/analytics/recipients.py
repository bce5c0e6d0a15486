"""A campaign's recipients by outcome (the report's tabs and their CSV export): opened,
clicked (human events), bounced (refused by the receiver, at once or by a later DSN),
unsubscribed, and not opened (accepted, and no human open). Rows in ledger order."""

from __future__ import annotations

import json

from django.conf import settings
from django.db import connection

from marketing.campaigns.analytics.campaign import campaign_sends
from marketing.campaigns.models import Campaign
from marketing.delivery.selectors import (
    STATE_NAMES,
    STATES_BOUNCED,
    STATES_SENT,
)
from marketing.delivery.sql_surface import send_recipients_sql
from marketing.tracking.sql_surface import campaign_people_sql

OUTCOMES = ("opened", "clicked", "bounced", "unsubscribed", "notOpened")


def recipients_sql(campaign: Campaign, outcome: str) -> tuple[str, list]:
    """SELECT of the campaign's ledger rows with `outcome` (one of OUTCOMES)."""
    send_ids = campaign_sends(campaign)
    if outcome in ("opened", "clicked", "unsubscribed"):
        return send_recipients_sql(send_ids, profiles_in=campaign_people_sql(campaign.pk, outcome))
    if outcome == "bounced":
        return send_recipients_sql(send_ids, states=STATES_BOUNCED)
    return send_recipients_sql(
        send_ids, states=STATES_SENT, profiles_not_in=campaign_people_sql(campaign.pk, "opened")
    )


def recipients_count(campaign: Campaign, outcome: str) -> int:
    sql, params = recipients_sql(campaign, outcome)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM ({sql}) r", params)
        return cursor.fetchone()[0]


def recipients_page(campaign: Campaign, outcome: str, *, page: int, page_size: int) -> dict:
    """One page of the list and its total: exact up to CAMPAIGN_REPORT_EXACT_UP_TO rows
    as the planner sees them, its estimate past that ({items, total, total_is_estimate,
    page, page_size})."""
    sql, params = recipients_sql(campaign, outcome)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT profile_id, email, variant, state, last_reply, sent_at FROM ({sql}) r"
            " ORDER BY delivery_id LIMIT %s OFFSET %s",
            [*params, page_size, (page - 1) * page_size],
        )
        items = [
            {
                "profile_id": profile_id,
                "email": email,
                "variant": variant,
                "state": STATE_NAMES[state],
                "last_reply": last_reply,
                "sent_at": sent_at,
            }
            for profile_id, email, variant, state, last_reply, sent_at in cursor.fetchall()
        ]
    estimate = False
    offset = (page - 1) * page_size
    if page == 1 and len(items) < page_size:
        total = len(items)
    elif (planned := _planned_rows(sql, params)) > settings.CAMPAIGN_REPORT_EXACT_UP_TO:
        # Counting a list of a million rows costs more than the page: "about N".
        total, estimate = max(planned, offset + len(items)), True
    else:
        total = recipients_count(campaign, outcome)
    return {
        "items": items,
        "total": total,
        "total_is_estimate": estimate,
        "page": page,
        "page_size": page_size,
    }


def _planned_rows(sql: str, params: list) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}", params)
        plan = cursor.fetchone()[0]
    plan = json.loads(plan) if isinstance(plan, str) else plan
    return int(plan[0]["Plan"]["Plan Rows"])
