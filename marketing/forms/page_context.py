"""The parts of a form page's template context (templates/forms/page.html) that the public
page (views.py) and the builder's preview (preview.py) both build: the sections with
their fields, and the groups or tags offered as boxes."""

from __future__ import annotations

from marketing.forms.services.submissions import fields_by_key


def page_sections(definition, data, errors: dict) -> list[dict]:
    registry = fields_by_key()
    sections = []
    for section in definition.sections:
        fields = []
        for field in section.fields:
            known = registry.get(field.key)
            given = data.getlist(field.key) if data is not None else []
            fields.append(
                {
                    "key": field.key,
                    "id": "f-" + field.key.replace(".", "-"),
                    "label": field.label or (known.label if known else field.key),
                    "type": field.type,
                    "as_buttons": field.type == "radio" and field.as_buttons,
                    "required": field.required,
                    "placeholder": field.placeholder,
                    "options": list(known.options) if known else [],
                    "value": given[0] if given else "",
                    "values": given,
                    "error": (errors.get(field.key) or [""])[0],
                }
            )
        sections.append({"id": section.id, "title": section.title, "fields": fields})
    return sections


def page_choices(ids: list[int], names, data, name: str) -> list[dict]:
    found = names(ids)
    ticked = set(data.getlist(name)) if data is not None else set()
    return [{"id": i, "name": found[i], "checked": str(i) in ticked} for i in ids if i in found]
