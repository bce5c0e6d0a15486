"""/workflowcampaignreport: a workflow's email steps with their sends, deliveries, opens,
clicks, bounces and unsubscribes, read from the per-step roll-ups a trigger keeps as the
events are written (tracking migration 0007), and the workflow's total."""

from marketing.tracking.models import EmailEvent, EventType, WorkflowEmailEventCount
from marketing.workflows.models import WorkflowEmail
from tests.support.http_api import foreign
from tests.support.tenants import in_schema
from tests.support.workflows import parts_in, workflow_published, workflow_row


def _events(step_id: int, rows: list[tuple[int, EventType, bool]]) -> None:
    EmailEvent.objects.bulk_create(
        EmailEvent(profile_id=pid, event_type=kind, machine=machine, workflow_step_id=step_id)
        for pid, kind, machine in rows
    )


def test_email_report(alpha, user_api):
    parts = parts_in(alpha)
    workflow = workflow_published(alpha, user_api, parts)
    row = workflow_row(alpha, workflow["id"])
    with in_schema(alpha):
        email = WorkflowEmail.objects.create(
            workflow=row, version=row.published_version, step_id="s1"
        )
        sent = [(pid, EventType.SENT, False) for pid in (1, 2, 3, 4)]
        _events(email.pk, sent)
        _events(email.pk, [
            (2, EventType.BOUNCED, False),  # a bounce notice after acceptance
            (5, EventType.BOUNCED, False),  # refused at SMTP: never accepted
            (1, EventType.OPENED, False), (1, EventType.OPENED, False),
            (3, EventType.OPENED, False), (4, EventType.OPENED, True),
            (1, EventType.CLICKED, False), (4, EventType.CLICKED, True),
            (3, EventType.UNSUBSCRIBED, False),
        ])  # fmt: skip
        EmailEvent.objects.create(profile_id=1, event_type=EventType.OPENED, campaign_id=7)
    answer = user_api.get(f"/api/mm/workflows/{workflow['id']}/emailReport")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["workflowId"], body["name"]) == (workflow["id"], "Welcome series")
    [step] = body["steps"]
    assert (step["stepId"], step["subject"], step["templateId"], step["versions"]) == (
        "s1", "Welcome", parts.template_id, [1],
    )  # fmt: skip
    figures = {k: step[k] for k in (
        "sent", "delivered", "opened", "clicked", "bounced", "unsubscribed", "complained",
        "machineOpens", "machineClicks")}  # fmt: skip
    assert figures == {"sent": 4, "delivered": 3, "opened": 2, "clicked": 1, "bounced": 2,
                       "unsubscribed": 1, "complained": 0, "machineOpens": 1,
                       "machineClicks": 1}  # fmt: skip
    rates = {k: step[k] for k in (
        "deliveredRate", "openRate", "clickRate", "bounceRate", "unsubscribeRate")}  # fmt: skip
    assert rates == {"deliveredRate": 75.0, "openRate": 66.67, "clickRate": 33.33,
                     "bounceRate": 40.0, "unsubscribeRate": 33.33}  # fmt: skip
    assert body["total"] == {k: v for k, v in step.items() if k in body["total"]}
    with in_schema(alpha):  # a roll-up, not a scan: a handful of rows per step
        assert WorkflowEmailEventCount.objects.filter(workflow_step_id=email.pk).count() == 7


def test_email_report_sums_versions_and_keeps_unsent_steps(alpha, user_api):
    parts = parts_in(alpha)
    workflow = workflow_published(alpha, user_api, parts)
    url = f"/api/mm/workflows/{workflow['id']}"
    row = workflow_row(alpha, workflow["id"])
    with in_schema(alpha):
        first = WorkflowEmail.objects.create(
            workflow=row, version=row.published_version, step_id="s1"
        )
        _events(first.pk, [(1, EventType.SENT, False)])
    assert user_api.patch(url, {"description": "Greets buyers"}).status_code == 200
    assert user_api.post(f"{url}/publish", {}).status_code == 200  # version 2
    row = workflow_row(alpha, workflow["id"])
    with in_schema(alpha):
        second = WorkflowEmail.objects.create(
            workflow=row, version=row.published_version, step_id="s1"
        )
        _events(second.pk, [(1, EventType.SENT, False), (2, EventType.SENT, False)])
    body = user_api.get(f"{url}/emailReport").json()
    assert [(s["stepId"], s["versions"], s["sent"]) for s in body["steps"]] == [("s1", [1, 2], 3)]
    assert body["total"]["sent"] == 3

    draft = user_api.post("/api/mm/workflows", {"name": "Only a draft"}).json()
    empty = user_api.get(f"/api/mm/workflows/{draft['id']}/emailReport").json()
    assert (empty["steps"], empty["total"]["sent"], empty["total"]["openRate"]) == ([], 0, 0.0)


def test_email_report_refusals(alpha, beta, user_api, nomkm_api, beta_api):
    parts = parts_in(alpha)
    workflow = workflow_published(alpha, user_api, parts)
    url = f"/api/mm/workflows/{workflow['id']}/emailReport"
    assert user_api.get("/api/mm/workflows/999999/emailReport").status_code == 404
    assert user_api.get("/api/mm/workflows/abc/emailReport").status_code == 404
    assert nomkm_api.get(url).status_code == 403
    assert foreign(beta_api, alpha).get(url).status_code == 403
    assert beta_api.get(url).status_code == 404
