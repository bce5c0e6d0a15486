"""Progressive forms (spec 4: 'publishing saves it and starts its campaigns; unpublishing
stops them'): a form that names campaigns (`campaign_ids`, the campaigns that follow up
its submitters). Publishing the form publishes each of them that is Draft or Unpublished,
under the campaigns' own rules and the plan's PublishedCampaigns limit (a campaign that
cannot be published refuses the form's publish, with its message); one in another status
(Sent, Scheduled) is left as it is. Unpublishing the form unpublishes those Published.
Both run in the form's transaction: all or nothing."""

from __future__ import annotations

from core.errors import ValidationFailed
from marketing.campaigns.selectors import campaign_statuses
from marketing.campaigns.services.publishing import campaign_publish, campaign_unpublish
from marketing.forms import messages
from marketing.forms.models import Form

MAX_CAMPAIGNS = 20
# Campaign statuses (campaigns' CampaignStatus values; its models are not its surface).
STARTABLE = ("Draft", "Unpublished")
PUBLISHED = "Published"


def progressive_campaigns_check(campaign_ids: list[int]) -> list[int]:
    """The ids, each once; refused when one names no campaign, or past MAX_CAMPAIGNS."""
    ids = list(dict.fromkeys(campaign_ids or []))
    if len(ids) > MAX_CAMPAIGNS:
        raise ValidationFailed(
            messages.CAMPAIGNS_TOO_MANY, errors={"campaignIds": [messages.CAMPAIGNS_TOO_MANY]}
        )
    if set(ids) - set(campaign_statuses(ids)):
        raise ValidationFailed(
            messages.CAMPAIGN_UNKNOWN, errors={"campaignIds": [messages.CAMPAIGN_UNKNOWN]}
        )
    return ids


def _refusal(exc: ValidationFailed, campaign_id: int) -> ValidationFailed:
    return ValidationFailed(exc.message, errors={f"campaignIds.{campaign_id}": [exc.message]})


def progressive_campaigns_start(form: Form) -> list[int]:
    """Publish the form's campaigns that wait (Draft, Unpublished); the ids published."""
    started = []
    for campaign_id, status in sorted(campaign_statuses(form.campaign_ids).items()):
        if status in STARTABLE:
            try:
                campaign_publish(campaign_id=campaign_id)
            except ValidationFailed as exc:
                raise _refusal(exc, campaign_id) from exc
            started.append(campaign_id)
    return started


def progressive_campaigns_stop(form: Form) -> list[int]:
    """Unpublish the form's Published campaigns; the ids unpublished."""
    stopped = []
    for campaign_id, status in sorted(campaign_statuses(form.campaign_ids).items()):
        if status == PUBLISHED:
            campaign_unpublish(campaign_id=campaign_id)
            stopped.append(campaign_id)
    return stopped
