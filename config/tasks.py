from django.db import connection
from tenant_schemas_celery.task import TenantTask

from config.errors import TenantRequired


class ClientTask(TenantTask):
    """Base of every task. A task that works on one client's data declares
    `client_required = True` and refuses to run in the public schema: a message sent
    without its tenant must fail closed, never touch the wrong schema."""

    abstract = True
    client_required = False

    def __call__(self, *args, **kwargs):
        if self.client_required and connection.schema_name == "public":
            raise TenantRequired(f"task {self.name} needs a client schema; got public")
        return super().__call__(*args, **kwargs)
