"""What real export files from other tools need (issue 9, part 2): their headers pre-mapped,
empty cells that keep stored values unless the import says otherwise, internationalised
addresses, and an error report Excel opens right."""

import pytest

from marketing.audience.messages import EMAIL_NEEDS_SMTPUTF8
from marketing.audience.models import FieldType, Profile, ProfileField
from marketing.audience.services.imports.headers import suggest_mapping
from tests.marketing.audience.test_imports import apply_mode, run_file, unlimited  # noqa: F401
from tests.marketing.audience.test_imports_api import upload
from tests.support.audience import newsletter_id


@pytest.mark.parametrize(
    "headers,expected",
    [
        (["Email", "Company Name", "Job Title"], ["emailId", "company", "title"]),  # HubSpot
        (["email", "position", "dnc"], ["emailId", "title", "doNotEmail"]),  # Mautic
        (
            ["E-Mail", "Vorname", "Nachname", "Firma", "Stadt", "PLZ"],
            ["emailId", "firstName", "lastName", "company", "city", "zipCode"],
        ),
        (["Courriel", "Prénom", "Nom", "Société"], ["emailId", "firstName", "lastName", "company"]),
        (
            ["Correo", "Nombre", "Apellido", "Empresa"],
            ["emailId", "firstName", "lastName", "company"],
        ),
        (["EMAIL", "PRÉNOM", "prenom "], ["emailId", "firstName"]),  # case, accents; once each
    ],
)
def test_headers_of_other_tools_and_languages_are_pre_mapped(headers, expected):
    mapping = suggest_mapping(headers, "subscribers", [])
    assert [mapping[str(i)] for i in range(len(expected))] == expected
    assert len(mapping) == len(expected)


@pytest.mark.usefixtures("unlimited")
def test_an_empty_cell_keeps_the_stored_value():
    ProfileField.objects.create(key="size", label="Size", field_type=FieldType.TEXT)
    mapping = {"0": "emailId", "1": "firstName", "2": "company", "3": "custom.size"}
    run_file(b"email,first name,company,size\nann@x.example,Ann,Acme,XL\n", mapping=mapping)
    run_file(b"email,first name,company,size\nann@x.example,Anne,,\n", mapping=mapping)
    ann = Profile.objects.get(email="ann@x.example")
    assert (ann.first_name, ann.company, ann.custom) == ("Anne", "Acme", {"size": "XL"})


@pytest.mark.usefixtures("unlimited")
def test_empty_cells_clear_the_stored_value_when_the_import_says_so():
    ProfileField.objects.create(key="size", label="Size", field_type=FieldType.TEXT)
    ProfileField.objects.create(key="team", label="Team", field_type=FieldType.TEXT)
    mapping = {"0": "emailId", "1": "firstName", "2": "company", "3": "custom.size"}
    everything = {**mapping, "4": "custom.team"}
    run_file(
        b"email,first name,company,size,team\nann@x.example,Ann,Acme,XL,Red\n", mapping=everything
    )
    run_file(
        b"email,first name,company,size\nann@x.example,Anne,,\n",
        mapping=mapping,
        empty_cells_clear=True,
    )
    ann = Profile.objects.get(email="ann@x.example")
    # only the columns the file maps are cleared
    assert (ann.first_name, ann.company, ann.custom) == ("Anne", "", {"team": "Red"})


@pytest.mark.usefixtures("unlimited")
def test_internationalised_domains_are_accepted_and_stored_once():
    record, _ = run_file(
        "email\ncelik@exämple.com\ncelik@xn--exmple-cua.com\nÇelik@exämple.com\n".encode()
    )
    assert list(Profile.objects.values_list("email", flat=True)) == ["celik@exämple.com"]
    assert (record.rows_inserted, record.rows_duplicate, record.rows_invalid) == (1, 1, 1)


def test_a_non_ascii_local_part_is_refused_with_the_reason(alpha, admin_api):
    group = [newsletter_id(alpha)]
    created = admin_api.post("/api/mm/profiles", {"email": "Celik@Exämple.com", "groupIds": group})
    assert created.status_code == 201, created.content
    assert created.json()["email"] == "celik@exämple.com"
    refused = admin_api.post("/api/mm/profiles", {"email": "Çelik@exämple.com", "groupIds": group})
    assert refused.status_code == 400
    assert refused.json()["errors"]["email"] == [EMAIL_NEEDS_SMTPUTF8]


def test_the_error_report_is_utf8_with_a_bom(alpha, admin_api):
    from django.db import connection

    from marketing.audience.services.imports.pipeline import import_run

    alpha.client.plan = None
    alpha.client.save()
    record = upload(alpha, admin_api.token, content="email\nÇelik@exämple.com\n".encode()).json()
    admin_api.post(f"/api/mm/imports/{record['id']}/start", {"mapping": {"0": "emailId"}})
    connection.set_tenant(alpha.client)
    import_run(record["id"])
    connection.set_schema_to_public()
    response = admin_api.get(f"/api/mm/imports/{record['id']}/errors")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    body = b"".join(response.streaming_content)
    assert body.startswith(b"\xef\xbb\xbf")
    assert "Çelik@exämple.com" in body.decode("utf-8-sig")
