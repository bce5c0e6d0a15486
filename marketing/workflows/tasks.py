"""Workflow engine tasks: thin calls into the engine.

- `workflows.enrollments_run` (per client: it carries the client's schema in its headers,
  as every task sent by `enqueue_on_commit`): batches of due steps for up to
  WORKFLOW_TASK_SECONDS, then it sends itself again while steps are due. Sent on commit by
  each enrollment (enroll.runner_kick) and by the sweep.
- `workflows.sweep` (beat, every 2 s): in every client, a look at the
  partial index `enrollment_due` (timers that came due, leases that passed, retries) and
  a run sent where something is due. Timers are due times in the database: no broker
  countdown is ever used.
- `workflows.triggers_sweep` (beat, every minute): segment entry and exit, date fields.
Each is declared in task_declarations.py."""

from django.conf import settings

from core.tasks import declared_task, enqueue_on_commit
from core.tenancy import clients_each_isolated
from marketing.workflows.engine.enroll import runner_kick, runner_started
from marketing.workflows.engine.runner import due_exists, run_for
from marketing.workflows.engine.sweeps import triggers_sweep
from marketing.workflows.task_declarations import ENROLLMENTS_RUN, SWEEP, TRIGGERS_SWEEP


@declared_task(ENROLLMENTS_RUN)
def enrollments_run() -> int:
    runner_started()
    steps, more = run_for(getattr(settings, "WORKFLOW_TASK_SECONDS", 20))
    if more:
        enqueue_on_commit(ENROLLMENTS_RUN)
    return steps


@declared_task(SWEEP)
def workflows_sweep() -> dict[str, int]:
    """{schema: 1} for each client whose run was sent."""
    sent = clients_each_isolated(_client_sweep, task=SWEEP)
    return {schema: 1 for schema, kicked in sent.items() if kicked}


def _client_sweep(_client) -> bool:
    if due_exists():
        runner_kick()
        return True
    return False


@declared_task(TRIGGERS_SWEEP)
def workflows_triggers_sweep() -> dict[str, dict[str, int]]:
    done = clients_each_isolated(
        lambda client: triggers_sweep(zone=client.time_zone), task=TRIGGERS_SWEEP
    )
    return {schema: added for schema, added in done.items() if added}
