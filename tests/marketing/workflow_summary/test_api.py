"""The summary-notification API: create, read, change, pause and delete a schedule, the
digests sent, the signed public page's data; bad input in the messages' words; roles;
another client."""

import time

from django.core import signing

from marketing.workflows.models import TriggerType, Workflow, WorkflowStatus
from marketing.workflows.summary import links
from marketing.workflows.summary.digests import summary_digest_send
from tests.support.http_api import foreign, http
from tests.support.tenants import in_schema
from tests.support.workflow_summary import activity_make, summary_due_now, summary_make

BASE = "/api/mm/summaryNotifications"
BODY = {
    "name": "Weekly numbers",
    "description": "The week so far, for the owners",
    "frequency": "Week",
    "weekdays": [1, 5],
    "sendTime": "08:15",
    "period": "week",
    "recipients": ["owner@agency.example"],
}


def _put(api, path, body):
    return api._call("put", path, body)


def test_create_list_change_pause_delete(alpha, admin_api, user_api):
    created = admin_api.post(BASE, BODY)
    assert created.status_code == 201, created.content
    summary = created.json()
    assert summary["name"] == "Weekly numbers" and summary["status"] == "Published"
    assert (summary["frequency"], summary["weekdays"]) == ("Week", [1, 5])
    assert summary["sendTime"] == "08:15"
    assert summary["timeZone"] == "America/New_York"
    assert summary["nextDueAt"].endswith(("-05:00", "-04:00"))
    assert "T08:15:00" in summary["nextDueAt"]
    with in_schema(alpha):
        workflow = Workflow.objects.get(pk=summary["workflowId"])
        assert workflow.trigger_type == TriggerType.SUMMARY_NOTIFICATION
        assert workflow.draft_definition["trigger"]["weekdays"] == [1, 5]
    sid = summary["id"]
    listed = user_api.get(BASE)
    assert listed.status_code == 200 and [s["id"] for s in listed.json()["items"]] == [sid]
    assert user_api.get(f"{BASE}/{sid}").json()["period"] == "week"
    monthly = {**BODY, "frequency": "Month", "monthDayMode": "customised", "monthDays": [25, 1]}
    changed = _put(admin_api, f"{BASE}/{sid}", monthly)
    assert changed.status_code == 200, changed.content
    assert (changed.json()["monthDays"], changed.json()["weekdays"]) == ([1, 25], [])
    paused = _put(admin_api, f"{BASE}/{sid}", {**monthly, "active": False}).json()
    assert (paused["status"], paused["nextDueAt"]) == ("Unpublished", None)
    assert admin_api.delete(f"{BASE}/{sid}").status_code == 204
    assert user_api.get(f"{BASE}/{sid}").status_code == 404
    assert user_api.get(BASE).json()["total"] == 0
    with in_schema(alpha):
        assert Workflow.objects.get(pk=summary["workflowId"]).status == WorkflowStatus.DELETE


def test_bad_input_names_each_field(alpha, admin_api):
    empty = admin_api.post(BASE, {})
    assert empty.status_code == 400
    assert empty.json()["errors"] == {
        "name": ["Please fill Workflow Name"],
        "description": ["Please fill Description"],
        "frequency": ["Please select how often the summary is sent (Day, Week or Month)."],
        "period": ["Please select the period the summary covers (today, week, month or quarter)."],
        "recipients": ["Please enter at least one recipient email."],
    }
    cases = [
        ({"weekdays": []}, "weekdays", "Please select at least one weekday."),
        ({"weekdays": [7]}, "weekdays", "Weekdays are 0 (Sunday) to 6 (Saturday)."),
        ({"recipients": ["a@agency.example", "nope"]}, "recipients", "Please enter valid Email ID"),
        ({"frequency": "Month", "monthDays": [32]}, "monthDays", "Days of the month are 1 to 31."),
        ({"frequency": "Month"}, "monthDays", "Please select at least one day of the month."),
        (
            {"frequency": "Month", "monthDayMode": "customised", "monthDays": [3]},
            "monthDays",
            "Customised days are the 1st, 2nd, 5th, 10th, 15th, 20th or 25th.",
        ),
        ({"frequency": "Hourly"}, "frequency", None),
        ({"period": "year"}, "period", None),
    ]
    for change, field, message in cases:
        answer = admin_api.post(BASE, {**BODY, **change})
        assert answer.status_code == 400, (change, answer.content)
        assert field in answer.json()["errors"], change
        if message:
            assert answer.json()["errors"][field] == [message]
    wrong_time = admin_api.post(BASE, {**BODY, "sendTime": "25:00"})
    assert wrong_time.status_code == 400
    assert admin_api.post(BASE, BODY).status_code == 201
    taken = admin_api.post(BASE, {**BODY, "name": "WEEKLY numbers"})
    assert taken.json()["errors"] == {"name": ["A workflow with this name already exists."]}


def test_roles(alpha, admin_api, user_api, nomkm_api):
    sid = admin_api.post(BASE, BODY).json()["id"]
    # a user reads; only admins set where the client's figures are mailed
    assert user_api.get(BASE).status_code == 200
    assert user_api.get("/api/mm/summaryNotificationCampaigns").status_code == 200
    assert user_api.post(BASE, {**BODY, "name": "Other"}).status_code == 403
    assert _put(user_api, f"{BASE}/{sid}", BODY).status_code == 403
    assert user_api.delete(f"{BASE}/{sid}").status_code == 403
    assert nomkm_api.get(BASE).status_code == 403
    assert nomkm_api.get("/api/mm/summaryNotificationCampaigns").status_code == 403
    assert http(alpha.host).get(BASE).status_code == 401


def test_another_client(alpha, beta, admin_api, beta_api):
    sid = admin_api.post(BASE, BODY).json()["id"]
    assert foreign(beta_api, alpha).get(BASE).status_code == 403
    assert foreign(beta_api, alpha).post(BASE, BODY).status_code == 403
    assert beta_api.get(f"{BASE}/{sid}").status_code == 404
    assert _put(beta_api, f"{BASE}/{sid}", BODY).status_code == 404
    assert beta_api.delete(f"{BASE}/{sid}").status_code == 404
    assert beta_api.get(BASE).json()["total"] == 0


def _digest(alpha):
    with in_schema(alpha):
        activity_make()
        notification = summary_make()
        summary_due_now(notification)
        from marketing.workflows.summary.models import SummaryDigest

        digest = SummaryDigest.objects.get(pk=summary_digest_send(notification.pk))
        return digest, links.summary_token(digest)


def test_sent_digests_and_their_public_page(alpha, beta, user_api, beta_api, monkeypatch):
    digest, token = _digest(alpha)
    history = user_api.get("/api/mm/summaryNotificationCampaigns")
    assert history.status_code == 200
    [row] = history.json()["items"]
    assert row["name"] == "Daily numbers" and row["subject"] == "Alpha: your daily summary"
    assert row["figures"]["opens"] == 4 and row["deliveryStatus"] == "sending"
    assert row["recipients"] == ["boss@agency.example", "owner@agency.example"]
    assert beta_api.get("/api/mm/summaryNotificationCampaigns").json()["total"] == 0
    by_schedule = user_api.get(
        "/api/mm/summaryNotificationCampaigns", notificationId=digest.notification_id + 1
    )
    assert by_schedule.json()["total"] == 0
    # the public page: no sign-in, the link's token only
    page = http(alpha.host).get("/api/external/summaryNotificationData", {"token": token})
    assert page.status_code == 200, page.content
    data = page.json()
    assert data["name"] == "Daily numbers" and data["clientName"] == "Alpha"
    assert data["figures"] == digest.figures and data["crm"] == {}
    refused = "This summary link is invalid or has expired."
    for host, sent in (
        (beta.host, token),  # another client's host
        (alpha.host, token[:-2] + "xx"),  # forged
        (alpha.host, ""),
    ):
        answer = http(host).get("/api/external/summaryNotificationData", {"token": sent})
        assert answer.status_code == 400 and answer.json()["message"] == refused
    later = time.time() + (links.SUMMARY_LINK_DAYS + 1) * 86400
    monkeypatch.setattr(signing.time, "time", lambda: later)
    expired = http(alpha.host).get("/api/external/summaryNotificationData", {"token": token})
    assert expired.status_code == 400 and expired.json()["message"] == refused


def test_summary_notifications_stay_out_of_the_workflow_screens(alpha, admin_api):
    """A summary notification is a workflow (it counts toward the plan limit), but its
    schedule is no canvas definition: the workflow list, builder and analytics leave it
    to /summaryNotifications instead of failing on it."""
    sid = admin_api.post(BASE, BODY).json()["id"]
    listed = admin_api.get("/api/mm/workflows")
    assert listed.status_code == 200, listed.content
    assert BODY["name"] not in [row["name"] for row in listed.json()["items"]]
    analytics = admin_api.get("/api/mm/workflows/analytics")
    assert analytics.status_code == 200, analytics.content
    assert BODY["name"] not in str(analytics.json())
    workflow_id = admin_api.get(f"{BASE}/{sid}").json()["workflowId"]
    opened = admin_api.get(f"/api/mm/workflows/{workflow_id}")
    assert opened.status_code == 404
    assert opened.json() == {
        "message": "This workflow is a summary notification: it is edited on Summary "
        "Notifications.",
        "errors": {"screen": ["/summaryNotifications"]},
    }
    assert admin_api.get("/api/mm/workflows/999999").json()["message"] == "Workflow not found."
