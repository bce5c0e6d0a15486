"""Forms' tasks, declared once (core.tasks.TaskDeclaration): a client's drain of its new
submissions (woken by the submit endpoint once its row is committed) and beat's sweep of
submissions never processed (the broker was down when they came, or their task was lost),
and a form's submissions export (a job)."""

from core.tasks import BULK_RETRY, INTERACTIVE_RETRY, Beat, TaskDeclaration

SUBMISSIONS_DRAIN = "forms.submissions_drain"
SUBMISSIONS_SWEEP = "forms.submissions_sweep"
SUBMISSION_EXPORT_RUN = "forms.submission_export_run"

TASKS = (
    # A person waits for the confirmation email: quick tries, then the sweep.
    TaskDeclaration(
        SUBMISSIONS_DRAIN,
        queue="transactional",
        soft_time_limit=30,
        grace=15,
        retry=INTERACTIVE_RETRY,
        client_required=True,
    ),
    TaskDeclaration(
        SUBMISSIONS_SWEEP,
        queue="default",
        soft_time_limit=50,
        grace=10,
        beat=Beat("process form submissions left behind", every=30),
    ),
    TaskDeclaration(
        SUBMISSION_EXPORT_RUN,
        queue="bulk",
        soft_time_limit="IMPORT_TASK_SOFT_TIME_LIMIT",
        grace=120,
        retry=BULK_RETRY,
        client_required=True,
    ),
)
