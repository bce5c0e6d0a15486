"""Template thumbnails: a background job (kind templateThumbnail) per template version.

A save that changes a template's content schedules one job for its new version
(`thumbnail_schedule`, sent on commit); asking again for the same version while its job
is active answers that job (`thumbnail_start`). The worker (`thumbnail_render`) renders
the template's HTML (merge tags filled with the renderer's sample values) in headless
Chromium without network (screenshot.py), with the file manager's images put in as data:
URIs, scales the picture down to THUMBNAIL_WIDTH and stores it in the default storage
under `<schema>/thumbnails/<template id>-<version>.png`; the previous version's picture is
removed. A job that finds the template gone or moved on
to a newer version renders nothing (the newer version has its own job)."""

import io
import logging
import re
from html import escape

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import connection, transaction
from PIL import Image

from core.errors import Conflict, NotFound
from marketing.content import messages
from marketing.content.job_kinds import TEMPLATE_THUMBNAIL, TEMPLATE_THUMBNAIL_LABEL
from marketing.content.models import Template
from marketing.content.screenshot import html_screenshot
from marketing.content.task_declarations import THUMBNAIL_RENDER
from marketing.files.selectors import file_data_uri_for_url
from marketing.jobs import services as jobs
from marketing.jobs.models import ACTIVE_STATUSES, BackgroundJob
from marketing.rendering.services import template_preview
from tenants.access import Member

logger = logging.getLogger(__name__)

THUMBNAIL_WIDTH = 300
_SOURCE = re.compile(r"""(\s(?:src|background)\s*=\s*)(["'])(.*?)\2""", re.IGNORECASE | re.DOTALL)
_CSS_URL = re.compile(r"""url\(\s*(&quot;|["']?)(.*?)\1\s*\)""", re.IGNORECASE)


def thumbnail_key(template: Template) -> str:
    return f"{connection.schema_name}/thumbnails/{template.pk}-{template.version}.png"


def _operation_key(template: Template) -> str:
    return f"thumbnail:{template.pk}:{template.version}"


def thumbnail_schedule(*, template: Template, member: Member | None = None) -> BackgroundJob:
    """One job per template version: the active one if there is one already. Its task is
    sent when the caller's transaction commits."""
    key = _operation_key(template)
    try:
        job = jobs.job_create(
            kind=TEMPLATE_THUMBNAIL,
            operation_key=key,
            title=f"{TEMPLATE_THUMBNAIL_LABEL}: {template.name}"[:200],
            total=1,
            params={"templateId": template.pk, "version": template.version},
            cancellable=False,
            started_by_id=member.user_id if member else template.updated_by_id,
            started_by_email=member.email if member else template.updated_by_email,
        )
    except Conflict:
        active = BackgroundJob.objects.filter(operation_key=key, status__in=ACTIVE_STATUSES)
        job = active.order_by("-id").first()
        if job is not None:
            return job
        raise
    jobs.job_enqueue(job, THUMBNAIL_RENDER, job_id=job.pk)
    return job


def thumbnail_start(*, template: Template, member: Member) -> BackgroundJob:
    """POST generateThumbnail: a picture of the template as it is now."""
    with transaction.atomic():
        return thumbnail_schedule(template=template, member=member)


def _inline_file_images(html: str) -> str:
    """Images of the file manager become data: URIs (the renderer fetches nothing)."""

    def source(match: re.Match) -> str:
        data = file_data_uri_for_url(match.group(3).strip())
        return f"{match.group(1)}{match.group(2)}{data}{match.group(2)}" if data else match.group(0)

    def css_url(match: re.Match) -> str:
        data = file_data_uri_for_url(match.group(2).strip())
        return f"url({data})" if data else match.group(0)

    return _CSS_URL.sub(css_url, _SOURCE.sub(source, html))


def _page(template: Template) -> str:
    """What the picture shows: the HTML (or the plain text) with sample merge values."""
    rendered = template_preview("", template.html, template.text)
    if rendered.html.strip():
        return _inline_file_images(rendered.html)
    return (
        '<pre style="font-family: sans-serif; white-space: pre-wrap; padding: 16px">'
        f"{escape(rendered.text)}</pre>"
    )


def _thumbnail_png(screenshot: bytes) -> bytes:
    with Image.open(io.BytesIO(screenshot)) as image:
        image = image.convert("RGB")
        height = round(image.height * THUMBNAIL_WIDTH / image.width)
        small = image.resize((THUMBNAIL_WIDTH, height), Image.Resampling.LANCZOS)
        out = io.BytesIO()
        small.save(out, format="PNG", optimize=True)
        return out.getvalue()


def thumbnail_stored_delete(key: str) -> None:
    try:
        default_storage.delete(key)
    except OSError:
        logger.warning("could not remove the thumbnail %s", key)


def thumbnail_render(job_id: int) -> None:
    """The worker's half (task content.thumbnail_render)."""
    run = jobs.job_claim(job_id)
    if run is None:
        return
    params = run.job.params
    template = Template.objects.filter(pk=params["templateId"]).first()
    if template is None or template.version != params["version"]:
        jobs.job_finish(run, processed=1, result={"rendered": False})
        return
    png = _thumbnail_png(html_screenshot(_page(template)))
    jobs.job_checkpoint(run)
    key = thumbnail_key(template)
    if default_storage.exists(key):
        default_storage.delete(key)
    stored = default_storage.save(key, ContentFile(png))
    with transaction.atomic():
        jobs.job_lock(run)
        current = Template.objects.select_for_update().filter(pk=template.pk).first()
        if current is None or current.version != template.version:
            transaction.on_commit(lambda: thumbnail_stored_delete(stored))
        else:
            previous = current.thumbnail_key
            Template.objects.filter(pk=current.pk).update(
                thumbnail_key=stored, thumbnail_version=current.version
            )
            if previous and previous != stored:
                transaction.on_commit(lambda: thumbnail_stored_delete(previous))
        jobs.job_finish(run, processed=1, succeeded=1, result={"rendered": True, "bytes": len(png)})


def thumbnail_read(template: Template) -> bytes:
    if not template.thumbnail_key:
        raise NotFound(messages.THUMBNAIL_NOT_FOUND)
    try:
        with default_storage.open(template.thumbnail_key, "rb") as stored:
            return stored.read()
    except (FileNotFoundError, OSError) as exc:
        raise NotFound(messages.THUMBNAIL_NOT_FOUND) from exc
