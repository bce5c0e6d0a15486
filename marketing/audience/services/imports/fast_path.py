"""The fast path of a plain file (plain.py): a block of lines checked at once by pyarrow
(C++: its CSV reader, compute functions, RE2 for the expressions), which vouches for the
common row and writes its COPY text without a Python step per row.

Most rows of a large import are an ASCII email and clean cells. A line is vouched for
when it is printable ASCII without backslash or quote (COPY and JSON would escape them),
no cell of it begins or ends with a space or begins with '=' (one expression over the
lines), it has as many cells as the block's first line and every column the plan reads,
its email lower-cased matches the email rule's own expression (no IDNA label, within
its length), each text value is within its length, Do Not Email is one of the spellings
of YES/NO/TRUE/FALSE/Y/N and custom fields are all text. Any other line (non-ASCII, a
cell to strip or escape, a formula, a value too long, a missing cell, a rep column...) is
returned to be checked by the full rules (`RowPlan.copy_line`), which accept, refuse and
word it. What the fast path writes for a row is exactly what the full rules write for it
(tests/marketing/audience/test_imports_fast_path.py holds it to them): it only skips
work that would change nothing."""

import itertools
from dataclasses import dataclass, field
from json.encoder import encode_basestring_ascii
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pa_csv

from marketing.audience.services.email_rule import (
    ASCII_EMAIL_PATTERN,
    MAX_LENGTH,
    InvalidEmail,
    email_normalise,
)
from marketing.audience.services.field_values import TEXT_VALUE_MAX
from marketing.audience.services.imports.plain import Block, data_lines, plain_blocks
from marketing.audience.services.imports.rows import DirectLoad, RowPlan, parse_do_not_email

COPY_NULL = "\\N"
_YES, _NO = ("yes", "true", "y"), ("no", "false", "n")


def _spellings(word: str) -> list[str]:
    """Every ASCII upper/lower-case spelling of the word."""
    return ["".join(chars) for chars in itertools.product(*((c.lower(), c.upper()) for c in word))]


@dataclass
class Vouched:
    """The rows of a block the fast path wrote (`count`): the COPY text of the new
    profiles of a direct load (`new` of them, `new_text`) and of the staging rows
    (`staged_text`), and the row numbers and emails of the staging rows in file order.
    A new profile's email is on no other row of the file (staging._repeated_emails), so no
    other row can take its place: its row is not listed."""

    count: int = 0
    rows: list[int] = field(default_factory=list)
    emails: list[str] = field(default_factory=list)
    new: int = 0
    new_text: str = ""
    staged_text: str = ""


class FastBlocks:
    """`check(block)`: (what the fast path wrote for the block's rows, the (row number,
    cells) of the rows left to the full rules)."""

    def __init__(self, plan: RowPlan, direct: DirectLoad | None, delimiter: str):
        self.delimiter = delimiter
        self._direct = direct
        self._plan = _fast_plan(plan, direct)
        allowed = bytes(c for c in range(0x20, 0x7F) if c not in b'\\"') + delimiter.encode()
        cut = f"\\x{ord(delimiter):02x}"
        outside = "[^" + "".join(f"\\x{c:02x}" for c in allowed) + "]"
        self._unclean = f"{outside}|(?:^|{cut})[ =]| (?:{cut}|$)"

    def check(self, block: Block) -> tuple[Vouched, list[tuple[int, list[str]]]]:
        plan = self._plan
        width = block.text[: block.text.find("\n")].count(self.delimiter) + 1
        if plan is None or width < plan.width:
            return Vouched(), self._rest(block.numbered())
        lines = _lines(block)
        table, at, skipped = self._cells(block.text.encode(), width, len(lines))
        sure, columns = plan.vouch(table)
        unclean = pc.match_substring_regex(lines, self._unclean)
        sure = pc.and_(sure, pc.invert(pc.take(unclean, at)))
        vouched = self._write(pc.add(at, block.first), sure, columns)
        rest = pc.filter(at, pc.invert(sure)).to_pylist()
        if skipped:
            rest = sorted(rest + skipped)
        text = pc.take(lines, pa.array(rest, pa.int64())).to_pylist()
        return vouched, self._rest(zip([block.first + i for i in rest], text, strict=True))

    def _cells(self, data: bytes, width: int, count: int) -> tuple[pa.Table, pa.Array, list]:
        """The cells of the columns the plan reads, of each line of `width` cells; the
        index of the line of each row, and of each line of another width (left out)."""
        skipped: list[int] = []

        def skip(row) -> str:
            skipped.append(row.number - 1)  # numbered from 1 within `data`
            return "skip"

        names = [str(i) for i in range(width)]
        used = [str(i) for i in self._plan.columns]
        table = pa_csv.read_csv(
            pa.BufferReader(data),
            read_options=pa_csv.ReadOptions(
                column_names=names, use_threads=False, block_size=len(data) + 1
            ),
            parse_options=pa_csv.ParseOptions(
                delimiter=self.delimiter,
                quote_char=False,
                double_quote=False,
                escape_char=False,
                newlines_in_values=False,
                ignore_empty_lines=False,
                invalid_row_handler=skip,
            ),
            convert_options=pa_csv.ConvertOptions(
                column_types=dict.fromkeys(used, pa.string()),
                include_columns=used,
                strings_can_be_null=False,
                quoted_strings_can_be_null=False,
                null_values=[],
                check_utf8=False,
            ),
        )
        kept = [True] * count
        for index in skipped:
            kept[index] = False
        return table, pc.indices_nonzero(pa.array(kept)), skipped

    def _rest(self, lines) -> list[tuple[int, list[str]]]:
        delimiter = self.delimiter
        return [(row_no, line.split(delimiter)) for row_no, line in data_lines(lines, delimiter)]

    def _write(self, rows: pa.Array, sure: pa.Array, columns: "_Columns") -> Vouched:
        """What the fast path writes for the rows it is `sure` of, numbered `rows`."""
        plan, direct = self._plan, self._direct
        staged = sure
        if direct is not None:
            emails = columns.email.to_pylist()
            stored = pa.array(list(map(direct.staged.__contains__, emails)), pa.bool_())
            staged = pc.and_(sure, stored)
            new = pc.and_(sure, pc.invert(stored))
        staged_rows = pc.filter(rows, staged)
        out = Vouched(
            count=sure.true_count,
            rows=staged_rows.to_pylist(),
            emails=pc.filter(columns.email, staged).to_pylist(),
            staged_text=plan.copy_text(staged_rows, columns.filter(staged), None),
        )
        if direct is not None and new.true_count:
            out.new = new.true_count
            ids = pc.add(pc.filter(rows, new), direct.base)
            out.new_text = plan.copy_text(ids, columns.filter(new), direct)
        return out


@dataclass
class _Columns:
    """The vouched rows' values: the email (lower-cased), the text values, the index of
    each Do Not Email value among the spellings, the custom text values."""

    email: pa.Array
    texts: list[pa.Array]
    flags: list[pa.Array]
    custom: list[pa.Array]

    def filter(self, mask: pa.Array) -> "_Columns":
        return _Columns(
            pc.filter(self.email, mask),
            [pc.filter(v, mask) for v in self.texts],
            [pc.filter(v, mask) for v in self.flags],
            [pc.filter(v, mask) for v in self.custom],
        )


@dataclass
class _FastPlan:
    """The plan's columns as the fast path reads them, in the order of the COPY line."""

    email_index: int
    order: list[tuple[str, int]]  # ("text" | "flag", index into texts or flags)
    texts: list[tuple[int, int]]  # (cell index, max length)
    flags: list[int]  # cell index of each Do Not Email column
    custom: list[tuple[int, str]]  # (cell index, JSON of the key + ': "')
    new_flag_empty: list[str]  # a new profile's value for an empty Do Not Email cell
    width: int

    @property
    def columns(self) -> list[int]:
        """The cell index of every column it reads."""
        return [
            self.email_index,
            *(index for index, _limit in self.texts),
            *self.flags,
            *(index for index, _opening in self.custom),
        ]

    def vouch(self, table: pa.Table) -> tuple[pa.Array, _Columns]:
        """Which rows of `table` (a column per cell index read) the fast path vouches for
        as far as their values go, and the values of all of them."""

        def cells(index: int) -> pa.Array:
            return table.column(str(index)).combine_chunks()

        email = pc.ascii_lower(cells(self.email_index))
        sure = pc.and_(
            pc.match_substring_regex(email, ASCII_EMAIL_PATTERN),
            pc.and_(
                pc.less_equal(pc.binary_length(email), MAX_LENGTH),
                pc.invert(pc.match_substring(email, "xn--")),
            ),
        )
        texts = [cells(index) for index, _limit in self.texts]
        custom = [cells(index) for index, _opening in self.custom]
        limits = [limit for _index, limit in self.texts] + [TEXT_VALUE_MAX] * len(custom)
        for values, limit in zip(texts + custom, limits, strict=True):
            sure = pc.and_(sure, pc.less_equal(pc.binary_length(values), limit))
        flags = []
        for index in self.flags:
            spelled = pc.index_in(cells(index), value_set=_FLAG_SPELLINGS)
            sure = pc.and_(sure, pc.is_valid(spelled))
            flags.append(spelled)
        return sure, _Columns(email, texts, flags, custom)

    def copy_text(self, ids: pa.Array, columns: _Columns, direct: DirectLoad | None) -> str:
        """COPY text of the rows: a new profile's values (`direct`), or a staging row's."""
        if not len(ids):
            return ""
        values = [pc.cast(ids, pa.string()), columns.email]
        for kind, at in self.order:
            if kind == "text":
                value = columns.texts[at]
                values.append(value if direct is not None else _null_if_empty(value))
            else:
                empty = self.new_flag_empty[at] if direct is not None else COPY_NULL
                values.append(pc.take(pa.array(_FLAG_VALUES + [empty]), columns.flags[at]))
        if self.custom:
            parts = [
                pc.if_else(
                    pc.equal(value, ""), "", pc.binary_join_element_wise(opening, value, '", ', "")
                )
                for (_index, opening), value in zip(self.custom, columns.custom, strict=True)
            ]
            joined = pc.utf8_rtrim(pc.binary_join_element_wise(*parts, ""), characters=", ")
            empty = direct.custom_empty if direct is not None else COPY_NULL
            values.append(
                pc.if_else(
                    pc.equal(joined, ""), empty, pc.binary_join_element_wise("{", joined, "}", "")
                )
            )
        suffix = (direct.suffix if direct is not None else "") + "\n"
        lines = pc.binary_join_element_wise(pc.binary_join_element_wise(*values, "\t"), suffix, "")
        whole = pa.ListArray.from_arrays(pa.array([0, len(lines)], pa.int32()), lines)
        return pc.binary_join(whole, "")[0].as_py()


_FLAG_SPELLINGS = pa.array([s for word in _YES + _NO for s in _spellings(word)] + [""])
# The COPY value of each spelling; the value of the empty cell follows them.
_FLAG_VALUES = ["t" if word in _YES else "f" for word in _YES + _NO for _s in _spellings(word)]


def _null_if_empty(values: pa.Array) -> pa.Array:
    return pc.if_else(pc.equal(values, ""), COPY_NULL, values)


def _fast_plan(plan: RowPlan, direct: DirectLoad | None) -> _FastPlan | None:
    """None when the plan has a column the fast path does not read (a rep, a custom field
    but text), or a new profile's empty text is not '' here."""
    staged_fields = plan.fields_with_empties([""] * len(plan.parsers))
    new_fields = direct.fields if direct is not None else staged_fields
    order, texts, flags, new_flag_empty = [], [], [], []
    for (index, limit, parser, _empty, _null), new in zip(staged_fields, new_fields, strict=True):
        if limit is not None:
            if direct is not None and new[3] != "":
                return None
            order.append(("text", len(texts)))
            texts.append((index, limit[1]))
        elif parser is parse_do_not_email:
            order.append(("flag", len(flags)))
            flags.append(index)
            new_flag_empty.append(new[3])
        else:
            return None
    custom = []
    for index, key, parser in plan.custom:
        opening = f'{encode_basestring_ascii(key)}: "'
        if not getattr(parser, "custom_text", False) or "\\" in opening:
            return None
        custom.append((index, opening))
    width = 1 + max([plan.email_index, *(i for i, _l in texts), *flags, *(i for i, _o in custom)])
    return _FastPlan(plan.email_index, order, texts, flags, custom, new_flag_empty, width)


# What str.strip() takes off an ASCII cell.
_ASCII_SPACE = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f"


def _lines(block: Block) -> pa.Array:
    """The block's lines without their line ends (a plain file's CR only ends a line)."""
    lines = pc.split_pattern(pa.array([block.text]), "\n").flatten()[:-1]
    return pc.ascii_rtrim(lines, "\r")


def repeated_emails(path: Path, delimiter: str, email_index: int) -> set[str]:
    """The valid emails on more than one row of a plain file, by the email rule: an ASCII
    cell without IDNA label stripped and lower-cased (what `email_normalise` returns,
    when it matches the rule's expression) a block at a time, any other cell by
    `email_normalise`."""
    found, others = [], []
    for block in plain_blocks(path, delimiter):
        cells = pc.split_pattern(_lines(block), delimiter, max_splits=email_index + 1)
        cells = pc.filter(cells, pc.greater(pc.list_value_length(cells), email_index))
        emails = pc.ascii_lower(pc.ascii_trim(pc.list_element(cells, email_index), _ASCII_SPACE))
        plain = pc.and_(pc.string_is_ascii(emails), pc.invert(pc.match_substring(emails, "xn--")))
        found.append(pc.filter(emails, plain))
        others.extend(pc.filter(pc.list_element(cells, email_index), pc.invert(plain)).to_pylist())
    others = pa.array(_normalised(others), pa.string())
    counts = pc.value_counts(pa.chunked_array([*found, others], pa.string()))
    repeated = pc.filter(counts.field("values"), pc.greater(counts.field("counts"), 1))
    valid = pc.or_(
        pc.and_(
            pc.match_substring_regex(repeated, ASCII_EMAIL_PATTERN),
            pc.less_equal(pc.binary_length(repeated), MAX_LENGTH),
        ),
        pc.is_in(repeated, value_set=others),
    )
    return set(pc.filter(repeated, valid).to_pylist())


def _normalised(cells: list[str]) -> list[str]:
    emails = []
    for cell in cells:
        try:
            emails.append(email_normalise(cell))
        except InvalidEmail:
            continue
    return emails
