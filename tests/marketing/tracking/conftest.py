from tests.marketing.audience.conftest import in_alpha  # noqa: F401 - fixture
