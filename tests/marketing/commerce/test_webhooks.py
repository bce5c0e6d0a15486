"""Stripe's webhook on the public host: the signature checked on the raw body (a forged,
altered or unsigned call is 400); the client found by the object's metadata (or its
customer's); each event kept once by id (a redelivery enqueues nothing more); processing
fetches the object as Stripe has it now, so a late or out-of-order event writes the truth
and records each occurrence once; the sweep takes events no task processed."""

import json
import time

import pytest
from django.conf import settings
from django.utils import timezone

from billing import stripe_adapter as sa
from billing.models import CommerceEvent, StripeEvent, Subscription
from marketing.commerce.services.webhooks import stripe_event_process, stripe_events_sweep
from tests.support.commerce import URL, form_body
from tests.support.commerce_shopper import buy, shopper
from tests.support.http_api import http
from tests.support.localstripe import stripe_signature
from tests.support.tenants import in_schema

SHOPPER = {"email": "bo@shop.example", "firstName": "Bo", "lastName": "Ray", "quantity": "1"}


def _event(event_id: str, kind: str, obj: dict, *, created: int | None = None) -> bytes:
    body = {
        "id": event_id,
        "object": "event",
        "type": kind,
        "created": created or int(time.time()),
        "data": {"object": obj},
    }
    return json.dumps(body).encode()


def _deliver(payload: bytes, *, secret: str | None = None, signature: str | None = None):
    header = signature or stripe_signature(payload, secret or settings.STRIPE_WEBHOOK_SECRET)
    return http(settings.BASE_DOMAIN).post(
        "/stripe/webhook", payload, content_type="application/json", HTTP_STRIPE_SIGNATURE=header
    )


@pytest.fixture
def bought(alpha, shop, user_api, django_capture_on_commit_callbacks):
    form = user_api.post(URL, form_body(shop)).json()
    user_api.post(f"{URL}/{form['id']}/publish")
    path = f"/{alpha.client.schema_name}/co/{form['key']}"
    paid, _ = buy(shopper(), path, {**SHOPPER, "planId": str(shop.monthly.pk)})
    assert paid.status_code == 200, paid.content
    with in_schema(alpha):
        return Subscription.objects.select_related("customer").get()


def _processed(alpha, event_id: str) -> str:
    with in_schema(alpha):
        row = StripeEvent.objects.get(stripe_event_id=event_id)
        return stripe_event_process(row.pk)


def test_the_signature_is_checked_on_the_raw_body(alpha, bought):
    obj = {
        "id": bought.stripe_subscription_id,
        "object": "subscription",
        "metadata": {"client": "alpha"},
    }  # noqa: E501
    payload = _event("evt_sig", "customer.subscription.updated", obj)
    assert _deliver(payload, secret="whsec_someone_else").status_code == 400
    good = stripe_signature(payload, settings.STRIPE_WEBHOOK_SECRET)
    assert _deliver(payload + b" ", signature=good).status_code == 400
    assert _deliver(payload, signature="t=1,v1=00").status_code == 400
    assert (
        http(settings.BASE_DOMAIN)
        .post("/stripe/webhook", payload, content_type="application/json")
        .status_code
        == 400
    )  # noqa: E501
    with in_schema(alpha):
        assert StripeEvent.objects.count() == 0
    assert _deliver(payload).status_code == 200


def test_a_redelivery_is_kept_once_and_changes_nothing_twice(
    alpha, bought, django_capture_on_commit_callbacks
):  # noqa: E501
    keys = sa.keys_for()
    sa.subscription_cancel(keys, subscription_id=bought.stripe_subscription_id)
    obj = {
        "id": bought.stripe_subscription_id,
        "object": "subscription",
        "metadata": {"client": "alpha"},
    }  # noqa: E501
    payload = _event("evt_cancel", "customer.subscription.deleted", obj)
    with django_capture_on_commit_callbacks() as sent:
        assert _deliver(payload).status_code == 200
        assert _deliver(payload).status_code == 200
    assert len(sent) == 1  # one task for the event, however often it came
    assert _processed(alpha, "evt_cancel") == "customer.subscription.deleted"
    assert _processed(alpha, "evt_cancel") == "skipped"
    with in_schema(alpha):
        bought.refresh_from_db()
        assert bought.status == "canceled" and bought.canceled_at is not None
        kinds = list(CommerceEvent.objects.order_by("id").values_list("kind", flat=True))
        assert kinds == ["subscriptionStarted", "subscriptionCancelled"]


def test_out_of_order_and_late_events_write_what_is_true_now(alpha, bought):
    obj = {
        "id": bought.stripe_subscription_id,
        "object": "subscription",
        "metadata": {"client": "alpha"},
    }  # noqa: E501
    sa.subscription_cancel(sa.keys_for(), subscription_id=bought.stripe_subscription_id)
    cancelled = {**obj, "status": "canceled"}
    _deliver(_event("evt_2", "customer.subscription.deleted", cancelled))
    # the older "created" event comes an hour late, after the cancellation: its copy says
    # active, but the subscription is fetched and stays cancelled
    stale = {**obj, "status": "active"}
    _deliver(
        _event("evt_1", "customer.subscription.created", stale, created=int(time.time()) - 3600)
    )  # noqa: E501
    _processed(alpha, "evt_2")
    _processed(alpha, "evt_1")
    with in_schema(alpha):
        bought.refresh_from_db()
        assert bought.status == "canceled"
        kinds = sorted(CommerceEvent.objects.values_list("kind", flat=True))
        assert kinds == ["subscriptionCancelled", "subscriptionStarted"]  # each once


def test_routed_by_metadata_or_the_customers_and_others_dropped(alpha, bought):
    invoice = sa.invoice_list(sa.keys_for(), customer_id=bought.customer.stripe_customer_id).data[0]
    # an invoice carries no metadata of ours: its customer's names the client
    obj = {"id": invoice.id, "object": "invoice", "customer": bought.customer.stripe_customer_id}
    assert _deliver(_event("evt_invoice", "invoice.payment_succeeded", obj)).status_code == 200
    assert _processed(alpha, "evt_invoice") == "invoice.payment_succeeded"
    with in_schema(alpha):
        # the first invoice is the start, not a renewal
        assert not CommerceEvent.objects.filter(kind="subscriptionRenewed").exists()
    foreign = {"id": "sub_x", "object": "subscription", "metadata": {"client": "nobody"}}
    assert (
        _deliver(_event("evt_foreign", "customer.subscription.updated", foreign)).status_code == 200
    )  # noqa: E501
    with in_schema(alpha):
        assert not StripeEvent.objects.filter(stripe_event_id="evt_foreign").exists()


def test_the_sweep_processes_events_left_behind(alpha, bought):
    obj = {
        "id": bought.stripe_subscription_id,
        "object": "subscription",
        "metadata": {"client": "alpha"},
    }  # noqa: E501
    _deliver(_event("evt_left", "customer.subscription.updated", obj))
    with in_schema(alpha):
        StripeEvent.objects.update(
            received_at=StripeEvent.objects.get().received_at.replace(year=2020)
        )  # noqa: E501
        assert stripe_events_sweep() == 1
        assert StripeEvent.objects.get().processed_at is not None
        assert stripe_events_sweep() == 0


def test_an_event_that_keeps_failing_is_set_aside_and_never_holds_back_the_next(
    alpha, bought, monkeypatch
):
    from marketing.commerce.services import webhooks

    obj = {
        "id": bought.stripe_subscription_id,
        "object": "subscription",
        "metadata": {"client": "alpha"},
    }
    _deliver(_event("evt_bad", "customer.subscription.updated", obj))
    _deliver(_event("evt_good", "customer.subscription.updated", obj))
    real = webhooks.stripe_event_process

    def process(event_id: int) -> str:
        if StripeEvent.objects.get(pk=event_id).stripe_event_id == "evt_bad":
            raise RuntimeError("a poison event")
        return real(event_id)

    monkeypatch.setattr(webhooks, "stripe_event_process", process)
    with in_schema(alpha):
        StripeEvent.objects.update(received_at=timezone.now().replace(year=2020))
        StripeEvent.objects.filter(stripe_event_id="evt_bad").update(
            received_at=timezone.now().replace(year=2019)  # the oldest: swept first
        )
        assert stripe_events_sweep() == 1  # the good one went despite the bad one
        assert StripeEvent.objects.get(stripe_event_id="evt_good").processed_at is not None
        for _ in range(webhooks.SWEEP_ATTEMPTS - 1):
            assert stripe_events_sweep() == 0
        bad = StripeEvent.objects.get(stripe_event_id="evt_bad")
        assert bad.processed_at is None and bad.set_aside_at is not None
        assert bad.sweep_attempts == webhooks.SWEEP_ATTEMPTS
        assert stripe_events_sweep() == 0  # no longer tried
        assert StripeEvent.objects.get(stripe_event_id="evt_bad").sweep_attempts == 5
