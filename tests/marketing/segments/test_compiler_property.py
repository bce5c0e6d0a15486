"""Property: for random rule trees over a small random audience, the one compiled query
selects exactly the profiles the plain-Python evaluator of the same tree selects."""

import datetime

from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from marketing.segments.rules import tree_parse
from marketing.segments.selectors import compiler_for
from tests.marketing.segments.evaluator import live, matches
from tests.support.segment_audience import INTERESTS, PLANS, WORDS

DAY_MIN, DAY_MAX = datetime.date(1700, 1, 1), datetime.date(2260, 12, 31)
words = st.sampled_from([w for w in WORDS if w.strip()] + ["a", "%", "_", "P"])
numbers = st.sampled_from([-3, 0, 1, 2.5, 5, 10])
windows = st.one_of(
    st.builds(
        lambda unit, amount: {"frequency": "last", "unit": unit, "amount": amount},
        st.sampled_from(["days", "weeks", "months"]),
        st.integers(1, 70),
    ),
    st.builds(
        lambda unit, amount: {"frequency": "next", "unit": unit, "amount": amount},
        st.sampled_from(["days", "weeks"]),
        st.integers(1, 70),
    ),
    st.builds(
        lambda f, d: {"frequency": f, "date": d},
        st.sampled_from(["before", "after", "on"]),
        st.dates(DAY_MIN, DAY_MAX),
    ),
    st.builds(
        lambda a, b: {"frequency": "between", "dateFrom": min(a, b), "dateTo": max(a, b)},
        st.dates(DAY_MIN, DAY_MAX),
        st.dates(DAY_MIN, DAY_MAX),
    ).filter(lambda w: w["dateFrom"] < w["dateTo"]),
)


def _dated(window):
    return {k: v.isoformat() if hasattr(v, "isoformat") else v for k, v in window.items()}


def _now_dates(audience):
    today = audience.now.date()
    return st.dates(today - datetime.timedelta(days=100), today + datetime.timedelta(days=70))


def field_rules(audience):
    recent = st.one_of(
        windows.filter(lambda w: w["frequency"] in ("last", "next")),
        st.builds(
            lambda f, d: {"frequency": f, "date": d},
            st.sampled_from(["before", "after", "on"]),
            _now_dates(audience),
        ),
        st.builds(
            lambda a, n: {
                "frequency": "between",
                "dateFrom": a,
                "dateTo": a + datetime.timedelta(days=n),
            },
            _now_dates(audience),
            st.integers(1, 40),
        ),
    ).map(_dated)
    text_fields = st.sampled_from(["email", "firstName", "city", "custom.note"])
    presence = st.sampled_from(["isEmpty", "isNotEmpty"])
    return st.one_of(
        st.builds(
            lambda f, op, v: {"type": "field", "field": f, "operator": op, "value": v},
            text_fields,
            st.sampled_from(["equals", "notEquals", "contains", "notContains", "startsWith"]),
            words,
        ),
        st.builds(
            lambda f, op: {"type": "field", "field": f, "operator": op},
            st.sampled_from(
                [
                    "firstName",
                    "city",
                    "custom.note",
                    "custom.score",
                    "custom.plan",
                    "custom.interests",
                    "custom.renewal",
                    "unsubscribedAt",
                ]
            ),
            presence,
        ),
        st.builds(
            lambda op, v: {"type": "field", "field": "custom.score", "operator": op, "value": v},
            st.sampled_from(["equals", "notEquals", "greaterThan", "lessThan"]),
            numbers,
        ),
        st.builds(
            lambda a, b: {
                "type": "field",
                "field": "custom.score",
                "operator": "between",
                "valueFrom": min(a, b),
                "valueTo": max(a, b),
            },
            numbers,
            numbers,
        ).filter(lambda r: r["valueFrom"] < r["valueTo"]),
        st.builds(
            lambda op, v: {"type": "field", "field": "custom.plan", "operator": op, "values": v},
            st.sampled_from(["in", "notIn"]),
            st.lists(st.sampled_from(PLANS), min_size=1, max_size=2, unique=True),
        ),
        st.builds(
            lambda f, op, v: {"type": "field", "field": f, "operator": op, "values": v},
            st.sampled_from(["source", "verificationStatus"]),
            st.sampled_from(["in", "notIn"]),
            st.lists(
                st.sampled_from(["import", "addProfile", "crm", "Valid", "Pending"]),
                min_size=1,
                max_size=2,
                unique=True,
            ),
        ).filter(
            lambda r: all(
                (v in ("import", "addProfile", "crm")) == (r["field"] == "source")
                for v in r["values"]
            )
        ),
        st.builds(
            lambda op, v: {
                "type": "field",
                "field": "custom.interests",
                "operator": op,
                "values": v,
            },
            st.sampled_from(["containsAny", "containsAll", "notContainsAny"]),
            st.lists(st.sampled_from(INTERESTS), min_size=1, max_size=2, unique=True),
        ),
        st.builds(
            lambda v: {"type": "field", "field": "doNotEmail", "operator": "is", "value": v},
            st.booleans(),
        ),
        st.builds(
            lambda f, w: {"type": "field", "field": f, "operator": "date", "date": w},
            st.sampled_from(["createdAt", "unsubscribedAt", "custom.renewal"]),
            recent,
        ),
    )


def leaves(audience):
    past = windows.filter(lambda w: w["frequency"] != "next").map(_dated)
    return st.one_of(
        field_rules(audience),
        st.builds(
            lambda t, op, ids: {"type": t, "operator": op, "ids": ids},
            st.sampled_from(["groups", "tags"]),
            st.sampled_from(["in", "notIn"]),
            st.lists(st.integers(0, 2), min_size=1, max_size=2, unique=True),
        ).map(
            lambda r: {
                **r,
                "ids": [
                    (audience.group_ids if r["type"] == "groups" else audience.tag_ids)[i]
                    for i in r["ids"]
                ],
            }
        ),
        st.builds(lambda v: {"type": "csb", "value": v}, st.booleans()),
        st.builds(
            lambda s: {"type": "subscription", "state": s},
            st.sampled_from(["subscribed", "unsubscribed", "doNotEmail"]),
        ),
        st.builds(
            lambda e, op, c, n, w: {
                "type": "activity",
                "event": e,
                "operator": op,
                "minCount": n,
                **({"campaignId": c} if c else {}),
                **({"window": w} if w else {}),
            },
            st.sampled_from(["sent", "opened", "clicked", "bounced"]),
            st.sampled_from(["did", "didNot"]),
            st.sampled_from([None, 1, 2]),
            st.integers(1, 3),
            st.one_of(st.none(), past),
        ),
    )


def trees(audience):
    children = st.recursive(
        leaves(audience),
        lambda inner: st.builds(
            lambda t, rules: {"type": t, "rules": rules},
            st.sampled_from(["and", "or"]),
            st.lists(inner, min_size=1, max_size=3),
        ),
        max_leaves=6,
    )
    return st.builds(
        lambda t, rules: {"type": t, "rules": rules},
        st.sampled_from(["and", "or"]),
        st.lists(children, min_size=1, max_size=4),
    )


def test_compiled_query_selects_what_the_evaluator_selects(audience):
    compiler = compiler_for(now=audience.now)

    @settings(
        max_examples=200,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(data=trees(audience))
    def check(data):
        tree = tree_parse(data)
        sql = compiler.ids(tree)
        with connection.cursor() as cursor:
            cursor.execute(sql.text, sql.params)
            got = sorted(row[0] for row in cursor.fetchall())
        want = sorted(
            p.id for p in audience.people if live(p) and matches(tree, p, now=audience.now)
        )
        assert got == want, (data, sql.text)

    check()
