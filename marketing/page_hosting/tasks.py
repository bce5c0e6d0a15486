"""Page hosting's task: thin calls into the services, declared in task_declarations.py."""

from core.tasks import declared_task
from core.tenancy import clients_each_isolated
from marketing.page_hosting.services import page_domains_recheck
from marketing.page_hosting.task_declarations import DOMAINS_RECHECK


@declared_task(DOMAINS_RECHECK)
def page_domains_recheck_task() -> dict[str, int]:
    """{schema: domains that stopped serving} for every client (public schema task)."""
    done = clients_each_isolated(
        lambda client: page_domains_recheck(client=client), task=DOMAINS_RECHECK
    )
    return {schema: stopped for schema, stopped in done.items() if stopped}
