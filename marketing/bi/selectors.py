"""Reads of BI segments, and their counts: the tree counted by the segments engine in each
client's schema, in the client's time zone, one SELECT per client (nothing is written in a
client's schema), then combined."""

from dataclasses import dataclass

from django.db.models import F, QuerySet

from core.errors import NotFound
from core.tenancy import clients_each
from marketing.bi.messages import BI_SEGMENT_NOT_FOUND
from marketing.bi.models import BiSegment
from marketing.segments.selectors import rules_count

BI_SORTS = {
    "name": ("name",),
    "count": ("profile_count",),
    "createdAt": ("created_at",),
    "updatedAt": ("updated_at",),
}
BI_SORT_CHOICES = [*BI_SORTS, *(f"-{key}" for key in BI_SORTS)]


@dataclass(frozen=True)
class ClientCount:
    client_id: int
    client_name: str
    count: int


def bi_segment_list(*, search: str = "", sort: str = "-updatedAt") -> QuerySet[BiSegment]:
    columns = BI_SORTS[sort.lstrip("-")]
    descending = sort.startswith("-")
    order = [
        F(c).desc(nulls_last=True) if descending else F(c).asc(nulls_first=True) for c in columns
    ]
    segments = BiSegment.objects.order_by(*order, "id")
    if search.strip():
        segments = segments.filter(name__icontains=search.strip())
    return segments


def bi_segment_get(*, segment_id: int) -> BiSegment:
    segment = BiSegment.objects.filter(pk=segment_id).first()
    if segment is None:
        raise NotFound(BI_SEGMENT_NOT_FOUND)
    return segment


def bi_count(tree) -> list[ClientCount]:
    """The tree's live count in every client, by client name (a checked tree: services.
    bi_rules_check)."""
    return [
        ClientCount(
            client.pk, client.name, rules_count(tree, time_zone=client.time_zone, custom=False)
        )
        for client in clients_each()
    ]
