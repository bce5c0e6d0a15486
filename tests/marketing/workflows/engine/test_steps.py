"""Each step on a small batch, through the real runner: tags, groups and fields through
the audience services, conditions through the segment compiler, a split, goals, the
refused webhook, a step that fails until it is set aside, dropped profiles."""

import datetime as dt

from django.utils import timezone

from core.audit.models import AuditLog
from marketing.audience.models import ProfileGroup, ProfileTag
from marketing.audience.services.profiles import profiles_tag_add
from marketing.workflows.engine.steps import WEBHOOK_REFUSED, split_bucket
from marketing.workflows.models import Enrollment, EnrollmentStatus
from tests.support.workflow_engine import group, history, profile, publish, run_all, tag


def _enroll_by_tag(steps, people, **options):
    trigger_tag = tag("start")
    publish(steps, kind="tagAdded", key=str(trigger_tag.pk), **options)
    profiles_tag_add(profile_ids=[p.pk for p in people], tag_id=trigger_tag.pk)
    return trigger_tag


def test_a_tag_added_enrolls_and_the_chain_runs_to_the_end(client_schema):
    vip, paris = tag("vip"), profile("ann@mail.example", city="Paris")
    other = profile("bob@mail.example", city="Rome")
    steps = [
        {"id": "s1", "type": "wait", "delay": {"amount": 0, "unit": "minutes"}, "next": "s2"},
        {
            "id": "s2",
            "type": "condition",
            "yes": "s3",
            "no": "s5",
            "condition": {"kind": "field", "field": "city", "operator": "equals", "value": "Paris"},
        },
        {"id": "s3", "type": "addTag", "tagId": vip.pk, "next": "s4"},
        {"id": "s4", "type": "updateField", "field": "company", "value": "Acme", "next": "s5"},
        {"id": "s5", "type": "end"},
    ]
    _enroll_by_tag(steps, [paris, other])
    assert Enrollment.objects.filter(status=EnrollmentStatus.IN_PROCESS).count() == 2
    assert run_all() == 8
    ann = Enrollment.objects.get(profile_id=paris.pk)
    bob = Enrollment.objects.get(profile_id=other.pk)
    assert ann.status == bob.status == EnrollmentStatus.COMPLETED
    assert history(ann) == [
        ("s1", "done"),
        ("s2", "yes"),
        ("s3", "done"),
        ("s4", "done"),
        ("s5", "done"),
    ]
    assert history(bob) == [("s1", "done"), ("s2", "no"), ("s5", "done")]
    assert ProfileTag.objects.filter(profile=paris, tag=vip).exists()
    assert not ProfileTag.objects.filter(profile=other, tag=vip).exists()
    paris.refresh_from_db()
    assert paris.company == "Acme"
    events = set(AuditLog.objects.values_list("event_type", flat=True))
    assert {
        "enrollment.started",
        "enrollment.completed",
        "profile.fieldSet",
        "profile.tagged",
    } <= events
    assert run_all() == 0  # nothing runs twice


def test_group_add_and_remove_and_tag_remove(client_schema):
    keep, extra = group("Keep"), group("Extra")
    old = tag("old")
    person = profile("cy@mail.example")
    ProfileGroup.objects.create(profile=person, group=keep)
    ProfileTag.objects.create(profile=person, tag=old)
    more = group("More")
    steps = [
        {"id": "a", "type": "addGroup", "groupIds": [extra.pk, more.pk], "next": "b"},
        {"id": "b", "type": "removeGroup", "groupId": keep.pk, "next": "c"},
        {"id": "c", "type": "removeTag", "tagId": old.pk, "next": "d"},
        {"id": "d", "type": "end"},
    ]
    _enroll_by_tag(steps, [person])
    run_all()
    assert set(ProfileGroup.objects.filter(profile=person).values_list("group_id", flat=True)) == {
        extra.pk,
        more.pk,
    }
    assert not ProfileTag.objects.filter(profile=person, tag=old).exists()
    assert history(Enrollment.objects.get()) == [
        ("a", "done"),
        ("b", "done"),
        ("c", "done"),
        ("d", "done"),
    ]


def test_condition_on_group_tag_and_segment_membership(client_schema):
    from marketing.segments.models import Segment

    members = group("Members")
    ann, bob = profile("ann@mail.example"), profile("bob@mail.example")
    ProfileGroup.objects.create(profile=ann, group=members)
    segment = Segment.objects.create(
        name="Ann",
        segment_type="dynamic",
        website_ids=[1],
        rules={
            "type": "and",
            "rules": [
                {"type": "field", "field": "email", "operator": "startsWith", "value": "ann"}
            ],
        },
    )
    steps = [
        {
            "id": "g",
            "type": "condition",
            "condition": {"kind": "group", "groupId": members.pk},
            "yes": "s",
            "no": "s",
        },
        {
            "id": "s",
            "type": "condition",
            "condition": {"kind": "segment", "segmentId": segment.pk},
            "yes": "e",
            "no": "e",
        },
        {"id": "e", "type": "end"},
    ]
    _enroll_by_tag(steps, [ann, bob])
    run_all()
    assert history(Enrollment.objects.get(profile_id=ann.pk)) == [
        ("g", "yes"),
        ("s", "yes"),
        ("e", "done"),
    ]
    assert history(Enrollment.objects.get(profile_id=bob.pk)) == [
        ("g", "no"),
        ("s", "no"),
        ("e", "done"),
    ]


def test_split_is_deterministic_per_enrollment_and_follows_the_percentages(client_schema):
    people = [profile(f"p{n}@mail.example") for n in range(200)]
    steps = [
        {
            "id": "x",
            "type": "split",
            "branches": [{"percent": 30, "next": "a"}, {"percent": 70, "next": "b"}],
        },
        {"id": "a", "type": "end"},
        {"id": "b", "type": "end"},
    ]
    _enroll_by_tag(steps, people)
    run_all()
    for enrollment in Enrollment.objects.all():
        expected = "branch:0" if split_bucket(enrollment.pk, "x") < 30 else "branch:1"
        assert history(enrollment)[0] == ("x", expected)
    share = sum(1 for e in Enrollment.objects.all() if history(e)[0][1] == "branch:0") / 200
    assert 0.18 < share < 0.42


def test_webhook_step_is_refused_clearly_never_faked(client_schema):
    person = profile("ann@mail.example")
    _enroll_by_tag(
        [
            {"id": "w", "type": "webhook", "url": "https://x.example", "next": "e"},
            {"id": "e", "type": "end"},
        ],
        [person],
    )
    run_all()
    enrollment = Enrollment.objects.get()
    assert enrollment.status == EnrollmentStatus.FAILED
    assert enrollment.status_message == WEBHOOK_REFUSED == "Outgoing webhooks are not available yet"
    assert history(enrollment) == [("w", "failed")]


def test_goal_met_ends_the_enrollment(client_schema):
    done = tag("done")
    ann, bob = profile("ann@mail.example"), profile("bob@mail.example")
    ProfileTag.objects.create(profile=ann, tag=done)
    steps = [
        {"id": "goal", "type": "goal", "condition": {"kind": "tag", "tagId": done.pk}, "next": "e"},
        {"id": "e", "type": "end"},
    ]
    _enroll_by_tag(steps, [ann, bob])
    run_all()
    assert history(Enrollment.objects.get(profile_id=ann.pk)) == [("goal", "goalMet")]
    assert history(Enrollment.objects.get(profile_id=bob.pk)) == [
        ("goal", "goalNotMet"),
        ("e", "done"),
    ]


def test_a_failing_step_is_retried_then_set_aside_and_the_queue_moves_on(client_schema, settings):
    settings.WORKFLOW_MAX_ATTEMPTS = 3
    settings.WORKFLOW_RETRY_SECONDS = 0
    ok, bad = profile("ok@mail.example"), profile("bad@mail.example")
    steps = [
        {
            "id": "c",
            "type": "condition",
            "yes": "e",
            "no": "e",
            "condition": {"kind": "activity", "activity": "opened"},
        },
        {"id": "e", "type": "end"},
    ]
    _enroll_by_tag(steps, [ok, bad])
    from marketing.workflows.engine import steps as step_module

    real = step_module.HANDLERS["condition"]

    def flaky(ctx, step, items):
        if any(i.profile_id == bad.pk for i in items):
            raise RuntimeError("boom")
        return real(ctx, step, items)

    step_module.HANDLERS["condition"] = flaky
    try:
        for _ in range(6):
            Enrollment.objects.filter(status=EnrollmentStatus.IN_PROCESS).update(
                due_at=timezone.now() - dt.timedelta(seconds=1)
            )
            run_all()
    finally:
        step_module.HANDLERS["condition"] = real
    good = Enrollment.objects.get(profile_id=ok.pk)
    failed = Enrollment.objects.get(profile_id=bad.pk)
    assert good.status == EnrollmentStatus.COMPLETED
    assert failed.status == EnrollmentStatus.FAILED
    assert "Set aside after 3 attempts" in failed.status_message
    outcomes = [o for _s, o in history(failed)]
    assert outcomes.count("failed") == 4  # three tries, then set aside


def test_a_deleted_profile_is_dropped(client_schema):
    person = profile("ann@mail.example")
    _enroll_by_tag([{"id": "e", "type": "end"}], [person])
    person.deleted_at = timezone.now()
    person.save()
    run_all()
    enrollment = Enrollment.objects.get()
    assert enrollment.status == EnrollmentStatus.DROPPED
