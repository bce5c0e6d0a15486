"""The Workflow Campaign Report in Chromium (/workflowcampaignreport): from the
/workflow-analytics grid a marketer opens a seeded workflow's email report and reads each
email step's sends, deliveries, opens and clicks with their rates (from the per-step
roll-ups the events keep); the list's row menu leads to the same screen. It fits 1024 px
without scrolling sideways and passes axe (WCAG 2 A and AA)."""

import uuid

from playwright.sync_api import Page, expect

from marketing.tracking.models import EmailEvent, EventType
from marketing.workflows.models import Workflow, WorkflowEmail, WorkflowStatus, WorkflowVersion
from tests.e2e.axe import expect_accessible
from tests.e2e.test_workflow_test_page import _in_plain
from tests.support.browser_session import sign_in


def _seed(suffix: str) -> dict:
    """A published workflow whose email step sent to four profiles: one bounced after
    acceptance, two opened (one of them twice), one clicked; a machine open apart."""
    definition = {
        "trigger": {"id": "trigger", "kind": "tagAdded", "tagId": 1},
        "start": "s1",
        "steps": [
            {"id": "s1", "type": "sendEmail", "templateId": 1, "subject": f"Hello {suffix}",
             "next": "s2"},
            {"id": "s2", "type": "end"},
        ],
    }  # fmt: skip
    workflow = Workflow.objects.create(
        name=f"Report {suffix}", description="Greets", draft_definition=definition
    )
    version = WorkflowVersion.objects.create(workflow=workflow, number=1, definition=definition)
    Workflow.objects.filter(pk=workflow.pk).update(
        published_version=version, status=WorkflowStatus.PUBLISHED
    )
    email = WorkflowEmail.objects.create(workflow=workflow, version=version, step_id="s1")
    rows = [(pid, EventType.SENT, False) for pid in (1, 2, 3, 4)] + [
        (2, EventType.BOUNCED, False), (1, EventType.OPENED, False),
        (1, EventType.OPENED, False), (3, EventType.OPENED, False),
        (4, EventType.OPENED, True), (1, EventType.CLICKED, False),
    ]  # fmt: skip
    EmailEvent.objects.bulk_create(
        EmailEvent(profile_id=p, event_type=k, machine=m, workflow_step_id=email.pk)
        for p, k, m in rows
    )
    return {"id": workflow.pk, "name": workflow.name}


def _no_sideways_scroll(page: Page) -> None:
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def test_email_report_from_the_analytics_grid_and_the_list(page: Page, site):
    suffix = uuid.uuid4().hex[:8]
    seeded = _in_plain(_seed, suffix)
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1024, "height": 900})
    sign_in(page, plain, "admin@plain.example", next_path="/workflow-analytics")
    page.get_by_test_id("analytics-search").fill(suffix)
    expect(page.get_by_test_id(f"analytics-row-{seeded['id']}")).to_be_visible()
    page.get_by_test_id(f"analytics-report-{seeded['id']}").click()

    expect(page.get_by_role("heading", name="Workflow Campaign Report")).to_be_visible()
    step = page.get_by_test_id("report-step-s1")
    expect(step).to_contain_text(f"Hello {suffix}")
    expect(page.get_by_test_id("report-s1-sent")).to_have_text("4")
    expect(page.get_by_test_id("report-s1-delivered")).to_have_text("3 (75%)")
    expect(page.get_by_test_id("report-s1-opened")).to_have_text("2 (66.67%)")
    expect(page.get_by_test_id("report-s1-clicked")).to_have_text("1 (33.33%)")
    expect(page.get_by_test_id("report-s1-bounced")).to_have_text("1 (25%)")
    expect(page.get_by_test_id("report-total-sent")).to_have_text("4")
    expect(page.get_by_text("Machine opens (1) and bot clicks (0) are left out.")).to_be_visible()
    _no_sideways_scroll(page)
    expect_accessible(page, "workflow campaign report")

    page.goto(f"{plain.base_url}/WorkflowList?tab=Custom")
    page.get_by_test_id("workflow-search").fill(suffix)
    page.get_by_test_id(f"workflow-actions-{seeded['id']}").click()
    page.get_by_test_id(f"email-report-{seeded['id']}").click()
    expect(page).to_have_url(f"{plain.base_url}/workflowcampaignreport?id={seeded['id']}")
    expect(page.get_by_test_id("report-s1-opened")).to_have_text("2 (66.67%)")
