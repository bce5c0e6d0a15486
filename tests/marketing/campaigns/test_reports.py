"""Campaign reports: a campaign sent through the real pipeline and sink, opened and
clicked through the tracking endpoints, reads back with exact figures (human and machine
apart, per link, per variant), its recipient lists and their CSV export; bad input, wrong
role and another client are refused; super-admins' reports across clients."""

import base64
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from marketing.campaigns.messages import REPORT_DAYS_RANGE
from marketing.campaigns.models import Campaign
from marketing.campaigns.services.report_export import report_export_write
from marketing.delivery.models import Delivery, DeliveryReport, DeliveryState
from tests.support.campaign_report_seed import ab_variants_mark, sent_campaign_seed
from tests.support.campaign_world import campaign_make, world_make
from tests.support.http_api import Api, foreign
from tests.support.tenants import in_schema

pytestmark = pytest.mark.usefixtures("tracking_redis_clean")


@pytest.fixture
def super_api(alpha, superadmin):
    return Api(alpha, superadmin.email)


def _emails(page: dict) -> list[str]:
    return [row["email"] for row in page["items"]]


def test_the_report_of_a_sent_campaign(alpha, user_api):
    seeded = sent_campaign_seed(alpha)
    answer = user_api.get(f"/api/mm/campaigns/{seeded.campaign_id}/report")
    assert answer.status_code == 200, answer.content
    report = answer.json()
    assert report["campaign"]["status"] == "Sent"
    assert {k: report[k] for k in ("recipients", "sent", "delivered", "failed", "pending")} == {
        "recipients": 5, "sent": 4, "delivered": 4, "failed": 1, "pending": 0,
    }  # fmt: skip
    assert (report["hardBounces"], report["softBounces"], report["bounceRate"]) == (1, 0, 20.0)
    assert report["bounceReasons"] == [{"reason": "userUnknown", "count": 1}]  # 550 5.1.1
    assert (report["uniqueOpens"], report["totalOpens"], report["openRate"]) == (2, 3, 50.0)
    assert (report["uniqueClicks"], report["totalClicks"], report["clickRate"]) == (2, 3, 50.0)
    assert report["clickToOpenRate"] == 100.0
    # the scanner's open and click are shown apart, in no rate
    assert (report["machineOpens"], report["botClicks"]) == (1, 1)
    links = [
        (x["url"], x["uniqueClicks"], x["totalClicks"], x["botClicks"]) for x in report["links"]
    ]
    utm = "utm_source=mailcraft&utm_medium=email&utm_campaign=spring-sale"  # the system tags
    assert links == [
        (f"https://shop.example.com/sale?{utm}", 2, 2, 1),
        (f"https://shop.example.com/blog?{utm}", 1, 1, 0),
    ]  # fmt: skip
    timeline = report["timeline"]
    assert timeline["unit"] == "hour"
    assert sum(p["opens"] for p in timeline["points"]) == 3
    assert sum(p["clicks"] for p in timeline["points"]) == 3
    assert timeline["points"][0]["at"].endswith(("-05:00", "-04:00"))  # New York
    assert report["ab"] is None and report["hourly"] == []
    assert report["resends"]["sends"] == [] and report["resends"]["unopened"]["status"] == 0


def test_bounces_are_counted_by_reason(alpha, user_api):
    """The SMTP refusal by the reason of its reply, a later DSN by the reason it was read
    with: a receiver that blocks the sender is counted apart from unknown users."""
    seeded = sent_campaign_seed(alpha)
    with in_schema(alpha):
        campaign = Campaign.objects.get(pk=seeded.campaign_id)
        accepted = Delivery.objects.filter(send_id=campaign.send_id, state=DeliveryState.SENT)
        first, second = accepted.order_by("pk")[:2]
        DeliveryReport.objects.create(
            delivery=first, kind="softBounce", reason="blocked", status="5.7.1"
        )
        DeliveryReport.objects.create(
            delivery=second, kind="softBounce", reason="mailboxFull", status="5.2.2"
        )
        DeliveryReport.objects.create(  # the same row's later hard report wins
            delivery=second, kind="hardBounce", reason="userUnknown", status="5.1.1"
        )
    report = user_api.get(f"/api/mm/campaigns/{seeded.campaign_id}/report").json()
    assert report["bounceReasons"] == [
        {"reason": "userUnknown", "count": 2}, {"reason": "blocked", "count": 1},
    ]  # fmt: skip


def test_recipient_lists_by_outcome_and_their_export(alpha, admin_api):
    seeded = sent_campaign_seed(alpha)
    base = f"/api/mm/campaigns/{seeded.campaign_id}/report"
    lists = {
        outcome: _emails(admin_api.get(f"{base}/recipients", outcome=outcome).json())
        for outcome in ("opened", "clicked", "bounced", "unsubscribed", "notOpened")
    }
    assert lists == {
        "opened": ["ann@mail.example", "bob@mail.example"],
        "clicked": ["ann@mail.example", "bob@mail.example"],
        "bounced": ["gone@mail.example"],
        "unsubscribed": [],
        "notOpened": ["cat@mail.example", "dan@mail.example"],  # a scanner's open is no open
    }
    bounced = admin_api.get(f"{base}/recipients", outcome="bounced").json()["items"][0]
    assert bounced["state"] == "Failed" and bounced["lastReply"].startswith("550 5.1.1")
    second = admin_api.get(f"{base}/recipients", outcome="notOpened", page=2, pageSize=10).json()
    assert (second["items"], second["total"], second["totalIsEstimate"]) == ([], 2, False)
    started = admin_api.post(f"{base}/export", {"outcome": "notOpened"})
    assert started.status_code == 202, started.content
    job_id = started.json()["jobId"]
    assert admin_api.post(f"{base}/export", {"outcome": "notOpened"}).status_code == 409
    connection.set_tenant(alpha.client)
    report_export_write(job_id)  # what the worker's task runs
    connection.set_schema_to_public()
    job = admin_api.get(f"/api/mm/jobs/{job_id}").json()
    assert job["status"] == "Completed" and job["kind"] == "campaignReportExport"
    download = admin_api.post("/api/downloadBase64", {"filePath": job["fileId"], "fileName": ""})
    lines = base64.b64decode(download.json()["data"]).decode().splitlines()
    assert lines[0] == "Email,Variant,Status,Last Reply,Sent"
    assert [line.split(",")[0] for line in lines[1:]] == ["cat@mail.example", "dan@mail.example"]


def test_an_ab_report_per_variant_with_the_winner(alpha, user_api):
    seeded = sent_campaign_seed(alpha)
    ab_variants_mark(alpha, seeded.campaign_id)
    ab = user_api.get(f"/api/mm/campaigns/{seeded.campaign_id}/report").json()["ab"]
    picked = (ab["winner"], ab["leader"], ab["winnerRule"], ab["testPercent"])
    assert picked == ("A", "A", "opens", 50)
    rows = {
        v["name"]: (v["recipients"], v["sent"], v["uniqueOpens"], v["uniqueClicks"])
        for v in ab["variants"]
    }
    assert rows == {"A": (2, 2, 1, 1), "B": (2, 2, 1, 1), "W": (1, 0, 0, 0)}
    assert [v["name"] for v in ab["variants"]] == ["A", "B", "W"]


def test_a_campaign_not_sent_yet_has_an_empty_report(alpha, user_api):
    with in_schema(alpha):
        campaign = campaign_make(world_make())
    report = user_api.get(f"/api/mm/campaigns/{campaign.pk}/report").json()
    assert (report["recipients"], report["uniqueOpens"], report["links"]) == (0, 0, [])
    listed = user_api.get(f"/api/mm/campaigns/{campaign.pk}/report/recipients").json()
    assert listed["items"] == [] and listed["total"] == 0


def test_bad_input_is_refused_in_words(alpha, admin_api, super_api):
    with in_schema(alpha):
        campaign = campaign_make(world_make())
    base = f"/api/mm/campaigns/{campaign.pk}/report"
    assert admin_api.get("/api/mm/campaigns/999999/report").status_code == 404
    assert admin_api.get(f"{base}/recipients", outcome="everyone").status_code == 400
    assert admin_api.get(f"{base}/recipients", pageSize=7).status_code == 400
    assert admin_api.post(f"{base}/export", {"outcome": "x"}).status_code == 400
    assert admin_api.post(f"{base}/export", {}).status_code == 400
    refused = super_api.get("/api/mm/reports/performance", days=0)
    assert refused.status_code == 400
    assert REPORT_DAYS_RANGE.format(limit=366) in str(refused.json())
    assert super_api.get("/api/mm/reports/scheduleSummary", days=400).status_code == 400
    assert super_api.get("/api/mm/reports/recentCampaigns", limit=0).status_code == 400
    assert super_api.get("/api/mm/reports/performance", sort="bogus").status_code == 400


def test_wrong_role_and_another_client(alpha, beta, admin_api, nomkm_api, beta_api):
    with in_schema(alpha):
        campaign = campaign_make(world_make())
    base = f"/api/mm/campaigns/{campaign.pk}/report"
    assert nomkm_api.get(base).status_code == 403
    assert nomkm_api.get(f"{base}/recipients").status_code == 403
    assert nomkm_api.post(f"{base}/export", {"outcome": "opened"}).status_code == 403
    for path in ("performance", "recentCampaigns", "scheduleSummary"):
        assert admin_api.get(f"/api/mm/reports/{path}").status_code == 403
    # beta's credentials on alpha's host, and beta asking for alpha's id on its own host
    assert foreign(beta_api, alpha).get(base).status_code == 403
    with in_schema(beta):
        assert not Campaign.objects.filter(pk=campaign.pk).exists()
    assert beta_api.get(base).status_code == 404
    assert beta_api.get(f"{base}/recipients").status_code == 404


def test_super_admin_reports_across_clients(alpha, beta, super_api):
    seeded = sent_campaign_seed(alpha, name="Alpha sale")
    with in_schema(beta):
        world = world_make()
        later = campaign_make(world, name="Beta later")
        Campaign.objects.filter(pk=later.pk).update(
            status="Scheduled", scheduled_at=timezone.now() + timedelta(days=2)
        )
    performance = super_api.get("/api/mm/reports/performance", sort="-uniqueOpens").json()
    row = next(r for r in performance["items"] if r["campaignId"] == seeded.campaign_id)
    assert (row["clientName"], row["sent"], row["uniqueOpens"], row["openRate"]) == (
        alpha.client.name, 4, 2, 50.0,
    )  # fmt: skip
    searched = super_api.get("/api/mm/reports/performance", search="nothing like it").json()
    assert searched["items"] == [] and searched["total"] == 0
    recent = super_api.get("/api/mm/reports/recentCampaigns").json()["items"]
    assert recent[0]["name"] == "Alpha sale"
    summary = super_api.get("/api/mm/reports/scheduleSummary", days=7).json()["days"]
    [day] = [d for d in summary if d["clientName"] == beta.client.name]
    assert [c["name"] for c in day["campaigns"]] == ["Beta later"]
    assert day["timeZone"] == beta.client.time_zone


def test_a_long_list_answers_the_planners_estimate(alpha, admin_api, settings):
    seeded = sent_campaign_seed(alpha)
    settings.CAMPAIGN_REPORT_EXACT_UP_TO = 0  # every list past its first page is "long"
    base = f"/api/mm/campaigns/{seeded.campaign_id}/report/recipients"
    page = admin_api.get(base, outcome="notOpened", page=2).json()
    assert page["totalIsEstimate"] is True and page["total"] >= 10
    first = admin_api.get(base, outcome="notOpened").json()  # fits its first page: counted
    assert (first["total"], first["totalIsEstimate"]) == (2, False)


def test_a_campaign_sent_in_each_recipients_zone_shows_its_hours(alpha, user_api):
    seeded = sent_campaign_seed(alpha)
    with in_schema(alpha):
        Campaign.objects.filter(pk=seeded.campaign_id).update(send_in_recipient_zone=True)
    report = user_api.get(f"/api/mm/campaigns/{seeded.campaign_id}/report").json()
    hours = report["hourly"]
    assert sum(h["sent"] for h in hours) == 4 and sum(h["due"] for h in hours) == 0
    assert all(h["hour"].endswith((":00:00-05:00", ":00:00-04:00")) for h in hours)
