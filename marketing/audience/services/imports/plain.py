"""A plain CSV file (no quote character, every CR part of a CRLF) read a block of lines at
a time.

Such a file cannot hold a record that spans lines nor a cell that holds the delimiter:
each line is a row and `line.split(delimiter)` its cells, exactly what the csv module
reads (same rows, same row numbers, blank rows skipped, the first non-blank row the
header), at a fraction of its cost. A block's lines are checked together by the fast
path (fast_path.py), and the lines it cannot vouch for one by one by the full rules."""

import itertools
import mmap
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from marketing.audience.services.imports.reading import SNIFF_BYTES, Half, sniff_delimiter

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


@dataclass
class Block:
    """Whole lines of a plain file: `text`, each line ended by LF or CRLF, the first of
    them line `first` of the file. It may hold blank lines, never the header."""

    first: int
    text: str

    def numbered(self) -> Iterator[tuple[int, str]]:
        """(line number in the file, line without its line end) of each of its lines."""
        lines = (line.removesuffix("\r") for line in self.text.split("\n")[:-1])
        return zip(itertools.count(self.first), lines)


def data_lines(lines: Iterable[tuple[int, str]], delimiter: str) -> Iterator[tuple[int, str]]:
    """The lines that are rows: not blank (empty, or nothing but delimiters and spaces)."""
    for line_no, line in lines:
        if line and not (
            (line[0] == delimiter or line[0].isspace()) and not line.replace(delimiter, "").strip()
        ):
            yield line_no, line


def plain_blocks(path: Path, delimiter: str, half: Half | None = None) -> Iterator[Block]:
    """The file's lines after its header row, in blocks of about READ_BYTES; with a
    `half`, that half's lines (the header is in the first)."""
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
            text = data.decode("utf-8")
            if not text.endswith("\n"):
                text += "\n"  # the last line of a file that does not end with one
            block = Block(line_no + 1, text)
            line_no += text.count("\n")
            if header:
                block = _after_header(block, delimiter)
                header = block is None
            if block is not None:
                yield block


def _after_header(block: Block, delimiter: str) -> Block | None:
    """The block's lines after its first row (the header), None if it has no row."""
    for line_no, _line in data_lines(block.numbered(), delimiter):
        at = 0
        for _ in range(line_no - block.first + 1):
            at = block.text.index("\n", at) + 1
        return Block(line_no + 1, block.text[at:])
    return None
