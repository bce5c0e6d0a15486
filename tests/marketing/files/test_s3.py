"""The S3 path: with the S3 settings, uploads, reads and deletes go through django-storages
and boto3 to a real S3-compatible server (moto in server mode on the loopback)."""

import urllib.request

from django.core.files.storage import storages

from marketing.files.models import StoredFile
from tests.support.files import BUCKET, image_bytes
from tests.support.tenants import in_schema


def test_upload_read_and_delete_through_s3(
    alpha, files_api, s3_files, s3_server, django_capture_on_commit_callbacks
):
    data = image_bytes("WEBP")
    file = files_api.upload("Summer sale.webp", data).json()
    with in_schema(alpha):
        stored = StoredFile.objects.get(pk=file["id"])
    key = f"alpha/files/{stored.key}/Summer-sale.webp"
    assert stored.storage_name == key
    # The object is on the server, typed and public, with its cache header.
    head = s3_files.head_object(Bucket=BUCKET, Key=key)
    assert head["ContentType"] == "image/webp"
    assert head["ContentLength"] == len(data)
    assert head["CacheControl"] == "public, max-age=604800"
    grants = s3_files.get_object_acl(Bucket=BUCKET, Key=key)["Grants"]
    assert any(
        g["Grantee"].get("URI", "").endswith("/global/AllUsers") and g["Permission"] == "READ"
        for g in grants
    )
    # The address handed out is the object's own, unsigned (it must outlive a signature).
    assert file["filePath"] == f"{s3_server}/{BUCKET}/{key}"
    with urllib.request.urlopen(file["filePath"], timeout=10) as response:  # noqa: S310
        assert response.read() == data
        assert response.headers["Content-Type"] == "image/webp"
    with storages["files"].open(key) as read_back:
        assert read_back.read() == data
    listed = files_api.get("/api/mm/files").json()["items"]
    assert [item["filePath"] for item in listed] == [file["filePath"]]
    with django_capture_on_commit_callbacks(execute=True):
        assert files_api.delete(f"/api/mm/files/{file['id']}").status_code == 204
    assert s3_files.list_objects_v2(Bucket=BUCKET).get("KeyCount", 0) == 0


def test_a_refused_upload_leaves_nothing_in_the_bucket(files_api, s3_files):
    assert files_api.upload("page.png", b"<html></html>").status_code == 400
    files_api.upload("logo.png", image_bytes())
    assert files_api.upload("LOGO.png", image_bytes()).status_code == 400  # name taken
    assert s3_files.list_objects_v2(Bucket=BUCKET)["KeyCount"] == 1
