"""The content app's background job, registered with the jobs app when the app is ready
(apps.py): a template's thumbnail, rendered by headless Chromium."""

from marketing.content.messages import THUMBNAIL_FAILED
from marketing.jobs.kinds import register_job_kind

TEMPLATE_THUMBNAIL = "templateThumbnail"
TEMPLATE_THUMBNAIL_LABEL = "Template Thumbnail"


def job_kinds_register() -> None:
    register_job_kind(
        TEMPLATE_THUMBNAIL, TEMPLATE_THUMBNAIL_LABEL, failure_message=THUMBNAIL_FAILED
    )
