"""Who a campaign's mail comes from: one confirmed sender of the client (the senders
app's), chosen from the list or typed as its name and address. Its From is that sender's
name and address, never a name of one sender with another's address: a campaign whose
Sender Name or Sender Email is not its sender's (the chosen one, or the one the typed
address belongs to) is refused on save, test and send, the sender's own pair named. The
reply-to is the campaign's, else the sender's. A campaign is never sent from an
unverified sender (issue 13); the reason is the senders app's, in spec 8's words."""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import ValidationFailed
from marketing.campaigns import messages
from marketing.campaigns.models import Campaign
from marketing.senders import messages as sender_messages
from marketing.senders.selectors import sender_by_email, sender_for_send, sender_verified


@dataclass(frozen=True)
class CampaignFrom:
    name: str
    address: str
    reply_to: str
    problem: str  # '' when it may send


def _mixed(campaign: Campaign, name: str, address: str) -> dict[str, list[str]]:
    """The fields of the campaign's From that are not its sender's `name` and `address`
    (an empty field is the sender's)."""
    message = messages.FROM_MIXED.format(name=name, email=address)
    errors = {}
    typed_address = campaign.from_address.strip()
    if typed_address and typed_address.lower() != address.lower():
        errors["fromAddress"] = [message]
    typed_name = campaign.from_name.strip()
    if typed_name and typed_name != name:
        errors["fromName"] = [message]
    return errors


def campaign_from_mixed(campaign: Campaign) -> dict[str, list[str]]:
    """Field errors when the campaign's Sender Name or Email is not its sender's; {} when
    they are, or when the sender is unknown (the send check says so itself)."""
    if campaign.sender_id is not None:
        sender = sender_for_send(campaign.sender_id)
    elif campaign.from_address.strip():
        sender = sender_by_email(campaign.from_address.strip())
    else:
        return {}
    return {} if sender is None else _mixed(campaign, sender.name, sender.email)


def campaign_from_check(campaign: Campaign) -> None:
    """Refuses a mixed From (the save's rule)."""
    errors = campaign_from_mixed(campaign)
    if errors:
        raise ValidationFailed(next(iter(errors.values()))[0], errors=errors)


def campaign_from(campaign: Campaign) -> CampaignFrom:
    mixed = campaign_from_mixed(campaign)
    mixed_problem = next(iter(mixed.values()))[0] if mixed else ""
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
            sender.name,
            sender.email,
            campaign.reply_to or sender.reply_to,
            mixed_problem or sender.problem,
        )
    address = campaign.from_address.strip()
    verified = not address or sender_verified(email=address)
    problem = mixed_problem or ("" if verified else sender_messages.SENDER_NOT_VERIFIED)
    return CampaignFrom(campaign.from_name, address, campaign.reply_to, problem)
