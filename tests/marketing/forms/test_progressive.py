"""Progressive forms (spec 4): publishing the form publishes its campaigns, unpublishing
it unpublishes them, all or nothing (a campaign refused by the plan's PublishedCampaigns
limit refuses the form's publish, with its message; one past publishing, Sent, is left
alone); campaigns named must exist."""

from marketing.campaigns.models import Campaign, CampaignStatus
from marketing.forms.models import Form, FormStatus
from tenants.models import Plan
from tests.support.campaign_world import campaign_make, world_make
from tests.support.forms import URL, form_body, form_parts_in
from tests.support.tenants import in_schema


def _statuses(tenant, ids) -> list[str]:
    with in_schema(tenant):
        return [Campaign.objects.get(pk=pk).status for pk in ids]


def test_publishing_starts_its_campaigns_and_unpublishing_stops_them(alpha, user_api):
    parts = form_parts_in(alpha)
    with in_schema(alpha):
        first = campaign_make(world_make(), name="Welcome 1")
        second = campaign_make(world_make(emails=("p2@x.example",)), name="Welcome 2")
    ids = [first.pk, second.pk]
    form = user_api.post(URL, form_body(parts, campaignIds=[*ids, first.pk])).json()
    assert form["campaignIds"] == ids  # each once
    url = f"{URL}/{form['id']}"
    assert _statuses(alpha, ids) == ["Draft", "Draft"]  # a save starts nothing
    published = user_api.post(f"{url}/publish", {})
    assert published.status_code == 200, published.content
    assert _statuses(alpha, ids) == ["Published", "Published"]
    assert user_api.post(f"{url}/unpublish", {}).status_code == 200
    assert _statuses(alpha, ids) == ["Unpublished", "Unpublished"]
    # one already published by hand stays so; the other is started again
    assert user_api.post(f"/api/mm/campaigns/{second.pk}/publish").status_code == 200
    assert user_api.post(f"{url}/publish", {}).status_code == 200
    assert _statuses(alpha, ids) == ["Published", "Published"]


def test_a_campaign_refused_refuses_the_publish(alpha, user_api):
    parts = form_parts_in(alpha)
    with in_schema(alpha):
        first = campaign_make(world_make(), name="One")
        second = campaign_make(world_make(emails=("p2@x.example",)), name="Two")
    alpha.client.plan = Plan.objects.create(name="One published", limits={"PublishedCampaigns": 1})
    alpha.client.save()
    form = user_api.post(URL, form_body(parts, campaignIds=[first.pk, second.pk])).json()
    refused = user_api.post(f"{URL}/{form['id']}/publish", {})
    assert (refused.status_code, refused.json()["message"]) == (403, "Limit Exceeds")
    assert _statuses(alpha, [first.pk, second.pk]) == ["Draft", "Draft"]  # all or nothing
    with in_schema(alpha):
        assert Form.objects.get(pk=form["id"]).status == FormStatus.DRAFT
        Campaign.objects.filter(pk=first.pk).update(status=CampaignStatus.SENT)
    # a campaign past publishing (Sent) is left as it is; the others start
    alpha.client.plan = None
    alpha.client.save()
    assert user_api.post(f"{URL}/{form['id']}/publish", {}).status_code == 200
    assert _statuses(alpha, [first.pk, second.pk]) == ["Sent", "Published"]
    assert user_api.post(f"{URL}/{form['id']}/unpublish", {}).status_code == 200
    assert _statuses(alpha, [first.pk, second.pk]) == ["Sent", "Unpublished"]


def test_the_campaigns_must_exist(alpha, user_api):
    parts = form_parts_in(alpha)
    refused = user_api.post(URL, form_body(parts, campaignIds=[999999]))
    assert refused.status_code == 400
    assert refused.json()["errors"] == {
        "campaignIds": ["A campaign of this progressive form does not exist."]
    }
    too_many = user_api.post(URL, form_body(parts, campaignIds=list(range(1, 22))))
    assert too_many.json()["errors"] == {
        "campaignIds": ["A progressive form starts at most 20 campaigns."]
    }
    assert user_api.post(URL, form_body(parts, campaignIds=["x"])).status_code == 400
