"""A workflow's goal is checked whenever a profile's event could meet it, not only when
the enrollment reaches the goal step: the enrollment exits Completed at the goal
(history `goalMet`) in the event's own transaction."""

from marketing.audience.services.profiles import profiles_group_add, profiles_tag_add
from marketing.tracking.services import Event, events_record
from marketing.workflows.models import Enrollment, EnrollmentStatus
from tests.support.workflow_engine import group, history, profile, publish, run_all, tag


def _flow(goal_condition: dict) -> list[dict]:
    """Wait three days, then the goal, then an email nobody should need."""
    return [
        {"id": "w", "type": "wait", "delay": {"amount": 3, "unit": "days"}, "next": "g"},
        {"id": "g", "type": "goal", "condition": goal_condition, "next": "e"},
        {"id": "e", "type": "end"},
    ]


def test_a_group_add_meets_the_goal_of_a_waiting_enrollment(client_schema):
    vip, buyers = tag("vip"), group("Buyers")
    condition = {"kind": "group", "operator": "in", "ids": [buyers.pk]}
    publish(_flow(condition), kind="tagAdded", key=str(vip.pk), name="Convert")
    ann, bob = profile("ann@mail.example"), profile("bob@mail.example")
    profiles_tag_add(profile_ids=[ann.pk, bob.pk], tag_id=vip.pk)
    run_all()
    # Waiting for the goal step's turn, three days from now.
    assert set(Enrollment.objects.values_list("step_id", "status")) == {
        ("g", EnrollmentStatus.IN_PROCESS)
    }
    profiles_group_add(profile_ids=[ann.pk], group_id=buyers.pk)
    met = Enrollment.objects.get(profile_id=ann.pk)
    assert (met.status, met.step_id, met.due_at) == (EnrollmentStatus.COMPLETED, "g", None)
    assert history(met)[-1] == ("g", "goalMet")
    waiting = Enrollment.objects.get(profile_id=bob.pk)
    assert (waiting.status, waiting.step_id) == (EnrollmentStatus.IN_PROCESS, "g")
    assert waiting.due_at is not None
    assert run_all() == 0  # nothing left for the runner: the exit is done


def test_an_open_meets_an_activity_goal_a_machine_open_does_not(client_schema):
    vip = tag("vip")
    condition = {"kind": "activity", "activity": "emailOpened", "operator": "did"}
    publish(_flow(condition), kind="tagAdded", key=str(vip.pk), name="Engage")
    ann = profile("ann@mail.example")
    profiles_tag_add(profile_ids=[ann.pk], tag_id=vip.pk)
    run_all()
    events_record([Event(ann.pk, "opened", machine=True)])
    assert Enrollment.objects.get().status == EnrollmentStatus.IN_PROCESS
    events_record([Event(ann.pk, "opened")])
    assert Enrollment.objects.get().status == EnrollmentStatus.COMPLETED


def test_an_event_that_cannot_meet_the_goal_leaves_it(client_schema):
    vip, other = tag("vip"), tag("other")
    buyers = group("Buyers")
    condition = {"kind": "group", "operator": "in", "ids": [buyers.pk]}
    publish(_flow(condition), kind="tagAdded", key=str(vip.pk), name="Convert")
    ann = profile("ann@mail.example")
    profiles_group_add(profile_ids=[ann.pk], group_id=buyers.pk)  # before: not enrolled
    profiles_tag_add(profile_ids=[ann.pk], tag_id=vip.pk)
    run_all()
    enrollment = Enrollment.objects.get()
    # In the group already, but a tag event is no group event: the goal step answers it.
    profiles_tag_add(profile_ids=[ann.pk], tag_id=other.pk)
    enrollment.refresh_from_db()
    assert enrollment.status == EnrollmentStatus.IN_PROCESS
