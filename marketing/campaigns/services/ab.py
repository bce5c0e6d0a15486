"""A/B campaigns (spec 3, 4): variants A, B (and C) of the subject or the content go to a
test share of the audience; after `ab_winner_after_hours` the tick picks the winner by
the campaign's rule and sends it (as "W") to everyone else.

- **The split** (at the start): the mailable audience is ordered by md5(campaign id,
  profile id), a random order that is the same on every run for that campaign; its first
  `ab_test_percent` % (rounded up) is the test share, dealt round-robin to the variants,
  so each gets the same number (±1). The split is computed once, in one statement, and
  each variant is one send of the ledger (part and row variant "A", "B", "C") with its own
  subject and content frozen.
- **The winner** (`ab_winner_pick`, from the tick): per variant, the people whose human
  open (rule "opens") or human click (rule "clicks") is recorded among those its send
  reached, over how many it reached. Machine opens and bot clicks never count. The best
  rate wins; a tie goes to the earlier variant (A before B before C). The pick locks the
  campaign row and writes the winner only while none is written, so a second tick, a
  concurrent one or a later call changes nothing: a winner once picked never changes.
- **The rest**: the audience as it is at the pick, minus every profile of the variants'
  ledgers (the test share never gets a second version), frozen as the winner's send
  ("W") with the winning variant's subject and content."""

from __future__ import annotations

from datetime import timedelta

from django.db import connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import NotFound
from marketing.audience.sql_surface import mailable_condition, profile_table
from marketing.campaigns import messages
from marketing.campaigns.models import Campaign, CampaignKind, CampaignStatus
from marketing.campaigns.selectors import campaign_audience_sql, campaign_sends
from marketing.campaigns.services.mailing import mailing_content, mailing_start
from marketing.delivery.sql_surface import send_profile_ids_sql
from marketing.tracking.sql_surface import human_activity_members_sql

WINNER = "W"
RULE_EVENTS = {"opens": "opened", "clicks": "clicked"}


def _variant_names(campaign: Campaign) -> list[str]:
    return [str(v.get("name")) for v in campaign.ab_variants]


SHARE_TABLE = "campaign_ab_share"


def ab_test_share_freeze(campaign: Campaign, *, time_zone: str) -> list[str]:
    """Cut the test share once, into a temporary table of this transaction (id, variant
    slot): every variant is frozen from the same cut, so no one lands in two of them
    (statements of one READ COMMITTED transaction see different snapshots), and no
    statement carries half an audience's ids as a literal. Returns the variant names, in
    slot order."""
    names = _variant_names(campaign)
    audience, params = campaign_audience_sql(campaign, time_zone=time_zone)
    mailable, mailable_params = mailable_condition("p")
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS pg_temp.{SHARE_TABLE}")
        cursor.execute(
            f"CREATE TEMPORARY TABLE {SHARE_TABLE} ON COMMIT DROP AS"
            " SELECT r.id, (r.n %% %s)::int AS slot FROM (SELECT p.id, row_number() OVER"
            " (ORDER BY md5(%s || ':' || p.id::text), p.id) - 1 AS n, count(*) OVER () AS total"
            f" FROM {profile_table()} p WHERE p.id IN ({audience}) AND {mailable}) r"
            " WHERE r.n < ceil(r.total * %s / 100.0)",
            [len(names), str(campaign.pk), *params, *mailable_params, campaign.ab_test_percent],
        )
        cursor.execute(f"ANALYZE pg_temp.{SHARE_TABLE}")
    return names


def ab_test_share(campaign: Campaign, *, time_zone: str) -> dict[str, list[int]]:
    """The test share's profile ids per variant name (what the start cuts)."""
    with transaction.atomic():
        names = ab_test_share_freeze(campaign, time_zone=time_zone)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT id, slot FROM pg_temp.{SHARE_TABLE}")
            share: dict[str, list[int]] = {name: [] for name in names}
            for profile_id, slot in cursor.fetchall():
                share[names[slot]].append(profile_id)
            cursor.execute(f"DROP TABLE pg_temp.{SHARE_TABLE}")
    return share


def ab_start(campaign: Campaign, *, time_zone: str) -> tuple[int | None, int]:
    """Freeze one send per variant for its part of the test share (in the caller's
    transaction). Returns the first variant's send id (the campaign's `send_id`) and how
    many rows the variants hold. Raises NotFound when a variant's template is gone."""
    names = ab_test_share_freeze(campaign, time_zone=time_zone)
    first, recipients = None, 0
    for slot, name in enumerate(names):
        started = mailing_start(
            campaign,
            content=mailing_content(campaign, variant=name),
            audience_sql=f"SELECT s.id FROM pg_temp.{SHARE_TABLE} s WHERE s.slot = %s",
            params=[slot],
            part=name,
            variant=name,
        )
        first = first or started.send_id
        recipients += started.recipients
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE pg_temp.{SHARE_TABLE}")
    return first, recipients


def ab_rates(campaign: Campaign) -> dict[str, tuple[int, int]]:
    """Per variant: (people with a human event of the rule, people its send reached)."""
    event = RULE_EVENTS[campaign.ab_winner_rule]
    sends = {s.part: s for s in campaign_sends([campaign.pk]).get(campaign.pk, [])}
    human, human_params = human_activity_members_sql(event=event, campaign_id=campaign.pk)
    rates = {}
    for name in _variant_names(campaign):
        state = sends.get(name)
        if state is None:
            rates[name] = (0, 0)
            continue
        reached, reached_params = send_profile_ids_sql([state.send_id], sent_only=True)
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT count(DISTINCT r.id) FROM ({reached}) r WHERE r.id IN ({human})",
                [*reached_params, *human_params],
            )
            rates[name] = (cursor.fetchone()[0], state.sent)
    return rates


def ab_winner_choose(rates: dict[str, tuple[int, int]]) -> str:
    """The best rate; a tie goes to the earlier variant (dict order: A, B, C)."""
    best, best_rate = "", -1.0
    for name, (people, reached) in rates.items():
        rate = people / reached if reached else 0.0
        if rate > best_rate:
            best, best_rate = name, rate
    return best


def ab_winners_due() -> list[int]:
    """A/B campaigns sending their test whose winner is due to be picked."""
    now = timezone.now()
    candidates = Campaign.objects.filter(
        kind=CampaignKind.AB, status=CampaignStatus.SENDING, ab_winner="", started_at__isnull=False
    ).only("pk", "started_at", "ab_winner_after_hours")
    return [
        c.pk
        for c in candidates
        if c.started_at + timedelta(hours=c.ab_winner_after_hours or 0) <= now
    ]


def ab_winner_pick(*, campaign_id: int) -> str:
    """Pick the winner of a due A/B test once and send it to the rest of the audience.
    Returns what happened: "picked", "notDue", or "alreadyPicked" (a winner never
    changes)."""
    with transaction.atomic():
        campaign = (
            Campaign.objects.select_for_update(of=("self",))
            .select_related("campaign_type")
            .filter(pk=campaign_id, kind=CampaignKind.AB)
            .first()
        )
        if campaign is None:
            raise NotFound(messages.CAMPAIGN_NOT_FOUND)
        if campaign.ab_winner:
            return "alreadyPicked"
        hours = timedelta(hours=campaign.ab_winner_after_hours or 0)
        if (
            campaign.status != CampaignStatus.SENDING
            or campaign.started_at is None
            or campaign.started_at + hours > timezone.now()
        ):
            return "notDue"
        rates = ab_rates(campaign)
        winner = ab_winner_choose(rates)
        now = timezone.now()
        Campaign.objects.filter(pk=campaign.pk, ab_winner="").update(
            ab_winner=winner, ab_winner_picked_at=now, updated_at=now
        )
        campaign.ab_winner = winner
        audit_record(
            AuditEvent.CAMPAIGN_AB_WINNER_PICKED,
            object_id=campaign.pk,
            label=campaign.name,
            extra={"winner": winner, "rates": {k: list(v) for k, v in rates.items()}},
            path="system",
        )
        try:
            content = mailing_content(campaign, variant=winner)
        except NotFound as gone:
            Campaign.objects.filter(pk=campaign.pk).update(
                status=CampaignStatus.FAILED, status_message=gone.message
            )
            return "failed"
        sends = campaign_sends([campaign.pk]).get(campaign.pk, [])
        tested, tested_params = send_profile_ids_sql(
            [s.send_id for s in sends if s.part in _variant_names(campaign)]
        )
        audience, params = campaign_audience_sql(campaign, time_zone=connection.tenant.time_zone)
        started = mailing_start(
            campaign,
            content=content,
            audience_sql=(
                f"SELECT a.id FROM ({audience}) a"
                f" WHERE NOT EXISTS (SELECT 1 FROM ({tested}) t WHERE t.id = a.id)"
            ),
            params=[*params, *tested_params],
            part=WINNER,
            variant=WINNER,
        )
        Campaign.objects.filter(pk=campaign.pk).update(
            recipient_count=(campaign.recipient_count or 0) + started.recipients
        )
    return "picked"
