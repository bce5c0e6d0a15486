"""The import itself (the task runs `import_run`): stage the file (staging.py), then apply
it (apply.py) in ONE transaction that also records the counts (`applied_at`), so a
failure or a cancel before that commit changes nothing, and running the same import twice
changes nothing the second time. After the commit: the profile indexes a bulk apply
dropped are built (profile_indexes.py), then the job is finished; a run that stops in
between is finished by the redelivered task (`applied_at` set). Row errors go to a CSV
under the client's prefix."""

import csv
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager

from django.db import connection, transaction
from django.utils import timezone

from core.audit.models import AuditEvent, AuditPath
from core.audit.record import audit_record
from core.errors import ServiceError
from marketing.audience.messages import (
    CHECKING_MESSAGE,
    IMPORT_CANCELLED,
    INDEXING_MESSAGE,
    SAVING_MESSAGE,
)
from marketing.audience.models import ImportKind, ProfileImport
from marketing.audience.services.imports.apply import (
    apply_direct,
    apply_subscribers,
    apply_unsubscribers,
    direct_begin,
    direct_wanted,
)
from marketing.audience.services.imports.rows import row_plan
from marketing.audience.services.imports.staging import (
    Outcome,
    check_cancel,
    stage_create,
    stage_drop,
    stage_file,
    stage_name,
)
from marketing.audience.services.profile_indexes import profile_indexes_build
from marketing.jobs import services as jobs
from marketing.jobs.files import media_path
from marketing.jobs.models import JobStatus

logger = logging.getLogger(__name__)

# Memory for the apply's joins and sorts (one transaction per import).
APPLY_WORK_MEM = "128MB"


def errors_relative_path(record: ProfileImport) -> str:
    return f"{connection.schema_name}/imports/{record.pk}-errors.csv"


def import_run(import_id: int) -> Outcome | None:
    """Run one import (the task calls this). Returns None when there is nothing to do
    (finished, cancelled or unknown). The run holds the import's job (job_claim): a second
    delivery while it runs does nothing, and only the holder's counts and apply land. An
    unexpected error is left to the task, which retries or fails the job."""
    record = ProfileImport.objects.filter(pk=import_id).first()
    if record is None or not record.mapping:
        return None
    job_id = record.job_id
    run = jobs.job_claim(job_id) if job_id else None
    if job_id and run is None:
        return None
    if record.applied_at is not None:
        # A run that stopped after its commit (a redelivered message): finish it.
        _step(run, INDEXING_MESSAGE)
        profile_indexes_build()
        outcome = _recorded_outcome(record)
        _finish(run, record, outcome)
        return outcome
    name = stage_name(record)
    errors_rel = errors_relative_path(record)
    errors_file = media_path(errors_rel)
    errors_file.parent.mkdir(parents=True, exist_ok=True)
    stage_create(name)
    started = time.perf_counter()
    try:
        with ExitStack() as stack:
            direct, call = None, _call
            plan = row_plan(record)
            if direct_wanted(media_path(record.file_path), record.kind):
                # The whole import is one transaction from here (apply.direct_begin): the
                # job's progress, steps and cancel checks go through a connection of
                # their own, or they would land only with the commit.
                call = stack.enter_context(_side_connection())
                stack.enter_context(transaction.atomic())
                direct = direct_begin(plan)
            call(_step, run, CHECKING_MESSAGE)
            # UTF-8 with a BOM: Excel reads a CSV without one as the machine's legacy code
            # page.
            with open(errors_file, "w", encoding="utf-8-sig", newline="") as handle:
                writer = csv.writer(handle)
                writer.writerow(["row", "email", "reason"])
                outcome = stage_file(record, plan, name, writer, run, direct, call)
            staged = time.perf_counter()
            call(check_cancel, run)
            call(_step, run, SAVING_MESSAGE)
            with transaction.atomic():
                if run:
                    jobs.job_lock(run)  # commits only while this run holds the job
                with connection.cursor() as cursor:
                    cursor.execute(f"SET LOCAL work_mem = '{APPLY_WORK_MEM}'")
                    cursor.execute("SET LOCAL synchronous_commit = off")
                if record.kind == ImportKind.UNSUBSCRIBERS:
                    outcome.inserted, outcome.updated = apply_unsubscribers(name)
                elif direct is not None:
                    outcome.inserted, outcome.updated = apply_direct(
                        record, plan, name, direct, outcome.loaded
                    )
                    outcome.bulk = True
                else:
                    outcome.inserted, outcome.updated, outcome.bulk = apply_subscribers(
                        record, plan, name, outcome.distinct
                    )
                ProfileImport.objects.filter(pk=record.pk).update(
                    rows_total=outcome.total,
                    rows_inserted=outcome.inserted,
                    rows_updated=outcome.updated,
                    rows_invalid=outcome.invalid,
                    rows_duplicate=outcome.duplicate,
                    errors_path=errors_rel if outcome.invalid else "",
                    applied_at=timezone.now(),
                )
                audit_record(
                    AuditEvent.IMPORT_FINISHED,
                    object_id=record.pk,
                    label=record.file_name,
                    extra={"kind": record.kind, **_counts(outcome)},
                    # The worker acts for whoever started the import.
                    actor_id=run.job.started_by_id if run else None,
                    actor_email=run.job.started_by_email if run else "",
                    path=AuditPath.IMPORT,
                )
        applied = time.perf_counter()
        if outcome.bulk:
            _step(run, INDEXING_MESSAGE)
        rebuilt = profile_indexes_build() if outcome.bulk else []
        _finish(run, record, outcome)
        if not outcome.invalid:
            errors_file.unlink(missing_ok=True)
        logger.info(
            "import %s: %s rows staged in %.1f s, applied (%s) in %.1f s, %s indexes built "
            "in %.1f s",
            import_id,
            outcome.total,
            staged - started,
            "bulk" if outcome.bulk else "incremental",
            applied - staged,
            len(rebuilt),
            time.perf_counter() - applied,
        )
        return outcome
    except jobs.JobCancelled:
        errors_file.unlink(missing_ok=True)
        if run:
            jobs.job_finish(run, status=JobStatus.CANCELLED, message=IMPORT_CANCELLED)
        return None
    except ServiceError as exc:
        if run:
            jobs.job_fail(run, exc.message)
        raise
    except Exception:
        logger.exception("import %s failed", import_id)
        raise
    finally:
        stage_drop(name)


def _call(fn, *args, **kwargs):
    return fn(*args, **kwargs)


@contextmanager
def _side_connection():
    """Yields `call(fn, *args)`: runs fn on a thread with a database connection of its own
    (set to the client's schema), outside the transaction this connection holds. Inside an
    outer transaction (tests) fn runs here: a second connection would not see its rows."""
    if connection.in_atomic_block:
        yield _call
        return
    tenant = connection.tenant

    def on_side(fn, *args, **kwargs):
        if getattr(connection, "tenant", None) != tenant:
            connection.set_tenant(tenant)
        return fn(*args, **kwargs)

    with ThreadPoolExecutor(max_workers=1) as pool:
        try:
            yield lambda fn, *args, **kwargs: pool.submit(on_side, fn, *args, **kwargs).result()
        finally:
            pool.submit(_close).result()


def _close() -> None:
    connection.close()  # this thread's connection


def _step(run: jobs.JobRun | None, message: str) -> None:
    if run:
        jobs.job_step(run, message)


def _counts(outcome: Outcome) -> dict:
    return {
        "rows": outcome.total,
        "inserted": outcome.inserted,
        "updated": outcome.updated,
        "invalid": outcome.invalid,
        "duplicate": outcome.duplicate,
    }


def _recorded_outcome(record: ProfileImport) -> Outcome:
    return Outcome(
        total=record.rows_total,
        invalid=record.rows_invalid,
        duplicate=record.rows_duplicate,
        inserted=record.rows_inserted,
        updated=record.rows_updated,
    )


def _finish(run: jobs.JobRun | None, record: ProfileImport, outcome: Outcome) -> None:
    if run is None:
        return
    jobs.job_finish(
        run,
        message=summary(record.kind, outcome),
        succeeded=outcome.total - outcome.invalid,
        failed=outcome.invalid,
        processed=outcome.total,
        result={
            "importId": record.pk,
            "inserted": outcome.inserted,
            "updated": outcome.updated,
            "invalid": outcome.invalid,
            "duplicate": outcome.duplicate,
        },
    )


def summary(kind: str, outcome: Outcome) -> str:
    if kind == ImportKind.UNSUBSCRIBERS:
        head = f"{outcome.updated} profiles unsubscribed, {outcome.inserted} opt-outs logged"
    else:
        head = f"{outcome.inserted} added, {outcome.updated} updated"
    return f"{head}, {outcome.invalid} invalid rows, {outcome.duplicate} duplicates."
