"""Profiles (contacts): add, edit and the list's bulk actions (spec 3, 5.7, 6 plan limits).

Bulk actions are set-based: one INSERT ... ON CONFLICT DO NOTHING or one UPDATE/DELETE per
call, whatever the number of profiles."""

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import PermissionDenied, ValidationFailed
from core.profile_events import ProfileEvent, profile_events_announce, profile_events_listened
from marketing.audience.messages import (
    BULK_DONE,
    CRM_DELETE,
    CRM_UPDATE,
    EMAIL_EXISTS,
    GROUP_REQUIRED,
    NOTHING_TO_DO,
    SAME_EMAIL,
    SELECT_GROUP,
    SELECT_TAG,
    UNKNOWN_ACTION,
    UNKNOWN_IDS,
    UNKNOWN_REP,
)
from marketing.audience.models import (
    Group,
    Profile,
    ProfileGroup,
    ProfileSource,
    ProfileTag,
    Rep,
    Tag,
    Unsubscribe,
)
from marketing.audience.profile_fields import Kind, profile_fields
from marketing.audience.services.email_rule import InvalidEmail, email_normalise
from marketing.audience.services.fields import custom_values_clean, custom_values_merge
from tenants.models import Client
from tenants.plan_limits import Module, plan_limit_enforce

UNSUBSCRIBE_SOURCE = "manual"

# What an explicit null sets, by kind: text columns are NOT NULL.
_CLEARED = {Kind.TEXT: "", Kind.BOOLEAN: False}


def _detail_fields() -> dict[str, Kind]:
    """The plain columns a person sets on add and edit (the registry's editable fields; the
    email and the rep have parameters of their own)."""
    return {f.column: f.kind for f in profile_fields(editable=True) if f.kind in _CLEARED}


def _invalid(field: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={field: [message]})


def _check_ids(model, ids: list[int], field: str, label: str) -> list[int]:
    ids = list(dict.fromkeys(ids))
    found = set(model.objects.filter(pk__in=ids).values_list("pk", flat=True))
    missing = [i for i in ids if i not in found]
    if missing:
        raise _invalid(field, UNKNOWN_IDS.format(label=label, ids=", ".join(map(str, missing))))
    return ids


def _check_rep(rep_id: int | None) -> None:
    if rep_id is not None and not Rep.objects.filter(pk=rep_id).exists():
        raise _invalid("repId", UNKNOWN_REP)


def _details(details: dict[str, Any]) -> dict[str, Any]:
    kinds = _detail_fields()
    unknown = set(details) - set(kinds)
    if unknown:
        raise TypeError(f"not profile details: {sorted(unknown)}")
    # An explicit null clears a value.
    return {key: _CLEARED[kinds[key]] if value is None else value for key, value in details.items()}


def _email(email: str) -> str:
    """The one email rule (services/email_rule.py); the API has applied it already."""
    try:
        return email_normalise(email)
    except InvalidEmail as exc:
        raise _invalid("email", str(exc)) from None


def _set_links(profile: Profile, *, group_ids: list[int] | None, tag_ids: list[int] | None):
    for model, column, wanted, kind in (
        (ProfileGroup, "group_id", group_ids, "group"),
        (ProfileTag, "tag_id", tag_ids, "tag"),
    ):
        if wanted is None:
            continue
        before = set(model.objects.filter(profile=profile).values_list(column, flat=True))
        model.objects.filter(profile=profile).exclude(**{f"{column}__in": wanted}).delete()
        model.objects.bulk_create(
            [model(profile=profile, **{column: target}) for target in wanted],
            ignore_conflicts=True,
        )
        for target in set(wanted) - before:
            links_changed_announce(f"{kind}Added", target, [profile.pk])
        for target in before - set(wanted):
            links_changed_announce(f"{kind}Removed", target, [profile.pk])


def fields_changed_announce(profile_ids: list[int], names: list[str]) -> None:
    """Tell the workflow engine which fields of these profiles changed (`fieldChanged`,
    keyed by the field's API key: `city`, `custom.plan`)."""
    if not profile_ids or not names or not profile_events_listened():
        return
    keys = {f.column: f.key for f in profile_fields()}
    at = timezone.now().isoformat()
    for name in names:
        key = keys.get(name, name)
        profile_events_announce(
            "fieldChanged",
            key,
            [ProfileEvent(pid, f"field:{key}:{at}", {"field": key}) for pid in profile_ids],
        )


def profile_create(
    *,
    client: Client,
    email: str,
    group_ids: list[int] | None = None,
    tag_ids: list[int] | None = None,
    rep_id: int | None = None,
    custom: dict[str, Any] | None = None,
    source: str = ProfileSource.ADD_PROFILE,
    **details: Any,
) -> Profile:
    """Add a profile: email unique (stored stripped and lower-cased), at least one group,
    custom values valid for their field types, and within the plan's Contacts limit (checked
    under the plan lock in this transaction)."""
    email = _email(email)
    if not group_ids:
        raise _invalid("groupIds", GROUP_REQUIRED)
    group_ids = _check_ids(Group, group_ids, "groupIds", "group")
    tag_ids = _check_ids(Tag, tag_ids or [], "tagIds", "tag")
    _check_rep(rep_id)
    values = custom_values_merge({}, custom_values_clean(custom or {}))
    fields = _details(details)
    with transaction.atomic():
        if Profile.objects.filter(email=email).exists():
            raise _invalid("email", EMAIL_EXISTS)
        plan_limit_enforce(client=client, module=Module.CONTACTS)
        try:
            with transaction.atomic():
                profile = Profile.objects.create(
                    email=email, rep_id=rep_id, custom=values, source=source, **fields
                )
        except IntegrityError as exc:
            raise _invalid("email", EMAIL_EXISTS) from exc
        _set_links(profile, group_ids=group_ids, tag_ids=tag_ids)
        audit_record(AuditEvent.PROFILE_CREATED, object_id=profile.pk, label=email)
    return profile


_UNSET: Any = object()


def profile_update(
    *,
    profile: Profile,
    email: str | None = None,
    group_ids: list[int] | None = None,
    tag_ids: list[int] | None = None,
    rep_id: int | None = _UNSET,
    custom: dict[str, Any] | None = None,
    **details: Any,
) -> Profile:
    """Edit any subset of a profile's fields. CRM profiles are read-only here; a new email
    must differ from the current one and be free; the profile keeps at least one group;
    custom values merge into the current ones (null clears a value)."""
    if profile.source == ProfileSource.CRM:
        raise PermissionDenied(CRM_UPDATE)
    fields = _details(details)
    if email is not None:
        email = _email(email)
        if email == profile.email:
            raise _invalid("email", SAME_EMAIL)
        fields["email"] = email
    if group_ids is not None:
        if not group_ids:
            raise _invalid("groupIds", GROUP_REQUIRED)
        group_ids = _check_ids(Group, group_ids, "groupIds", "group")
    if tag_ids is not None:
        tag_ids = _check_ids(Tag, tag_ids, "tagIds", "tag")
    if rep_id is not _UNSET:
        _check_rep(rep_id)
        fields["rep_id"] = rep_id
    if custom:
        fields["custom"] = custom_values_merge(profile.custom, custom_values_clean(custom))
    with transaction.atomic():
        if "email" in fields and Profile.objects.filter(email=email).exists():
            raise _invalid("email", EMAIL_EXISTS)
        fields["updated_at"] = timezone.now()
        try:
            with transaction.atomic():
                Profile.objects.filter(pk=profile.pk).update(**fields)
        except IntegrityError as exc:
            raise _invalid("email", EMAIL_EXISTS) from exc
        _set_links(profile, group_ids=group_ids, tag_ids=tag_ids)
        fields_changed_announce(
            [profile.pk], [n for n in _changed_names(fields, custom) if n not in ("rep_id",)]
        )
        audit_record(
            AuditEvent.PROFILE_UPDATED,
            object_id=profile.pk,
            label=fields.get("email", profile.email),
            extra={"fields": _changed_names(fields, custom, groups=group_ids, tags=tag_ids)},
        )
    return profile


def _changed_names(fields: dict, custom: dict | None, **links: list[int] | None) -> list[str]:
    """What an edit set (names only, never values): for the audit trail."""
    names = set(fields) - {"updated_at", "custom"}
    names |= {f"custom.{key}" for key in custom or {}}
    names |= {name for name, ids in links.items() if ids is not None}
    return sorted(names)


@dataclass(frozen=True)
class BulkResult:
    affected: int
    skipped: int
    message: str


def _result(affected: int, requested: int, message: str = BULK_DONE) -> BulkResult:
    return BulkResult(affected, requested - affected, message if affected else NOTHING_TO_DO)


def _add_links(table: str, column: str, target_id: int, ids: list[int]) -> list[int]:
    """The profiles linked by this call (those not linked before)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (profile_id, {column}) "
            f"SELECT p.id, %s FROM {Profile._meta.db_table} p "
            "WHERE p.id = ANY(%s) AND p.deleted_at IS NULL "
            "ON CONFLICT DO NOTHING RETURNING profile_id",
            [target_id, ids],
        )
        return [row[0] for row in cursor.fetchall()]


def links_changed_announce(kind: str, target_id: int, profile_ids: list[int]) -> None:
    """Tell the workflow engine (core/profile_events.py) which profiles were added to or
    removed from a group or tag: `kind` is groupAdded, groupRemoved, tagAdded or
    tagRemoved, the key the group's or tag's id; each change is its own occurrence."""
    if not profile_ids or not profile_events_listened():
        return
    at = timezone.now().isoformat()
    profile_events_announce(
        kind,
        str(target_id),
        [
            ProfileEvent(pid, f"{kind}:{target_id}:{at}", {f"{kind[:3]}Id": target_id})
            for pid in profile_ids
        ],
    )


def _named(model, pk: int) -> dict:
    """The group or tag a bulk action names, as the audit trail keeps it (its name then)."""
    key = model._meta.model_name
    return {f"{key}Id": pk, key: model.objects.values_list("name", flat=True).get(pk=pk)}


def profiles_group_add(*, profile_ids: list[int], group_id: int) -> BulkResult:
    """Adds the (not deleted) profiles to the group; members already in it are skipped."""
    ids = list(dict.fromkeys(profile_ids))
    _check_ids(Group, [group_id], "groupId", "group")
    with transaction.atomic():
        linked = _add_links(ProfileGroup._meta.db_table, "group_id", group_id, ids)
        added = len(linked)
        audit_record(
            AuditEvent.PROFILES_ADDED_TO_GROUP, count=added, ids=ids, extra=_named(Group, group_id)
        )
        links_changed_announce("groupAdded", group_id, linked)
    return _result(added, len(ids))


def profiles_group_remove(*, profile_ids: list[int], group_id: int) -> BulkResult:
    """Removes the profiles from the group, except where it is a profile's only group
    (a profile keeps at least one group)."""
    ids = list(dict.fromkeys(profile_ids))
    _check_ids(Group, [group_id], "groupId", "group")
    other_group = ProfileGroup.objects.filter(profile_id=OuterRef("profile_id")).exclude(
        group_id=group_id
    )
    with transaction.atomic():
        leaving = ProfileGroup.objects.filter(group_id=group_id, profile_id__in=ids).filter(
            Exists(other_group)
        )
        gone = (
            list(leaving.values_list("profile_id", flat=True)) if profile_events_listened() else []
        )
        removed, _ = leaving.delete()
        links_changed_announce("groupRemoved", group_id, gone)
        audit_record(
            AuditEvent.PROFILES_REMOVED_FROM_GROUP,
            count=removed,
            ids=ids,
            extra=_named(Group, group_id),
        )
    if not removed and ProfileGroup.objects.filter(group_id=group_id, profile_id__in=ids).exists():
        return BulkResult(0, len(ids), GROUP_REQUIRED)
    return _result(removed, len(ids))


def profiles_tag_add(*, profile_ids: list[int], tag_id: int) -> BulkResult:
    ids = list(dict.fromkeys(profile_ids))
    _check_ids(Tag, [tag_id], "tagId", "tag")
    with transaction.atomic():
        linked = _add_links(ProfileTag._meta.db_table, "tag_id", tag_id, ids)
        added = len(linked)
        audit_record(AuditEvent.PROFILES_TAGGED, count=added, ids=ids, extra=_named(Tag, tag_id))
        links_changed_announce("tagAdded", tag_id, linked)
    return _result(added, len(ids))


def profiles_tag_remove(*, profile_ids: list[int], tag_id: int) -> BulkResult:
    ids = list(dict.fromkeys(profile_ids))
    _check_ids(Tag, [tag_id], "tagId", "tag")
    with transaction.atomic():
        leaving = ProfileTag.objects.filter(tag_id=tag_id, profile_id__in=ids)
        gone = (
            list(leaving.values_list("profile_id", flat=True)) if profile_events_listened() else []
        )
        removed, _ = leaving.delete()
        links_changed_announce("tagRemoved", tag_id, gone)
        audit_record(
            AuditEvent.PROFILES_UNTAGGED, count=removed, ids=ids, extra=_named(Tag, tag_id)
        )
    return _result(removed, len(ids))


def _retire(ids: list[int], *, column: str, extra: Q, event: AuditEvent) -> BulkResult:
    live = Profile.objects.filter(Q(pk__in=ids, deleted_at__isnull=True) & extra)
    with transaction.atomic():
        changed = live.exclude(source=ProfileSource.CRM).update(
            **{column: timezone.now(), "updated_at": timezone.now()}
        )
        audit_record(event, count=changed, ids=ids)
    if not changed and live.exists() and not live.exclude(source=ProfileSource.CRM).exists():
        return BulkResult(0, len(ids), CRM_DELETE)
    return _result(changed, len(ids))


def profiles_archive(*, profile_ids: list[int]) -> BulkResult:
    """Archives profiles (they stop counting against the plan); CRM profiles are skipped."""
    ids = list(dict.fromkeys(profile_ids))
    return _retire(
        ids,
        column="archived_at",
        extra=Q(archived_at__isnull=True),
        event=AuditEvent.PROFILES_ARCHIVED,
    )


def profiles_delete(*, profile_ids: list[int]) -> BulkResult:
    """Soft-deletes profiles (`deleted_at`); CRM profiles are skipped."""
    ids = list(dict.fromkeys(profile_ids))
    return _retire(ids, column="deleted_at", extra=Q(), event=AuditEvent.PROFILES_DELETED)


def profiles_restore(*, client: Client, profile_ids: list[int]) -> BulkResult:
    """Brings deleted or archived profiles back (clears both marks). Those become billable
    again, so the plan's Contacts limit is checked for them in this transaction."""
    ids = list(dict.fromkeys(profile_ids))
    retired = Profile.objects.filter(
        Q(deleted_at__isnull=False) | Q(archived_at__isnull=False), pk__in=ids
    )
    with transaction.atomic():
        returning = retired.filter(is_active=True).count()
        if returning:
            plan_limit_enforce(client=client, module=Module.CONTACTS, adding=returning)
        restored = retired.update(deleted_at=None, archived_at=None, updated_at=timezone.now())
        audit_record(AuditEvent.PROFILES_RESTORED, count=restored, ids=ids)
    return _result(restored, len(ids))


def profiles_unsubscribe(*, profile_ids: list[int], source: str = UNSUBSCRIBE_SOURCE) -> BulkResult:
    """Opts the profiles out (`unsubscribed_at`, `unsubscribe_source`) and logs one
    Unsubscribe row each, in one statement; profiles already out are skipped."""
    ids = list(dict.fromkeys(profile_ids))
    profiles, log = Profile._meta.db_table, Unsubscribe._meta.db_table
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"WITH out AS (UPDATE {profiles} SET unsubscribed_at = now(), "
            "unsubscribe_source = %s, updated_at = now() "
            "WHERE id = ANY(%s) AND unsubscribed_at IS NULL AND deleted_at IS NULL "
            "RETURNING id, email) "
            f"INSERT INTO {log} (email, profile_id, source, reason, created_at) "
            "SELECT email, id, %s, '', now() FROM out RETURNING profile_id",
            [source, ids, source],
        )
        out = [row[0] for row in cursor.fetchall()]
        unsubscribed = len(out)
        if out and profile_events_listened():
            at = timezone.now().isoformat()
            profile_events_announce(
                "emailActivity",
                "unsubscribeFromAll",
                [ProfileEvent(pid, f"unsubscribed:{at}", {"source": source}) for pid in out],
            )
        audit_record(AuditEvent.PROFILES_UNSUBSCRIBED, count=unsubscribed, ids=ids)
    return _result(unsubscribed, len(ids))


BULK_ACTIONS = (
    "addToGroup",
    "removeFromGroup",
    "addTag",
    "removeTag",
    "archive",
    "delete",
    "restore",
    "unsubscribe",
)


def profiles_bulk_action(
    *,
    client: Client,
    action: str,
    profile_ids: list[int],
    group_id: int | None = None,
    tag_id: int | None = None,
) -> BulkResult:
    """The profile list's bulk actions; group actions need a group, tag actions a tag."""
    if action in ("addToGroup", "removeFromGroup") and group_id is None:
        raise _invalid("groupId", SELECT_GROUP)
    if action in ("addTag", "removeTag") and tag_id is None:
        raise _invalid("tagId", SELECT_TAG)
    match action:
        case "addToGroup":
            return profiles_group_add(profile_ids=profile_ids, group_id=group_id)
        case "removeFromGroup":
            return profiles_group_remove(profile_ids=profile_ids, group_id=group_id)
        case "addTag":
            return profiles_tag_add(profile_ids=profile_ids, tag_id=tag_id)
        case "removeTag":
            return profiles_tag_remove(profile_ids=profile_ids, tag_id=tag_id)
        case "archive":
            return profiles_archive(profile_ids=profile_ids)
        case "delete":
            return profiles_delete(profile_ids=profile_ids)
        case "restore":
            return profiles_restore(client=client, profile_ids=profile_ids)
        case "unsubscribe":
            return profiles_unsubscribe(profile_ids=profile_ids)
    raise _invalid("action", UNKNOWN_ACTION)
