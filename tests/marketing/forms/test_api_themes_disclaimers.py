"""Themes (spec 3: presets plus Custom, every style group validated so that nothing but a
style lands in the page's stylesheet; names unique, spec 5.4; 'Theme not found', spec 8)
and disclaimers (/managedisclaimer, admins: versions, cleaned text, in-use refused),
with roles and another client."""

from marketing.forms.models import DisclaimerVersion
from tests.support.forms import URL, form_body, form_parts_in, form_published
from tests.support.http_api import foreign
from tests.support.tenants import in_schema

THEMES = "/api/mm/formThemes"
DISCLAIMERS = "/api/mm/disclaimers"
STYLES = {
    "title": {"fontFamily": "Georgia", "fontSize": "28px", "color": "#112233"},
    "submitButton": {"backgroundColor": "rgb(10, 20, 30)", "padding": "8px 16px",
                     "borderRadius": "4px"},
    "radioAsButton": {"borderStyle": "solid", "borderColor": "#abc"},
}  # fmt: skip


def test_presets_come_first_and_stay_as_they_are(alpha, user_api):
    themes = user_api.get(THEMES).json()["items"]
    presets = [t for t in themes if t["preset"]]
    assert [t["name"] for t in presets] == ["Classic", "Dark", "Minimal"]
    classic = presets[0]
    for answer in (user_api.patch(f"{THEMES}/{classic['id']}", {"name": "Mine"}),
                   user_api.delete(f"{THEMES}/{classic['id']}")):  # fmt: skip
        assert (answer.status_code, answer.json()["message"]) == (
            403, "Preset themes cannot be changed or deleted.",
        )  # fmt: skip


def test_a_custom_theme_is_validated_and_named_once(alpha, user_api):
    created = user_api.post(THEMES, {"name": "Brand", "styles": STYLES})
    assert created.status_code == 201, created.content
    theme = created.json()
    assert theme["styles"]["title"] == STYLES["title"] and theme["preset"] is False
    taken = user_api.post(THEMES, {"name": "BRAND"})
    assert taken.json()["errors"] == {"name": ["A theme with this name already exists."]}
    blank = user_api.post(THEMES, {"name": " "})
    assert blank.json()["errors"] == {"name": ["Please fill Theme Name "]}
    for bad in (
        {"title": {"color": "red;background:url(https://evil.example)"}},
        {"field": {"fontSize": "12px}body{display:none"}},
        {"label": {"fontFamily": "Comic</style><script>"}},
        {"nowhere": {"color": "#fff"}},
        {"title": {"behavior": "url(x.htc)"}},
    ):
        answer = user_api.post(THEMES, {"name": "Bad", "styles": bad})
        assert answer.status_code == 400, bad
    saved = user_api.patch(f"{THEMES}/{theme['id']}", {"styles": {"page": {"width": "50%"}}})
    assert saved.json()["styles"] == {"page": {"width": "50%"}}
    missing = user_api.get(f"{THEMES}/999999")
    assert (missing.status_code, missing.json()["message"]) == (404, "Theme not found")
    parts = form_parts_in(alpha)
    form = form_published(user_api, parts, themeId=theme["id"])
    assert user_api.delete(f"{THEMES}/{theme['id']}").status_code == 204
    assert user_api.get(f"{URL}/{form['id']}").json()["themeId"] is None
    unknown = user_api.post(URL, form_body(parts, name="X", themeId=theme["id"]))
    assert unknown.json()["errors"] == {"themeId": ["Theme not found"]}


def test_disclaimers_keep_their_versions(alpha, admin_api, user_api):
    created = admin_api.post(
        DISCLAIMERS, {"name": "Consent", "text": '<p onclick="x()">I agree<script>1</script></p>'}
    )
    assert created.status_code == 201, created.content
    disclaimer = created.json()
    assert (disclaimer["currentVersion"], disclaimer["text"]) == (1, "<p>I agree</p>")
    url = f"{DISCLAIMERS}/{disclaimer['id']}"
    same = admin_api.patch(url, {"text": "<p>I agree</p>"}).json()
    assert same["currentVersion"] == 1
    changed = admin_api.patch(url, {"text": "<p>I agree to the terms</p>"}).json()
    assert changed["currentVersion"] == 2
    assert [v["number"] for v in changed["versions"]] == [2, 1]
    taken = "A disclaimer with this name already exists."
    for body, errors in (
        ({"name": " ", "text": "x"}, {"name": ["Please fill Disclaimer Name "]}),
        ({"name": "Other", "text": "<script></script>"},
         {"text": ["Please fill Disclaimer Text "]}),
        ({"name": "consent", "text": "x"}, {"name": [taken]}),
    ):  # fmt: skip
        answer = admin_api.post(DISCLAIMERS, body)
        assert (answer.status_code, answer.json()["errors"]) == (400, errors)
    parts = form_parts_in(alpha)
    form = form_published(admin_api, parts, disclaimerId=disclaimer["id"])
    with in_schema(alpha):
        version = DisclaimerVersion.objects.get(disclaimer_id=disclaimer["id"], number=2)
        assert version.formversion_set.get().form_id == form["id"]
    in_use = admin_api.delete(url)
    assert in_use.json()["errors"] == {"id": ["This disclaimer is used by a form."]}
    admin_api.post(f"{URL}/{form['id']}/unpublish", {})
    assert admin_api.delete(f"{URL}/{form['id']}").status_code == 204
    assert admin_api.delete(url).status_code == 204
    assert admin_api.get(url).status_code == 404
    assert admin_api.post(DISCLAIMERS, {"name": "Consent", "text": "x"}).status_code == 201


def test_roles_and_another_client(alpha, beta, user_api, admin_api, nomkm_api, beta_api):
    theme = user_api.post(THEMES, {"name": "Brand"}).json()
    disclaimer = admin_api.post(DISCLAIMERS, {"name": "Consent", "text": "I agree"}).json()
    theme_url, disclaimer_url = f"{THEMES}/{theme['id']}", f"{DISCLAIMERS}/{disclaimer['id']}"
    # users: themes yes; disclaimers are the admins' (reading them needs the section)
    assert user_api.get(theme_url).status_code == 200
    for method, path, body in (("get", DISCLAIMERS, None), ("get", disclaimer_url, None),
                               ("post", DISCLAIMERS, {"name": "U", "text": "x"}),
                               ("patch", disclaimer_url, {"name": "U"}),
                               ("delete", disclaimer_url, None)):  # fmt: skip
        args = (path,) if body is None else (path, body)
        answer = getattr(user_api, method)(*args)
        assert (answer.status_code, answer.json()["message"]) == (
            403, "Accessed only by Admin Users",
        ), path  # fmt: skip
    calls = [
        ("get", THEMES, None), ("post", THEMES, {"name": "N"}), ("get", theme_url, None),
        ("patch", theme_url, {"name": "R"}), ("delete", theme_url, None),
        ("get", DISCLAIMERS, None), ("get", disclaimer_url, None),
        ("patch", disclaimer_url, {"name": "R"}), ("delete", disclaimer_url, None),
    ]  # fmt: skip
    for method, path, body in calls:
        args = (path,) if body is None else (path, body)
        assert getattr(nomkm_api, method)(*args).status_code == 403, path
        assert getattr(foreign(beta_api, alpha), method)(*args).status_code == 403, path
        if path not in (THEMES, DISCLAIMERS):
            assert getattr(beta_api, method)(*args).status_code == 404, path
    assert beta_api.get(DISCLAIMERS).json()["items"] == []
    assert [t["name"] for t in beta_api.get(THEMES).json()["items"]] == [
        "Classic", "Dark", "Minimal",
    ]  # fmt: skip
