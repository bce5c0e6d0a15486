"""Landing page reads: the /landingpages list (searched, sorted, by type and status), one
page with its versions, the count the plan's LandingPages limit reads, the published
landing pages that link a pop-up page (POST /api/ppAssociatedLps), and the pages host's
look-up by slug. Deleted pages are not found."""

from __future__ import annotations

from django.db.models import QuerySet, Sum

from core.errors import NotFound
from marketing.sites import messages
from marketing.sites.models import LandingPage, PageStatus, PageType, PageVersion, PageVisitDay

PAGE_SORTS = {
    "name": ("name", "id"),
    "status": ("status", "id"),
    "type": ("page_type", "id"),
    "slug": ("slug", "id"),
    "createdAt": ("created_at", "id"),
    "updatedAt": ("updated_at", "id"),
    "publishedAt": ("published_at", "id"),
}
PAGE_SORT_CHOICES = [*PAGE_SORTS, *(f"-{key}" for key in PAGE_SORTS)]


def pages_live() -> QuerySet[LandingPage]:
    return LandingPage.objects.filter(deleted_at__isnull=True)


def pages_count() -> int:
    """Usage of the plan's LandingPages module (spec 6)."""
    return pages_live().count()


def page_list(
    *, search: str = "", sort: str = "-updatedAt", page_type: str | None = None,
    status: str | None = None,
) -> QuerySet[LandingPage]:  # fmt: skip
    pages = pages_live().select_related("current_version", "published_version")
    if search:
        pages = pages.filter(name__icontains=search)
    if page_type:
        pages = pages.filter(page_type=page_type)
    if status:
        pages = pages.filter(status=status)
    columns = PAGE_SORTS[sort.lstrip("-")]
    return pages.order_by(*(f"-{c}" if sort.startswith("-") else c for c in columns))


def page_get(*, page_id: int) -> LandingPage:
    page = (
        pages_live()
        .select_related("current_version", "published_version")
        .filter(pk=page_id)
        .first()
    )
    if page is None:
        raise NotFound(messages.PAGE_NOT_FOUND)
    return page


def page_versions(*, page_id: int) -> QuerySet[PageVersion]:
    page_get(page_id=page_id)
    return PageVersion.objects.filter(page_id=page_id).order_by("-number")


def page_version_get(*, page_id: int, version_id: int) -> PageVersion:
    version = PageVersion.objects.filter(page_id=page_id, pk=version_id).first()
    if version is None:
        raise NotFound(messages.VERSION_NOT_FOUND)
    return version


def slug_taken(slug: str, *, exclude: int | None = None) -> bool:
    return pages_live().filter(slug__iexact=slug).exclude(pk=exclude).exists()


def popup_linked_pages(*, popup_id: int) -> QuerySet[LandingPage]:
    """Published pages whose live version links the pop-up page (spec 4, 7)."""
    return (
        pages_live()
        .filter(status=PageStatus.PUBLISHED, published_version__popup_ids__contains=[popup_id])
        .exclude(pk=popup_id)
        .order_by("name", "id")
    )


def popups_published(ids: list[int]) -> dict[int, LandingPage]:
    """The published pop-up pages among `ids`, with their live version."""
    pages = (
        pages_live()
        .select_related("published_version")
        .filter(pk__in=ids, page_type=PageType.POPUP, status=PageStatus.PUBLISHED)
    )
    return {page.pk: page for page in pages}


def page_published_by_slug(slug: str) -> LandingPage | None:
    """What the pages host serves at /<slug>: the live page, or an unpublished one (410),
    or None."""
    return (
        pages_live()
        .select_related("published_version")
        .filter(slug=slug, published_version__isnull=False)
        .first()
    )


def page_visits(*, page_ids: list[int]) -> dict[int, tuple[int, int]]:
    """(total, unique) visits of each page."""
    rows = (
        PageVisitDay.objects.filter(page_id__in=page_ids)
        .values("page_id")
        .annotate(total=Sum("visits"), unique=Sum("unique_visits"))
    )
    return {row["page_id"]: (row["total"], row["unique"]) for row in rows}


def popup_associated(*, popup_id: int) -> list[LandingPage]:
    """POST /api/ppAssociatedLps: the published landing pages that link the pop-up page."""
    page = page_get(page_id=popup_id)
    if page.page_type != PageType.POPUP:
        raise NotFound(messages.NOT_A_POPUP)
    return list(popup_linked_pages(popup_id=page.pk))
