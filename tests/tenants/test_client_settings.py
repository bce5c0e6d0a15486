"""Client settings (spec 5.10): the time zone and the public forms' captcha. Time zone,
and with reCAPTCHA its site key and site secret, cannot be empty (each with its message);
the secret is sealed and never answered; admins only; one client's settings are its own."""

import pytest

from core.sealing import unseal
from tenants.models import Client
from tests.support.http_api import Api, foreign

URL = "/api/clientSettings"


@pytest.fixture
def admin(alpha):
    return Api(alpha, alpha.admin.email)


@pytest.fixture
def user_api(alpha):
    return Api(alpha, alpha.user.email)


@pytest.fixture
def beta_api(beta):
    return Api(beta, beta.admin.email)


def _put(api, **changes):
    body = {"timeZone": "Europe/Paris", "captcha": "recaptcha", "siteKey": "site-key-1",
            "siteSecret": "secret-1"}  # fmt: skip
    body.update(changes)
    return api._call("put", URL, body)


def test_an_admin_reads_and_saves_the_settings(alpha, admin):
    assert admin.get(URL).json() == {
        "timeZone": "America/New_York", "captcha": "altcha", "siteKey": "", "siteSecretSet": False,
    }  # fmt: skip
    saved = _put(admin)
    assert saved.status_code == 200, saved.content
    assert saved.json() == {
        "timeZone": "Europe/Paris", "captcha": "recaptcha", "siteKey": "site-key-1",
        "siteSecretSet": True,
    }  # fmt: skip
    client = Client.objects.get(pk=alpha.client.pk)
    assert client.recaptcha_secret != "secret-1" and unseal(client.recaptcha_secret) == "secret-1"
    kept = _put(admin, siteSecret="")  # the saved secret stays
    assert kept.status_code == 200 and kept.json()["siteSecretSet"] is True
    assert unseal(Client.objects.get(pk=alpha.client.pk).recaptcha_secret) == "secret-1"
    back = _put(admin, captcha="altcha", siteKey="", siteSecret="")
    assert back.status_code == 200 and back.json()["captcha"] == "altcha"


def test_what_cannot_be_empty_with_its_message(alpha, admin):
    cases = [
        ({"timeZone": " "}, "timeZone", "Time Zone cannot be empty."),
        ({"timeZone": "Mars/Olympus"}, "timeZone", "Unknown time zone."),
        ({"siteKey": ""}, "siteKey", "Site Key cannot be empty."),
        ({"siteSecret": ""}, "siteSecret", "Site Secret cannot be empty."),
        ({"captcha": "hcaptcha"}, "captcha", "Choose altcha or recaptcha."),
    ]
    for change, key, message in cases:
        refused = _put(admin, **change)
        assert refused.status_code == 400, change
        assert refused.json()["errors"][key] == [message], refused.json()
    assert admin._call("put", URL, {"captcha": "altcha"}).status_code == 400  # no time zone
    assert Client.objects.get(pk=alpha.client.pk).captcha == "altcha"


def test_admins_only_and_each_client_its_own(alpha, beta, admin, user_api, beta_api):
    assert user_api.get(URL).status_code == 403
    assert _put(user_api).status_code == 403
    assert foreign(beta_api, alpha).get(URL).status_code == 403
    assert _put(foreign(beta_api, alpha)).status_code == 403
    assert _put(admin).status_code == 200
    assert Client.objects.get(pk=beta.client.pk).captcha == "altcha"
