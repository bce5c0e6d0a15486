"""Page hosting's task, declared once (core.tasks.TaskDeclaration): every client's verified
page domains checked again in DNS every six hours; one whose records are gone stops
serving (and gets no new certificate)."""

from core.tasks import Beat, TaskDeclaration

DOMAINS_RECHECK = "page_hosting.domains_recheck"

TASKS = (
    TaskDeclaration(
        DOMAINS_RECHECK,
        queue="default",
        soft_time_limit=900,
        grace=60,
        beat=Beat("check page domains again", every=6 * 3600),
    ),
)
