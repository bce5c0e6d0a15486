"""Segment writes: create, update, delete, and a static segment's snapshot. Every change
records its audit row in its own transaction.

Rules enforced here: names unique whatever their case (spec 5.4); at least one website,
each one of the client's (spec 5.8); a static segment cannot be renamed or have its
websites changed (spec 5.8), and a segment keeps its type; every rule names a field,
operator and values that fit the client's field registry (`rules_check`)."""

from datetime import timedelta

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from core.messages import NUMBER_EXPECTED
from marketing.segments import messages
from marketing.segments.compiler import OPERATORS_BY_TYPE
from marketing.segments.models import Segment, SegmentMember, SegmentType
from marketing.segments.rules import AndGroup, FieldRule, OrGroup, tree_dump
from marketing.segments.selectors import segment_count, segment_fields, segment_snapshot_sql
from tenants.access import Member
from tenants.messages import UNKNOWN_WEBSITE


def _refused(field: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={field: [message]})


def _field_problem(rule: FieldRule, fields) -> str | None:
    f = fields.get(rule.field)
    if f is None:
        return messages.UNKNOWN_FIELD
    if rule.operator not in OPERATORS_BY_TYPE.get(f.type, ()):
        return messages.OPERATOR_NOT_FOR_FIELD
    op = rule.operator
    if f.type == "number" and op in ("equals", "notEquals", "greaterThan", "lessThan"):
        if isinstance(rule.value, bool) or not isinstance(rule.value, int | float):
            return NUMBER_EXPECTED
    if f.type in ("text", "email") and op not in ("isEmpty", "isNotEmpty"):
        if not isinstance(rule.value, str):
            return messages.TEXT_EXPECTED
    if f.type == "boolean" and not isinstance(rule.value, bool):
        return messages.YES_NO_EXPECTED
    if f.type == "rep" and op in ("in", "notIn"):
        if not all(isinstance(v, int) for v in rule.values):
            return messages.UNKNOWN_OPTION
    if f.options and op in ("in", "notIn", "containsAny", "containsAll", "notContainsAny"):
        if any(str(v) not in f.options for v in rule.values):
            return messages.UNKNOWN_OPTION
    return None


def rules_check(tree: AndGroup | OrGroup, *, fields=None) -> None:
    """Every field rule names a field of the client (standard or custom), an operator its
    type has, and values of that type (one of its options where it has them). Errors
    are keyed by the rule's path in the tree (`rules.0.rules.2`)."""
    fields = fields if fields is not None else segment_fields()
    errors: dict[str, list[str]] = {}

    def walk(node, path: str) -> None:
        if isinstance(node, AndGroup | OrGroup):
            for index, child in enumerate(node.rules):
                walk(child, f"{path}.{index}")
        elif isinstance(node, FieldRule) and (problem := _field_problem(node, fields)):
            errors.setdefault(path, []).append(problem)

    walk(node=tree, path="rules")
    if errors:
        raise ValidationFailed(next(iter(errors.values()))[0], errors=errors)


def websites_check(website_ids: list[int], *, client_website_ids: list[int]) -> list[int]:
    if not website_ids:
        raise _refused("websiteIds", messages.WEBSITE_REQUIRED)
    if set(website_ids) - set(client_website_ids):
        raise _refused("websiteIds", UNKNOWN_WEBSITE)
    return sorted(set(website_ids))


def _name_taken(name: str, *, exclude: int | None = None) -> bool:
    return Segment.objects.filter(name__iexact=name).exclude(pk=exclude).exists()


def _save(segment: Segment) -> None:
    if _name_taken(segment.name, exclude=segment.pk):
        raise _refused("name", messages.NAME_TAKEN)
    try:
        with transaction.atomic():
            segment.save()
    except IntegrityError as exc:  # a concurrent save of the same name
        raise _refused("name", messages.NAME_TAKEN) from exc


def _freeze(segment: Segment, tree, *, time_zone: str) -> int:
    """Replace a static segment's snapshot by the tree's profiles now: one INSERT ...
    SELECT of the compiled query. Returns how many."""
    SegmentMember.objects.filter(segment_id=segment.pk).delete()
    sql = segment_snapshot_sql(segment, tree, time_zone=time_zone)
    with connection.cursor() as cursor:
        cursor.execute(sql.text, sql.params)
        frozen = cursor.rowcount
    segment.frozen_at = timezone.now()
    return frozen


def _count(segment: Segment, *, time_zone: str) -> None:
    segment.profile_count = segment_count(segment, time_zone=time_zone)
    segment.counted_at = timezone.now()
    segment.save(update_fields=["profile_count", "counted_at", "frozen_at"])


def segment_create(
    *,
    member: Member | None,
    name: str,
    segment_type: str,
    tree: AndGroup | OrGroup,
    website_ids: list[int],
    client_website_ids: list[int],
    time_zone: str = "UTC",
) -> Segment:
    """A static segment is frozen at once (its snapshot taken in the same transaction)."""
    rules_check(tree)
    now = timezone.now()
    segment = Segment(
        name=name.strip(),
        segment_type=segment_type,
        rules=tree_dump(tree),
        website_ids=websites_check(website_ids, client_website_ids=client_website_ids),
        created_by_id=member.user_id if member else None,
        created_by_email=member.email if member else "",
        updated_by_id=member.user_id if member else None,
        updated_by_email=member.email if member else "",
        created_at=now,
        updated_at=now,
    )
    with transaction.atomic():
        _save(segment)
        if segment_type == SegmentType.STATIC:
            _freeze(segment, tree, time_zone=time_zone)
        _count(segment, time_zone=time_zone)
        audit_record(
            AuditEvent.SEGMENT_CREATED,
            object_id=segment.pk,
            label=segment.name,
            extra={"type": segment_type, "count": segment.profile_count},
        )
    return segment


def segment_update(
    *,
    segment: Segment,
    member: Member | None,
    name: str | None = None,
    segment_type: str | None = None,
    tree: AndGroup | OrGroup | None = None,
    website_ids: list[int] | None = None,
    client_website_ids: list[int],
    time_zone: str = "UTC",
) -> Segment:
    """Changes what is given. A static segment keeps its name and websites (spec 5.8);
    new rules take a new snapshot. No segment changes its type."""
    static = segment.segment_type == SegmentType.STATIC
    changed = []
    if segment_type is not None and segment_type != segment.segment_type:
        raise _refused("type", messages.TYPE_FIXED)
    if name is not None and name.strip() != segment.name:
        if static:
            raise _refused("name", messages.STATIC_FIXED)
        segment.name = name.strip()
        changed.append("name")
    if website_ids is not None:
        websites = websites_check(website_ids, client_website_ids=client_website_ids)
        if websites != sorted(segment.website_ids):
            if static:
                raise _refused("websiteIds", messages.STATIC_FIXED)
            segment.website_ids = websites
            changed.append("websiteIds")
    if tree is not None:
        rules_check(tree)
        rules = tree_dump(tree)
        if rules != segment.rules:
            segment.rules = rules
            changed.append("rules")
    if not changed:
        return segment
    segment.updated_at = timezone.now()
    segment.updated_by_id = member.user_id if member else None
    segment.updated_by_email = member.email if member else ""
    with transaction.atomic():
        _save(segment)
        if static and "rules" in changed:
            _freeze(segment, tree, time_zone=time_zone)
        _count(segment, time_zone=time_zone)
        audit_record(
            AuditEvent.SEGMENT_UPDATED,
            object_id=segment.pk,
            label=segment.name,
            extra={"fields": changed, "count": segment.profile_count},
        )
    return segment


def segment_delete(*, segment: Segment) -> None:
    with transaction.atomic():
        audit_record(AuditEvent.SEGMENT_DELETED, object_id=segment.pk, label=segment.name)
        segment.delete()


def dynamic_counts_refresh(*, time_zone: str, older_than: timedelta) -> int:
    """Recount the dynamic segments counted longer ago than `older_than`, oldest first, so
    that the list's counts follow time-relative rules ("opened in the last 30 days") and
    profile changes between saves. Each count is its own short write (no audit row: nothing
    a person did). Returns how many were recounted."""
    stale = Segment.objects.filter(
        segment_type=SegmentType.DYNAMIC, counted_at__lt=timezone.now() - older_than
    ).order_by("counted_at")
    recounted = 0
    for segment in stale.iterator():
        count = segment_count(segment, time_zone=time_zone)
        Segment.objects.filter(pk=segment.pk).update(profile_count=count, counted_at=timezone.now())
        recounted += 1
    return recounted
