"""Form fixtures: what a form names (a group, a tag, a custom field) in a client's schema,
a form body that may be published, a form published through the API, and what a
visitor's browser sends besides the fields (the page token, the solved proof of work)."""

from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass
from html import unescape

from altcha import solve_challenge_v1

from marketing.audience.models import FieldType, Group, ProfileField, Tag
from tests.support.tenants import in_schema

URL = "/api/mm/forms"


@dataclass
class FormParts:
    group_id: int
    choice_group_id: int
    tag_id: int
    field_key: str  # a checkbox custom field's key


def form_parts_in(tenant) -> FormParts:
    with in_schema(tenant):
        n = Group.objects.count()
        group = Group.objects.create(name=f"Newsletter {n}")
        choice = Group.objects.create(name=f"Offers {n}")
        tag = Tag.objects.create(name=f"Web lead {Tag.objects.count()}")
        field, _ = ProfileField.objects.get_or_create(
            key="interests",
            defaults={"label": "Interests", "field_type": FieldType.CHECKBOX,
                      "options": ["Sports", "Music", "Travel"]},
        )  # fmt: skip
        return FormParts(group.pk, choice.pk, tag.pk, field.key)


def form_definition(parts: FormParts, **changes) -> dict:
    definition = {
        "title": "Join our <newsletter>",
        "description": "Monthly news & offers",
        "sections": [
            {
                "id": "s1",
                "title": "About you",
                "fields": [
                    {"key": "email", "type": "email", "label": "Email", "required": True},
                    {"key": "firstName", "type": "text", "label": "First Name", "required": True},
                    {"key": f"custom.{parts.field_key}", "type": "checkbox",
                     "label": "Interests", "separator": ","},
                ],
            }
        ],
        "groups": {"fixed": [parts.group_id], "choices": [parts.choice_group_id],
                   "label": "Also send me"},
        "tags": {"fixed": [parts.tag_id]},
        "hidden": [{"key": "company", "value": "From the web"}],
        "thankYou": {"kind": "page", "html": "<p>Thanks <b>a lot</b><script>x()</script></p>"},
    }  # fmt: skip
    definition.update(changes)
    return definition


def form_body(parts: FormParts, name: str = "Newsletter sign-up", **changes) -> dict:
    body = {"name": name, "formType": "sspForm", "definition": form_definition(parts)}
    body.update(changes)
    return body


def form_published(api, parts: FormParts, **changes) -> dict:
    created = api.post(URL, form_body(parts, **changes))
    assert created.status_code == 201, created.content
    published = api.post(f"{URL}/{created.json()['id']}/publish", {})
    assert published.status_code == 200, published.content
    return published.json()


def altcha_solve(challenge: dict) -> str:
    """What the form page's script sends as `altcha` for a page's challenge."""
    found = solve_challenge_v1(
        challenge["challenge"],
        challenge["salt"],
        challenge["algorithm"],
        challenge["maxNumber"],
    )
    assert found is not None
    payload = {key: challenge[key] for key in ("algorithm", "challenge", "salt", "signature")}
    return base64.b64encode(json.dumps({**payload, "number": found.number}).encode()).decode()


def form_page_fields(html: str) -> dict:
    """The hidden credentials of a fetched form page: its token and a solved challenge."""
    token = re.search(r'name="token" value="([^"]+)"', html).group(1)
    challenge = json.loads(unescape(re.search(r'data-altcha="([^"]+)"', html).group(1)))
    return {"token": token, "altcha": altcha_solve(challenge)}
