"""Content background tasks: thin calls into the services, sent by name. A job's task runs
under its job's lease (marketing/jobs/runner.py)."""

from celery import shared_task

from core.tasks import INTERACTIVE_RETRY
from marketing.content.services.thumbnails import thumbnail_render
from marketing.jobs.runner import JobTask


@shared_task(
    name="content.thumbnail_render",
    base=JobTask,
    soft_time_limit=90,
    time_limit=120,
    **INTERACTIVE_RETRY,
)
def template_thumbnail_render(job_id: int) -> None:
    thumbnail_render(job_id)
