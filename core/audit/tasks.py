"""The audit trail's retention (public schema task, scheduled by celery beat: declared in
task_declarations.py)."""

from datetime import timedelta

from django.conf import settings
from django.db import connection
from django.utils import timezone

from core.audit.models import AuditLog
from core.audit.task_declarations import TRAIL_PURGE
from core.tasks import declared_task
from core.tenancy import clients_each

PURGE_BATCH = 10_000


def audit_rows_purge(*, before) -> int:
    """Delete the current client's trail rows older than `before`, in batches so that no
    statement holds many locks or a long transaction; returns how many went."""
    table = AuditLog._meta.db_table
    deleted = 0
    while True:
        with connection.cursor() as cursor:
            cursor.execute(
                f"DELETE FROM {table} WHERE id IN"
                f" (SELECT id FROM {table} WHERE created_at < %s LIMIT %s)",
                [before, PURGE_BATCH],
            )
            deleted += cursor.rowcount
            if cursor.rowcount < PURGE_BATCH:
                return deleted


@declared_task(TRAIL_PURGE)
def audit_trail_purge() -> dict[str, int]:
    """Every client's rows older than AUDIT_RETENTION_DAYS (none when it is 0); returns
    {schema: rows deleted} where any went."""
    if not settings.AUDIT_RETENTION_DAYS:
        return {}
    before = timezone.now() - timedelta(days=settings.AUDIT_RETENTION_DAYS)
    purged = {}
    for client in clients_each():
        deleted = audit_rows_purge(before=before)
        if deleted:
            purged[client.schema_name] = deleted
    return purged
