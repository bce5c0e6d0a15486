"""Import services: upload checks (hostile files), mapping rules, the pipeline's rules."""

import csv
import io
import zipfile
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from core.errors import Conflict, ValidationFailed
from marketing.audience.messages import NOTHING_IMPORTED
from marketing.audience.models import (
    FieldType,
    Group,
    InspectionStatus,
    Profile,
    ProfileField,
    ProfileGroup,
    ProfileImport,
    ProfileTag,
    Rep,
    Tag,
    Unsubscribe,
)
from marketing.audience.selectors.profiles import ProfileFilters, profile_list
from marketing.audience.services.imports import import_inspect, import_start, import_upload
from marketing.audience.services.imports.headers import suggest_mapping
from marketing.audience.services.imports.pipeline import import_run
from marketing.audience.services.imports.reading import ImportFileError, text_chunks
from marketing.jobs import services as jobs
from marketing.jobs.models import BackgroundJob, JobStatus
from tests.support.xlsx import xlsx_bytes


@pytest.fixture(params=["incremental", "bulk", "two processes", "bulk, two processes"])
def apply_mode(request, settings, monkeypatch):
    """The ways an import runs: rows checked by one process or two (imports/staging.py),
    applied row by row or in bulk (imports/apply.py: a CSV file loaded straight into the
    profile table). "bulk" takes every import as large enough: the table's size estimate
    (PostgreSQL statistics, which other tests' committed rows move) counts as 0."""
    from marketing.audience.services.imports import apply

    bulk = request.param.startswith("bulk")
    settings.IMPORT_BULK_MIN_ROWS = 1 if bulk else 10**9
    if bulk:
        monkeypatch.setattr(apply, "_profiles_estimate", lambda: 0)
    two = request.param.endswith("two processes")
    settings.IMPORT_PARALLEL_MIN_BYTES = 0 if two else 10**12
    return request.param


@pytest.fixture
def unlimited(in_alpha, apply_mode):
    in_alpha.client.plan = None
    in_alpha.client.save()
    return in_alpha


def upload(content: bytes, name: str = "people.csv", kind: str = "subscribers"):
    return import_upload(name=name, size=len(content), chunks=text_chunks(content), kind=kind)


def start(record, mapping=None, **kwargs):
    mapping = mapping if mapping is not None else suggest_mapping(record.headers, record.kind, [])
    started = import_start(import_id=record.pk, mapping=mapping, enqueue=False, **kwargs)
    record.refresh_from_db()
    return started


def run_file(content: bytes, name: str = "people.csv", kind: str = "subscribers", **kwargs):
    record, _ = upload(content, name, kind)
    start(record, **kwargs)
    outcome = import_run(record.pk)
    record.refresh_from_db()
    return record, outcome


def files_under(prefix: str) -> set[str]:
    root = Path(settings.MEDIA_ROOT) / prefix
    return {str(p) for p in root.rglob("*") if p.is_file()} if root.exists() else set()


# --- upload -----------------------------------------------------------------------------


def test_upload_reads_headers_sample_and_suggests_mapping(in_alpha):
    content = (
        b"E-mail Address,FName,Surname,Mobile,Organisation,Job Title,Rep,Zip,Do Not Email,X\n"
        + b"".join(f"u{i}@x.example,A,B,1,C,T,,123,no,x\n".encode() for i in range(8))
    )
    record, extra = upload(content)
    assert record.headers[0] == "E-mail Address"
    assert len(extra["sample"]) == 5
    assert extra["suggestedMapping"] == {
        "0": "emailId",
        "1": "firstName",
        "2": "lastName",
        "3": "phone",
        "4": "company",
        "5": "title",
        "6": "repemailid",
        "7": "zipCode",
        "8": "doNotEmail",
    }
    assert {"key": "emailId", "label": "Email", "required": True} in extra["fields"]
    stored = Path(settings.MEDIA_ROOT) / record.file_path
    assert record.file_path.startswith("alpha/imports/") and stored.is_file()


def test_custom_fields_are_suggested_by_label(in_alpha):
    ProfileField.objects.create(label="Favourite Colour", key="colour", field_type="text")
    record, extra = upload(b"email,favourite colour\na@x.example,red\n")
    assert extra["suggestedMapping"] == {"0": "emailId", "1": "custom.colour"}


def test_semicolon_delimiter_and_bom_are_detected(in_alpha):
    record, extra = upload("\ufeffEmail;First Name\na@x.example;Zoë\n".encode())
    assert record.headers == ["Email", "First Name"]
    assert extra["sample"] == [["a@x.example", "Zoë"]]


def test_cp1252_file_is_read(in_alpha):
    record, extra = upload("email,first name\na@x.example,José\n".encode("cp1252"))
    assert extra["sample"] == [["a@x.example", "José"]]


HOSTILE = [
    ("people.exe", b"email\na@x.example\n", "extension must be supported"),
    ("people.csv.php", b"email\na@x.example\n", "extension must be supported"),
    ("people.csv", b"", "empty"),
    ("people.csv", b"\n\n  \n", "empty"),
    ("people.csv", b"email,first name\n", "no data rows"),
    ("people.csv", b"email,Email\na@x.example,b\n", "duplicate column headers"),
    ("people.csv", b"email,First-Name,first name\na,b,c\n", "duplicate column headers"),
    ("people.csv", "email\nа@x\n".encode("utf-16"), "UTF-8"),
    ("people.csv", b"email\x00\x01\x02\na\n", "UTF-8"),
    ("people.csv", b"email\n" + b"a" * (10 * 1024 * 1024), "longer than"),
    ("people.csv", b"a" * (10 * 1024 * 1024) + b"\nx\n", "longer than"),
    ("people.xlsx", b"this is not a zip", "not a valid .xlsx"),
]


@pytest.mark.parametrize("name,content,message", HOSTILE)
def test_hostile_files_get_a_clear_error_and_change_nothing(in_alpha, name, content, message):
    before = files_under("alpha")
    with pytest.raises(ImportFileError) as error:
        upload(content, name)
    assert message.lower() in error.value.message.lower()
    assert error.value.errors == {"file": [error.value.message]}
    assert not ProfileImport.objects.exists()
    assert files_under("alpha") == before


def _zip_bomb() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("xl/worksheets/sheet1.xml", b"\0" * (50 * 1024 * 1024))
    return buffer.getvalue()


def test_xlsx_zip_bomb_is_refused_by_the_inspection(in_alpha):
    record, _ = upload(_zip_bomb(), "bomb.xlsx")
    assert record.inspection == InspectionStatus.PENDING
    import_inspect(record.pk)
    record.refresh_from_db()
    assert record.inspection == InspectionStatus.FAILED
    assert record.inspection_error == "The .xlsx file expands to too much data and was refused."
    assert not (Path(settings.MEDIA_ROOT) / record.file_path).exists()


def test_upload_larger_than_the_limit_is_refused(in_alpha, settings):
    settings.IMPORT_MAX_UPLOAD_BYTES = 10
    with pytest.raises(ImportFileError, match="too large"):
        upload(b"email\na@x.example\n")


def test_xlsx_import_end_to_end(unlimited):
    content = xlsx_bytes(
        [["Email", "First Name", "Zip"], ["X@Y.example", "Ann", 12345], ["bad", "B", 1]]
    )
    record, extra = upload(content, "people.xlsx")
    assert extra["sample"] == [] and extra["inspection"] == "pending"
    import_inspect(record.pk)
    record.refresh_from_db()
    assert record.sample[0] == ["X@Y.example", "Ann", "12345"]
    start(record)
    outcome = import_run(record.pk)
    assert (outcome.inserted, outcome.invalid) == (1, 1)
    assert Profile.objects.get(email="x@y.example").zip_code == "12345"


# --- start ------------------------------------------------------------------------------


def test_email_must_be_mapped(in_alpha):
    record, _ = upload(b"email,first name\na@x.example,A\n")
    with pytest.raises(ValidationFailed, match="The email address must be mapped"):
        start(record, {"1": "firstName"})
    with pytest.raises(ValidationFailed, match="does not exist"):
        start(record, {"0": "emailId", "1": "nope"})
    with pytest.raises(ValidationFailed, match="not in the file"):
        start(record, {"7": "emailId"})
    assert not BackgroundJob.objects.exists()


def test_checkbox_fields_need_a_separator(in_alpha):
    ProfileField.objects.create(
        label="Topics", key="topics", field_type=FieldType.CHECKBOX, options=["a", "b"]
    )
    record, _ = upload(b"email,topics\nx@x.example,a|b\n")
    with pytest.raises(ValidationFailed, match="separator is required"):
        start(record, {"0": "emailId", "1": "custom.topics"})


def test_group_and_tag_ids_must_exist(in_alpha):
    record, _ = upload(b"email\nx@x.example\n")
    with pytest.raises(ValidationFailed, match="Groups not found: 999999"):
        start(record, group_ids=[999999])
    with pytest.raises(ValidationFailed, match="Tags not found"):
        start(record, tag_ids=[999999])


def test_one_active_import_per_kind(in_alpha):
    first, _ = upload(b"email\nx@x.example\n")
    second, _ = upload(b"email\ny@x.example\n")
    start(first)
    with pytest.raises(Conflict, match="An existing background job is present"):
        start(second)
    other_kind, _ = upload(b"email\nz@x.example\n", kind="unsubscribers")
    start(other_kind)  # another operation


# --- the pipeline -----------------------------------------------------------------------

ROWS = (
    b"Email,First Name,Last Name,Do Not Email,City\n"
    b"Ann@X.example,Ann,Lee,YES,Paris\n"
    b"not-an-email,Bad,Row,no,\n"
    b"bob@x.example,Bob,,n,\n"
    b"ann@x.example,Annie,,,\n"  # duplicate: the last row wins, empty cells keep values
    b"cy@x.example,=HYPERLINK(1),,,\n"
    b"dee@x.example,Dee,,maybe,\n"
    b",NoEmail,,,\n"
)


def test_import_inserts_validates_dedupes_and_reports_errors(unlimited, apply_mode):
    group = Group.objects.create(name="Imported")
    tag = Tag.objects.create(name="t1")
    record, outcome = run_file(ROWS, group_ids=[group.pk], tag_ids=[tag.pk])
    assert outcome.bulk == apply_mode.startswith("bulk")
    assert outcome.total == 7
    assert (outcome.inserted, outcome.updated) == (2, 0)
    assert (outcome.invalid, outcome.duplicate) == (4, 1)
    ann = Profile.objects.get(email="ann@x.example")
    assert (ann.first_name, ann.last_name, ann.city) == ("Annie", "", "")  # last row wins
    assert ann.source == "import" and ann.do_not_email is False
    assert Profile.objects.get(email="bob@x.example").do_not_email is False
    assert ProfileGroup.objects.filter(group=group).count() == 2
    assert ProfileTag.objects.filter(tag=tag).count() == 2
    assert (record.rows_inserted, record.rows_invalid, record.rows_duplicate) == (2, 4, 1)
    job = BackgroundJob.objects.get(pk=record.job_id)
    assert job.status == JobStatus.COMPLETED and job.progress == 100
    text = (Path(settings.MEDIA_ROOT) / record.errors_path).read_text(encoding="utf-8-sig")
    errors = list(csv.reader(io.StringIO(text)))
    assert errors == [
        ["row", "email", "reason"],
        ["3", "not-an-email", "The email address is not valid"],
        ["6", "cy@x.example", "First Name: formula values are not accepted"],
        ["7", "dee@x.example", "Do Not Email must be YES/NO, TRUE/FALSE or Y/N"],
        ["8", "", "The email address is missing"],
    ]


@pytest.mark.parametrize("quote", [b"", b'"'], ids=["cut in halves", "rows alternate"])
def test_the_last_valid_row_of_an_email_wins(unlimited, quote):
    # With two processes, a file without quotes is cut in two halves, one with quotes has
    # its rows alternate between the processes: either way a's and b's rows are spread
    # over both (b's very last row is invalid and does not count).
    q = quote
    _, outcome = run_file(
        b"email,first name\n"
        b"a@x.example,A1\na@x.example,A2\nb@x.example,B1\nA@x.example," + q + b"A3" + q + b"\n"
        b"b@x.example,B2\nb@x.example,=bad\nc@x.example,C1\n"
    )
    names = dict(Profile.objects.values_list("email", "first_name"))
    assert names == {"a@x.example": "A3", "b@x.example": "B2", "c@x.example": "C1"}
    assert (outcome.inserted, outcome.duplicate, outcome.invalid) == (3, 3, 1)


def test_an_address_written_two_ways_is_one_profile(unlimited):
    # An internationalised domain in Unicode, upper case and its xn-- form: one email by
    # the one rule, so one profile, from its last row (a bulk import reads the emails of
    # the whole file first, to stage the rows of repeated ones).
    _, outcome = run_file(
        "email,first name\nann@EXÄMPLE.com,A1\nbob@x.example,B1\n"
        "ann@xn--exmple-cua.com,A2\n".encode()
    )
    names = dict(Profile.objects.values_list("email", "first_name"))
    assert names == {"ann@exämple.com": "A2", "bob@x.example": "B1"}
    assert (outcome.inserted, outcome.duplicate) == (2, 1)


def test_empty_cells_never_blank_and_unmapped_columns_are_untouched(unlimited):
    Profile.objects.create(email="ann@x.example", first_name="Ann", city="Rome", phone="1")
    record, outcome = run_file(b"email,first name,city\nANN@x.example,,Paris\n")
    ann = Profile.objects.get(email="ann@x.example")
    assert (ann.first_name, ann.city, ann.phone) == ("Ann", "Paris", "1")
    assert (outcome.inserted, outcome.updated) == (0, 1)


def test_reimport_adds_nothing(unlimited):
    group = Group.objects.create(name="G")
    run_file(ROWS, group_ids=[group.pk])
    snapshot = list(Profile.objects.order_by("email").values())
    links = ProfileGroup.objects.count()
    _, outcome = run_file(ROWS, group_ids=[group.pk])
    assert (outcome.inserted, outcome.updated) == (0, 0)
    assert list(Profile.objects.order_by("email").values()) == snapshot
    assert ProfileGroup.objects.count() == links


def _profile_indexes() -> dict[str, bool]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
            " WHERE i.indrelid = 'audience_profile'::regclass"
        )
        return dict(cursor.fetchall())


def test_a_bulk_import_rebuilds_every_profile_index(unlimited, apply_mode):
    before = _profile_indexes()
    Profile.objects.create(email="old@x.example", first_name="Old", city="Rome")
    _, outcome = run_file(
        b"email,first name,last name,city\n"
        + b"".join(f"p{i}@x.example,Pat{i},Smith,Oslo\n".encode() for i in range(30))
        + b"OLD@x.example,,Older,\n"
    )
    assert outcome.bulk == apply_mode.startswith("bulk")
    assert (outcome.inserted, outcome.updated) == (30, 1)
    assert _profile_indexes() == before
    assert all(before.values())
    assert {index.name for index in Profile._meta.indexes} <= set(before)
    old = Profile.objects.get(email="old@x.example")
    assert (old.first_name, old.last_name, old.city) == ("Old", "Older", "Rome")
    found = profile_list(filters=ProfileFilters(search="pat1"), sort="email")
    assert [p.email for p in found] == sorted(f"p{i}@x.example" for i in (1, *range(10, 20)))


def test_a_run_stopped_after_its_commit_is_finished_by_the_next(unlimited):
    from marketing.audience.services.profile_indexes import (
        profile_indexes_drop,
        profile_indexes_missing,
    )

    record, first = run_file(ROWS)
    snapshot = list(Profile.objects.order_by("email").values())
    # As if the worker died after the commit: indexes not built, job still running.
    profile_indexes_drop()
    BackgroundJob.objects.filter(pk=record.job_id).update(status=JobStatus.IN_PROCESS)
    again = import_run(record.pk)
    assert (
        (again.inserted, again.invalid, again.duplicate)
        == (2, 4, 1)
        == (
            first.inserted,
            first.invalid,
            first.duplicate,
        )
    )
    assert profile_indexes_missing() == []
    assert list(Profile.objects.order_by("email").values()) == snapshot
    job = BackgroundJob.objects.get(pk=record.job_id)
    assert (job.status, job.result["inserted"]) == (JobStatus.COMPLETED, 2)


def test_a_bulk_import_that_cannot_lock_the_table_applies_row_by_row(
    in_alpha, settings, monkeypatch
):
    import psycopg

    from marketing.audience.services.imports import apply

    in_alpha.client.plan = None
    in_alpha.client.save()
    settings.IMPORT_BULK_MIN_ROWS = 1
    settings.IMPORT_BULK_LOCK_TIMEOUT_MS = 100
    monkeypatch.setattr(apply, "_profiles_estimate", lambda: 0)
    db = connection.settings_dict
    with psycopg.connect(
        dbname=db["NAME"],
        host=db["HOST"] or "127.0.0.1",
        port=db["PORT"] or 5432,
        user=db["USER"],
        password=db["PASSWORD"] or None,
    ) as reader:  # a long reader of the profiles (another transaction)
        reader.execute(f"LOCK TABLE {connection.schema_name}.audience_profile IN ACCESS SHARE MODE")
        _, blocked = run_file(b"email\na@x.example\nb@x.example\n")
    assert blocked.bulk is False and blocked.inserted == 2
    _, free = run_file(b"email\nc@x.example\nd@x.example\ne@x.example\n")  # reader gone
    assert free.bulk is True and free.inserted == 3
    assert Profile.objects.count() == 5


def test_plan_limit_fails_the_job_and_changes_nothing(in_alpha):
    # alpha's plan allows 2 contacts
    Profile.objects.create(email="existing@x.example")
    record, _ = upload(b"email\na@x.example\nb@x.example\nexisting@x.example\n")
    start(record)
    with pytest.raises(Exception, match="Limit Exceeds"):
        import_run(record.pk)
    assert Profile.objects.count() == 1
    job = BackgroundJob.objects.get(pk=record.job_id)
    assert (job.status, job.message) == (JobStatus.FAILED, "Limit Exceeds")


def test_a_failure_during_apply_changes_nothing(unlimited, monkeypatch):
    from marketing.audience.services.imports import pipeline

    group = Group.objects.create(name="G")

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    def then_fail(real):
        def apply_then_fail(*args, **kwargs):
            real(*args, **kwargs)
            broken()

        return apply_then_fail

    # Either apply (a bulk import's rows go straight into the table: apply_direct).
    for name in ("apply_subscribers", "apply_direct"):
        monkeypatch.setattr(pipeline, name, then_fail(getattr(pipeline, name)))
    record, _ = upload(b"email\na@x.example\n")
    start(record, group_ids=[group.pk])
    with pytest.raises(RuntimeError):
        import_run(record.pk)
    assert not Profile.objects.exists() and not ProfileGroup.objects.exists()
    job = BackgroundJob.objects.get(pk=record.job_id)
    assert job.status == JobStatus.IN_PROCESS  # the task decides: retry, or fail the job
    jobs.job_release(jobs.JobRun(job=job, attempt=job.attempt))
    from marketing.audience.tasks import profile_import_run

    with pytest.raises(RuntimeError):
        profile_import_run.apply(args=[record.pk], throw=True)
    job.refresh_from_db()
    assert (job.status, job.message) == (JobStatus.FAILED, NOTHING_IMPORTED)


def test_cancel_requested_applies_nothing(unlimited, settings):
    settings.IMPORT_CHUNK_ROWS = 2
    record, _ = upload(b"email\n" + b"".join(f"u{i}@x.example\n".encode() for i in range(10)))
    start(record)
    jobs.job_release(jobs.job_claim(record.job_id))  # a run that let go of the job
    jobs.job_cancel(record.job_id)
    assert import_run(record.pk) is None
    assert not Profile.objects.exists()
    assert BackgroundJob.objects.get(pk=record.job_id).status == JobStatus.CANCELLED


def test_cancelled_pending_job_is_not_run(unlimited):
    record, _ = upload(b"email\na@x.example\n")
    start(record)
    jobs.job_cancel(record.job_id)
    assert import_run(record.pk) is None
    assert not Profile.objects.exists()


def test_progress_is_written_per_chunk(unlimited, apply_mode, settings, monkeypatch):
    settings.IMPORT_CHUNK_ROWS = 3
    seen = []
    real = jobs.job_progress
    monkeypatch.setattr(
        jobs,
        "job_progress",
        lambda run, **kw: (seen.append(kw["processed"]), real(run, **kw)),
    )
    run_file(b"email\n" + b"".join(f"u{i}@x.example\n".encode() for i in range(10)))
    if apply_mode.endswith("two processes"):
        # The worker reads the first half (5 rows) and counts twice what it has read.
        assert seen == [6, 10]
    else:
        assert seen == [3, 6, 9, 10]  # every 3 rows read, and once the whole file is read


def test_the_job_says_what_the_import_is_doing(unlimited, apply_mode, monkeypatch):
    from marketing.audience.services.imports import pipeline

    steps = []
    real = jobs.job_step
    monkeypatch.setattr(
        jobs, "job_step", lambda job_id, message: (steps.append(message), real(job_id, message))
    )
    record, _ = run_file(b"email\na@x.example\nb@x.example\n")
    expected = [pipeline.CHECKING_MESSAGE, pipeline.SAVING_MESSAGE]
    if apply_mode.startswith("bulk"):
        expected.append(pipeline.INDEXING_MESSAGE)
    assert steps == expected
    job = BackgroundJob.objects.get(pk=record.job_id)
    assert job.message == "2 added, 0 updated, 0 invalid rows, 0 duplicates."


def test_custom_fields_rep_and_checkbox(unlimited):
    ProfileField.objects.create(label="Age", key="age", field_type=FieldType.NUMBER)
    ProfileField.objects.create(label="Born", key="born", field_type=FieldType.DATE)
    ProfileField.objects.create(
        label="Size", key="size", field_type=FieldType.DROPDOWN, options=["Small", "Large"]
    )
    ProfileField.objects.create(
        label="Topics", key="topics", field_type=FieldType.CHECKBOX, options=["News", "Deals"]
    )
    rep = Rep.objects.create(email="rep@x.example")
    content = (
        b"email,age,born,size,topics,rep email\n"
        b"a@x.example,42,1990-05-01,small,news|deals,REP@x.example\n"
        b"b@x.example,old,,,,\n"
        b"c@x.example,,1699-01-01,,,\n"
        b"d@x.example,,,medium,,\n"
        b"e@x.example,,,,news|other,\n"
        b"f@x.example,,,,,nobody@x.example\n"
    )
    record, _ = upload(content)
    start(
        record,
        {
            "0": "emailId",
            "1": "custom.age",
            "2": "custom.born",
            "3": "custom.size",
            "4": "custom.topics",
            "5": "repemailid",
        },
        checkbox_separator="|",
    )
    outcome = import_run(record.pk)
    assert (outcome.inserted, outcome.invalid) == (1, 5)
    a = Profile.objects.get(email="a@x.example")
    assert a.custom == {
        "age": 42,
        "born": "1990-05-01",
        "size": "Small",
        "topics": ["News", "Deals"],
    }
    assert a.rep_id == rep.pk


def test_unsubscriber_import(unlimited):
    Profile.objects.create(email="a@x.example")
    Profile.objects.create(email="b@x.example", unsubscribed_at="2024-01-01T00:00:00Z")
    content = b"email\nA@x.example\nb@x.example\nnew@x.example\nbad\n"
    record, outcome = run_file(content, kind="unsubscribers")
    a = Profile.objects.get(email="a@x.example")
    assert a.unsubscribed_at is not None and a.unsubscribe_source == "import"
    assert set(Unsubscribe.objects.values_list("email", flat=True)) == {
        "a@x.example",
        "new@x.example",
    }
    assert (outcome.updated, outcome.inserted, outcome.invalid) == (1, 2, 1)
    assert not Profile.objects.filter(email="new@x.example").exists()
    _, again = run_file(content, kind="unsubscribers")
    assert (again.updated, again.inserted) == (0, 0)
    assert Unsubscribe.objects.count() == 2


def test_import_run_is_idempotent_for_a_finished_job(unlimited):
    record, _ = run_file(b"email\na@x.example\n")
    assert import_run(record.pk) is None
    assert Profile.objects.count() == 1


def test_task_refuses_the_public_schema(tenants, db):
    from core.errors import TenantRequired
    from marketing.audience.tasks import profile_import_run

    connection.set_schema_to_public()
    with pytest.raises(TenantRequired):
        profile_import_run.apply(args=[1], throw=True).get()


def test_special_characters_survive_the_copy(unlimited):
    ProfileField.objects.create(label="Note", key="note", field_type=FieldType.TEXT)
    content = (
        "email,first name,last name,note\n"
        'esc@x.example,"Tab\there","Back\\slash \\N","Qu""ote \\ é ☃ \\t\nline"\n'
    ).encode()
    record, _ = upload(content)
    start(record, {"0": "emailId", "1": "firstName", "2": "lastName", "3": "custom.note"})
    outcome = import_run(record.pk)
    assert (outcome.inserted, outcome.invalid) == (1, 0)
    profile = Profile.objects.get(email="esc@x.example")
    assert profile.first_name == "Tab\there"
    assert profile.last_name == "Back\\slash \\N"
    assert profile.custom == {"note": 'Qu"ote \\ é ☃ \\t\nline'}
