"""The campaigns API's contract: camelCase on the wire. Instants are read and written in
the client's time zone: an instant sent without an offset is the client's wall-clock
time, and every answer gives instants with the client's offset."""

from __future__ import annotations

from datetime import datetime, time
from typing import Annotated, Literal

from ninja import Schema
from pydantic import AfterValidator, Field, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

from core.messages import TEXT_NUL
from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.campaigns.messages import DATE_RANGE
from marketing.campaigns.models import (
    CampaignKind,
    CampaignStatus,
    CampaignSubType,
    ContentType,
)
from marketing.campaigns.selectors import CAMPAIGN_SORT_CHOICES, TYPE_SORT_CHOICES


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise PydanticCustomError("nul", TEXT_NUL)
    return value


def _text(max_length: int):
    return Annotated[
        str,
        StringConstraints(strip_whitespace=True, max_length=max_length),
        AfterValidator(_no_nul),
    ]


Id = Annotated[int, Field(ge=1, le=2**63 - 1)]
Ids = Annotated[list[Id], Field(max_length=100)]
Kind = Literal[tuple(CampaignKind.values)]
SubType = Literal[tuple(CampaignSubType.values)]
Content = Literal[tuple(ContentType.values)]
Status = Literal[tuple(CampaignStatus.values)]


class AbVariant(Schema):
    name: Literal["A", "B", "C"]
    subject: _text(255) = ""
    templateId: Id | None = None  # noqa: N815 - wire names


class CampaignFields(CamelSchema):
    """Everything a save may set; absent fields are left as they are."""

    name: _text(100) | None = None
    type: Kind | None = None
    sub_type: SubType | None = None
    campaign_type_id: Id | None = None
    group_ids: Ids | None = None
    segment_ids: Ids | None = None
    sender_id: Id | None = None
    from_name: _text(100) | None = None
    from_address: _text(254) | None = None
    reply_to: _text(254) | None = None
    content_type: Content | None = None
    template_id: Id | None = None
    header_id: Id | None = None
    footer_id: Id | None = None
    subject: _text(255) | None = None
    preview_text: _text(255) | None = None
    exclude_system_utm: bool | None = None
    is_warmup: bool | None = None
    scheduled_at: datetime | None = None
    send_in_recipient_zone: bool | None = None
    resend_unopened: bool | None = None
    resend_unopened_days: Annotated[int, Field(ge=0, le=365)] | None = None
    resend_unopened_time: time | None = None
    resend_unopened_subject: _text(255) | None = None
    resend_unclicked: bool | None = None
    resend_unclicked_days: Annotated[int, Field(ge=0, le=365)] | None = None
    resend_unclicked_time: time | None = None
    resend_unclicked_subject: _text(255) | None = None
    ab_test_on: Literal["subject", "content", ""] | None = None
    ab_variants: Annotated[list[AbVariant], Field(max_length=3)] | None = None
    ab_test_percent: Annotated[int, Field(ge=0, le=100)] | None = None
    ab_winner_rule: Literal["opens", "clicks", ""] | None = None
    ab_winner_after_hours: Annotated[int, Field(ge=0, le=720)] | None = None
    rss_url: _text(2000) | None = None
    rss_frequency: Literal["Day", "Week", "Month", ""] | None = None
    rss_article_count: Annotated[int, Field(ge=0, le=50)] | None = None
    poll_expires_at: datetime | None = None


class CampaignIn(CampaignFields):
    name: _text(100) = ""


class CampaignPatch(CampaignFields):
    # Spec 4's save actions; autosave records no audit row.
    action: Literal["draftSave", "draftSaveAndReload", "autosave"] = "draftSave"


class CampaignSendIn(CampaignFields):
    """Spec 4's "draft save and send": the last changes, and now or at scheduledAt."""

    when: Literal["now", "schedule"]


class SendTestIn(CamelSchema):
    emails: Annotated[list[_text(254)], Field(max_length=100)] | None = None
    group_id: Id | None = None


class SendTestOut(Schema):
    message: str
    sendId: int  # noqa: N815


class WarmupTodayOut(CamelSchema):
    domain: str
    day_number: int  # 1 = the day the domain was verified
    days: int  # how many days the warm-up lasts
    allowance: int  # messages the domain may send today
    remaining: int  # what it may still send today
    next_day_at: datetime


class CampaignSendSummaryOut(CamelSchema):
    """What a send will do, shown before the last click (services/send_summary.py)."""

    recipients: int
    from_name: str
    from_address: str
    sender_problem: str  # '' when the From may send
    warmup: WarmupTodayOut | None  # the From's domain in its warm-up today
    warmup_note: str  # '' unless the send is larger than what the day allows
    warmup_minimum: int | None  # a warm-up campaign's minimum audience
    postal_address: str  # '' when none is on file: a send is refused


class CampaignQuery(PageQuery):
    search: Annotated[str, StringConstraints(max_length=200), AfterValidator(_no_nul)] = ""
    sort: Literal[tuple(CAMPAIGN_SORT_CHOICES)] = "-updatedAt"
    status: Status | None = None
    type: Kind | None = None
    campaignTypeId: Id | None = None  # noqa: N815
    # Created between these days of the client's zone (From included, To included).
    createdFrom: datetime | None = None  # noqa: N815
    createdTo: datetime | None = None  # noqa: N815

    @model_validator(mode="after")
    def _range(self):
        if self.createdFrom and self.createdTo and self.createdTo < self.createdFrom:
            raise PydanticCustomError("date_range", DATE_RANGE)
        return self


class CampaignTypeBrief(CamelSchema):
    id: int
    name: str
    is_private: bool
    is_enabled: bool


class CampaignOut(CamelSchema):
    id: int
    name: str
    type: Kind = Field(validation_alias="kind")
    sub_type: SubType
    campaign_type_id: int | None
    campaign_type: CampaignTypeBrief | None
    status: Status
    status_message: str
    group_ids: list[int]
    segment_ids: list[int]
    sender_id: int | None
    from_name: str
    from_address: str
    reply_to: str
    content_type: str
    template_id: int | None
    header_id: int | None
    footer_id: int | None
    subject: str
    preview_text: str
    exclude_system_utm: bool
    is_warmup: bool
    scheduled_at: datetime | None
    send_in_recipient_zone: bool
    resend_unopened: bool
    resend_unopened_days: int | None
    resend_unopened_time: time | None
    resend_unopened_subject: str
    resend_unopened_status: int
    # spec 3 resendCampaignData (scheduledDate, lastProcessedOn)
    resend_unopened_scheduled_at: datetime | None = None
    resend_unopened_processed_at: datetime | None = None
    resend_unclicked: bool
    resend_unclicked_days: int | None
    resend_unclicked_time: time | None
    resend_unclicked_subject: str
    resend_unclicked_status: int
    # spec 3 resendToOpenButNotClicked (scheduledDate, lastProcessedOn)
    resend_unclicked_scheduled_at: datetime | None = None
    resend_unclicked_processed_at: datetime | None = None
    ab_test_on: str
    ab_variants: list[dict]
    ab_test_percent: int | None
    ab_winner_rule: str
    ab_winner_after_hours: int | None
    ab_winner: str
    ab_winner_picked_at: datetime | None = None
    rss_url: str
    rss_frequency: str
    rss_article_count: int | None
    poll_expires_at: datetime | None
    # the newest item the last RSS issue carried (its next issue needs a newer one)
    rss_last_item_at: datetime | None = None
    recipient_count: int | None
    started_at: datetime | None
    sent_at: datetime | None
    created_by_email: str
    created_at: datetime
    updated_at: datetime
    # the delivery ledger's counts once started
    sent: int = 0
    failed: int = 0
    # people who opened and who clicked (human events only)
    opened: int = 0
    clicked: int = 0


class CampaignPageOut(PageOut):
    items: list[CampaignOut]


class CampaignTypeIn(CamelSchema):
    name: _text(100)
    is_private: bool = False
    is_enabled: bool = True


class CampaignTypePatch(CamelSchema):
    name: _text(100) | None = None
    is_private: bool | None = None
    is_enabled: bool | None = None


class CampaignTypeOut(CampaignTypeBrief):
    created_at: datetime
    updated_at: datetime


class CampaignTypeQuery(PageQuery):
    search: Annotated[str, StringConstraints(max_length=200), AfterValidator(_no_nul)] = ""
    sort: Literal[tuple(TYPE_SORT_CHOICES)] = "name"


class CampaignTypePageOut(PageOut):
    items: list[CampaignTypeOut]


class CampaignSettingsIO(CamelSchema):
    email_preview_text: bool
    products_mapping: bool
    use_rep_as_sender: bool
    view_in_browser: bool
    auto_save_content: bool
    postal_address: str  # printed in every campaign's footer; '' blocks sending


class CampaignSettingsPatch(CamelSchema):
    email_preview_text: bool | None = None
    products_mapping: bool | None = None
    use_rep_as_sender: bool | None = None
    view_in_browser: bool | None = None
    auto_save_content: bool | None = None
    postal_address: str | None = Field(None, max_length=500)


class FirstStepsOut(CamelSchema):
    contacts_imported: bool
    sender_verified: bool
    template_designed: bool
    campaign_sent: bool
