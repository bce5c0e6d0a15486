"""Fuzz the CSV header/row reader and the row parser: any bytes either read or give the
clear validation error, never another exception."""

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from marketing.audience.models import ProfileImport
from marketing.audience.services.imports.reading import (
    ImportFileError,
    halves,
    inspect_text,
    iter_data_rows,
    text_chunks,
)
from marketing.audience.services.imports.rows import RowError, RowPlan, parse_do_not_email

cell = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20)
structured = st.lists(st.lists(cell, min_size=1, max_size=6), min_size=0, max_size=8).map(
    lambda rows: "\n".join(",".join(row) for row in rows).encode("utf-8")
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.binary(max_size=400), structured))
def test_reader_gives_rows_or_the_clear_error(data):
    with tempfile.TemporaryDirectory() as folder:
        destination = Path(folder) / "f.csv"
        try:
            inspection = inspect_text(text_chunks(data), destination)
        except ImportFileError as error:
            assert error.message
            return
        assert inspection.headers and inspection.sample
        for _row_no, cells in iter_data_rows(destination):
            assert isinstance(cells, list)


# Cells a CSV writer leaves unquoted: no quote, delimiter or line break.
plain_cell = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters='",;\t|\r\n'),
    max_size=12,
)
plain_file = st.tuples(
    st.lists(st.lists(plain_cell, min_size=1, max_size=4), min_size=2, max_size=30),
    st.sampled_from(["\n", "\r\n"]),
    st.booleans(),
).map(
    lambda args: (
        args[1].join(",".join(row) for row in [["email", "name"], *args[0]])
        + (args[1] if args[2] else "")
    ).encode("utf-8")
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plain_file)
def test_the_two_halves_of_a_file_hold_its_rows(data):
    # Two processes each read one half (imports/staging.py): together, in order, exactly
    # the rows one reader finds, with the same row numbers.
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "f.csv"
        path.write_bytes(data)
        split = halves(path)
        whole = list(iter_data_rows(path))
        assume(split is not None)  # not when one line runs past the middle to the end
        first, second = (list(iter_data_rows(path, half)) for half in split)
        assert first + second == whole


def test_a_file_with_quotes_or_an_xlsx_is_not_cut(tmp_path):
    quoted = tmp_path / "q.csv"
    quoted.write_bytes(b"email,name\n" + b'a@x.example,"Smith, J"\n' * 50)
    assert halves(quoted) is None
    workbook = tmp_path / "w.xlsx"
    workbook.write_bytes(b"PK")
    assert halves(workbook) is None
    plain = tmp_path / "p.csv"
    plain.write_bytes(b"email\n" + b"".join(f"u{i}@x.example\n".encode() for i in range(10)))
    first, second = halves(plain)
    assert 0 < first.offset < plain.stat().st_size and first.lines_before >= 5


@settings(max_examples=300, deadline=None)
@given(st.lists(cell, max_size=4), st.integers(min_value=0, max_value=3))
def test_row_parser_gives_a_row_or_a_row_error(cells, email_index):
    from marketing.audience.services.imports.rows import _text

    plan = RowPlan(
        ProfileImport(kind="subscribers").kind,
        email_index,
        ["first_name", "do_not_email"],
        [(1, _text("First Name", 100)), (2, parse_do_not_email)],
        [],
    )
    try:
        email, row = plan.parse(2, cells)
    except RowError as error:
        assert str(error)
        return
    assert email == email.lower() and "@" in email and row[1] == email


def _copy_field(value) -> str:
    if value is None:
        return "\\N"
    if isinstance(value, bool):
        return "t" if value else "f"
    text = str(value)
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


# Cells at the rules' edges (emails, Do Not Email values, formulas, blanks, NUL, lengths).
edge_cell = st.one_of(
    cell,
    st.sampled_from(
        ["a@x.example", " B@X.Example ", "yes", " No ", "=1+1", " =x", "  ", "a\x00b"]
        + ["x" * 100, "x" * 101, " " + "y" * 1000 + " ", "y" * 1001, "\xa0z\u3000"]
    ),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(edge_cell, max_size=5), st.integers(min_value=0, max_value=3))
def test_copy_line_matches_the_row_parser(cells, email_index):
    """The COPY fast path accepts, refuses and writes exactly what `parse` does."""
    import json

    from marketing.audience.models import ProfileField
    from marketing.audience.services.imports.rows import _text, copy_chunk, custom_cell_parser

    interest = ProfileField(label="Interest", key="interest", field_type="text", options=[])
    plan = RowPlan(
        ProfileImport(kind="subscribers").kind,
        email_index,
        ["first_name", "do_not_email"],
        [(1, _text("First Name", 100)), (2, parse_do_not_email)],
        [(3, "interest", custom_cell_parser(interest, ","))],
    )
    try:
        _email, row = plan.parse(2, cells)
    except RowError as error:
        try:
            plan.copy_line(2, cells)
        except RowError as fast_error:
            assert str(fast_error) == str(error)
            return
        raise AssertionError("copy_line accepted a row parse refused") from None
    if any("\x00" in value for value in cells):
        return  # PostgreSQL text cannot hold NUL: the fast path refuses the row instead
    fields = copy_chunk([plan.copy_line(2, cells)[1]]).removesuffix("\n").split("\t")
    expected = [_copy_field(value) for value in row]
    assert fields[:-1] == expected[:-1]
    if row[-1] is None:
        assert fields[-1] == "\\N"
    else:
        unescaped = fields[-1].replace("\\\\", "\\")
        assert json.loads(unescaped) == json.loads(row[-1])


def test_copy_line_words_a_custom_text_value_like_the_value_rule():
    """copy_line checks a custom text cell inline; every refusal is the value rule's."""
    import json

    from marketing.audience.models import ProfileField
    from marketing.audience.services.imports.rows import NUL_MARK, custom_cell_parser

    interest = ProfileField(label="Interest", key="interest", field_type="text", options=[])
    plan = RowPlan(
        ProfileImport(kind="subscribers").kind,
        0,
        [],
        [],
        [(1, "interest", custom_cell_parser(interest, ","))],
    )
    for value in ["x" * 1001, " " + "x" * 1000 + " ", "=1+1", " =x", "a\x00b", "  ", " ok "]:
        cells = ["a@x.example", value]
        try:
            expected = ("row", plan.parse(2, cells)[1][-1])
        except RowError as error:
            expected = ("error", str(error))
        try:
            line = plan.copy_line(2, cells)[1]
            got = ("row", line.split("\t")[-1])
        except RowError as error:
            got = ("error", str(error))
        if expected[0] == "row":
            assert got[0] == "row", value
            if expected[1] is None:
                assert got[1] == NUL_MARK, value
            else:
                assert json.loads(got[1]) == json.loads(expected[1]), value
        else:
            assert got == expected, value
