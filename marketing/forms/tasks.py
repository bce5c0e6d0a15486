"""Forms' tasks: thin calls into services/submissions.py.

- `forms.submission_process` (per client, on the transactional queue): one stored
  submission; sent by the submit endpoint once the row is committed. Idempotent: a
  redelivery finds the row processed and does nothing.
- `forms.submissions_sweep` (beat, every 30 s): in every client, the submissions no task
  processed (the broker was down when they came), processed here.
Each is declared in task_declarations.py."""

from core.tasks import declared_task
from core.tenancy import clients_each_isolated
from marketing.forms.services.submissions import submission_process, submissions_sweep
from marketing.forms.task_declarations import SUBMISSION_PROCESS, SUBMISSIONS_SWEEP


@declared_task(SUBMISSION_PROCESS)
def forms_submission_process(submission_id: int) -> str:
    return submission_process(submission_id)


@declared_task(SUBMISSIONS_SWEEP)
def forms_submissions_sweep() -> dict[str, int]:
    """{schema: submissions taken} where there were some."""
    taken = clients_each_isolated(lambda client: submissions_sweep(), task=SUBMISSIONS_SWEEP)
    return {schema: count for schema, count in taken.items() if count}
