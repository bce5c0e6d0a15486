"""Triggers matched as events are written: email activity from tracking's writer (human
events only), audience changes, form submissions; re-entry rules; versions; segment
entry and exit and date fields found by the sweep; and each client apart."""

import datetime as dt
import hashlib

import pytest
from django.db import connection
from django.utils import timezone

from marketing.audience.models import Profile, ProfileField
from marketing.audience.services.profiles import (
    profile_update,
    profiles_group_add,
    profiles_tag_add,
    profiles_tag_remove,
)
from marketing.segments.models import Segment
from marketing.tracking import store
from marketing.tracking.models import SendLink, TrackedSend
from marketing.tracking.services import Event, _events_write, events_record
from marketing.workflows.engine.sweeps import triggers_sweep
from marketing.workflows.models import Enrollment, EnrollmentStatus, WorkflowTrigger
from marketing.workflows.services.workflow_events import form_submitted
from tests.support.tenants import in_schema
from tests.support.workflow_engine import (
    group,
    history,
    profile,
    publish,
    run_all,
    tag,
)

END = [{"id": "e", "type": "end"}]


def _ms(at: dt.datetime) -> int:
    return int(at.timestamp() * 1000)


def test_human_opens_and_clicks_enroll_machine_ones_never(client_schema):
    publish(END, kind="emailActivity", key="emailOpened", name="Opened")
    chosen = "https://shop.example/sale"
    publish(END, kind="emailActivity", key="linkClick", details={"url": chosen}, name="Sale")
    person, bot, scanner = (profile(f"{n}@mail.example") for n in ("ann", "bot", "scan"))
    TrackedSend.objects.create(send_id=9001, campaign_id=5)
    sale = SendLink.objects.create(
        send_id=9001, index=0, url=chosen, url_hash=hashlib.sha256(chosen.encode()).digest()
    )
    other_url = "https://shop.example/other"
    SendLink.objects.create(
        send_id=9001, index=1, url=other_url, url_hash=hashlib.sha256(other_url.encode()).digest()
    )
    honeypot = SendLink.objects.create(
        send_id=9001, index=2, url="https://trap", url_hash=b"x" * 32, honeypot=True
    )
    now = _ms(timezone.now())
    client_id = connection.tenant.pk
    _events_write(
        [
            store.Event("o", client_id, 9001, person.pk, 0, now, False),
            store.Event("o", client_id, 9001, bot.pk, 0, now, True),  # Apple MPP, a scanner
            store.Event("c", client_id, 9001, person.pk, sale.index, now, False),
            store.Event("c", client_id, 9001, bot.pk, sale.index, now, True),  # bot click
            store.Event("c", client_id, 9001, scanner.pk, honeypot.index, now, False),
            store.Event("c", client_id, 9001, scanner.pk, 1, now, False),  # not the chosen link
        ]
    )
    enrolled = set(Enrollment.objects.values_list("workflow__name", "profile_id"))
    # The scanner's click on another link infers a human open: it is an opener too.
    assert enrolled == {("Opened", person.pk), ("Sale", person.pk), ("Opened", scanner.pk)}
    events_record([Event(bot.pk, "opened", machine=True)])
    assert not Enrollment.objects.filter(profile_id=bot.pk).exists()


def test_bounce_complaint_and_unsubscribe_events_enroll(client_schema):
    for activity in ("bounce", "spam", "optedOut", "unsubscribeFromAll"):
        publish(END, kind="emailActivity", key=activity, name=activity)
    ann, bob, cy = (profile(f"{n}@mail.example") for n in ("ann", "bob", "cy"))
    events_record([Event(ann.pk, "bounced"), Event(bob.pk, "complained")])
    from marketing.audience.services.profiles import profiles_unsubscribe

    profiles_unsubscribe(profile_ids=[cy.pk])
    events_record([Event(cy.pk, "unsubscribed")])
    enrolled = set(Enrollment.objects.values_list("workflow__name", "profile_id"))
    assert enrolled == {
        ("bounce", ann.pk),
        ("spam", bob.pk),
        ("unsubscribeFromAll", cy.pk),
        ("optedOut", cy.pk),
    }


def test_audience_changes_enroll_by_group_tag_and_field(client_schema):
    customers, vip = group("Customers"), tag("vip")
    publish(END, kind="groupAdded", key=str(customers.pk), name="Joined")
    publish(END, kind="tagRemoved", key=str(vip.pk), name="Untagged")
    publish(END, kind="fieldChanged", key="city", name="Moved")
    ann, bob = profile("ann@mail.example"), profile("bob@mail.example")
    profiles_group_add(profile_ids=[ann.pk], group_id=customers.pk)
    profiles_tag_add(profile_ids=[bob.pk], tag_id=vip.pk)
    profiles_tag_remove(profile_ids=[bob.pk], tag_id=vip.pk)
    profile_update(profile=ann, city="Oslo")
    enrolled = set(Enrollment.objects.values_list("workflow__name", "profile_id"))
    assert enrolled == {("Joined", ann.pk), ("Untagged", bob.pk), ("Moved", ann.pk)}


def test_form_submission_enrolls_once_per_submission(client_schema):
    publish(END, kind="formSubmission", key="7", name="Form 7")
    ann = profile("ann@mail.example")
    form_submitted(7, ann.pk, {"plan": "Gold"}, submission_id=1)
    form_submitted(7, ann.pk, {"plan": "Gold"}, submission_id=1)  # the same one again
    form_submitted(8, ann.pk, {}, submission_id=2)  # another form
    enrollment = Enrollment.objects.get()
    assert enrollment.context == {"formId": 7, "form": {"plan": "Gold"}}


def _retag(person, trigger_tag):
    profiles_tag_remove(profile_ids=[person.pk], tag_id=trigger_tag.pk)
    profiles_tag_add(profile_ids=[person.pk], tag_id=trigger_tag.pk)


def test_re_entry_rules(client_schema):
    wait = [{"id": "w", "type": "wait", "delay": {"amount": 1, "unit": "days"}, "next": "e"}, *END]
    rules = {}
    for rule in ("never", "afterCompletion", "always"):
        start = tag(f"start-{rule}")
        publish(wait, kind="tagAdded", key=str(start.pk), re_entry=rule, name=rule)
        rules[rule] = start
    person = profile("ann@mail.example")
    for start in rules.values():
        profiles_tag_add(profile_ids=[person.pk], tag_id=start.pk)
        _retag(person, start)  # while the first enrollment waits
    counts = {r: Enrollment.objects.filter(workflow__name=r).count() for r in rules}
    assert counts == {"never": 1, "afterCompletion": 1, "always": 2}
    Enrollment.objects.update(status=EnrollmentStatus.COMPLETED, due_at=None)
    for start in rules.values():
        _retag(person, start)
    counts = {r: Enrollment.objects.filter(workflow__name=r).count() for r in rules}
    assert counts == {"never": 1, "afterCompletion": 2, "always": 3}


def test_in_flight_enrollments_stay_on_their_version(client_schema):
    start, marker = tag("start"), tag("v2-marker")
    v1 = [{"id": "w", "type": "wait", "delay": {"amount": 1, "unit": "hours"}, "next": "e"}, *END]
    workflow = publish(v1, kind="tagAdded", key=str(start.pk), re_entry="always")
    first = profile("ann@mail.example")
    profiles_tag_add(profile_ids=[first.pk], tag_id=start.pk)
    run_all()  # parked at "e", on version 1
    v2 = [
        {"id": "w", "type": "addTag", "tagId": marker.pk, "next": "e"},
        {
            "id": "e",
            "type": "condition",
            "condition": {"kind": "tag", "tagId": marker.pk},
            "yes": "f",
            "no": "f",
        },
        {"id": "f", "type": "end"},
    ]
    publish(v2, kind="tagAdded", key=str(start.pk), workflow=workflow)
    second = profile("bob@mail.example")
    profiles_tag_add(profile_ids=[second.pk], tag_id=start.pk)
    Enrollment.objects.update(due_at=timezone.now() - dt.timedelta(hours=2))
    run_all()
    old = Enrollment.objects.get(profile_id=first.pk)
    new = Enrollment.objects.get(profile_id=second.pk)
    assert old.version.number == 1 and new.version.number == 2
    assert history(old) == [("w", "waiting"), ("e", "done")]  # v1's "e" is an end
    assert history(new) == [("w", "done"), ("e", "yes"), ("f", "done")]
    assert old.status == new.status == EnrollmentStatus.COMPLETED


def test_segment_entry_and_exit_are_found_by_the_sweep(client_schema):
    segment = Segment.objects.create(
        name="Oslo",
        segment_type="dynamic",
        website_ids=[1],
        rules={
            "type": "and",
            "rules": [{"type": "field", "field": "city", "operator": "equals", "value": "Oslo"}],
        },
    )
    publish(END, kind="segmentEntered", key=str(segment.pk), name="In")
    publish(END, kind="segmentLeft", key=str(segment.pk), name="Out")
    already = profile("old@mail.example", city="Oslo")
    zone = client_schema.client.time_zone
    assert triggers_sweep(zone=zone) == {"segmentEntered": 0, "segmentLeft": 0}  # the memory
    newcomer = profile("new@mail.example", city="Oslo")
    already.city = "Rome"
    already.save()
    triggers_sweep(zone=zone)
    triggers_sweep(zone=zone)  # again: no new change, no new enrollment
    enrolled = set(Enrollment.objects.values_list("workflow__name", "profile_id"))
    assert enrolled == {("In", newcomer.pk), ("Out", already.pk)}
    assert WorkflowTrigger.objects.filter(swept_at__isnull=False).count() == 2


def test_date_field_trigger_enrolls_days_before_at_the_time_once_a_day(client_schema):
    ProfileField.objects.create(label="Renewal", key="renewal", field_type="date")
    zone = client_schema.client.time_zone
    publish(
        END,
        kind="dateField",
        key="custom.renewal",
        details={"field": "custom.renewal", "days": 3, "when": "before", "time": "00:00"},
    )
    import zoneinfo

    today = timezone.now().astimezone(zoneinfo.ZoneInfo(zone)).date()
    due = profile(
        "due@mail.example", custom={"renewal": (today + dt.timedelta(days=3)).isoformat()}
    )
    profile("later@mail.example", custom={"renewal": (today + dt.timedelta(days=4)).isoformat()})
    triggers_sweep(zone=zone)
    triggers_sweep(zone=zone)
    assert list(Enrollment.objects.values_list("profile_id", flat=True)) == [due.pk]


def test_each_client_apart(client_schema, beta):
    start = tag("start")
    publish(END, kind="tagAdded", key=str(start.pk))
    ann = profile("ann@mail.example")
    with in_schema(beta):
        # beta has the same ids but no workflow: nothing is enrolled there, nothing runs.
        from marketing.audience.models import Profile, Tag

        beta_tag = Tag.objects.create(name="start")
        beta_person = Profile.objects.create(email="ann@mail.example")
        profiles_tag_add(profile_ids=[beta_person.pk], tag_id=beta_tag.pk)
        assert not Enrollment.objects.exists()
        assert run_all() == 0
    connection.set_tenant(client_schema.client)
    profiles_tag_add(profile_ids=[ann.pk], tag_id=start.pk)
    assert Enrollment.objects.count() == 1
    with in_schema(beta):
        assert run_all() == 0
    connection.set_tenant(client_schema.client)
    assert run_all() == 1


def test_a_hard_bounce_at_send_time_enrolls_like_a_bounce_notice(client_schema, settings):
    """The receiving server refuses the address with 550 during the send run: the `bounced`
    event the run's own statement writes starts the bounce workflow, once."""
    from marketing.delivery.models import Delivery, DeliveryState, Send, SendKind
    from marketing.delivery.services.batch_sending import send_batch_run
    from marketing.delivery.services.ledger import send_freeze
    from tests.support.smtp_sink import SmtpSink

    publish(END, kind="emailActivity", key="bounce", name="Bounced")
    publish(END, kind="emailActivity", key="bounce", details={"campaignId": 43}, name="Other")
    gone, fine = profile("gone@mail.example"), profile("fine@mail.example")
    send = Send.objects.create(
        kind=SendKind.CAMPAIGN, source_id=42, subject="Hi", html="<p>Hi</p>", text="Hi",
        from_name="Shop", from_address="news@shop.example", list_name="Newsletter",
    )  # fmt: skip
    send_freeze(send, audience_sql="SELECT unnest(%s::bigint[]) AS id", params=[[gone.pk, fine.pk]])
    with SmtpSink() as sink:
        settings.DELIVERY_SMTP_HOST, settings.DELIVERY_SMTP_PORT = sink.host, sink.port
        sink.handler.faults.hard_bounce.add("gone@mail.example")
        send_batch_run(send.pk)
    states = dict(Delivery.objects.filter(send=send).values_list("profile_id", "state"))
    assert states == {gone.pk: DeliveryState.FAILED, fine.pk: DeliveryState.SENT}
    enrollment = Enrollment.objects.get()
    assert (enrollment.workflow.name, enrollment.profile_id) == ("Bounced", gone.pk)
    assert enrollment.context["campaignId"] == 42


@pytest.mark.parametrize("bulk", [False, True], ids=["incremental", "bulk"])
def test_an_import_into_a_group_and_a_tag_enrolls_its_new_members(
    client_schema, settings, monkeypatch, bulk
):
    """Profiles an import adds to a group or tag start the workflows listening, as a single
    add does; a profile already in the group does not start them again."""
    from marketing.audience.services.imports import apply, import_start, import_upload
    from marketing.audience.services.imports.headers import suggest_mapping
    from marketing.audience.services.imports.pipeline import import_run
    from marketing.audience.services.imports.reading import text_chunks

    settings.IMPORT_BULK_MIN_ROWS = 1 if bulk else 10**9
    if bulk:
        monkeypatch.setattr(apply, "_profiles_estimate", lambda: 0)
    client_schema.client.plan = None
    client_schema.client.save()
    customers, vip = group("Customers"), tag("vip")
    publish(END, kind="groupAdded", key=str(customers.pk), name="Joined")
    publish(END, kind="tagAdded", key=str(vip.pk), name="Tagged")
    member = profile("ann@mail.example")
    profiles_group_add(profile_ids=[member.pk], group_id=customers.pk)
    content = b"Email\nann@mail.example\nbob@mail.example\ncy@mail.example\n"
    record, _ = import_upload(
        name="people.csv", size=len(content), chunks=text_chunks(content), kind="subscribers"
    )
    mapping = suggest_mapping(record.headers, record.kind, [])
    import_start(
        import_id=record.pk, mapping=mapping, enqueue=False,
        group_ids=[customers.pk], tag_ids=[vip.pk],
    )  # fmt: skip
    import_run(record.pk)
    enrolled = set(Enrollment.objects.values_list("workflow__name", "profile_id"))
    ids = dict(Profile.objects.values_list("email", "pk"))
    bob, cy = ids["bob@mail.example"], ids["cy@mail.example"]
    assert enrolled == {
        ("Joined", member.pk),  # the single add
        ("Joined", bob), ("Joined", cy),
        ("Tagged", member.pk), ("Tagged", bob), ("Tagged", cy),
    }  # fmt: skip
