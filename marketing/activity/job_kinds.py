"""The audit trail's background job, registered with the jobs app when the app is ready
(apps.py). Its file is admin only (JOB_KIND_GATES in config/operation_gates.py)."""

from core.messages import EXPORT_NOT_WRITTEN
from marketing.jobs.kinds import register_job_kind

ACTIVITY_EXPORT = "activityExport"
ACTIVITY_EXPORT_LABEL = "Export Activity"


def job_kinds_register() -> None:
    register_job_kind(ACTIVITY_EXPORT, ACTIVITY_EXPORT_LABEL, failure_message=EXPORT_NOT_WRITTEN)
