"""Folder writes: create, rename, delete. Every change records its audit row in its own
transaction.

Rules enforced here: a folder name is required, at most FOLDER_NAME_MAX characters, and
unique among its parent's subfolders whatever its case (spec 5.4, 5.10); folders nest at
most FOLDER_DEPTH_MAX deep; only an empty folder (no files, no subfolders) is deleted."""

from django.db import IntegrityError, transaction
from django.utils import timezone

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from core.folder_tree import folder_depth
from marketing.files import messages
from marketing.files.models import FOLDER_NAME_MAX, FileFolder, StoredFile
from marketing.files.services.images import display_name_clean
from tenants.access import Member

FOLDER_DEPTH_MAX = 5


def _refused(field: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={field: [message]})


def folder_name_clean(raw: str) -> str:
    name = display_name_clean(raw)
    if not name:
        raise _refused("name", messages.FOLDER_NAME_REQUIRED)
    if len(name) > FOLDER_NAME_MAX:
        raise _refused("name", messages.FOLDER_NAME_TOO_LONG.format(max=FOLDER_NAME_MAX))
    return name


def _save(folder: FileFolder) -> None:
    taken = FileFolder.objects.filter(name__iexact=folder.name, parent=folder.parent)
    if taken.exclude(pk=folder.pk).exists():
        raise _refused("name", messages.FOLDER_NAME_TAKEN)
    try:
        with transaction.atomic():
            folder.save()
    except IntegrityError as exc:  # a concurrent save of the same name
        raise _refused("name", messages.FOLDER_NAME_TAKEN) from exc


def folder_create(*, member: Member | None, name: str, parent: FileFolder | None) -> FileFolder:
    if folder_depth(parent) >= FOLDER_DEPTH_MAX:
        raise _refused("parentId", messages.FOLDER_TOO_DEEP.format(max=FOLDER_DEPTH_MAX))
    folder = FileFolder(
        name=folder_name_clean(name),
        parent=parent,
        created_by_id=member.user_id if member else None,
        created_by_email=member.email if member else "",
    )
    with transaction.atomic():
        _save(folder)
        audit_record(
            AuditEvent.FILE_FOLDER_CREATED,
            object_id=folder.pk,
            label=folder.name,
            extra={"parentId": parent.pk if parent else None},
        )
    return folder


def folder_rename(*, folder: FileFolder, name: str) -> FileFolder:
    old = folder.name
    folder.name = folder_name_clean(name)
    folder.updated_at = timezone.now()
    with transaction.atomic():
        _save(folder)
        audit_record(
            AuditEvent.FILE_FOLDER_RENAMED,
            object_id=folder.pk,
            label=folder.name,
            extra={"from": old},
        )
    return folder


def folder_delete(*, folder: FileFolder) -> None:
    """Spec 5.10: a folder must hold no files and no subfolders to be deleted. The rows are
    locked so a file moved in meanwhile cannot be orphaned (the foreign keys PROTECT too)."""
    with transaction.atomic():
        FileFolder.objects.select_for_update().filter(pk=folder.pk).first()
        if (
            FileFolder.objects.filter(parent=folder).exists()
            or StoredFile.objects.filter(folder=folder).exists()
        ):
            raise ValidationFailed(messages.FOLDER_NOT_EMPTY)
        audit_record(AuditEvent.FILE_FOLDER_DELETED, object_id=folder.pk, label=folder.name)
        folder.delete()
