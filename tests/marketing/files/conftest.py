"""The file manager's fixtures: signed-in callers that upload multipart forms
(tests/support/files.py), the local storage in a temporary folder, and a real
S3-compatible server (moto in server mode, on the loopback) for the S3 path."""

import boto3
import pytest

from tests.support.files import BUCKET, FilesApi


@pytest.fixture
def files_api(alpha):
    return FilesApi(alpha, alpha.admin.email)


@pytest.fixture
def files_user_api(alpha):
    return FilesApi(alpha, alpha.user.email)


@pytest.fixture
def beta_files_api(beta):
    return FilesApi(beta, beta.admin.email)


@pytest.fixture(autouse=True)
def local_files(settings, tmp_path):
    """The "files" storage on the local file system, in this test's own folder."""
    settings.STORAGES = {
        **settings.STORAGES,
        "files": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": str(tmp_path / "media")},
        },
    }
    return tmp_path / "media"


@pytest.fixture
def s3_files(settings, s3_server, monkeypatch):
    """The "files" storage on django-storages' S3 backend, pointed at the moto server; the
    bucket is made afresh for each test. Answers a boto3 client on the same server."""
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    client = boto3.client(
        "s3",
        endpoint_url=s3_server,
        region_name="us-east-1",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )
    client.create_bucket(Bucket=BUCKET)
    settings.STORAGES = {
        **settings.STORAGES,
        "files": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": BUCKET,
                "endpoint_url": s3_server,
                "region_name": "us-east-1",
                "access_key": "testing",
                "secret_key": "testing",
                "default_acl": "public-read",
                "addressing_style": "path",
                "querystring_auth": False,
                "file_overwrite": False,
                "object_parameters": {"CacheControl": "public, max-age=604800"},
            },
        },
    }
    yield client
    for item in client.list_objects_v2(Bucket=BUCKET).get("Contents", []):
        client.delete_object(Bucket=BUCKET, Key=item["Key"])
    client.delete_bucket(Bucket=BUCKET)
