from tests.support.localstripe import localstripe, stripe_local  # noqa: F401 - fixtures
