"""The README's commands: `mint_sso` prints a sign-in link that signs its person in, and
`create_client --website N` registers the client's parent-suite websites."""

from io import StringIO
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.management import CommandError, call_command

from tenants.models import Client
from tests.support.http_api import http


def test_mint_sso_prints_a_link_that_signs_its_person_in(alpha):
    out = StringIO()
    call_command(
        "mint_sso", "--client", "alpha", "--email", alpha.admin.email, "--role", "ADMIN", stdout=out
    )
    link = out.getvalue().strip().splitlines()[-1]
    parts = urlsplit(link)
    assert (parts.hostname, parts.path) == (alpha.host, "/campaignListView")
    payload = parse_qs(parts.query)["clnt"][0]
    answer = http(alpha.host).get("/api/getStatus", {"payload": payload})
    assert answer.status_code == 200, answer.content
    assert answer.json()["token"]


def test_mint_sso_refuses_an_unknown_client(db):
    with pytest.raises(CommandError):
        call_command("mint_sso", "--client", "nobody", "--email", "a@x.example")


def test_create_client_registers_its_websites(db):
    call_command(
        "create_client",
        "--name",
        "Gamma",
        "--schema",
        "gamma_cmd",
        "--domain",
        "gamma-cmd.localhost",
        "--admin-email",
        "admin@gamma.example",
        "--admin-password",
        "a long enough password 1",
        "--website",
        "11",
        "--website",
        "12",
        stdout=StringIO(),
    )
    assert Client.objects.get(schema_name="gamma_cmd").website_ids == [11, 12]
