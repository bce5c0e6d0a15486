"""The landing pages calls: the list (search, sort, type, status, pages); names required
(spec 5.4) and slugs by spec 5.1's rule, unique; the plan's LandingPages limit (spec 6);
saves make versions, publish freezes one, roll back returns to one; every rule of spec
5.10 with its message; the pop-up link rule of spec 4 and POST /api/ppAssociatedLps
(spec 7); copy and delete; what the designer sends cleaned on write; members only, and
another client's pages not found."""

from marketing.sites.models import LandingPage, PageVersion
from tenants.models import Plan
from tests.support.forms import form_parts_in, form_published
from tests.support.http_api import foreign
from tests.support.sites import URL, page_body, page_made, page_published, popup_published
from tests.support.tenants import in_schema


def _names(answer) -> list[str]:
    assert answer.status_code == 200, answer.content
    return [item["name"] for item in answer.json()["items"]]


def _refused(answer, errors: dict) -> None:
    assert answer.status_code == 400, answer.content
    assert answer.json()["errors"] == errors


def test_list_search_sort_type_status_and_pages(alpha, user_api):
    page_published(user_api, name="Alpha offer")
    page_made(user_api, name="Beta launch")
    popup_published(user_api, name="Gamma pop-up")
    assert _names(user_api.get(URL, sort="name")) == ["Alpha offer", "Beta launch", "Gamma pop-up"]
    assert _names(user_api.get(URL, sort="-name"))[0] == "Gamma pop-up"
    assert _names(user_api.get(URL, search="LAUNCH")) == ["Beta launch"]
    assert _names(user_api.get(URL, type="PP")) == ["Gamma pop-up"]
    assert _names(user_api.get(URL, status="Draft")) == ["Beta launch"]
    row = user_api.get(URL, search="alpha").json()["items"][0]
    assert (row["status"], row["slug"], row["publishedNumber"]) == ("Published", "alpha-offer", 1)
    assert row["publicUrl"].endswith(f"/{alpha.client.schema_name}/alpha-offer")
    page = user_api.get(URL, pageSize=10, page=2).json()
    assert (page["total"], page["items"]) == (3, [])
    for bad in (
        {"sort": "size"},
        {"pageSize": 11},
        {"status": "Gone"},
        {"type": "XX"},
        {"page": 0},
        {"search": "x" * 201},
    ):
        answer = user_api.get(URL, **bad)
        assert (answer.status_code, answer.json()["message"]) == (400, "Invalid Request"), bad


def test_name_required_slug_rule_and_unique(alpha, user_api):
    _refused(user_api.post(URL, page_body(name="  ")), {"name": ["Please fill Landing Page Name "]})
    page = page_made(user_api, name="Summer Sale!", slug="/Summer Sale 2026!")
    assert page["slug"] == "summer-sale-2026"
    assert page_made(user_api, name="No slug given")["slug"] == "no-slug-given"
    _refused(
        user_api.post(URL, page_body(name="Other", slug="SUMMER sale 2026")),
        {"slug": ["This page URL is already in use."]},
    )
    _refused(
        user_api.post(URL, page_body(name="Other", slug="/!!!")),
        {"slug": ["Please fill Page URL "]},
    )
    assert user_api.delete(f"{URL}/{page['id']}").status_code == 204
    assert page_made(user_api, name="Again", slug="summer-sale-2026")["slug"] == "summer-sale-2026"


def test_the_plan_limit(alpha, user_api):
    alpha.client.plan = Plan.objects.create(name="One page", limits={"LandingPages": 1})
    alpha.client.save()
    page = page_made(user_api)
    for answer in (
        user_api.post(URL, page_body(name="Two")),
        user_api.post(f"{URL}/{page['id']}/copy", {}),
    ):
        assert (answer.status_code, answer.json()["message"]) == (403, "Limit Exceeds")


def test_saves_make_versions_publish_freezes_and_roll_back(alpha, user_api):
    page = page_published(user_api)
    first = page["currentVersion"]["id"]
    saved = user_api.patch(
        f"{URL}/{page['id']}", {"content": {"html": "<h1>Summer sale</h1>", "css": ""}}
    )
    assert saved.status_code == 200, saved.content
    body = saved.json()
    assert body["currentVersion"]["number"] == 2 and body["publishedNumber"] == 1
    with in_schema(alpha):
        assert "Spring sale" in PageVersion.objects.get(pk=first).rendered
    versions = user_api.get(f"{URL}/{page['id']}/versions").json()["items"]
    assert [v["number"] for v in versions] == [2, 1]
    republished = user_api.post(f"{URL}/{page['id']}/publish", {}).json()
    assert republished["publishedNumber"] == 2
    back = user_api.post(f"{URL}/{page['id']}/rollBack", {"versionId": first})
    assert back.status_code == 200, back.content
    assert (back.json()["publishedNumber"], back.json()["currentVersion"]["number"]) == (1, 1)
    one = user_api.get(f"{URL}/{page['id']}/versions/{first}").json()
    assert "Spring sale" in one["html"]
    other = page_made(user_api, name="Other")
    missing = user_api.post(f"{URL}/{other['id']}/rollBack", {"versionId": first})
    assert (missing.status_code, missing.json()["message"]) == (404, "Version not found.")
    assert user_api.post(f"{URL}/{page['id']}/rollBack", {"versionId": 0}).status_code == 400


def test_content_is_cleaned_on_write(alpha, user_api):
    html = (
        '<h1 onclick="steal()">Hi</h1><script>steal()</script>'
        '<a href="javascript:steal()">x</a><iframe src="https://evil.example"></iframe>'
    )
    page = page_made(user_api, html=html)
    kept = page["currentVersion"]["html"]
    assert "<h1>Hi</h1>" in kept
    for gone in ("onclick", "<script", "javascript:", "<iframe"):
        assert gone not in kept
    project = {"pages": [{"component": {"type": "script", "content": "steal()"}}]}
    saved = user_api.patch(f"{URL}/{page['id']}", {"content": {"project": project, "html": "<p/>"}})
    assert "steal" not in str(saved.json()["currentVersion"]["project"])
    for css in (
        "</style><script>steal()</script>",
        "a{background:url(javascript:x)}",
        "@import url(https://evil.example/x.css);",
    ):
        answer = user_api.patch(f"{URL}/{page['id']}", {"content": {"html": "<p/>", "css": css}})
        _refused(answer, {"css": ["The page's styles hold something that is not a style."]})
    answer = user_api.patch(
        f"{URL}/{page['id']}",
        {"content": {"html": "<p/>", "settings": {"favicon": "javascript:x", "socialImage": "x"}}},
    )
    _refused(
        answer,
        {
            "settings.socialImage": ["Please enter a valid image URL."],
            "settings.favicon": ["Please enter a valid image URL."],
        },
    )


def _publish(api, page_id: int):
    return api.post(f"{URL}/{page_id}/publish", {})


def test_each_publish_rule_with_its_message(alpha, user_api, settings):
    schema = alpha.client.schema_name
    cases = [
        (
            {"redirect": {"enabled": True, "url": "not a url"}},
            {"settings.redirect.url": ["Please enter a valid auto-redirect URL."]},
        ),
        (
            {
                "redirect": {
                    "enabled": True,
                    "url": f"https://{settings.PAGES_HOST}/{schema}/rules/",
                }
            },
            {"settings.redirect.url": ["The same page URL cannot be used for the redirect."]},
        ),
        (
            {"redirect": {"enabled": True, "url": "https://pages.client.example/rules"}},
            {"settings.redirect.url": ["The same page URL cannot be used for the redirect."]},
        ),
        (
            {"stickyHeader": True},
            {
                "settings.stickyHeader": [
                    "A sticky header cannot go below other objects and nothing goes above it."
                ]
            },
        ),
        (
            {"backgroundVideo": "https://cdn.example/clip.gif"},
            {
                "settings.backgroundVideo": [
                    "A video background needs a self-hosted direct link (MP4, WebM, MOV, MKV)."
                ]
            },
        ),
        (
            {"backgroundVideo": "https://www.youtube.com/watch?v=abc"},
            {
                "settings.backgroundVideo": [
                    "A video background needs a self-hosted direct link (MP4, WebM, MOV, MKV)."
                ]
            },
        ),
    ]
    page = page_made(user_api, name="Rules")
    for page_settings, errors in cases:
        saved = user_api.patch(
            f"{URL}/{page['id']}", {"content": {"html": "<p>x</p>", "settings": page_settings}}
        )
        assert saved.status_code == 200, saved.content
        _refused(_publish(user_api, page["id"]), errors)
    header = '<header class="mc-sticky-header">Top</header>'
    for html, ok in (
        (f"{header}<p>Body</p>", True),
        (f"<p>Body</p>{header}", False),
        (f"Loose text{header}", False),
        (f"{header}{header}", False),
        (f"<div>{header}</div>", False),
    ):
        user_api.patch(
            f"{URL}/{page['id']}", {"content": {"html": html, "settings": {"stickyHeader": True}}}
        )
        assert (_publish(user_api, page["id"]).status_code == 200) is ok, html
    good = {
        "redirect": {"enabled": True, "url": "https://shop.example/thanks"},
        "backgroundVideo": "https://cdn.example/clip.WebM?v=2",
    }
    user_api.patch(f"{URL}/{page['id']}", {"content": {"html": "<p>x</p>", "settings": good}})
    assert _publish(user_api, page["id"]).status_code == 200
    empty = page_made(user_api, name="Empty", html="")
    _refused(
        _publish(user_api, empty["id"]), {"html": ["Please design the page before publishing it."]}
    )
    popup = page_made(user_api, name="Pop", pageType="PP", settings={"popup": {"button": False}})
    _refused(
        _publish(user_api, popup["id"]),
        {"settings.popup": ["A popup needs one popup setting enabled to publish."]},
    )
    checkout = page_made(user_api, name="Checkout", pageType="CP")
    _refused(
        _publish(user_api, checkout["id"]),
        {"checkoutFormId": ["A checkout page needs a checkout form to publish."]},
    )


def test_popup_settings_take_spec_9_choices(alpha, user_api):
    for popup in ({"frequency": 6}, {"duration": 3}, {"scrollPercent": 0}, {"delaySeconds": -1}):
        answer = user_api.post(URL, page_body(pageType="PP", settings={"popup": popup}))
        assert answer.status_code == 400, popup
    body = page_body(
        pageType="PP",
        settings={"popup": {"button": False, "exitIntent": True, "frequency": 10, "duration": 60}},
    )
    assert user_api.post(URL, body).status_code == 201


def test_a_linked_popup_stays_published(alpha, user_api):
    popup = popup_published(user_api)
    link = f'<p><a href="#mc-popup-{popup["id"]}">Get the offer</a></p>'
    landing = page_published(user_api, name="Landing", html=link)
    associated = user_api.post("/api/ppAssociatedLps?isPopUpPage=true", {"lpId": popup["id"]})
    assert associated.status_code == 200, associated.content
    assert associated.json() == {"ppAssociatedLps": [{"status": "Published", "lpName": "Landing"}]}
    refused = user_api.post(f"{URL}/{popup['id']}/unpublish", {})
    _refused(
        refused,
        {
            "status": [
                "This pop-up page cannot be unpublished while published landing"
                " pages are still linked to it. Please unlink them first."
            ]
        },
    )
    assert user_api.post(f"{URL}/{landing['id']}/unpublish", {}).status_code == 200
    assert user_api.post("/api/ppAssociatedLps", {"lpId": popup["id"]}).json() == {
        "ppAssociatedLps": []
    }
    assert user_api.post(f"{URL}/{popup['id']}/unpublish", {}).json()["status"] == "Unpublished"
    # a landing page cannot go live linking a pop-up page that is not
    _refused(
        _publish(user_api, landing["id"]),
        {"html": ["A pop-up page linked from this page is not published."]},
    )
    not_popup = user_api.post("/api/ppAssociatedLps", {"lpId": landing["id"]})
    assert (not_popup.status_code, not_popup.json()["message"]) == (
        404,
        "This page is not a pop-up page.",
    )
    assert user_api.post("/api/ppAssociatedLps", {"lpId": "x"}).status_code == 400


def test_a_page_holds_published_forms_only(alpha, user_api):
    form = form_published(user_api, form_parts_in(alpha))
    html = f'<div class="mc-form" id="mc-form-{form["key"]}"></div>'
    page = page_published(user_api, html=html)
    assert page["currentVersion"]["html"] == html
    with in_schema(alpha):
        rendered = LandingPage.objects.get(pk=page["id"]).published_version.rendered
    assert f'src="pf/{form["key"]}?embed=1"' in rendered
    assert user_api.post(f"/api/mm/forms/{form['id']}/unpublish", {}).status_code == 200
    _refused(_publish(user_api, page["id"]), {"html": ["A form on this page is not published."]})


def test_copy_and_delete(alpha, user_api):
    page = page_published(user_api)
    copy = user_api.post(f"{URL}/{page['id']}/copy", {})
    assert copy.status_code == 201, copy.content
    body = copy.json()
    assert (body["name"], body["slug"], body["status"]) == (
        "Copy of Spring sale",
        "spring-sale-copy",
        "Draft",
    )
    assert body["currentVersion"]["html"] == page["currentVersion"]["html"]
    assert user_api.post(f"{URL}/{page['id']}/copy", {}).json()["slug"] == "spring-sale-copy-2"
    _refused(
        user_api.delete(f"{URL}/{page['id']}"),
        {"status": ["Please unpublish the page before deleting it."]},
    )
    assert user_api.post(f"{URL}/{page['id']}/unpublish", {}).status_code == 200
    assert user_api.post(f"{URL}/{page['id']}/unpublish", {}).status_code == 400
    assert user_api.delete(f"{URL}/{page['id']}").status_code == 204
    assert user_api.get(f"{URL}/{page['id']}").status_code == 404


def test_members_only_and_another_clients_pages_are_not_found(
    alpha, beta, user_api, nomkm_api, beta_api
):
    page = page_made(user_api)
    calls = [
        ("get", URL, None),
        ("post", URL, page_body(name="X")),
        ("get", f"{URL}/{page['id']}", None),
        ("patch", f"{URL}/{page['id']}", {"name": "Y"}),
        ("post", f"{URL}/{page['id']}/publish", {}),
        ("post", f"{URL}/{page['id']}/unpublish", {}),
        ("post", f"{URL}/{page['id']}/copy", {}),
        ("get", f"{URL}/{page['id']}/versions", None),
        ("post", f"{URL}/{page['id']}/rollBack", {"versionId": 1}),
        ("post", "/api/ppAssociatedLps", {"lpId": page["id"]}),
        ("delete", f"{URL}/{page['id']}", None),
    ]
    for method, path, data in calls:
        call = getattr(nomkm_api, method)
        answer = call(path) if data is None else call(path, data)
        assert answer.status_code == 403, (method, path)
        answer = getattr(foreign(user_api, beta), method)(
            *([path] if data is None else [path, data])
        )
        assert answer.status_code == 403, (method, path)
    for method, path, data in calls[2:]:
        call = getattr(beta_api, method)
        answer = call(path) if data is None else call(path, data)
        assert answer.status_code == 404, (method, path)
