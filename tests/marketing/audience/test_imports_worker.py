"""One import end to end through the API, RabbitMQ and a real Celery worker process.

The worker is another process, so this test works on committed data (no rolled-back
transaction) and removes what it made at the end."""

from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection

from marketing.audience.models import Profile, ProfileImport
from marketing.audience.services.profile_indexes import profile_indexes_missing
from marketing.jobs.models import BackgroundJob
from tests.support.http_api import bearer, http, signed_in
from tests.support.waiting import poll

ROWS = 1000


def test_import_runs_in_the_real_worker(tenants, django_db_blocker, celery_worker):
    alpha = tenants["alpha"]
    content = (
        b"E-mail,First Name\n"
        + b"".join(f"worker{i}@x.example,W{i}\n".encode() for i in range(ROWS))
        + b"not-an-email,X\n"
    )
    with django_db_blocker.unblock():
        client = alpha.client
        client.refresh_from_db()
        plan = client.plan
        client.plan = None
        client.save()
        import_id = job_id = None
        try:
            _, token = signed_in(alpha.host, alpha.admin.email)
            browser = http(alpha.host)
            uploaded = browser.post(
                "/api/mm/imports",
                {"file": SimpleUploadedFile("w.csv", content, "text/csv")},
                **bearer(token),
            )
            assert uploaded.status_code == 201, uploaded.content
            import_id = uploaded.json()["id"]
            started = browser.post(
                f"/api/mm/imports/{import_id}/start",
                {"mapping": uploaded.json()["suggestedMapping"]},
                content_type="application/json",
                **bearer(token),
            )
            assert started.status_code == 202, started.content
            job_id = started.json()["jobId"]
            seen = []

            def job_now():
                job = browser.get(f"/api/mm/jobs/{job_id}", **bearer(token)).json()
                seen.append(job["progress"])
                return job

            job = poll(
                job_now,
                lambda job: job["status"] in ("Completed", "Failed", "Cancelled"),
                timeout=90,
                message="the import job ends",
                interval=0.1,
            )
            assert job["status"] == "Completed", job
            assert job["progress"] == 100 and job["processed"] == ROWS + 1
            assert seen == sorted(seen)
            detail = browser.get(f"/api/mm/imports/{import_id}", **bearer(token)).json()
            assert (detail["rowsInserted"], detail["rowsInvalid"]) == (ROWS, 1)
            connection.set_tenant(client)
            assert Profile.objects.filter(email__startswith="worker").count() == ROWS
            assert Profile.objects.get(email="worker7@x.example").first_name == "W7"
            assert profile_indexes_missing() == []  # built again after the bulk apply
        finally:
            connection.set_tenant(client)
            Profile.objects.filter(email__startswith="worker").delete()
            ProfileImport.objects.filter(pk=import_id).delete()
            BackgroundJob.objects.filter(pk=job_id).delete()
            connection.set_schema_to_public()
            client.plan = plan
            client.save()


def test_start_enqueues_the_task_on_commit(alpha, monkeypatch, django_capture_on_commit_callbacks):
    # (Also makes pytest-django create the test database when this file runs alone: the
    # worker test above takes no `db` transaction.)
    from core import tasks
    from marketing.audience.services.imports import import_start, import_upload
    from marketing.audience.services.imports.reading import text_chunks

    sent = []
    monkeypatch.setattr(tasks, "task_send", lambda name, kwargs, _: sent.append((name, kwargs)))
    connection.set_tenant(alpha.client)
    content = b"email\na@x.example\n"
    record, _ = import_upload(
        name="a.csv", size=len(content), chunks=text_chunks(content), kind="subscribers"
    )
    with django_capture_on_commit_callbacks(execute=True):
        import_start(import_id=record.pk, mapping={"0": "emailId"})
        assert sent == []
    assert sent == [("audience.profile_import_run", {"import_id": record.pk})]


def test_an_xlsx_upload_is_read_by_the_real_worker(tenants, django_db_blocker, celery_worker):
    from tests.support.xlsx import xlsx_bytes

    alpha = tenants["alpha"]
    content = xlsx_bytes([["E-mail", "First Name"], ["xlsx-worker@x.example", "X"]])
    with django_db_blocker.unblock():
        import_id = None
        try:
            _, token = signed_in(alpha.host, alpha.admin.email)
            browser = http(alpha.host)
            uploaded = browser.post(
                "/api/mm/imports",
                {"file": SimpleUploadedFile("w.xlsx", content)},
                **bearer(token),
            )
            assert uploaded.status_code == 201, uploaded.content
            import_id = uploaded.json()["id"]
            assert uploaded.json()["inspection"] == "pending"
            inspection = poll(
                lambda: browser.get(
                    f"/api/mm/imports/{import_id}/inspection", **bearer(token)
                ).json(),
                lambda inspection: inspection["inspection"] != "pending",
                timeout=60,
                message="the worker reads the upload",
                interval=0.1,
            )
            assert inspection["inspection"] == "ready", inspection
            assert inspection["headers"] == ["E-mail", "First Name"]
            assert inspection["sample"] == [["xlsx-worker@x.example", "X"]]
            assert inspection["suggestedMapping"] == {"0": "emailId", "1": "firstName"}
        finally:
            connection.set_tenant(alpha.client)
            ProfileImport.objects.filter(pk=import_id).delete()
            connection.set_schema_to_public()
