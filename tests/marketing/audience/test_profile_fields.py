"""The profile field registry is the only list of standard fields, and a custom value gets
the same verdict through the API as through an import (issue 9, part 2)."""

import csv
import io
from dataclasses import replace
from pathlib import Path

import pytest
from django.conf import settings

from core.errors import ValidationFailed
from marketing.audience import profile_fields as registry
from marketing.audience.models import Group, Profile, ProfileField
from marketing.audience.profile_fields import PROFILE_FIELDS, Kind, StandardField
from marketing.audience.schemas.profiles import ProfileOut, ProfilePatch
from marketing.audience.selectors.fields import merge_field_list, segment_field_list
from marketing.audience.services.exports import export_columns
from marketing.audience.services.field_values import (
    API_MESSAGES,
    IMPORT_MESSAGES,
    Reason,
)
from marketing.audience.services.imports.headers import mappable_fields, suggest_mapping
from marketing.audience.services.imports.staging import stage_ddl
from marketing.audience.services.profiles import profile_create
from tests.marketing.audience.test_imports import apply_mode, run_file, unlimited  # noqa: F401

NICKNAME = StandardField(
    "county",  # an existing column: the entry is what is being tested, not the table
    "nickname",
    "Nickname",
    Kind.TEXT,
    100,
    import_key="nickname",
    aliases=("Spitzname", "Surnom"),
    merge_tag="nickname",
)


@pytest.fixture
def with_nickname(monkeypatch):
    monkeypatch.setattr(registry, "PROFILE_FIELDS", (*PROFILE_FIELDS, NICKNAME))


def test_an_entry_shows_up_in_get_fields_the_export_and_the_import(with_nickname, in_alpha):
    assert merge_field_list()[-1] == {
        "displayName": "Nickname",
        "fieldName": "nickname",
        "defaultMergeTag": "<% nickname %>",
    }
    assert export_columns()[-1] == ("Nickname", "county")
    assert {"key": "nickname", "label": "Nickname", "required": False} in mappable_fields(
        "subscribers", []
    )
    # aliases are matched case- and accent-insensitively, like every other alias
    assert suggest_mapping(["E-mail", "SPITZNAME"], "subscribers", []) == {
        "0": "emailId",
        "1": "nickname",
    }
    assert suggest_mapping(["email", "surnom"], "subscribers", [])["1"] == "nickname"
    assert segment_field_list()[-1].key == "nickname"


def test_an_entry_that_does_not_merge_export_or_import_is_left_out(monkeypatch, in_alpha):
    hidden = replace(NICKNAME, import_key=None, merge_tag=None, exportable=False)
    monkeypatch.setattr(registry, "PROFILE_FIELDS", (*PROFILE_FIELDS, hidden))
    assert "nickname" not in {f["fieldName"] for f in merge_field_list()}
    assert "Nickname" not in {label for label, _ in export_columns()}
    assert "nickname" not in {f["key"] for f in mappable_fields("subscribers", [])}


def test_the_wire_names_are_the_registrys():
    out = {name: field.alias for name, field in ProfileOut.model_fields.items()}
    patch = {name: field.alias for name, field in ProfilePatch.model_fields.items()}
    for field in PROFILE_FIELDS:
        assert out[field.column] == field.key
        if field.editable:
            assert patch[field.column] == field.key
        else:
            assert field.column not in patch


def test_the_model_and_the_staging_table_follow_the_registry():
    for field in PROFILE_FIELDS:
        column = Profile._meta.get_field(field.column)
        if field.kind in (Kind.TEXT, Kind.EMAIL):
            assert column.max_length == field.max_length, field.column
    assert stage_ddl("s") == (
        "CREATE TEMP TABLE s (row_no integer, email text, first_name text, last_name text, "
        "phone text, company text, title text, rep_id bigint, address1 text, address2 text, "
        "city text, state text, country text, county text, zip_code text, "
        "do_not_email boolean, custom jsonb)"
    )


def test_the_segment_builder_gets_the_segmentable_fields_with_their_types(in_alpha):
    ProfileField.objects.create(label="Size", key="size", field_type="dropdown", options=["S"])
    fields = {f.key: f for f in segment_field_list()}
    assert (fields["firstName"].type, fields["firstName"].label) == ("text", "First Name")
    assert fields["doNotEmail"].type == "boolean"
    assert fields["verificationStatus"].options == ("Valid", "Invalid", "Unknown", "Pending")
    assert fields["createdAt"].type == "datetime"
    assert (fields["custom.size"].type, fields["custom.size"].options) == ("dropdown", ("S",))


def test_every_reason_has_words_on_both_sides():
    assert set(API_MESSAGES) == set(IMPORT_MESSAGES) == set(Reason)


# (field type, options, the value as the API sends it, the same as an import cell, the
# stored value or the reason it is refused).
SAME_VERDICT = [
    ("number", [], "12.50", "12.50", 12.5),
    ("number", [], "1e3", "1e3", 1000),
    ("number", [], "1000000000000000", "1000000000000000", Reason.NOT_NUMBER),  # the cap
    ("number", [], "ten", "ten", Reason.NOT_NUMBER),
    ("number", [], "nan", "nan", Reason.NOT_NUMBER),
    ("date", [], "2024-02-29", "2024-02-29", "2024-02-29"),
    ("date", [], "2023-02-29", "2023-02-29", Reason.NOT_DATE),
    ("date", [], "1699-12-31", "1699-12-31", Reason.YEAR_RANGE),
    ("dropdown", ["Small", "Large"], "small", "small", "Small"),  # case-insensitive
    ("radio", ["Small", "Large"], "Medium", "Medium", Reason.NOT_OPTION),
    ("checkbox", ["News", "Deals"], ["deals", "NEWS"], "deals|NEWS", ["Deals", "News"]),
    ("checkbox", ["News", "Deals"], ["news", "other"], "news|other", Reason.NOT_OPTIONS),
    ("text", [], "=HYPERLINK(1)", "=HYPERLINK(1)", Reason.FORMULA),  # reaches a spreadsheet
    ("text", [], "x" * 1001, "x" * 1001, Reason.TOO_LONG),
    ("text", [], " plain ", " plain ", "plain"),
]


@pytest.mark.usefixtures("unlimited")
@pytest.mark.parametrize("field_type,options,sent,cell,verdict", SAME_VERDICT)
def test_a_value_gets_the_same_verdict_through_the_api_and_an_import(
    in_alpha, field_type, options, sent, cell, verdict
):
    ProfileField.objects.create(label="Value", key="value", field_type=field_type, options=options)
    group = Group.objects.get(default_key="newsletter").pk
    try:
        profile_create(
            client=in_alpha.client, email="api@x.example", group_ids=[group], custom={"value": sent}
        )
    except ValidationFailed as exc:
        api = exc.errors["custom.value"]
    else:
        api = Profile.objects.get(email="api@x.example").custom["value"]

    record, _ = run_file(
        f"email,value\nfile@x.example,{cell}\n".encode(),
        mapping={"0": "emailId", "1": "custom.value"},
        checkbox_separator="|",
    )
    if record.rows_invalid:
        path = Path(settings.MEDIA_ROOT) / record.errors_path
        rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
        imported = rows[1][2].lstrip("'")  # the report neutralises a leading '='
    else:
        imported = Profile.objects.get(email="file@x.example").custom["value"]

    if isinstance(verdict, Reason):
        assert api == [API_MESSAGES[verdict]]
        assert imported == IMPORT_MESSAGES[verdict].format(label="Value")
    else:
        assert api == imported == verdict
