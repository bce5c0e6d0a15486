"""The segments suites' audience in alpha's schema (made by tests/support/segment_audience.py)."""

import pytest
from django.db import connection

from tests.support.segment_audience import Audience, audience_make


@pytest.fixture
def audience(in_alpha) -> Audience:  # noqa: F811 - the fixture imported above
    audience = audience_make()
    assert connection.schema_name == "alpha"
    return audience
