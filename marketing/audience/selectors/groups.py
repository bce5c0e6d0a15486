from django.db.models import Count, F, Q, QuerySet

from core.errors import NotFound
from marketing.audience.messages import CATEGORY_NOT_FOUND, GROUP_NOT_FOUND
from marketing.audience.models import Group, GroupCategory

GROUP_SORTS = {"name": ("name", "id"), "createdAt": ("created_at", "id")}
GROUP_SORT_CHOICES = [*GROUP_SORTS, *(f"-{key}" for key in GROUP_SORTS)]


def group_category_list(*, search: str = "") -> QuerySet[GroupCategory]:
    queryset = GroupCategory.objects.annotate(group_count=Count("groups")).order_by("name", "id")
    if search.strip():
        queryset = queryset.filter(name__icontains=search.strip())
    return queryset


def group_category_get(*, category_id: int) -> GroupCategory:
    category = group_category_list().filter(pk=category_id).first()
    if category is None:
        raise NotFound(CATEGORY_NOT_FOUND)
    return category


def group_list(
    *, search: str = "", category_id: int | None = None, sort: str = "name"
) -> QuerySet[Group]:
    """Groups with their category and count of (not deleted) profiles."""
    columns = GROUP_SORTS[sort.lstrip("-")]
    order = [f"-{c}" if sort.startswith("-") else c for c in columns]
    queryset = Group.objects.annotate(
        category_name=F("category__name"),
        profile_count=Count("profiles", filter=Q(profiles__deleted_at__isnull=True)),
    ).order_by(*order)
    if search.strip():
        queryset = queryset.filter(name__icontains=search.strip())
    if category_id is not None:
        queryset = queryset.filter(category_id=category_id)
    return queryset


def group_get(*, group_id: int) -> Group:
    group = group_list().filter(pk=group_id).first()
    if group is None:
        raise NotFound(GROUP_NOT_FOUND)
    return group


def group_names(ids) -> dict[int, str]:
    """The names of these groups that exist, by id."""
    return dict(Group.objects.filter(pk__in=list(ids)).values_list("pk", "name"))


def default_group_id(key: str) -> int | None:
    """The id of a default group (DefaultGroup: crmContact, websiteActivity, ...), if made."""
    return Group.objects.filter(default_key=key).values_list("pk", flat=True).first()
