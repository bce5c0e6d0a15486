"""A checkout form from build to sale in Chromium (issue 28): an admin builds a checkout
form in /createcf (a monthly plan, a group) and publishes it; a shopper opens its page on
the pages host, pays with the test card 4242 4242 4242 4242 in Stripe.js's card element
(localstripe's stand-in), and sees the success page; the receipt reaches the SMTP sink;
the subscription shows in /checkoutForms's Subscriptions tab. Both screens pass axe.

The app server here is one of this module's own: the session's server knows no
localstripe. Tasks run eagerly; mail goes to the session's sink."""

import uuid

import pytest
from django.conf import settings as django_settings
from django.db import connection
from playwright.sync_api import Page, expect

from billing.services.catalogue import plan_create, product_create
from marketing.audience.models import Group
from marketing.commerce.models import CheckoutForm
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_segments import _committed
from tests.support.app_server import Site, app_server_env, app_server_start, app_server_stop
from tests.support.browser_session import sign_in
from tests.support.localstripe import localstripe  # noqa: F401 - fixture
from tests.support.waiting import wait_until

ADMIN = "admin@shop.example"


@pytest.fixture(scope="module")
def shop_server(server, localstripe, app_dns, app_mail):  # noqa: F811 - the fixture imported
    process, port = app_server_start(
        app_server_env(app_dns, app_mail, LOCALSTRIPE_URL=localstripe.url)
    )
    yield port
    app_server_stop(process)


def _in_shop(work):
    connection.set_tenant(Client.objects.get(schema_name="shop"))
    try:
        return work()
    finally:
        connection.set_schema_to_public()


def _catalogue(suffix: str) -> tuple[str, str]:
    def make():
        Group.objects.create(name=f"Buyers {suffix}")
        product = product_create(name=f"Paper {suffix}")
        plan_create(product_id=product.pk, name="Monthly", amount=1999, interval="month")
        return f"Buyers {suffix}", f"Paper {suffix}: Monthly, $19.99 every month"

    return _committed(_in_shop, make)


def test_build_publish_and_buy_a_monthly_plan(
    page: Page,
    shop_server,
    localstripe,  # noqa: F811 - the fixture imported above
    app_mail,
    settings,
):
    settings.LOCALSTRIPE_URL = localstripe.url
    suffix = uuid.uuid4().hex[:6]
    group, plan_label = _catalogue(suffix)
    app = Site("shop.localhost", f"http://shop.localhost:{shop_server}")
    sign_in(page, app, ADMIN, "/createcf")
    page.get_by_label("Checkout Form Name").fill(f"Subscribe {suffix}")
    page.get_by_label(plan_label).check()
    page.get_by_test_id("checkout-groups").fill(group)
    page.get_by_role("option", name=group).click()
    page.keyboard.press("Escape")
    expect_accessible(page, "/createcf")
    page.get_by_test_id("checkout-publish").click()
    link = page.get_by_test_id("checkout-public-link")
    expect(link).to_be_visible()
    key = _committed(
        _in_shop, lambda: str(CheckoutForm.objects.get(name=f"Subscribe {suffix}").key)
    )  # noqa: E501

    email = f"shopper-{suffix}@mail.example"
    shopper = page.context.browser.new_context().new_page()
    shopper.goto(f"http://{django_settings.PAGES_HOST}:{shop_server}/shop/co/{key}")
    shopper.get_by_label("Email").fill(email)
    shopper.get_by_label("First Name").fill("Ann")
    shopper.get_by_label("Last Name").fill("Lee")
    card = shopper.locator("#card")
    card.get_by_placeholder("number").fill("4242424242424242")
    card.get_by_placeholder("exp_month").fill("12")
    card.get_by_placeholder("exp_year").fill("40")
    card.get_by_placeholder("cvc").fill("123")
    card.get_by_placeholder("postal_code").fill("10001")
    shopper.get_by_role("button", name="Pay now").click()
    expect(shopper.get_by_role("heading", name="Thank you!")).to_be_visible(timeout=30_000)
    expect(shopper.get_by_text(f"A receipt is on its way to {email}.")).to_be_visible()

    [receipt] = wait_until(
        lambda: app_mail.handler.for_recipient(email),
        timeout=60,
        message="the receipt reaches the sink",
    )
    text = receipt.message.get_body(("plain",)).get_content()
    assert "Thank you for subscribing to Monthly: $19.99 every month" in text

    page.goto(f"{app.base_url}/checkoutForms")
    page.get_by_test_id("commerce-tab-sales").click()
    row = page.get_by_test_id("subscriptions-table").get_by_role("row", name=email)
    expect(row).to_contain_text("Active")
    expect(row).to_contain_text("$19.99 every month")
    expect_accessible(page, "/checkoutForms subscriptions")
