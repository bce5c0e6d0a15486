"""Commerce's tasks: thin calls into services/webhooks.py (declared in
task_declarations.py). Both are idempotent: a processed event is skipped."""

from core.tasks import declared_task
from core.tenancy import clients_each_isolated
from marketing.commerce.services.webhooks import stripe_event_process, stripe_events_sweep
from marketing.commerce.task_declarations import STRIPE_EVENT_PROCESS, STRIPE_EVENTS_SWEEP


@declared_task(STRIPE_EVENT_PROCESS)
def commerce_stripe_event_process(event_id: int) -> str:
    return stripe_event_process(event_id)


@declared_task(STRIPE_EVENTS_SWEEP)
def commerce_stripe_events_sweep() -> dict[str, int]:
    taken = clients_each_isolated(lambda client: stripe_events_sweep(), task=STRIPE_EVENTS_SWEEP)
    return {schema: count for schema, count in taken.items() if count}
