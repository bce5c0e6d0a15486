"""The fast path of a plain file (imports/fast_path.py) held to the full rules: whatever
line of a block it vouches for gives exactly what `RowPlan.copy_line` gives for the same
cells (same email, COPY line and route), every other line is left to them, and the line
reader (imports/plain.py) gives exactly the rows of the CSV reader. No database: the
plans are built from unsaved fields."""

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from marketing.audience.models import ProfileField
from marketing.audience.services.imports.apply import EMPTY_COPY
from marketing.audience.services.imports.fast_path import FastBlocks, repeated_emails
from marketing.audience.services.imports.headers import by_import_key
from marketing.audience.services.imports.plain import (
    Block,
    data_lines,
    plain_blocks,
    plain_delimiter,
)
from marketing.audience.services.imports.reading import halves, iter_data_rows
from marketing.audience.services.imports.rows import (
    DirectLoad,
    RowError,
    RowPlan,
    _text,
    copy_chunk,
    custom_cell_parser,
    parse_do_not_email,
)
from marketing.audience.services.imports.staging import _repeated_emails

# The bench's columns: email, twelve text fields, Do Not Email, a custom text field.
TEXT_KEYS = [
    "firstName",
    "lastName",
    "phone",
    "company",
    "title",
    "address1",
    "address2",
    "city",
    "state",
    "country",
    "county",
    "zipCode",
]


def _plan(tail: bool = True) -> RowPlan:
    """The bench's plan; without `tail`, only the email and the text fields."""
    standard = by_import_key()
    fields = [standard[key] for key in TEXT_KEYS]
    parsers = [(i + 1, _text(f.label, f.max_length)) for i, f in enumerate(fields)]
    parsers.append((len(fields) + 1, parse_do_not_email))
    interest = ProfileField(label="Interest", key="interest", field_type="text")
    custom = [(len(fields) + 2, "interest", custom_cell_parser(interest, ";"))]
    columns = [f.column for f in fields] + ["do_not_email"]
    if not tail:
        return RowPlan("subscribers", 0, columns[:-1], parsers[:-1], [])
    return RowPlan("subscribers", 0, columns, parsers, custom)


def _direct(plan: RowPlan, staged: set[str]) -> DirectLoad:
    empties = ["" for _ in TEXT_KEYS] + [EMPTY_COPY["boolean"]]
    empties = empties[: len(plan.parsers)]
    return DirectLoad(
        existing=set(staged),
        base=1_000_000,
        fields=plan.fields_with_empties(empties),
        custom_empty="{}",
        suffix="\timport\tPending\t2026-11-26T00:00:00+00:00",
        columns=[],
        constraints=[],
        staged=set(staged),
    )


def _full(plan: RowPlan, row_no: int, cells: list[str], direct):
    try:
        email, line, new = plan.copy_line(row_no, cells, direct)
    except RowError as exc:
        return ("error", str(exc))
    return email, copy_chunk([line]), new


def _fast(
    fast: FastBlocks, plan: RowPlan, lines: list[str], direct, first: int = 7, end: str = "\n"
):
    """Per line of a block from line `first`, its lines ended by `end`: what the fast
    path wrote for it, else what the full rules give for the row it left to them; None
    for a blank line."""
    vouched, rest = fast.check(Block(first, "".join(line + end for line in lines)))
    got = dict.fromkeys(range(first, first + len(lines)))
    staged = []
    for text, new in [(vouched.new_text, True), (vouched.staged_text, False)]:
        for line in text.splitlines(keepends=True):
            number, email = line.split("\t", 2)[:2]
            row_no = int(number) - (direct.base if new else 0)
            assert got[row_no] is None
            got[row_no] = (email, line, new)
            if not new:
                staged.append((row_no, email))
    assert list(zip(vouched.rows, vouched.emails, strict=True)) == staged
    assert vouched.new == sum(1 for value in got.values() if value and value[2])
    assert vouched.count == sum(1 for value in got.values() if value)
    # Left in row order: the error report is written in it.
    assert [row_no for row_no, _cells in rest] == sorted(row_no for row_no, _cells in rest)
    for row_no, cells in rest:
        assert got[row_no] is None
        got[row_no] = _full(plan, row_no, cells, direct)
    return [got[first + i] for i in range(len(lines))]


def _expected(plan: RowPlan, lines: list[str], delimiter: str, direct, first: int = 7):
    rows = dict(data_lines(enumerate(lines, first), delimiter))
    return [
        _full(plan, first + i, rows[first + i].split(delimiter), direct)
        if first + i in rows
        else None
        for i in range(len(lines))
    ]


# Cells near the edges the fast path draws: spaces, '=', tabs, backslashes, quotes,
# NUL, non-ASCII, case, lengths around the limits.
tricky = st.sampled_from(
    [
        "",
        " ",
        "a",
        " a",
        "a ",
        "=1",
        " =1",
        "a\tb",
        "a\\b",
        'a"b',
        "\x00",
        "a\x00",
        "é",
        "\xa0a",
        "a\u2028",
        "x" * 20,
        "x" * 21,
        "x" * 100,
        "x" * 101,
        "Yes",
        "no",
        "TRUE",
        "n",
        "yeſ",
        "on",
        "{}",
        "\x1f",
        "a\x0bb",
    ]
)
# Mostly clean rows (the fast path's to vouch for), each with up to two cells changed
# to an edge case or any text: so each of its checks meets the one cell that fails it.
clean = st.sampled_from(["", "a", "Smith", "1 Main Street", "60001", "x" * 20, "Yes", "y"])
any_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12)
email = st.sampled_from(
    [
        "a@x.example",
        "A@x.example",
        " a@x.example",
        "a@x.example ",
        "a@xn--bcher-kva.example",
        "a@bücher.example",
        "ä@x.example",
        "broken.example",
        "",
        "a@x",
        "a.b+c@sub.x.example",
        "a..b@x.example",
        "x" * 250 + "@x.example",
        "staged@x.example",
    ]
)
do_not_email = st.sampled_from(["", "yes", "No", " y", "TRUE", "maybe", "0", "n "])
row = st.tuples(
    st.tuples(email, *[clean] * 12, do_not_email, clean).map(list),
    st.lists(st.tuples(st.integers(0, 16), st.one_of(tricky, any_text)), max_size=2),
    st.lists(clean, max_size=2),
    st.integers(min_value=0, max_value=3),
)


def _line(row, delimiter: str) -> str:
    cells, changes, extra, missing = row
    cells = cells + extra
    for index, value in changes:
        if index < len(cells):
            cells[index] = value
    cells = cells[: len(cells) - missing] if missing else cells
    # A cell of a plain file holds neither the delimiter nor a line break.
    assume(not any(delimiter in c or "\n" in c or "\r" in c for c in cells))
    return delimiter.join(cells)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rows=st.lists(row, min_size=1, max_size=4),
    delimiter=st.sampled_from([",", ";", "\t", "|"]),
    staged=st.booleans(),
    end=st.sampled_from(["\n", "\r\n"]),
)
@example(
    rows=[(["n1@bench.example", *["First1"] * 12, "no", "topic1"], [], [], 0)],
    delimiter=",",
    staged=False,
    end="\r\n",
)
@example(rows=[(["staged@x.example", *[""] * 14], [], [], 0)], delimiter=",", staged=True, end="\n")
def test_the_fast_path_gives_what_the_full_rules_give(rows, delimiter, staged, end):
    lines = [_line(row, delimiter) for row in rows]
    plan = _plan()
    for direct in (None, _direct(plan, {"staged@x.example"} if staged else set())):
        fast = FastBlocks(plan, direct, delimiter)
        got = _fast(fast, plan, lines, direct, end=end)
        assert got == _expected(plan, lines, delimiter, direct)


EDGES = [
    "",
    " ",
    "a",
    " a",
    "a ",
    "=1",
    " =1",
    "a=",
    "a\tb",
    "a\\b",
    'a"b',
    "\x00",
    "é",
    "é ",
    "\xa0a",
    "a\u2028",
    "a\x0bb",
    "a\x01b",
    "a\x7f",
    "x" * 20,
    "x" * 21,
    "x" * 50,
    "x" * 51,
    "x" * 100,
    "x" * 101,
    "x" * 1000,
    "x" * 1001,
    "Yes",
    "yeſ",
    "on",
    "A@x.example",
    "a@xn--bcher-kva.example",
    "a@bücher.example",
    "x" * 244 + "@x.example",
    "x" * 245 + "@x.example",
]


@pytest.mark.parametrize("delimiter", [",", "\t"])
@pytest.mark.parametrize("tail", [True, False], ids=["text, flag, custom", "text last"])
def test_each_edge_in_each_column_of_a_clean_row(delimiter, tail):
    # Every check of the fast path meets the one cell that fails it, in every column,
    # between clean rows of the same block.
    plan = _plan(tail)
    base = ["a@x.example", *["Smith"] * 12, *(["no", "topic"] if tail else [])]
    clean_line = delimiter.join(base)
    for direct in (None, _direct(plan, set())):
        fast = FastBlocks(plan, direct, delimiter)
        for index in range(len(base)):
            for edge in EDGES:
                if delimiter in edge:
                    continue
                line = delimiter.join(base[:index] + [edge] + base[index + 1 :])
                lines = [clean_line, line, clean_line]
                got = _fast(fast, plan, lines, direct)
                assert got == _expected(plan, lines, delimiter, direct), (index, edge)


@pytest.mark.parametrize("end", ["\n", "\r\n"])
def test_blank_short_and_long_lines_between_clean_rows(end):
    # The CSV reader keeps the lines of the block's width and leaves out the others:
    # each row keeps its own line's number either way.
    plan = _plan()
    clean_line = ",".join(["a@x.example", *["Smith"] * 12, "no", "topic"])
    odd = ["", ",,", " ", clean_line + ",extra", "b@x.example,Smith", ",".join([""] * 15)]
    lines = [odd[0], clean_line, *odd[1:3], clean_line, *odd[3:], clean_line, odd[0]]
    for direct in (None, _direct(plan, set())):
        fast = FastBlocks(plan, direct, ",")
        for block in (lines, lines[1:], [clean_line, *odd]):
            got = _fast(fast, plan, block, direct, end=end)
            assert got == _expected(plan, block, ",", direct)


@pytest.mark.parametrize("end", ["\n", "\r\n"])
def test_the_fast_path_vouches_for_the_common_row(end):
    # The bench's rows: a new profile and stored ones (its emails in any case), written
    # without the full rules, whatever the line ends.
    plan = _plan()
    direct = _direct(plan, {"old@x.example"})
    fast = FastBlocks(plan, direct, ",")
    new = "n1@bench.example,First1,Last1,+1 555 0001,Company 1,Manager,1 Main Street,"
    new += "Suite 5,Springfield,IL,US,Sangamon,60001,no,topic1"
    lines = [new, "old@x.example,,Last,,,,,,,,,,,yes,", "Old@X.example,,,,,,,,,,,,,,"]
    vouched, rest = fast.check(Block(3, "".join(line + end for line in lines)))
    assert rest == []
    assert vouched.count == 3 and vouched.new == 1
    assert vouched.rows == [4, 5] and vouched.emails == ["old@x.example", "old@x.example"]
    assert vouched.new_text == copy_chunk([plan.copy_line(3, new.split(","), direct)[1]])
    assert vouched.staged_text.count("\\N") == 11 + 1 + 13 + 1  # empty texts, flag, custom
    assert vouched.staged_text == copy_chunk(
        [
            plan.copy_line(n, line.split(","), direct)[1]
            for n, line in [(4, lines[1]), (5, lines[2])]
        ]
    )


@pytest.mark.parametrize("field_type", ["number", "date", "dropdown"])
def test_a_plan_with_a_custom_field_but_text_takes_the_full_rules(field_type):
    plan = _plan()
    field = ProfileField(label="Other", key="other", field_type=field_type, options=["a"])
    plan.custom.append((16, "other", custom_cell_parser(field, ";")))
    fast = FastBlocks(plan, None, ",")
    line = "a@x.example" + "," * 16 + "a"
    vouched, rest = fast.check(Block(2, line + "\n"))
    assert vouched.count == 0 and rest == [(2, line.split(","))]


plain_cell = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters='",;\t|\r\n'),
    max_size=12,
)
plain_file = st.tuples(
    st.lists(
        st.one_of(st.lists(plain_cell, min_size=1, max_size=4), st.just([]), st.just(["  ", ""])),
        min_size=2,
        max_size=30,
    ),
    st.sampled_from(["\n", "\r\n"]),
    st.booleans(),
    st.sampled_from([",", ";", "\t", "|"]),
).map(
    lambda args: (
        args[1].join(args[3].join(row) for row in [["email", "name"], *args[0]])
        + (args[1] if args[2] else "")
    ).encode("utf-8")
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plain_file)
def test_the_line_reader_gives_the_rows_of_the_csv_reader(data):
    # Same rows, same row numbers, same cells: whole, and in the two halves.
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "f.csv"
        path.write_bytes(data)
        delimiter = plain_delimiter(path)
        assert delimiter is not None

        def rows(half=None):
            return [
                (n, line.split(delimiter))
                for block in plain_blocks(path, delimiter, half)
                for n, line in data_lines(block.numbered(), delimiter)
            ]

        whole = list(iter_data_rows(path))
        assert rows() == whole
        split = halves(path)
        if split is not None:
            assert [row for half in split for row in rows(half)] == whole


email_cell = st.one_of(
    email,
    st.sampled_from(["A@x.example\x1f", "a@XN--bcher-kva.example", "\ta@x.example", " "]),
    plain_cell,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(email_cell, plain_cell), min_size=1, max_size=20),
    st.sampled_from([0, 1]),
    st.sampled_from(["\n", "\r\n"]),
)
def test_the_repeated_emails_of_a_plain_file_are_those_of_the_csv_reader(rows, at, end):
    # A block at a time by pyarrow, as the rows read by the csv module through the rule.
    assume(not any("," in cell or "\n" in cell or "\r" in cell for row in rows for cell in row))
    lines = ["email,name" if at == 0 else "name,email"]
    lines += [",".join(row if at == 0 else row[::-1]) for row in rows]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "f.csv"
        path.write_text(end.join(lines) + end, encoding="utf-8", newline="")
        assert plain_delimiter(path) == ","
        assert repeated_emails(path, ",", at) == _repeated_emails(path, at, None)


def test_a_file_with_a_quote_or_a_lone_cr_is_not_plain(tmp_path):
    for name, content in [
        ("q.csv", b'email,name\na@x.example,"Smith, J"\n'),
        ("cr.csv", b"email,name\ra@x.example,J\r"),
        ("e.csv", b""),
    ]:
        path = tmp_path / name
        path.write_bytes(content)
        assert plain_delimiter(path) is None
    crlf = tmp_path / "crlf.csv"
    crlf.write_bytes(b"email;name\r\na@x.example;J\r\n")
    assert plain_delimiter(crlf) == ";"
