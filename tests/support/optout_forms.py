"""Opt-out form fixtures for the browser tests: reads and writes in the `plain` client's
schema (run them through tests.e2e.test_segments._committed, which commits), a category
with groups and a profile in them, and the default form put back as it was."""

from __future__ import annotations

from django.db import connection

from marketing.audience.models import Group, GroupCategory, Profile, ProfileGroup
from marketing.forms.models import OptOutForm
from tenants.models import Client


def in_plain(read):
    connection.set_tenant(Client.objects.get(schema_name="plain"))
    try:
        return read()
    finally:
        connection.set_schema_to_public()


def reader_in_groups(suffix: str, email: str) -> dict:
    """A category "Letters <suffix>" with groups Weekly and Offers, a profile in both."""

    def make():
        category = GroupCategory.objects.create(name=f"Letters {suffix}")
        groups = {n: Group.objects.create(name=f"{n} {suffix}", category=category).pk
                  for n in ("Weekly", "Offers")}  # fmt: skip
        profile = Profile.objects.create(email=email)
        for group_id in groups.values():
            ProfileGroup.objects.create(profile=profile, group_id=group_id)
        default = OptOutForm.objects.get(is_default=True).pk
        return {"category": category.name, "groups": groups, "profile_id": profile.pk,
                "default_id": default}  # fmt: skip

    return in_plain(make)


def default_restore(form_id: int) -> None:
    """The browser test's form stops being the default (the other opt-out tests read it)."""

    def restore():
        OptOutForm.objects.filter(is_default=True).update(is_default=False)
        OptOutForm.objects.filter(pk=form_id).update(is_default=True)

    in_plain(restore)
