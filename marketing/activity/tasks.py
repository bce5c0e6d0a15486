"""Audit trail background tasks: thin calls into the services, sent by name
(core.tasks.enqueue_on_commit), declared in task_declarations.py. A job's task runs under
its job's lease (marketing/jobs/runner.py): bound to its client, late-acknowledged, retried
on transient errors, safe to run twice."""

from core.tasks import declared_task
from marketing.activity.services.export_file import activity_export_write
from marketing.activity.task_declarations import ACTIVITY_EXPORT_RUN
from marketing.jobs.runner import JobTask


@declared_task(ACTIVITY_EXPORT_RUN, base=JobTask)
def activity_export_run(job_id: int) -> None:
    activity_export_write(job_id)
