"""The segments app's background job, registered with the jobs app when the app is ready
(apps.py). Its file is gated like a profile export (JOB_KIND_GATES in
config/operation_gates.py)."""

from core.messages import EXPORT_NOT_WRITTEN
from marketing.jobs.kinds import register_job_kind

SEGMENT_EXPORT = "segmentExport"
SEGMENT_EXPORT_LABEL = "Export Segment"


def job_kinds_register() -> None:
    register_job_kind(SEGMENT_EXPORT, SEGMENT_EXPORT_LABEL, failure_message=EXPORT_NOT_WRITTEN)
