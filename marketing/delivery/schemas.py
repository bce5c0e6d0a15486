from datetime import datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from core.messages import TEXT_NUL
from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema


class OptOutQuery(CamelSchema):
    token: str


class OptOutIn(CamelSchema):
    token: str


class OptOutOut(CamelSchema):
    email_hint: str
    unsubscribed: bool
    client_name: str
    preferences_token: str


# --- update preferences (services/preferences.py) -------------------------------------

Id = Annotated[int, Field(ge=1, le=2**63 - 1)]
Token = Annotated[str, StringConstraints(max_length=200)]


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise PydanticCustomError("nul", TEXT_NUL)
    return value


def _text(limit: int):
    return Annotated[str, StringConstraints(max_length=limit), AfterValidator(_no_nul)]


class PreferencesQuery(CamelSchema):
    token: Token


class TopicOut(CamelSchema):
    group_id: int
    name: str
    member: bool


class PreferencesOut(CamelSchema):
    email_hint: str
    heading: str
    intro: str
    topics: list[TopicOut]
    offer_unsubscribe_all: bool
    unsubscribed: bool


class PreferencesIn(CamelSchema):
    token: Token
    group_ids: list[Id] = Field(default_factory=list, max_length=1000)
    unsubscribe_all: bool = False


class GroupRefOut(CamelSchema):
    id: int
    name: str


class UpdatePreferencesOut(CamelSchema):
    id: int
    name: str
    heading: str
    intro: str
    group_ids: list[int]
    groups: list[GroupRefOut]  # the same groups with their names, by name
    offer_unsubscribe_all: bool
    is_default: bool
    updated_at: datetime

    @staticmethod
    def resolve_group_ids(obj) -> list[int]:
        return sorted(group.pk for group in obj.groups.all())

    @staticmethod
    def resolve_groups(obj) -> list[dict]:
        groups = sorted(obj.groups.all(), key=lambda group: (group.name.lower(), group.pk))
        return [{"id": group.pk, "name": group.name} for group in groups]


class UpdatePreferencesListOut(CamelSchema):
    items: list[UpdatePreferencesOut]


class UpdatePreferencesIn(CamelSchema):
    name: _text(100)  # the service says "required" (spec 5.5) when empty
    heading: _text(200)
    intro: _text(1000) = ""
    group_ids: list[Id] = Field(max_length=1000)
    offer_unsubscribe_all: bool = True


# --- sending transports (services/transports.py; admins only) ---------------------------

Secret = Annotated[str, StringConstraints(strip_whitespace=True, max_length=500)]


class SendingTransportIn(CamelSchema):
    sender_domain: _text(253) = ""  # "" = every domain without its own
    kind: _text(20)
    # apiKey (Mailgun; webhookSigningKey, region us|eu optional), serverToken (Postmark;
    # broadcastStream optional), accessKeyId + secretAccessKey (Amazon SES; region optional)
    credentials: dict[_text(40), Secret] = Field(default_factory=dict, max_length=10)


class SendingTransportOut(CamelSchema):
    id: int
    sender_domain: str
    kind: str
    credential_names: list[str]  # which are stored; their values are never shown again
    webhook_url: str  # where the ESP posts its events ("" for the SMTP relay)
    updated_at: datetime


class SendingTransportSavedOut(SendingTransportOut):
    # The webhook URL with its password, shown once: give it to the ESP.
    webhook_url_with_password: str


TRANSPORT_SORTS = ("senderDomain", "kind", "updatedAt")


class SendingTransportQuery(PageQuery):
    search: _text(253) = ""  # in the sender domain, any case
    sort: Literal[tuple(f"{d}{f}" for f in TRANSPORT_SORTS for d in ("", "-"))] = "senderDomain"


class SendingTransportPageOut(PageOut):
    items: list[SendingTransportOut]


class DeliveryPaceIn(CamelSchema):
    kind: _text(20)  # sender | recipientDomain
    domain: _text(253)
    # 0 = no limit; the service checks the range (its message names the maximum), this
    # only keeps the number a 64-bit one.
    per_minute: int = Field(ge=-(2**63), le=2**63 - 1)


class DeliveryPaceOut(CamelSchema):
    id: int
    kind: str
    domain: str
    per_minute: int
    default_per_minute: int  # what holds without this row (0 = no limit)
    updated_at: datetime


class DeliveryPaceListOut(CamelSchema):
    items: list[DeliveryPaceOut]


class MonthAllowanceOut(CamelSchema):
    month: str  # "November 2026"
    starts_at: datetime
    used: int  # sent, still to go and scheduled in the month
    limit: int | None  # None: no monthly send limit


class WarmupOut(CamelSchema):
    domain: str
    day_number: int  # 1 = the day the domain was verified
    days: int  # how many days the warm-up lasts
    allowance: int  # messages the domain may send today
    used: int  # sent today
    next_day_at: datetime


class SendingHealthOut(CamelSchema):
    stopped: bool
    reason: str  # why sending is stopped ('' when it is not)
    tripped_at: datetime | None
    resumed_at: datetime | None
    resumed_by: str
    # The current window (counted from the last resume at most) and its limits.
    window_since: datetime
    sent: int
    hard_bounces: int
    complaints: int
    min_sent: int
    complaint_rate_limit: float
    hard_bounce_rate_limit: float
    admins_alerted: bool  # the client's admins were mailed about this trip
    this_month: MonthAllowanceOut
    next_month: MonthAllowanceOut
    warmups: list[WarmupOut]  # sending domains in their warm-up, by name


class ProfileBounceOut(CamelSchema):
    at: datetime
    kind: str  # hardBounce, softBounce, complaint
    reason: str  # bounce_reading.Reason
    status: str  # enhanced status code, '' when none
    detail: str  # the receiver's words
    subject: str  # of the message that bounced


class ProfileBounceListOut(CamelSchema):
    items: list[ProfileBounceOut]
