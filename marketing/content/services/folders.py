"""Template folder writes. Rules: a folder belongs to one template type, its parent (if
any) is a folder of the same type, at most FOLDER_DEPTH_MAX deep; names are 1 to 20
characters (spec 5.4, a single-field edit) and unique among their siblings whatever their
case; a folder is deleted only when it holds no templates and no subfolders (spec 5.10).
Every change records its audit row in its own transaction."""

from django.db import transaction

from core.audit.models import AuditEvent
from core.audit.record import audit_record
from core.folder_tree import folder_depth
from marketing.content import messages
from marketing.content.models import Template, TemplateFolder
from marketing.content.selectors import folder_get
from marketing.content.services.names import (
    FOLDER_NAME_MAX,
    author,
    name_clean,
    refused,
    unique_save,
)
from tenants.access import Member

FOLDER_DEPTH_MAX = 5


def _sibling_taken(name: str, *, folder_type: str, parent_id: int | None, exclude=None) -> bool:
    return (
        TemplateFolder.objects.filter(
            name__iexact=name, folder_type=folder_type, parent_id=parent_id
        )
        .exclude(pk=exclude)
        .exists()
    )


def folder_create(
    *, member: Member | None, name: str, folder_type: str, parent_id: int | None = None
) -> TemplateFolder:
    name = name_clean(name, required=messages.FOLDER_NAME_REQUIRED, limit=FOLDER_NAME_MAX)
    parent = None
    if parent_id is not None:
        parent = folder_get(folder_id=parent_id)
        if parent.folder_type != folder_type:
            raise refused("parentId", messages.FOLDER_OTHER_TYPE)
        if folder_depth(parent) >= FOLDER_DEPTH_MAX:
            raise refused("parentId", messages.FOLDER_TOO_DEEP.format(limit=FOLDER_DEPTH_MAX))
    if _sibling_taken(name, folder_type=folder_type, parent_id=parent_id):
        raise refused("name", messages.FOLDER_NAME_TAKEN)
    folder = TemplateFolder(name=name, folder_type=folder_type, parent=parent, **author(member))
    with transaction.atomic():
        unique_save(folder, taken=messages.FOLDER_NAME_TAKEN)
        audit_record(
            AuditEvent.TEMPLATE_FOLDER_CREATED,
            object_id=folder.pk,
            label=folder.name,
            extra={"type": folder_type, "parentId": parent_id},
        )
    return folder


def folder_rename(*, folder: TemplateFolder, new_name: str) -> TemplateFolder:
    name = name_clean(
        new_name, required=messages.FOLDER_NAME_REQUIRED, limit=FOLDER_NAME_MAX, field="newName"
    )
    if name == folder.name:
        return folder
    if _sibling_taken(
        name, folder_type=folder.folder_type, parent_id=folder.parent_id, exclude=folder.pk
    ):
        raise refused("newName", messages.FOLDER_NAME_TAKEN)
    previous, folder.name = folder.name, name
    with transaction.atomic():
        unique_save(folder, taken=messages.FOLDER_NAME_TAKEN, field="newName")
        audit_record(
            AuditEvent.TEMPLATE_FOLDER_RENAMED,
            object_id=folder.pk,
            label=folder.name,
            extra={"from": previous},
        )
    return folder


def folder_delete(*, folder: TemplateFolder) -> None:
    """Refused while the folder holds a template or a subfolder (spec 5.10). The rows are
    locked so that a template moved in meanwhile cannot be orphaned (and the foreign keys
    protect them anyway)."""
    with transaction.atomic():
        TemplateFolder.objects.select_for_update().filter(pk=folder.pk).first()
        holds = (
            Template.objects.filter(folder_id=folder.pk).exists()
            or TemplateFolder.objects.filter(parent_id=folder.pk).exists()
        )
        if holds:
            raise refused("folderId", messages.FOLDER_NOT_EMPTY)
        audit_record(AuditEvent.TEMPLATE_FOLDER_DELETED, object_id=folder.pk, label=folder.name)
        folder.delete()
