"""Error reports of imports: gated like the import, and fetched through single-use links
(a link a browser follows carries no header; a bearer token never rides in a URL)."""

from django.db import connection

from marketing.audience.services.imports.pipeline import import_run
from tests.marketing.audience.test_imports_api import upload
from tests.support.http_api import Api, http


def _import_with_errors(tenant, api, kind="subscribers") -> int:
    tenant.client.plan = None
    tenant.client.save()
    record = upload(tenant, api.token, content=b"email\nbad\nok@x.example\n", kind=kind).json()
    started = api.post(f"/api/mm/imports/{record['id']}/start", {"mapping": {"0": "emailId"}})
    assert started.status_code == 202, started.content
    connection.set_tenant(tenant.client)
    import_run(record["id"])
    connection.set_schema_to_public()
    return record["id"]


def test_an_error_report_link_works_once_for_its_own_path(alpha, admin_api):
    import_id = _import_with_errors(alpha, admin_api)
    link = admin_api.post(f"/api/mm/imports/{import_id}/errors/link")
    assert link.status_code == 200
    url = link.json()["url"]
    assert url.startswith(f"/api/mm/imports/{import_id}/errors?token=")
    token = url.split("token=", 1)[1]
    assert token != admin_api.token
    # the token serves nothing but that file
    assert http(alpha.host).get("/api/mm/profiles", {"token": token}).status_code == 301
    response = http(alpha.host).get(url)
    assert response.status_code == 200 and "sessionid" not in response.cookies
    assert b"The email address is not valid" in b"".join(response.streaming_content)
    assert http(alpha.host).get(url).status_code == 301  # once


def test_an_error_report_link_works_on_its_own_client_only(alpha, beta, admin_api):
    import_id = _import_with_errors(alpha, admin_api)
    url = admin_api.post(f"/api/mm/imports/{import_id}/errors/link").json()["url"]
    assert http(beta.host).get(url).status_code == 403
    assert http(alpha.host).get(url).status_code == 301  # spent by the attempt


def test_an_error_report_is_read_by_its_starter_or_an_admin(alpha, admin_api, user_api):
    import_id = _import_with_errors(alpha, admin_api)
    assert user_api.get(f"/api/mm/imports/{import_id}/errors").status_code == 403
    assert user_api.post(f"/api/mm/imports/{import_id}/errors/link").status_code == 403
    own = _import_with_errors(alpha, user_api)
    assert user_api.get(f"/api/mm/imports/{own}/errors").status_code == 200
    assert admin_api.get(f"/api/mm/imports/{own}/errors").status_code == 200


def test_an_unsubscriber_import_needs_enable_opt_outs(alpha, admin_api, user_api):
    assert upload(alpha, user_api.token, kind="unsubscribers").status_code == 403
    import_id = _import_with_errors(alpha, admin_api, kind="unsubscribers")
    admin_api.post("/api/updateAccessControl", {"action": "enableOptOuts", "userAccess": False})
    user = Api(alpha, alpha.user.email)
    assert (
        user.post(f"/api/mm/imports/{import_id}/start", {"mapping": {"0": "emailId"}}).status_code
        == 403
    )
