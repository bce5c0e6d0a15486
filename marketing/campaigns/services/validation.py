"""Campaign rules of spec 5.2 and 5.3, as field errors the screens show beside each field.

Two levels. `campaign_fields_check` runs on every save (a draft may be incomplete, but what
it holds must be well formed: a sender name of at most 50 characters, valid addresses,
resend days from 2 to 10 with their times, an A/B set-up of A, B and at most C).
`campaign_send_check` runs before a schedule or a send and asks for everything a send
needs: campaign type, sender, audience, content, a schedule not in the past, RSS and poll
fields, the recipient limits of a private campaign type, the sending limits (the
monthly send limit, a warm-up campaign's minimum audience, the breaker), merge tags the
renderer reads, and the client's postal address on file (every campaign's footer)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from html.parser import HTMLParser
from urllib.parse import urlsplit

from django.conf import settings
from email_validator import EmailNotValidError, validate_email

from core.errors import ValidationFailed
from core.messages import INVALID_EMAIL
from marketing.campaigns import messages
from marketing.campaigns.models import Campaign, CampaignKind, CampaignType
from marketing.campaigns.services.limits import LimitProblems
from marketing.rendering.services import merge_tags_check
from marketing.senders import messages as sender_messages


@dataclass
class Problems:
    """Field errors gathered before refusing once, so a screen shows all of them."""

    errors: dict[str, list[str]] = field(default_factory=dict)

    def add(self, name: str, message: str) -> None:
        self.errors.setdefault(name, []).append(message)

    def raise_if_any(self) -> None:
        if self.errors:
            raise ValidationFailed(next(iter(self.errors.values()))[0], errors=self.errors)


def email_valid(address: str) -> bool:
    try:
        validate_email(address, check_deliverability=False)
    except EmailNotValidError:
        return False
    return True


def _resend_check(problems: Problems, *, on: bool, days, time, prefix: str) -> None:
    if not on:
        return
    low, high = settings.CAMPAIGN_RESEND_DAYS
    if days is None or not low <= days <= high:
        problems.add(f"{prefix}Days", messages.RESEND_DAYS_RANGE.format(low=low, high=high))
    if time is None:
        problems.add(f"{prefix}Time", messages.RESEND_TIME_REQUIRED)


def campaign_fields_check(campaign: Campaign) -> None:
    """What every save needs (spec 5.2): a name, a campaign type, a well-formed sender,
    resend settings in range with their times, an A/B set-up that makes sense, and a
    subject, preview text and variant subjects whose merge tags the renderer reads."""
    problems = Problems()
    if not campaign.name.strip():
        problems.add("name", messages.NAME_REQUIRED)
    if campaign.campaign_type_id is None:
        problems.add("campaignTypeId", messages.TYPE_REQUIRED)
    if len(campaign.from_name) > settings.CAMPAIGN_SENDER_NAME_MAX:
        problems.add("fromName", sender_messages.SENDER_NAME_TOO_LONG)
    for name, value in (("fromAddress", campaign.from_address), ("replyTo", campaign.reply_to)):
        if value and not email_valid(value):
            problems.add(name, INVALID_EMAIL)
    _resend_check(
        problems,
        on=campaign.resend_unopened,
        days=campaign.resend_unopened_days,
        time=campaign.resend_unopened_time,
        prefix="resendUnopened",
    )
    _resend_check(
        problems,
        on=campaign.resend_unclicked,
        days=campaign.resend_unclicked_days,
        time=campaign.resend_unclicked_time,
        prefix="resendUnclicked",
    )
    if campaign.kind == CampaignKind.AB:
        _ab_fields_check(problems, campaign)
    _merge_tags_fields_check(problems, campaign)
    problems.raise_if_any()


def _merge_tags_fields_check(problems: Problems, campaign: Campaign) -> None:
    written = [
        ("subject", campaign.subject),
        ("previewText", campaign.preview_text),
        *(("abVariants", str(v.get("subject") or "")) for v in campaign.ab_variants),
    ]
    for name, source in written:
        for message in merge_tags_check(subject=source).get("subject", []):
            problems.add(name, message)


def _ab_fields_check(problems: Problems, campaign: Campaign) -> None:
    names = [v.get("name") for v in campaign.ab_variants]
    if names not in (["A", "B"], ["A", "B", "C"]):
        problems.add("abVariants", messages.AB_VARIANTS)
    if campaign.ab_test_percent is not None:
        low, high = settings.CAMPAIGN_AB_PERCENT
        if not low <= campaign.ab_test_percent <= high:
            problems.add("abTestPercent", messages.AB_PERCENT.format(low=low, high=high))


def _ab_send_check(problems: Problems, campaign: Campaign, template_exists) -> None:
    if campaign.ab_test_on not in ("subject", "content"):
        problems.add("abTestOn", messages.AB_TEST_ON)
    if campaign.ab_test_percent is None:
        low, high = settings.CAMPAIGN_AB_PERCENT
        problems.add("abTestPercent", messages.AB_PERCENT.format(low=low, high=high))
    if campaign.ab_winner_rule not in ("opens", "clicks") or not campaign.ab_winner_after_hours:
        problems.add("abWinnerRule", messages.AB_RULE)
    for variant in campaign.ab_variants:
        name = variant.get("name", "")
        if campaign.ab_test_on == "subject" and not str(variant.get("subject") or "").strip():
            problems.add("abVariants", messages.AB_VARIANT_SUBJECT.format(name=name))
        if campaign.ab_test_on == "content" and not template_exists(variant.get("templateId")):
            problems.add("abVariants", messages.AB_VARIANT_TEMPLATE.format(name=name))


class _PollScan(HTMLParser):
    """Counts poll sections (elements marked `data-poll-section`) and images without alt
    text in a poll template."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.sections = 0
        self.images_without_alt = 0

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        if "data-poll-section" in names:
            self.sections += 1
        if tag == "img" and not (names.get("alt") or "").strip():
            self.images_without_alt += 1


def poll_html_check(problems: Problems, html: str) -> None:
    """Spec 5.3: one poll section per campaign; images in poll templates need alt text."""
    scan = _PollScan()
    scan.feed(html or "")
    scan.close()
    if scan.sections > 1:
        problems.add("templateId", messages.POLL_ONE_SECTION)
    elif scan.sections == 0:
        problems.add("templateId", messages.POLL_NO_SECTION)
    if scan.images_without_alt:
        problems.add("templateId", messages.POLL_IMAGE_ALT)


def rss_url_valid(url: str) -> bool:
    parts = urlsplit(url.strip())
    host = parts.hostname or ""
    return parts.scheme in ("http", "https") and "." in host and not parts.username


@dataclass(frozen=True)
class SendContext:
    """What the send check needs from outside the campaign row."""

    now: datetime
    campaign_type: CampaignType | None
    template_html: str | None  # None: no template, or it does not exist
    template_exists: object  # callable(id) -> bool, for A/B content variants
    recipient_count: int
    groups_known: bool
    segments_known: bool
    # '' when the campaign's sender may send; else why not (senders: spec 8's wording)
    sender_problem: str = ""
    # the sending limits (services/limits.py): monthly, warm-up minimum, the breaker
    limits: LimitProblems = field(default_factory=LimitProblems)
    # merge tags the renderer cannot read in the content, by field (content.py)
    content_problems: dict[str, list[str]] = field(default_factory=dict)
    # the client's postal address (campaign settings): every campaign's footer carries it
    postal_address: str = ""


def campaign_send_check(campaign: Campaign, context: SendContext, *, starting_now: bool) -> None:
    """Everything a schedule or a send needs (spec 5.2, 5.3); raises the field errors."""
    problems = Problems()
    try:
        campaign_fields_check(campaign)
    except ValidationFailed as refused:
        problems.errors.update(refused.errors)
    kind_type = context.campaign_type
    if kind_type is not None and not kind_type.is_enabled:
        problems.add("campaignTypeId", messages.TYPE_DISABLED)
    if campaign.sender_id is None:
        if not campaign.from_name.strip():
            problems.add("fromName", sender_messages.SENDER_NAME_REQUIRED)
        if not campaign.from_address.strip():
            problems.add("fromAddress", messages.SENDER_ADDRESS_REQUIRED)
    if context.sender_problem:
        field_name = "senderId" if campaign.sender_id is not None else "fromAddress"
        problems.add(field_name, context.sender_problem)
    if not campaign.group_ids and not campaign.segment_ids:
        problems.add("audience", messages.AUDIENCE_REQUIRED)
    if not context.groups_known:
        problems.add("groupIds", messages.GROUP_UNKNOWN)
    if not context.segments_known:
        problems.add("segmentIds", messages.SEGMENT_UNKNOWN)
    ab_content = campaign.kind == CampaignKind.AB and campaign.ab_test_on == "content"
    if not ab_content:
        if campaign.template_id is None:
            problems.add("templateId", messages.TEMPLATE_REQUIRED)
        elif context.template_html is None:
            problems.add("templateId", messages.TEMPLATE_UNKNOWN)
    ab_subject = campaign.kind == CampaignKind.AB and campaign.ab_test_on == "subject"
    if not ab_subject and not campaign.subject.strip():
        problems.add("subject", messages.SUBJECT_REQUIRED)
    if campaign.kind == CampaignKind.AB:
        _ab_send_check(problems, campaign, context.template_exists)
    grace = timedelta(seconds=settings.CAMPAIGN_SCHEDULE_GRACE_SECONDS)
    if not starting_now:
        if campaign.scheduled_at is None:
            problems.add("scheduledAt", messages.SCHEDULE_REQUIRED)
        elif campaign.scheduled_at < context.now - grace:
            problems.add("scheduledAt", messages.SCHEDULE_PAST)
    if campaign.send_in_recipient_zone and campaign.kind in (CampaignKind.AB, CampaignKind.RSS):
        # An A/B test's hours and an RSS campaign's periods run on one clock.
        problems.add("sendInRecipientZone", messages.ZONE_NOT_FOR_KIND)
    if campaign.kind == CampaignKind.RSS:
        if not campaign.rss_url.strip():
            problems.add("rssUrl", messages.RSS_URL_REQUIRED)
        elif not rss_url_valid(campaign.rss_url):
            problems.add("rssUrl", messages.RSS_URL_INVALID)
        if not campaign.rss_frequency:
            problems.add("rssFrequency", messages.RSS_FREQUENCY_REQUIRED)
        if not campaign.rss_article_count:
            problems.add("rssArticleCount", messages.RSS_ARTICLES_REQUIRED)
    if campaign.kind == CampaignKind.POLL:
        expiry = campaign.poll_expires_at
        start = context.now if starting_now else campaign.scheduled_at
        if expiry is None:
            problems.add("pollExpiresAt", messages.POLL_EXPIRY_REQUIRED)
        elif expiry < context.now:
            problems.add("pollExpiresAt", messages.POLL_EXPIRY_PAST)
        elif start is not None and expiry < start:
            problems.add("pollExpiresAt", messages.POLL_EXPIRY_BEFORE_SCHEDULE)
        if context.template_html is not None:
            poll_html_check(problems, context.template_html)
    limit = settings.CAMPAIGN_PRIVATE_RECIPIENT_LIMIT
    if kind_type is not None and kind_type.is_private and context.recipient_count >= limit:
        problems.add(
            "audience",
            messages.PRIVATE_TOO_MANY.format(limit=limit, count=context.recipient_count),
        )
    for name, problem in (
        ("status", context.limits.stopped),
        ("audience", context.limits.monthly),
        ("audience", context.limits.warmup),
    ):
        if problem:
            problems.add(name, problem)
    if not context.postal_address.strip():
        problems.add("postalAddress", messages.POSTAL_ADDRESS_MISSING)
    for name, refusals in context.content_problems.items():
        for message in refusals:
            if message not in problems.errors.get(name, []):
                problems.add(name, message)
    problems.raise_if_any()
