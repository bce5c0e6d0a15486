"""Content's task, declared once (core.tasks.TaskDeclaration): a template's thumbnail, a
job (base JobTask)."""

from core.tasks import INTERACTIVE_RETRY, TaskDeclaration

THUMBNAIL_RENDER = "content.thumbnail_render"

TASKS = (
    TaskDeclaration(
        THUMBNAIL_RENDER,
        queue="bulk",
        soft_time_limit=90,
        grace=30,
        retry=INTERACTIVE_RETRY,
        client_required=True,
    ),
)
