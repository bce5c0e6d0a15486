"""The senders API's contract: camelCase on the wire."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, StringConstraints
from pydantic_core import PydanticCustomError

from core.messages import TEXT_NUL
from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.senders.selectors import SENDER_SORT_CHOICES


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise PydanticCustomError("nul", TEXT_NUL)
    return value


def _text(max_length: int):
    return Annotated[str, StringConstraints(max_length=max_length), AfterValidator(_no_nul)]


SenderStatus = Literal[
    "verified", "pendingActivation", "domainNotWhitelisted", "domainNotVerified", "disabled"
]


class SenderQuery(PageQuery):
    search: _text(100) = ""
    sort: Literal[tuple(SENDER_SORT_CHOICES)] = "name"


class SenderIn(CamelSchema):
    # Longer than the rules allow, so the service answers in the spec's words.
    name: _text(200)
    email: _text(320)
    reply_to: _text(320) = ""
    is_default: bool = False


class SenderPatch(CamelSchema):
    name: _text(200) | None = None
    email: _text(320) | None = None
    reply_to: _text(320) | None = None
    is_enabled: bool | None = None
    is_default: bool | None = None


class SenderOut(CamelSchema):
    id: int
    name: str
    email: str
    domain: str
    reply_to: str
    is_enabled: bool
    is_default: bool
    verified_at: datetime | None
    activation_sent_at: datetime | None
    created_at: datetime
    status: SenderStatus
    # Why it cannot send ('' when it can), in spec 8's words.
    problem: str


class SenderPageOut(PageOut):
    items: list[SenderOut]


class SenderMessageOut(CamelSchema):
    message: str


class SenderActivationQuery(CamelSchema):
    token: _text(1000)


class SenderActivationIn(CamelSchema):
    token: _text(1000)


class SenderActivationOut(CamelSchema):
    name: str
    email: str
    client_name: str
    verified: bool


class SenderDomainIn(CamelSchema):
    name: _text(300)


class DnsRecordOut(CamelSchema):
    key: str
    kind: str
    type: Literal["CNAME", "TXT"]
    host: str
    value: str
    required: bool
    status: Literal["verified", "missing", "invalid", "failed", "unchecked"]
    error: str
    found: list[str]


class SenderDomainOut(CamelSchema):
    id: int
    name: str
    status: Literal["pending", "verified", "failed"]
    error: str
    checked_at: datetime | None
    verified_at: datetime | None
    created_at: datetime
    senders: int
    records: list[DnsRecordOut]
    # New DKIM keys of a key rollover wait to be published and activated.
    dkim_rollover: bool


class TrackingPendingOut(CamelSchema):
    """A tracking domain not yet verified: the TXT record it must publish."""

    name: str
    txt_host: str
    txt_value: str


class SenderDomainListOut(CamelSchema):
    items: list[SenderDomainOut]
    # What a tracking domain's CNAME must point at.
    tracking_cname_target: str
    tracking_domain: str | None = None
    tracking_pending: TrackingPendingOut | None = None


class TrackingDomainIn(CamelSchema):
    name: _text(300)


class TrackingDomainOut(CamelSchema):
    name: str | None
    cname_target: str
    checked_at: datetime | None
    pending: TrackingPendingOut | None = None
