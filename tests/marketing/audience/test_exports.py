"""Profile export job, downloadBase64 confinement, postDownloadReportMetrics."""

import base64
import csv
import io
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from core.errors import ValidationFailed
from marketing.audience.models import Group, Profile, ProfileGroup
from marketing.audience.services.exports import export_run, export_start
from marketing.jobs.files import confine, csv_safe
from marketing.jobs.models import BackgroundJob, JobStatus
from tests.support.http_api import Api, signed_in


def test_csv_safe_neutralises_formulas():
    for value in ("=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"):
        assert csv_safe(value) == "'" + value
    assert csv_safe("plain") == "plain" and csv_safe(None) == ""


def test_export_writes_filtered_escaped_csv(in_alpha):
    group = Group.objects.create(name="G")
    ann = Profile.objects.create(email="ann@x.example", first_name="=cmd|' /C calc'!A0")
    Profile.objects.create(email="bob@x.example", first_name="Bob")
    Profile.objects.create(email="gone@x.example", deleted_at="2024-01-01T00:00:00Z")
    ProfileGroup.objects.create(profile=ann, group=group)
    job = export_start(filters={"group_id": group.pk})
    result = export_run(job.pk)
    job.refresh_from_db()
    assert job.file_path.startswith("alpha/exports/") and result["fileName"].endswith(".csv")
    assert "filePath" not in job.result  # what a browser sees never names the path
    rows = list(csv.reader(io.StringIO((Path(settings.MEDIA_ROOT) / job.file_path).read_text())))
    assert rows[0][0] == "Email" and len(rows) == 2
    assert rows[1][:2] == ["ann@x.example", "'=cmd|' /C calc'!A0"]
    job.refresh_from_db()
    assert job.status == JobStatus.COMPLETED and job.result == result and job.progress == 100
    # all active profiles, not the deleted one
    everything = export_start(filters={})
    export_run(everything.pk)
    everything.refresh_from_db()
    text = (Path(settings.MEDIA_ROOT) / everything.file_path).read_text()
    assert "bob@x.example" in text and "gone@x.example" not in text


def test_export_limit_and_bad_filters(in_alpha, settings):
    Profile.objects.create(email="a@x.example")
    Profile.objects.create(email="b@x.example")
    settings.EXPORT_MAX_RECORDS = 1
    with pytest.raises(ValidationFailed, match="limited to 1 records"):
        export_start(filters={})
    with pytest.raises(ValidationFailed):
        export_start(filters={"status": "weird"})
    assert not BackgroundJob.objects.exists()


def test_confine_rejects_paths_outside_the_client_prefix(in_alpha):
    for bad in (
        "../alpha/x.csv",
        "alpha/../beta/x.csv",
        "/etc/passwd",
        "beta/exports/x.csv",
        "alpha",
        "",
        "alpha/exports/..\\..\\x",
        "alpha/\x00x",
    ):
        with pytest.raises(ValidationFailed):
            confine(bad)
    root = Path(settings.MEDIA_ROOT)
    (root / "alpha" / "exports").mkdir(parents=True, exist_ok=True)
    (root / "beta").mkdir(parents=True, exist_ok=True)
    link = root / "alpha" / "exports" / "sneaky"
    if not link.exists():
        link.symlink_to(root / "beta")
    with pytest.raises(ValidationFailed):
        confine("alpha/exports/sneaky/x.csv")


def test_export_api_roles_download_and_metrics(alpha, beta, admin_api):
    connection.set_tenant(alpha.client)
    Profile.objects.create(email="a@x.example", first_name="-2+3")
    connection.set_schema_to_public()
    started = admin_api.post("/api/mm/exports/profiles", {"status": "active"})
    assert started.status_code == 202, started.content
    job_id = started.json()["jobId"]
    assert admin_api.post("/api/mm/exports/profiles", {}).status_code == 409
    connection.set_tenant(alpha.client)
    result = export_run(job_id)
    connection.set_schema_to_public()
    job = admin_api.get(f"/api/mm/jobs/{job_id}").json()
    assert job["result"] == result and job["status"] == "Completed"
    assert job["fileId"] == f"jobs/{job_id}" and "alpha/" not in str(job)
    file = {"filePath": job["fileId"], "fileName": "mine.csv"}
    download = admin_api.post("/api/downloadBase64", file)
    assert download.status_code == 200
    data = base64.b64decode(download.json()["data"]).decode()
    assert "a@x.example,'-2+3" in data and download.json()["status"] == 1
    assert download.json()["fileName"] == "mine.csv"
    # a path is not a file id, whatever it names
    for path in ("../x", "alpha/exports/none.csv", "jobs/../../x", "jobs/99999", "jobs/1e3"):
        answer = admin_api.post("/api/downloadBase64", {"filePath": path})
        assert answer.status_code == 404, path
    assert admin_api.post("/api/downloadBase64", {}).status_code == 400
    metrics = admin_api.post("/api/postDownloadReportMetrics", {"key": "profiles"})
    assert metrics.status_code == 200 and metrics.json() == {"status": 1}
    assert admin_api.post("/api/postDownloadReportMetrics", {}).status_code == 400
    # USER lacks exportProfiles
    user = Api(alpha, alpha.user.email)
    assert user.post("/api/mm/exports/profiles", {}).status_code == 403
    assert admin_api.post("/api/mm/exports/profiles", {"status": "weird"}).status_code == 400
    # beta's token on alpha; beta cannot read alpha's file through its own host
    _, beta_token = signed_in(beta.host, beta.admin.email)
    beta_api = Api.__new__(Api)
    beta_api.token, beta_api.host = beta_token, alpha.host
    assert beta_api.post("/api/mm/exports/profiles", {}).status_code == 403
    assert beta_api.post("/api/downloadBase64", file).status_code == 403
    beta_api.host = beta.host
    assert beta_api.post("/api/downloadBase64", file).status_code == 404


def test_a_download_is_gated_like_the_export_that_made_it(alpha, admin_api):
    """Finding 3: a USER refused exportProfiles read an admin's export by its path."""
    started = admin_api.post("/api/mm/exports/profiles", {})
    job_id = started.json()["jobId"]
    connection.set_tenant(alpha.client)
    export_run(job_id)
    connection.set_schema_to_public()
    file = {"filePath": f"jobs/{job_id}", "fileName": "x.csv"}
    user = Api(alpha, alpha.user.email)
    listed = user.get("/api/mm/jobs").json()["items"]
    assert all("filePath" not in job["result"] for job in listed)
    assert user.post("/api/downloadBase64", file).status_code == 403
    # Given exportProfiles, a USER still reads only the files they made.
    admin_api.post("/api/updateAccessControl", {"action": "exportProfiles", "userAccess": True})
    assert user.post("/api/downloadBase64", file).status_code == 403
    mine = user.post("/api/mm/exports/profiles", {"search": "nobody"}).json()["jobId"]
    connection.set_tenant(alpha.client)
    export_run(mine)
    connection.set_schema_to_public()
    own = user.post("/api/downloadBase64", {"filePath": f"jobs/{mine}"})
    assert own.status_code == 200
