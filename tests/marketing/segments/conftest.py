"""A small random audience in alpha's schema: custom fields of every type, groups, tags,
profiles and email events; and the plain-Python truth the compiled queries are held to."""

import pytest
from django.db import connection

from tests.support.segment_audience import Audience, audience_make


@pytest.fixture
def audience(in_alpha) -> Audience:  # noqa: F811 - the fixture imported above
    audience = audience_make()
    assert connection.schema_name == "alpha"
    return audience
