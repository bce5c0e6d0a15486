"""The file manager's test helpers: images made with Pillow, an API caller that uploads
multipart forms, the S3 test bucket's name."""

from __future__ import annotations

import io
import json

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from tests.support.http_api import Api, bearer, http

BUCKET = "mailcraft-files-test"


def image_bytes(fmt: str = "PNG", size=(12, 8), color=(200, 30, 30)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, fmt)
    return buffer.getvalue()


class FilesApi(Api):
    def upload(self, name: str, data: bytes, folder_id=None, content_type="image/png"):
        form = {"file": SimpleUploadedFile(name, data, content_type=content_type)}
        if folder_id is not None:
            form["folderId"] = str(folder_id)
        return http(self.host).post("/api/mm/files", form, **bearer(self.token))

    def put_json(self, method: str, path: str, data: dict):
        return getattr(http(self.host), method)(
            path, json.dumps(data), content_type="application/json", **bearer(self.token)
        )
