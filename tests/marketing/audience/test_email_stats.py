from django.db import connection

from marketing.audience.models import Profile
from tests.support.http_api import bearer, http, signed_in


def test_email_stats_count_profiles_by_verification_status(alpha, beta):
    connection.set_tenant(alpha.client)
    Profile.objects.bulk_create(
        [
            Profile(email="a@x.example", verification_status="Valid"),
            Profile(email="b@x.example", verification_status="Valid"),
            Profile(email="c@x.example", verification_status="Invalid"),
            Profile(email="d@x.example"),
        ]
    )
    connection.set_schema_to_public()
    _, token = signed_in(alpha.host, alpha.user.email)
    assert http(alpha.host).get("/api/fetchemailstats", **bearer(token)).json() == {
        "Success": True,
        "Valid": 2,
        "Invalid": 1,
        "Unknown": 0,
        "Pending": 1,
    }
    _, beta_token = signed_in(beta.host, beta.user.email)
    assert http(beta.host).get("/api/fetchemailstats", **bearer(beta_token)).json()["Valid"] == 0


def test_email_stats_need_marketing_access(alpha):
    _, token = signed_in(alpha.host, alpha.no_mkm.email)
    assert http(alpha.host).get("/api/fetchemailstats", **bearer(token)).status_code == 403
