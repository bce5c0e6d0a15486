"""Landing page writes: create, save (a new version), publish, unpublish, roll back, copy
and delete. Rules enforced here: a name (spec 5.4); a slug by spec 5.1's rule, unique among
live pages; the plan's LandingPages limit at create and copy (spec 6); what the designer
sends cleaned on write (services/content.py); spec 5.10's rules at publish
(services/checking.py); a pop-up page stays published while published landing pages link
to it (spec 4); a published page is unpublished before it is deleted.

Versions are never changed: a save adds one and makes it current; a publish makes the
current one live and freezes the visitor's document; a roll back makes an earlier one
current (and live, when the page is published). Every change to what the pages host
serves bumps the client's pages token when it commits (the host's per-process cache)."""

from __future__ import annotations

from django.db import IntegrityError, connection, transaction
from django.db.models import Max
from django.utils import timezone

from core.errors import NotFound, ValidationFailed
from core.versions import versions_bump_on_commit
from marketing.sites import messages
from marketing.sites.document import page_document
from marketing.sites.models import LandingPage, PageStatus, PageType, PageVersion
from marketing.sites.page_settings import settings_dump, settings_read
from marketing.sites.selectors import (
    page_get,
    page_version_get,
    popup_linked_pages,
    popups_published,
    slug_taken,
)
from marketing.sites.services.checking import publish_check, settings_errors
from marketing.sites.services.content import content_clean, css_safe, links_of, slug_make
from tenants.access import Member
from tenants.plan_limits import Module, plan_limit_enforce

PAGES_TOKEN = "sites:pages"  # the pages host's cache token (core/versions.py)


def _refused(name: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={name: [message]})


def pages_changed() -> None:
    versions_bump_on_commit({PAGES_TOKEN})


def _lock(page_id: int) -> LandingPage:
    page = LandingPage.objects.select_for_update(of=("self",))
    found = (
        page.select_related("current_version", "published_version")
        .filter(pk=page_id, deleted_at__isnull=True)
        .first()
    )
    if found is None:
        raise NotFound(messages.PAGE_NOT_FOUND)
    return found


def _names(page: LandingPage, values: dict) -> None:
    if "name" in values:
        page.name = (values["name"] or "").strip()
    if not page.name:
        raise _refused("name", messages.NAME_REQUIRED)
    for key in ("page_type", "layout", "checkout_form_id"):
        if key in values:
            setattr(page, key, values[key])
    if "slug" in values or not page.slug:
        page.slug = slug_make(values.get("slug") or page.name)
    if not page.slug:
        raise _refused("slug", messages.SLUG_REQUIRED)
    if slug_taken(page.slug, exclude=page.pk):
        raise _refused("slug", messages.SLUG_TAKEN)


def _save(page: LandingPage) -> None:
    try:
        with transaction.atomic():
            page.save()
    except IntegrityError as exc:  # a concurrent save of the same slug
        raise _refused("slug", messages.SLUG_TAKEN) from exc


def _version(page: LandingPage, content: dict, *, by: str) -> PageVersion:
    """A new version from the designer's content ({project, html, css, settings})."""
    page_settings = settings_read(content.get("settings"))
    errors = settings_errors(page_settings)
    css = content.get("css") or ""
    if not css_safe(css):
        errors["css"] = [messages.CSS_INVALID]
    if errors:
        raise ValidationFailed(next(iter(errors.values()))[0], errors=errors)
    html, project = content_clean(html=content.get("html") or "", project=content.get("project"))
    popup_ids, form_keys = links_of(html)
    last = page.versions.aggregate(last=Max("number"))["last"] or 0
    return PageVersion.objects.create(
        page=page,
        number=last + 1,
        project=project,
        html=html,
        css=css,
        settings=settings_dump(page_settings),
        popup_ids=[popup_id for popup_id in popup_ids if popup_id != page.pk],
        form_keys=form_keys,
        created_by_email=by,
    )


def page_create(*, member: Member | None, values: dict, content: dict | None = None) -> LandingPage:
    """A new Draft, under the plan's LandingPages limit; its first version is the layout's
    starting content (or what the designer sent)."""
    page = LandingPage(
        created_by_id=member.user_id if member else None,
        created_by_email=member.email if member else "",
    )
    _names(page, values)
    with transaction.atomic():
        plan_limit_enforce(client=connection.tenant, module=Module.LANDING_PAGES)
        _save(page)
        page.current_version = _version(page, content or {}, by=page.created_by_email)
        page.save(update_fields=["current_version"])
    return page_get(page_id=page.pk)


def page_save(
    *, member: Member | None, page_id: int, values: dict, content: dict | None = None
) -> LandingPage:
    """The designer's save: the page's name, type, layout and slug as sent, and, with
    `content`, a new current version. A published page keeps serving its live version
    until the next publish (its slug is its address: a change moves it at once)."""
    with transaction.atomic():
        page = _lock(page_id)
        moved = "slug" in values and slug_make(values["slug"] or "") != page.slug
        _names(page, values)
        if content is not None:
            page.current_version = _version(page, content, by=member.email if member else "")
        page.updated_at = timezone.now()
        _save(page)
        if moved and page.status == PageStatus.PUBLISHED:
            pages_changed()
    return page_get(page_id=page.pk)


def _go_live(page: LandingPage, version: PageVersion) -> None:
    publish_check(page, version)
    popups = popups_published(version.popup_ids)
    version.rendered = page_document(page, version, [popups[i] for i in version.popup_ids])
    version.save(update_fields=["rendered"])
    page.published_version = version
    page.status = PageStatus.PUBLISHED
    page.published_at = page.updated_at = timezone.now()
    page.save()
    pages_changed()


def page_publish(*, member: Member | None, page_id: int) -> LandingPage:
    """Spec 4: the current version, checked (spec 5.10), becomes what visitors get."""
    with transaction.atomic():
        page = _lock(page_id)
        _go_live(page, page.current_version)
    return page_get(page_id=page.pk)


def _popup_in_use(page: LandingPage) -> None:
    if page.page_type == PageType.POPUP and popup_linked_pages(popup_id=page.pk).exists():
        raise _refused("status", messages.POPUP_LINKED)


def page_unpublish(*, member: Member | None, page_id: int) -> LandingPage:
    """Spec 4: an unpublished page captures nothing (its address answers 410); a pop-up
    page stays published while published landing pages link to it."""
    with transaction.atomic():
        page = _lock(page_id)
        if page.status != PageStatus.PUBLISHED:
            raise _refused("status", messages.NOT_PUBLISHED)
        _popup_in_use(page)
        page.status = PageStatus.UNPUBLISHED
        page.updated_at = timezone.now()
        page.save(update_fields=["status", "updated_at"])
        pages_changed()
    return page_get(page_id=page.pk)


def page_roll_back(*, member: Member | None, page_id: int, version_id: int) -> LandingPage:
    """An earlier version becomes current; on a published page, live as well (checked as
    a publish is)."""
    with transaction.atomic():
        page = _lock(page_id)
        version = page_version_get(page_id=page.pk, version_id=version_id)
        page.current_version = version
        page.updated_at = timezone.now()
        if page.status == PageStatus.PUBLISHED:
            _go_live(page, version)
        else:
            page.save(update_fields=["current_version", "updated_at"])
    return page_get(page_id=page.pk)


def _copy_name(name: str) -> str:
    return f"Copy of {name}"[:100]


def _copy_slug(slug: str) -> str:
    base = f"{slug}-copy"[:94]
    candidate, n = base, 1
    while slug_taken(candidate):
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def page_copy(*, member: Member | None, page_id: int) -> LandingPage:
    """A Draft copy of the page's current version, 'Copy of <name>' at '<slug>-copy'."""
    source = page_get(page_id=page_id)
    version = source.current_version
    content = {
        "project": version.project,
        "html": version.html,
        "css": version.css,
        "settings": version.settings,
    } if version else {}  # fmt: skip
    values = {
        "name": _copy_name(source.name),
        "slug": _copy_slug(source.slug),
        "page_type": source.page_type,
        "layout": source.layout,
        "checkout_form_id": source.checkout_form_id,
    }
    return page_create(member=member, values=values, content=content)


def page_delete(*, member: Member | None, page_id: int) -> None:
    """Gone from every list, its slug free again; a published page is unpublished first."""
    with transaction.atomic():
        page = _lock(page_id)
        if page.status == PageStatus.PUBLISHED:
            raise _refused("status", messages.DELETE_PUBLISHED)
        page.deleted_at = page.updated_at = timezone.now()
        page.save(update_fields=["deleted_at", "updated_at"])
        pages_changed()
