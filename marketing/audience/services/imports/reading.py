"""Reading import files without trusting them.

CSV/TXT: checked in one streaming pass (line length, NUL bytes, UTF-8 validity), then
written to the client's media folder as UTF-8 (no BOM) whatever it came in, so the import
task reads one encoding. The delimiter is sniffed from a small sample only; the first
non-blank row is the header row.

XLSX: a zip, read in the worker (never in the web request). Before python-calamine opens
it, every entry is inflated once, streaming and into nothing, counting the bytes that
really come out: a zip bomb is refused as soon as it crosses a limit, whatever sizes its
central directory declares."""

import codecs
import csv
import hashlib
import io
import mmap
import struct
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path

from django.conf import settings

from core.errors import ValidationFailed
from marketing.audience.messages import (
    MSG_BAD_CSV,
    MSG_BAD_HEADERS,
    MSG_BAD_XLSX,
    MSG_DUPLICATES,
    MSG_EMPTY,
    MSG_ENCODING,
    MSG_EXTENSION,
    MSG_LONG_LINE,
    MSG_NO_DATA,
    MSG_XLSX_BOMB,
)
from marketing.audience.services.imports.headers import duplicate_headers

SUPPORTED_EXTENSIONS = (".csv", ".txt", ".xlsx")
SNIFF_BYTES = 32 * 1024
SAMPLE_ROWS = 5
CHUNK_BYTES = 1024 * 1024
ZIP_MAGIC = b"PK\x03\x04"
ZIP_MAX_ENTRIES = 10_000
# Inflating: compressed bytes read, and inflated bytes produced, per step.
INFLATE_STEP = 256 * 1024
# An entry is refused for its compression ratio only past this many inflated bytes (small
# XML parts compress far better than any sheet).
RATIO_FLOOR_BYTES = 1024 * 1024
# A local file header: signature, versions, flags, method, time, date, CRC, sizes, then the
# lengths of the name and extra field that come before the data.
_LOCAL_HEADER = struct.Struct("<4sHHHHHLLLHH")


class ImportFileError(ValidationFailed):
    def __init__(self, message: str):
        super().__init__(message, errors={"file": [message]})


@dataclass
class Inspection:
    file_format: str  # "csv" | "xlsx"
    headers: list[str]
    sample: list[list[str]]
    rows_estimate: int
    sha256: str
    delimiter: str = ","
    encoding: str = "utf-8"
    extra: dict = field(default_factory=dict)


def file_format_for(name: str) -> str:
    lower = name.lower().strip()
    if not lower.endswith(SUPPORTED_EXTENSIONS):
        raise ImportFileError(MSG_EXTENSION)
    return "xlsx" if lower.endswith(".xlsx") else "csv"


# --- CSV / TXT --------------------------------------------------------------------------


def _scan_text(chunks: Iterable[bytes], max_line: int) -> tuple[str, int, str]:
    """One pass: (encoding, line count, sha256). Refuses long lines and binary data. A last
    line without a newline is a line too."""
    digest = hashlib.sha256()
    decoder = codecs.getincrementaldecoder("utf-8")()
    utf8 = True
    since_newline = 0
    newlines = 0
    total = 0
    first = True
    for chunk in chunks:
        if not chunk:
            continue
        if first:
            first = False
            if chunk.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
                raise ImportFileError(MSG_ENCODING)
        total += len(chunk)
        digest.update(chunk)
        if b"\x00" in chunk:
            raise ImportFileError(MSG_ENCODING)
        position = chunk.find(b"\n")
        if position == -1:
            since_newline += len(chunk)
        else:
            if since_newline + position > max_line:
                raise ImportFileError(MSG_LONG_LINE.format(kb=max_line // 1024))
            # Lines wholly inside one chunk: check the longest only when the chunk could
            # hold one over the limit.
            if len(chunk) > max_line:
                for line in chunk[position + 1 :].split(b"\n")[:-1]:
                    if len(line) > max_line:
                        raise ImportFileError(MSG_LONG_LINE.format(kb=max_line // 1024))
            newlines += chunk.count(b"\n")
            since_newline = len(chunk) - chunk.rfind(b"\n") - 1
        if since_newline > max_line:
            raise ImportFileError(MSG_LONG_LINE.format(kb=max_line // 1024))
        if utf8:
            try:
                decoder.decode(chunk)
            except UnicodeDecodeError:
                utf8 = False
    if utf8:
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            utf8 = False
    if total == 0:
        raise ImportFileError(MSG_EMPTY)
    lines = newlines + (1 if since_newline else 0)
    return ("utf-8" if utf8 else "cp1252"), lines, digest.hexdigest()


def _transcode(chunks: Iterable[bytes], encoding: str, destination: Path) -> str:
    """Write the text as UTF-8 without BOM; cp1252 falls back to latin-1 (never fails)."""
    for attempt in (encoding,) if encoding == "utf-8" else ("cp1252", "latin-1"):
        try:
            decoder = codecs.getincrementaldecoder(attempt)()
            with open(destination, "w", encoding="utf-8", newline="") as out:
                first = True
                for chunk in chunks():
                    text = decoder.decode(chunk)
                    if first and text:
                        text = text.removeprefix("\ufeff")
                        first = False
                    out.write(text)
                out.write(decoder.decode(b"", final=True))
            return attempt
        except UnicodeDecodeError:
            continue
    raise ImportFileError(MSG_ENCODING)  # pragma: no cover - latin-1 decodes any byte


def sniff_delimiter(sample: str) -> str:
    cut = sample.rfind("\n")
    if cut > 0:
        sample = sample[:cut]
    try:
        return csv.Sniffer().sniff(sample, delimiters=",;\t|").delimiter
    except csv.Error:
        return ","


def _blank(row: list[str]) -> bool:
    return not any(cell.strip() for cell in row)


def _csv_rows(
    path: Path, delimiter: str, half: "Half | None" = None
) -> Iterator[tuple[int, list[str]]]:
    """(line number where the row ends, cells) for every non-blank row, of the whole file
    or of one half of it."""
    csv.field_size_limit(settings.IMPORT_MAX_LINE_BYTES)
    start, line_base, last_line = 0, 0, None
    if half is not None:
        if half.second:
            start, line_base = half.offset, half.lines_before
        else:
            last_line = half.lines_before
    with open(path, "rb") as raw:
        raw.seek(start)
        handle = io.TextIOWrapper(raw, encoding="utf-8", newline="")
        reader = csv.reader(handle, delimiter=delimiter, strict=False)
        try:
            for row in reader:
                if last_line is not None and reader.line_num > last_line:
                    break
                # row[0] is nearly always filled: skip the whole-row check then.
                if row and (row[0].strip() or not _blank(row)):
                    yield line_base + reader.line_num, row
        except csv.Error as exc:
            raise ImportFileError(MSG_BAD_CSV.format(reason=exc)) from exc


def _check_headers(headers: list[str]) -> list[str]:
    headers = [cell.strip() for cell in headers]
    if not any(headers):
        raise ImportFileError(MSG_BAD_HEADERS)
    duplicates = duplicate_headers(headers)
    if duplicates:
        raise ImportFileError(MSG_DUPLICATES.format(names=", ".join(f'"{d}"' for d in duplicates)))
    return [header or f"Column {index + 1}" for index, header in enumerate(headers)]


def _head(rows: Iterator[tuple[int, list[str]]]) -> tuple[list[str], list[list[str]]]:
    header_row = next(rows, None)
    if header_row is None:
        raise ImportFileError(MSG_EMPTY)
    headers = _check_headers(header_row[1])
    sample = []
    for _line, row in rows:
        sample.append(row)
        if len(sample) >= SAMPLE_ROWS:
            break
    if not sample:
        raise ImportFileError(MSG_NO_DATA)
    return headers, sample


def inspect_text(chunks, destination: Path) -> Inspection:
    """`chunks()` gives the upload's bytes afresh on each call (it is read twice)."""
    encoding, lines, sha = _scan_text(chunks(), settings.IMPORT_MAX_LINE_BYTES)
    encoding = _transcode(chunks, encoding, destination)
    with open(destination, encoding="utf-8", newline="") as handle:
        delimiter = sniff_delimiter(handle.read(SNIFF_BYTES))
    headers, sample = _head(_csv_rows(destination, delimiter))
    # The header line is no row (a 30-row file with its header said 31 before the import).
    return Inspection("csv", headers, sample, max(1, lines - 1), sha, delimiter, encoding)


# --- XLSX -------------------------------------------------------------------------------


def check_zip(path: Path) -> None:
    """Refuse a zip bomb by what it really inflates to. Every entry is inflated once, a
    step at a time, into nothing: refused (MSG_XLSX_BOMB) as soon as the inflated total
    passes IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES, or an entry past RATIO_FLOOR_BYTES has
    inflated more than IMPORT_XLSX_MAX_RATIO times the compressed bytes it came from. The
    sizes the archive declares are never trusted: an entry that does not inflate to exactly
    its declared size and CRC is refused too (more than declared: a bomb; else a bad file)."""
    try:
        with zipfile.ZipFile(path) as archive:
            entries = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise ImportFileError(MSG_BAD_XLSX) from exc
    if len(entries) > ZIP_MAX_ENTRIES:
        raise ImportFileError(MSG_XLSX_BOMB)
    meter = _InflateMeter(
        settings.IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES, settings.IMPORT_XLSX_MAX_RATIO
    )
    with open(path, "rb") as handle:
        for entry in entries:
            try:
                _inflate_entry(handle, entry, meter)
            except (zlib.error, struct.error, OSError) as exc:
                raise ImportFileError(MSG_BAD_XLSX) from exc


class _InflateMeter:
    """The running count of inflated bytes, over the archive and within one entry."""

    def __init__(self, cap: int, ratio: int):
        self.cap = cap
        self.ratio = ratio
        self.total = 0

    def add(self, entry_inflated: int, entry_consumed: int, produced: int) -> None:
        self.total += produced
        if self.total > self.cap:
            raise ImportFileError(MSG_XLSX_BOMB)
        if entry_inflated > RATIO_FLOOR_BYTES and entry_inflated > self.ratio * max(
            entry_consumed, 1
        ):
            raise ImportFileError(MSG_XLSX_BOMB)


def _inflate_entry(handle, entry: zipfile.ZipInfo, meter: _InflateMeter) -> None:
    stored = entry.compress_type == zipfile.ZIP_STORED
    if entry.flag_bits & 0x1 or not (stored or entry.compress_type == zipfile.ZIP_DEFLATED):
        raise ImportFileError(MSG_BAD_XLSX)  # encrypted, or a method no workbook uses
    handle.seek(entry.header_offset)
    header = handle.read(_LOCAL_HEADER.size)
    if len(header) < _LOCAL_HEADER.size or not header.startswith(ZIP_MAGIC):
        raise ImportFileError(MSG_BAD_XLSX)
    *_, name_length, extra_length = _LOCAL_HEADER.unpack(header)
    handle.seek(name_length + extra_length, io.SEEK_CUR)
    inflater = None if stored else zlib.decompressobj(-zlib.MAX_WBITS)
    left = entry.compress_size
    read = inflated = crc = 0
    while left > 0 and not (inflater is not None and inflater.eof):
        pending = handle.read(min(INFLATE_STEP, left))
        if not pending:
            raise ImportFileError(MSG_BAD_XLSX)  # the archive ends inside the entry
        left -= len(pending)
        read += len(pending)
        while True:
            if inflater is None:
                out, pending = pending, b""
            else:
                out = inflater.decompress(pending, INFLATE_STEP)
                pending = inflater.unconsumed_tail
            inflated += len(out)
            if inflated > entry.file_size:
                raise ImportFileError(MSG_XLSX_BOMB)  # it holds more than it declares
            crc = zlib.crc32(out, crc)
            meter.add(inflated, read - len(pending), len(out))
            # A full step may leave output inside the inflater even with no input left.
            if inflater is None or inflater.eof or (not pending and len(out) < INFLATE_STEP):
                break
    cut_short = inflater is not None and read > 0 and not inflater.eof
    if cut_short or inflated < entry.file_size or crc != entry.CRC:
        raise ImportFileError(MSG_BAD_XLSX)


def cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time(0) else value.isoformat()
    if isinstance(value, date | time):
        return value.isoformat()
    return str(value)


def _xlsx_rows(path: Path) -> Iterator[tuple[int, list[str]]]:
    from python_calamine import CalamineWorkbook

    try:
        workbook = CalamineWorkbook.from_path(str(path))
        sheet = workbook.get_sheet_by_index(0)
        start = (sheet.start or (0, 0))[0] + 1
        for offset, row in enumerate(sheet.iter_rows()):
            cells = [cell_text(value) for value in row]
            if not _blank(cells):
                yield start + offset, cells
    except ImportFileError:
        raise
    except Exception as exc:  # calamine raises its own error types (and ValueError...)
        raise ImportFileError(MSG_BAD_XLSX) from exc


def store_xlsx(chunks: Iterable[bytes], destination: Path) -> str:
    """Write an .xlsx upload as it comes (nothing of it is parsed in the web request: the
    worker inspects it) and return its sha256. Only a file that does not even start like
    a zip is refused here."""
    digest = hashlib.sha256()
    with open(destination, "wb") as out:
        for chunk in chunks:
            digest.update(chunk)
            out.write(chunk)
    with open(destination, "rb") as written:
        if written.read(len(ZIP_MAGIC)) != ZIP_MAGIC:
            raise ImportFileError(MSG_BAD_XLSX)
    return digest.hexdigest()


def inspect_xlsx(path: Path) -> Inspection:
    check_zip(path)
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(CHUNK_BYTES), b""):
            digest.update(chunk)
    headers, sample = _head(_xlsx_rows(path))
    from python_calamine import CalamineWorkbook

    try:
        height = CalamineWorkbook.from_path(str(path)).get_sheet_by_index(0).height
    except Exception:  # noqa: BLE001 - the estimate is only for the progress bar
        height = len(sample) + 1
    return Inspection("xlsx", headers, sample, max(1, height - 1), digest.hexdigest())


# --- reading for the import task --------------------------------------------------------


@dataclass(frozen=True)
class Half:
    """One half of a CSV file cut at `offset`, the start of a line, with `lines_before`
    lines before it: the rows of each half are read by their own reader."""

    offset: int
    lines_before: int
    second: bool


def halves(path: Path) -> tuple[Half, Half] | None:
    """The two halves of a CSV file cut at the first line start past its middle, where no
    record can span lines (the file has no quote character at all). None: no such cut."""
    if path.suffix.lower() == ".xlsx" or path.stat().st_size == 0:
        return None
    with open(path, "rb") as handle, mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
        if data.find(b'"') != -1:
            return None
        cut = data.find(b"\n", len(data) // 2) + 1
        if cut <= 0 or cut >= len(data):
            return None
        lines = sum(
            data[at : min(at + CHUNK_BYTES, cut)].count(b"\n") for at in range(0, cut, CHUNK_BYTES)
        )
    return Half(cut, lines, second=False), Half(cut, lines, second=True)


def iter_data_rows(path: Path, half: Half | None = None) -> Iterator[tuple[int, list[str]]]:
    """Every data row after the header row: (row number in the file, cells). With a
    `half` (see `halves`): the data rows of that half only."""
    if path.suffix.lower() == ".xlsx":
        rows = _xlsx_rows(path)
    else:
        with open(path, encoding="utf-8", newline="") as handle:
            delimiter = sniff_delimiter(handle.read(SNIFF_BYTES))
        rows = _csv_rows(path, delimiter, half)
    if half is None or not half.second:
        header = next(rows, None)
        if header is None:
            return
    yield from rows


def text_chunks(data: bytes):
    """A `chunks()` callable over bytes in memory (tests, small files)."""

    def chunks():
        stream = io.BytesIO(data)
        return iter(lambda: stream.read(CHUNK_BYTES), b"")

    return chunks
