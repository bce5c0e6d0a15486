"""File writes: upload, rename, move, delete. Every change records its audit row in its own
transaction; the stored bytes are written before the row and removed after the row is gone.

Rules enforced here (spec 5.10, 9): images only (PNG, JPEG, GIF, WebP, judged by their
bytes), at most FILES_MAX_UPLOAD_BYTES; a name unique in its folder whatever its case (an
upload, a rename or a move that would clash is refused); a file cannot be moved into the
folder it is in."""

import logging
import uuid

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.errors import ValidationFailed
from marketing.files import messages
from marketing.files.models import FileFolder, StoredFile
from marketing.files.services.images import (
    image_inspect,
    rename_name,
    storage_file_name,
    upload_name,
)
from marketing.files.storage import files_storage, storage_name_for
from tenants.access import Member

logger = logging.getLogger(__name__)


def _refused(field: str, message: str) -> ValidationFailed:
    return ValidationFailed(message, errors={field: [message]})


def _name_taken(name: str, folder: FileFolder | None, *, exclude: int | None = None) -> bool:
    return StoredFile.objects.filter(name__iexact=name, folder=folder).exclude(pk=exclude).exists()


def _save(stored: StoredFile, field: str) -> None:
    if _name_taken(stored.name, stored.folder, exclude=stored.pk):
        raise _refused(field, messages.FILE_NAME_TAKEN)
    try:
        with transaction.atomic():
            stored.save()
    except IntegrityError as exc:  # a concurrent save of the same name
        raise _refused(field, messages.FILE_NAME_TAKEN) from exc


def file_upload(
    *, member: Member | None, upload, folder: FileFolder | None, name: str | None = None
) -> StoredFile:
    """`upload` is a Django UploadedFile (or any file object with `size` and `name`)."""
    if upload.size > settings.FILES_MAX_UPLOAD_BYTES:
        raise _refused("file", messages.FILE_TOO_LARGE)
    display = upload_name(name or upload.name or "")
    data = upload.read(settings.FILES_MAX_UPLOAD_BYTES + 1)
    if len(data) > settings.FILES_MAX_UPLOAD_BYTES:
        raise _refused("file", messages.FILE_TOO_LARGE)
    content = ContentFile(data)
    facts = image_inspect(content)
    key = uuid.uuid4()
    stored = StoredFile(
        name=display,
        folder=folder,
        content_type=facts.content_type,
        size=len(data),
        width=facts.width,
        height=facts.height,
        key=key,
        storage_name=storage_name_for(
            str(key), storage_file_name(display, extension=facts.extension)
        ),
        created_by_id=member.user_id if member else None,
        created_by_email=member.email if member else "",
    )
    if _name_taken(stored.name, folder):
        raise _refused("file", messages.FILE_NAME_TAKEN)
    # The storage sends this as the object's Content-Type (S3); the key is fresh, so the
    # name is free and the storage keeps it as it is.
    content.content_type = facts.content_type
    saved_as = files_storage().save(stored.storage_name, content)
    try:
        stored.storage_name = saved_as
        with transaction.atomic():
            _save(stored, "file")
            audit_record(
                AuditEvent.FILE_UPLOADED,
                object_id=stored.pk,
                label=stored.name,
                extra={
                    "folderId": folder.pk if folder else None,
                    "size": stored.size,
                    "type": stored.content_type,
                },
            )
    except BaseException:
        files_storage().delete(saved_as)
        raise
    return stored


def file_rename(*, stored: StoredFile, name: str) -> StoredFile:
    old = stored.name
    stored.name = rename_name(name, current=old)
    with transaction.atomic():
        _save(stored, "name")
        audit_record(
            AuditEvent.FILE_RENAMED, object_id=stored.pk, label=stored.name, extra={"from": old}
        )
    return stored


def file_move(*, stored: StoredFile, folder: FileFolder | None) -> StoredFile:
    if stored.folder_id == (folder.pk if folder else None):
        raise _refused("folderId", messages.FILE_SAME_FOLDER)
    source = stored.folder_id
    stored.folder = folder
    with transaction.atomic():
        _save(stored, "folderId")
        audit_record(
            AuditEvent.FILE_MOVED,
            object_id=stored.pk,
            label=stored.name,
            extra={"fromFolderId": source, "toFolderId": folder.pk if folder else None},
        )
    return stored


def _storage_delete(storage_name: str) -> None:
    try:
        files_storage().delete(storage_name)
    except Exception:  # the row is gone already; a leftover object is only wasted space
        logger.exception("could not delete stored file %s", storage_name)


def file_delete(*, stored: StoredFile) -> None:
    storage_name = stored.storage_name
    with transaction.atomic():
        audit_record(AuditEvent.FILE_DELETED, object_id=stored.pk, label=stored.name)
        stored.delete()
        transaction.on_commit(lambda: _storage_delete(storage_name))
