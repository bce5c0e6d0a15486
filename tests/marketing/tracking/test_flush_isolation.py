"""One bad input never stops anyone else's tracking: a batch part that a client's schema
cannot take (no tracking tables: a schema that lags a migration) is retried a few times
and set aside for operators, while every other client's opens and clicks keep arriving."""

import time

import pytest
from django.db import connection

from marketing.tracking import store
from marketing.tracking.services import events_flush
from tenants.models import Client, SetAsideBatch
from tests.marketing.tracking.test_tracking import APP, _call, _events, _start, _urls
from tests.support.tenants import in_schema


@pytest.fixture(autouse=True)
def _clean_redis(settings, tracking_redis_clean):
    settings.TRACKING_PUSH_BATCH = 1
    settings.TRACKING_FLUSH_ATTEMPTS = 3


def _lagging_client() -> Client:
    """A live client whose schema has none of the tracking tables."""
    with connection.cursor() as cursor:
        cursor.execute("CREATE SCHEMA lagging")
    client = Client(schema_name="lagging", name="Aardvark")  # visited before alpha
    client.auto_create_schema = False
    client.save()
    return client


def _plant(client_id: int) -> None:
    """A well-formed click of the client in the queue (as a validly signed token made)."""
    event = store.Event("c", client_id, 1, 1, 0, int(time.time() * 1000), False)
    store.connection().rpush(store.queue_key(), store.entry(event))


def test_a_batch_one_client_cannot_take_never_stops_the_others_opens(alpha):
    lagging = _lagging_client()
    _plant(lagging.pk)
    poisoned = store.batch_take(100)  # taken first, as the writer would
    with in_schema(alpha):
        _c, tracker = _start(alpha)
    opened, clicks = _urls(alpha, tracker, 1, sent_at=int(time.time()) - 3600)

    _call(APP, opened)
    assert events_flush(seconds=5) == 1  # alpha's open arrives; the bad part waits
    assert len(_events(alpha)) == 1
    assert store.batches_pending() == [poisoned]
    flushed_at, failing, waiting = store.flush_state(lagging.pk)
    assert flushed_at and failing and waiting
    assert store.flush_state(alpha.client.pk)[1] is None

    # A batch holding both clients' events: alpha's part is written all the same.
    _plant(lagging.pk)
    _call(APP, clicks[0])
    assert events_flush(seconds=5) == 1
    assert len(_events(alpha)) == 2
    assert len(store.batches_pending()) == 2

    # Its third failure sets the first part aside, kept for operators; the second's next.
    _call(APP, opened)
    assert events_flush(seconds=5) == 1
    assert len(store.batches_pending()) == 1
    [first] = SetAsideBatch.objects.filter(client_id=lagging.pk)
    assert (first.queue, first.batch, first.attempts) == ("tracking.events", poisoned, 3)
    assert first.entries.startswith(f"c|{lagging.pk}|1|1|0|") and "\n" not in first.entries
    assert "tracking_flushedbatch" in first.error
    assert events_flush(seconds=5) == 0
    assert store.batches_pending() == [] and SetAsideBatch.objects.count() == 2
    assert len(_events(alpha)) == 3
    _call(APP, opened)
    assert events_flush(seconds=5) == 1 and len(_events(alpha)) == 4
    assert store.flush_state(alpha.client.pk)[2] is False  # nothing waits


def test_events_of_the_platforms_own_tenant_are_dropped_not_retried(alpha):
    _plant(Client.objects.get(schema_name="public").pk)
    assert events_flush(seconds=5) == 0
    assert store.batches_pending() == [] and not SetAsideBatch.objects.exists()


def test_the_periodic_tasks_go_on_past_a_client_that_fails(alpha):
    import datetime

    from django.utils import timezone

    from marketing.delivery.tasks import delivery_sweep
    from marketing.tracking.models import FlushedBatch
    from marketing.tracking.tasks import tracking_flushed_batches_purge

    _lagging_client()
    with in_schema(alpha):
        old = timezone.now() - datetime.timedelta(days=3)
        FlushedBatch.objects.create(batch="old", flushed_at=old)
    tracking_flushed_batches_purge.apply(throw=True)
    with in_schema(alpha):
        assert not FlushedBatch.objects.filter(batch="old").exists()
    assert delivery_sweep.apply(throw=True).get() == {}
    from marketing.campaigns.tasks import schedule_tick

    assert schedule_tick.apply(throw=True).get() == {}


def test_operators_see_and_count_what_was_set_aside(superadmin, settings):
    from tests.tenants.test_operators_admin import _admin_login, _public

    settings.OPERATORS_ADMIN_ENABLED = True
    SetAsideBatch.objects.create(
        queue="tracking.events", client_id=99, batch="b1", entries="c|99|1|1|0|1|0", attempts=3
    )
    browser = _public()
    assert _admin_login(browser, superadmin.email).status_code == 302
    page = browser.get("/django-admin/tenants/setasidebatch/")
    assert page.status_code == 200
    body = page.content.decode()
    assert "1 set aside batch" in body and "tracking.events" in body and "b1" in body
