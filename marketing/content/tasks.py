"""Content background tasks: thin calls into the services, sent by name, declared in
task_declarations.py. A job's task runs under its job's lease (marketing/jobs/runner.py)."""

from core.tasks import declared_task
from marketing.content.services.thumbnails import thumbnail_render
from marketing.content.task_declarations import THUMBNAIL_RENDER
from marketing.jobs.runner import JobTask


@declared_task(THUMBNAIL_RENDER, base=JobTask)
def template_thumbnail_render(job_id: int) -> None:
    thumbnail_render(job_id)
