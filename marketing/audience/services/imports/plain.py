"""A plain CSV file (no quote character, every CR part of a CRLF) read line by line, and
its rows checked by a fast path that vouches for the common row.

Such a file cannot hold a record that spans lines nor a cell that holds the delimiter:
each line is a row and `line.split(delimiter)` its cells, exactly what the csv module
reads (same rows, same row numbers, blank rows skipped, the first non-blank row the
header), at a fraction of its cost.

The fast path (`FastRows`): most rows of a large import are a lower-case ASCII email
and clean cells. For such a row the COPY line is built with a few calls into C (one
`split`, one `translate` over the line, one `join`, a few substring tests over the joined
values, the email rule's expression on the email), where the full rules
(`RowPlan.copy_line`) take several Python steps a cell. A row the fast path cannot
vouch for (upper case or non-ASCII email, a cell to strip, a formula, a value too long,
anything to escape, a missing cell...) goes to the full rules, which accept, refuse and
word it. What the fast path returns is exactly what the full rules return for that row
(tests/marketing/audience/test_imports_fast_path.py holds it to them): it only skips
work that would change nothing."""

import itertools
import mmap
import re
from collections.abc import Callable, Iterator
from json.encoder import encode_basestring_ascii
from operator import gt, itemgetter
from pathlib import Path

from marketing.audience.services.email_rule import ASCII_EMAIL_MATCH, MAX_LENGTH
from marketing.audience.services.field_values import TEXT_VALUE_MAX
from marketing.audience.services.imports.reading import SNIFF_BYTES, Half, sniff_delimiter
from marketing.audience.services.imports.rows import (
    NUL_MARK,
    DirectLoad,
    RowPlan,
    parse_do_not_email,
)

READ_BYTES = 1024 * 1024  # a block of lines: ~7,000 rows of the bench file
_LONE_CR = re.compile(rb"\r(?!\n)")


def plain_delimiter(path: Path) -> str | None:
    """The delimiter of a CSV file that can be read line by line; None for any other file
    (an XLSX, a quote character anywhere, a CR that does not end a line)."""
    if path.suffix.lower() == ".xlsx" or path.stat().st_size == 0:
        return None
    with open(path, "rb") as handle, mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
        if data.find(b'"') != -1:
            return None
        if _LONE_CR.search(data):
            return None
    with open(path, encoding="utf-8", newline="") as handle:  # as iter_data_rows sniffs it
        return sniff_delimiter(handle.read(SNIFF_BYTES))


def plain_rows(path: Path, delimiter: str, half: Half | None = None) -> Iterator[tuple[int, str]]:
    """(row number in the file, line) of every data row, as `iter_data_rows` gives
    (row number, cells) with cells = line.split(delimiter); with a `half`, of that half."""
    start, end, line_no = 0, path.stat().st_size, 0
    if half is not None:
        if half.second:
            start, line_no = half.offset, half.lines_before
        else:
            end = half.offset
    header = half is None or not half.second
    with open(path, "rb") as handle:
        handle.seek(start)
        left, pending = end - start, b""
        while left > 0 or pending:
            data = handle.read(min(READ_BYTES, left))
            left = left - len(data) if data else 0
            data = pending + data
            cut = data.rfind(b"\n") + 1 if left > 0 else len(data)
            data, pending = data[:cut], data[cut:]
            if not data:
                continue
            text = data.decode("utf-8").replace("\r\n", "\n")
            lines = text.split("\n")
            if text.endswith("\n"):
                lines.pop()  # the end of the last line, not a line
            for line in lines:
                line_no += 1
                if not line or (
                    (line[0] == delimiter or line[0].isspace())
                    and not line.replace(delimiter, "").strip()
                ):
                    continue
                if header:
                    header = False
                    continue
                yield line_no, line


def _variants(*words: str) -> list[str]:
    """Every ASCII upper/lower-case spelling of the words."""
    return [
        "".join(chars)
        for word in words
        for chars in itertools.product(*((c.lower(), c.upper()) for c in word))
    ]


# A Do Not Email cell the fast path reads (parse_do_not_email reads more: spaces, ...).
_YES = dict.fromkeys(_variants("yes", "true", "y"), "t")
_NO = dict.fromkeys(_variants("no", "false", "n"), "f")


class FastRows:
    """`copy_line(row_no, line, direct)`: `RowPlan.copy_line` for one line of a plain
    file, by the fast path when it can vouch for the row, else by the full rules."""

    def __init__(self, plan: RowPlan, direct: DirectLoad | None, delimiter: str):
        self.delimiter = delimiter
        self._full = plan.copy_line
        self._fast = _fast_path(plan, direct, delimiter)
        self._width = 1 + max(
            [plan.email_index]
            + [index for index, _parser in plan.parsers]
            + [index for index, _key, _parser in plan.custom]
        )

    def cells(self, line: str) -> list[str]:
        return line.split(self.delimiter)

    def copy_line(self, row_no: int, line: str, direct: DirectLoad | None):
        cells = line.split(self.delimiter)
        if self._fast is not None and len(cells) >= self._width:
            result = self._fast(row_no, line, cells)  # it may change cells
            if result is not None:
                return result
            cells = line.split(self.delimiter)
        return self._full(row_no, cells, direct)


def _fast_path(plan: RowPlan, direct: DirectLoad | None, delimiter: str) -> Callable | None:
    """fast(row_no, line, cells) -> (email, line, new), or None when it cannot vouch;
    None when the plan has a column it does not read (a rep, a custom field but text).

    Its checks are C calls over the whole line or the tab-joined values (a regular
    expression over the line costs more than the full rules here): a line of printable
    ASCII (one `translate`) holds no whitespace but spaces, nor NUL, tab, CR or LF, and
    here no backslash (COPY would escape it) nor quote (JSON would); no value begins or
    ends with a space or begins with '='; each value within its length; the email
    matched by the email rule's own expression."""
    staged_fields = plan.fields_with_empties([NUL_MARK] * len(plan.parsers))
    new_fields = direct.fields if direct is not None else staged_fields
    limits, booleans = [MAX_LENGTH], []
    for (index, limit, parser, _empty, _null), new in zip(staged_fields, new_fields, strict=True):
        if limit is not None:
            if direct is not None and new[3] != "":
                return None  # a new profile's empty text is not '' here
            limits.append(limit[1])
        elif parser is parse_do_not_email:
            limits.append(1)
            booleans.append((index, {**_YES, **_NO, "": new[3]}, {**_YES, **_NO, "": ""}))
        else:
            return None
    custom = []
    for index, key, parser in plan.custom:
        prefix = f"{encode_basestring_ascii(key)}: "
        if not getattr(parser, "custom_text", False) or "\\" in prefix:
            return None
        custom.append((index, prefix + '"'))
    order = [plan.email_index, *(index for index, _parser in plan.parsers)]
    pick = itemgetter(*order) if len(order) > 1 else (lambda cells: (cells[order[0]],))
    limits = tuple(limits)
    email_index = plan.email_index
    join = "\t".join
    email_match = ASCII_EMAIL_MATCH
    staged = direct.staged if direct is not None else frozenset()
    base = direct.base if direct is not None else 0
    suffix = direct.suffix if direct is not None else ""
    custom_new = direct.custom_empty if direct is not None else NUL_MARK
    # What a vouched line may hold: printable ASCII but the backslash (COPY would escape
    # it) and the quote (JSON would); and the delimiter.
    allowed = bytes(c for c in range(0x20, 0x7F) if c not in b'\\"') + delimiter.encode()

    def fast(row_no: int, line: str, cells: list[str]):
        if line.encode().translate(None, allowed):  # a byte past ASCII stays too
            return None
        email = cells[email_index]
        new = direct is not None and email not in staged
        for index, new_values, staged_values in booleans:
            value = (new_values if new else staged_values).get(cells[index])
            if value is None:
                return None
            cells[index] = value
        values = pick(cells)
        body = join(values)
        if (
            ("=" in line and "\t=" in body)
            or (" " in line and ("\t " in body or " \t" in body or body[-1] == " "))
            or any(map(gt, map(len, values), limits))
            or "xn--" in email
            or email_match(email) is None
        ):
            return None
        if custom:
            parts = []
            for index, opening in custom:
                value = cells[index]
                if value:
                    if value[0] in " =" or value[-1] == " " or len(value) > TEXT_VALUE_MAX:
                        return None
                    parts.append(opening + value + '"')
            if parts:
                body += "\t{" + ", ".join(parts) + "}"
            else:
                body += "\t" + (custom_new if new else NUL_MARK)
        if new:
            return email, f"{base + row_no}\t{body}{suffix}", True
        if "\t\t" in body or body[-1] == "\t":
            body = join([value or NUL_MARK for value in body.split("\t")])
        return email, f"{row_no}\t{body}", False

    return fast
