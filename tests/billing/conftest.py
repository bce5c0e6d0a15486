import pytest

from tests.support.localstripe import localstripe_start


@pytest.fixture(scope="session")
def localstripe(tmp_path_factory):
    server = localstripe_start(tmp_path_factory.mktemp("localstripe"))
    yield server
    server.process.terminate()
    server.process.wait(timeout=10)


@pytest.fixture
def stripe_local(localstripe, settings):
    """The settings of a deployment without a Stripe key: every call goes to localstripe."""
    settings.STRIPE_SECRET_KEY = ""
    settings.LOCALSTRIPE_URL = localstripe.url
    return localstripe
