"""Forms' tasks, declared once (core.tasks.TaskDeclaration): the processing of one stored
submission (sent by the submit endpoint once its row is committed) and beat's sweep of
submissions never processed (the broker was down when they came, or their task was lost)."""

from core.tasks import INTERACTIVE_RETRY, Beat, TaskDeclaration

SUBMISSION_PROCESS = "forms.submission_process"
SUBMISSIONS_SWEEP = "forms.submissions_sweep"

TASKS = (
    # A person waits for the confirmation email: quick tries, then the sweep.
    TaskDeclaration(
        SUBMISSION_PROCESS,
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
)
