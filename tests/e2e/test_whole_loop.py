"""The whole loop a new user walks, in Chromium, as the admin of a fresh client: import a
CSV of readers, build a dynamic segment of most of them, design a template with a merge
tag, create a campaign to the segment from a trusted sender, send a test, send it, and read
delivered, opened and clicked on the campaign's report.

Nothing is eager here: the module runs an app server of its own (gunicorn, as the session's
`server` but with tasks queued) and a real Celery worker with the same environment (the
test database, the broker on a private queue, the same cache prefix and key), so the
import, the test email, the send and the tracking writer all go through RabbitMQ, and the
messages land in an aiosmtpd sink. A scripted recipient then fetches the open pixel and a
tracked link of a received message over HTTP, as a mail client would, and the real
`tracking.events_flush` task (beat's, sent to the worker) writes the events."""

import csv
import re
import time
import urllib.request
import uuid
from dataclasses import dataclass
from urllib.parse import urlsplit

import pytest
from django.db import connection
from playwright.sync_api import Page, expect

from marketing.campaigns.models import CampaignSettings
from marketing.senders.services.trust import sender_trust
from tenants.models import Role
from tenants.services import client_create, member_add
from tests.e2e.axe import expect_accessible
from tests.e2e.conftest import (
    PASSWORD,
    Site,
    app_server_env,
    app_server_start,
    app_server_stop,
    sign_in,
)
from tests.e2e.test_designer import _api, _drag_block, _drag_until_added, _png
from tests.support.celery_worker import (
    celery_queue_delete,
    celery_worker_start,
    celery_worker_stop,
    tasks_routed_to,
)
from tests.support.smtp_sink import SmtpSink

# Deadlines for what the worker does, generous for a loaded two-core machine.
IMPORT_DEADLINE_MS = 60_000
MAIL_DEADLINE_S = 60
REPORT_DEADLINE_S = 60
# A click this soon after the message was built is a link scanner's (tracking/machines.py);
# the server is told 1 s, and the recipient waits a little longer before clicking.
CLICK_TOO_SOON_SECONDS = 1
BROWSER_AGENT = (
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Safari/537.36"
)
SHOP_LINK = "https://shop.example.com/autumn?ref=news"
LINK_TEXT = "Button"  # the designer's button block, as dropped
READERS = [("Ada", "ada"), ("Ben", "ben"), ("Cleo", "cleo"), ("Dev", "dev"), ("Eve", "eve")]


@dataclass(frozen=True)
class Loop:
    site: Site
    sink: SmtpSink
    queue: str
    suffix: str
    admin: str
    sender: str


def _fresh_client(suffix: str) -> tuple[str, str, str]:
    """A client of its own (one website, for segments), its admin, a trusted sender and a
    postal address."""
    host = f"loop{suffix}.localhost"
    client = client_create(
        name=f"Loop {suffix}", schema_name=f"loop{suffix}", domain=host, website_ids=[7]
    )
    admin = f"admin@loop{suffix}.example"
    member_add(client=client, email=admin, role=Role.ADMIN, password=PASSWORD)
    connection.set_tenant(client)
    try:
        sender = sender_trust(email=f"news@loop{suffix}.example", name="Loop News").email
        # Every campaign's footer carries it; a send is refused without it.
        CampaignSettings.objects.update_or_create(
            key=1, defaults={"postal_address": "1 Loop Road, Springfield"}
        )
    finally:
        connection.set_schema_to_public()
    return host, admin, sender


@pytest.fixture(scope="module")
def loop(server, django_db_blocker, app_dns):
    """The fresh client, the app server with queued tasks and its worker, and the sink."""
    suffix = uuid.uuid4().hex[:8]
    queue = f"e2e-loop-{suffix}"
    with django_db_blocker.unblock():
        host, admin, sender = _fresh_client(suffix)
    with SmtpSink() as sink:
        env = app_server_env(
            app_dns,
            sink,
            CELERY_TASK_ALWAYS_EAGER="0",
            PRIVATE_TASK_QUEUE=queue,
            TRACKING_CLICK_TOO_SOON_SECONDS=str(CLICK_TOO_SOON_SECONDS),
            # Each open and click is queued in Redis at once, not batched per process.
            TRACKING_PUSH_BATCH="1",
            # Links in messages point at this plain-http server.
            DELIVERY_LINK_SCHEME="http",
        )
        worker_env = {k: v for k, v in env.items() if k != "PRIVATE_TASK_QUEUE"}
        worker = celery_worker_start(queue, node=queue, **worker_env)
        process, port = app_server_start(env)
        try:
            yield Loop(Site(host, f"http://{host}:{port}"), sink, queue, suffix, admin, sender)
        finally:
            app_server_stop(process)
            celery_worker_stop(worker)
            celery_queue_delete(queue)


def _messages_to(sink: SmtpSink, addresses: list[str], deadline_s: float) -> list:
    deadline = time.monotonic() + deadline_s
    while True:
        received = [r for a in addresses for r in sink.handler.for_recipient(a)]
        if len(received) >= len(addresses):
            return received
        assert time.monotonic() < deadline, (
            f"{len(received)} of {len(addresses)} messages arrived within {deadline_s} s"
        )
        time.sleep(0.25)


def _html(received) -> str:
    part = received.message.get_body(preferencelist=("html",))
    assert part is not None, "a message without an HTML part"
    return part.get_content()


def _fetch(port: int, host: str, url: str) -> int:
    """What a mail client does with a tracked URL: a GET with a browser's user agent, not
    following the redirect (the shop's page is not ours to load)."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    parts = urlsplit(url)
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{parts.path}",
        headers={"Host": host, "User-Agent": BROWSER_AGENT},
    )
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as answer:  # the click's 302, unfollowed
        return answer.code


def _flush(queue: str) -> None:
    """beat's `tracking.events_flush`, sent to the loop's worker (which shares the app
    server's cache prefix, so it drains the queue the endpoints filled)."""
    from config.celery import app

    with tasks_routed_to(queue):
        app.send_task("tracking.events_flush")


def test_import_segment_design_send_and_report(loop: Loop, page: Page, tmp_path):
    suffix, site = loop.suffix, loop.site
    port = int(site.base_url.rsplit(":", 1)[1])
    readers = [(name, f"{stem}-{suffix}@readers{suffix}.example") for name, stem in READERS]
    outsider = ("Omar", f"omar-{suffix}@elsewhere{suffix}.example")
    people = tmp_path / "readers.csv"
    with people.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Email Address", "First Name"])
        writer.writerows((email, name) for name, email in [*readers, outsider])
    page.set_viewport_size({"width": 1440, "height": 1000})

    # 1. Import the CSV into a default group; the worker runs the import.
    sign_in(page, site, loop.admin, next_path="/ImportSummary")
    expect(page.get_by_role("heading", name="Import Subscribers")).to_be_visible()
    page.locator("input[type=file]").set_input_files(str(people))
    expect(page.get_by_test_id("map-0")).to_have_value("Email")
    expect(page.get_by_test_id("map-1")).to_have_value("First Name")
    page.get_by_test_id("import-groups").click()
    page.get_by_role("option", name="Newsletter", exact=True).click()
    page.keyboard.press("Escape")
    page.get_by_test_id("start-import").click()
    expect(page.get_by_test_id("import-message")).to_contain_text(
        "6 added, 0 updated", timeout=IMPORT_DEADLINE_MS
    )
    page.goto(f"{site.base_url}/ImportList")
    expect(page.get_by_test_id("imports-table")).to_contain_text("Completed")

    # 2. A dynamic segment: the readers' domain, five of the six.
    segment = f"Readers {suffix}"
    page.goto(f"{site.base_url}/segmentList")
    page.get_by_test_id("create-segment").click()
    expect(page.get_by_role("heading", name="Create Segment")).to_be_visible()
    page.get_by_test_id("segment-name").fill(segment)
    # The client's only website comes chosen; a new segment starts with one Email rule.
    expect(page.get_by_role("combobox", name="Rule 1: Condition")).to_have_value("Email")
    page.get_by_role("combobox", name="Rule 1: Operator").click()
    page.get_by_role("option", name="contains", exact=True).click()
    page.get_by_role("textbox", name="Rule 1: Value").fill(f"@readers{suffix}.example")
    expect(page.get_by_test_id("segment-count")).to_have_text("Exactly 5 profiles")
    page.get_by_test_id("segment-save").click()
    expect(page.get_by_text("Segment saved successfully.")).to_be_visible()
    row = page.get_by_test_id("segments-table").get_by_role("row").filter(has_text=segment)
    expect(row).to_contain_text("Dynamic")
    expect(row.get_by_role("cell").nth(2)).to_have_text("5")

    # 3. A template designed in the editor: a text with the first-name merge tag, an image
    # from the file manager (a message without one goes without the open pixel:
    # tracking/links.py) and a button linking to the shop.
    template = f"Loop news {suffix}"
    image = _api(
        page,
        "POST",
        "/api/mm/files",
        {"png": _png(320, 160, (30, 90, 200)), "name": f"logo-{suffix}.png"},
    )
    page.goto(f"{site.base_url}/templates")
    page.get_by_test_id("template-new").click()
    page.get_by_test_id("template-new-designer").click()
    page.get_by_test_id("template-name-input").fill(template)
    page.get_by_test_id("template-create-save").click()
    expect(page.get_by_role("heading", name="Email Editor")).to_be_visible()
    expect(page.locator(".gjs-block").first).to_be_visible(timeout=30_000)
    frame = page.frame_locator("iframe.gjs-frame")
    _drag_until_added(page, "Text", 40, frame.locator("[data-gjs-type=text]"))
    text_block = frame.locator("[data-gjs-type=text]").last
    text_block.dblclick()
    expect(text_block).to_have_attribute("contenteditable", "true")
    page.keyboard.press("Control+End")
    page.keyboard.type(" Hello ")
    page.get_by_role("button", name="Merge tags").click()
    menu = page.get_by_test_id("merge-tag-menu")
    menu.get_by_role("textbox", name="Search merge tags").fill("firstName")
    menu.get_by_role("option", name=re.compile(r"<% firstName %>")).first.click()
    expect(text_block).to_contain_text("Hello <% firstName %>")
    # The image block opens the asset manager; on a busy machine the first drag may not
    # land (as in test_designer), so it is tried again, three times at most.
    asset = page.locator(".gjs-am-asset").filter(has_text=f"logo-{suffix}.png")
    for _ in range(3):
        _drag_block(page, "Image", 300)
        try:
            expect(asset).to_be_visible(timeout=10_000)
            break
        except AssertionError:
            pass
    asset.dblclick()
    expect(frame.locator(f'img[src="{image["filePath"]}"]')).to_be_visible()
    # The button from the keyboard (added after the image and selected), its link set in
    # the component's settings.
    button = page.get_by_role("button", name="Add block: Button")
    if not button.is_visible():
        page.get_by_role("button", name="Blocks", exact=True).click()
    button.focus()
    page.keyboard.press("Enter")
    expect(frame.locator("a.button")).to_have_count(1)
    page.get_by_role("button", name="Settings", exact=True).click()
    href = page.locator(".gjs-trt-trait").filter(has_text="Href").locator("input")
    href.fill(SHOP_LINK)
    href.press("Enter")
    expect(frame.locator("a.button")).to_have_attribute("href", SHOP_LINK)
    page.get_by_test_id("designer-save").click()
    expect(page.get_by_test_id("save-status")).to_have_text("Saved", timeout=60_000)

    # 4. The campaign: the segment, the template, the trusted sender.
    campaign = f"Loop campaign {suffix}"
    page.goto(f"{site.base_url}/campaignListView")
    page.get_by_test_id("create-campaign").click()
    page.get_by_role("link", name="Create Regular campaign").click()
    page.get_by_test_id("campaign-name").fill(campaign)
    page.get_by_test_id("campaign-create").click()
    expect(page.get_by_role("heading", name="Edit Campaign")).to_be_visible()
    page.get_by_role("combobox", name="Segments").click()
    page.get_by_role("option", name=segment, exact=True).click()
    page.keyboard.press("Escape")
    page.get_by_test_id("campaign-from-name").fill("Loop News")
    page.get_by_test_id("campaign-from-address").fill(loop.sender)
    page.get_by_role("combobox", name="Template").click()
    page.get_by_role("option", name=template, exact=True).click()
    page.get_by_test_id("campaign-subject").fill("News for <% firstName %>")
    expect(page.get_by_test_id("campaign-autosaved")).to_contain_text(
        "Saved automatically", timeout=15_000
    )
    campaign_id = int(re.search(r"id=(\d+)", page.url).group(1))

    # 5. A test to one address, through the worker into the sink.
    tester = f"qa-{suffix}@example.com"
    page.get_by_test_id("campaign-test").click()
    page.get_by_test_id("campaign-test-emails").fill(tester)
    page.get_by_test_id("campaign-test-send").click()
    expect(page.get_by_text("Test email sent successfully.")).to_be_visible()
    (test_message,) = _messages_to(loop.sink, [tester], MAIL_DEADLINE_S)
    assert "firstName" not in _html(test_message)

    # 6. Send now, confirmed; the worker delivers to the five readers and no one else.
    page.get_by_test_id("campaign-send-now").click()
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_text("The campaign is being sent.")).to_be_visible()
    received = _messages_to(loop.sink, [email for _, email in readers], MAIL_DEADLINE_S)
    assert loop.sink.handler.for_recipient(outsider[1]) == []
    for (name, email), message in zip(readers, received, strict=True):
        html = _html(message)
        # (the editor keeps the typed space before the tag as &nbsp;)
        assert re.search(rf"Hello(\s|&nbsp;)+{name}\b", html), (email, html)
        assert message.message["Subject"] == f"News for {name}"

    # 7. A recipient opens the message and clicks its link, once the scanner window passed.
    html = _html(received[0])
    pixel = re.search(r'<img[^>]+src="([^"]*/t/o/[^"]+)"', html)
    # The link the person sees (hidden honeypot links are tracked too, as a machine's).
    link = re.search(rf'href="([^"]*/t/c/[^"]+)"[^>]*>{LINK_TEXT}<', html)
    assert pixel and link, html
    time.sleep(max(0.0, received[0].at + CLICK_TOO_SOON_SECONDS + 1 - time.time()))
    assert _fetch(port, site.host, pixel.group(1).replace("&amp;", "&")) == 200
    assert _fetch(port, site.host, link.group(1).replace("&amp;", "&")) == 302

    # 8. The report: delivered to five, opened and clicked by one (the writer runs until
    # the figures show, within a deadline).
    page.goto(f"{site.base_url}/regularcampaignreport?campaignId={campaign_id}")
    expect(page.get_by_role("heading", name=f"Campaign Report: {campaign}")).to_be_visible()
    deadline = time.monotonic() + REPORT_DEADLINE_S
    while True:
        _flush(loop.queue)
        try:
            expect(page.get_by_test_id("kpi-delivered-value")).to_have_text("5", timeout=3_000)
            expect(page.get_by_test_id("kpi-opens-value")).to_have_text("1", timeout=3_000)
            expect(page.get_by_test_id("kpi-clicks-value")).to_have_text("1", timeout=3_000)
            break
        except AssertionError:
            assert time.monotonic() < deadline, "the report's figures did not follow"
            page.reload()
    expect(page.get_by_test_id("kpi-recipients-value")).to_have_text("5")
    expect_accessible(page, "campaign report after the whole loop")
