"""Template previews: the template rendered by the rendering app (merge tags filled for a
profile, or with sample values), and the read-only link to a preview that anyone holding
it may open for PREVIEW_LINK_DAYS (/external/previewTemplate?token=...).

The token is signed (django.core.signing, its own salt) and names the client's schema and
the template; it is refused when forged, expired, for another client, or when the template
is gone: always with the spec's 'Invalid URL, unable to display the email'."""

from datetime import timedelta

from django.core import signing
from django.db import connection

from core.errors import ValidationFailed
from marketing.content import messages
from marketing.content.models import Template
from marketing.rendering.services import RenderedEmail, template_preview

PREVIEW_LINK_DAYS = 7
PREVIEW_PATH = "/external/previewTemplate"
_SALT = "marketing.content.previewTemplate"
TOKEN_MAX = 500


def template_rendered(template: Template, *, profile_id: int | None = None) -> RenderedEmail:
    return template_preview(template.subject, template.html, template.text, profile_id=profile_id)


def preview_link_make(template: Template) -> str:
    token = signing.dumps({"s": connection.schema_name, "t": template.pk}, salt=_SALT)
    return f"{PREVIEW_PATH}?token={token}"


def preview_link_open(token: str) -> Template:
    invalid = ValidationFailed(messages.PREVIEW_LINK_INVALID)
    if not token or len(token) > TOKEN_MAX:
        raise invalid
    try:
        claims = signing.loads(token, salt=_SALT, max_age=timedelta(days=PREVIEW_LINK_DAYS))
    except signing.BadSignature as exc:  # SignatureExpired included
        raise invalid from exc
    if not isinstance(claims, dict) or claims.get("s") != connection.schema_name:
        raise invalid
    template_id = claims.get("t")
    if not isinstance(template_id, int):
        raise invalid
    template = Template.objects.filter(pk=template_id).first()
    if template is None:
        raise invalid
    return template
