"""GET /api/mm/campaigns/{id}/sendSummary: what a send will do, shown before the last click
(recipients, From, a new domain's daily allowance, a warm-up campaign's minimum, the
postal address); bad input, roles and another client."""

from tests.support.campaign_world import campaign_make, sender_ready, world_make
from tests.support.http_api import foreign
from tests.support.tenants import in_schema


def _campaign(tenant, **changes):
    with in_schema(tenant):
        world = world_make()
        sender_ready("news@fresh.com", name="Fresh", warming_up=True)
        return campaign_make(world, from_name="Fresh", from_address="news@fresh.com", **changes).pk


def test_the_summary_names_recipients_from_and_the_days_allowance(alpha, admin_api, user_api):
    cid = _campaign(alpha)
    assert admin_api.patch("/api/mm/campaignSettings", {"postalAddress": ""}).status_code == 200
    answer = user_api.get(f"/api/mm/campaigns/{cid}/sendSummary")
    assert answer.status_code == 200, answer.content
    summary = answer.json()
    warmup = summary.pop("warmup")
    assert summary == {
        "recipients": 2,
        "fromName": "Fresh",
        "fromAddress": "news@fresh.com",
        "senderProblem": "",
        "warmupNote": "",
        "warmupMinimum": None,
        "postalAddress": "",
    }
    assert (warmup["domain"], warmup["dayNumber"], warmup["days"]) == ("fresh.com", 1, 10)
    assert warmup["allowance"] == 500 and warmup["remaining"] <= 500
    # A warm-up campaign shows its minimum; the postal address once an admin gives it.
    assert user_api.patch(f"/api/mm/campaigns/{cid}", {"isWarmup": True}).status_code == 200
    postal = {"postalAddress": "  1 Main St, Springfield  "}
    assert admin_api.patch("/api/mm/campaignSettings", postal).status_code == 200
    summary = user_api.get(f"/api/mm/campaigns/{cid}/sendSummary").json()
    assert summary["warmupMinimum"] == 50
    assert summary["postalAddress"] == "1 Main St, Springfield"


def test_bad_input_roles_and_another_client(alpha, beta, user_api, nomkm_api, beta_api):
    cid = _campaign(alpha)
    assert user_api.get("/api/mm/campaigns/999999/sendSummary").status_code == 404
    assert user_api.get("/api/mm/campaigns/x/sendSummary").status_code == 404
    assert nomkm_api.get(f"/api/mm/campaigns/{cid}/sendSummary").status_code == 403
    assert foreign(beta_api, alpha).get(f"/api/mm/campaigns/{cid}/sendSummary").status_code == 403
    assert beta_api.get(f"/api/mm/campaigns/{cid}/sendSummary").status_code == 404
