"""Writes of BI segments (public schema). A tree may use only what every client has
(profile fields of the registry and email activity, subscription and CSB state): group
and tag ids and custom fields are one client's own."""

from django.db import IntegrityError, transaction
from django.utils import timezone

from core.errors import ValidationFailed, invalid_field
from marketing.bi.messages import BI_NAME_TAKEN, BI_RULES_EVERY_CLIENT
from marketing.bi.models import BiSegment
from marketing.bi.selectors import bi_count
from marketing.segments.rules import tree_parse
from marketing.segments.selectors import segment_fields
from marketing.segments.services.segments import rules_check
from tenants.access import Member

CLIENT_OWN_RULES = frozenset({"groups", "tags"})


def bi_rules_check(tree) -> None:
    def walk(node, path: str) -> None:
        if node.type in ("and", "or"):
            for index, child in enumerate(node.rules):
                walk(child, f"{path}.{index}")
        elif node.type in CLIENT_OWN_RULES or (
            node.type == "field" and node.field.startswith("custom.")
        ):
            raise ValidationFailed(BI_RULES_EVERY_CLIENT, errors={path: [BI_RULES_EVERY_CLIENT]})

    walk(tree, "rules")
    rules_check(tree, fields=segment_fields(custom=False))


def _name_taken(name: str, *, exclude: int | None = None) -> bool:
    return BiSegment.objects.filter(name__iexact=name).exclude(pk=exclude).exists()


def _save(segment: BiSegment, tree) -> BiSegment:
    """Count in every client, then save; the per-client counts ride on the returned
    segment (`client_counts`), so the answer needs no second count."""
    segment.client_counts = bi_count(tree)
    segment.profile_count = sum(c.count for c in segment.client_counts)
    segment.counted_at = timezone.now()
    try:
        with transaction.atomic():
            segment.save()
    except IntegrityError as exc:
        if "bi_segment_name_ci_unique" in str(exc):
            raise invalid_field("name", BI_NAME_TAKEN) from exc
        raise
    return segment


def bi_segment_create(*, member: Member, name: str, tree) -> BiSegment:
    bi_rules_check(tree)
    if _name_taken(name):
        raise invalid_field("name", BI_NAME_TAKEN)
    segment = BiSegment(
        name=name,
        rules=tree.model_dump(mode="json", exclude_none=True),
        created_by_id=member.user_id,
        created_by_email=member.email,
        updated_by_email=member.email,
    )
    return _save(segment, tree)


def bi_segment_update(*, member: Member, segment: BiSegment, name: str | None, tree) -> BiSegment:
    if tree is not None:
        bi_rules_check(tree)
        segment.rules = tree.model_dump(mode="json", exclude_none=True)
    if name is not None:
        if _name_taken(name, exclude=segment.pk):
            raise invalid_field("name", BI_NAME_TAKEN)
        segment.name = name
    segment.updated_by_email = member.email
    segment.updated_at = timezone.now()
    return _save(segment, tree if tree is not None else tree_parse(segment.rules))


def bi_segment_delete(*, segment: BiSegment) -> None:
    segment.delete()
