"""Workbooks for import tests, built by hand."""

import io
import zipfile


def xlsx_bytes(rows: list[list]) -> bytes:
    """A minimal valid workbook (inline strings), built by hand: no writer library needed."""

    def cell(ref, value):
        if isinstance(value, int | float):
            return f'<c r="{ref}"><v>{value}</v></c>'
        return f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>'

    body = "".join(
        f'<row r="{r + 1}">'
        + "".join(cell(f"{chr(65 + c)}{r + 1}", v) for c, v in enumerate(row))
        + "</row>"
        for r, row in enumerate(rows)
    )
    files = {
        "[Content_Types].xml": (
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlfor'
            'mats-package.relationships+xml"/><Default Extension="xml" ContentType="applicati'
            'on/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.open'
            'xmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl'
            '/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocume'
            'nt.spreadsheetml.worksheet+xml"/></Types>'
        ),
        "_rels/.rels": (
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/pac'
            'kage/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlfor'
            'mats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.x'
            'ml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsh'
            'eetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
            'relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets>'
            "</workbook>"
        ),
        "xl/_rels/workbook.xml.rels": (
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/pac'
            'kage/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlfor'
            'mats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.'
            'xml"/></Relationships>'
        ),
        "xl/worksheets/sheet1.xml": (
            '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsh'
            f'eetml/2006/main"><sheetData>{body}</sheetData></worksheet>'
        ),
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()
