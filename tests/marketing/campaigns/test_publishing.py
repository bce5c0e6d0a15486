"""Publish and unpublish through the API (campaignPublish, campaignUnpublish): members
may, the statuses of spec 4, the plan's PublishedCampaigns limit at the write, audit
rows, bad input, no marketing access and another client; and a poll campaign's
`poll_is_open` (the public poll side's question) closing at its expiry."""

from datetime import timedelta

from django.utils import timezone

from core.audit.models import AuditLog
from marketing.campaigns.models import Campaign, CampaignStatus
from marketing.campaigns.selectors import poll_is_open
from tenants.models import Plan
from tests.support.campaign_world import campaign_make, world_make
from tests.support.http_api import foreign
from tests.support.tenants import in_schema


def _campaign(tenant, **changes):
    with in_schema(tenant):
        return campaign_make(world_make(), **changes)


def test_publish_then_unpublish_and_publish_again(alpha, user_api):
    campaign = _campaign(alpha)
    url = f"/api/mm/campaigns/{campaign.pk}"
    published = user_api.post(f"{url}/publish")
    assert published.status_code == 200, published.content
    assert published.json()["status"] == "Published"
    # a published campaign is still editable (spec 4)
    assert user_api.patch(url, {"subject": "Changed"}).status_code == 200
    again = user_api.post(f"{url}/publish")
    assert (again.status_code, again.json()["message"]) == (
        400, "Only a Draft or Unpublished campaign can be published.",
    )  # fmt: skip
    unpublished = user_api.post(f"{url}/unpublish")
    assert unpublished.status_code == 200 and unpublished.json()["status"] == "Unpublished"
    twice = user_api.post(f"{url}/unpublish")
    assert (twice.status_code, twice.json()["message"]) == (
        400, "Only a Published campaign can be unpublished.",
    )  # fmt: skip
    assert user_api.post(f"{url}/publish").json()["status"] == "Published"
    with in_schema(alpha):
        events = list(
            AuditLog.objects.filter(object_id=campaign.pk, event_type__contains="published")
            .order_by("id")
            .values_list("event_type", flat=True)
        )
    assert events == ["campaign.published", "campaign.unpublished", "campaign.published"]


def test_the_published_campaigns_plan_limit(alpha, user_api):
    first, second = _campaign(alpha, name="One"), None
    with in_schema(alpha):
        second = campaign_make(world_make(emails=("p2@x.example",)), name="Two")
    alpha.client.plan = Plan.objects.create(name="One published", limits={"PublishedCampaigns": 1})
    alpha.client.save()
    assert user_api.post(f"/api/mm/campaigns/{first.pk}/publish").status_code == 200
    over = user_api.post(f"/api/mm/campaigns/{second.pk}/publish")
    assert (over.status_code, over.json()["message"]) == (403, "Limit Exceeds")
    with in_schema(alpha):
        assert Campaign.objects.get(pk=second.pk).status == CampaignStatus.DRAFT


def test_bad_input_roles_and_another_client(alpha, beta, nomkm_api, beta_api, user_api):
    campaign = _campaign(alpha)
    assert user_api.post("/api/mm/campaigns/999999/publish").status_code == 404
    assert user_api.post("/api/mm/campaigns/abc/publish").status_code == 404
    with in_schema(alpha):
        Campaign.objects.filter(pk=campaign.pk).update(status=CampaignStatus.SENT)
    sent = user_api.post(f"/api/mm/campaigns/{campaign.pk}/publish")
    assert sent.status_code == 400
    with in_schema(alpha):
        Campaign.objects.filter(pk=campaign.pk).update(status=CampaignStatus.DRAFT)
    for action in ("publish", "unpublish"):
        url = f"/api/mm/campaigns/{campaign.pk}/{action}"
        assert nomkm_api.post(url).status_code == 403
        assert beta_api.post(url).status_code == 404
        assert foreign(beta_api, alpha).post(url).status_code == 403
    with in_schema(alpha):
        assert Campaign.objects.get(pk=campaign.pk).status == CampaignStatus.DRAFT


def test_a_poll_is_open_from_its_send_until_its_expiry(in_alpha):
    world = world_make()
    expiry = timezone.now() + timedelta(days=2)
    poll = campaign_make(world, kind="Poll", poll_expires_at=expiry)
    assert not poll_is_open(campaign_id=poll.pk)  # a draft takes no answers
    Campaign.objects.filter(pk=poll.pk).update(status=CampaignStatus.SENT)
    assert poll_is_open(campaign_id=poll.pk)
    Campaign.objects.filter(pk=poll.pk).update(poll_expires_at=timezone.now())
    assert not poll_is_open(campaign_id=poll.pk)  # closed at its expiry
    regular = campaign_make(world, name="Not a poll", poll_expires_at=expiry)
    Campaign.objects.filter(pk=regular.pk).update(status=CampaignStatus.SENT)
    assert not poll_is_open(campaign_id=regular.pk)
