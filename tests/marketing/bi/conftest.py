from tests.marketing.audience.conftest import admin_api, user_api  # noqa: F401 - fixtures
