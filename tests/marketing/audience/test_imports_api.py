"""Import endpoints: success, bad input, roles, tenants."""

from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection

from marketing.audience.models import ProfileImport
from tests.support.http_api import bearer, http, signed_in

CSV = b"Email,First Name\na@x.example,Ann\nb@x.example,Bob\n"


def upload(tenant, token, content=CSV, name="people.csv", kind="subscribers"):
    return http(tenant.host).post(
        "/api/mm/imports",
        {"file": SimpleUploadedFile(name, content, "text/csv"), "kind": kind},
        **bearer(token),
    )


def test_upload_start_list_detail(alpha, admin_api):
    alpha.client.plan = None
    alpha.client.save()
    response = upload(alpha, admin_api.token)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["headers"] == ["Email", "First Name"]
    assert body["sample"] == [["a@x.example", "Ann"], ["b@x.example", "Bob"]]
    assert body["suggestedMapping"] == {"0": "emailId", "1": "firstName"}
    started = admin_api.post(
        f"/api/mm/imports/{body['id']}/start", {"mapping": body["suggestedMapping"]}
    )
    assert started.status_code == 202, started.content
    job_id = started.json()["jobId"]
    detail = admin_api.get(f"/api/mm/imports/{body['id']}")
    assert detail.status_code == 200
    assert detail.json()["jobId"] == job_id and detail.json()["status"] == "Pending"
    listing = admin_api.get("/api/mm/imports", kind="subscribers")
    assert listing.json()["total"] == 1 and listing.json()["items"][0]["id"] == body["id"]
    again = admin_api.post(
        f"/api/mm/imports/{body['id']}/start", {"mapping": body["suggestedMapping"]}
    )
    assert again.status_code == 400
    second = upload(alpha, admin_api.token).json()
    conflict = admin_api.post(
        f"/api/mm/imports/{second['id']}/start", {"mapping": {"0": "emailId"}}
    )
    assert conflict.status_code == 409
    assert conflict.json()["message"] == (
        "An existing background job is present for the current operation, "
        "please try after some time"
    )


def test_user_role_may_import(alpha):
    _, token = signed_in(alpha.host, alpha.user.email)
    assert upload(alpha, token).status_code == 201


def test_bad_input(alpha, admin_api):
    bad = upload(alpha, admin_api.token, name="people.pdf")
    assert bad.status_code == 400
    assert bad.json()["errors"]["file"] == [bad.json()["message"]]
    assert "extension must be supported" in bad.json()["message"]
    assert upload(alpha, admin_api.token, content=b"email\n").status_code == 400
    assert upload(alpha, admin_api.token, kind="everyone").status_code == 400
    missing = http(alpha.host).post("/api/mm/imports", {}, **bearer(admin_api.token))
    assert missing.status_code == 400
    record = upload(alpha, admin_api.token).json()
    unmapped = admin_api.post(
        f"/api/mm/imports/{record['id']}/start", {"mapping": {"1": "firstName"}}
    )
    assert unmapped.status_code == 400
    assert unmapped.json()["message"] == "The email address must be mapped."
    assert admin_api.get("/api/mm/imports", pageSize=15).status_code == 400
    assert admin_api.get("/api/mm/imports/999999").status_code == 404
    assert admin_api.get(f"/api/mm/imports/{record['id']}/errors").status_code == 404


def test_no_marketing_access_and_signed_out(alpha):
    _, token = signed_in(alpha.host, alpha.no_mkm.email)
    assert upload(alpha, token).status_code == 403
    assert http(alpha.host).get("/api/mm/imports").status_code == 401


def test_wrong_tenant(alpha, beta):
    _, beta_token = signed_in(beta.host, beta.admin.email)
    assert upload(alpha, beta_token).status_code == 403
    record = upload(beta, beta_token).json()
    connection.set_tenant(alpha.client)
    assert not ProfileImport.objects.filter(pk=record["id"]).exists()
    connection.set_schema_to_public()
    _, alpha_token = signed_in(alpha.host, alpha.admin.email)
    alpha_http = http(alpha.host)
    assert (
        alpha_http.get(f"/api/mm/imports/{record['id']}", **bearer(alpha_token)).status_code == 404
    )
    start = alpha_http.post(
        f"/api/mm/imports/{record['id']}/start",
        {"mapping": {"0": "emailId"}},
        content_type="application/json",
        **bearer(alpha_token),
    )
    assert start.status_code == 404


def test_errors_csv_download(alpha, admin_api):
    from marketing.audience.services.imports.pipeline import import_run

    alpha.client.plan = None
    alpha.client.save()
    record = upload(alpha, admin_api.token, content=b"email\nbad\nok@x.example\n").json()
    admin_api.post(f"/api/mm/imports/{record['id']}/start", {"mapping": {"0": "emailId"}})
    connection.set_tenant(alpha.client)
    import_run(record["id"])
    connection.set_schema_to_public()
    response = admin_api.get(f"/api/mm/imports/{record['id']}/errors")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    body = b"".join(response.streaming_content).decode("utf-8-sig")
    assert "2,bad,The email address is not valid" in body
    assert admin_api.get(f"/api/mm/imports/{record['id']}").json()["hasErrors"] is True
