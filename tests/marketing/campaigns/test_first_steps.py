"""The getting-started list of an admin's first screen (GET /api/mm/firstSteps): each of
its four steps ticked from what the client has, admins only, each client its own."""

from django.utils import timezone

from marketing.audience.models import Profile
from marketing.campaigns.models import Campaign, CampaignType
from marketing.content.models import Template
from marketing.senders.models import DomainStatus, Sender, SenderDomain
from tests.support.campaign_world import sender_ready
from tests.support.http_api import foreign
from tests.support.tenants import in_schema

NOTHING = {
    "contactsImported": False,
    "senderVerified": False,
    "templateDesigned": False,
    "campaignSent": False,
}


def test_each_step_is_ticked_by_what_the_client_has(alpha, admin_api):
    answer = admin_api.get("/api/mm/firstSteps")
    assert answer.status_code == 200, answer.content
    assert answer.json() == NOTHING

    with in_schema(alpha):
        Profile.objects.create(email="ann@mail.example")
        # A sender not confirmed yet, and a confirmed one whose domain is not verified:
        # neither can send, so the step waits.
        Sender.objects.create(name="New", email="new@late.example", domain="late.example")
        SenderDomain.objects.create(
            name="late.example", verification_token="t" * 32, status=DomainStatus.PENDING
        )
        Sender.objects.create(
            name="Late",
            email="news@late.example",
            domain="late.example",
            verified_at=timezone.now(),
        )
    assert admin_api.get("/api/mm/firstSteps").json() == {**NOTHING, "contactsImported": True}

    with in_schema(alpha):
        sender_ready("news@shop.example", name="Shop")
        Template.objects.create(name="Welcome", template_type="html", html="<p>Hi</p>")
        general = CampaignType.objects.get(name="General")
        draft = Campaign.objects.create(name="First", campaign_type=general)
    assert admin_api.get("/api/mm/firstSteps").json() == {
        **NOTHING,
        "contactsImported": True,
        "senderVerified": True,
        "templateDesigned": True,
    }  # a draft is not a campaign sent

    with in_schema(alpha):
        Campaign.objects.filter(pk=draft.pk).update(status="Sending", started_at=timezone.now())
    assert set(admin_api.get("/api/mm/firstSteps").json().values()) == {True}


def test_a_deleted_profile_is_no_contact(alpha, admin_api):
    with in_schema(alpha):
        Profile.objects.create(email="gone@mail.example", deleted_at=timezone.now())
    assert admin_api.get("/api/mm/firstSteps").json()["contactsImported"] is False


def test_users_are_refused(user_api):
    assert user_api.get("/api/mm/firstSteps").status_code == 403


def test_each_client_reads_its_own_and_no_other(alpha, beta, admin_api, beta_api):
    with in_schema(alpha):
        Profile.objects.create(email="ann@mail.example")
    assert beta_api.get("/api/mm/firstSteps").json() == NOTHING
    assert foreign(beta_api, alpha).get("/api/mm/firstSteps").status_code == 403
    assert admin_api.get("/api/mm/firstSteps").json()["contactsImported"] is True
