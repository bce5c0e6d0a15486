"""audit_record itself: who and how from the context, set-based rows, the schema it
writes in, and that it writes in the caller's transaction."""

import pytest
from django.db import connection, transaction

from core.audit.context import audit_context, audit_context_current
from core.audit.models import AuditEvent, AuditLog, AuditObject, AuditPath
from core.audit.record import IDS_CAP, audit_record
from tests.support.tenants import in_schema


class Rollback(Exception):
    pass


def test_a_row_carries_the_context_the_object_and_its_snapshot(in_alpha):
    with audit_context(
        actor_id=7, actor_email="ann@x.example", path=AuditPath.UI, client_address="10.1.2.3"
    ):
        row = audit_record(AuditEvent.TAG_CREATED, object_id=5, label="VIP", extra={"a": 1})
    row = AuditLog.objects.get(pk=row.pk)
    assert (row.event_type, row.object_type, row.object_id, row.object_label) == (
        "tag.created",
        AuditObject.TAG,
        5,
        "VIP",
    )
    assert (row.actor_id, row.actor_email, row.path, row.client_address) == (
        7,
        "ann@x.example",
        "ui",
        "10.1.2.3",
    )
    assert row.extra == {"a": 1} and row.created_at is not None
    assert audit_context_current().actor_id is None  # the context ends with its block


def test_without_a_context_the_row_is_the_systems(in_alpha):
    row = audit_record(AuditEvent.GROUP_CREATED, object_id=1, label="G")
    assert (row.actor_id, row.actor_email, row.path) == (None, "", AuditPath.SYSTEM)


def test_explicit_actor_and_path_win_over_the_context(in_alpha):
    with audit_context(actor_id=1, actor_email="a@x.example", path=AuditPath.API):
        row = audit_record(
            AuditEvent.IMPORT_FINISHED, actor_id=2, actor_email="b@x.example", path="import"
        )
        nobody = audit_record(AuditEvent.IMPORT_FINISHED, actor_id=None, actor_email="")
    assert (row.actor_id, row.actor_email, row.path) == (2, "b@x.example", "import")
    assert (nobody.actor_id, nobody.actor_email, nobody.path) == (None, "", "api")


def test_a_set_based_change_is_one_row_with_its_count_and_capped_ids(in_alpha):
    ids = list(range(1, IDS_CAP + 51))
    row = audit_record(AuditEvent.PROFILES_ARCHIVED, count=120, ids=ids)
    assert row.extra == {"count": 120, "ids": ids[:IDS_CAP], "idsTruncated": True}
    few = audit_record(AuditEvent.PROFILES_ARCHIVED, count=2, ids=[3, 4])
    assert few.extra == {"count": 2, "ids": [3, 4]}
    assert audit_record(AuditEvent.PROFILES_ARCHIVED, count=0, ids=[5]) is None
    assert AuditLog.objects.filter(event_type="profile.archived").count() == 2


def test_long_labels_are_cut_to_the_column(in_alpha):
    row = audit_record(AuditEvent.TAG_CREATED, label="x" * 400)
    assert len(AuditLog.objects.get(pk=row.pk).object_label) == 255


def test_the_row_goes_with_the_callers_transaction(in_alpha):
    with pytest.raises(Rollback), transaction.atomic():
        audit_record(AuditEvent.TAG_CREATED, object_id=1, label="gone")
        raise Rollback
    assert not AuditLog.objects.filter(object_label="gone").exists()


def test_public_schema_records_nothing_and_client_writes_in_its_schema(alpha, beta):
    connection.set_schema_to_public()
    assert audit_record(AuditEvent.SIGNED_IN) is None
    row = audit_record(AuditEvent.ACCESS_CONTROL_CHANGED, label="x", client=beta.client)
    assert row is not None and connection.schema_name == "public"
    with in_schema(alpha):
        assert not AuditLog.objects.filter(pk=row.pk, object_label="x").exists()
        audit_record(AuditEvent.ACCESS_CONTROL_CHANGED, label="from alpha", client=beta.client)
        assert connection.schema_name == "alpha"
        assert not AuditLog.objects.filter(object_label="from alpha").exists()
    with in_schema(beta):
        assert AuditLog.objects.filter(object_label__in=["x", "from alpha"]).count() == 2


def test_every_event_names_a_known_object_type():
    for event in AuditEvent:
        assert event.object_type in AuditObject.values
    assert len(AuditObject.values) == len({e.object_type for e in AuditEvent})
