from django.test import override_settings

from tenants.messages import UNKNOWN_WEBSITE
from tests.support.http_api import bearer, http, signed_in


def test_malformed_json_answers_400_in_the_error_shape(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    response = http(alpha.host).post(
        "/api/updateAccessControl", "{not json", content_type="application/json", **bearer(token)
    )
    assert response.status_code == 400
    assert set(response.json()) == {"message", "errors"}


def test_wrong_types_answer_400_with_field_errors(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    response = http(alpha.host).post(
        "/api/UpdateCurrentWebsiteID",
        {"websiteID": "abc"},
        content_type="application/json",
        **bearer(token),
    )
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["websiteID"]


def test_current_website_is_kept_in_the_session(alpha):
    browser, token = signed_in(alpha.host, alpha.admin.email)
    response = browser.post(
        "/api/UpdateCurrentWebsiteID",
        {"websiteID": 8},
        content_type="application/json",
        **bearer(token),
    )
    assert response.json() == {"status": 1}
    assert browser.session["website_id"] == 8


def test_current_website_must_be_one_of_the_clients_own(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    response = http(alpha.host).post(
        "/api/UpdateCurrentWebsiteID",
        {"websiteID": 42},
        content_type="application/json",
        **bearer(token),
    )
    assert response.status_code == 400
    assert response.json()["errors"] == {"websiteID": [UNKNOWN_WEBSITE]}


def test_current_website_needs_marketing_access(alpha):
    _, token = signed_in(alpha.host, alpha.no_mkm.email)
    response = http(alpha.host).post(
        "/api/UpdateCurrentWebsiteID",
        {"websiteID": 7},
        content_type="application/json",
        **bearer(token),
    )
    assert response.status_code == 403


def test_only_registered_parent_origins_may_frame_the_app(alpha, beta):
    csp = http(alpha.host).get("/campaignListView")["Content-Security-Policy"]
    assert csp.endswith("; frame-ancestors 'self' https://suite-alpha.example") or (
        csp == "frame-ancestors 'self' https://suite-alpha.example"
    )
    assert "suite-alpha" not in http(beta.host).get("/")["Content-Security-Policy"]
    assert "X-Frame-Options" not in http(alpha.host).get("/")


def test_the_app_page_allows_no_inline_script_eval_plugins_or_base(alpha, tmp_path):
    (tmp_path / "index.html").write_text("<div id=root></div>")
    with override_settings(FRONTEND_DIST=tmp_path):
        csp = http(alpha.host).get("/beeeditor")["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["object-src"] == "'none'" and directives["base-uri"] == "'none'"
    assert directives["frame-ancestors"] == "'self' https://suite-alpha.example"
    assert "unsafe-eval" not in csp and "unsafe-inline" not in directives["default-src"]


def test_every_app_route_serves_the_single_page_app(alpha, tmp_path):
    (tmp_path / "index.html").write_text("<div id=root></div>")
    with override_settings(FRONTEND_DIST=tmp_path):
        response = http(alpha.host).get("/profilemanagement?x=1")
    assert response.status_code == 200 and b"id=root" in response.content
    assert "no-cache" in response["Cache-Control"]


def test_openapi_schema_is_published(alpha):
    response = http(alpha.host).get("/api/openapi.json")
    assert response.status_code == 200
    assert "/api/getStatus" in response.json()["paths"]


def test_cross_site_cookies_in_production_settings():
    from django.conf import settings

    assert settings.SESSION_COOKIE_DOMAIN is None  # host-only


def test_null_characters_are_refused_before_the_database(alpha):
    _, token = signed_in(alpha.host, alpha.admin.email)
    body = http(alpha.host).post(
        "/api/mm/exports/profiles",
        {"search": "a\x00b"},
        content_type="application/json",
        **bearer(token),
    )
    query = http(alpha.host).get("/api/mm/profiles", {"search": "a\x00b"}, **bearer(token))
    assert body.status_code == query.status_code == 400
    assert query.json()["errors"] == {"search": ["Null characters are not allowed."]}


def test_unknown_api_path_answers_json_404(alpha):
    response = http(alpha.host).delete("/api/mm/groups/-5")
    assert response.status_code == 404
    assert response.json() == {"message": "Not found.", "errors": {}}
