"""Request parsing for the API. PostgreSQL text cannot hold NUL characters, so input that
carries one is refused as a bad request up front instead of failing at the database."""

import json

from ninja.parser import Parser

from core.errors import ValidationFailed, invalid_field
from core.messages import NUL_NOT_ALLOWED

NUL = "\x00"


def _nul_at(value, path: str = "") -> str | None:
    """The dotted path of the first string holding a NUL character, or None."""
    if isinstance(value, str):
        return path if NUL in value else None
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        here = f"{path}.{key}" if path else str(key)
        if NUL in here:
            return path or "__all__"
        found = _nul_at(item, here)
        if found is not None:
            return found
    return None


def _refuse(field: str) -> ValidationFailed:
    return invalid_field(field, NUL_NOT_ALLOWED)


class NulRefusingParser(Parser):
    def parse_body(self, request):
        data = json.loads(request.body)
        field = _nul_at(data)
        if field is not None:
            raise _refuse(field)
        return data

    def parse_querydict(self, data, list_fields, request):
        parsed = super().parse_querydict(data, list_fields, request)
        field = _nul_at(parsed)
        if field is not None:
            raise _refuse(field)
        return parsed
