"""Opt-out forms (/OptoutForms, /OptoutForm/:formId; spec 5.4, 5.5, 6 'enable opt-outs'):
the default every client has, the builder's rules with their wording, the default moved
and never deleted, roles and another client."""

from marketing.audience.models import Group, GroupCategory
from tenants.models import AccessRule
from tests.support.http_api import foreign
from tests.support.tenants import in_schema

URL = "/api/mm/optOutForms"
THEMES = "/api/mm/formThemes"
NOT_IN_CATEGORY = "Each group must belong to the form's category."


def _category(tenant, name="Newsletters", groups=("Weekly", "Offers")) -> tuple[int, list[int]]:
    with in_schema(tenant):
        category = GroupCategory.objects.create(name=name)
        ids = [Group.objects.create(name=g, category=category).pk for g in groups]
        return category.pk, ids


def _body(category_id, group_ids, **changes) -> dict:
    body = {
        "name": "Spring opt-out",
        "heading": "Sorry to see you go",
        "intro": "Tell us why",
        "reasons": ["Too many emails", "Not relevant"],
        "categoryId": category_id,
        "groupIds": group_ids,
        "buttonText": "Leave",
        "thankYouHtml": '<p onclick="x()">Bye<script>alert(1)</script></p>',
    }
    body.update(changes)
    return body


def test_every_client_has_a_default_form(alpha, user_api):
    page = user_api.get(URL).json()
    assert page["total"] == 1
    [default] = page["items"]
    assert (default["name"], default["isDefault"], default["buttonText"]) == (
        "Default Opt-out Form", True, "Unsubscribe",
    )  # fmt: skip
    assert "Other" in default["reasons"]


def test_a_form_is_built_with_the_spec_rules(alpha, admin_api):
    category_id, group_ids = _category(alpha)
    theme = admin_api.get(THEMES).json()["items"][0]
    created = admin_api.post(URL, _body(category_id, group_ids, themeId=theme["id"]))
    assert created.status_code == 201, created.content
    form = created.json()
    assert form["thankYouHtml"] == "<p>Bye</p>"
    assert (form["categoryName"], form["themeName"], form["isDefault"]) == (
        "Newsletters", theme["name"], False,
    )  # fmt: skip
    assert [g["name"] for g in form["groups"]] == ["Offers", "Weekly"]
    blank = admin_api.post(
        URL, {"name": " ", "heading": "", "buttonText": "", "reasons": [" "], "groupIds": []}
    )
    assert blank.status_code == 400
    assert blank.json()["errors"] == {
        "name": ["Please fill Form Name "],
        "heading": ["Please fill Heading "],
        "buttonText": ["Please fill Unsubscribe Button Text "],
        "reasons": ["Please add at least one reason."],
        "categoryId": ["Please fill Form Category "],
        "groupIds": ["Please fill Group "],
    }
    _, other_groups = _category(alpha, "Products", ("Shoes",))
    for changes, errors in (
        ({"name": "SPRING OPT-OUT"}, {"name": ["An opt-out form with this name already exists."]}),
        ({"reasons": ["A", "a"]}, {"reasons": ["Each reason can be listed only once."]}),
        ({"groupIds": other_groups}, {"groupIds": [NOT_IN_CATEGORY]}),
        ({"categoryId": 999999}, {"categoryId": ["This category does not exist."]}),
    ):  # fmt: skip
        body = _body(category_id, group_ids, **{"name": "Other", **changes})
        answer = admin_api.post(URL, body)
        assert (answer.status_code, answer.json()["errors"]) == (400, errors), changes
    no_theme = admin_api.post(URL, _body(category_id, group_ids, name="X", themeId=999999))
    assert (no_theme.status_code, no_theme.json()["message"]) == (404, "Theme not found")
    for bad in ({"reasons": "x"}, {"groupIds": ["a"]}, {"name": "x" * 101}, {"categoryId": 0}):
        assert admin_api.patch(f"{URL}/{form['id']}", bad).status_code == 400, bad
    saved = admin_api.patch(
        f"{URL}/{form['id']}",
        {"buttonText": "Unsubscribe me", "groupIds": group_ids[:1], "themeId": None},
    )
    assert saved.status_code == 200, saved.content
    assert (saved.json()["buttonText"], saved.json()["groupIds"], saved.json()["themeId"]) == (
        "Unsubscribe me", group_ids[:1], None,
    )  # fmt: skip
    assert admin_api.get(URL, search="spring").json()["total"] == 1
    names = [f["name"] for f in admin_api.get(URL, sort="-name").json()["items"]]
    assert names == ["Spring opt-out", "Default Opt-out Form"]
    assert admin_api.get(URL, sort="nowhere").status_code == 400
    assert admin_api.get(f"{URL}/999999").json()["message"] == "Opt-out form not found."


def test_the_default_moves_and_is_never_deleted(alpha, admin_api):
    category_id, group_ids = _category(alpha)
    [old] = admin_api.get(URL).json()["items"]
    refused = admin_api.delete(f"{URL}/{old['id']}")
    assert (refused.status_code, refused.json()["errors"]) == (
        400, {"id": ["Default forms cannot be deleted."]},
    )  # fmt: skip
    new = admin_api.post(URL, _body(category_id, group_ids)).json()
    moved = admin_api.post(f"{URL}/{new['id']}/default", {})
    assert moved.json()["isDefault"] is True
    assert admin_api.get(f"{URL}/{old['id']}").json()["isDefault"] is False
    assert admin_api.delete(f"{URL}/{new['id']}").status_code == 400
    assert admin_api.delete(f"{URL}/{old['id']}").status_code == 204
    assert [f["name"] for f in admin_api.get(URL).json()["items"]] == ["Spring opt-out"]


def test_roles_and_another_client(alpha, beta, admin_api, user_api, nomkm_api, beta_api):
    category_id, group_ids = _category(alpha)
    form = admin_api.post(URL, _body(category_id, group_ids)).json()
    one = f"{URL}/{form['id']}"
    # users read; building is the 'enable opt-outs' access, admins' by default
    assert user_api.get(one).status_code == 200
    writes = [("post", URL, _body(category_id, group_ids, name="U")),
              ("patch", one, {"name": "U"}), ("post", f"{one}/default", {}),
              ("delete", one, None)]  # fmt: skip
    for method, path, body in writes:
        args = (path,) if body is None else (path, body)
        answer = getattr(user_api, method)(*args)
        assert (answer.status_code, answer.json()["message"]) == (
            403, "Accessed only by Admin Users",
        ), path  # fmt: skip
    AccessRule.objects.create(client=alpha.client, action_type="enableOptOuts",
                              roles=["ADMIN", "USER"])  # fmt: skip
    assert user_api.patch(one, {"name": "By a user"}).status_code == 200
    for method, path, body in [("get", URL, None), ("get", one, None), *writes]:
        args = (path,) if body is None else (path, body)
        assert getattr(nomkm_api, method)(*args).status_code == 403, path
        assert getattr(foreign(beta_api, alpha), method)(*args).status_code == 403, path
        if path != URL:
            assert getattr(beta_api, method)(*args).status_code == 404, path
    assert [f["name"] for f in beta_api.get(URL).json()["items"]] == ["Default Opt-out Form"]
