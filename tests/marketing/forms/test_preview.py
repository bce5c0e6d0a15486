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
