"""The public address of a stored image: readable by anyone who has it (email recipients),
only on its own client's host, and never able to run script on the app's origin."""

import uuid

from tests.support.files import image_bytes
from tests.support.http_api import http


def _path(file: dict) -> str:
    return file["filePath"].removeprefix("http://alpha.localhost")


def test_anyone_with_the_address_gets_the_image_with_safe_headers(files_api):
    data = image_bytes("JPEG")
    file = files_api.upload("Été photo.jpg", data).json()
    response = http("alpha.localhost").get(_path(file))  # not signed in
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == data
    assert response["Content-Type"] == "image/jpeg"
    assert response["Content-Length"] == str(len(data))
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Security-Policy"].startswith("default-src 'none'; sandbox; ")
    assert response["Content-Disposition"] == ("inline; filename*=utf-8''%C3%89t%C3%A9%20photo.jpg")
    assert response["Cache-Control"] == "public, max-age=604800, immutable"
    assert http("alpha.localhost").head(_path(file)).status_code == 200
    assert http("alpha.localhost").post(_path(file)).status_code == 405


def test_a_renamed_file_keeps_its_address_and_is_served_under_its_new_name(files_api):
    file = files_api.upload("logo.png", image_bytes()).json()
    files_api.patch(f"/api/mm/files/{file['id']}", {"name": "brand"})
    response = http("alpha.localhost").get(_path(file))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'inline; filename="brand.png"'


def test_wrong_addresses_and_other_clients_hosts_find_nothing(files_api, beta_files_api):
    file = files_api.upload("logo.png", image_bytes()).json()
    path = _path(file)
    key = path.split("/")[2]
    assert http("beta.localhost").get(path).status_code == 404  # another client's host
    assert http("alpha.localhost").get(f"/files/{key}/other.png").status_code == 404
    assert http("alpha.localhost").get(f"/files/{uuid.uuid4()}/logo.png").status_code == 404
    beta_file = beta_files_api.upload("logo.png", image_bytes()).json()
    assert (
        http("alpha.localhost")
        .get(beta_file["filePath"].removeprefix("http://beta.localhost"))
        .status_code
        == 404
    )


def test_a_deleted_file_is_no_longer_served(files_api, django_capture_on_commit_callbacks):
    file = files_api.upload("logo.png", image_bytes()).json()
    with django_capture_on_commit_callbacks(execute=True):
        files_api.delete(f"/api/mm/files/{file['id']}")
    assert http("alpha.localhost").get(_path(file)).status_code == 404
