from django.db.models import Count, Q, QuerySet

from core.errors import NotFound
from marketing.audience.messages import TAG_NOT_FOUND
from marketing.audience.models import Tag

TAG_SORTS = {"name": ("name", "id"), "createdAt": ("created_at", "id")}
TAG_SORT_CHOICES = [*TAG_SORTS, *(f"-{key}" for key in TAG_SORTS)]


def tag_list(*, search: str = "", sort: str = "name") -> QuerySet[Tag]:
    """Tags with their count of (not deleted) profiles."""
    columns = TAG_SORTS[sort.lstrip("-")]
    order = [f"-{c}" if sort.startswith("-") else c for c in columns]
    queryset = Tag.objects.annotate(
        profile_count=Count("profiles", filter=Q(profiles__deleted_at__isnull=True))
    ).order_by(*order)
    if search.strip():
        queryset = queryset.filter(name__icontains=search.strip())
    return queryset


def tag_get(*, tag_id: int) -> Tag:
    tag = tag_list().filter(pk=tag_id).first()
    if tag is None:
        raise NotFound(TAG_NOT_FOUND)
    return tag


def tag_names(ids) -> dict[int, str]:
    """The names of these tags that exist, by id."""
    return dict(Tag.objects.filter(pk__in=list(ids)).values_list("pk", "name"))
