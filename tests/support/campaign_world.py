"""What a campaign needs, made in the current schema: a group of profiles, a template, the
General campaign type, a postal address and a verified sender; a campaign ready to send;
and the clean-up of what tests that commit (real workers, threads) made."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.db import connection
from django.utils import timezone

from core.audit.models import AuditLog
from marketing.audience.models import Group, Profile, ProfileGroup
from marketing.campaigns.models import Campaign, CampaignSettings, CampaignType
from marketing.campaigns.services.campaigns import campaign_create
from marketing.content.models import Template
from marketing.delivery.models import Send, SendKind
from marketing.senders.models import DomainStatus, Sender, SenderDomain

POSTAL_ADDRESS = "1 Market Street\nSpringfield, IL 62701"


@dataclass
class World:
    group_id: int
    profile_ids: list[int]
    template_id: int
    type_id: int


def world_make(*, emails=("ann@mail.example", "bob@mail.example")) -> World:
    """In the current schema: a group holding `emails`, a template with a merge tag, the
    General campaign type (the migration's) and a postal address (a send needs one)."""
    group = Group.objects.create(name=f"Buyers {Group.objects.count()}")
    ids = []
    for email in emails:
        profile = Profile.objects.create(email=email, first_name=email.split("@")[0].title())
        ProfileGroup.objects.create(profile=profile, group=group)
        ids.append(profile.pk)
    template = Template.objects.create(
        name=f"Sale {Template.objects.count()}",
        template_type="html",
        subject="Sale for <% firstName || you %>",
        html="<html><body><p>Hi <% firstName || there %></p></body></html>",
        text="Hi <% firstName || there %>",
    )
    general = CampaignType.objects.get(name="General")
    CampaignSettings.objects.update_or_create(key=1, defaults={"postal_address": POSTAL_ADDRESS})
    sender_ready("news@shop.example", name="Shop")
    return World(group.pk, ids, template.pk, general.pk)


def sender_ready(
    email: str, *, name: str, confirmed: bool = True, warming_up: bool = False, **fields
) -> Sender:
    """A sender of a verified domain (the senders app's tests check how one gets there),
    verified long enough ago to have no warm-up, unless `warming_up` (verified now)."""
    domain = email.rpartition("@")[2]
    verified_at = timezone.now() - timedelta(days=0 if warming_up else 60)
    SenderDomain.objects.get_or_create(
        name=domain,
        defaults=dict(
            verification_token="t" * 32,
            status=DomainStatus.VERIFIED,
            verified_at=verified_at,
        ),
    )
    sender, _ = Sender.objects.get_or_create(
        email=email,
        defaults=dict(
            name=name,
            domain=domain,
            verified_at=timezone.now() if confirmed else None,
            **fields,
        ),
    )
    return sender


def ready_values(world: World, **changes) -> dict:
    values = dict(
        name="Autumn sale",
        campaign_type_id=world.type_id,
        group_ids=[world.group_id],
        from_name="Shop",
        from_address="news@shop.example",
        template_id=world.template_id,
        subject="Autumn sale",
        scheduled_at=timezone.now() + timedelta(hours=1),
    )
    values.update(changes)
    return values


def world_committed_remove(tenant, campaign, world) -> None:
    """What a test that commits (real workers, threads) made in `tenant`'s schema: the
    campaign and its sends, the world's profiles, group, template and sender, the
    campaign's audit rows; back in public afterwards."""
    connection.set_tenant(tenant.client)
    Send.objects.filter(kind=SendKind.CAMPAIGN, source_id=campaign.pk).delete()
    Campaign.objects.filter(pk=campaign.pk).delete()
    Profile.objects.filter(pk__in=world.profile_ids).delete()
    Group.objects.filter(pk=world.group_id).delete()
    Template.objects.filter(pk=world.template_id).delete()
    Sender.objects.filter(email="news@shop.example").delete()
    SenderDomain.objects.filter(name="shop.example").delete()
    AuditLog.objects.filter(object_type="campaign", object_id=campaign.pk).delete()
    connection.set_schema_to_public()


def campaign_make(world: World, **changes):
    return campaign_create(member=None, values=ready_values(world, **changes))
