"""Template folders: the tree by type, create, rename, delete, and their refusals."""

from core.audit.models import AuditLog
from marketing.content.models import TemplateFolder
from tests.support.content import make_folder, make_foreign_folder, make_template
from tests.support.http_api import http
from tests.support.tenants import in_schema


def _create(api, name, folder_type="designer", parent=None):
    return api.post(
        "/api/mm/templateFolders", {"name": name, "type": folder_type, "parentId": parent}
    )


def test_tree_by_type_with_paths_counts_and_sorting(alpha, admin_api):
    news = _create(admin_api, "News").json()
    assert news["type"] == "designer" and news["parentId"] is None
    sub = _create(admin_api, "archive", parent=news["id"]).json()
    _create(admin_api, "Alpha")
    _create(admin_api, "Other type", folder_type="html")
    make_template(alpha, "In news", folder_id=news["id"])
    make_template(alpha, "In archive", folder_id=sub["id"])
    make_template(alpha, "In archive 2", folder_id=sub["id"])
    answer = admin_api.get("/api/getTemplateFolders", type="designer")
    assert answer.status_code == 200
    tree = answer.json()
    assert tree["status"] == 1
    assert [f["name"] for f in tree["folders"]] == ["Alpha", "News"]
    news_node = tree["folders"][1]
    assert news_node["_id"] == news["id"] and news_node["templateCount"] == 1
    assert news_node["path"] == "/News"
    assert news_node["subfolders"] == [
        {
            "_id": sub["id"],
            "name": "archive",
            "path": "/News/archive",
            "templateCount": 2,
            "subfolders": [],
        }
    ]
    desc = admin_api.get("/api/getTemplateFolders", type="designer", sortOrder="desc").json()
    assert [f["name"] for f in desc["folders"]] == ["News", "Alpha"]
    by_date = admin_api.get(
        "/api/getTemplateFolders", type="designer", sortCriteria="dateCreated"
    ).json()
    assert [f["name"] for f in by_date["folders"]] == ["News", "Alpha"]
    subtree = admin_api.get("/api/getTemplateFolders", type="designer", folderId=news["id"]).json()
    assert [f["name"] for f in subtree["folders"]] == ["News"]
    by_path = admin_api.get(
        "/api/getTemplateFolders", type="designer", folderPath="/news/ARCHIVE"
    ).json()
    assert [f["_id"] for f in by_path["folders"]] == [sub["id"]]
    html = admin_api.get("/api/getTemplateFolders", type="html").json()
    assert [f["name"] for f in html["folders"]] == ["Other type"]


def test_tree_bad_input(alpha, admin_api):
    assert admin_api.get("/api/getTemplateFolders").status_code == 400  # type required
    assert admin_api.get("/api/getTemplateFolders", type="nope").status_code == 400
    assert admin_api.get("/api/getTemplateFolders", type="html", sortOrder="x").status_code == 400
    assert admin_api.get("/api/getTemplateFolders", type="html", folderId="x").status_code == 400
    assert admin_api.get("/api/getTemplateFolders", type="html", folderId=999999).status_code == 404
    missing_path = admin_api.get("/api/getTemplateFolders", type="html", folderPath="/Nope")
    assert missing_path.status_code == 404


def test_create_refusals(alpha, admin_api):
    first = _create(admin_api, "Promo")
    assert first.status_code == 201
    for name, message in (
        ("PROMO", "A folder with this name already exists."),
        ("   ", "Folder name cannot be empty."),
        ("x" * 21, "The name can be at most 20 characters."),
    ):
        refused = _create(admin_api, name)
        assert refused.status_code == 400
        assert refused.json()["errors"]["name"] == [message]
    # the same name is fine in another type or another parent
    assert _create(admin_api, "Promo", folder_type="html").status_code == 201
    assert _create(admin_api, "Promo", parent=first.json()["id"]).status_code == 201
    # a parent of another type, or of another client, or none at all
    html_folder = make_folder(alpha, "H", folder_type="html")
    wrong = _create(admin_api, "Child", parent=html_folder)
    assert wrong.json()["errors"]["parentId"] == ["The folder holds templates of another type."]
    assert _create(admin_api, "Child", parent=999999).status_code == 404
    assert admin_api.post("/api/mm/templateFolders", {"name": "x"}).status_code == 400
    assert (
        admin_api.post("/api/mm/templateFolders", {"name": "x", "type": "zip"}).status_code == 400
    )


def test_nesting_has_a_depth_limit(alpha, admin_api):
    parent = None
    for depth in range(5):
        parent = _create(admin_api, f"L{depth}", parent=parent).json()["id"]
    refused = _create(admin_api, "L5", parent=parent)
    assert refused.json()["errors"]["parentId"] == ["Folders can be nested at most 5 deep."]


def test_rename(alpha, admin_api):
    folder = _create(admin_api, "Old").json()["id"]
    _create(admin_api, "Taken")
    done = admin_api.post("/api/renameTemplateFolder", {"folderId": folder, "newName": "New "})
    assert done.status_code == 200
    assert done.json() == {"status": 1, "message": "Folder renamed successfully.", "errors": {}}
    with in_schema(alpha):
        assert TemplateFolder.objects.get(pk=folder).name == "New"
    for new_name, message in (
        ("taken", "A folder with this name already exists."),
        ("", "Folder name cannot be empty."),
        ("y" * 21, "The name can be at most 20 characters."),
    ):
        refused = admin_api.post(
            "/api/renameTemplateFolder", {"folderId": folder, "newName": new_name}
        )
        assert refused.status_code == 400
        assert refused.json()["status"] == 0 and refused.json()["message"] == message
    missing = admin_api.post("/api/renameTemplateFolder", {"folderId": 999999, "newName": "Z"})
    assert missing.status_code == 404
    assert admin_api.post("/api/renameTemplateFolder", {"folderId": folder}).status_code == 400


def test_delete_only_when_empty(alpha, admin_api):
    parent = _create(admin_api, "Parent").json()["id"]
    child = _create(admin_api, "Child", parent=parent).json()["id"]
    template = make_template(alpha, "Kept", folder_id=child)
    message = "A folder must hold no templates and no subfolders to be deleted."
    for folder in (parent, child):
        refused = admin_api.post("/api/deleteTemplateFolder", {"folderId": folder})
        assert refused.status_code == 400
        assert refused.json()["status"] == 0 and refused.json()["message"] == message
    admin_api.delete(f"/api/mm/templates/{template}")
    done = admin_api.post("/api/deleteTemplateFolder", {"folderId": child})
    assert done.json()["status"] == 1 and done.json()["message"] == "Folder deleted successfully."
    assert admin_api.post("/api/deleteTemplateFolder", {"folderId": parent}).status_code == 200
    assert admin_api.post("/api/deleteTemplateFolder", {"folderId": parent}).status_code == 404
    assert admin_api.post("/api/deleteTemplateFolder", {"folderId": "x"}).status_code == 400
    with in_schema(alpha):
        events = sorted(
            AuditLog.objects.filter(object_type="templateFolder").values_list(
                "event_type", flat=True
            )
        )
    assert events == ["templateFolder.created"] * 2 + ["templateFolder.deleted"] * 2


def test_roles_and_other_clients(alpha, beta, admin_api, user_api, nomkm_api):
    assert _create(user_api, "By a user").status_code == 201
    assert user_api.get("/api/getTemplateFolders", type="designer").status_code == 200
    no_access = _create(nomkm_api, "No")
    assert no_access.status_code == 403
    mine = make_folder(alpha, "Mine")
    assert nomkm_api.get("/api/getTemplateFolders", type="designer").status_code == 403
    renamed = nomkm_api.post("/api/renameTemplateFolder", {"folderId": mine, "newName": "No"})
    assert renamed.status_code == 403
    assert nomkm_api.post("/api/deleteTemplateFolder", {"folderId": mine}).status_code == 403
    renamed = user_api.post("/api/renameTemplateFolder", {"folderId": mine, "newName": "Yes"})
    assert renamed.status_code == 200
    assert user_api.post("/api/deleteTemplateFolder", {"folderId": mine}).status_code == 200
    assert http(alpha.host).get("/api/getTemplateFolders", {"type": "html"}).status_code == 401
    theirs = make_foreign_folder(beta, absent_from=alpha)
    assert (
        admin_api.get("/api/getTemplateFolders", type="designer", folderId=theirs).status_code
        == 404
    )
    renamed = admin_api.post("/api/renameTemplateFolder", {"folderId": theirs, "newName": "Mine"})
    assert renamed.status_code == 404
    assert admin_api.post("/api/deleteTemplateFolder", {"folderId": theirs}).status_code == 404
    assert _create(admin_api, "Child", parent=theirs).status_code == 404
    with in_schema(beta):
        assert TemplateFolder.objects.get(pk=theirs).name == "Theirs"
