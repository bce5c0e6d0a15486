"""The campaign report says how current its opens and clicks are: as of the tracking
writer's last run, and behind when events wait longer than they should (a stopped writer,
or a client whose events fail to be written), so a marketer never reads a silent 0 as the
truth."""

import time
from datetime import datetime

import pytest

from marketing.tracking import store
from tests.support.campaign_report_seed import sent_campaign_seed

pytestmark = pytest.mark.usefixtures("tracking_redis_clean")


def _tracking(user_api, campaign_id: int) -> dict:
    answer = user_api.get(f"/api/mm/campaigns/{campaign_id}/report")
    assert answer.status_code == 200, answer.content
    return answer.json()["tracking"]


def _queue_one(client_id: int) -> None:
    event = store.Event("o", client_id, 1, 1, 0, int(time.time() * 1000), False)
    store.connection().rpush(store.queue_key(), store.entry(event))


def test_the_report_says_as_of_when_and_warns_when_behind(alpha, user_api, settings):
    settings.TRACKING_STALE_SECONDS = 120
    seeded = sent_campaign_seed(alpha)  # its opens and clicks written by the writer
    fresh = _tracking(user_api, seeded.campaign_id)
    as_of = datetime.fromisoformat(fresh["asOf"])
    assert abs(as_of.timestamp() - time.time()) < 60 and fresh["behind"] is False
    assert fresh["asOf"].endswith(("-05:00", "-04:00"))  # in the client's zone (New York)

    # The writer last ran ten minutes ago and nothing waits: current, as of then.
    ten_minutes_ago = int((time.time() - 600) * 1000)
    store.flushed_at_set(ten_minutes_ago)
    quiet = _tracking(user_api, seeded.campaign_id)
    assert datetime.fromisoformat(quiet["asOf"]).timestamp() == ten_minutes_ago / 1000
    assert quiet["behind"] is False

    # Events wait and the writer has not run since: behind.
    _queue_one(alpha.client.pk)
    assert _tracking(user_api, seeded.campaign_id)["behind"] is True
    store.flushed_at_set(int(time.time() * 1000))  # it ran a moment ago: not behind yet
    assert _tracking(user_api, seeded.campaign_id)["behind"] is False

    # The client's events fail to be written while the writer runs for everyone else: the
    # figures are as of the first failure, and behind once that is old.
    failing_since = int((time.time() - 300) * 1000)
    store.batch_failure_count("batch-x", alpha.client.pk, failing_since)
    failing = _tracking(user_api, seeded.campaign_id)
    assert datetime.fromisoformat(failing["asOf"]).timestamp() == failing_since / 1000
    assert failing["behind"] is True
    store.client_caught_up([alpha.client.pk])
    assert _tracking(user_api, seeded.campaign_id)["behind"] is False


def test_a_writer_that_never_ran_with_events_waiting_is_behind(alpha, user_api):
    seeded = sent_campaign_seed(alpha)
    store.connection().delete(store._flushed_at_key())
    assert _tracking(user_api, seeded.campaign_id) == {"asOf": None, "behind": False}
    _queue_one(alpha.client.pk)
    assert _tracking(user_api, seeded.campaign_id) == {"asOf": None, "behind": True}
