"""The forms app's background job, registered with the jobs app when the app is ready
(apps.py): a form's submissions as CSV, its file gated like a profile export (it holds
addresses; JOB_KIND_GATES in config/operation_gates.py)."""

from core.messages import EXPORT_NOT_WRITTEN
from marketing.jobs.kinds import register_job_kind

SUBMISSION_EXPORT = "formSubmissionExport"
SUBMISSION_EXPORT_LABEL = "Export Form Submissions"


def job_kinds_register() -> None:
    register_job_kind(
        SUBMISSION_EXPORT, SUBMISSION_EXPORT_LABEL, failure_message=EXPORT_NOT_WRITTEN
    )
