"""Delivery tasks: thin calls into the services. A send's task handles one bounded run
(seconds) and sends itself again while rows are due; the sweeper, every minute, sends the
task for any send whose rows became due again (deferred retries, expired leases). Each is
declared in task_declarations.py."""

from core.tasks import declared_task, enqueue_on_commit
from core.tenancy import clients_each_isolated
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from marketing.delivery.services.breaker import breaker_evaluate
from marketing.delivery.services.breaker_alert import breaker_alert_send
from marketing.delivery.services.ledger import send_finish_if_done, sends_due, sends_unfinished
from marketing.delivery.services.transactional import run_task_name, sends_in_lane
from marketing.delivery.task_declarations import (
    BREAKER_ALERT_SEND,
    SEND_RUN,
    SWEEP,
    TRANSACTIONAL_RUN,
)


@declared_task(SEND_RUN)
def send_run(send_id: int) -> str:
    if sends_in_lane([send_id]):  # a test or transactional send reached `send`: hand it over
        enqueue_on_commit(TRANSACTIONAL_RUN, send_id=send_id)
        return "moved"
    result = send_batch_run(send_id)
    if result == RunResult.MORE:
        enqueue_on_commit(SEND_RUN, send_id=send_id)
    return result


@declared_task(TRANSACTIONAL_RUN)
def send_run_transactional(send_id: int) -> str:
    """The same run for a test send or transactional mail, on the `transactional` queue."""
    result = send_batch_run(send_id)
    if result == RunResult.MORE:
        enqueue_on_commit(TRANSACTIONAL_RUN, send_id=send_id)
    return result


@declared_task(SWEEP)
def delivery_sweep() -> dict[str, int]:
    """In every client (each on its own: one that fails never stops the others): send the
    task of each send with due rows; finish the sends with nothing left to do. Returns
    {schema: sends woken}."""
    woken = clients_each_isolated(_client_sweep, task=SWEEP)
    return {schema: count for schema, count in woken.items() if count}


def _client_sweep(_client) -> int:
    due = sends_due()
    lane = sends_in_lane(due)
    for send_id in due:
        enqueue_on_commit(run_task_name(send_id, lane), send_id=send_id)
    unfinished = sends_unfinished()
    for send in unfinished:
        if send.pk not in due:
            send_finish_if_done(send)
    if unfinished:  # bounces and complaints come in while the client sends
        breaker_evaluate()
    return len(due)


@declared_task(BREAKER_ALERT_SEND)
def breaker_alert_send_task(health_id: int) -> int:
    return breaker_alert_send(health_id=health_id)
