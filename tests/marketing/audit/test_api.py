"""The Activity screen's API: the list (filters, sort, pages, the client's time zone), the
people in it, the CSV export; admins only, one client's trail only."""

import base64
import csv
import datetime
import io
from pathlib import Path

import pytest
from django.conf import settings

from core.audit.models import AuditLog
from marketing.activity.job_kinds import ACTIVITY_EXPORT
from marketing.activity.services.export_file import activity_export_write
from marketing.jobs.models import BackgroundJob, JobStatus
from tenants.messages import ACCESS_DENIED, NO_MKM_ACCESS
from tests.support.http_api import bearer, foreign, http
from tests.support.tenants import in_schema

ACTIVITY = "/api/mm/activity"
# A day of the past that nothing else in the test database records on.
DAY = "2001-03-01"
UTC = datetime.UTC

# Ids no real person has: other tests' sign-ins leave rows of real people in the trail.
ANN, ROBERT = 900_007, 900_008


def _at(day_hour: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(day_hour).replace(tzinfo=UTC)


def _row(tenant, when: str, **fields) -> int:
    values = {
        "event_type": "tag.created",
        "object_type": "tag",
        "path": "ui",
        "actor_id": ANN,
        "actor_email": "ann@alpha.example",
        **fields,
    }
    with in_schema(tenant):
        return AuditLog.objects.create(created_at=_at(when), **values).pk


@pytest.fixture
def trail(alpha):
    """Rows of alpha on 2001-03-01 and 02, New York time (alpha's zone, UTC-5 then)."""
    return {
        "early": _row(alpha, "2001-03-01T05:30", object_label="First", object_id=1),
        "tag": _row(alpha, "2001-03-01T15:00", object_label="=HYPERLINK(1)", object_id=2),
        "group": _row(
            alpha,
            "2001-03-01T16:00",
            event_type="group.created",
            object_type="group",
            actor_id=ROBERT,
            actor_email="bob@alpha.example",
            object_label="Leads",
            extra={"count": 2},
        ),
        # 22:00 on March 1st in New York, 03:00 on the 2nd in UTC.
        "late": _row(alpha, "2001-03-02T03:00", object_label="Late"),
        "next day": _row(alpha, "2001-03-02T15:00", object_label="Next"),
    }


def _ids(response) -> list[int]:
    assert response.status_code == 200, response.content
    return [item["id"] for item in response.json()["items"]]


def test_admin_reads_the_days_of_the_clients_time_zone_newest_first(admin_api, trail):
    response = admin_api.get(ACTIVITY, dateFrom=DAY, dateTo=DAY)
    assert _ids(response) == [trail["late"], trail["group"], trail["tag"], trail["early"]]
    body = response.json()
    assert (body["total"], body["timeZone"], body["page"], body["pageSize"]) == (
        4,
        "America/New_York",
        1,
        10,
    )
    late = body["items"][0]
    assert late["createdAt"].startswith("2001-03-02T03:00:00")
    assert late["createdAtLocal"] == "2001-03-01T22:00:00-05:00"
    group = body["items"][1]
    assert {key: group[key] for key in ("eventType", "eventLabel", "objectTypeLabel")} == {
        "eventType": "group.created",
        "eventLabel": "Group created",
        "objectTypeLabel": "Group",
    }
    assert (group["actorEmail"], group["pathLabel"], group["extra"]) == (
        "bob@alpha.example",
        "UI",
        {"count": 2},
    )
    assert _ids(admin_api.get(ACTIVITY, dateFrom="2001-03-02", dateTo="2001-03-02")) == [
        trail["next day"]
    ]


def test_filters_by_person_and_object_type_and_sorts(admin_api, trail):
    days = {"dateFrom": DAY, "dateTo": "2001-03-02"}
    assert _ids(admin_api.get(ACTIVITY, actorId=ROBERT, **days)) == [trail["group"]]
    assert _ids(admin_api.get(ACTIVITY, objectType="group", **days)) == [trail["group"]]
    tags = _ids(admin_api.get(ACTIVITY, objectType="tag", actorId=ANN, **days))
    assert tags == [trail["next day"], trail["late"], trail["tag"], trail["early"]]
    by_person = _ids(admin_api.get(ACTIVITY, sort="-actor", **days))
    assert by_person[0] == trail["group"]  # bob after ann, then the newest of ann's
    oldest_first = _ids(admin_api.get(ACTIVITY, sort="createdAt", **days))
    assert oldest_first == sorted(trail.values(), key=list(trail.values()).index)


def test_pages_through_the_trail(admin_api, trail):
    days = {"dateFrom": DAY, "dateTo": "2001-03-02"}
    second = admin_api.get(ACTIVITY, page=2, pageSize=10, **days).json()
    assert (second["total"], second["items"]) == (5, [])
    assert len(admin_api.get(ACTIVITY, pageSize=20, **days).json()["items"]) == 5


@pytest.mark.parametrize(
    "query,field",
    [
        ({"dateFrom": "2001-13-01"}, "dateFrom"),
        ({"dateTo": "yesterday"}, "dateTo"),
        ({"dateFrom": "0001-01-01"}, "dateFrom"),
        ({"dateFrom": "2001-03-02", "dateTo": "2001-03-01"}, "dateFrom"),
        ({"objectType": "campaignish"}, "objectType"),
        ({"sort": "password"}, "sort"),
        ({"actorId": "0"}, "actorId"),
        ({"actorId": str(2**63)}, "actorId"),
        ({"pageSize": "15"}, "pageSize"),
        ({"page": "0"}, "page"),
    ],
)
def test_bad_queries_are_refused_with_the_field(admin_api, query, field):
    response = admin_api.get(ACTIVITY, **query)
    assert response.status_code == 400, response.content
    assert field in response.json()["errors"]


def test_reversed_dates_say_why(admin_api):
    response = admin_api.get(ACTIVITY, dateFrom="2001-03-02", dateTo="2001-03-01")
    assert response.json()["message"] == "The start date must not be after the end date."


@pytest.mark.parametrize(
    "method,path",
    [("get", ACTIVITY), ("get", f"{ACTIVITY}/people"), ("post", f"{ACTIVITY}/export")],
)
def test_only_admins(alpha, user_api, nomkm_api, method, path):
    for api, message in ((user_api, ACCESS_DENIED), (nomkm_api, NO_MKM_ACCESS)):
        response = getattr(api, method)(path)
        assert (response.status_code, response.json()["message"]) == (403, message)
    assert getattr(http(alpha.host), method)(path).status_code == 401
    with in_schema(alpha):
        assert not BackgroundJob.objects.exists()


def test_another_clients_admin_gets_nothing_and_sees_only_their_trail(alpha, beta, beta_api, trail):
    response = foreign(beta_api, alpha).get(ACTIVITY)
    assert (response.status_code, response.json()["message"]) == (403, "Invalid Request")
    _row(beta, "2001-03-01T12:00", object_label="Beta's own")
    labels = [
        item["objectLabel"]
        for item in beta_api.get(ACTIVITY, dateFrom=DAY, dateTo="2001-03-02").json()["items"]
    ]
    assert labels == ["Beta's own"]


def test_people_who_acted_with_their_latest_email(admin_api, alpha, trail):
    _row(alpha, "2001-03-03T10:00", actor_id=ROBERT, actor_email="robert@alpha.example")
    _row(alpha, "2001-03-03T11:00", actor_id=None, actor_email="", path="system")
    response = admin_api.get(f"{ACTIVITY}/people")
    assert response.status_code == 200
    people = {person["id"]: person["email"] for person in response.json()["items"]}
    assert people[ANN] == "ann@alpha.example" and people[ROBERT] == "robert@alpha.example"
    assert None not in people


def test_an_api_change_is_recorded_as_the_signed_in_member_from_their_address(alpha, user_api):
    created = http(alpha.host).post(
        "/api/mm/tags",
        {"name": "From the API"},
        content_type="application/json",
        REMOTE_ADDR="10.20.30.40",
        HTTP_USER_AGENT="curl/8",
        **bearer(user_api.token),
    )
    assert created.status_code == 201, created.content
    in_page = http(alpha.host).post(
        "/api/mm/tags",
        {"name": "From the page"},
        content_type="application/json",
        HTTP_SEC_FETCH_SITE="same-origin",
        **bearer(user_api.token),
    )
    assert in_page.status_code == 201
    with in_schema(alpha):
        api_row = AuditLog.objects.get(object_label="From the API")
        page_row = AuditLog.objects.get(object_label="From the page")
    assert (api_row.actor_id, api_row.actor_email) == (alpha.user.pk, alpha.user.email)
    assert (api_row.path, api_row.client_address, api_row.user_agent) == (
        "api",
        "10.20.30.40",
        "curl/8",
    )
    assert (api_row.event_type, api_row.object_id) == ("tag.created", created.json()["id"])
    assert page_row.path == "ui"


# --- export -------------------------------------------------------------------------------


def test_admin_exports_the_filtered_trail_as_csv(alpha, admin_api, user_api, trail):
    response = admin_api.post(f"{ACTIVITY}/export", {"dateFrom": DAY, "dateTo": DAY})
    assert response.status_code == 202, response.content
    job_id = response.json()["jobId"]
    with in_schema(alpha):
        job = BackgroundJob.objects.get(pk=job_id)
        assert (job.kind, job.total, job.started_by_id) == (ACTIVITY_EXPORT, 4, alpha.admin.pk)
        started = AuditLog.objects.get(event_type="export.started", object_id=job_id)
        assert (started.actor_id, started.extra["kind"], started.extra["rows"]) == (
            alpha.admin.pk,
            ACTIVITY_EXPORT,
            4,
        )
    # Rows recorded after the export started are not in it.
    _row(alpha, "2001-03-01T18:00", object_label="After the start")
    with in_schema(alpha):
        result = activity_export_write(job_id)
        job.refresh_from_db()
    assert job.status == JobStatus.COMPLETED and job.succeeded == 4
    path = Path(settings.MEDIA_ROOT) / job.file_path
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert rows[0][:3] == ["Time (America/New_York)", "Person", "Event"]
    assert [row[0] for row in rows[1:]] == [
        "2001-03-01 22:00:00",
        "2001-03-01 11:00:00",
        "2001-03-01 10:00:00",
        "2001-03-01 00:30:00",
    ]
    assert rows[3][5] == "'=HYPERLINK(1)"  # formula neutralised
    assert rows[2][6] == '{"count": 2}'
    assert result["fileName"].endswith(".csv")

    download = {"filePath": f"jobs/{job_id}", "fileName": "activity.csv"}
    answer = admin_api.post("/api/downloadBase64", download)
    assert answer.status_code == 200
    assert base64.b64decode(answer.json()["data"]) == path.read_bytes()
    refused = user_api.post("/api/downloadBase64", download)
    assert (refused.status_code, refused.json()["message"]) == (403, ACCESS_DENIED)


def test_one_activity_export_at_a_time_and_never_past_the_limit(alpha, admin_api, trail):
    assert admin_api.post(f"{ACTIVITY}/export", {}).status_code == 202
    busy = admin_api.post(f"{ACTIVITY}/export", {})
    assert busy.status_code == 409
    with in_schema(alpha):
        BackgroundJob.objects.update(status=JobStatus.COMPLETED)
    settings.EXPORT_MAX_RECORDS, limit = 2, settings.EXPORT_MAX_RECORDS
    try:
        over = admin_api.post(f"{ACTIVITY}/export", {"dateFrom": DAY, "dateTo": DAY})
    finally:
        settings.EXPORT_MAX_RECORDS = limit
    assert over.status_code == 400 and "limited to 2 records" in over.json()["message"]
    bad = admin_api.post(f"{ACTIVITY}/export", {"objectType": "nope", "dateFrom": "2001-02-30"})
    assert bad.status_code == 400 and set(bad.json()["errors"]) == {"objectType", "dateFrom"}
