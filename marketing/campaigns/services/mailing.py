"""One send of a campaign into the delivery ledger, whatever it is part of: the main send,
an A/B variant or the winner (services/ab.py), a resend (services/resends.py), an RSS
issue (services/rss.py). Each snapshots its own subject and content, and, with the
client's "use rep as sender" setting, gives each recipient whose rep may send their rep's
From (Rep as Sender); everyone else keeps the campaign's sender."""

from __future__ import annotations

from dataclasses import replace

from django.db import connection

from marketing.audience.sql_surface import profile_table
from marketing.campaigns.models import Campaign, CampaignKind
from marketing.campaigns.selectors import campaign_settings_get
from marketing.campaigns.services.content import CampaignContent, campaign_content
from marketing.campaigns.services.senders import campaign_from
from marketing.delivery.services.send_control import (
    SendKind,
    SendStarted,
    deliveries_from_set,
    send_start,
)
from marketing.senders.selectors import senders_for_reps


def variant_get(campaign: Campaign, name: str) -> dict:
    for variant in campaign.ab_variants:
        if variant.get("name") == name:
            return variant
    return {}


def mailing_content(campaign: Campaign, *, variant: str = "") -> CampaignContent:
    """The campaign's content as it is now, or an A/B variant's: its own subject (a
    subject test) or its own template (a content test). Raises NotFound when a template,
    header or footer is gone."""
    settings = campaign_settings_get()
    chosen = variant_get(campaign, variant) if campaign.kind == CampaignKind.AB else {}
    if chosen and campaign.ab_test_on == "content":
        template_id = int(chosen.get("templateId"))
        return campaign_content(replace_template(campaign, template_id), settings=settings)
    content = campaign_content(campaign, settings=settings)
    if chosen and campaign.ab_test_on == "subject":
        return replace(content, subject=str(chosen.get("subject")))
    return content


def replace_template(campaign: Campaign, template_id: int) -> Campaign:
    """A copy of the campaign (never saved) pointing at another template."""
    copy = Campaign(**{f.attname: getattr(campaign, f.attname) for f in Campaign._meta.fields})
    copy.template_id = template_id
    return copy


def _rep_senders_sql(campaign: Campaign, audience_sql: str, params: list) -> tuple[str, list]:
    """Per profile of the audience whose rep may send: the rep's From (senders app's rule:
    an active rep whose address is a confirmed sender's or sits at a verified domain)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT DISTINCT p.rep_id FROM {profile_table()} p"
            f" WHERE p.id IN ({audience_sql}) AND p.rep_id IS NOT NULL",
            params,
        )
        rep_ids = [row[0] for row in cursor.fetchall()]
    answers = senders_for_reps(rep_ids, sender_id=campaign.sender_id)
    own = [(rep_id, s) for rep_id, s in answers.items() if s is not None and s.from_rep]
    if not own:
        return "", []
    return (
        "SELECT p.id AS profile_id, v.name AS from_name, v.address AS from_address,"
        f" v.reply AS reply_to FROM {profile_table()} p JOIN unnest(%s::bigint[],"
        " %s::text[], %s::text[], %s::text[]) AS v(rep_id, name, address, reply)"
        " ON p.rep_id = v.rep_id",
        [
            [rep_id for rep_id, _ in own],
            [s.name for _, s in own],
            [s.email for _, s in own],
            [s.reply_to for _, s in own],
        ],
    )


def mailing_start(
    campaign: Campaign,
    *,
    content: CampaignContent,
    audience_sql: str,
    params: list,
    part: str = "",
    variant: str = "",
    hold: bool = False,
    rss_channel: dict | None = None,
) -> SendStarted:
    """Freeze one send of the campaign (idempotent per part: delivery's send_start) and,
    with Rep as Sender on, give its rows their reps' From before any run can claim them
    (in the caller's transaction: the run is sent on commit)."""
    sender = campaign_from(campaign)
    started = send_start(
        kind=SendKind.CAMPAIGN,
        source_id=campaign.pk,
        subject=content.subject,
        html=content.html,
        text=content.text,
        from_name=sender.name,
        from_address=sender.address,
        reply_to=sender.reply_to,
        list_name=campaign.campaign_type.name if campaign.campaign_type else "",
        audience_sql=audience_sql,
        params=params,
        hold=hold,
        part=part,
        variant=variant,
        rss_channel=rss_channel,
        view_in_browser=content.view_in_browser,
    )
    if started.created and started.recipients and campaign_settings_get().use_rep_as_sender:
        from_sql, from_params = _rep_senders_sql(campaign, audience_sql, params)
        if from_sql:
            deliveries_from_set(started.send_id, from_sql=from_sql, params=from_params)
    return started
