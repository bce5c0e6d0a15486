"""The campaigns app's background job, registered with the jobs app when the app is ready
(apps.py): a report's recipient list as CSV, its file gated like a profile export
(JOB_KIND_GATES in config/operation_gates.py)."""

from core.messages import EXPORT_NOT_WRITTEN
from marketing.jobs.kinds import register_job_kind

REPORT_EXPORT = "campaignReportExport"
REPORT_EXPORT_LABEL = "Export Campaign Report"


def job_kinds_register() -> None:
    register_job_kind(REPORT_EXPORT, REPORT_EXPORT_LABEL, failure_message=EXPORT_NOT_WRITTEN)
