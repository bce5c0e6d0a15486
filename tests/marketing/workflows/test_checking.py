"""Spec 5.9's rules, one by one, with their wording, as the publish check answers them
(services/checking.py): each problem names where it is (a step id, the trigger, the
settings) and the field, so the builder shows it beside the field."""

import copy

import pytest

from marketing.senders.models import Sender
from marketing.workflows.definition import WorkflowSettings, definition_read
from marketing.workflows.services.checking import workflow_check
from tests.support.workflows import definition_ok, parts_make


@pytest.fixture
def parts(in_alpha):
    return parts_make()


def _problems(parts, *, name="Welcome", description="Hello", settings=None, unsaved=(),
              change=None):  # fmt: skip
    data = copy.deepcopy(definition_ok(parts))
    if change:
        change(data)
    problems = workflow_check(
        name=name,
        description=description,
        definition=definition_read(data),
        settings=WorkflowSettings.model_validate(settings or {}),
        unsaved_step_ids=list(unsaved),
    )
    return {(p.key, p.message) for p in problems}


def _step(data, step_id):
    return next(step for step in data["steps"] if step["id"] == step_id)


def test_a_complete_workflow_has_no_problem(parts):
    assert _problems(parts) == set()


def test_name_and_description_are_required(parts):
    assert _problems(parts, name=" ", description="") == {
        ("name", "Please fill Workflow Name"),
        ("description", "Please fill Description"),
    }


def test_at_least_one_action_and_one_required_action(parts):
    def only_end(data):
        data["steps"] = [{"id": "s1", "type": "end"}]

    assert _problems(parts, change=only_end) == {("steps", "Please add at least one action.")}

    def only_waits(data):
        data["steps"] = [
            {"id": "s1", "type": "wait", "delay": {"amount": 1, "unit": "hours"}, "next": "s2"},
            {"id": "s2", "type": "end"},
        ]

    assert _problems(parts, change=only_waits) == {
        (
            "steps",
            "Please add at least one required action: send an email, update a field, add or"
            " remove a group or tag, or notify the rep.",
        )
    }


def test_trigger_details_are_required(parts):
    def no_segment(data):
        del data["trigger"]["segmentId"]

    assert _problems(parts, change=no_segment) == {
        ("trigger.segmentId", "Trigger details are required.")
    }

    def no_trigger(data):
        del data["trigger"]

    assert _problems(parts, change=no_trigger) == {("trigger.kind", "Please choose a trigger.")}

    def date_field(data):
        data["trigger"] = {"kind": "dateField", "field": "custom.renewal"}

    assert _problems(parts, change=date_field) == {
        ("trigger.days", "Trigger details are required."),
        ("trigger.when", "Trigger details are required."),
        ("trigger.field", "This profile field does not exist."),
    }

    def unknown_segment(data):
        data["trigger"]["segmentId"] = 999999

    assert _problems(parts, change=unknown_segment) == {
        ("trigger.segmentId", "This segment does not exist.")
    }


def test_from_time_must_be_before_to_time(parts):
    window = {"sendWindow": {"fromTime": "17:00", "toTime": "09:00"}}
    assert _problems(parts, settings=window) == {
        ("settings.toTime", "From-time must be before to-time.")
    }
    same = {"sendWindow": {"fromTime": "09:00", "toTime": "09:00"}}
    assert _problems(parts, settings=same) == {
        ("settings.toTime", "From-time must be before to-time.")
    }
    assert _problems(parts, settings={"sendWindow": {"fromTime": "9h", "toTime": "17:00"}}) == {
        ("settings.fromTime", "Please enter a time as HH:MM.")
    }
    assert _problems(parts, settings={"sendWindow": {"fromTime": "08:00", "toTime": "17:30"}}) == (
        set()
    )


def test_the_delay_must_fall_within_the_workflow_settings(parts):
    limit = {"maxDelay": {"amount": 1, "unit": "days"}}
    assert _problems(parts, settings=limit) == {
        (
            "steps.s2.delay.amount",
            "The delay must fall within the workflow settings: at most 1 day.",
        )
    }
    assert _problems(parts, settings={"maxDelay": {"amount": 2, "unit": "days"}}) == set()

    def a_year_and_a_day(data):
        _step(data, "s2")["delay"] = {"amount": 366, "unit": "days"}

    assert _problems(parts, change=a_year_and_a_day) == {
        (
            "steps.s2.delay.amount",
            "The delay must fall within the workflow settings: at most 365 days.",
        )
    }


def test_unsaved_actions_block_publishing(parts):
    assert _problems(parts, unsaved=["s1", "s4"]) == {
        ("steps.s1.step", "Please save this action before publishing."),
        ("steps.s4.step", "Please save this action before publishing."),
    }


def test_an_email_must_be_valid(parts):
    def summary(data):
        data["trigger"] = {
            "kind": "summaryNotification", "frequency": "week",
            "recipients": ["boss@shop.example", "not-an-email"],
        }  # fmt: skip

    assert _problems(parts, change=summary) == {
        ("trigger.recipients", "Please enter valid Email ID")
    }

    def reply_to(data):
        _step(data, "s1")["replyTo"] = "nobody@"

    assert _problems(parts, change=reply_to) == {
        ("steps.s1.replyTo", "Please enter valid Email ID")
    }


def test_every_edge_points_at_a_step_and_none_loops(parts):
    def dangling(data):
        _step(data, "s4")["next"] = "nowhere"

    assert _problems(parts, change=dangling) == {
        ("steps.s4.next", "This step leads to a step that does not exist.")
    }

    def loop(data):
        _step(data, "s5")["next"] = "s1"

    assert _problems(parts, change=loop) == {
        ("steps.s5.next", "Steps cannot loop back to an earlier step.")
    }

    def orphan(data):
        data["steps"].append({"id": "lost", "type": "end"})

    assert _problems(parts, change=orphan) == {
        ("steps.lost.step", "This step is not connected to the workflow.")
    }

    def no_start(data):
        del data["start"]

    assert ("trigger.start", "Please connect the trigger to the first step.") in _problems(
        parts, change=no_start
    )

    def twice(data):
        data["steps"].append({"id": "s6", "type": "end"})

    assert ("steps.s6.id", "Two steps have the same id.") in _problems(parts, change=twice)


def test_each_step_asks_for_its_fields(parts):
    def blank(data):
        data["steps"] = [
            {"id": "s1", "type": "sendEmail", "next": "s2"},
            {"id": "s2", "type": "wait", "next": "s3"},
            {"id": "s3", "type": "condition", "yes": "s4", "no": "s5"},
            {"id": "s4", "type": "split", "branches": [{"percent": 60}, {"percent": 30}]},
            {"id": "s5", "type": "updateField", "next": "s6"},
            {"id": "s6", "type": "addTag", "next": "s7"},
            {"id": "s7", "type": "notifyRep", "next": "s8"},
            {"id": "s8", "type": "webhook", "url": "https://hooks.example/x"},
        ]  # fmt: skip

    assert _problems(parts, change=blank) == {
        ("steps.s1.templateId", "Please fill Template"),
        ("steps.s1.senderId", "Please select a sender (with the rep as sender, it is used"
                              " when the rep cannot send)."),
        ("steps.s1.subject", "Please fill Subject"),
        ("steps.s2.delay", "Please choose a delay or a day and time to wait for."),
        ("steps.s3.condition", "Please fill Rule"),
        ("steps.s4.branches", "The branches' percentages must add up to 100."),
        ("steps.s5.field", "Please fill Field"),
        ("steps.s6.tagIds", "Please fill Tags"),
        ("steps.s7.subject", "Please fill Subject"),
        ("steps.s7.message", "Please fill Message"),
        ("steps.s7.senderId", "Please select the sender the notification comes from."),
        ("steps.s8.type", "Outgoing webhook steps cannot be published yet: they arrive with"
                          " the webhooks integration."),
    }  # fmt: skip


def test_conditions_are_checked_with_the_segment_rules(parts):
    def field(data):
        _step(data, "s3")["condition"] = {"kind": "field", "field": "city", "operator": "equals"}

    (problem,) = _problems(parts, change=field)
    assert problem[0] == "steps.s3.condition.field"

    def unknown_field(data):
        _step(data, "s3")["condition"] = {
            "kind": "field", "field": "custom.nothing", "operator": "equals", "value": "x",
        }  # fmt: skip

    assert [key for key, _ in _problems(parts, change=unknown_field)] == [
        "steps.s3.condition.field"
    ]

    def ok(data):
        _step(data, "s3")["condition"] = {
            "all": [
                {"kind": "field", "field": "city", "operator": "equals", "value": "Paris"},
                {"kind": "tag", "operator": "notIn", "ids": [parts.tag_id]},
                {"kind": "segment", "segmentId": parts.segment_id},
            ]
        }

    assert _problems(parts, change=ok) == set()

    def unknown_group(data):
        _step(data, "s3")["condition"] = {"kind": "group", "ids": [999999]}

    assert _problems(parts, change=unknown_group) == {
        ("steps.s3.condition.group.ids", "One of these groups does not exist.")
    }


def test_a_sender_must_be_able_to_send(parts):
    Sender.objects.filter(pk=parts.sender_id).update(verified_at=None)
    ((key, _message),) = _problems(parts)
    assert key == "steps.s1.senderId"


def test_webhook_triggers_wait_for_the_integrations(parts):
    def webhook(data):
        data["trigger"] = {"kind": "webhook", "webhookId": 3}

    assert _problems(parts, change=webhook) == {
        (
            "trigger.kind",
            "Incoming webhook triggers cannot be published yet: they arrive with the webhooks"
            " integration.",
        )
    }
