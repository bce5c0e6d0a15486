"""The zip-bomb guard of .xlsx imports (reading.check_zip) counts the bytes it really
inflates, whatever sizes the archive declares, and stops as soon as a limit is crossed."""

import io
import os
import struct
import zipfile
import zlib

import pytest

from marketing.audience.services.imports import reading
from marketing.audience.services.imports.reading import ImportFileError, check_zip
from tests.support.xlsx import xlsx_bytes

BOMB = "The .xlsx file expands to too much data and was refused."
BAD = "The file is not a valid .xlsx workbook."


def _zip(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _forge_sizes(data: bytes, name: str, *, size: int) -> bytes:
    """The archive with `name`'s uncompressed size declared as `size` in its local header
    and in the central directory: what a forged bomb does to slip past a size check."""
    data = bytearray(data)
    encoded = name.encode()
    local = data.find(b"PK\x03\x04")
    while local != -1:
        name_length = struct.unpack_from("<H", data, local + 26)[0]
        if bytes(data[local + 30 : local + 30 + name_length]) == encoded:
            struct.pack_into("<I", data, local + 22, size)
            break
        local = data.find(b"PK\x03\x04", local + 4)
    central = data.find(b"PK\x01\x02")
    while central != -1:
        name_length = struct.unpack_from("<H", data, central + 28)[0]
        if bytes(data[central + 46 : central + 46 + name_length]) == encoded:
            struct.pack_into("<I", data, central + 24, size)
            break
        central = data.find(b"PK\x01\x02", central + 4)
    return bytes(data)


@pytest.fixture
def inflated(monkeypatch):
    """Counts every byte check_zip inflates."""
    counter = {"bytes": 0}
    real = zlib.decompressobj

    class Counting:
        def __init__(self, *args):
            self._inner = real(*args)

        def decompress(self, data, max_length=0):
            out = self._inner.decompress(data, max_length)
            counter["bytes"] += len(out)
            return out

        def flush(self, *args):
            out = self._inner.flush(*args)
            counter["bytes"] += len(out)
            return out

        def __getattr__(self, name):
            return getattr(self._inner, name)

    monkeypatch.setattr(reading.zlib, "decompressobj", Counting)
    return counter


def _check(tmp_path, data: bytes) -> str | None:
    path = tmp_path / "file.xlsx"
    path.write_bytes(data)
    try:
        check_zip(path)
    except ImportFileError as error:
        assert error.errors == {"file": [error.message]}
        return error.message
    return None


def test_a_real_workbook_passes(tmp_path, inflated):
    assert _check(tmp_path, xlsx_bytes([["Email"], ["a@x.example"]])) is None
    assert inflated["bytes"] > 0


def test_an_honest_bomb_is_refused(tmp_path):
    data = _zip({"xl/worksheets/sheet1.xml": b"\0" * (50 * 1024 * 1024)})
    assert _check(tmp_path, data) == BOMB


def test_a_bomb_declaring_small_sizes_is_refused_by_what_it_inflates(tmp_path, inflated):
    honest = _zip({"[Content_Types].xml": b"<Types/>", "xl/sheet1.xml": b"\0" * (50 << 20)})
    forged = _forge_sizes(honest, "xl/sheet1.xml", size=1000)
    declared = zipfile.ZipFile(io.BytesIO(forged)).getinfo("xl/sheet1.xml")
    assert declared.file_size == 1000  # the directory says it is tiny
    assert _check(tmp_path, forged) == BOMB
    # Stopped at the ratio limit: a few MB inflated, never the 50 MB.
    assert inflated["bytes"] < 5 * 1024 * 1024


def _hex_text(size: int) -> bytes:
    """Barely compressible text: no ratio check ever refuses it."""
    return os.urandom(size // 2 + 1).hex().encode()[:size]


def test_the_total_is_counted_while_inflating_and_stops_at_the_cap(tmp_path, settings, inflated):
    settings.IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES = 2 * 1024 * 1024
    data = _zip({"a.xml": _hex_text(1 << 20), "b.xml": _hex_text(3 << 20)})
    assert _check(tmp_path, data) == BOMB
    assert 2 * 1024 * 1024 < inflated["bytes"] <= 2 * 1024 * 1024 + 256 * 1024


def test_an_entry_holding_more_than_it_declares_is_refused_at_once(tmp_path, inflated):
    honest = _zip({"a.xml": b"<a/>", "xl/sheet1.xml": _hex_text(3 << 20)})
    forged = _forge_sizes(honest, "xl/sheet1.xml", size=10)
    assert _check(tmp_path, forged) == BOMB
    assert inflated["bytes"] <= 256 * 1024 + 4


def test_a_size_declared_larger_than_the_data_is_a_bad_workbook(tmp_path):
    honest = _zip({"xl/sheet1.xml": b"<x/>" * 1000})
    assert _check(tmp_path, _forge_sizes(honest, "xl/sheet1.xml", size=10_000)) == BAD


def test_an_entry_that_does_not_match_its_crc_is_a_bad_workbook(tmp_path):
    data = bytearray(_zip({"xl/sheet1.xml": b"<x/>" * 1000}))
    central = data.find(b"PK\x01\x02")
    crc = struct.unpack_from("<I", data, central + 16)[0]
    struct.pack_into("<I", data, central + 16, crc ^ 1)
    assert _check(tmp_path, bytes(data)) == BAD


def test_not_a_zip_is_a_bad_workbook(tmp_path):
    assert _check(tmp_path, b"PK\x03\x04 but nothing else") == BAD
