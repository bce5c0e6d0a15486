"""A workflow's whole journey (issue 25), in Chromium, with nothing eager: a marketer builds
a three-step workflow on the canvas (trigger: an email opened; send an email, wait a day,
end), saves and publishes it; a reader opens a campaign message the worker delivered to the
SMTP sink (the pixel fetched as a mail client does, then beat's `tracking.events_flush` sent
to the worker); the enrollment shows in the builder's enrollments drawer, moved on to the
wait, and the workflow's email arrives at the sink; unpublishing with "Terminate" ends the
waiting enrollment.

The module runs an app server of its own with tasks queued and a real Celery worker with the
same environment (as test_whole_loop.py), its delivery pointed at an aiosmtpd sink."""

import re
import time
import uuid
from dataclasses import dataclass

import pytest
from django.db import connection
from playwright.sync_api import Page, expect

from marketing.campaigns.services.campaign_launch import campaign_send
from marketing.content.models import Template
from marketing.workflows.models import Enrollment, EnrollmentStatus, Workflow
from tenants.models import Client, Role
from tenants.services import client_create, member_add
from tests.e2e.test_whole_loop import _fetch, _flush, _html
from tests.e2e.test_workflows_builder import _choose, _dismiss
from tests.support.app_server import Site, app_server_env, app_server_start, app_server_stop
from tests.support.browser_session import PASSWORD, sign_in
from tests.support.campaign_world import campaign_make, world_make
from tests.support.celery_worker import (
    celery_queue_delete,
    celery_worker_start,
    celery_worker_stop,
    tasks_routed_to,
)
from tests.support.smtp_sink import SmtpSink
from tests.support.waiting import poll

# Its own app server and Celery worker make this one of the longest files: handed out first
# (tests/e2e/conftest.py).
pytestmark = pytest.mark.runs_first

MAIL_DEADLINE_S = 90
ENROLL_DEADLINE_S = 90
# The campaign's message: an image, so it carries the open pixel (tracking/links.py).
PAGE = (
    '<html><body><img src="https://cdn.example.com/logo.png" alt="Logo">'
    "<p>Hi <% firstName || there %></p>"
    '<p><a href="https://shop.example.com/sale">Shop the sale</a></p>'
    "</body></html>"
)
CAMPAIGN_SUBJECT = "Autumn sale"
WORKFLOW_SUBJECT = "Thanks for reading"


@dataclass(frozen=True)
class Journey:
    site: Site
    sink: SmtpSink
    queue: str
    suffix: str
    admin: str
    schema: str
    reader: str
    template: str


def _client_with_a_sent_campaign(suffix: str, queue: str) -> tuple[str, str, str, str]:
    """A client of its own, its admin, a reader, a template with an image, a verified
    sender (Shop <news@shop.example>), and a campaign to the reader sent now: its start
    goes to the module's worker, which delivers to the sink."""
    schema = f"journey{suffix}"
    host = f"{schema}.localhost"
    client = client_create(
        name=f"Journey {suffix}", schema_name=schema, domain=host, website_ids=[7]
    )
    admin = f"admin@{schema}.example"
    member_add(client=client, email=admin, role=Role.ADMIN, password=PASSWORD)
    reader = f"reader-{suffix}@readers.example"
    template = f"Journey news {suffix}"
    connection.set_tenant(client)
    try:
        world = world_make(emails=(reader,))
        Template.objects.filter(pk=world.template_id).update(html=PAGE, name=template)
        campaign = campaign_make(world, name=f"Journey {suffix}", subject=CAMPAIGN_SUBJECT)
        with tasks_routed_to(queue):
            campaign_send(campaign_id=campaign.pk, values={}, when="now")
    finally:
        connection.set_schema_to_public()
    return host, admin, reader, template


@pytest.fixture(scope="module")
def journey(server, django_db_blocker, app_dns):
    suffix = uuid.uuid4().hex[:8]
    queue = f"e2e-journey-{suffix}"
    with SmtpSink() as sink:
        env = app_server_env(
            app_dns,
            sink,
            CELERY_TASK_ALWAYS_EAGER="0",
            PRIVATE_TASK_QUEUE=queue,
            TRACKING_PUSH_BATCH="1",
            DELIVERY_LINK_SCHEME="http",
            DELIVERY_SMTP_HOST=sink.host,
            DELIVERY_SMTP_PORT=str(sink.port),
        )
        worker_env = {k: v for k, v in env.items() if k != "PRIVATE_TASK_QUEUE"}
        worker = celery_worker_start(queue, node=queue, **worker_env)
        process, port = app_server_start(env)
        try:
            with django_db_blocker.unblock():
                host, admin, reader, template = _client_with_a_sent_campaign(suffix, queue)
            yield Journey(
                Site(host, f"http://{host}:{port}"),
                sink,
                queue,
                suffix,
                admin,
                f"journey{suffix}",
                reader,
                template,
            )
        finally:
            app_server_stop(process)
            celery_worker_stop(worker)
            celery_queue_delete(queue)


def _received(sink: SmtpSink, email: str, subject: str, deadline_s: float):
    """The message to `email` with `subject`, once it arrived."""
    found = poll(
        lambda: [r for r in sink.handler.for_recipient(email) if r.message["Subject"] == subject],
        bool,
        timeout=deadline_s,
        message=f"the message {subject!r} arrives for {email}",
        interval=0.25,
    )
    return found[0]


def _enrollments(schema: str, name: str) -> list[tuple[int, str, str]]:
    connection.set_tenant(Client.objects.get(schema_name=schema))
    try:
        workflow = Workflow.objects.get(name=name)
        rows = Enrollment.objects.filter(workflow=workflow).order_by("pk")
        return [(e.pk, e.status, e.step_id) for e in rows]
    finally:
        connection.set_schema_to_public()


def _drawer_shows(page: Page, row_id: int, texts: list[str], deadline_s: float) -> None:
    """The enrollments drawer, opened again until its row shows each of `texts`."""
    deadline = time.monotonic() + deadline_s
    while True:
        page.get_by_test_id("builder-enrollments").click()
        row = page.get_by_test_id(f"enrollment-row-{row_id}")
        try:
            for text in texts:
                expect(row).to_contain_text(text, timeout=3_000)
            return
        except AssertionError:
            if time.monotonic() >= deadline:
                raise
            page.reload()


def test_workflow_journey(journey: Journey, page: Page, django_db_blocker):
    site, sink, reader = journey.site, journey.sink, journey.reader
    port = int(site.base_url.rsplit(":", 1)[1])
    name = f"Openers {journey.suffix}"
    page.set_viewport_size({"width": 1280, "height": 900})

    # The campaign's message reached the reader through the worker.
    campaign_message = _received(sink, reader, CAMPAIGN_SUBJECT, MAIL_DEADLINE_S)

    # 1. The canvas: trigger on an email opened; send an email, wait a day, end.
    sign_in(page, site, journey.admin, next_path="/Workflow")
    expect(page.get_by_test_id("builder-title")).to_have_text("New workflow")
    page.get_by_test_id("node-trigger").click()
    _choose(page, "Starts when", "Email activity")
    _choose(page, "Activity", "Email opened")
    page.get_by_test_id("panel-apply").click()
    expect(page.get_by_test_id("publish-blocked")).to_have_count(0)

    page.get_by_test_id("palette-sendEmail").click()
    _choose(page, "Template", journey.template)
    page.get_by_role("textbox", name="Subject").fill(WORKFLOW_SUBJECT)
    _choose(page, "Sender", "Shop <news@shop.example>")
    page.get_by_test_id("panel-apply").click()
    expect(page.get_by_test_id("node-s1")).to_contain_text(WORKFLOW_SUBJECT)
    page.get_by_test_id("palette-wait").click()
    expect(page.get_by_test_id("node-s2")).to_contain_text("1 days")
    page.get_by_test_id("palette-end").click()
    expect(page.locator(".react-flow__edge")).to_have_count(3)

    # 2. Saved and published.
    page.locator(".react-flow__pane").click(position={"x": 20, "y": 20})
    page.get_by_test_id("workflow-name").fill(name)
    page.get_by_test_id("workflow-description").fill("Thanks whoever opens a campaign.")
    page.get_by_test_id("builder-save").click()
    _dismiss(page, "Workflow saved successfully.")
    expect(page).to_have_url(re.compile(r"/Workflow\?id=\d+$"))
    page.get_by_test_id("builder-publish").click()
    _dismiss(page, "Workflow published successfully.")
    expect(page.get_by_test_id("builder-unpublish")).to_be_visible()

    # 3. The reader opens the campaign's message (a mail client's fetch of the pixel);
    # the worker's flush writes the open, which enrolls the reader.
    pixel = re.search(r'<img[^>]+src="([^"]*/t/o/[^"]+)"', _html(campaign_message))
    assert pixel, _html(campaign_message)
    assert _fetch(port, site.host, pixel.group(1).replace("&amp;", "&")) == 200

    def enrolled():
        _flush(journey.queue)
        with django_db_blocker.unblock():
            return _enrollments(journey.schema, name)

    (enrollment,) = poll(
        enrolled, bool, timeout=ENROLL_DEADLINE_S, message="the open enrolls", interval=1
    )

    # 4. The enrollment moves on past the email and waits its day (the engine keeps a
    # waiting enrollment at the step after the wait, due when the day is over), as the
    # drawer shows; the email arrives.
    _drawer_shows(page, enrollment[0], [reader, "In process", "End (s3)"], ENROLL_DEADLINE_S)
    message = _received(sink, reader, WORKFLOW_SUBJECT, MAIL_DEADLINE_S)
    assert message.message["From"] == "Shop <news@shop.example>"
    assert "Hi " in _html(message)
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)

    # 5. Unpublished with "Terminate": the waiting enrollment ends. (The builder counts
    # the profiles in process when it loads, so the page is opened again first.)
    page.reload()
    expect(page.get_by_test_id("builder-title")).to_have_text(name)
    page.get_by_test_id("builder-unpublish").click()
    expect(page.get_by_text("1 profile is still in this workflow.")).to_be_visible()
    page.get_by_test_id("unpublish-terminate").click()
    expect(page.get_by_text("Workflow unpublished successfully.")).to_be_visible()
    expect(page.get_by_test_id("builder-publish")).to_be_visible()
    with django_db_blocker.unblock():
        rows = _enrollments(journey.schema, name)
    assert rows == [(enrollment[0], EnrollmentStatus.TERMINATED, "s3")]
    _drawer_shows(page, enrollment[0], ["Terminated"], 30)
