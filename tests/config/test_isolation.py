"""Every API route, tried with the other client's host, session and token: never data."""

import re

import pytest
from django.urls import reverse

from config.api import api
from config.operation_gates import OPERATION_GATES
from tests.support.http_api import bearer, http, signed_in

# Public operations (the gate table's PUBLIC: sign-in, status, sign-out, public pages opened
# by a signed token) answer without a member by design; each app's suite covers them (a
# token of another client is refused there).
PUBLIC_OPERATIONS = {name for name, gate in OPERATION_GATES.items() if gate.public}


def _operations():
    schema = api.get_openapi_schema(path_prefix="/api/")
    for path, methods in schema["paths"].items():
        # Object ids overlap between clients: id 1 exists in both schemas.
        concrete = re.sub(r"\{[^}]+\}", "1", path)
        for method, operation in methods.items():
            yield concrete, method, operation["operationId"]


OPERATIONS = sorted(_operations())
# Sign-in, status and sign-out answer without a member by design (tests/tenants covers them).
MEMBER_OPERATIONS = [op for op in OPERATIONS if op[2] not in PUBLIC_OPERATIONS]


@pytest.mark.parametrize("path,method,operation_id", MEMBER_OPERATIONS)
def test_other_clients_token_gets_nothing(alpha, beta, path, method, operation_id):
    _, token = signed_in(alpha.host, alpha.admin.email)
    response = getattr(http(beta.host), method)(
        path, content_type="application/json", **bearer(token)
    )
    assert response.status_code == 403
    assert response.json()["message"] == "Invalid Request"


@pytest.mark.parametrize("path,method,operation_id", MEMBER_OPERATIONS)
def test_other_clients_session_cookie_gets_nothing(alpha, beta, path, method, operation_id):
    browser, _ = signed_in(alpha.host, alpha.admin.email)
    other = http(beta.host)
    other.cookies["sessionid"] = browser.cookies["sessionid"].value
    response = getattr(other, method)(path, content_type="application/json")
    assert response.status_code == 403


@pytest.mark.parametrize("path,method,operation_id", MEMBER_OPERATIONS)
def test_anonymous_gets_nothing(alpha, path, method, operation_id):
    response = getattr(http(alpha.host), method)(path, content_type="application/json")
    assert response.status_code == 401


def test_routes_listed_are_the_documented_ones():
    ids = {operation_id for _, _, operation_id in OPERATIONS}
    assert {
        "getStatus",
        "updateAccessControl",
        "checkPlanLimit",
        "UpdateCurrentWebsiteID",
        "logout",
        "fetchemailstats",
        "signIn",
    } <= ids
    assert reverse("api:getStatus") == "/api/getStatus"


def test_unknown_host_answers_404_never_public_content(tenants, db):
    response = http("stranger.localhost").get("/api/getStatus")
    assert response.status_code == 404
    assert http("stranger.localhost").get("/").status_code == 404
