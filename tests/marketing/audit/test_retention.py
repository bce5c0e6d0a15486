"""The trail keeps AUDIT_RETENTION_DAYS of rows per client: the nightly task deletes older
ones in every client's schema, in batches, and nothing when the retention is 0."""

from datetime import timedelta

from django.db import connection
from django.utils import timezone

from core.audit import tasks
from core.audit.models import AuditLog
from tests.support.tenants import in_schema


def _rows(tenant, *, days_ago: list[int], label: str) -> None:
    with in_schema(tenant):
        AuditLog.objects.bulk_create(
            AuditLog(
                event_type="tag.created",
                path="system",
                object_type="tag",
                object_label=label,
                created_at=timezone.now() - timedelta(days=days),
            )
            for days in days_ago
        )


def _labels(tenant, label: str) -> list[int]:
    with in_schema(tenant):
        return sorted(
            (timezone.now() - row.created_at).days
            for row in AuditLog.objects.filter(object_label=label)
        )


def test_rows_past_the_retention_go_in_every_client_and_newer_ones_stay(
    alpha, beta, settings, monkeypatch
):
    settings.AUDIT_RETENTION_DAYS = 30
    monkeypatch.setattr(tasks, "PURGE_BATCH", 2)  # several batches
    _rows(alpha, days_ago=[1, 29, 31, 40, 365, 800], label="retention-a")
    _rows(beta, days_ago=[2, 31], label="retention-b")
    connection.set_schema_to_public()
    purged = tasks.audit_trail_purge.apply().get()
    assert purged["alpha"] >= 4 and purged["beta"] >= 1
    assert _labels(alpha, "retention-a") == [1, 29]
    assert _labels(beta, "retention-b") == [2]


def test_a_retention_of_zero_keeps_everything(alpha, settings):
    settings.AUDIT_RETENTION_DAYS = 0
    _rows(alpha, days_ago=[5000], label="retention-forever")
    assert tasks.audit_trail_purge.apply().get() == {}
    assert _labels(alpha, "retention-forever") == [5000]
