"""Every service that changes data records its row in the change's own transaction: the
row is there with the change (who, how, what), a change rolled back takes its row with
it, and a row that cannot be written takes the change with it."""

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from django.db import transaction

from core.audit.context import audit_context
from core.audit.models import AuditLog, AuditPath
from marketing.activity.selectors import ActivityFilters
from marketing.activity.services.exports import activity_export_start
from marketing.audience.models import (
    FieldType,
    Group,
    GroupCategory,
    ManagedDomain,
    Profile,
    ProfileField,
    ProfileGroup,
    ProfileImport,
    ProfileTag,
    Rep,
    Tag,
)
from marketing.audience.services import domains, fields, groups, reps, tags
from marketing.audience.services.exports import export_start
from marketing.audience.services.imports import import_start, import_upload
from marketing.audience.services.imports.headers import EMAIL
from marketing.audience.services.profiles import (
    profile_create,
    profile_update,
    profiles_bulk_action,
)
from marketing.audience.services.verification import verification_run
from marketing.jobs.models import BackgroundJob
from tenants.access import Member
from tenants.models import AccessRule, Role
from tenants.services import access_control_update

ACTOR = {"actor_id": 41, "actor_email": "ann@alpha.example", "path": AuditPath.UI}


class Rollback(Exception):
    pass


@dataclass
class World:
    """What an action works on, made fresh in alpha's schema for each test."""

    tenant: object
    profile: Profile
    retired: Profile
    group: Group
    spare_group: Group  # the profile is not in it
    category: GroupCategory
    tag: Tag
    spare_tag: Tag
    field: ProfileField
    domain: ManagedDomain
    upload: ProfileImport
    member: Member
    ids: dict = field(default_factory=dict)


def _world(tenant) -> World:
    tenant.client.plan = None  # no Contacts limit in the way
    tenant.client.save()
    newsletter = Group.objects.get(default_key="newsletter")
    profile = Profile.objects.create(email="kept@x.example")
    ProfileGroup.objects.create(profile=profile, group=newsletter)
    retired = Profile.objects.create(email="gone@x.example", deleted_at="2024-01-01T00:00:00Z")
    group = Group.objects.create(name="Customers")
    ProfileGroup.objects.create(profile=profile, group=group)
    tag = Tag.objects.create(name="VIP")
    ProfileTag.objects.create(profile=profile, tag=tag)
    upload = ProfileImport.objects.create(
        kind="subscribers",
        file_name="people.csv",
        file_path="alpha/imports/people.csv",
        file_sha256="0" * 64,
        headers=["email"],
        rows_total=1,
    )
    member = Member(
        user_id=tenant.admin.pk,
        email=tenant.admin.email,
        first_name="",
        last_name="",
        client_id=tenant.client.pk,
        role=Role.ADMIN,
        has_mkm_access=True,
    )
    return World(
        tenant=tenant,
        profile=profile,
        retired=retired,
        group=group,
        spare_group=Group.objects.create(name="Prospects"),
        spare_tag=Tag.objects.create(name="Gold"),
        category=GroupCategory.objects.create(name="Events"),
        tag=tag,
        field=ProfileField.objects.create(label="Shoe size", key="shoe_size", field_type="text"),
        domain=ManagedDomain.objects.create(domain="spam.example", domain_type=1),
        upload=upload,
        member=member,
        ids={"newsletter": newsletter.pk},
    )


@dataclass(frozen=True)
class Action:
    event: str
    act: Callable[[World], object]
    # What the change leaves behind, compared before and after (a rolled-back change
    # leaves it as it was).
    state: Callable[[World], object]
    # (object id, label) the row names.
    names: Callable[[World], tuple] = lambda w: (None, "")


def _bulk(action: str, target: str | None = None, on: str = "profile"):
    def act(w: World):
        ids = [getattr(w, on).pk]
        extra = {f"{target.removeprefix('spare_')}_id": getattr(w, target).pk} if target else {}
        return profiles_bulk_action(client=w.tenant.client, action=action, profile_ids=ids, **extra)

    return act


def _profile_state(w: World):
    profile = Profile.objects.filter(pk__in=[w.profile.pk, w.retired.pk]).order_by("pk")
    return (
        list(profile.values()),
        sorted(ProfileGroup.objects.values_list("profile_id", "group_id")),
        sorted(ProfileTag.objects.values_list("profile_id", "tag_id")),
    )


def _rows(model, *columns):
    return lambda w: sorted(model.objects.values_list("pk", *columns))


ACTIONS = {
    "profile create": Action(
        "profile.created",
        lambda w: profile_create(
            client=w.tenant.client, email=" New@X.example", group_ids=[w.ids["newsletter"]]
        ),
        lambda w: Profile.objects.filter(email="new@x.example").exists(),
        lambda w: (Profile.objects.get(email="new@x.example").pk, "new@x.example"),
    ),
    "profile update": Action(
        "profile.updated",
        lambda w: profile_update(profile=w.profile, first_name="Kim", tag_ids=[]),
        _profile_state,
        lambda w: (w.profile.pk, "kept@x.example"),
    ),
    "bulk addToGroup": Action(
        "profile.addedToGroup", _bulk("addToGroup", "spare_group"), _profile_state
    ),
    "bulk removeFromGroup": Action(
        "profile.removedFromGroup", _bulk("removeFromGroup", "group"), _profile_state
    ),
    "bulk addTag": Action("profile.tagged", _bulk("addTag", "spare_tag"), _profile_state),
    "bulk removeTag": Action("profile.untagged", _bulk("removeTag", "tag"), _profile_state),
    "bulk archive": Action("profile.archived", _bulk("archive"), _profile_state),
    "bulk delete": Action("profile.deleted", _bulk("delete"), _profile_state),
    "bulk restore": Action("profile.restored", _bulk("restore", on="retired"), _profile_state),
    "bulk unsubscribe": Action("profile.unsubscribed", _bulk("unsubscribe"), _profile_state),
    "category create": Action(
        "groupCategory.created",
        lambda w: groups.group_category_create(name="Fairs"),
        _rows(GroupCategory, "name", "is_active"),
        lambda w: (GroupCategory.objects.get(name="Fairs").pk, "Fairs"),
    ),
    "category update": Action(
        "groupCategory.updated",
        lambda w: groups.group_category_update(category=w.category, name="Shows"),
        _rows(GroupCategory, "name", "is_active"),
        lambda w: (w.category.pk, "Shows"),
    ),
    "category delete": Action(
        "groupCategory.deleted",
        lambda w: groups.group_category_delete(category=w.category),
        _rows(GroupCategory, "name", "is_active"),
        lambda w: (w.ids["category"], "Events"),
    ),
    "group create": Action(
        "group.created",
        lambda w: groups.group_create(name="Leads"),
        _rows(Group, "name", "category_id"),
        lambda w: (Group.objects.get(name="Leads").pk, "Leads"),
    ),
    "group update": Action(
        "group.updated",
        lambda w: groups.group_update(group=w.group, name="Clients"),
        _rows(Group, "name", "category_id"),
        lambda w: (w.group.pk, "Clients"),
    ),
    "group delete": Action(
        "group.deleted",
        lambda w: groups.group_delete(group=w.group),
        _rows(Group, "name", "category_id"),
        lambda w: (w.ids["group"], "Customers"),
    ),
    "tag create": Action(
        "tag.created",
        lambda w: tags.tag_create(name="Silver"),
        _rows(Tag, "name"),
        lambda w: (Tag.objects.get(name="Silver").pk, "Silver"),
    ),
    "tag update": Action(
        "tag.updated",
        lambda w: tags.tag_update(tag=w.tag, name="VVIP"),
        _rows(Tag, "name"),
        lambda w: (w.tag.pk, "VVIP"),
    ),
    "tag delete": Action(
        "tag.deleted",
        lambda w: tags.tag_delete(tag=w.tag),
        _rows(Tag, "name"),
        lambda w: (w.ids["tag"], "VIP"),
    ),
    "field create": Action(
        "profileField.created",
        lambda w: fields.profile_field_create(label="Age", field_type=FieldType.NUMBER, options=[]),
        _rows(ProfileField, "label", "options"),
        lambda w: (ProfileField.objects.get(label="Age").pk, "Age"),
    ),
    "field update": Action(
        "profileField.updated",
        lambda w: fields.profile_field_update(field=w.field, label="Foot size"),
        _rows(ProfileField, "label", "options"),
        lambda w: (w.field.pk, "Foot size"),
    ),
    "field delete": Action(
        "profileField.deleted",
        lambda w: fields.profile_field_delete(field=w.field),
        _rows(ProfileField, "label", "options"),
        lambda w: (w.ids["field"], "Shoe size"),
    ),
    "domain create": Action(
        "domain.created",
        lambda w: domains.managed_domain_create(domain="Mail.Example.com", domain_type=2),
        _rows(ManagedDomain, "domain", "domain_type"),
        lambda w: (ManagedDomain.objects.get(domain="mail.example.com").pk, "mail.example.com"),
    ),
    "domain delete": Action(
        "domain.deleted",
        lambda w: domains.managed_domain_delete(domain_id=w.domain.pk),
        _rows(ManagedDomain, "domain", "domain_type"),
        lambda w: (w.ids["domain"], "spam.example"),
    ),
    "rep save": Action(
        "rep.saved",
        lambda w: reps.rep_upsert(email="Rita@X.example", first_name="Rita"),
        _rows(Rep, "email", "first_name"),
        lambda w: (Rep.objects.get(email="rita@x.example").pk, "rita@x.example"),
    ),
    "import upload": Action(
        "import.uploaded",
        lambda w: import_upload(
            name="new people.csv",
            size=24,
            chunks=lambda: iter([b"email\nnew.person@x.example\n"]),
            kind="subscribers",
        ),
        lambda w: list(ProfileImport.objects.values_list("id", "file_name")),
        lambda w: (ProfileImport.objects.latest("id").pk, "new people.csv"),
    ),
    "import start": Action(
        "import.started",
        lambda w: import_start(import_id=w.upload.pk, mapping={"0": EMAIL}, enqueue=False),
        lambda w: (
            list(ProfileImport.objects.values_list("job_id", "mapping")),
            BackgroundJob.objects.count(),
        ),
        lambda w: (w.upload.pk, "people.csv"),
    ),
    "profile export start": Action(
        "export.started",
        lambda w: export_start(filters={}),
        lambda w: BackgroundJob.objects.count(),
        lambda w: (BackgroundJob.objects.get().pk, "Export Profiles"),
    ),
    "activity export start": Action(
        "export.started",
        lambda w: activity_export_start(
            member=w.member, filters=ActivityFilters(), time_zone="America/New_York"
        ),
        lambda w: BackgroundJob.objects.count(),
        lambda w: (BackgroundJob.objects.get().pk, "Export Activity"),
    ),
    "verification start": Action(
        "verification.started",
        lambda w: verification_run(member=w.member, scope="all"),
        lambda w: BackgroundJob.objects.count(),
        lambda w: (BackgroundJob.objects.get().pk, "Email Verification"),
    ),
    "access control change": Action(
        "accessControl.changed",
        lambda w: access_control_update(
            client=w.tenant.client, member=w.member, action="deleteProfiles", user_access=True
        ),
        lambda w: list(AccessRule.objects.filter(client=w.tenant.client).values_list("roles")),
        lambda w: (None, "deleteProfiles"),
    ),
}


@pytest.fixture
def world(in_alpha) -> World:
    made = _world(in_alpha)
    made.ids.update(
        category=made.category.pk,
        group=made.group.pk,
        tag=made.tag.pk,
        field=made.field.pk,
        domain=made.domain.pk,
    )
    return made


def _new_rows(before: int):
    return list(AuditLog.objects.filter(pk__gt=before).order_by("pk"))


def _last_id() -> int:
    return AuditLog.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


@pytest.mark.parametrize("name", list(ACTIONS))
def test_the_change_records_one_row_naming_who_how_and_what(world, name):
    action = ACTIONS[name]
    before, state = _last_id(), action.state(world)
    with audit_context(**ACTOR, client_address="10.9.8.7"):
        action.act(world)
    assert action.state(world) != state, "the action changed nothing"
    rows = _new_rows(before)
    assert [row.event_type for row in rows] == [action.event]
    row = rows[0]
    assert (row.actor_id, row.actor_email, row.path, row.client_address) == (
        41,
        "ann@alpha.example",
        "ui",
        "10.9.8.7",
    )
    assert (row.object_id, row.object_label) == action.names(world)


@pytest.mark.parametrize("name", list(ACTIONS))
def test_a_rolled_back_change_leaves_no_row(world, name):
    action = ACTIONS[name]
    before, state = _last_id(), action.state(world)
    with pytest.raises(Rollback), transaction.atomic():
        action.act(world)
        assert len(_new_rows(before)) == 1
        raise Rollback
    assert _new_rows(before) == [] and action.state(world) == state


@pytest.mark.parametrize("name", list(ACTIONS))
def test_a_row_that_cannot_be_written_undoes_the_change(world, name, monkeypatch):
    action = ACTIONS[name]
    before, state = _last_id(), action.state(world)

    def refuse(self, *args, **kwargs):
        raise RuntimeError("the audit row could not be written")

    monkeypatch.setattr(AuditLog, "save", refuse)
    with pytest.raises(RuntimeError, match="audit row"):
        action.act(world)
    assert action.state(world) == state and _new_rows(before) == []


def test_bulk_rows_count_the_profiles_changed_and_name_the_group(world):
    other = Profile.objects.create(email="other@x.example")
    before = _last_id()
    profiles_bulk_action(
        client=world.tenant.client,
        action="addToGroup",
        profile_ids=[world.profile.pk, other.pk, world.profile.pk],
        group_id=world.group.pk,
    )
    (row,) = _new_rows(before)
    assert row.extra == {
        "count": 1,  # the first profile was in the group already
        "ids": [world.profile.pk, other.pk],
        "group": "Customers",
        "groupId": world.group.pk,
    }
    # Nothing changed: nothing recorded.
    profiles_bulk_action(
        client=world.tenant.client,
        action="addTag",
        profile_ids=[world.profile.pk],
        tag_id=world.tag.pk,
    )
    assert _new_rows(before) == [row]


def test_an_update_records_the_names_of_what_it_set_never_the_values(world):
    before = _last_id()
    profile_update(
        profile=world.profile, email="moved@x.example", first_name="Kim", group_ids=[world.group.pk]
    )
    (row,) = _new_rows(before)
    assert row.object_label == "moved@x.example"
    assert row.extra == {"fields": ["email", "first_name", "groups"]}


def test_a_finished_import_is_recorded_by_the_import_for_its_starter(in_alpha, settings):
    from marketing.audience.services.imports import import_upload
    from marketing.audience.services.imports.pipeline import import_run
    from marketing.audience.services.imports.reading import text_chunks

    settings.IMPORT_PARALLEL_MIN_BYTES = 10**12
    settings.IMPORT_BULK_MIN_ROWS = 10**9
    in_alpha.client.plan = None
    in_alpha.client.save()
    content = b"email\na@x.example\nb@x.example\nnot-an-email\n"
    record, _ = import_upload(
        name="people.csv", size=len(content), chunks=text_chunks(content), kind="subscribers"
    )
    with audit_context(actor_id=5, actor_email="kim@alpha.example", path=AuditPath.UI):
        import_start(
            import_id=record.pk,
            mapping={"0": EMAIL},
            started_by_id=5,
            started_by_email="kim@alpha.example",
            enqueue=False,
        )
    before = _last_id()
    import_run(record.pk)  # in the worker: no audit context of its own
    (row,) = _new_rows(before)
    assert (row.event_type, row.object_id, row.object_label) == (
        "import.finished",
        record.pk,
        "people.csv",
    )
    assert (row.actor_id, row.actor_email, row.path) == (5, "kim@alpha.example", "import")
    assert row.extra == {
        "kind": "subscribers",
        "rows": 3,
        "inserted": 2,
        "updated": 0,
        "invalid": 1,
        "duplicate": 0,
    }
