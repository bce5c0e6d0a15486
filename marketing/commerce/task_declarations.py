"""Commerce's tasks, declared once (core.tasks.TaskDeclaration): the processing of one
Stripe event received (sent by the webhook once its row is committed) and beat's sweep of
events no task processed (the broker was down, a worker died mid-way)."""

from core.tasks import INTERACTIVE_RETRY, Beat, TaskDeclaration

STRIPE_EVENT_PROCESS = "commerce.stripe_event_process"
STRIPE_EVENTS_SWEEP = "commerce.stripe_events_sweep"

TASKS = (
    TaskDeclaration(
        STRIPE_EVENT_PROCESS,
        queue="default",
        soft_time_limit=60,
        grace=15,
        retry=INTERACTIVE_RETRY,
        client_required=True,
    ),
    TaskDeclaration(
        STRIPE_EVENTS_SWEEP,
        queue="default",
        soft_time_limit=120,
        grace=15,
        beat=Beat("process Stripe events left behind", every=60),
    ),
)
