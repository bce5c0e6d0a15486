"""One campaign's report: delivery outcomes and the bounces by reason, human reach and
rates, machine events apart, per-link clicks, the opens/clicks timeline in the client's
zone, per-hour sending of a campaign sent in each recipient's zone, A/B variants with the
winner, and the resends.

A/B variants are read from the ledger's `variant` column over every send of the campaign
(its own send and any other send tracking recorded for it): that holds whether the A/B
runner writes one send with a variant per row or one send per variant."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from django.core.cache import cache
from django.db import connection

from marketing.campaigns.models import Campaign
from marketing.delivery.selectors import (
    Outcomes,
    send_bounce_reasons,
    send_hourly,
    send_outcomes,
    sends_settled_version,
)
from marketing.delivery.sql_surface import send_variants_sql
from marketing.tracking.selectors import (
    campaign_event_totals,
    campaign_link_clicks,
    campaign_send_ids,
    campaign_timeline,
    tracking_freshness,
)
from marketing.tracking.sql_surface import campaign_events_by_person_sql

# How long a finished campaign's figures are kept (the versions in the key make them
# exact; this only bounds what a write outside the services would leave stale).
REPORT_CACHE_SECONDS = 600


def campaign_sends(campaign: Campaign) -> list[int]:
    """The ids of every send of the campaign (none before it starts)."""
    ids = set(campaign_send_ids(campaign.pk))
    if campaign.send_id:
        ids.add(campaign.send_id)
    return sorted(ids)


def _counted(campaign: Campaign, row: Outcomes) -> bool:
    """Whether a ledger row group counts in the campaign's own figures: every send of an
    A/B campaign does (its variants may be sends of their own); otherwise only the
    campaign's send, the others being its resends."""
    return campaign.kind == "AB" or not campaign.send_id or row.send_id == campaign.send_id


def _rate(part: int, whole: int) -> float:
    return round(100.0 * part / whole, 2) if whole else 0.0


@dataclass
class Figures:
    recipients: int = 0
    sent: int = 0
    delivered: int = 0
    failed: int = 0
    deferred: int = 0
    pending: int = 0
    hard_bounces: int = 0
    soft_bounces: int = 0

    def add(self, row: Outcomes) -> None:
        self.recipients += row.recipients
        self.sent += row.sent
        self.delivered += row.sent - row.bounced_after_sent
        self.failed += row.failed + row.suppressed
        self.deferred += row.deferred
        self.pending += row.pending
        self.hard_bounces += row.hard_bounces
        self.soft_bounces += row.soft_bounces


def _variant_reach(campaign_id: int, send_ids: list[int]) -> dict[tuple[str, int], int]:
    """{(variant, event type): people} for human opens and clicks, each person counted
    under the variant the ledger gave them."""
    events, event_params = campaign_events_by_person_sql(campaign_id, ["opened", "clicked"])
    variants, variant_params = send_variants_sql(send_ids)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT v.variant, e.event_type, count(DISTINCT e.profile_id)"
            f" FROM ({events}) e JOIN ({variants}) v ON v.profile_id = e.profile_id"
            " GROUP BY v.variant, e.event_type",
            [*event_params, *variant_params],
        )
        return {(variant, kind): people for variant, kind, people in cursor.fetchall()}


def _variants(
    campaign: Campaign, rows: list[Outcomes], reach: dict[tuple[str, int], int]
) -> dict | None:
    if campaign.kind != "AB":
        return None
    by_variant: dict[str, Figures] = {}
    for row in rows:
        by_variant.setdefault(row.variant or "", Figures()).add(row)
    names = [str(v.get("name")) for v in campaign.ab_variants if v.get("name")]
    for name in [*names, "W"]:
        if name == "W" and not campaign.ab_winner:
            continue
        by_variant.setdefault(name, Figures())
    variants = []
    for name in sorted(by_variant, key=lambda n: (n == "W", n == "", n)):
        figures = by_variant[name]
        opened, clicked = reach.get((name, 3), 0), reach.get((name, 4), 0)
        spec = next((v for v in campaign.ab_variants if v.get("name") == name), {})
        variants.append(
            {
                "name": name,
                "subject": str(spec.get("subject") or ""),
                "template_id": spec.get("templateId"),
                "recipients": figures.recipients,
                "sent": figures.sent,
                "delivered": figures.delivered,
                "unique_opens": opened,
                "unique_clicks": clicked,
                "open_rate": _rate(opened, figures.delivered),
                "click_rate": _rate(clicked, figures.delivered),
            }
        )
    tested = [v for v in variants if v["name"] not in ("W", "")]
    key = "unique_clicks" if campaign.ab_winner_rule == "clicks" else "unique_opens"
    leader = max(tested, key=lambda v: (v[key], -ord(v["name"][0])), default=None)
    return {
        "test_on": campaign.ab_test_on,
        "test_percent": campaign.ab_test_percent,
        "winner_rule": campaign.ab_winner_rule,
        "winner_after_hours": campaign.ab_winner_after_hours,
        "winner": campaign.ab_winner,
        "winner_picked_at": campaign.ab_winner_picked_at,
        "leader": leader["name"] if leader and leader[key] else "",
        "variants": variants,
    }


def _resends(campaign: Campaign, rows: list[Outcomes]) -> dict:
    """The two follow-ups' settings and status codes (spec 4: 0 not scheduled, 1 scheduled,
    2 delivered, 3 failed), and the ledger counts of every send past the campaign's own
    (the follow-ups the resend runner starts)."""
    others: dict[int, Figures] = {}
    for row in rows:
        if not _counted(campaign, row):
            others.setdefault(row.send_id, Figures()).add(row)
    return {
        "unopened": {
            "enabled": campaign.resend_unopened,
            "days": campaign.resend_unopened_days,
            "subject": campaign.resend_unopened_subject,
            "status": campaign.resend_unopened_status,
            "scheduled_at": campaign.resend_unopened_scheduled_at,
            "processed_at": campaign.resend_unopened_processed_at,
        },
        "unclicked": {
            "enabled": campaign.resend_unclicked,
            "days": campaign.resend_unclicked_days,
            "subject": campaign.resend_unclicked_subject,
            "status": campaign.resend_unclicked_status,
            "scheduled_at": campaign.resend_unclicked_scheduled_at,
            "processed_at": campaign.resend_unclicked_processed_at,
        },
        "sends": [
            {"send_id": send_id, "recipients": f.recipients, "sent": f.sent}
            for send_id, f in sorted(others.items())
        ],
    }


def _kept(campaign: Campaign, ledger: str | None, shape: str, read):
    """`read()`, kept REPORT_CACHE_SECONDS under the ledger's settled version (read before
    the figures, None while a send is open: nothing kept) and `shape`, what else the
    figures depend on: a delivery report written since is always in the answer."""
    if ledger is None:
        return read()
    shape = f"{ledger}:{shape}"
    key = f"campaigns:report:{campaign.pk}:{hashlib.sha256(shape.encode()).hexdigest()}"
    figures = cache.get(key)
    if figures is None:
        figures = read()
        cache.set(key, figures, REPORT_CACHE_SECONDS)
    return figures


def _figures(campaign: Campaign, send_ids: list[int], zone: str) -> dict:
    """What the report reads from the ledger and the events (the campaign's own fields
    are read fresh on every call). The events' figures come from their roll-ups, exact
    on every call; the ledger's are kept while it is settled, and so is A/B reach, under
    the number of people who opened and clicked (it changes only when one is new)."""
    totals = campaign_event_totals(campaign.pk)
    figures = {
        "totals": totals,
        "links": campaign_link_clicks(campaign.pk, send_ids) if send_ids else [],
        "timeline": campaign_timeline(campaign.pk, time_zone=zone),
        "rows": [],
        "hourly": [],
        "reach": {},
        "reasons": {},
    }
    if not send_ids:
        return figures
    ledger = sends_settled_version(send_ids)
    figures["rows"] = _kept(campaign, ledger, "rows", lambda: send_outcomes(send_ids))
    own = send_ids if campaign.kind == "AB" or not campaign.send_id else [campaign.send_id]
    figures["reasons"] = _kept(campaign, ledger, "reasons", lambda: send_bounce_reasons(own))
    if campaign.send_in_recipient_zone:
        figures["hourly"] = _kept(
            campaign, ledger, f"hourly:{zone}", lambda: send_hourly(send_ids, time_zone=zone)
        )
    if campaign.kind == "AB":
        people = [totals.get((name, False), (0, 0))[1] for name in ("opened", "clicked")]
        figures["reach"] = _kept(
            campaign, ledger, f"reach:{people}", lambda: _variant_reach(campaign.pk, send_ids)
        )
    return figures


def campaign_report(campaign: Campaign, *, time_zone: str) -> dict:
    """The whole report of one campaign, instants in `time_zone` (the client's)."""
    send_ids = campaign_sends(campaign)
    figures = _figures(campaign, send_ids, time_zone)
    rows = figures["rows"]
    own = Figures()
    for row in rows:
        if _counted(campaign, row):
            own.add(row)
    totals = figures["totals"]

    def human(name: str) -> tuple[int, int]:
        return totals.get((name, False), (0, 0))

    def machine(name: str) -> tuple[int, int]:
        return totals.get((name, True), (0, 0))

    opens, opened = human("opened")
    clicks, clicked = human("clicked")
    unit, points = figures["timeline"]
    return {
        "campaign": campaign,
        "recipients": own.recipients,
        "sent": own.sent,
        "delivered": own.delivered,
        "failed": own.failed,
        "deferred": own.deferred,
        "pending": own.pending,
        "hard_bounces": own.hard_bounces,
        "soft_bounces": own.soft_bounces,
        "complaints": human("complained")[1],
        "unsubscribes": human("unsubscribed")[1],
        "unique_opens": opened,
        "total_opens": opens,
        "unique_clicks": clicked,
        "total_clicks": clicks,
        "open_rate": _rate(opened, own.delivered),
        "click_rate": _rate(clicked, own.delivered),
        "click_to_open_rate": _rate(clicked, opened),
        "bounce_rate": _rate(own.hard_bounces + own.soft_bounces, own.sent + own.failed),
        # Why they bounced (bounce_reading's reasons), most first.
        "bounce_reasons": [
            {"reason": reason, "count": count}
            for reason, count in sorted(figures["reasons"].items(), key=lambda r: (-r[1], r[0]))
        ],
        "unsubscribe_rate": _rate(human("unsubscribed")[1], own.delivered),
        "machine_opens": machine("opened")[0],
        "machine_open_people": machine("opened")[1],
        "bot_clicks": machine("clicked")[0],
        "bot_click_people": machine("clicked")[1],
        "links": [
            {
                "link_id": link.link_id,
                "url": link.url,
                "unique_clicks": link.people,
                "total_clicks": link.clicks,
                "bot_clicks": link.machine_clicks,
            }
            for link in figures["links"]
        ],
        "timeline": {
            "unit": unit,
            "points": [
                {"at": at.replace(tzinfo=ZoneInfo(time_zone)), "opens": o, "clicks": c}
                for at, o, c in points
            ],
        },
        "hourly": [
            {"hour": hour.replace(tzinfo=ZoneInfo(time_zone)), "sent": sent, "due": due}
            for hour, sent, due in figures["hourly"]
        ],
        "ab": _variants(campaign, rows, figures["reach"]),
        "resends": _resends(campaign, rows),
        "generated_at": datetime.now(ZoneInfo(time_zone)),
        "tracking": _tracking(time_zone),
    }


def _tracking(time_zone: str) -> dict:
    """How current the opens and clicks above are (tracking_freshness), in the zone."""
    fresh = tracking_freshness(connection.tenant.pk)
    as_of = fresh.as_of.astimezone(ZoneInfo(time_zone)) if fresh.as_of else None
    return {"as_of": as_of, "behind": fresh.behind}
