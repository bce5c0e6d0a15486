"""The send run's own connections (services/attempts.py), the path production takes: on
committed rows, outside any transaction of the test's, in two clients whose ids overlap.
Their schema is chosen by the function that chooses Django's (core/tenancy.py), so each
client's outcomes, events and locks land in its own schema even when the same kept
connections served the other client's run just before.

These tests commit, so they remove what they made at the end."""

from contextlib import contextmanager

import pytest
from django.db import connection

from core.tenancy import client_schema_follow, connection_own
from marketing.audience.models import Profile
from marketing.delivery.models import Delivery, DeliveryState, Send, SendKind
from marketing.delivery.services.attempts import attempts_connections_close
from marketing.delivery.services.batch_sending import RunResult, send_batch_run
from marketing.delivery.services.ledger import send_freeze
from marketing.tracking.models import EmailEvent, EventType, SendLink, TrackedSend
from tests.support.smtp_sink import SmtpSink


@contextmanager
def _committed_send(tenant, emails):
    """In `tenant`'s schema, committed: profiles for `emails` and a transactional send
    frozen to them; all of it removed afterwards."""
    connection.set_tenant(tenant.client)
    profiles = [Profile.objects.create(email=email, first_name="Ann") for email in emails]
    send = Send.objects.create(
        kind=SendKind.TRANSACTIONAL,
        source_id=None,
        subject="Hello <% firstName || friend %>",
        html="<p>Hi <% firstName || there %></p>",
        text="Hi <% firstName || there %>",
        from_name="Shop",
        from_address="news@shop.example",
    )
    ids = [p.pk for p in profiles]
    send_freeze(send, audience_sql="SELECT unnest(%s::bigint[]) AS id", params=[ids])
    connection.set_schema_to_public()
    try:
        yield send, ids
    finally:
        connection.set_tenant(tenant.client)
        EmailEvent.objects.filter(profile_id__in=ids).delete()
        SendLink.objects.filter(send_id=send.pk).delete()
        TrackedSend.objects.filter(send_id=send.pk).delete()
        Send.objects.filter(pk=send.pk).delete()
        Profile.objects.filter(pk__in=ids).delete()
        connection.set_schema_to_public()


def _run_in(tenant, send) -> RunResult:
    connection.set_tenant(tenant.client)
    try:
        assert not connection.in_atomic_block  # the run's own connections, as in a worker
        return send_batch_run(send.pk)
    finally:
        connection.set_schema_to_public()


def test_a_run_writes_through_its_own_connections_in_its_clients_schema(
    tenants, django_db_blocker, settings
):
    alpha, beta = tenants["alpha"], tenants["beta"]
    with django_db_blocker.unblock(), SmtpSink() as sink:
        settings.DELIVERY_SMTP_HOST, settings.DELIVERY_SMTP_PORT = sink.host, sink.port
        with (
            _committed_send(alpha, ["own-a1@mail.example", "own-a2@mail.example"]) as (a, a_ids),
            _committed_send(beta, ["own-b1@mail.example"]) as (b, b_ids),
        ):
            try:
                # The same kept connections serve alpha's run, then beta's.
                assert _run_in(alpha, a) == RunResult.FINISHED
                assert _run_in(beta, b) == RunResult.FINISHED
            finally:
                attempts_connections_close()  # before the test database goes
            for tenant, send, ids in ((alpha, a, a_ids), (beta, b, b_ids)):
                connection.set_tenant(tenant.client)
                states = set(Delivery.objects.filter(send=send).values_list("state", flat=True))
                assert states == {DeliveryState.SENT}
                sent = EmailEvent.objects.filter(profile_id__in=ids, event_type=EventType.SENT)
                assert sent.count() == len(ids)
            connection.set_schema_to_public()
        received = sorted(r.rcpt_to[0] for r in sink.handler.received)
        assert received == ["own-a1@mail.example", "own-a2@mail.example", "own-b1@mail.example"]


@pytest.mark.parametrize("schema", ["alpha", "beta"])
def test_a_connection_of_its_own_follows_the_schema_djangos_connection_is_in(
    tenants, django_db_blocker, schema
):
    own = connection_own("test_own", application_name="mailcraft-test")
    with django_db_blocker.unblock():
        connection.set_tenant(tenants[schema].client)
        try:
            with connection.cursor() as cursor:
                cursor.execute("SHOW search_path")
                djangos = cursor.fetchone()[0]
            raw = client_schema_follow(own)
            assert raw.execute("SHOW search_path").fetchone()[0] == djangos
            assert raw.execute("SELECT current_schema()").fetchone()[0] == schema
            assert raw.execute("SHOW application_name").fetchone()[0] == "mailcraft-test"
        finally:
            own.close()
            connection.set_schema_to_public()
