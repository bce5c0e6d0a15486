"""Templates: create, read, list (search, sort, pages), update, duplicate, move, delete,
HTML upload; refusals in the spec's words; roles and other clients."""

from django.core.files.uploadedfile import SimpleUploadedFile

from core.audit.models import AuditLog
from marketing.content.models import Template
from marketing.jobs.models import BackgroundJob
from tests.support.content import (
    make_folder,
    make_foreign_folder,
    make_foreign_template,
    make_template,
)
from tests.support.http_api import bearer, http
from tests.support.tenants import in_schema

DESIGN = {"pages": [{"component": {"type": "wrapper", "components": []}}], "styles": []}


def _create(api, **fields):
    body = {"name": "Welcome", "type": "designer", **fields}
    return api.post("/api/mm/templates", body)


def test_create_get_update_delete(alpha, admin_api):
    folder = make_folder(alpha, "Promos")
    created = _create(
        admin_api,
        folderId=folder,
        subject="Hello <% firstName %>",
        previewText="Read me",
        html="<style>p{color:red}</style><p onclick='x()'>Hi <% firstName || there %></p>"
        "<script>alert(1)</script>",
        projectData=DESIGN,
    )
    assert created.status_code == 201, created.content
    template = created.json()
    assert template["name"] == "Welcome" and template["type"] == "designer"
    assert template["folderId"] == folder and template["thumbnailUrl"] is None
    assert template["projectData"] == DESIGN and template["version"] == 1
    assert template["createdByEmail"] == alpha.admin.email
    assert '<p style="color: red;">Hi <% firstName || there %></p>' in template["html"]
    assert "script" not in template["html"] and "onclick" not in template["html"]
    got = admin_api.get(f"/api/mm/templates/{template['id']}").json()
    assert got["html"] == template["html"] and got["subject"] == "Hello <% firstName %>"
    # a save of the content moves the version and schedules a thumbnail of it
    with in_schema(alpha):
        keys = set(BackgroundJob.objects.values_list("operation_key", flat=True))
    assert f"thumbnail:{template['id']}:1" in keys
    updated = admin_api.patch(
        f"/api/mm/templates/{template['id']}",
        {"html": "<p>New</p>", "name": "Welcome 2", "folderId": None},
    )
    assert updated.status_code == 200
    body = updated.json()
    assert body["version"] == 2 and body["name"] == "Welcome 2" and body["folderId"] is None
    assert body["projectData"] == DESIGN  # absent: kept
    with in_schema(alpha):
        assert BackgroundJob.objects.filter(operation_key=f"thumbnail:{template['id']}:2").exists()
    renamed = admin_api.patch(f"/api/mm/templates/{template['id']}", {"name": "Welcome 3"})
    assert renamed.json()["version"] == 2  # a name is not content
    cleared = admin_api.patch(f"/api/mm/templates/{template['id']}", {"projectData": None})
    assert cleared.json()["projectData"] is None
    assert admin_api.delete(f"/api/mm/templates/{template['id']}").status_code == 204
    assert admin_api.get(f"/api/mm/templates/{template['id']}").status_code == 404
    with in_schema(alpha):
        events = sorted(
            AuditLog.objects.filter(object_type="template").values_list("event_type", flat=True)
        )
    assert events == ["template.created", "template.deleted"] + ["template.updated"] * 3


def test_a_designer_project_is_made_safe_on_create_update_and_duplicate(alpha, user_api):
    """The untrusted-content rule: a USER's project never brings a handler to whoever opens it."""
    image = {"type": "image", "attributes": {"src": "x", "onerror": "steal()", "alt": "A"}}
    hostile = {
        "pages": [{"frames": [{"component": {"type": "wrapper", "components": [image]}}]}],
        "styles": [],
    }
    safe_image = {"type": "image", "attributes": {"src": "x", "alt": "A"}}
    created = _create(user_api, projectData=hostile).json()
    assert created["projectData"]["pages"][0]["frames"][0]["component"]["components"] == [
        safe_image
    ]
    script = {"type": "script", "content": "steal()"}
    hostile["pages"][0]["frames"][0]["component"]["components"] = [script, image]
    updated = user_api.patch(f"/api/mm/templates/{created['id']}", {"projectData": hostile})
    assert updated.json()["projectData"]["pages"][0]["frames"][0]["component"]["components"] == [
        safe_image
    ]
    with in_schema(alpha):
        Template.objects.filter(pk=created["id"]).update(project_data=hostile)  # saved earlier
    copy = user_api.post(f"/api/mm/templates/{created['id']}/duplicate", {}).json()
    assert "steal" not in str(copy["projectData"])


def test_links_that_will_not_work_are_reported_with_the_template(alpha, admin_api):
    created = _create(
        admin_api,
        html='<a href="https://shop.example/sale">Sale</a> <a href="www.shop.example/x">Shop</a>'
        ' <a href="<% RSS_link %>">Read</a> <a href="mailto:hi@shop.example">Mail</a>',
    ).json()
    assert created["linkProblems"] == [
        {
            "index": 1,
            "url": "www.shop.example/x",
            "text": "Shop",
            "message": created["linkProblems"][0]["message"],
        }
    ]
    assert "link" in created["linkProblems"][0]["message"].lower()
    fixed = admin_api.patch(
        f"/api/mm/templates/{created['id']}", {"html": '<a href="https://shop.example">S</a>'}
    )
    assert fixed.json()["linkProblems"] == []


def test_name_rules(alpha, admin_api):
    assert _create(admin_api).status_code == 201
    for name, message in (
        ("WELCOME", "A template with this name already exists."),
        ("  ", "Template name cannot be empty."),
        ("n" * 101, "The name can be at most 100 characters."),
    ):
        refused = _create(admin_api, name=name)
        assert refused.status_code == 400
        assert refused.json()["errors"]["name"] == [message]
    # unique per type
    assert _create(admin_api, type="html").status_code == 201
    other = _create(admin_api, name="Other").json()
    taken = admin_api.patch(f"/api/mm/templates/{other['id']}", {"name": "welcome"})
    assert taken.json()["errors"]["name"] == ["A template with this name already exists."]


def test_bad_input(alpha, admin_api):
    assert admin_api.post("/api/mm/templates", {"name": "x"}).status_code == 400
    assert _create(admin_api, type="video").status_code == 400
    assert _create(admin_api, projectData=[1, 2]).status_code == 400
    assert _create(admin_api, subject="s" * 256).status_code == 400
    assert _create(admin_api, html="a\x00b").status_code == 400
    big = _create(admin_api, html="x" * (2 * 1024 * 1024 + 1))
    assert big.status_code == 400 and big.json()["errors"]["html"] == [
        "The HTML can be at most 2 MB."
    ]
    # a body past Django's DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB): 413, not a 500
    huge = _create(admin_api, html="x" * 3_000_000)
    assert huge.status_code == 413
    assert huge.json()["message"] == "The request is too large: the limit is 2.5 MB."
    assert _create(admin_api, folderId=999999).status_code == 404
    assert _create(admin_api, folderId=0).status_code == 400
    html_folder = make_folder(alpha, "H", folder_type="html")
    wrong = _create(admin_api, folderId=html_folder)
    assert wrong.json()["errors"]["folderId"] == ["The folder holds templates of another type."]
    template = _create(admin_api).json()
    retyped = admin_api.patch(f"/api/mm/templates/{template['id']}", {"type": "html"})
    assert retyped.json()["errors"]["type"] == ["A template's type cannot be changed."]
    assert admin_api.get("/api/mm/templates/999999").status_code == 404
    assert admin_api.get("/api/mm/templates/99999999999999999999").status_code in (400, 404)
    assert admin_api.get("/api/mm/templates", sort="size").status_code == 400
    assert admin_api.get("/api/mm/templates", pageSize=11).status_code == 400
    assert admin_api.get("/api/mm/templates", type="x").status_code == 400


def test_list_search_sort_and_pages(alpha, admin_api):
    folder = make_folder(alpha, "F")
    for i, name in enumerate(["Spring Sale", "summer sale", "Autumn", "50%_off", "Winter"]):
        make_template(alpha, name, folder_id=folder if i % 2 == 0 else None)
    make_template(alpha, "Sale html", template_type="html")
    listed = admin_api.get("/api/mm/templates", type="designer", search="SALE", sort="name").json()
    assert [t["name"] for t in listed["items"]] == ["Spring Sale", "summer sale"]
    assert listed["total"] == 2 and listed["page"] == 1 and listed["pageSize"] == 10
    assert set(listed["items"][0]) == {
        "id",
        "name",
        "type",
        "folderId",
        "thumbnailUrl",
        "createdAt",
        "updatedAt",
        "createdByEmail",
    }
    # LIKE wildcards are plain characters
    assert [t["name"] for t in admin_api.get("/api/mm/templates", search="%_").json()["items"]] == [
        "50%_off"
    ]
    in_folder = admin_api.get("/api/mm/templates", type="designer", folderId=folder, sort="-name")
    assert [t["name"] for t in in_folder.json()["items"]] == ["Winter", "Spring Sale", "Autumn"]
    every = admin_api.get("/api/mm/templates", sort="name").json()
    assert every["total"] == 6
    for i in range(12):
        make_template(alpha, f"Bulk {i:02}")
    second = admin_api.get("/api/mm/templates", type="designer", sort="name", page=2).json()
    assert second["total"] == 17 and len(second["items"]) == 7
    newest = admin_api.get("/api/mm/templates", sort="-createdAt").json()["items"][0]
    assert newest["name"] == "Bulk 11"


def test_duplicate_and_move(alpha, admin_api):
    folder = make_folder(alpha, "F")
    original = _create(admin_api, folderId=folder, html="<p>x</p>", projectData=DESIGN).json()
    copy = admin_api.post(f"/api/mm/templates/{original['id']}/duplicate")
    assert copy.status_code == 201
    assert copy.json()["name"] == "Welcome copy" and copy.json()["folderId"] == folder
    assert copy.json()["html"] == original["html"] and copy.json()["projectData"] == DESIGN
    again = admin_api.post(f"/api/mm/templates/{original['id']}/duplicate").json()
    assert again["name"] == "Welcome copy 2"
    moved = admin_api.post(f"/api/mm/templates/{original['id']}/move", {"folderId": None})
    assert moved.status_code == 200 and moved.json()["folderId"] is None
    back = admin_api.post(f"/api/mm/templates/{original['id']}/move", {"folderId": folder})
    assert back.json()["folderId"] == folder
    html_folder = make_folder(alpha, "H", folder_type="html")
    wrong = admin_api.post(f"/api/mm/templates/{original['id']}/move", {"folderId": html_folder})
    assert wrong.status_code == 400
    assert (
        admin_api.post(f"/api/mm/templates/{original['id']}/move", {"folderId": "x"}).status_code
        == 400
    )
    assert admin_api.post("/api/mm/templates/999999/duplicate").status_code == 404


def _upload(tenant, token, file_name, content, content_type="text/html", **fields):
    return http(tenant.host).post(
        "/api/htmlUpload",
        {"file": SimpleUploadedFile(file_name, content, content_type), **fields},
        **bearer(token),
    )


def test_html_upload(alpha, admin_api):
    page = b"<html><head><style>h1{color:blue}</style></head><body><h1>Hi <% firstName %></h1>"
    page += b"<script>alert(1)</script></body></html>"
    uploaded = _upload(alpha, admin_api.token, "Newsletter.HTML", page)
    assert uploaded.status_code == 201, uploaded.content
    body = uploaded.json()
    assert body["type"] == "html" and body["name"] == "Newsletter"
    assert '<h1 style="color: blue;">Hi <% firstName %></h1>' in body["html"]
    assert "script" not in body["html"]
    second = _upload(alpha, admin_api.token, "Newsletter.htm", "<p>caf\xe9</p>".encode("cp1252"))
    assert second.json()["name"] == "Newsletter 2" and "café" in second.json()["html"]
    folder = make_folder(alpha, "Uploads", folder_type="html")
    named = _upload(alpha, admin_api.token, "x.html", b"<p>x</p>", name="Mine", folderId=folder)
    assert named.json()["name"] == "Mine" and named.json()["folderId"] == folder
    taken = _upload(alpha, admin_api.token, "x.html", b"<p>x</p>", name="mine")
    assert taken.json()["errors"]["name"] == ["A template with this name already exists."]


def test_html_upload_refusals(alpha, admin_api):
    message = "Unsupported file type. Please upload only Html files"
    for name, content, content_type in (
        ("a.txt", b"<p>x</p>", "text/plain"),
        ("a.png", b"\x89PNG\r\n", "image/png"),
        ("a.html", b"\x89PNG\r\n\x1a\n\x00\x00", "text/html"),  # binary
        ("a.html", b"<p>x</p>", "image/png"),
        ("a.html", b"", "text/html"),
        ("a.html", b"x" * (2 * 1024 * 1024 + 1), "text/html"),
    ):
        refused = _upload(alpha, admin_api.token, name, content, content_type)
        assert refused.status_code == 400, (name, refused.content)
        assert refused.json()["message"] == message
    missing = http(alpha.host).post("/api/htmlUpload", {}, **bearer(admin_api.token))
    assert missing.status_code == 400
    wrong_folder = _upload(alpha, admin_api.token, "a.html", b"<p>x</p>", folderId=999999)
    assert wrong_folder.status_code == 404
    with in_schema(alpha):
        assert not Template.objects.exists()


def test_roles(alpha, admin_api, user_api, nomkm_api):
    mine = _create(user_api).json()
    assert user_api.get("/api/mm/templates").status_code == 200
    assert user_api.patch(f"/api/mm/templates/{mine['id']}", {"text": "t"}).status_code == 200
    assert user_api.post(f"/api/mm/templates/{mine['id']}/duplicate").status_code == 201
    assert _upload(alpha, user_api.token, "u.html", b"<p>u</p>").status_code == 201
    assert user_api.delete(f"/api/mm/templates/{mine['id']}").status_code == 204
    template = make_template(alpha, "T")
    for call in (
        lambda api: api.get("/api/mm/templates"),
        lambda api: api.get(f"/api/mm/templates/{template}"),
        lambda api: _create(api, name="N"),
        lambda api: api.patch(f"/api/mm/templates/{template}", {"name": "N"}),
        lambda api: api.post(f"/api/mm/templates/{template}/duplicate"),
        lambda api: api.post(f"/api/mm/templates/{template}/move", {"folderId": None}),
        lambda api: api.delete(f"/api/mm/templates/{template}"),
    ):
        refused = call(nomkm_api)
        assert refused.status_code == 403, refused.content
    assert _upload(alpha, nomkm_api.token, "n.html", b"<p>n</p>").status_code == 403
    assert http(alpha.host).get("/api/mm/templates").status_code == 401
    with in_schema(alpha):
        assert Template.objects.get(pk=template).name == "T"


def test_another_clients_templates_answer_404(alpha, beta, admin_api):
    theirs = make_foreign_template(beta, absent_from=alpha, html="<p>secret</p>")
    their_folder = make_foreign_folder(beta, absent_from=alpha, name="TheirFolder")
    make_template(alpha, "Mine")
    assert admin_api.get(f"/api/mm/templates/{theirs}").status_code == 404
    assert admin_api.patch(f"/api/mm/templates/{theirs}", {"name": "X"}).status_code == 404
    assert admin_api.delete(f"/api/mm/templates/{theirs}").status_code == 404
    assert admin_api.post(f"/api/mm/templates/{theirs}/duplicate").status_code == 404
    assert admin_api.post(f"/api/mm/templates/{theirs}/move", {"folderId": None}).status_code == 404
    assert _create(admin_api, name="In theirs", folderId=their_folder).status_code == 404
    their_html_folder = make_foreign_folder(
        beta, absent_from=alpha, name="TheirHtml", folder_type="html"
    )
    uploaded = _upload(alpha, admin_api.token, "a.html", b"<p>x</p>", folderId=their_html_folder)
    assert uploaded.status_code == 404
    listed = admin_api.get("/api/mm/templates", folderId=their_folder).json()
    assert listed["items"] == []
    assert [t["name"] for t in admin_api.get("/api/mm/templates").json()["items"]] == ["Mine"]
    with in_schema(beta):
        assert Template.objects.get(pk=theirs).name == "Theirs"


def test_a_merge_tag_the_renderer_cannot_read_is_refused_on_save_named(alpha, admin_api):
    refused = _create(admin_api, html='<p>Hi <% firstName | "there" %></p>')
    assert refused.status_code == 400, refused.content
    message = (
        'This merge tag cannot be read: <% firstName | "there" %>. '
        "Write it as <% name %> or <% name || fallback %>."
    )
    assert refused.json()["errors"] == {"html": [message]}
    created = _create(admin_api, html='<p>Hi <% firstName || "there" %></p>')
    assert created.status_code == 201, created.content
    patched = admin_api.patch(
        f"/api/mm/templates/{created.json()['id']}", {"subject": "Hi <% firstName | you %>"}
    )
    assert patched.status_code == 400
    assert patched.json()["errors"]["subject"][0].startswith(
        "This merge tag cannot be read: <% firstName | you %>."
    )
