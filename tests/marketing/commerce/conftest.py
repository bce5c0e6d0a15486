import pytest

from tests.support.commerce import shop_open
from tests.support.localstripe import localstripe, stripe_local  # noqa: F401 - fixtures


@pytest.fixture
def shop(alpha, stripe_local):  # noqa: F811 - the fixture imported above
    return shop_open(alpha)
