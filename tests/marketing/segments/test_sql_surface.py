"""Segments' SQL surface (marketing/segments/sql_surface.py) against the migrated schema: a
static and a dynamic segment's members (groups, tags, a standard field, soft bounces,
subscription and email activity: each table the compiler reaches) are planned inside a
client's schema."""

from django.db import connection

from marketing.segments import sql_surface as surface
from marketing.segments.models import Segment, SegmentType
from marketing.segments.rules import tree_dump, tree_parse
from tests.support.sql_surface import surface_explain

RULES = {
    "type": "and",
    "rules": [
        {"type": "groups", "operator": "in", "ids": [1]},
        {"type": "tags", "operator": "notIn", "ids": [2]},
        {"type": "field", "field": "email", "operator": "contains", "value": "x"},
        {"type": "csb", "value": False},
        {"type": "subscription", "state": "subscribed"},
        {
            "type": "or",
            "rules": [
                {"type": "activity", "event": "opened", "campaignId": 3, "minCount": 2},
                {"type": "activity", "event": "clicked", "operator": "didNot"},
            ],
        },
    ],
}


def _segment(segment_type: str) -> int:
    return Segment.objects.create(
        name=f"Surface {segment_type}",
        segment_type=segment_type,
        rules=tree_dump(tree_parse(RULES)),
        website_ids=[],
    ).pk


def test_every_fragment_plans_against_the_migrated_schema(alpha):
    connection.set_tenant(alpha.client)
    try:
        static, dynamic = _segment(SegmentType.STATIC), _segment(SegmentType.DYNAMIC)
        statements = {
            "segment_profile_ids_sql": [
                lambda: surface.segment_profile_ids_sql(segment_id=static),
                lambda: surface.segment_profile_ids_sql(segment_id=dynamic, time_zone="Asia/Tokyo"),
            ]
        }
        assert surface_explain(surface, statements) == 2
    finally:
        connection.set_schema_to_public()
