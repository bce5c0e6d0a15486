"""A message's copy in the browser, in Chromium: a campaign is sent through the real
pipeline into the SMTP sink with the client's "view in browser" setting on (its default);
the "View this email in your browser" link of the message Ann received opens her message,
with her name, without the line, under a policy that runs none of the marketer's scripts.
A link that does not hold shows the not-found page, which passes axe (WCAG 2 A and AA);
the copy itself is the marketer's email, not an app screen, so axe does not judge it."""

import re
import uuid

from django.test import override_settings
from playwright.sync_api import Page, expect

from marketing.campaigns.models import Campaign
from marketing.campaigns.services.campaign_launch import campaign_send, campaign_start
from marketing.content.models import Template
from marketing.delivery.services.batch_sending import send_batch_run
from marketing.delivery.tokens import WEB_VIEW, recipient_token
from marketing.tracking.tokens import CLICK, tracking_token_read
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.e2e.test_campaigns import _committed
from tests.support.app_server import SERVER_SECRET_KEY
from tests.support.campaign_report_seed import _tasks_held
from tests.support.campaign_world import campaign_make, world_make
from tests.support.smtp_sink import SmtpSink
from tests.support.tenants import in_schema

TEMPLATE = (
    "<html><head><title>Autumn news</title></head><body>"
    "<h1>Hello <% firstName || there %></h1>"
    "<p>Your code: <% customerId %></p>"
    '<p><a href="https://shop.example.com/autumn">Shop the autumn sale</a></p>'
    "<script>document.title = 'script ran'</script>"
    "</body></html>"
)


class _Shop:
    def __init__(self):
        self.client = Client.objects.get(schema_name="shop")
        self.host = "shop.localhost"


def _send(domain: str, port: int) -> dict[str, tuple[int, str]]:
    """The campaign sent to ann@ and bob@`domain`; each one's profile id and message HTML."""
    emails = [f"ann@{domain}", f"bob@{domain}"]
    with (
        SmtpSink() as sink,
        _tasks_held(),
        # Signed with the app server's key; links on the server's plain-http port.
        override_settings(
            SECRET_KEY=SERVER_SECRET_KEY,
            DELIVERY_SMTP_HOST=sink.host,
            DELIVERY_SMTP_PORT=sink.port,
            DELIVERY_LINK_SCHEME="http",
            DELIVERY_LINK_PORT=port,
        ),
        in_schema(_Shop()),
    ):
        world = world_make(emails=emails)
        Template.objects.filter(pk=world.template_id).update(html=TEMPLATE)
        campaign = campaign_make(world, name=f"Autumn {domain}")
        campaign_send(campaign_id=campaign.pk, values={}, when="now")
        assert campaign_start(campaign_id=campaign.pk) == "started"
        send_batch_run(Campaign.objects.get(pk=campaign.pk).send_id)
        return {
            email.split("@")[0]: (
                profile_id,
                sink.handler.for_recipient(email)[0].message.get_body(("html",)).get_content(),
            )
            for email, profile_id in zip(emails, world.profile_ids, strict=True)
        }


def test_view_in_browser_opens_the_recipients_own_message(page: Page, site, browser):
    shop = site("shop.localhost")
    port = int(shop.base_url.rsplit(":", 1)[1])
    sent = _committed(_send, f"{uuid.uuid4().hex[:8]}.example", port)
    ann_id, ann_html = sent["ann"]
    [link] = re.findall(r'<a href="([^"]+)"[^>]*>View this email in your browser</a>', ann_html)
    assert link.startswith(f"{shop.base_url}/v/")

    page.goto(link)
    expect(page.get_by_role("heading", name="Hello Ann")).to_be_visible()
    expect(page.get_by_text(f"Your code: {ann_id}")).to_be_visible()
    # The message's own click link (the page's host comes from the server's settings): the
    # same client, send, profile and link; its time is the delivery's sent_at, which may be
    # a second after the message was built.
    [mailed] = re.findall(r'href="[^"]+/t/c/([^"]+)"', ann_html)
    shown = page.get_by_role("link", name="Shop the autumn sale").get_attribute("href")
    with override_settings(SECRET_KEY=SERVER_SECRET_KEY):
        mailed_token = tracking_token_read(CLICK, mailed)
        shown_token = tracking_token_read(CLICK, shown.rsplit("/t/c/", 1)[1])
    assert shown_token._replace(sent_at=0) == mailed_token._replace(sent_at=0)
    assert 0 <= shown_token.sent_at - mailed_token.sent_at <= 5
    expect(page.get_by_text("View this email in your browser")).to_have_count(0)
    expect(page).to_have_title("Autumn news")  # the marketer's script did not run

    # Bob's link is Bob's message.
    [bob_link] = re.findall(r'<a href="([^"]+)"[^>]*>View this email', sent["bob"][1])
    page.goto(bob_link)
    expect(page.get_by_role("heading", name="Hello Bob")).to_be_visible()
    # The sandbox still lets a person follow a link (to the click redirect).
    with page.expect_request(re.compile(r"/t/c/[\w.-]+$")):
        page.get_by_role("link", name="Shop the autumn sale").click(no_wait_after=True)

    # An altered link, and Ann's link on another client's host: no link of this client's,
    # a plain 404 (config/recipient_links.py). A good link to a message that is gone: the
    # not-found page. The page's policy forbids scripts, axe's included: a context that
    # bypasses it checks it.
    checker = browser.new_context(bypass_csp=True)
    try:
        refused = checker.new_page()
        answer = refused.goto(link[:-4] + "AAAA")
        assert answer.status == 404
        expect(refused.get_by_text("Not found.")).to_be_visible()
        plain = site("plain.localhost")
        answer = refused.goto(link.replace(shop.base_url, plain.base_url))
        assert answer.status == 404
        expect(refused.get_by_text("Not found.")).to_be_visible()
        with override_settings(SECRET_KEY=SERVER_SECRET_KEY):
            gone = recipient_token(WEB_VIEW, schema="shop", profile_id=1, send_id=10**9)
        answer = refused.goto(f"{shop.base_url}/v/{gone}")
        assert answer.status == 404
        expect(refused.get_by_role("heading", name="Email not available")).to_be_visible()
        expect(refused.get_by_role("alert")).to_have_text(
            "This email is not available. Please use the link of a recent email."
        )
        expect_accessible(refused, "view in browser: not found")
    finally:
        checker.close()
