"""Where published pages and their assets are stored: local disk by default, or the
S3-compatible storage (the moto server) when the deployment offers it and the client
chooses it, once and for good (spec 9); every path under the client's schema."""

import boto3
import pytest
from django.core.files.base import ContentFile

from marketing.page_hosting.models import PageStorage
from marketing.page_hosting.selectors import client_page_storage
from tests.support.http_api import foreign
from tests.support.tenants import in_schema

URL = "/api/mm/page-storage"
BUCKET = "pages-test"


@pytest.fixture
def local_pages(settings, tmp_path):
    settings.STORAGES = {
        **settings.STORAGES,
        "pages": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": str(tmp_path / "pages")},
        },
    }
    return tmp_path / "pages"


@pytest.fixture
def s3_pages(settings, s3_server, local_pages):
    """The deployment offers S3 (the moto server), in a bucket made afresh."""
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
        "pages_s3": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": BUCKET,
                "endpoint_url": s3_server,
                "region_name": "us-east-1",
                "access_key": "testing",
                "secret_key": "testing",
                "location": "published",
                "addressing_style": "path",
                "querystring_auth": False,
            },
        },
    }
    yield client
    for item in client.list_objects_v2(Bucket=BUCKET).get("Contents", []):
        client.delete_object(Bucket=BUCKET, Key=item["Key"])
    client.delete_bucket(Bucket=BUCKET)


def test_local_disk_by_default_under_the_clients_schema(alpha, beta, admin_api, local_pages):
    assert admin_api.get(URL).json() == {
        "kind": "local",
        "chosen": False,
        "chosenAt": None,
        "kinds": ["local"],
    }
    with in_schema(alpha):
        name = client_page_storage().save("home/index.html", ContentFile(b"<h1>Alpha</h1>"))
    assert (local_pages / "alpha" / name).read_bytes() == b"<h1>Alpha</h1>"
    with in_schema(beta):
        assert not client_page_storage().exists(name)


def test_s3_chosen_once_and_for_good(alpha, beta, admin_api, s3_pages):
    assert admin_api.get(URL).json()["kinds"] == ["local", "s3"]
    chosen = admin_api.post(URL, {"kind": "s3"})
    assert chosen.status_code == 200, chosen.content
    body = chosen.json()
    assert (body["kind"], body["chosen"]) == ("s3", True) and body["chosenAt"]
    with in_schema(alpha):
        storage = client_page_storage()
        name = storage.save("home/index.html", ContentFile(b"<h1>Alpha</h1>"))
        assert storage.open(name).read() == b"<h1>Alpha</h1>"
    key = f"published/alpha/{name}"
    assert s3_pages.get_object(Bucket=BUCKET, Key=key)["Body"].read() == b"<h1>Alpha</h1>"
    with in_schema(beta):  # beta has not chosen: its pages stay on local disk
        assert not client_page_storage().exists(name)

    for kind in ("local", "s3"):
        again = admin_api.post(URL, {"kind": kind})
        assert (again.status_code, again.json()["message"]) == (
            400,
            "The storage for pages has already been chosen and cannot be changed.",
        )
    assert admin_api.get(URL).json()["kind"] == "s3"


def test_bad_input_roles_and_other_clients(alpha, admin_api, user_api, beta_api, local_pages):
    unavailable = admin_api.post(URL, {"kind": "s3"})  # not offered by this deployment
    assert (unavailable.status_code, unavailable.json()["message"]) == (
        400,
        "This storage is not available.",
    )
    assert admin_api.post(URL, {"kind": "ftp"}).status_code == 400
    assert admin_api.post(URL, {}).status_code == 400
    assert user_api.get(URL).status_code == 200
    assert user_api.post(URL, {"kind": "local"}).status_code == 403
    stranger = foreign(beta_api, alpha)
    assert stranger.get(URL).status_code == 403
    assert stranger.post(URL, {"kind": "local"}).status_code == 403
    with in_schema(alpha):
        assert not PageStorage.objects.exists()
    assert admin_api.post(URL, {"kind": "local"}).json()["chosen"] is True
