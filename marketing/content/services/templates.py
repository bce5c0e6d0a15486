"""Template writes: create, update, duplicate, move, delete, and an uploaded HTML file.

Rules: a name is required, at most NAME_MAX characters, unique within its type whatever
its case (spec 5.4); a template keeps its type; its folder is one of its type; its HTML is
made email-safe on every save (email_html.email_html_clean) and its designer project made
safe to open in the designer (email_html.email_design_clean): the untrusted-content rule of
core.untrusted_html. A save that changes the content moves the template's version and
schedules one thumbnail of that version (thumbnails.thumbnail_schedule, on commit). A
subject, HTML or text holding a `<% ... %>` the renderer cannot read is refused, the tag
named (rendering's merge_tags_check). Every change records its audit row in its own
transaction."""

from pathlib import PurePosixPath

from django.db import transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.content import messages
from marketing.content.email_html import email_design_clean, email_html_clean
from marketing.content.models import Template
from marketing.content.selectors import folder_get, template_name_taken, template_names_like
from marketing.content.services.names import (
    NAME_MAX,
    author,
    editor,
    name_clean,
    refused,
    unique_save,
)
from marketing.content.services.thumbnails import thumbnail_schedule, thumbnail_stored_delete
from marketing.rendering.services import merge_tags_check
from tenants.access import Member

HTML_MAX_BYTES = 2 * 1024 * 1024
UPLOAD_EXTENSIONS = (".html", ".htm")
UPLOAD_CONTENT_TYPES = {
    "text/html",
    "application/xhtml+xml",
    "text/plain",
    "application/octet-stream",
    "",
}
CONTENT_FIELDS = ("subject", "preview_text", "html", "text", "project_data")
_UNSET = object()


def _html(value: str) -> str:
    if len(value.encode()) > HTML_MAX_BYTES:
        raise refused("html", messages.HTML_TOO_LARGE.format(mb=HTML_MAX_BYTES // 2**20))
    return email_html_clean(value)


def _merge_tags_refuse(**parts: str | None) -> None:
    problems = merge_tags_check(**parts)
    if problems:
        raise ValidationFailed(next(iter(problems.values()))[0], errors=problems)


def _folder_id(folder_id: int | None, *, template_type: str) -> int | None:
    if folder_id is None:
        return None
    folder = folder_get(folder_id=folder_id)
    if folder.folder_type != template_type:
        raise refused("folderId", messages.FOLDER_OTHER_TYPE)
    return folder.pk


def _name(name: str | None, *, template_type: str, exclude: int | None = None) -> str:
    name = name_clean(name, required=messages.TEMPLATE_NAME_REQUIRED, limit=NAME_MAX)
    if template_name_taken(name, template_type=template_type, exclude=exclude):
        raise refused("name", messages.TEMPLATE_NAME_TAKEN)
    return name


def _unique_name(base: str, *, template_type: str) -> str:
    """`base`, or `base 2`, `base 3`... : the first not taken in the type."""
    base = base.strip()[:NAME_MAX] or "Template"
    taken = template_names_like(base[: NAME_MAX - 6], template_type=template_type)
    if base.lower() not in taken:
        return base
    number = 2
    while True:
        suffix = f" {number}"
        candidate = base[: NAME_MAX - len(suffix)] + suffix
        if candidate.lower() not in taken:
            return candidate
        number += 1


def _created(template: Template, *, extra: dict) -> Template:
    with transaction.atomic():
        unique_save(template, taken=messages.TEMPLATE_NAME_TAKEN)
        audit_record(
            AuditEvent.TEMPLATE_CREATED,
            object_id=template.pk,
            label=template.name,
            extra={"type": template.template_type, **extra},
        )
        thumbnail_schedule(template=template)
    return template


def template_create(
    *,
    member: Member | None,
    name: str,
    template_type: str,
    folder_id: int | None = None,
    subject: str = "",
    preview_text: str = "",
    html: str = "",
    text: str = "",
    project_data: dict | list | None = None,
) -> Template:
    _merge_tags_refuse(subject=subject, html=html, text=text)
    template = Template(
        name=_name(name, template_type=template_type),
        template_type=template_type,
        folder_id=_folder_id(folder_id, template_type=template_type),
        subject=subject.strip(),
        preview_text=preview_text.strip(),
        html=_html(html),
        text=text,
        project_data=email_design_clean(project_data),
        **author(member),
        **editor(member),
    )
    return _created(template, extra={})


def template_update(
    *,
    template: Template,
    member: Member | None,
    name: str | None = None,
    template_type: str | None = None,
    folder_id=_UNSET,
    subject: str | None = None,
    preview_text: str | None = None,
    html: str | None = None,
    text: str | None = None,
    project_data=_UNSET,
) -> Template:
    """Changes what is given (`folder_id=None` takes it out of its folder)."""
    if template_type is not None and template_type != template.template_type:
        raise refused("type", messages.TEMPLATE_TYPE_FIXED)
    _merge_tags_refuse(subject=subject, html=html, text=text)
    kind = template.template_type
    changes: dict = {}
    if name is not None and name.strip() != template.name:
        changes["name"] = _name(name, template_type=kind, exclude=template.pk)
    if folder_id is not _UNSET and folder_id != template.folder_id:
        changes["folder_id"] = _folder_id(folder_id, template_type=kind)
    if subject is not None:
        changes["subject"] = subject.strip()
    if preview_text is not None:
        changes["preview_text"] = preview_text.strip()
    if html is not None:
        changes["html"] = _html(html)
    if text is not None:
        changes["text"] = text
    if project_data is not _UNSET:
        changes["project_data"] = email_design_clean(project_data)
    changes = {k: v for k, v in changes.items() if getattr(template, k) != v}
    if not changes:
        return template
    for key, value in changes.items():
        setattr(template, key, value)
    content_changed = any(key in CONTENT_FIELDS for key in changes)
    if content_changed:
        template.version += 1
    template.updated_at = timezone.now()
    for key, value in editor(member).items():
        setattr(template, key, value)
    with transaction.atomic():
        unique_save(template, taken=messages.TEMPLATE_NAME_TAKEN)
        audit_record(
            AuditEvent.TEMPLATE_UPDATED,
            object_id=template.pk,
            label=template.name,
            extra={"fields": sorted(changes), "version": template.version},
        )
        if content_changed:
            thumbnail_schedule(template=template)
    return template


def template_move(*, template: Template, member: Member | None, folder_id: int | None):
    new_folder = _folder_id(folder_id, template_type=template.template_type)
    if new_folder == template.folder_id:
        return template
    previous, template.folder_id = template.folder_id, new_folder
    template.updated_at = timezone.now()
    for key, value in editor(member).items():
        setattr(template, key, value)
    with transaction.atomic():
        template.save(update_fields=["folder", "updated_at", "updated_by_id", "updated_by_email"])
        audit_record(
            AuditEvent.TEMPLATE_MOVED,
            object_id=template.pk,
            label=template.name,
            extra={"from": previous, "to": new_folder},
        )
    return template


def template_duplicate(*, template: Template, member: Member | None) -> Template:
    """A copy named '<name> copy' (made unique in the type), in the same folder."""
    copy = Template(
        name=_unique_name(
            f"{template.name[: NAME_MAX - 5]} copy", template_type=template.template_type
        ),
        template_type=template.template_type,
        folder_id=template.folder_id,
        subject=template.subject,
        preview_text=template.preview_text,
        html=template.html,
        text=template.text,
        project_data=email_design_clean(template.project_data),
        **author(member),
        **editor(member),
    )
    return _created(copy, extra={"copyOf": template.pk})


def template_delete(*, template: Template) -> None:
    key = template.thumbnail_key
    with transaction.atomic():
        audit_record(AuditEvent.TEMPLATE_DELETED, object_id=template.pk, label=template.name)
        template.delete()
        if key:
            transaction.on_commit(lambda: thumbnail_stored_delete(key))


def _upload_text(name: str, content_type: str, data: bytes) -> str:
    """The file's text, or the spec's refusal for anything that is not an HTML file."""
    unsupported = refused("file", messages.UNSUPPORTED_FILE)
    suffix = PurePosixPath(name.replace("\\", "/")).suffix.lower()
    base_type = content_type.split(";", 1)[0].strip().lower()
    if suffix not in UPLOAD_EXTENSIONS or base_type not in UPLOAD_CONTENT_TYPES:
        raise unsupported
    if not data or len(data) > HTML_MAX_BYTES or b"\x00" in data:
        raise unsupported
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise unsupported


def html_upload(
    *,
    member: Member | None,
    file_name: str,
    content_type: str,
    data: bytes,
    name: str | None = None,
    folder_id: int | None = None,
) -> Template:
    """A new `html` template from an uploaded .html/.htm file (at most HTML_MAX_BYTES of
    text). Named `name`, or after the file (made unique)."""
    html = _upload_text(file_name, content_type, data)
    kind = "html"
    if name is not None and name.strip():
        template_name = _name(name, template_type=kind)
    else:
        stem = PurePosixPath(file_name.replace("\\", "/")).stem.replace("\x00", "")
        template_name = _unique_name(stem, template_type=kind)
    template = Template(
        name=template_name,
        template_type=kind,
        folder_id=_folder_id(folder_id, template_type=kind),
        html=email_html_clean(html),
        **author(member),
        **editor(member),
    )
    return _created(template, extra={"upload": file_name[:200]})
