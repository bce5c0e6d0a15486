"""The commerce API's contract: camelCase on the wire, money in integer cents with an ISO
currency code (the display strings beside them follow spec 9)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import Field, StringConstraints

from core.pagination import PageOut, PageQuery
from core.schemas import CamelSchema
from marketing.commerce.models import CheckoutKind, CheckoutLayout, CheckoutStatus
from marketing.commerce.selectors import FORM_SORTS


def _text(max_length: int):
    return Annotated[str, StringConstraints(strip_whitespace=True, max_length=max_length)]


Kind = Literal[tuple(CheckoutKind.values)]
Status = Literal[tuple(CheckoutStatus.values)]
Layout = Literal[tuple(CheckoutLayout.values)]
Interval = Literal["one_time", "day", "week", "month", "year"]


class ProductIn(CamelSchema):
    name: _text(200)
    description: _text(2000) = ""


class PlanIn(CamelSchema):
    product_id: int
    name: _text(200)
    amount: int  # cents
    currency: Annotated[str, StringConstraints(min_length=3, max_length=3)] = "usd"
    interval: Interval
    interval_count: int = 1
    trial_days: int = 0
    setup_fee: int = 0  # cents
    max_quantity: int = 1


class PlanOut(CamelSchema):
    id: int
    product_id: int
    product_name: str
    name: str
    amount: int
    currency: str
    amount_display: str
    interval: str
    interval_count: int
    billing_cycle: str
    trial_days: int
    setup_fee: int
    max_quantity: int
    recurring: bool


class ProductOut(CamelSchema):
    id: int
    name: str
    description: str
    plans: list[PlanOut]


class ProductListOut(Schema):
    items: list[ProductOut]


class CheckoutFormFields(CamelSchema):
    name: _text(100) | None = None
    layout: Layout | None = None
    title: _text(200) | None = None
    description: _text(2000) | None = None
    plan_ids: Annotated[list[int], Field(max_length=50)] | None = None
    field_keys: Annotated[list[str], Field(max_length=50)] | None = None
    group_ids: Annotated[list[int], Field(max_length=50)] | None = None
    gift_enabled: bool | None = None
    collect_address: bool | None = None
    button_label: _text(60) | None = None
    success_message: _text(2000) | None = None


class CheckoutFormIn(CheckoutFormFields):
    name: _text(100) = ""
    kind: Kind
    plan_ids: Annotated[list[int], Field(max_length=50)] = []


class CheckoutFormPatch(CheckoutFormFields):
    pass


class CheckoutFormOut(CamelSchema):
    id: int
    name: str
    kind: Kind
    status: Status
    layout: Layout
    key: str
    public_url: str  # the shopper's page on the pages host
    title: str
    description: str
    plan_ids: list[int]
    field_keys: list[str]
    group_ids: list[int]
    gift_enabled: bool
    collect_address: bool
    button_label: str
    success_message: str
    replicated_from_id: int | None
    published_at: datetime | None
    created_at: datetime
    updated_at: datetime


class CheckoutFormQuery(PageQuery):
    kind: Kind = "subscription"
    search: _text(200) = ""
    status: Status | None = None
    sort: Literal[tuple(FORM_SORTS)] = "-updatedAt"


class CheckoutFormPageOut(PageOut):
    items: list[CheckoutFormOut]


class SubscriptionOut(CamelSchema):
    id: int
    email: str
    plan_name: str
    product_name: str
    quantity: int
    status: str
    amount: int
    currency: str
    amount_display: str
    billing_cycle: str
    start_at: datetime | None
    current_period_end: datetime | None
    trial_end: datetime | None
    end_display: str  # 'Until Cancelled' (spec 4) or the end date
    canceled_at: datetime | None
    checkout_form_id: int | None
    created_at: datetime


class SubscriptionPageOut(PageOut):
    items: list[SubscriptionOut]


class OrderOut(CamelSchema):
    id: int
    email: str
    plan_name: str
    product_name: str
    quantity: int
    status: str
    amount: int
    amount_refunded: int
    currency: str
    amount_display: str
    checkout_form_id: int | None
    created_at: datetime


class OrderPageOut(PageOut):
    items: list[OrderOut]


class RefundIn(CamelSchema):
    amount: int | None = None  # cents; the rest not yet refunded when absent
