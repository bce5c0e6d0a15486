"""The Workflow Test screen in Chromium: a marketer picks a seeded workflow and a profile (both
found by a search on the server), runs the dry run, and sees the path the profile would take
step by step, with nothing sent. The screen passes axe (WCAG 2 A and AA)."""

import threading
import uuid

from django.db import connection, connections
from playwright.sync_api import Page, expect

from marketing.audience.models import Group, Profile
from marketing.delivery.models import Send
from marketing.workflows.models import Workflow
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in


def _in_plain(work, *args):
    """Runs `work` in the plain client's schema on a connection of its own, which commits
    (the app server sees it)."""
    answer = {}

    def run():
        connection.set_tenant(Client.objects.get(schema_name="plain"))
        try:
            answer["value"] = work(*args)
        except Exception as exc:  # re-raised in the test's thread
            answer["error"] = exc
        finally:
            connection.set_schema_to_public()
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in answer:
        raise answer["error"]
    return answer.get("value")


def _seed(suffix: str) -> dict:
    """A draft workflow (added to a group: wait a day, opened an email? no: add to a group,
    end) and a profile that has opened nothing."""
    group = Group.objects.create(name=f"Trial {suffix}")
    profile = Profile.objects.create(email=f"tester-{suffix}@example.com")
    workflow = Workflow.objects.create(
        name=f"Nurture {suffix}",
        description="Follows up on trials",
        draft_definition={
            "trigger": {"id": "trigger", "kind": "groupAdded", "groupId": group.pk},
            "start": "s1",
            "steps": [
                {"id": "s1", "type": "wait", "delay": {"amount": 1, "unit": "days"}, "next": "s2"},
                {
                    "id": "s2",
                    "type": "condition",
                    "condition": {"kind": "activity", "activity": "emailOpened", "operator": "did"},
                    "yes": "s4",
                    "no": "s3",
                },
                {"id": "s3", "type": "addGroup", "groupIds": [group.pk], "next": "s4"},
                {"id": "s4", "type": "end"},
            ],
        },
    )
    return {"workflow": workflow.name, "email": profile.email, "group": group.pk}


def _sends() -> int:
    return Send.objects.count()


def test_dry_run_of_a_seeded_workflow_for_a_chosen_profile(page: Page, site):
    suffix = uuid.uuid4().hex[:8]
    seeded = _in_plain(_seed, suffix)
    sends = _in_plain(_sends)
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, plain, "admin@plain.example", next_path="/WorkflowTest")
    expect(page.get_by_role("heading", name="Workflow Test")).to_be_visible()
    expect(page.get_by_test_id("test-empty")).to_contain_text("Choose a workflow and a profile")
    expect(page.get_by_test_id("test-run")).to_be_disabled()
    expect_accessible(page, "workflow test before a run")

    page.get_by_role("combobox", name="Workflow", exact=True).fill(suffix)
    page.get_by_role("option", name=seeded["workflow"], exact=True).click()
    page.get_by_role("combobox", name="Profile (email)", exact=True).fill(f"tester-{suffix}")
    page.get_by_role("option", name=seeded["email"], exact=True).click()
    page.get_by_test_id("test-run").click()

    path = page.get_by_test_id("test-path")
    expect(path.get_by_test_id("test-step-type")).to_have_text(
        ["Wait", "Condition", "Add to group", "End"]
    )
    expect(path.get_by_test_id("test-step-outcome")).to_have_text(
        ["Waits", "No", "Would change", "Ends"]
    )
    expect(path.get_by_test_id("test-step-detail").nth(2)).to_have_text(
        f"addGroup {seeded['group']}"
    )
    expect(page.get_by_test_id("test-no-emails")).to_have_text("This path sends no email.")
    expect_accessible(page, "workflow test with its path")
    assert _in_plain(_sends) == sends  # a dry run: nothing is sent
