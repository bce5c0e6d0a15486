"""Audience rows made straight in a client's schema (the services are tested on their own)."""

from __future__ import annotations

from marketing.audience.models import Group, Profile, ProfileGroup
from tests.support.tenants import in_schema


def newsletter_id(tenant) -> int:
    with in_schema(tenant):
        return Group.objects.get(default_key="newsletter").pk


def make_profile(tenant, email, *, group_key="newsletter", **fields) -> int:
    """A profile in `tenant`'s schema, in one default group; returns its id."""
    with in_schema(tenant):
        profile = Profile.objects.create(email=email, **fields)
        ProfileGroup.objects.create(profile=profile, group=Group.objects.get(default_key=group_key))
        return profile.pk
