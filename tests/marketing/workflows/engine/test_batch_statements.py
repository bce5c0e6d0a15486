"""A batch's statements do not grow with its size: each step kind is one set-based pass per
group (the bench's chain wait 0 -> condition -> tag -> field -> end on 5 and on 60
enrollments runs the same statements), and none of them is a `SET search_path`."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from marketing.audience.services.profiles import profiles_tag_add
from marketing.workflows.engine.runner import batch_run
from marketing.workflows.models import Enrollment, EnrollmentStatus
from tests.support.workflow_engine import profile, publish, tag


def _chain(vip_id: int) -> list[dict]:
    return [
        {"id": "w", "type": "wait", "delay": {"amount": 0, "unit": "minutes"}, "next": "c"},
        {
            "id": "c",
            "type": "condition",
            "yes": "t",
            "no": "x",
            "condition": {"kind": "field", "field": "city", "operator": "equals", "value": "Paris"},
        },
        {"id": "t", "type": "addTag", "tagId": vip_id, "next": "u"},
        {"id": "u", "type": "updateField", "field": "company", "value": "Engaged", "next": "x"},
        {"id": "x", "type": "end"},
    ]


def _statements(count: int, name: str) -> list[str]:
    start, vip = tag(f"start-{name}"), tag(f"vip-{name}")
    publish(_chain(vip.pk), kind="tagAdded", key=str(start.pk), name=name, re_entry="always")
    people = [profile(f"{name}{n}@mail.example", city="Paris") for n in range(count)]
    profiles_tag_add(profile_ids=[p.pk for p in people], tag_id=start.pk)
    with CaptureQueriesContext(connection) as captured:
        assert batch_run(limit=500) == count * 5
    assert (
        Enrollment.objects.filter(workflow__name=name, status=EnrollmentStatus.COMPLETED).count()
        == count
    )
    return [q["sql"] for q in captured.captured_queries]


def test_a_batch_runs_the_same_statements_for_5_and_60_enrollments(client_schema):
    few = _statements(5, "few")
    many = _statements(60, "many")
    assert len(many) == len(few)
    # The connection's search_path was written once for the client (TENANT_LIMIT_SET_CALLS),
    # not before each statement.
    assert not [sql for sql in many if "search_path" in sql]
