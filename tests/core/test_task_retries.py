"""Every retrying task takes its options from core.tasks.retry_policy (one policy, one
place): the send pipeline's runners a few quick tries, tasks that talk to a mail server
also on OSError (a refusal for now, a server out of reach)."""

from celery import current_app

from core.tasks import TRANSIENT_ERRORS


def _task(name):
    current_app.loader.import_default_modules()
    return current_app.tasks[name]


def test_the_pipeline_runners_retry_quickly_on_transient_errors_only():
    for name in ("delivery.send_run", "campaigns.campaign_start", "campaigns.statuses_follow"):
        task = _task(name)
        assert task.autoretry_for == TRANSIENT_ERRORS, name
        assert (task.max_retries, task.retry_backoff, task.retry_backoff_max) == (5, 5, 600)
        assert task.retry_jitter is True


def test_tasks_that_talk_to_a_mail_server_also_retry_on_os_errors():
    alert, activation = _task("delivery.breaker_alert_send"), _task("senders.activation_mail_send")
    assert alert.autoretry_for == (*TRANSIENT_ERRORS, OSError)
    assert activation.autoretry_for == (*TRANSIENT_ERRORS, OSError)
    assert (activation.max_retries, activation.retry_backoff, activation.retry_backoff_max) == (
        4,
        2,
        20,
    )
