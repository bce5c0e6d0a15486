"""Who a campaign's mail comes from: its sender (the senders app's, with the name, address
and reply-to the sender gives unless the campaign sets its own name or reply-to), or the
name and address typed on the campaign, which must be a confirmed sender's. A campaign is
never sent from an unverified sender (issue 13); the reason is the senders app's, in spec
8's words."""

from __future__ import annotations

from dataclasses import dataclass

from marketing.campaigns import messages
from marketing.campaigns.models import Campaign
from marketing.senders import messages as sender_messages
from marketing.senders.selectors import sender_for_send, sender_verified


@dataclass(frozen=True)
class CampaignFrom:
    name: str
    address: str
    reply_to: str
    problem: str  # '' when it may send


def campaign_from(campaign: Campaign) -> CampaignFrom:
    if campaign.sender_id is not None:
        sender = sender_for_send(campaign.sender_id)
        if sender is None:
            return CampaignFrom(
                campaign.from_name,
                campaign.from_address,
                campaign.reply_to,
                messages.SENDER_UNKNOWN,
            )
        return CampaignFrom(
            campaign.from_name or sender.name,
            sender.email,
            campaign.reply_to or sender.reply_to,
            sender.problem,
        )
    address = campaign.from_address.strip()
    verified = not address or sender_verified(email=address)
    problem = "" if verified else sender_messages.SENDER_NOT_VERIFIED
    return CampaignFrom(campaign.from_name, address, campaign.reply_to, problem)
