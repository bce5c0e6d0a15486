"""The definition's shape and graph (definition.py): a day-only wait gets 09:00 (spec 5.9
and 9), deleting a condition deletes its branches (spec 5.9) while deleting another step
joins what led to it to what follows, loops are found, and the publish keys."""

from marketing.workflows.definition import (
    Trigger,
    cycle_steps,
    definition_dump,
    definition_read,
    definition_step_delete,
)
from marketing.workflows.triggers import trigger_key


def _graph():
    return {
        "trigger": {"kind": "tagAdded", "tagId": 4},
        "start": "a",
        "steps": [
            {"id": "a", "type": "addTag", "tagIds": [4], "next": "c"},
            {"id": "c", "type": "condition", "condition": {"kind": "tag", "ids": [4]},
             "yes": "y1", "no": "n1"},
            {"id": "y1", "type": "addGroup", "groupIds": [1], "next": "y2"},
            {"id": "y2", "type": "end"},
            {"id": "n1", "type": "removeTag", "tagIds": [4], "next": "join"},
            {"id": "join", "type": "end"},
        ],
        "positions": {"a": {"x": 0, "y": 0}, "y1": {"x": 1, "y": 1}},
    }  # fmt: skip


def _ids(data):
    return [step["id"] for step in data["steps"]]


def test_a_day_only_wait_waits_until_nine():
    data = definition_dump(
        definition_read(
            {
                "steps": [
                    {"id": "w", "type": "wait", "until": {"weekdays": [1]}},
                    {"id": "v", "type": "wait", "until": {"monthDays": [1], "time": "18:30"}},
                    {"id": "d", "type": "wait", "delay": {"amount": 0, "unit": "minutes"}},
                ]
            }
        )
    )
    assert [step.get("until", {}).get("time") for step in data["steps"]] == [
        "09:00", "18:30", None,
    ]  # fmt: skip


def test_deleting_a_condition_deletes_its_branches():
    after = definition_step_delete(_graph(), "c")
    assert _ids(after) == ["a"]
    assert "next" not in after["steps"][0]  # what led to it ends there
    assert list(after["positions"]) == ["a"]


def test_a_branch_step_reached_another_way_stays():
    graph = _graph()
    graph["steps"].insert(0, {"id": "z", "type": "split", "branches": [
        {"percent": 50, "next": "a"}, {"percent": 50, "next": "join"}]})  # fmt: skip
    graph["start"] = "z"
    after = definition_step_delete(graph, "c")
    assert _ids(after) == ["z", "a", "join"]


def test_deleting_a_plain_step_joins_its_neighbours():
    after = definition_step_delete(_graph(), "y1")
    assert _ids(after) == ["a", "c", "y2", "n1", "join"]
    assert next(s for s in after["steps"] if s["id"] == "c")["yes"] == "y2"
    first = definition_step_delete(_graph(), "a")
    assert first["start"] == "c"


def test_loops_are_found():
    graph = _graph()
    graph["steps"][4]["next"] = "a"
    assert cycle_steps(definition_read(graph)) == ["n1"]
    assert cycle_steps(definition_read(_graph())) == []


def test_trigger_keys():
    cases = [
        ({"kind": "emailActivity", "activity": "linkClick", "campaignId": 3,
          "url": "https://shop.example/x"}, "linkClick"),
        ({"kind": "segmentEntered", "segmentId": 7}, "7"),
        ({"kind": "fieldChanged", "field": "custom.plan"}, "custom.plan"),
        ({"kind": "formSubmission", "formId": 12}, "12"),
        ({"kind": "stageChanged"}, ""),
        ({"kind": "summaryNotification", "frequency": "week"}, "week"),
    ]  # fmt: skip
    assert [trigger_key(Trigger.model_validate(t)) for t, _ in cases] == [k for _, k in cases]
