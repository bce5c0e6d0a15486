"""One file row to one staging row: the checks of spec 3 and 5 (the email rule, Do Not Email
values, text lengths and formula cells of the registry's text fields, custom values by the
one value rule) and the COPY text line."""

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from json.encoder import encode_basestring_ascii

from marketing.audience.messages import (
    CELL_NUL,
    DO_NOT_EMAIL_VALUES,
    IMPORT_FORMULA,
    IMPORT_TOO_LONG,
    REP_NOT_KNOWN,
)
from marketing.audience.models import FieldType, ImportKind, ProfileField, ProfileImport, Rep
from marketing.audience.profile_fields import Kind
from marketing.audience.services.email_rule import InvalidEmail, email_normalise
from marketing.audience.services.field_values import (
    IMPORT_MESSAGES,
    TEXT_VALUE_MAX,
    ValueRefused,
    custom_value_parser,
)
from marketing.audience.services.imports.headers import CUSTOM_PREFIX, EMAIL, by_import_key

YES = frozenset({"YES", "TRUE", "Y"})
NO = frozenset({"NO", "FALSE", "N"})


class RowError(Exception):
    pass


def _text(label: str, max_length: int) -> Callable[[str], str | None]:
    def parse(value: str) -> str | None:
        value = value.strip()
        if not value:
            return None
        if value[0] == "=":
            raise RowError(IMPORT_FORMULA.format(label=label))
        if len(value) > max_length:
            raise RowError(IMPORT_TOO_LONG.format(label=label, max_length=max_length))
        return value

    parse.text_limit = (label, max_length)  # lets RowPlan.copy_line inline the check
    return parse


def parse_do_not_email(value: str) -> bool | None:
    upper = value.strip().upper()
    if not upper:
        return None
    if upper in YES:
        return True
    if upper in NO:
        return False
    raise RowError(DO_NOT_EMAIL_VALUES)


def custom_cell_parser(field_: ProfileField, separator: str) -> Callable[[str], object]:
    """A custom field's cells by the one value rule (services/field_values.py), refusals in
    the error report's words."""
    parse_value = custom_value_parser(field_, separator)

    def parse(value: str):
        try:
            return parse_value(value)
        except ValueRefused as exc:
            raise RowError(IMPORT_MESSAGES[exc.reason].format(label=field_.label)) from None

    parse.custom_text = field_.field_type == FieldType.TEXT  # RowPlan.copy_line inlines it
    return parse


def parse_rep(reps: dict[str, int]) -> Callable[[str], int | None]:
    """A rep by its email (the one email rule), among `reps` (email -> id)."""

    def parse(value: str) -> int | None:
        if not value.strip():
            return None
        try:
            rep_id = reps.get(email_normalise(value))
        except InvalidEmail:
            rep_id = None
        if rep_id is None:
            raise RowError(REP_NOT_KNOWN)
        return rep_id

    return parse


@dataclass
class RowPlan:
    """How one file row becomes one staging row: the staging columns (after row_no and
    email) and, per column, (cell index, parser)."""

    kind: str
    email_index: int
    columns: list[str]
    parsers: list[tuple[int, Callable]]
    custom: list[tuple[int, str, Callable]]
    # An empty cell clears the stored value of its column (else it keeps it).
    empty_cells_clear: bool = False

    def stage_columns(self) -> list[str]:
        return ["row_no", "email", *self.columns] + (["custom"] if self.custom else [])

    def email(self, cells: list[str]) -> str:
        """The row's email, lower-cased; raises RowError."""
        try:
            return email_normalise(cells[self.email_index] if self.email_index < len(cells) else "")
        except InvalidEmail as exc:
            raise RowError(str(exc)) from None

    def parse(self, row_no: int, cells: list[str]) -> tuple[str, tuple]:
        """(email, staging row); raises RowError. Missing trailing cells count as empty."""
        width = len(cells)
        email = self.email(cells)
        values = [row_no, email]
        for index, parser in self.parsers:
            values.append(parser(cells[index]) if index < width else None)
        if self.custom:
            custom = {}
            for index, key, parser in self.custom:
                if index < width:
                    value = parser(cells[index])
                    if value is not None:
                        custom[key] = value
            values.append(json.dumps(custom) if custom else None)
        return email, tuple(values)

    def copy_line(
        self, row_no: int, cells: list[str], direct: "DirectLoad | None" = None
    ) -> tuple[str, str, bool]:
        """`parse` (same checks, same errors, same order) straight to (email, one COPY text
        line without newline, new): the hot path of the import, so text cells are checked
        inline and escaping is only done for the rare line that needs it. NULL is NUL_MARK
        here (see `copy_chunk`); raises RowError. The line is a staging row, or with a
        `direct` load and an email it does not know (`new`), a whole profile row (see
        DirectLoad)."""
        width = len(cells)
        email = self.email(cells)
        new = direct is not None and email not in direct.staged
        if new:
            out = [str(direct.base + row_no), email]
            fields, custom_empty = direct.fields, direct.custom_empty
        else:
            out = [str(row_no), email]
            fields, custom_empty = self._fields, NUL_MARK
        append = out.append
        nulls = 0
        for index, limit, parser, empty, is_null in fields:
            if index >= width:
                append(empty)
                nulls += is_null
            elif limit is not None:
                value = cells[index].strip()
                if not value:
                    append(empty)
                    nulls += is_null
                elif value[0] == "=":
                    raise RowError(IMPORT_FORMULA.format(label=limit[0]))
                elif len(value) > limit[1]:
                    raise RowError(IMPORT_TOO_LONG.format(label=limit[0], max_length=limit[1]))
                else:
                    append(value)
            else:
                value = parser(cells[index])
                if value is None:
                    append(empty)
                    nulls += is_null
                elif value is True:
                    append("t")
                elif value is False:
                    append("f")
                else:
                    append(str(value))
        if self.custom:
            parts = []
            for index, key, parser in self.custom:
                if index < width:
                    value = cells[index]
                    if parser in self._custom_text:
                        # A text value inline (field_values._text): a plain one is the
                        # stripped cell; anything else goes to the parser, which words it.
                        value = value.strip() or None
                        if value is not None and (
                            value[0] == "=" or "\x00" in value or len(value) > TEXT_VALUE_MAX
                        ):
                            value = parser(cells[index])
                    else:
                        value = parser(value)
                    if value is not None:
                        parts.append(
                            f"{encode_basestring_ascii(key)}: "
                            + (
                                encode_basestring_ascii(value)
                                if isinstance(value, str)
                                else json.dumps(value)
                            )
                        )
            if parts:
                append("{" + ", ".join(parts) + "}")
            else:
                append(custom_empty)
                nulls += custom_empty is NUL_MARK
        line = "\t".join(out)
        if line.count(NUL_MARK) != nulls:
            raise RowError(CELL_NUL)
        if "\\" in line or "\n" in line or "\r" in line or line.count("\t") != len(out) - 1:
            line = "\t".join(value if value is NUL_MARK else _copy_escape(value) for value in out)
        if new:
            line += direct.suffix
        return email, line, new

    @cached_property
    def _custom_text(self) -> frozenset:
        """The parsers of custom text fields (custom_cell_parser marks them)."""
        return frozenset(p for _i, _k, p in self.custom if getattr(p, "custom_text", False))

    @cached_property
    def _fields(self) -> list[tuple[int, tuple[str, int] | None, Callable, str, bool]]:
        """Per staging column: (cell index, inline text limit, parser, empty value, whether
        that value is NULL)."""
        return self.fields_with_empties([NUL_MARK] * len(self.parsers))

    def fields_with_empties(self, empties: list[str]) -> list[tuple]:
        return [
            (index, getattr(parser, "text_limit", None), parser, empty, empty is NUL_MARK)
            for (index, parser), empty in zip(self.parsers, empties, strict=True)
        ]


@dataclass
class DirectLoad:
    """A bulk import's rows straight into the profile table (apply.direct_begin): a row
    whose email is not among `staged` (the stored emails and those on more than one row of
    the file) becomes a whole new profile row, `id` = `base` + its row number, each empty
    cell the new profile's value (`fields`, `custom_empty`), then `suffix`: the values of
    the columns the file does not fill. The other rows are staged."""

    existing: set[str]
    base: int
    fields: list[tuple]
    custom_empty: str
    suffix: str
    columns: list[str]  # of the profile table's COPY
    constraints: list[tuple[str, str]]  # dropped for the load, added back by the apply
    staged: set[str] = field(default_factory=set)
    new_repeated: set[str] = field(default_factory=set)  # staged, not stored: inserted


NUL_MARK = "\x00"  # never in a stored file (the upload refuses NUL bytes) nor in PostgreSQL


def _copy_escape(value: str) -> str:
    return (
        value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
    )


def copy_chunk(lines: list[str]) -> str:
    """COPY text for lines from `RowPlan.copy_line`: NUL_MARK cells become \\N."""
    return ("\n".join(lines) + "\n").replace(NUL_MARK, "\\N")


def row_plan(record: ProfileImport) -> RowPlan:
    mapping = {int(index): key for index, key in record.mapping.items()}
    email_index = next(index for index, key in mapping.items() if key == EMAIL)
    if record.kind == ImportKind.UNSUBSCRIBERS:
        return RowPlan(record.kind, email_index, [], [], [])
    customs = {f.key: f for f in ProfileField.objects.all()}
    standard = by_import_key()
    columns: list[str] = []
    parsers: list[tuple[int, Callable]] = []
    custom: list[tuple[int, str, Callable]] = []
    for index, key in sorted(mapping.items()):
        if key == EMAIL:
            continue
        if key.startswith(CUSTOM_PREFIX):
            field_ = customs.get(key.removeprefix(CUSTOM_PREFIX))
            if field_ is not None:
                custom.append(
                    (index, field_.key, custom_cell_parser(field_, record.checkbox_separator))
                )
            continue
        field_ = standard[key]
        columns.append(field_.column)
        if field_.kind == Kind.BOOLEAN:
            parsers.append((index, parse_do_not_email))
        elif field_.kind == Kind.REP:
            parsers.append((index, parse_rep(dict(Rep.objects.values_list("email", "id")))))
        else:
            parsers.append((index, _text(field_.label, field_.max_length)))
    return RowPlan(record.kind, email_index, columns, parsers, custom, record.empty_cells_clear)
