"""The files API: folders and files, their rules (spec 5.4, 5.10, 9), roles, the audit
trail and another client's objects."""

import pytest
from django.core.files.storage import storages

from core.audit.models import AuditLog
from marketing.files.models import StoredFile
from tests.support.files import image_bytes
from tests.support.tenants import in_schema

FOLDERS = "/api/mm/files/folders"
FILES = "/api/mm/files"


def _folder(api, name, parent=None) -> dict:
    response = api.post(FOLDERS, {"name": name, "parentId": parent})
    assert response.status_code == 201, response.content
    return response.json()


def _upload(api, name="logo.png", data=None, folder_id=None) -> dict:
    response = api.upload(name, data or image_bytes(), folder_id=folder_id)
    assert response.status_code == 201, response.content
    return response.json()


def _events(tenant, object_type):
    with in_schema(tenant):
        return sorted(
            AuditLog.objects.filter(object_type=object_type).values_list("event_type", flat=True)
        )


def test_upload_answers_the_file_and_stores_it_under_the_clients_prefix(alpha, files_api):
    data = image_bytes("PNG", size=(30, 20))
    file = _upload(files_api, "Logo été.png", data)
    assert file["name"] == "Logo été.png"
    assert (file["type"], file["size"], file["width"], file["height"]) == (
        "image/png",
        len(data),
        30,
        20,
    )
    assert file["folderId"] is None and file["dateCreated"]
    assert file["createdByEmail"] == alpha.admin.email
    assert file["filePath"].startswith("http://alpha.localhost/files/")
    assert file["filePath"].endswith("/Logo-ete.png")
    with in_schema(alpha):
        stored = StoredFile.objects.get(pk=file["id"])
    assert stored.storage_name == f"alpha/files/{stored.key}/Logo-ete.png"
    with storages["files"].open(stored.storage_name) as saved:
        assert saved.read() == data
    assert _events(alpha, "file") == ["file.uploaded"]


@pytest.mark.parametrize(
    "fmt,content_type,ext",
    [
        ("JPEG", "image/jpeg", "jpg"),
        ("GIF", "image/gif", "gif"),
        ("WEBP", "image/webp", "webp"),
    ],
)
def test_every_accepted_format_is_known_by_its_bytes(files_api, fmt, content_type, ext):
    # A name whose extension does not match: the type comes from the bytes.
    file = _upload(files_api, "picture.png", image_bytes(fmt))
    assert file["type"] == content_type
    assert file["filePath"].endswith(f"/picture.{ext}")


SVG = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'


@pytest.mark.parametrize(
    "name,data",
    [
        ("notes.txt", b"hello"),
        ("drawing.svg", SVG),
        ("drawing.png", SVG),  # script dressed as an image
        ("page.png", b"<html><script>alert(1)</script></html>"),
        ("photo.png", image_bytes()[:60]),  # cut short
        ("photo.bmp", image_bytes("BMP")),  # an image, not an accepted format
        ("photo.tiff", image_bytes("TIFF")),
        ("real.html", image_bytes()),  # a real image under a page's name
        ("no extension", image_bytes()),
    ],
)
def test_only_images_are_accepted_judged_by_their_bytes(alpha, files_api, name, data):
    response = files_api.upload(name, data)
    assert response.status_code == 400
    message = "Only images can be uploaded: PNG, JPEG, GIF or WebP."
    assert response.json()["message"] == message
    assert response.json()["errors"] == {"file": [message]}
    with in_schema(alpha):
        assert not StoredFile.objects.exists()


def test_a_decompression_bomb_is_refused_before_it_is_decoded(files_api):
    bomb = image_bytes("PNG", size=(10_000, 10_000), color=(0, 0, 0))  # ~100 KB, 10^8 pixels
    response = files_api.upload("bomb.png", bomb)
    assert response.status_code == 400
    assert response.json()["message"] == "The image is too large: at most 50,000,000 pixels."


def test_size_limit_is_4_mb(alpha, files_api, local_files):
    refused = "The file is too large: images can be at most 4 MB."
    # Just over 4 MB: within the body cap's envelope, refused on the file's size.
    over = image_bytes() + b"\0" * (4 * 1024 * 1024 + 1 - len(image_bytes()))
    response = files_api.upload("big.png", over)
    assert response.status_code == 400 and response.json()["message"] == refused
    # Far over: refused on the declared length, before the body is read.
    response = files_api.upload("huge.png", b"\0" * (6 * 1024 * 1024))
    assert response.status_code == 413 and response.json()["message"] == refused
    with in_schema(alpha):
        assert not StoredFile.objects.exists()
    assert not local_files.exists() or not any(local_files.rglob("*.png"))
    # Exactly 4 MB of image (trailing bytes after the PNG's end are ignored by decoders).
    exact = image_bytes() + b"\0" * (4 * 1024 * 1024 - len(image_bytes()))
    assert files_api.upload("exact.png", exact).status_code == 201


def test_file_names_are_cleaned(files_api):
    assert _upload(files_api, "../../etc/evil\u202e.png")["name"] == "evil.png"
    file = _upload(files_api, "C:\\Users\\me\\  My   <b>photo.PNG")
    assert file["name"] == "My <b>photo.png"
    assert file["filePath"].endswith("/My-b-photo.png")
    long = _upload(files_api, "x" * 300 + ".jpeg", image_bytes("JPEG"))
    assert long["name"] == "x" * 95 + ".jpeg"


def test_folders_tree_create_rename_delete(alpha, files_api):
    assert files_api.get(FOLDERS).json() == {"folders": []}
    brand = _folder(files_api, "Brand")
    assert brand["parentId"] is None and brand["fileCount"] == 0
    logos = _folder(files_api, "Logos", brand["id"])
    _folder(files_api, "Autumn")
    _upload(files_api, folder_id=logos["id"])
    tree = files_api.get(FOLDERS).json()["folders"]
    assert [f["name"] for f in tree] == ["Autumn", "Brand"]
    assert tree[1]["subfolders"][0] | {"dateCreated": None} == {
        "id": logos["id"],
        "name": "Logos",
        "parentId": brand["id"],
        "fileCount": 1,
        "dateCreated": None,
        "subfolders": [],
    }
    renamed = files_api.patch(f"{FOLDERS}/{brand['id']}", {"name": "Brand kit"})
    assert renamed.status_code == 200
    assert renamed.json()["message"] == "Folder renamed."
    assert renamed.json()["folder"]["name"] == "Brand kit"
    autumn = tree[0]["id"]
    deleted = files_api.delete(f"{FOLDERS}/{autumn}")
    assert deleted.status_code == 200 and deleted.json()["message"] == "Folder deleted."
    assert [f["name"] for f in files_api.get(FOLDERS).json()["folders"]] == ["Brand kit"]
    assert _events(alpha, "fileFolder") == [
        "fileFolder.created",
        "fileFolder.created",
        "fileFolder.created",
        "fileFolder.deleted",
        "fileFolder.renamed",
    ]


def test_folder_names_are_required_short_and_unique_among_siblings(files_api):
    brand = _folder(files_api, "Brand")
    cases = [
        ({"name": "   "}, "Folder name is required."),
        ({"name": "x" * 21}, "A folder name can be at most 20 characters."),
        ({"name": "BRAND"}, "A folder with this name already exists here."),
    ]
    for body, message in cases:
        response = files_api.post(FOLDERS, body)
        assert response.status_code == 400
        assert response.json()["errors"] == {"name": [message]}
    # the same name under another parent is another folder
    assert files_api.post(FOLDERS, {"name": "brand", "parentId": brand["id"]}).status_code == 201
    other = _folder(files_api, "Other")
    clash = files_api.patch(f"{FOLDERS}/{other['id']}", {"name": "brand"})
    assert clash.json()["errors"] == {"name": ["A folder with this name already exists here."]}
    assert files_api.patch(f"{FOLDERS}/{other['id']}", {"name": ""}).status_code == 400
    assert files_api.post(FOLDERS, {"name": "x\x00"}).status_code == 400
    assert files_api.post(FOLDERS, {"name": "Sub", "parentId": 999999}).status_code == 404


def test_folders_nest_at_most_five_deep(files_api):
    parent_id = None
    for depth in range(5):
        parent_id = _folder(files_api, f"Deep {depth}", parent_id)["id"]
    refused = files_api.post(FOLDERS, {"name": "Too deep", "parentId": parent_id})
    assert refused.status_code == 400
    assert refused.json()["message"] == "Folders can be nested at most 5 levels deep."


def test_only_an_empty_folder_is_deleted(files_api):
    refused = (
        "This folder cannot be deleted: it still holds files or subfolders. "
        "Move or delete them first."
    )
    with_sub = _folder(files_api, "Parent")
    _folder(files_api, "Child", with_sub["id"])
    with_file = _folder(files_api, "Images")
    _upload(files_api, folder_id=with_file["id"])
    for folder in (with_sub, with_file):
        response = files_api.delete(f"{FOLDERS}/{folder['id']}")
        assert response.status_code == 400 and response.json()["message"] == refused
    assert len(files_api.get(FOLDERS).json()["folders"]) == 2


def test_list_filters_searches_sorts_and_pages(files_api):
    folder = _folder(files_api, "Shop")
    small = _upload(files_api, "Banner.png", image_bytes(size=(2, 2)))
    big = _upload(files_api, "banner-wide.png", image_bytes(size=(300, 300), color=(1, 2, 3)))
    _upload(files_api, "apple.gif", image_bytes("GIF"))
    inside = _upload(files_api, "shoe.png", folder_id=folder["id"])

    def names(**query):
        answer = files_api.get(FILES, **query)
        assert answer.status_code == 200, answer.content
        return [item["name"] for item in answer.json()["items"]]

    assert names() == ["apple.gif", "banner-wide.png", "Banner.png"]  # newest first
    assert names(sort="name") == ["apple.gif", "banner-wide.png", "Banner.png"]
    assert names(sort="-name") == ["Banner.png", "banner-wide.png", "apple.gif"]
    assert names(sort="-size")[0] == big["name"] and names(sort="size")[0] != big["name"]
    assert names(sort="dateCreated")[0] == small["name"]
    assert names(search="BANNER", sort="name") == ["banner-wide.png", "Banner.png"]
    assert names(folderId=folder["id"]) == ["shoe.png"]
    assert names(allFolders="true", search="sho") == [inside["name"]]
    page = files_api.get(FILES, page=2, pageSize=10, allFolders="true").json()
    assert page["total"] == 4 and page["items"] == [] and page["page"] == 2
    assert files_api.get(FILES, sort="colour").status_code == 400
    assert files_api.get(FILES, pageSize=7).status_code == 400
    assert files_api.get(FILES, folderId=999999).status_code == 404


def test_rename_keeps_an_image_extension_and_refuses_a_clash(alpha, files_api):
    logo = _upload(files_api, "logo.png")
    _upload(files_api, "brand.png")
    path = f"{FILES}/{logo['id']}"
    renamed = files_api.patch(path, {"name": "  new logo  "})
    assert renamed.status_code == 200 and renamed.json()["name"] == "new logo.png"
    # the public address does not change with the name: emails already sent keep working
    assert renamed.json()["filePath"] == logo["filePath"]
    clash = files_api.patch(path, {"name": "BRAND.png"})
    assert clash.status_code == 400
    assert clash.json()["errors"] == {
        "name": ["A file with this name already exists in this folder."]
    }
    assert files_api.patch(path, {"name": " "}).json()["errors"] == {
        "name": ["File name is required."]
    }
    assert files_api.patch(path, {"name": "y" * 101}).status_code == 400
    assert files_api.get(path).json()["name"] == "new logo.png"
    assert _events(alpha, "file") == ["file.renamed", "file.uploaded", "file.uploaded"]


def test_upload_refuses_a_name_taken_in_the_folder(files_api):
    _upload(files_api, "logo.png")
    response = files_api.upload("LOGO.png", image_bytes())
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "file": ["A file with this name already exists in this folder."]
    }
    folder = _folder(files_api, "Elsewhere")
    assert files_api.upload("logo.png", image_bytes(), folder_id=folder["id"]).status_code == 201


def test_move_into_a_folder_and_back_with_the_spec_refusals(alpha, files_api):
    folder = _folder(files_api, "Campaigns")
    logo = _upload(files_api, "logo.png")
    move = f"{FILES}/{logo['id']}/move"
    moved = files_api.post(move, {"folderId": folder["id"]})
    assert moved.status_code == 200 and moved.json()["folderId"] == folder["id"]
    same = files_api.post(move, {"folderId": folder["id"]})
    assert same.status_code == 400
    assert same.json()["errors"] == {"folderId": ["The file is already in this folder."]}
    _upload(files_api, "Logo.PNG")  # a file of the same name at the root
    clash = files_api.post(move, {"folderId": None})
    assert clash.status_code == 400
    assert clash.json()["errors"] == {
        "folderId": ["A file with this name already exists in this folder."]
    }
    assert files_api.post(move, {"folderId": 999999}).status_code == 404
    assert _events(alpha, "file") == ["file.moved", "file.uploaded", "file.uploaded"]


def test_delete_removes_the_row_and_the_stored_bytes(
    alpha, files_api, django_capture_on_commit_callbacks
):
    logo = _upload(files_api, "logo.png")
    with in_schema(alpha):
        name = StoredFile.objects.get(pk=logo["id"]).storage_name
    assert storages["files"].exists(name)
    with django_capture_on_commit_callbacks(execute=True):
        assert files_api.delete(f"{FILES}/{logo['id']}").status_code == 204
    assert not storages["files"].exists(name)
    assert files_api.get(f"{FILES}/{logo['id']}").status_code == 404
    assert _events(alpha, "file") == ["file.deleted", "file.uploaded"]


def test_a_user_may_manage_files_a_member_without_marketing_access_may_not(
    files_user_api, nomkm_api
):
    assert files_user_api.post(FOLDERS, {"name": "Mine"}).status_code == 201
    assert files_user_api.upload("mine.png", image_bytes()).status_code == 201
    for response in (nomkm_api.get(FILES), nomkm_api.get(FOLDERS), nomkm_api.post(FOLDERS, {})):
        assert response.status_code == 403


def test_another_clients_folders_and_files_are_not_found(alpha, beta, files_api, beta_files_api):
    folder = _folder(files_api, "Secret")
    file = _upload(files_api, "secret.png", folder_id=folder["id"])
    api = beta_files_api
    # Before beta has a file of its own: the two clients' ids overlap, so beta's first file
    # may well carry alpha's file's id (and be beta's to change).
    for response in (
        api.get(f"{FILES}/{file['id']}"),
        api.patch(f"{FILES}/{file['id']}", {"name": "taken"}),
        api.post(f"{FILES}/{file['id']}/move", {"folderId": None}),
        api.delete(f"{FILES}/{file['id']}"),
    ):
        assert response.status_code == 404, response.content
    mine = _upload(beta_files_api, "mine.png")
    for response in (
        api.patch(f"{FOLDERS}/{folder['id']}", {"name": "taken"}),
        api.delete(f"{FOLDERS}/{folder['id']}"),
        api.get(FILES, folderId=folder["id"]),
        api.post(FOLDERS, {"name": "In theirs", "parentId": folder["id"]}),
        api.post(f"{FILES}/{mine['id']}/move", {"folderId": folder["id"]}),
        api.upload("into.png", image_bytes(), folder_id=folder["id"]),
    ):
        assert response.status_code == 404, response.content
    assert api.get(FOLDERS).json() == {"folders": []}
    assert [f["name"] for f in api.get(FILES, allFolders="true").json()["items"]] == ["mine.png"]
    assert files_api.get(f"{FILES}/{file['id']}").json()["name"] == "secret.png"
