"""An .xlsx upload is stored and answered at once; the worker reads it (the task
audience.import_inspect) and the wizard polls GET /mm/imports/{id}/inspection."""

import hashlib
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection

from marketing.audience.messages import STILL_READING
from marketing.audience.models import InspectionStatus, ProfileImport
from marketing.audience.services.imports import import_inspect, import_start, import_upload, reading
from marketing.audience.services.imports.reading import text_chunks
from tests.support.http_api import bearer, http, signed_in
from tests.support.xlsx import xlsx_bytes

ROWS = [
    ["Email", "First Name", "Zip"],
    ["ann@x.example", "Ann", 12345],
    ["bob@x.example", "Bob", 1],
]
XLSX = xlsx_bytes(ROWS)


def post_upload(tenant, token, content=XLSX, name="people.xlsx"):
    return http(tenant.host).post(
        "/api/mm/imports", {"file": SimpleUploadedFile(name, content)}, **bearer(token)
    )


class NoParsing:
    """Stands in for python-calamine and the zip check: the request must call neither."""

    calls: list = []

    @classmethod
    def from_path(cls, path):
        cls.calls.append(("calamine", path))
        raise AssertionError("the web request parsed the workbook")


@pytest.fixture
def no_parsing(monkeypatch):
    import python_calamine

    NoParsing.calls = []
    monkeypatch.setattr(python_calamine, "CalamineWorkbook", NoParsing)
    monkeypatch.setattr(reading, "check_zip", lambda path: NoParsing.calls.append(("zip", path)))
    return NoParsing.calls


@pytest.fixture
def sent(monkeypatch):
    """The inspections sent (by name, on commit: core.tasks.enqueue_on_commit)."""
    from core import tasks

    messages = []

    def send(name, kwargs, headers):
        assert name == "audience.import_inspect"
        messages.append((kwargs["import_id"],))

    monkeypatch.setattr(tasks, "task_send", send)
    return messages


def test_an_xlsx_upload_answers_before_parsing_and_sends_the_inspection(
    alpha, no_parsing, sent, django_capture_on_commit_callbacks
):
    _, token = signed_in(alpha.host, alpha.admin.email)
    with django_capture_on_commit_callbacks(execute=True):
        response = post_upload(alpha, token)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["inspection"] == "pending" and body["inspectionError"] == ""
    assert (body["headers"], body["sample"], body["suggestedMapping"]) == ([], [], {})
    assert {"key": "emailId", "label": "Email", "required": True} in body["fields"]
    assert no_parsing == []
    assert sent == [(body["id"],)]
    connection.set_tenant(alpha.client)
    record = ProfileImport.objects.get(pk=body["id"])
    assert record.inspection == InspectionStatus.PENDING
    assert record.file_sha256 == hashlib.sha256(XLSX).hexdigest()
    assert (Path(settings.MEDIA_ROOT) / record.file_path).read_bytes() == XLSX


def test_the_task_inspects_the_upload_and_the_poll_shows_it(alpha, sent):
    _, token = signed_in(alpha.host, alpha.admin.email)
    import_id = post_upload(alpha, token).json()["id"]
    poll = http(alpha.host).get(f"/api/mm/imports/{import_id}/inspection", **bearer(token))
    assert poll.status_code == 200 and poll.json()["inspection"] == "pending"
    from marketing.audience.tasks import import_inspect_run

    connection.set_tenant(alpha.client)
    import_inspect_run.apply(args=[import_id], throw=True)
    connection.set_tenant(alpha.client)
    record = ProfileImport.objects.get(pk=import_id)
    assert record.inspection == InspectionStatus.READY
    assert record.headers == ["Email", "First Name", "Zip"]
    assert record.rows_total == 2
    connection.set_schema_to_public()
    body = http(alpha.host).get(f"/api/mm/imports/{import_id}/inspection", **bearer(token)).json()
    assert body == {
        "id": import_id,
        "kind": "subscribers",
        "fileName": "people.xlsx",
        "inspection": "ready",
        "inspectionError": "",
        "headers": ["Email", "First Name", "Zip"],
        "sample": [["ann@x.example", "Ann", "12345"], ["bob@x.example", "Bob", "1"]],
        "suggestedMapping": {"0": "emailId", "1": "firstName", "2": "zipCode"},
        "fields": body["fields"],
    }
    started = http(alpha.host).post(
        f"/api/mm/imports/{import_id}/start",
        {"mapping": body["suggestedMapping"]},
        content_type="application/json",
        **bearer(token),
    )
    assert started.status_code == 202, started.content


def test_an_unreadable_workbook_fails_its_inspection_with_the_reason(in_alpha, sent):
    content = b"PK\x03\x04" + b"not really a zip" * 10
    record, extra = import_upload(
        name="bad.xlsx", size=len(content), chunks=text_chunks(content), kind="subscribers"
    )
    assert extra["inspection"] == "pending"
    import_inspect(record.pk)
    record.refresh_from_db()
    assert record.inspection == InspectionStatus.FAILED
    assert record.inspection_error == "The file is not a valid .xlsx workbook."
    assert not (Path(settings.MEDIA_ROOT) / record.file_path).exists()
    with pytest.raises(Exception, match="not a valid .xlsx") as refused:
        import_start(import_id=record.pk, mapping={"0": "emailId"}, enqueue=False)
    assert refused.value.errors == {"file": ["The file is not a valid .xlsx workbook."]}


def test_an_import_cannot_start_before_its_file_is_read(in_alpha, sent):
    record, _ = import_upload(
        name="people.xlsx", size=len(XLSX), chunks=text_chunks(XLSX), kind="subscribers"
    )
    with pytest.raises(Exception, match=STILL_READING):
        import_start(import_id=record.pk, mapping={"0": "emailId"}, enqueue=False)
    record.refresh_from_db()
    assert record.job_id is None


def test_the_inspection_runs_once(in_alpha, sent, monkeypatch):
    record, _ = import_upload(
        name="people.xlsx", size=len(XLSX), chunks=text_chunks(XLSX), kind="subscribers"
    )
    assert import_inspect(record.pk) is not None
    monkeypatch.setattr(reading, "check_zip", lambda path: pytest.fail("inspected twice"))
    assert import_inspect(record.pk) is None  # a redelivered message
    assert import_inspect(10**9) is None  # an import deleted meanwhile


def test_a_csv_upload_is_still_read_in_the_request(alpha, sent):
    _, token = signed_in(alpha.host, alpha.admin.email)
    response = post_upload(alpha, token, b"email\na@x.example\n", "people.csv")
    assert response.status_code == 201
    assert response.json()["inspection"] == "ready"
    assert response.json()["sample"] == [["a@x.example"]]
    assert sent == []


def test_a_file_that_is_not_a_zip_is_refused_at_once(alpha, sent):
    _, token = signed_in(alpha.host, alpha.admin.email)
    response = post_upload(alpha, token, b"this is not a zip", "people.xlsx")
    assert response.status_code == 400
    assert response.json()["message"] == "The file is not a valid .xlsx workbook."
    assert sent == []


def test_only_the_uploader_or_an_admin_sees_the_inspection(alpha, sent):
    _, user_token = signed_in(alpha.host, alpha.user.email)
    import_id = post_upload(alpha, user_token).json()["id"]
    _, admin_token = signed_in(alpha.host, alpha.admin.email)
    admin_upload = post_upload(alpha, admin_token).json()["id"]
    path = "/api/mm/imports/{}/inspection"
    assert http(alpha.host).get(path.format(import_id), **bearer(user_token)).status_code == 200
    assert http(alpha.host).get(path.format(import_id), **bearer(admin_token)).status_code == 200
    assert http(alpha.host).get(path.format(admin_upload), **bearer(user_token)).status_code == 403
    assert http(alpha.host).get(path.format(10**9), **bearer(admin_token)).status_code == 404


@pytest.mark.parametrize("ending", ["\n", "\r\n", ""])
def test_a_csv_of_30_rows_lists_30_rows_whatever_its_last_line_ends_with(tmp_path, ending):
    """The header line is no row: the upload's row count, shown before the import, said 31
    for a 30-row file (issue 23)."""
    lines = ["Email,First Name", *(f"p{n}@mail.example,P{n}" for n in range(30))]
    data = (ending or "\n").join(lines).encode() + ending.encode()
    inspection = reading.inspect_text(text_chunks(data), tmp_path / "people.csv")
    assert inspection.rows_estimate == 30
