"""The email step (the delivery ledger, skipped profiles with their reason, the message at
the sink), the rep's notice, and timers: parked with a due time in the database, resumed
by the runner, correct across DST changes in the client's and the profile's zone."""

import datetime as dt
import zoneinfo

from django.utils import timezone

from marketing.audience.models import Rep
from marketing.audience.services.profiles import profiles_tag_add
from marketing.content.models import Template
from marketing.delivery.models import Delivery, Send, SendKind, Suppression
from marketing.delivery.services.batch_sending import send_batch_run
from marketing.workflows.engine import timing
from marketing.workflows.models import Enrollment, EnrollmentStatus, WorkflowEmail
from tests.support.workflow_engine import history, profile, publish, run_all, tag

NY = zoneinfo.ZoneInfo("America/New_York")
UTC = dt.UTC


def _start(steps, people):
    start = tag("start")
    publish(steps, kind="tagAdded", key=str(start.pk))
    profiles_tag_add(profile_ids=[p.pk for p in people], tag_id=start.pk)


def test_an_email_step_hands_mailable_profiles_to_the_ledger_and_skips_the_others(
    client_schema, sink
):
    template = Template.objects.create(
        name="Welcome",
        template_type="designer",
        subject="Welcome <% firstName || friend %>",
        html="<html><body><p>Hello <% firstName || there %></p></body></html>",
        text="Hello",
    )
    ann = profile("ann@mail.example", first_name="Ann")
    gone = profile("out@mail.example", unsubscribed_at=timezone.now())
    barred = profile("barred@mail.example")
    Suppression.objects.create(email=barred.email, reason="hardBounce")
    steps = [
        {
            "id": "m",
            "type": "sendEmail",
            "templateId": template.pk,
            "fromName": "Shop",
            "fromAddress": "news@shop.example",
            "next": "e",
        },
        {"id": "e", "type": "end"},
    ]
    _start(steps, [ann, gone, barred])
    run_all()
    send = Send.objects.get(kind=SendKind.WORKFLOW_STEP)
    assert send.source_id == WorkflowEmail.objects.get(step_id="m").pk
    assert list(Delivery.objects.filter(send=send).values_list("email", flat=True)) == [ann.email]
    assert "Unsubscribe" in send.html  # the client's unsubscribe footer, as campaigns add it
    messages = {e.profile_id: e for e in Enrollment.objects.all()}
    assert history(messages[ann.pk]) == [("m", "done"), ("e", "done")]
    assert history(messages[gone.pk]) == [("m", "skipped"), ("e", "done")]
    step = messages[gone.pk].steps.get(step_id="m")
    assert step.message == "Skipped: the profile is unsubscribed."
    assert (
        messages[barred.pk]
        .steps.get(step_id="m")
        .message.startswith("Skipped: the address is suppressed")
    )
    send_batch_run(send.pk)
    [received] = sink.handler.for_recipient(ann.email)
    assert received.message["Subject"] == "Welcome Ann"


def test_notify_rep_mails_the_profiles_rep_on_the_transactional_lane(client_schema):
    rep = Rep.objects.create(first_name="Rita", last_name="Rep", email="rita@shop.example")
    ann = profile("ann@mail.example", first_name="Ann", rep=rep)
    lone = profile("lone@mail.example")
    steps = [
        {
            "id": "n",
            "type": "notifyRep",
            "fromAddress": "bot@shop.example",
            "subject": "<% firstName %> is hot",
            "body": "Call <% firstName %>.",
            "next": "e",
        },
        {"id": "e", "type": "end"},
    ]
    _start(steps, [ann, lone])
    run_all()
    send = Send.objects.get(kind=SendKind.TRANSACTIONAL)
    assert send.transactional and send.subject == "Ann is hot" and "Call Ann." in send.text
    assert list(Delivery.objects.filter(send=send).values_list("email", flat=True)) == [rep.email]
    assert history(Enrollment.objects.get(profile_id=lone.pk))[0] == ("n", "skipped")


def test_a_wait_parks_the_enrollment_with_its_due_time_and_the_runner_resumes_it(client_schema):
    person = profile("ann@mail.example")
    steps = [
        {"id": "w", "type": "wait", "delay": {"amount": 2, "unit": "hours"}, "next": "e"},
        {"id": "e", "type": "end"},
    ]
    _start(steps, [person])
    before = timezone.now()
    run_all()
    enrollment = Enrollment.objects.get()
    assert enrollment.status == EnrollmentStatus.IN_PROCESS and enrollment.step_id == "e"
    assert dt.timedelta(hours=2) <= enrollment.due_at - before < dt.timedelta(hours=2, minutes=1)
    assert run_all() == 0  # not due: nothing is claimed
    # The test's one transaction: the database's now() is its start, so "due" is earlier.
    Enrollment.objects.update(due_at=timezone.now() - dt.timedelta(hours=1))
    run_all()
    enrollment.refresh_from_db()
    assert enrollment.status == EnrollmentStatus.COMPLETED
    assert history(enrollment) == [("w", "waiting"), ("e", "done")]


def _at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


def test_day_waits_are_calendar_days_across_the_spring_change():
    # 2026-03-08 02:00 America/New_York springs forward.
    saturday_noon = _at("2026-03-07T12:00:00-05:00")
    due = timing.wait_due({"delay": {"amount": 1, "unit": "days"}}, now=saturday_noon, zone=NY)
    assert due.astimezone(NY).isoformat() == "2026-03-08T12:00:00-04:00"
    assert due - saturday_noon == dt.timedelta(hours=23)
    hours = timing.wait_due({"delay": {"amount": 24, "unit": "hours"}}, now=saturday_noon, zone=NY)
    assert hours - saturday_noon == dt.timedelta(hours=24)


def test_until_a_weekday_defaults_to_nine_in_the_clients_zone_across_dst():
    saturday_noon = _at("2026-03-07T12:00:00-05:00")
    monday = timing.wait_due({"until": {"weekdays": [1]}}, now=saturday_noon, zone=NY)
    assert monday.astimezone(NY).isoformat() == "2026-03-09T09:00:00-04:00"
    assert monday.astimezone(UTC).hour == 13  # it was 14:00 UTC before the change
    # A wall-clock time the change skips is the instant an hour later.
    gap = timing.wait_due(
        {"until": {"time": "02:30"}}, now=_at("2026-03-08T00:00:00-05:00"), zone=NY
    )
    assert gap.astimezone(UTC).isoformat() == "2026-03-08T07:30:00+00:00"
    # In autumn 01:30 happens twice: the first one.
    twice = timing.wait_due(
        {"until": {"time": "01:30"}}, now=_at("2026-11-01T00:00:00-04:00"), zone=NY
    )
    assert twice.astimezone(UTC).isoformat() == "2026-11-01T05:30:00+00:00"


def test_month_days_and_the_month_that_lacks_the_day():
    april = _at("2026-04-10T10:00:00-04:00")
    due = timing.wait_due({"until": {"monthDays": [31], "time": "08:00"}}, now=april, zone=NY)
    assert due.astimezone(NY).isoformat() == "2026-04-30T08:00:00-04:00"
    same_day_later = timing.wait_due(
        {"until": {"monthDays": [10], "time": "11:00"}}, now=april, zone=NY
    )
    assert same_day_later.astimezone(NY).date() == dt.date(2026, 4, 10)


def test_a_profile_zone_wait_reads_the_profiles_zone(client_schema):
    paris = profile("ann@mail.example", custom={"timeZone": "Europe/Paris"})
    nowhere = profile("bob@mail.example", custom={"timeZone": "Mars/Olympus"})
    steps = [
        {"id": "w", "type": "wait", "until": {"time": "09:00", "zone": "profile"}, "next": "e"},
        {"id": "e", "type": "end"},
    ]
    _start(steps, [paris, nowhere])
    run_all()
    due = {e.profile_id: e.due_at for e in Enrollment.objects.all()}
    assert due[paris.pk].astimezone(zoneinfo.ZoneInfo("Europe/Paris")).time() == dt.time(9)
    client_zone = zoneinfo.ZoneInfo(client_schema.client.time_zone)
    assert due[nowhere.pk].astimezone(client_zone).time() == dt.time(9)
