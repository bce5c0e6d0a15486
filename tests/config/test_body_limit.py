"""The request body is capped before anything stores it (core/body_limit.py): a declared
Content-Length over MAX_REQUEST_BODY_BYTES is refused unread, a body without one (chunked)
is read up to the cap and no further."""

import io
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

from marketing.audience.models import ProfileImport
from tests.support.http_api import bearer, http, signed_in

CAP = 64 * 1024


class CountingInput(io.BytesIO):
    """A wsgi.input that remembers how many bytes were taken from it."""

    def __init__(self, data: bytes):
        super().__init__(data)
        self.taken = 0

    def read(self, size=-1):
        chunk = super().read(size)
        self.taken += len(chunk)
        return chunk

    def readline(self, size=-1):
        line = super().readline(size)
        self.taken += len(line)
        return line


@pytest.fixture
def capped(settings, tmp_path):
    settings.MAX_REQUEST_BODY_BYTES = CAP
    settings.MEDIA_ROOT = str(tmp_path)
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path / "tmp")
    (tmp_path / "tmp").mkdir()
    return tmp_path


def _csv_upload(rows: int) -> bytes:
    content = b"email\n" + b"".join(f"u{i}@x.example\n".encode() for i in range(rows))
    from django.core.files.uploadedfile import SimpleUploadedFile

    return encode_multipart(
        BOUNDARY, {"file": SimpleUploadedFile("people.csv", content, "text/csv")}
    )


def _stored(root: Path) -> list[Path]:
    return [path for path in root.rglob("*") if path.is_file()]


def _imports(tenant) -> int:
    connection.set_tenant(tenant.client)
    try:
        return ProfileImport.objects.count()
    finally:
        connection.set_schema_to_public()


def _post(tenant, token, body: bytes, **environ):
    stream = CountingInput(body)
    response = http(tenant.host).generic(
        "POST",
        "/api/mm/imports",
        b"",
        **{"CONTENT_TYPE": MULTIPART_CONTENT, "wsgi.input": stream, **bearer(token), **environ},
    )
    return response, stream


def test_the_default_cap_leaves_room_for_the_largest_import_file():
    assert django_settings.MAX_REQUEST_BODY_BYTES > django_settings.IMPORT_MAX_UPLOAD_BYTES
    assert django_settings.MAX_REQUEST_BODY_BYTES <= (
        django_settings.IMPORT_MAX_UPLOAD_BYTES + 16 * 1024 * 1024
    )


def test_a_declared_length_over_the_cap_is_refused_unread(alpha, capped):
    _, token = signed_in(alpha.host, alpha.admin.email)
    body = _csv_upload(20_000)
    assert len(body) > CAP
    response, stream = _post(alpha, token, body, CONTENT_LENGTH=str(len(body)))
    assert response.status_code == 413
    assert response.json() == {
        "message": "The request is too large: the limit is 0.0625 MB.",
        "errors": {},
    }
    assert stream.taken == 0
    assert _stored(capped) == []
    assert _imports(alpha) == 0


def test_the_message_names_the_limit_in_mb(alpha, settings):
    settings.MAX_REQUEST_BODY_BYTES = 257 * 1024 * 1024
    response = http(alpha.host).generic(
        "POST", "/api/mm/imports", b"", CONTENT_LENGTH=str(300 * 1024 * 1024)
    )
    assert response.status_code == 413
    assert response.json()["message"] == "The request is too large: the limit is 257 MB."


def test_any_path_and_anyone_gets_the_413_in_the_error_shape(alpha, capped):
    response = http(alpha.host).generic("POST", "/api/auth/login", b"", CONTENT_LENGTH=str(CAP + 1))
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert set(response.json()) == {"message", "errors"}
    at_the_cap = http(alpha.host).generic("POST", "/api/auth/login", b"x" * CAP)
    assert at_the_cap.status_code != 413


def test_a_chunked_body_over_the_cap_is_stopped_at_the_cap(alpha, capped):
    _, token = signed_in(alpha.host, alpha.admin.email)
    body = _csv_upload(200_000)
    assert len(body) > 20 * CAP
    response, stream = _post(
        alpha, token, body, HTTP_TRANSFER_ENCODING="chunked", **{"wsgi.input_terminated": True}
    )
    assert response.status_code == 413
    assert response.json()["message"] == "The request is too large: the limit is 0.0625 MB."
    # Read no further than one read past the cap; nothing kept.
    assert CAP < stream.taken <= 2 * CAP
    assert _stored(capped) == []
    assert _imports(alpha) == 0


def test_a_chunked_body_within_the_cap_is_read(alpha, capped):
    _, token = signed_in(alpha.host, alpha.admin.email)
    body = _csv_upload(3)
    response, _ = _post(
        alpha, token, body, HTTP_TRANSFER_ENCODING="chunked", **{"wsgi.input_terminated": True}
    )
    assert response.status_code == 201, response.content
    assert response.json()["sample"] == [["u0@x.example"], ["u1@x.example"], ["u2@x.example"]]


@pytest.mark.parametrize("length", ["-1", "abc", "1e9"])
def test_a_malformed_length_is_a_400_never_a_500(alpha, capped, length):
    _, token = signed_in(alpha.host, alpha.admin.email)
    response, _ = _post(alpha, token, _csv_upload(3), CONTENT_LENGTH=length)
    assert response.status_code == 400
    assert set(response.json()) == {"message", "errors"}
    assert _imports(alpha) == 0
