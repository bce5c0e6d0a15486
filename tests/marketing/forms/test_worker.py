"""A submission is never lost, and double opt-in end to end, with real processes: the
submit endpoint answering a visitor while the broker is unreachable (this process's
broker address points where nothing listens) stores the row and still answers 303; a real
Celery worker's sweep then processes it, the confirmation
reaches the aiosmtpd sink, and the POST of its link makes the profile. While the worker
runs, a second submission is processed by the drain its submit woke, its confirmation at
the sink within seconds. The processes share the test database, so the data is committed and
removed at the end."""

import re
import time
import uuid
from contextlib import contextmanager

from celery import current_app
from django.conf import settings
from django.db import connection

from marketing.audience.models import Group, Profile
from marketing.delivery.models import Delivery, Send
from marketing.forms.models import Form, FormSubmission, FormVersion
from marketing.forms.services.forms import form_create, form_publish
from tests.support.celery_worker import (
    celery_queue_delete,
    celery_worker_start,
    celery_worker_stop,
    tasks_routed_to,
    worker_database_url,
)
from tests.support.forms import form_page_fields
from tests.support.http_api import http
from tests.support.smtp_sink import SmtpSink
from tests.support.waiting import wait_until

# The machine is shared: a worker's start alone can take tens of seconds under load.
DEADLINE = 240
UNREACHABLE_BROKER = "amqp://guest:guest@127.0.0.1:9//"


@contextmanager
def _broker_unreachable():
    """This process's broker address points where nothing listens: every publish meets a
    refused connection, as in a broker outage (the worker's own stays as it was)."""
    app = current_app
    previous = app.conf.broker_write_url

    def fresh_connections() -> None:
        app._pool = None
        app.amqp._producer_pool = None

    app.conf.broker_write_url = UNREACHABLE_BROKER
    fresh_connections()
    try:
        yield
    finally:
        app.conf.broker_write_url = previous
        fresh_connections()


def _form_make(tag: str) -> tuple[Form, int]:
    group = Group.objects.create(name=f"Worker news {tag}")
    form = form_create(
        member=None,
        values={
            "name": f"Worker form {tag}",
            "form_type": "sspForm",
            "definition": {
                "title": "News",
                "sections": [{"id": "s1", "fields": [
                    {"key": "email", "type": "email", "label": "Email", "required": True},
                    {"key": "firstName", "type": "text", "label": "First Name"}]}],
                "groups": {"fixed": [group.pk]},
            },
        },
    )  # fmt: skip
    return form_publish(member=None, form_id=form.pk), group.pk


def _submit(host: str, path: str, email: str, name: str) -> int:
    browser = http(host)
    page = browser.get(path).content.decode()
    fields = form_page_fields(page)
    return browser.post(path, {**fields, "email": email, "firstName": name}).status_code


def _confirm_path(sink, email: str) -> str:
    [mail] = sink.handler.for_recipient(email)
    text = mail.message.get_body(("plain",)).get_content()
    link = re.search(r"https?://\S+/pf/confirm/\S+", text).group(0)
    return link[link.index(f"{settings.PAGES_HOST}/") + len(settings.PAGES_HOST) :]


def _remove(alpha, form_id: int, group_id: int, emails: list[str]) -> None:
    connection.set_tenant(alpha.client)
    FormSubmission.objects.filter(form_id=form_id).delete()
    Form.objects.filter(pk=form_id).update(published_version=None)
    FormVersion.objects.filter(form_id=form_id).delete()
    Form.objects.filter(pk=form_id).delete()
    send_ids = list(Delivery.objects.filter(email__in=emails).values_list("send_id", flat=True))
    Send.objects.filter(pk__in=send_ids).delete()
    Profile.objects.filter(email__in=emails).delete()
    Group.objects.filter(pk=group_id).delete()
    connection.set_schema_to_public()


def test_an_outage_loses_nothing_and_double_opt_in_ends_in_the_profile(tenants, django_db_blocker):
    alpha = tenants["alpha"]
    tag = uuid.uuid4().hex[:8]
    queue = f"test-forms-{tag}"
    first, second = f"ann-{tag}@mail.example", f"bea-{tag}@mail.example"
    with django_db_blocker.unblock(), SmtpSink() as sink:
        connection.set_tenant(alpha.client)
        form, group_id = _form_make(tag)
        connection.set_schema_to_public()
        path = f"/{alpha.client.schema_name}/pf/{form.key}"
        try:
            # 1. the broker is unreachable: the row is stored and the visitor answered
            with _broker_unreachable():
                assert _submit(settings.PAGES_HOST, path, first, "Ann") == 303
            connection.set_tenant(alpha.client)
            row = FormSubmission.objects.get(email=first)
            assert row.processed_at is None and row.confirmation_sent_at is None
            connection.set_schema_to_public()
            # 2. a worker comes: beat's sweep processes the row
            worker = celery_worker_start(
                queue,
                DATABASE_URL=worker_database_url(),
                CELERY_TASK_ALWAYS_EAGER="0",
                DELIVERY_SMTP_HOST=sink.host,
                DELIVERY_SMTP_PORT=str(sink.port),
                CACHE_KEY_PREFIX=f"worker-{queue}",
                DB_CONN_MAX_AGE="0",
                FORM_SWEEP_AFTER_SECONDS="0",
            )
            try:
                with tasks_routed_to(queue):
                    current_app.send_task(
                        "forms.submissions_sweep", headers={"_schema_name": "public"}
                    )
                    wait_until(
                        lambda: sink.handler.for_recipient(first),
                        timeout=DEADLINE,
                        message="the swept submission's confirmation reaches the sink",
                    )
                    # 3. with the worker up, the drain a submission wakes sends its mail
                    started = time.monotonic()
                    assert _submit(settings.PAGES_HOST, path, second, "Bea") == 303
                    wait_until(
                        lambda: sink.handler.for_recipient(second),
                        timeout=DEADLINE,
                        message="the second confirmation reaches the sink",
                    )
                    took = time.monotonic() - started
            finally:
                celery_worker_stop(worker)
                celery_queue_delete(queue)
            assert took < 30, took  # seconds on an idle machine; generous on a shared one
            # 4. the link: GET changes nothing, POST confirms
            browser = http(settings.PAGES_HOST)
            confirm = _confirm_path(sink, first)
            assert "<button" in browser.get(confirm).content.decode()
            connection.set_tenant(alpha.client)
            assert not Profile.objects.filter(email=first).exists()
            connection.set_schema_to_public()
            done = browser.post(confirm).content.decode()
            assert "Your subscription is confirmed." in done
            connection.set_tenant(alpha.client)
            profile = Profile.objects.get(email=first)
            assert (profile.first_name, profile.source) == ("Ann", "conversion")
            assert list(profile.groups.values_list("pk", flat=True)) == [group_id]
            row = FormSubmission.objects.get(email=first)
            assert row.processed_at and row.confirmed_at and row.profile_id == profile.pk
            assert FormSubmission.objects.get(email=second).processed_at is not None
            assert len(sink.handler.for_recipient(first)) == 1  # processed once
            connection.set_schema_to_public()
        finally:
            _remove(alpha, form.pk, group_id, [first, second])
