"""The "files" storage (config/settings/storage.py) and the public address of a file."""

from django.core.files.storage import FileSystemStorage, Storage, storages
from django.db import connection
from django.urls import reverse

from marketing.files.models import StoredFile


def files_storage() -> Storage:
    return storages["files"]


def storage_name_for(key: str, file_name: str) -> str:
    """Every object lives under its client's schema: <schema>/files/<key>/<file name>."""
    return f"{connection.schema_name}/files/{key}/{file_name}"


def file_public_url(stored: StoredFile, *, site_root: str) -> str:
    """Where an email recipient fetches the file: on the local file system, this app's
    serving view on the client's host (`site_root`, e.g. https://demo.example.com/); on S3,
    the object's own URL (another origin, so nothing there runs on ours)."""
    storage = files_storage()
    if isinstance(storage, FileSystemStorage):
        path = reverse("file_serve", kwargs={"key": stored.key, "name": stored.url_name})
        return site_root.rstrip("/") + path
    return storage.url(stored.storage_name)
