"""Every cell a spreadsheet may open goes through csv_safe: the export's header row (custom
field labels are typed by people) and the reasons of an import's error report (they quote
those labels)."""

import csv
import io
from pathlib import Path

from django.conf import settings

from marketing.audience.models import FieldType, Profile, ProfileField
from marketing.audience.services.exports import export_run, export_start
from marketing.audience.services.imports import import_start, import_upload
from marketing.audience.services.imports.pipeline import import_run
from marketing.audience.services.imports.reading import text_chunks

LABEL = '=HYPERLINK("http://evil.example","click")'


def _rows(relative: str) -> list[list[str]]:
    text = (Path(settings.MEDIA_ROOT) / relative).read_text(encoding="utf-8-sig")
    return list(csv.reader(io.StringIO(text)))


def test_a_custom_field_label_is_neutralised_in_the_export_header(in_alpha):
    ProfileField.objects.create(label=LABEL, key="evil", field_type=FieldType.TEXT)
    ProfileField.objects.create(label="@SUM(A1)", key="sum", field_type=FieldType.TEXT)
    Profile.objects.create(email="a@x.example", custom={"evil": "fine"})
    job = export_start(filters={})
    export_run(job.pk)
    job.refresh_from_db()
    header = _rows(job.file_path)[0]
    assert header[-2:] == ["'" + LABEL, "'@SUM(A1)"]
    assert header[0] == "Email"


def test_a_reason_is_neutralised_in_the_import_error_report(in_alpha):
    in_alpha.client.plan = None
    in_alpha.client.save()
    ProfileField.objects.create(label=LABEL, key="score", field_type=FieldType.NUMBER)
    content = b"email,score\na@x.example,not a number\nb@x.example,3\n"
    record, _ = import_upload(
        name="people.csv", size=len(content), chunks=text_chunks(content), kind="subscribers"
    )
    import_start(import_id=record.pk, mapping={"0": "emailId", "1": "custom.score"}, enqueue=False)
    import_run(record.pk)
    record.refresh_from_db()
    rows = _rows(record.errors_path)
    assert rows[0] == ["row", "email", "reason"]
    assert rows[1] == ["2", "a@x.example", f"'{LABEL} must be a number"]
