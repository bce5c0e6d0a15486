import uuid

import pytest
from django.db import connection, transaction

from core.errors import PermissionDenied
from marketing.audience.models import Profile
from tenants.messages import LIMIT_EXCEEDS
from tenants.plan_limits import LimitStatus, Module, plan_limit_enforce
from tests.support.http_api import bearer, http, signed_in


def _check(tenant, token, module="Contacts"):
    return http(tenant.host).get("/api/checkPlanLimit", {"moduleName": module}, **bearer(token))


def _add_profiles(tenant, count):
    connection.set_tenant(tenant.client)
    Profile.objects.bulk_create(
        Profile(email=f"{uuid.uuid4().hex}@x.example") for _ in range(count)
    )
    connection.set_schema_to_public()


def test_under_limit_until_the_plan_limit_is_reached(alpha):
    _, token = signed_in(alpha.host, alpha.user.email)
    _add_profiles(alpha, 1)
    assert _check(alpha, token).json() == {"status": "UnderLimit"}
    _add_profiles(alpha, 1)  # the test plan allows 2 contacts
    assert _check(alpha, token).json() == {"status": "OverLimit"}


def test_usage_is_counted_per_client(alpha, beta):
    _add_profiles(alpha, 2)
    _, token = signed_in(beta.host, beta.user.email)
    assert _check(beta, token).json() == {"status": "UnderLimit"}


def test_standalone_crm_is_always_under_limit(alpha):
    alpha.client.site_type = "STANDALONECRM"
    alpha.client.save()
    _add_profiles(alpha, 2)
    _, token = signed_in(alpha.host, alpha.user.email)
    assert _check(alpha, token).json() == {"status": "UnderLimit"}


def test_module_without_a_limit_is_under_limit(alpha):
    _, token = signed_in(alpha.host, alpha.user.email)
    assert _check(alpha, token, "Workflows").json() == {"status": "UnderLimit"}


def test_unknown_module_is_a_bad_request(alpha):
    _, token = signed_in(alpha.host, alpha.user.email)
    response = _check(alpha, token, "Rockets")
    assert response.status_code == 400 and "moduleName" in response.json()["errors"]


def test_missing_module_is_a_bad_request(alpha):
    _, token = signed_in(alpha.host, alpha.user.email)
    response = http(alpha.host).get("/api/checkPlanLimit", **bearer(token))
    assert response.status_code == 400


def test_member_without_marketing_access_cannot_check(alpha):
    _, token = signed_in(alpha.host, alpha.no_mkm.email)
    assert _check(alpha, token).status_code == 403


def test_enforce_refuses_the_write_that_would_exceed(alpha):
    _add_profiles(alpha, 1)
    connection.set_tenant(alpha.client)
    with transaction.atomic():
        plan_limit_enforce(client=alpha.client, module=Module.CONTACTS)
    with pytest.raises(PermissionDenied, match=LIMIT_EXCEEDS), transaction.atomic():
        plan_limit_enforce(client=alpha.client, module=Module.CONTACTS, adding=2)


def test_status_values_are_the_spec_words():
    assert {s.value for s in LimitStatus} == {"OverLimit", "UnderLimit"}
