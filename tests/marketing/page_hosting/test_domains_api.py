"""Page domains (/lpDomainSetupPage): added pending with the records to publish, verified
against DNS (the CNAME to the pages host and the TXT token), failed with each record's
state, removed; refused for a bad name, the platform's own domains, a name already added
or another client's, past the plan limit (LandingPageDomains), to the User role and to
another client's credentials."""

from datetime import timedelta

from django.conf import settings

from core import messages
from marketing.page_hosting.models import PageDomain
from tenants.models import Domain, PageHost, Plan
from tests.support.http_api import foreign
from tests.support.page_domains import URL, domain_verified, records_publish
from tests.support.tenants import in_schema


def test_add_lists_the_records_to_publish(admin_api, alpha):
    added = admin_api.post(URL, {"name": " Pages.Shop.Test. "})
    assert added.status_code == 201, added.content
    body = added.json()
    with in_schema(alpha):
        token = PageDomain.objects.get(name="pages.shop.test").verification_token
    assert len(token) == 32
    assert body == {
        "id": body["id"],
        "name": "pages.shop.test",
        "status": "pending",
        "error": "",
        "records": [
            {
                "key": "cname",
                "type": "CNAME",
                "host": "pages.shop.test",
                "value": settings.PAGES_HOST,
                "status": "unchecked",
                "error": "",
                "found": [],
            },
            {
                "key": "verification",
                "type": "TXT",
                "host": "_mailcraft.pages.shop.test",
                "value": f"mailcraft-page-verification={token}",
                "status": "unchecked",
                "error": "",
                "found": [],
            },
        ],  # fmt: skip
        "checkedAt": None,
        "verifiedAt": None,
    }
    listed = admin_api.get(URL).json()
    assert listed == {"items": [body], "cnameTarget": settings.PAGES_HOST}
    assert not PageHost.objects.filter(host="pages.shop.test").exists()


def test_bad_names_are_refused(admin_api, alpha, settings):
    for name in ("", "no-dot", "http://shop.test", "a..b.test", "x" * 300, "shop.test\x00"):
        refused = admin_api.post(URL, {"name": name})
        assert refused.status_code == 400, name
    assert admin_api.post(URL, {"name": "no-dot"}).json() == {
        "message": messages.DOMAIN_INVALID,
        "errors": {"name": [messages.DOMAIN_INVALID]},
    }
    assert admin_api.post(URL, {}).status_code == 400
    # The app's own domain and the pages host, and any name under them.
    settings.BASE_DOMAIN, settings.PAGES_HOST = "mailcraft.test", "pages.mailcraft.test"
    for name in ("pages.mailcraft.test", "x.pages.mailcraft.test", "beta.mailcraft.test",
                 "mailcraft.test"):  # fmt: skip
        refused = admin_api.post(URL, {"name": name})
        assert refused.json()["message"] == (
            "This domain belongs to the platform. Enter a domain of your own."
        ), name
    admin_api.post(URL, {"name": "pages.shop.test"})
    again = admin_api.post(URL, {"name": "PAGES.shop.test"})
    assert (again.status_code, again.json()["message"]) == (400, messages.DOMAIN_EXISTS)
    with in_schema(alpha):
        assert PageDomain.objects.count() == 1


def test_a_host_that_serves_someone_else_is_refused(admin_api, beta_api, alpha, beta, dns_server):
    Domain.objects.create(domain="click.other.test", tenant=beta.client, recipient_only=True)
    taken = admin_api.post(URL, {"name": "click.other.test"})
    assert (taken.status_code, taken.json()["message"]) == (400, messages.DOMAIN_TAKEN)
    domain_verified(beta_api, dns_server, "pages.beta.test")
    taken = admin_api.post(URL, {"name": "pages.beta.test"})
    assert (taken.status_code, taken.json()["message"]) == (400, messages.DOMAIN_TAKEN)


def test_verify_keeps_each_record_state_until_both_are_right(admin_api, alpha, dns_server):
    added = admin_api.post(URL, {"name": "pages.shop.test"}).json()
    verify = f"{URL}/{added['id']}/verify"
    failed = admin_api.post(verify)
    assert failed.status_code == 200
    body = failed.json()
    assert (body["status"], body["error"]) == ("failed", messages.DOMAIN_RECORDS_MISSING)
    assert [(r["status"], r["error"]) for r in body["records"]] == [
        ("missing", messages.RECORD_NOT_FOUND),
        ("missing", messages.RECORD_NOT_FOUND),
    ]
    # The checked time is in the client's zone (UTC-5 for this client).
    alpha.client.time_zone = "America/Bogota"
    alpha.client.save(update_fields=["time_zone"])
    checked = admin_api.get(URL).json()["items"][0]["checkedAt"]
    assert checked.endswith("-05:00")

    dns_server.records["pages.shop.test"] = {"CNAME": ["elsewhere.test."]}
    dns_server.records["_mailcraft.pages.shop.test"] = {"TXT": ["someone-elses-token"]}
    wrong = admin_api.post(verify).json()
    assert [r["error"] for r in wrong["records"]] == [
        messages.RECORD_CNAME_WRONG.format(found="elsewhere.test", expected=settings.PAGES_HOST),
        messages.RECORD_TXT_WRONG,
    ]
    assert wrong["records"][1]["found"] == ["someone-elses-token"]
    dns_server.records["pages.shop.test"] = "SERVFAIL"
    lookup = admin_api.post(verify).json()["records"][0]
    assert (lookup["status"], lookup["error"]) == ("failed", messages.RECORD_DNS_FAILED)
    assert not PageHost.objects.filter(host="pages.shop.test").exists()

    records_publish(dns_server, "pages.shop.test", added["records"][1]["value"])
    verified = admin_api.post(verify).json()
    assert (verified["status"], verified["error"]) == ("verified", "")
    assert {r["status"] for r in verified["records"]} == {"verified"}
    assert verified["verifiedAt"] is not None
    assert PageHost.objects.get(host="pages.shop.test").client_id == alpha.client.pk


def test_the_first_client_to_verify_a_name_keeps_it(admin_api, beta_api, alpha, dns_server):
    """Two clients may both add a name (a pending claim blocks nobody); the first to verify
    it serves it, the other is told it is taken."""
    mine = admin_api.post(URL, {"name": "pages.shop.test"}).json()
    theirs = beta_api.post(URL, {"name": "pages.shop.test"}).json()
    dns_server.records["pages.shop.test"] = {"CNAME": [f"{settings.PAGES_HOST}."]}
    dns_server.records["_mailcraft.pages.shop.test"] = {
        "TXT": [mine["records"][1]["value"], theirs["records"][1]["value"]]
    }
    assert beta_api.post(f"{URL}/{theirs['id']}/verify").json()["status"] == "verified"
    late = admin_api.post(f"{URL}/{mine['id']}/verify")
    assert (late.status_code, late.json()["message"]) == (400, messages.DOMAIN_TAKEN)
    listed = admin_api.get(URL).json()["items"][0]
    assert (listed["status"], listed["error"]) == ("failed", messages.DOMAIN_TAKEN)
    assert PageHost.objects.get(host="pages.shop.test").client_id != alpha.client.pk


def test_delete_stops_serving(admin_api, alpha, dns_server):
    domain = domain_verified(admin_api, dns_server, "pages.shop.test")
    assert admin_api.delete(f"{URL}/{domain['id']}").status_code == 204
    assert admin_api.get(URL).json()["items"] == []
    assert not PageHost.objects.filter(host="pages.shop.test").exists()
    gone = admin_api.delete(f"{URL}/{domain['id']}")
    assert (gone.status_code, gone.json()["message"]) == (404, "Page domain not found.")
    assert admin_api.post(f"{URL}/{domain['id']}/verify").status_code == 404


def test_the_plan_limits_page_domains(admin_api, alpha):
    alpha.client.plan = Plan.objects.create(name="One domain", limits={"LandingPageDomains": 1})
    alpha.client.save(update_fields=["plan"])
    check = "/api/checkPlanLimit"
    assert admin_api.get(check, moduleName="LandingPageDomains").json() == {"status": "UnderLimit"}
    assert admin_api.post(URL, {"name": "one.shop.test"}).status_code == 201
    assert admin_api.get(check, moduleName="LandingPageDomains").json() == {"status": "OverLimit"}
    over = admin_api.post(URL, {"name": "two.shop.test"})
    assert (over.status_code, over.json()["message"]) == (403, "Limit Exceeds")


def test_the_user_role_reads_and_only_admins_change(admin_api, user_api, nomkm_api, alpha):
    domain = admin_api.post(URL, {"name": "pages.shop.test"}).json()
    assert user_api.get(URL).json()["items"][0]["name"] == "pages.shop.test"
    for call in (
        lambda api: api.post(URL, {"name": "other.shop.test"}),
        lambda api: api.post(f"{URL}/{domain['id']}/verify"),
        lambda api: api.delete(f"{URL}/{domain['id']}"),
    ):
        assert call(user_api).status_code == 403
        assert call(nomkm_api).status_code == 403
    assert nomkm_api.get(URL).status_code == 403
    with in_schema(alpha):
        assert PageDomain.objects.count() == 1


def test_another_clients_credentials_and_ids_reach_nothing(admin_api, beta_api, alpha, beta):
    domain = admin_api.post(URL, {"name": "pages.shop.test"}).json()
    stranger = foreign(beta_api, alpha)
    assert stranger.get(URL).status_code == 403
    assert stranger.post(URL, {"name": "x.shop.test"}).status_code == 403
    assert stranger.delete(f"{URL}/{domain['id']}").status_code == 403
    # beta's own host: alpha's domain id is nobody's there.
    assert beta_api.get(URL).json()["items"] == []
    assert beta_api.post(f"{URL}/{domain['id']}/verify").status_code == 404
    assert beta_api.delete(f"{URL}/{domain['id']}").status_code == 404
    with in_schema(alpha):
        assert PageDomain.objects.count() == 1


def test_the_answer_times_are_instants(admin_api, alpha, dns_server):
    """verifiedAt and checkedAt are the same instant as stored, written in the zone."""
    from datetime import datetime

    domain = domain_verified(admin_api, dns_server, "pages.shop.test")
    with in_schema(alpha):
        row = PageDomain.objects.get()
    answered = datetime.fromisoformat(domain["checkedAt"])
    assert abs(answered - row.checked_at) < timedelta(seconds=1)
