"""The forms calls: the list (search, sort, type, status, pages); names required and
unique (spec 5.4); every rule of spec 5.5 and 5.6 the builder can break, with its message;
the plan's Forms limit (spec 6); publish freezes a version; duplicate and delete; the lock
by its creator only (spec 6); the disclaimer section's access; members only, and another
client's forms not found."""

from marketing.forms.models import Form, FormStatus, FormVersion
from tenants.models import AccessRule, Plan, Role
from tests.support.forms import URL, form_body, form_definition, form_parts_in, form_published
from tests.support.http_api import foreign
from tests.support.tenants import in_schema


def _names(answer) -> list[str]:
    assert answer.status_code == 200, answer.content
    return [item["name"] for item in answer.json()["items"]]


def _refused(answer, errors: dict) -> None:
    assert answer.status_code == 400, answer.content
    assert answer.json()["errors"] == errors


def test_list_search_sort_type_and_status(alpha, user_api):
    parts = form_parts_in(alpha)
    form_published(user_api, parts, name="Alpha sign-up")
    for name, kind in (("Beta embed", "embeddedForm"), ("Gamma survey", "surveyForm")):
        assert user_api.post(URL, form_body(parts, name=name, formType=kind)).status_code == 201
    assert _names(user_api.get(URL, sort="name")) == ["Alpha sign-up", "Beta embed", "Gamma survey"]
    assert _names(user_api.get(URL, sort="-name"))[0] == "Gamma survey"
    assert _names(user_api.get(URL, search="BETA")) == ["Beta embed"]
    assert _names(user_api.get(URL, type="surveyForm")) == ["Gamma survey"]
    assert _names(user_api.get(URL, status="Published")) == ["Alpha sign-up"]
    page = user_api.get(URL, pageSize=10, page=2).json()
    assert (page["total"], page["items"]) == (3, [])
    for bad in ({"sort": "size"}, {"pageSize": 11}, {"status": "Gone"}, {"type": "poll"},
                {"page": 0}, {"search": "x" * 201}):  # fmt: skip
        answer = user_api.get(URL, **bad)
        assert (answer.status_code, answer.json()["message"]) == (400, "Invalid Request"), bad


def test_a_new_form_starts_with_the_email_field_and_double_opt_in(alpha, user_api, settings):
    answer = user_api.post(URL, {"name": "Plain", "formType": "embeddedForm"})
    assert answer.status_code == 201, answer.content
    form = answer.json()
    assert (form["status"], form["doubleOptIn"], form["locked"]) == ("Draft", True, False)
    assert form["createdByEmail"] == alpha.user.email
    assert form["definition"]["sections"][0]["fields"][0]["key"] == "email"
    assert form["publicPath"] == f"/{alpha.client.schema_name}/pf/{form['key']}"
    assert form["publicUrl"] == f"https://{settings.PAGES_HOST}{form['publicPath']}"


def test_names_are_required_and_unique(alpha, user_api):
    parts = form_parts_in(alpha)
    _refused(user_api.post(URL, form_body(parts, name="  ")), {"name": ["Please fill Form Name "]})
    first = user_api.post(URL, form_body(parts)).json()
    taken = user_api.post(URL, form_body(parts, name="NEWSLETTER SIGN-UP"))
    _refused(taken, {"name": ["A form with this name already exists."]})
    other = user_api.post(URL, form_body(parts, name="Other")).json()
    renamed = user_api.patch(f"{URL}/{other['id']}", {"name": "newsletter sign-up"})
    _refused(renamed, {"name": ["A form with this name already exists."]})
    assert user_api.delete(f"{URL}/{first['id']}").status_code == 204
    assert user_api.post(URL, form_body(parts)).status_code == 201


NOT_IN_REGISTRY = "This field is not in the profile field registry."


def test_each_rule_with_its_message(alpha, user_api):
    parts = form_parts_in(alpha)
    interests = f"custom.{parts.field_key}"
    cases = [
        ({"sections": [{"id": "s1", "fields": []}]},
         {"definition.sections.0.fields": ["Each dynamic form section must have fields."]}),
        ({"sections": []},
         {"definition.sections": ["Each dynamic form section must have fields."]}),
        ({"sections": [{"id": "s1", "fields": [
            {"key": "email", "type": "email", "required": True},
            {"key": interests, "type": "checkbox"}]}]},
         {"definition.sections.0.fields.1.separator":
          ["Please fill Separator "]}),
        ({"sections": [{"id": "s1", "fields": [{"key": "custom.nope", "type": "text"}]}]},
         {"definition.sections.0.fields.0.key": [NOT_IN_REGISTRY]}),
        ({"sections": [{"id": "s1", "fields": [{"key": "firstName", "type": "number"}]}]},
         {"definition.sections.0.fields.0.type": ["This field's type is text."]}),
        ({"sections": [{"id": "s1", "fields": [{"key": "email", "type": "email"},
                                                {"key": "email", "type": "email"}]}]},
         {"definition.sections.0.fields.1.key": ["A field can be on a form only once."]}),
        ({"groups": {"fixed": [999999]}},
         {"definition.groups": ["A group on this form does not exist."]}),
        ({"tags": {"choices": [999999]}},
         {"definition.tags": ["A tag on this form does not exist."]}),
        ({"thankYou": {"kind": "redirect", "url": "javascript:alert(1)"}},
         {"definition.thankYou.url": ["Please enter a valid redirect URL."]}),
    ]  # fmt: skip
    for change, errors in cases:
        _refused(user_api.post(URL, form_body(parts, definition=form_definition(parts, **change))),
                 errors)  # fmt: skip
    # what a publish needs beyond a save: the required email field and a group
    bare = form_definition(
        parts,
        sections=[{"id": "s1", "fields": [{"key": "firstName", "type": "text"}]}],
        groups={"fixed": [], "choices": []},
    )
    draft = user_api.post(URL, form_body(parts, definition=bare))
    assert draft.status_code == 201, draft.content
    _refused(user_api.post(f"{URL}/{draft.json()['id']}/publish", {}), {
        "definition.sections": ["A form needs the Email field, marked required."],
        "definition.groups.fixed": ["Please fill Group "],
    })  # fmt: skip
    malformed = user_api.post(URL, form_body(parts, definition={"sections": "s1"}))
    assert malformed.status_code == 400
    assert list(malformed.json()["errors"]) == ["definition.sections"]


def test_a_survey_form_needs_a_unique_url_path(alpha, user_api):
    parts = form_parts_in(alpha)
    survey = user_api.post(URL, form_body(parts, name="Survey", formType="surveyForm")).json()
    _refused(user_api.post(f"{URL}/{survey['id']}/publish", {}),
             {"surveyPath": ["A survey form needs a unique URL path."]})  # fmt: skip
    saved = user_api.patch(f"{URL}/{survey['id']}", {"surveyPath": "reader-survey"})
    assert saved.json()["surveyPath"] == "reader-survey"
    other = user_api.post(
        URL, form_body(parts, name="Other", formType="surveyForm", surveyPath="Reader-Survey")
    )
    _refused(other, {"surveyPath": ["A survey form needs a unique URL path."]})
    bad = user_api.post(
        URL, form_body(parts, name="Bad", formType="surveyForm", surveyPath="a b/../c")
    )
    _refused(bad, {"surveyPath": ["A URL path holds letters, digits and hyphens only."]})
    assert user_api.post(f"{URL}/{survey['id']}/publish", {}).status_code == 200
    # another type's path is ignored
    ssp = user_api.post(URL, form_body(parts, name="Page", surveyPath="reader-survey")).json()
    assert ssp["surveyPath"] is None


def test_publish_freezes_a_version_and_cleans_the_html(alpha, user_api):
    parts = form_parts_in(alpha)
    form = form_published(user_api, parts)
    assert (form["status"], form["publishedVersion"]) == ("Published", 1)
    assert form["definition"]["thankYou"]["html"] == "<p>Thanks <b>a lot</b></p>"
    user_api.patch(f"{URL}/{form['id']}", {"definition": form_definition(parts, title="New")})
    with in_schema(alpha):
        assert FormVersion.objects.get(form_id=form["id"]).definition["title"] == (
            "Join our <newsletter>"
        )
    again = user_api.post(f"{URL}/{form['id']}/publish", {}).json()
    assert again["publishedVersion"] == 2
    _refused(user_api.delete(f"{URL}/{form['id']}"),
             {"status": ["Please unpublish the form before deleting it."]})  # fmt: skip
    unpublished = user_api.post(f"{URL}/{form['id']}/unpublish", {})
    assert unpublished.json()["status"] == "Unpublished"
    _refused(user_api.post(f"{URL}/{form['id']}/unpublish", {}),
             {"status": ["The form is not published."]})  # fmt: skip
    assert user_api.delete(f"{URL}/{form['id']}").status_code == 204
    assert user_api.get(f"{URL}/{form['id']}").status_code == 404


def test_duplicate_and_the_plan_limit(alpha, user_api, admin_api):
    parts = form_parts_in(alpha)
    alpha.client.plan = Plan.objects.create(name="Two forms", limits={"Forms": 2})
    alpha.client.save()
    form = form_published(user_api, parts)
    copy = admin_api.post(f"{URL}/{form['id']}/duplicate", {})
    assert copy.status_code == 201, copy.content
    copy = copy.json()
    assert (copy["name"], copy["status"], copy["createdByEmail"]) == (
        "Copy of Newsletter sign-up", "Draft", alpha.admin.email,
    )  # fmt: skip
    assert copy["definition"] == form["definition"]
    over = user_api.post(f"{URL}/{form['id']}/duplicate", {})
    assert (over.status_code, over.json()["message"]) == (403, "Limit Exceeds")
    assert user_api.post(URL, form_body(parts, name="Third")).status_code == 403
    assert user_api.delete(f"{URL}/{copy['id']}").status_code == 204
    second = user_api.post(f"{URL}/{form['id']}/duplicate", {}).json()
    assert second["name"] == "Copy of Newsletter sign-up"


def test_the_lock_is_its_creators(alpha, user_api, admin_api):
    parts = form_parts_in(alpha)
    form = user_api.post(URL, form_body(parts)).json()
    url = f"{URL}/{form['id']}"
    refused = admin_api.post(f"{url}/lock", {})
    assert (refused.status_code, refused.json()["message"]) == (
        403, "You dont have rights to lock the form as it has not been created by you",
    )  # fmt: skip
    assert user_api.post(f"{url}/lock", {}).json()["locked"] is True
    for method, path, body in (("patch", url, {"name": "Mine"}), ("post", f"{url}/publish", {}),
                               ("delete", url, None), ("post", f"{url}/unlock", {})):  # fmt: skip
        args = (path,) if body is None else (path, body)
        answer = getattr(admin_api, method)(*args)
        assert answer.status_code == 403, path
    assert admin_api.patch(url, {"name": "Mine"}).json()["message"] == (
        "This form is locked by its creator."
    )
    assert user_api.patch(url, {"name": "Still mine"}).status_code == 200
    assert user_api.post(f"{url}/unlock", {}).json()["locked"] is False
    assert admin_api.patch(url, {"name": "Shared"}).status_code == 200


def test_the_disclaimer_needs_its_access(alpha, user_api, admin_api):
    parts = form_parts_in(alpha)
    disclaimer = admin_api.post(
        "/api/mm/disclaimers", {"name": "GDPR", "text": "<p>I agree</p>"}
    ).json()
    body = form_body(parts, disclaimerId=disclaimer["id"])
    denied = user_api.post(URL, body)
    assert (denied.status_code, denied.json()["message"]) == (403, "Accessed only by Admin Users")
    form = admin_api.post(URL, body).json()
    assert form["disclaimerId"] == disclaimer["id"]
    # a user may save the form as long as the disclaimer stays as it is
    assert user_api.patch(f"{URL}/{form['id']}", {"name": "Renamed"}).status_code == 200
    assert user_api.patch(f"{URL}/{form['id']}", {"disclaimerId": None}).status_code == 403
    AccessRule.objects.create(
        client=alpha.client, action_type="enableDisclaimerSection", roles=[Role.ADMIN, Role.USER]
    )
    assert user_api.patch(f"{URL}/{form['id']}", {"disclaimerId": None}).status_code == 200
    _refused(user_api.patch(f"{URL}/{form['id']}", {"disclaimerId": 999999}),
             {"disclaimerId": ["This disclaimer does not exist."]})  # fmt: skip


def test_roles_and_another_client(alpha, beta, user_api, admin_api, nomkm_api, beta_api):
    parts = form_parts_in(alpha)
    form = user_api.post(URL, form_body(parts)).json()
    url = f"{URL}/{form['id']}"
    calls = [
        ("get", URL, None), ("post", URL, form_body(parts, name="New")), ("get", url, None),
        ("patch", url, {"name": "Renamed"}), ("post", f"{url}/publish", {}),
        ("post", f"{url}/unpublish", {}), ("post", f"{url}/duplicate", {}),
        ("post", f"{url}/lock", {}), ("post", f"{url}/unlock", {}),
        ("get", f"{url}/submissions", None), ("delete", url, None),
    ]  # fmt: skip
    for method, path, body in calls:
        args = (path,) if body is None else (path, body)
        assert getattr(nomkm_api, method)(*args).status_code == 403, path
        assert getattr(foreign(beta_api, alpha), method)(*args).status_code == 403, path
        if path != URL:
            assert getattr(beta_api, method)(*args).status_code == 404, path
    assert beta_api.get(URL).json()["total"] == 0
    assert admin_api.get(url).status_code == 200
    for missing in (f"{URL}/999999", f"{URL}/0"):
        assert user_api.get(missing).status_code == 404
        assert user_api.patch(missing, {"name": "x"}).status_code == 404
        assert user_api.post(f"{missing}/publish", {}).status_code == 404
    with in_schema(alpha):
        stored = Form.objects.get(pk=form["id"])
        assert (stored.name, stored.status) == ("Newsletter sign-up", FormStatus.DRAFT)
