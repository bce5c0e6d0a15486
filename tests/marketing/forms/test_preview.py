"""The preview (POST /api/mm/forms/preview): the public page's template and stylesheet
function, so the preview and /pf/<key> agree; what a marketer typed is escaped; styles
that could leave the stylesheet are refused; roles and another client."""

from django.conf import settings

from marketing.forms.definition import styles_css
from tests.support.forms import form_definition, form_parts_in, form_published
from tests.support.http_api import foreign, http

PREVIEW = "/api/mm/forms/preview"
STYLES = {"title": {"color": "#123456", "fontSize": "30px"},
          "disclaimer": {"backgroundColor": "#fafafa"}}  # fmt: skip


def test_the_preview_is_the_public_page(alpha, user_api):
    parts = form_parts_in(alpha)
    definition = form_definition(parts)
    answer = user_api.post(
        PREVIEW, {"definition": definition, "styles": STYLES, "showDisclaimer": True}
    )
    assert answer.status_code == 200, answer.content
    html = answer.json()["html"]
    assert "Join our &lt;newsletter&gt;" in html and "<newsletter>" not in html
    assert styles_css(STYLES) in html
    assert "I agree to receive emails" in html and 'class="mc-row mc-disclaimer"' in html
    assert "<script" not in html
    # the public page of the same definition and theme carries the same rules
    theme = user_api.post("/api/mm/formThemes", {"name": "Mine", "styles": STYLES}).json()
    form = form_published(user_api, parts, themeId=theme["id"])
    public = http(settings.PAGES_HOST).get(form["publicPath"]).content.decode()
    assert styles_css(STYLES) in public
    assert public.split("<form", 1)[1].split("<fieldset", 1)[0].count("mc-title") == 1
    bare = user_api.post(PREVIEW, {}).json()["html"]
    assert "mc-disclaimer" not in bare and "mc-form" in bare


def test_bad_input_is_refused(alpha, user_api):
    for body in (
        {"styles": {"title": {"color": "red;}body{display:none"}}},
        {"styles": {"title": {"fontFamily": "</style><script>x()</script>"}}},
        {"definition": {"sections": "x"}},
        {"definition": {"nowhere": 1}},
        {"showDisclaimer": "maybe"},
    ):
        assert user_api.post(PREVIEW, body).status_code == 400, body


def test_roles_and_another_client(alpha, beta, nomkm_api, beta_api, admin_api):
    assert admin_api.post(PREVIEW, {}).status_code == 200
    assert nomkm_api.post(PREVIEW, {}).status_code == 403
    assert foreign(beta_api, alpha).post(PREVIEW, {}).status_code == 403
    assert http(alpha.host).post(PREVIEW, {}, content_type="application/json").status_code == 401


def _two_steps(parts) -> dict:
    definition = form_definition(parts, multiStep=True, nextText="Onwards", previousText="Back")
    definition["sections"].append(
        {"id": "s2", "title": "More", "fields": [
            {"key": "custom.plan", "type": "radio", "label": "Plan", "asButtons": True}]}
    )  # fmt: skip
    return definition


def _body(answer) -> str:
    assert answer.status_code == 200, answer.content
    return answer.json()["html"].split("<body", 1)[1]


def _buttons(html: str) -> dict[str, bool]:
    """Each step button and whether the page shows it."""
    steps = html.split('class="mc-steps"', 1)[1].split("</div>", 1)[0]
    shown = {}
    for name in ("previous", "next", "submit"):
        tag = steps.split(f'class="mc-{name}"', 1)[1].split(">", 1)[0]
        shown[name] = "hidden" not in tag
    return shown


def test_a_step_of_a_multi_step_form_with_its_buttons(alpha, user_api):
    """The builder asks for one step: its sections, and the buttons a visitor sees there
    (the boxes and the disclaimer on the last step only); no step: everything shows, so a
    theme's next and previous buttons can be styled."""
    definition = _two_steps(form_parts_in(alpha))
    first = _body(
        user_api.post(PREVIEW, {"definition": definition, "step": 0, "showDisclaimer": True})
    )
    assert 'id="section-s1"' in first and 'id="section-s2"' not in first
    assert _buttons(first) == {"previous": False, "next": True, "submit": False}
    assert "Onwards" in first and "mc-disclaimer" not in first and "mc-choices" not in first
    second = _body(
        user_api.post(PREVIEW, {"definition": definition, "step": 5, "showDisclaimer": True})
    )  # past the end: the last step
    assert 'id="section-s1"' not in second and 'id="section-s2"' in second
    assert _buttons(second) == {"previous": True, "next": False, "submit": True}
    assert "mc-disclaimer" in second and "mc-choices" in second and ">Back<" in second
    every = user_api.post(PREVIEW, {"definition": definition}).json()["html"]
    assert 'id="section-s1"' in every and 'id="section-s2"' in every
    assert _buttons(every) == {"previous": True, "next": True, "submit": True}
    single = user_api.post(PREVIEW, {"definition": form_definition(form_parts_in(alpha))})
    assert _buttons(single.json()["html"]) == {"previous": False, "next": False, "submit": True}
    assert user_api.post(PREVIEW, {"step": -1}).status_code == 400
    assert user_api.post(PREVIEW, {"step": "two"}).status_code == 400


def test_radio_as_buttons_and_its_theme(alpha, user_api):
    """A radio field shown as buttons: a labelled radio group of .mc-radio-button labels
    (spec 3's radio-as-button style group); a field without options in the registry shows
    sample options in the preview."""
    definition = _two_steps(form_parts_in(alpha))
    styles = {"radioAsButton": {"backgroundColor": "#eeeeee", "borderRadius": "12px"},
              "nextButton": {"color": "#ffffff", "backgroundColor": "#222222"},
              "previousButton": {"fontStyle": "italic"}}  # fmt: skip
    html = user_api.post(PREVIEW, {"definition": definition, "styles": styles}).json()["html"]
    assert ".mc-radio-button{background-color:#eeeeee;border-radius:12px}" in html
    assert ".mc-next{color:#ffffff;background-color:#222222}" in html
    assert ".mc-previous{font-style:italic}" in html
    assert 'role="radiogroup" aria-labelledby="f-custom-plan-label"' in html
    assert html.count('class="mc-radio-button"') == 3 and "Option 1" in html
    plain = [dict(f, asButtons=False) for f in definition["sections"][1]["fields"]]
    definition["sections"][1]["fields"] = plain
    html = user_api.post(PREVIEW, {"definition": definition}).json()["html"]
    assert "mc-radio-button" not in html.split("<body", 1)[1]
    assert html.count('class="mc-radio"') == 3
