"""The rule tree's checks, with the spec's messages (5.1 date rule, 5.8)."""

import pytest
from pydantic import ValidationError

from marketing.segments import rules
from marketing.segments.rules import tree_parse


def _message(data) -> str:
    with pytest.raises(ValidationError) as caught:
        tree_parse({"type": "and", "rules": [data]})
    return caught.value.errors()[0]["msg"]


def test_number_range_needs_both_ends_and_to_above_from():
    rule = {"type": "field", "field": "custom.score", "operator": "between"}
    assert _message({**rule, "valueFrom": 1}) == rules.VALUE_EMPTY
    assert _message({**rule, "valueFrom": 5, "valueTo": 5}) == rules.RANGE_ORDER
    assert _message({**rule, "valueFrom": 5, "valueTo": 1}) == "To must be greater than From."


def test_values_must_not_be_empty():
    assert _message({"type": "field", "field": "city", "operator": "equals", "value": " "}) == (
        "The value must not be empty."
    )
    assert _message({"type": "field", "field": "source", "operator": "in"}) == rules.VALUE_EMPTY
    assert _message({"type": "groups", "operator": "in", "ids": []}) == "Please fill Groups"


def test_date_rule_needs_frequency_unit_amount_and_partners():
    def dated(window):
        return {"type": "field", "field": "createdAt", "operator": "date", "date": window}

    assert _message(dated({})) == "Please fill Frequency"
    assert _message(dated({"frequency": "last", "amount": 3})) == "Please fill Unit"
    assert _message(dated({"frequency": "last", "unit": "days"})) == "Please fill Amount"
    for amount in (0, -2):
        message = _message(dated({"frequency": "last", "unit": "weeks", "amount": amount}))
        assert message == "Days, weeks or months must be greater than zero."
    assert _message(dated({"frequency": "between", "dateTo": "2024-01-01"})) == (
        "Please fill From date"
    )
    assert _message(dated({"frequency": "between", "dateFrom": "2024-01-01"})) == (
        "Please fill To date"
    )
    assert (
        _message(dated({"frequency": "between", "dateFrom": "2024-02-01", "dateTo": "2024-01-01"}))
        == rules.DATES_ORDER
    )
    assert _message(dated({"frequency": "before"})) == "Please fill Date"


def test_activity_looks_back_only():
    window = {"frequency": "next", "unit": "days", "amount": 3}
    assert _message({"type": "activity", "event": "opened", "window": window}) == rules.PAST_ONLY


def test_unknown_keys_and_types_are_refused():
    with pytest.raises(ValidationError):
        tree_parse({"type": "and", "rules": [{"type": "sql", "text": "1=1"}]})
    with pytest.raises(ValidationError):
        tree_parse({"type": "and", "rules": [{"type": "csb", "value": True, "column": "x"}]})
    with pytest.raises(ValidationError):
        tree_parse({"type": "and", "rules": []})
