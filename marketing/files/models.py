"""The file manager (tenant schema): folders and the images stored in them (spec 3, 5.10).

A StoredFile's bytes live in the "files" storage (config/settings/storage.py) under
`<schema>/files/<key>/<storage name>`; `key` is random, so the public address of a file
cannot be guessed from another, and it never changes: renaming or moving a file changes its
name and folder here, not the address emails already sent point at."""

import uuid

from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone

FOLDER_NAME_MAX = 20  # spec 5.4 / 9: a single-field edit name is at most 20 characters
FILE_NAME_MAX = 100


class FileFolder(models.Model):
    name = models.CharField(max_length=FOLDER_NAME_MAX)
    # None: at the root of the file manager.
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="subfolders"
    )
    created_by_id = models.BigIntegerField(null=True, blank=True)  # tenants.User (public)
    created_by_email = models.CharField(max_length=254, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            # Spec 5.4: duplicate folder names are refused (among one folder's subfolders,
            # whatever their case; the root counts as one folder).
            models.UniqueConstraint(
                Lower("name"), "parent", name="file_folder_name_ci_unique", nulls_distinct=False
            ),
        ]


class StoredFile(models.Model):
    name = models.CharField(max_length=FILE_NAME_MAX)
    folder = models.ForeignKey(
        FileFolder, null=True, blank=True, on_delete=models.PROTECT, related_name="files"
    )
    content_type = models.CharField(max_length=40)  # image/png, image/jpeg, ...
    size = models.PositiveIntegerField()  # bytes
    width = models.PositiveIntegerField()
    height = models.PositiveIntegerField()
    key = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    # The object's name in the "files" storage: <schema>/files/<key>/<ascii name>.
    storage_name = models.CharField(max_length=255, unique=True)
    created_by_id = models.BigIntegerField(null=True, blank=True)
    created_by_email = models.CharField(max_length=254, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            # Spec 5.10: a file with the same name at the destination is refused.
            models.UniqueConstraint(
                Lower("name"), "folder", name="stored_file_name_ci_unique", nulls_distinct=False
            ),
        ]
        indexes = [models.Index(fields=["folder", "-created_at"], name="stored_file_folder_newest")]

    @property
    def url_name(self) -> str:
        """The last part of the public address (the storage name's file name)."""
        return self.storage_name.rsplit("/", 1)[-1]
