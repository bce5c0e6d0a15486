from tests.marketing.audience.conftest import admin_api, in_alpha  # noqa: F401 - fixtures
