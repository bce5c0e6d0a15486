"""Forms' tasks: thin calls into services/submissions.py.

- `forms.submissions_drain` (per client, on the transactional queue): the client's new
  submissions, each once; woken by the submit endpoint once its row is committed (one
  task for all the rows that come while one is on its way). Idempotent: a redelivery
  finds the rows processed and does nothing.
- `forms.submissions_sweep` (beat, every 30 s): in every client, the submissions no task
  processed (the broker was down when they came), processed here.
- `forms.submission_export_run` (a job, bulk queue): a form's submissions as CSV.
Each is declared in task_declarations.py."""

from core.tasks import declared_task
from core.tenancy import clients_each_isolated
from marketing.forms.services.exports import submission_export_write
from marketing.forms.services.submissions import (
    submissions_drain,
    submissions_drain_wake,
    submissions_sweep,
)
from marketing.forms.task_declarations import (
    SUBMISSION_EXPORT_RUN,
    SUBMISSIONS_DRAIN,
    SUBMISSIONS_SWEEP,
)
from marketing.jobs.runner import JobTask


@declared_task(SUBMISSIONS_DRAIN)
def forms_submissions_drain() -> int:
    """How many submissions were taken; rows left when its time is up: sent again."""
    taken, more = submissions_drain()
    if more:
        submissions_drain_wake()
    return taken


@declared_task(SUBMISSIONS_SWEEP)
def forms_submissions_sweep() -> dict[str, int]:
    """{schema: submissions taken} where there were some."""
    taken = clients_each_isolated(lambda client: submissions_sweep(), task=SUBMISSIONS_SWEEP)
    return {schema: count for schema, count in taken.items() if count}


@declared_task(SUBMISSION_EXPORT_RUN, base=JobTask)
def forms_submission_export_run(job_id: int) -> None:
    """A form's submissions as CSV (services/exports.py)."""
    submission_export_write(job_id)
