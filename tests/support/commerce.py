"""A client's shop for the commerce tests: the feature switched on, a group for buyers'
profiles, and a catalogue made through the real services against localstripe."""

from __future__ import annotations

from dataclasses import dataclass

from billing.models import Plan
from billing.services.catalogue import plan_create, product_create
from marketing.audience.models import Group
from tests.support.tenants import Tenant, in_schema

URL = "/api/mm/checkoutForms"


@dataclass(frozen=True)
class Shop:
    group_id: int
    monthly: Plan
    yearly_trial: Plan
    one_time: Plan


def shop_open(tenant: Tenant) -> Shop:
    tenant.client.subscriptions_enabled = True
    tenant.client.save(update_fields=["subscriptions_enabled"])
    with in_schema(tenant):
        group = Group.objects.create(name="Buyers")
        product = product_create(name="Weekly paper")
        monthly = plan_create(
            product_id=product.pk,
            name="Monthly",
            amount=1999,
            interval="month",
            setup_fee=500,
            max_quantity=5,
        )
        yearly = plan_create(
            product_id=product.pk, name="Yearly", amount=120_000, interval="year", trial_days=14
        )
        once = plan_create(
            product_id=product.pk,
            name="Back issue",
            amount=750,
            interval="one_time",
            max_quantity=3,
        )
    return Shop(group.pk, monthly, yearly, once)


def form_body(shop: Shop, **changes) -> dict:
    body = {
        "name": "Subscribe",
        "kind": "subscription",
        "planIds": [shop.monthly.pk, shop.yearly_trial.pk],
        "groupIds": [shop.group_id],
        "fieldKeys": ["firstName", "lastName"],
        "layout": "singlePage",
        "title": "Subscribe to the Weekly paper",
    }
    return {**body, **changes}
