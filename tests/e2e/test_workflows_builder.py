"""Workflows in Chromium: a marketer builds a three-step workflow on the canvas (trigger:
added to a group; wait a day, add to a group, end), saves and publishes it, finds it in the
Workflow List and the analytics grid, and unpublishes it with "terminate" while a profile is
in it. Every screen passes axe (WCAG 2 A and AA)."""

import re
import threading
import uuid

from django.db import connection, connections
from playwright.sync_api import Page, expect

from marketing.workflows.models import Enrollment, EnrollmentStatus, Workflow
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in


def _committed(seed, *args):
    """Runs `seed` on a connection of its own, which commits (the app server sees it)."""
    answer = {}

    def run():
        try:
            answer["value"] = seed(*args)
        except Exception as exc:  # re-raised in the test's thread
            answer["error"] = exc
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in answer:
        raise answer["error"]
    return answer.get("value")


def _enroll_one(name: str) -> int:
    """A profile in process at the published workflow's first step (as the engine leaves it)."""
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        workflow = Workflow.objects.get(name=name)
        enrollment = Enrollment.objects.create(
            workflow=workflow,
            version=workflow.published_version,
            profile_id=999_999,
            status=EnrollmentStatus.IN_PROCESS,
            step_id=workflow.published_version.definition["start"],
            occurrence=f"e2e-{uuid.uuid4().hex}",
        )
        return enrollment.pk
    finally:
        connection.set_schema_to_public()


def _enrollment_status(pk: int) -> str:
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        return Enrollment.objects.get(pk=pk).status
    finally:
        connection.set_schema_to_public()


def _dismiss(page: Page, text: str) -> None:
    """Closes a toast from its close button, as a person does when it covers the header's
    buttons (a toast under the pointer does not close by itself)."""
    toast = page.locator(".mantine-Notification-root").filter(has_text=text)
    expect(toast).to_be_visible()
    toast.locator(".mantine-Notification-closeButton").click()
    expect(toast).to_have_count(0)


def _choose(page: Page, label: str, option: str) -> None:
    page.get_by_role("combobox", name=label, exact=True).click()
    page.get_by_role("option", name=option, exact=True).click()


def test_build_publish_list_and_unpublish_with_terminate(page: Page, site):
    name = f"Welcome {uuid.uuid4().hex[:8]}"
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "admin@plain.example", next_path="/Workflow")
    expect(page.get_by_test_id("builder-title")).to_have_text("New workflow")
    expect(page.get_by_test_id("workflow-canvas")).to_be_visible()

    # The trigger: a profile added to the Customers group.
    page.get_by_test_id("node-trigger").click()
    panel = page.get_by_test_id("node-panel")
    expect(panel).to_contain_text("Please choose a trigger.")
    _choose(page, "Starts when", "Added to a group")
    expect(panel).to_contain_text("Trigger details are required.")
    _choose(page, "Group", "Customers")
    expect(page.get_by_test_id("publish-blocked")).to_be_visible()
    expect(page.get_by_test_id("builder-publish")).to_be_disabled()
    page.get_by_test_id("panel-apply").click()
    expect(page.get_by_test_id("publish-blocked")).to_have_count(0)

    # Three steps, each added after the selected one: wait, add to group, end.
    page.get_by_test_id("palette-wait").click()
    expect(page.get_by_test_id("node-s1")).to_contain_text("1 days")
    page.get_by_test_id("palette-addGroup").click()
    expect(page.get_by_test_id("node-s2")).to_contain_text("Please fill Groups")
    _choose(page, "Groups", "Customers")
    page.keyboard.press("Escape")
    page.get_by_test_id("panel-apply").click()
    expect(page.get_by_test_id("node-s2")).to_contain_text("Customers")
    page.get_by_test_id("palette-end").click()
    expect(page.locator(".react-flow__edge")).to_have_count(3)

    # Undo removes the end step; adding it again restores three edges.
    page.get_by_test_id("builder-undo").click()
    expect(page.get_by_test_id("node-s3")).to_have_count(0)
    page.get_by_test_id("node-s2").click()
    page.get_by_test_id("palette-end").click()
    expect(page.locator(".react-flow__edge")).to_have_count(3)

    # Publishing checks first: the name and description are missing.
    page.locator(".react-flow__pane").click(position={"x": 20, "y": 20})
    page.get_by_test_id("builder-publish").click()
    details = page.get_by_test_id("workflow-details")
    expect(details).to_contain_text("Please fill Workflow Name")
    expect(details).to_contain_text("Please fill Description")
    _dismiss(page, "Error")
    expect_accessible(page, "workflow builder")
    page.get_by_test_id("workflow-name").fill(name)
    page.get_by_test_id("workflow-description").fill("New customers get the welcome group.")

    page.get_by_test_id("builder-save").click()
    _dismiss(page, "Workflow saved successfully.")
    expect(page).to_have_url(re.compile(r"/Workflow\?id=\d+$"))
    page.get_by_test_id("builder-publish").click()
    expect(page.get_by_text("Workflow published successfully.")).to_be_visible()
    expect(page.get_by_test_id("builder-unpublish")).to_be_visible()
    expect(page.locator('[data-status="Published"]')).to_be_visible()

    # The list shows it in its tab with its status; the analytics grid lists it.
    page.get_by_test_id("back-to-workflows").click()
    expect(page.get_by_role("heading", name="Workflow List")).to_be_visible()
    row = page.get_by_test_id("workflows-table").get_by_role("row").filter(has_text=name)
    expect(row).to_contain_text("Published")
    expect_accessible(page, "workflow list")
    page.goto(f"{plain.base_url}/workflow-analytics")
    expect(page.get_by_role("heading", name="Workflows", exact=True)).to_be_visible()
    grid = page.get_by_test_id("workflow-analytics-table")
    grid_row = grid.get_by_role("row").filter(has_text=name)
    expect(grid_row).to_contain_text("Published")
    expect_accessible(page, "workflow analytics")

    # A profile enters it while the builder is open: unpublishing reads the count afresh
    # and asks, and "Terminate" ends its enrollment.
    grid_row.get_by_role("link", name=name, exact=True).click()
    expect(page.get_by_test_id("builder-title")).to_have_text(name)
    enrollment = _committed(_enroll_one, name)
    page.get_by_test_id("builder-unpublish").click()
    expect(page.get_by_text("1 profile is still in this workflow.")).to_be_visible()
    page.get_by_test_id("unpublish-terminate").click()
    expect(page.get_by_text("Workflow unpublished successfully.")).to_be_visible()
    expect(page.get_by_test_id("builder-publish")).to_be_visible()
    assert _committed(_enrollment_status, enrollment) == EnrollmentStatus.TERMINATED
