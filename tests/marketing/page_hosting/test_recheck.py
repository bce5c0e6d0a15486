"""Beat's re-check of verified page domains: one whose records vanished is flagged failed
and stops serving; a lookup that itself failed (a timeout, a server failure) changes
nothing; every client is checked, one client's failure stops no other."""

from django.conf import settings

from marketing.page_hosting.models import PageDomain
from marketing.page_hosting.tasks import page_domains_recheck_task
from tenants.hosts import page_host_client
from tenants.models import PageHost
from tests.support.page_domains import domain_verified
from tests.support.tenants import in_schema


def test_a_domain_whose_records_vanished_stops_serving(
    alpha, beta, admin_api, beta_api, dns_server, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        domain_verified(admin_api, dns_server, "pages.shop.test")
        domain_verified(beta_api, dns_server, "pages.beta.test")
    assert page_domains_recheck_task() == {}
    assert page_host_client("pages.shop.test") == alpha.client

    # A lookup that fails leaves it serving.
    dns_server.records["pages.shop.test"] = "SERVFAIL"
    assert page_domains_recheck_task() == {}
    with in_schema(alpha):
        assert PageDomain.objects.get().status == "verified"

    # Its TXT record gone: failed, no longer served; beta's stays.
    dns_server.records["pages.shop.test"] = {"CNAME": [f"{settings.PAGES_HOST}."]}
    del dns_server.records["_mailcraft.pages.shop.test"]
    with django_capture_on_commit_callbacks(execute=True):
        assert page_domains_recheck_task() == {alpha.client.schema_name: 1}
    with in_schema(alpha):
        row = PageDomain.objects.get()
        assert (row.status, row.verified_at) == ("failed", None)
        assert row.record_states["verification"]["status"] == "missing"
    assert not PageHost.objects.filter(host="pages.shop.test").exists()
    assert page_host_client("pages.shop.test") is None
    assert page_host_client("pages.beta.test") == beta.client
    listed = admin_api.get("/api/mm/page-domains").json()["items"][0]
    assert listed["status"] == "failed" and listed["error"]
    # A failed domain is not checked by beat again: the client verifies it when fixed.
    assert page_domains_recheck_task() == {}
