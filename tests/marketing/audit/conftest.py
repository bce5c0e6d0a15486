from tests.marketing.audience.conftest import (  # noqa: F401 - fixtures
    admin_api,
    beta_api,
    in_alpha,
    nomkm_api,
    user_api,
)
