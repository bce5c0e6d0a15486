import pytest

from marketing.audience.messages import REP_USER_ID_TAKEN
from marketing.audience.models import Rep
from marketing.audience.selectors.reps import rep_display_name
from tenants.messages import NO_MKM_ACCESS
from tests.support.audience import make_profile
from tests.support.http_api import foreign
from tests.support.tenants import in_schema


@pytest.mark.parametrize(
    "first,last,email,expected",
    [
        ("Rita", "Moreno", "rita@x.example", "Rita Moreno"),
        ("Rita", "", "rita@x.example", "Rita"),
        ("", "Moreno", "rm@x.example", "rm"),
        ("  ", "", "rm@x.example", "rm"),
        ("", "", "", "InsufficientDetails"),
    ],
)
def test_rep_display_name_falls_back(first, last, email, expected):
    assert rep_display_name(Rep(first_name=first, last_name=last, email=email)) == expected


def test_no_rep():
    assert rep_display_name(None) == "No Rep"


def test_reps_list_and_save(alpha, user_api):
    created = user_api.post(
        "/api/mm/reps", {"email": " Rita@X.example ", "firstName": "Rita", "repUserId": 42}
    )
    assert created.status_code == 201
    rep = created.json()
    assert (rep["email"], rep["repUserId"]) == ("rita@x.example", 42)
    updated = user_api.post(
        "/api/mm/reps", {"email": "rita@x.example", "lastName": "Moreno", "repUserId": 42}
    )
    assert updated.status_code == 200 and updated.json()["id"] == rep["id"]
    assert user_api.get("/api/getRepsList").json() == {
        "repsList": [
            {
                "id": rep["id"],
                "repUserId": 42,
                "firstName": "",
                "lastName": "Moreno",
                "email": "rita@x.example",
            }
        ]
    }
    taken = user_api.post("/api/mm/reps", {"email": "other@x.example", "repUserId": 42})
    assert taken.status_code == 400 and taken.json()["message"] == REP_USER_ID_TAKEN


@pytest.mark.parametrize(
    "body", [{}, {"email": "nope"}, {"email": "a@x.example", "repUserId": "x"}]
)
def test_bad_rep_input_is_a_400(alpha, user_api, body):
    assert user_api.post("/api/mm/reps", body).status_code == 400


def test_profile_shows_its_reps_name(alpha, user_api):
    with in_schema(alpha):
        rep = Rep.objects.create(email="sam.jones@x.example")
    pid = make_profile(alpha, "a@x.example", rep_id=rep.pk)
    assert user_api.get(f"/api/mm/profiles/{pid}").json()["repName"] == "sam.jones"


def test_reps_need_marketing_access_and_the_right_client(alpha, nomkm_api, beta_api):
    assert nomkm_api.get("/api/getRepsList").json()["message"] == NO_MKM_ACCESS
    assert nomkm_api.post("/api/mm/reps", {"email": "a@x.example"}).status_code == 403
    assert foreign(beta_api, alpha).get("/api/getRepsList").status_code == 403
