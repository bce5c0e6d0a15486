import pytest

from marketing.sites.views import served_forget


@pytest.fixture(autouse=True)
def _served_fresh():
    """The pages host keeps published pages per process under the client's pages token,
    which only a commit replaces; a test's writes are rolled back, never committed."""
    served_forget()
    yield
    served_forget()
