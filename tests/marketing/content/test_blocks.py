"""Campaign headers and footers, and the campaigns that use them (spec 5.2, 5.4, 7)."""

import pytest

from core.audit.models import AuditLog
from marketing.content import associations
from marketing.content.models import CampaignFooter, CampaignHeader
from tests.support.content import make_footer, make_foreign, make_header
from tests.support.http_api import http
from tests.support.tenants import in_schema


def test_header_crud(alpha, admin_api):
    created = admin_api.post(
        "/api/mm/campaignHeaders",
        {"name": "Top", "html": "<p onclick='x()'>Logo <% company %></p>"},
    )
    assert created.status_code == 201, created.content
    header = created.json()
    assert header["html"] == "<p>Logo <% company %></p>"  # a fragment for a campaign's body
    assert header["createdByEmail"] == alpha.admin.email
    assert admin_api.get(f"/api/mm/campaignHeaders/{header['id']}").json()["name"] == "Top"
    admin_api.post("/api/mm/campaignHeaders", {"name": "Another"})
    listed = admin_api.get("/api/mm/campaignHeaders", search="TO", sort="name").json()
    assert [h["name"] for h in listed["items"]] == ["Top"] and listed["total"] == 1
    everything = admin_api.get("/api/mm/campaignHeaders", sort="-name").json()
    assert [h["name"] for h in everything["items"]] == ["Top", "Another"]
    renamed = admin_api.patch(f"/api/mm/campaignHeaders/{header['id']}", {"name": "Top bar"})
    assert renamed.status_code == 200 and renamed.json()["name"] == "Top bar"
    assert admin_api.delete(f"/api/mm/campaignHeaders/{header['id']}").status_code == 204
    assert admin_api.get(f"/api/mm/campaignHeaders/{header['id']}").status_code == 404
    with in_schema(alpha):
        events = sorted(
            AuditLog.objects.filter(object_type="campaignHeader").values_list(
                "event_type", flat=True
            )
        )
    assert events == [
        "campaignHeader.created",
        "campaignHeader.created",
        "campaignHeader.deleted",
        "campaignHeader.updated",
    ]


def test_header_refusals(alpha, admin_api):
    admin_api.post("/api/mm/campaignHeaders", {"name": "Top"})
    for name, message in (
        ("TOP", "A header with this name already exists."),
        (" ", "Header name cannot be empty."),
        ("h" * 101, "The name can be at most 100 characters."),
    ):
        refused = admin_api.post("/api/mm/campaignHeaders", {"name": name})
        assert refused.status_code == 400
        assert refused.json()["errors"]["name"] == [message]
    assert admin_api.post("/api/mm/campaignHeaders", {}).status_code == 400
    assert admin_api.get("/api/mm/campaignHeaders", sort="x").status_code == 400
    assert admin_api.patch("/api/mm/campaignHeaders/999999", {"name": "x"}).status_code == 404
    other = admin_api.post("/api/mm/campaignHeaders", {"name": "Other"}).json()
    for name, message in (
        ("top", "A header with this name already exists."),
        ("", "Header name cannot be empty."),
    ):
        refused = admin_api.patch(f"/api/mm/campaignHeaders/{other['id']}", {"name": name})
        assert refused.status_code == 400 and refused.json()["errors"]["name"] == [message]
    nul = admin_api.patch(f"/api/mm/campaignHeaders/{other['id']}", {"html": "a\x00"})
    assert nul.status_code == 400


def test_footer_crud_colours_and_default(alpha, admin_api):
    created = admin_api.post(
        "/api/mm/campaignFooters",
        {
            "name": "Legal",
            "html": "<p>Address</p>",
            "backgroundColor": "#FFF",
            "fontColor": "#333333",
            "isDefault": True,
        },
    )
    assert created.status_code == 201, created.content
    footer = created.json()
    assert footer["backgroundColor"] == "#ffffff" and footer["fontColor"] == "#333333"
    assert footer["isDefault"] is True
    other = admin_api.post("/api/mm/campaignFooters", {"name": "Other", "isDefault": True}).json()
    assert other["isDefault"] is True
    assert admin_api.get(f"/api/mm/campaignFooters/{footer['id']}").json()["isDefault"] is False
    same = admin_api.patch(f"/api/mm/campaignFooters/{footer['id']}", {"fontColor": "#FFFFFF"})
    assert same.status_code == 400
    assert same.json()["errors"]["fontColor"] == ["Footer background and font colours must differ."]
    same = admin_api.post(
        "/api/mm/campaignFooters",
        {"name": "Same", "backgroundColor": "#000", "fontColor": "#000000"},
    )
    assert same.json()["message"] == "Footer background and font colours must differ."
    bad = admin_api.post("/api/mm/campaignFooters", {"name": "Bad", "backgroundColor": "red"})
    assert bad.json()["errors"]["backgroundColor"] == ["Please choose a colour as #rrggbb."]
    dup = admin_api.post("/api/mm/campaignFooters", {"name": "legal"})
    assert dup.json()["errors"]["name"] == ["A footer with this name already exists."]
    empty = admin_api.post("/api/mm/campaignFooters", {"name": ""})
    assert empty.json()["errors"]["name"] == ["Footer name cannot be empty."]
    changed = admin_api.patch(
        f"/api/mm/campaignFooters/{footer['id']}", {"backgroundColor": "#222222", "isDefault": True}
    )
    assert changed.status_code == 200 and changed.json()["backgroundColor"] == "#222222"
    listed = admin_api.get("/api/mm/campaignFooters").json()
    assert {f["name"]: f["isDefault"] for f in listed["items"]} == {"Legal": True, "Other": False}
    assert admin_api.delete(f"/api/mm/campaignFooters/{footer['id']}").status_code == 204
    with in_schema(alpha):
        assert list(CampaignFooter.objects.values_list("name", flat=True)) == ["Other"]


@pytest.fixture
def providers():
    uses = {}

    def headers(header_id):
        return uses.get(("h", header_id), [])

    def footers(footer_id):
        return uses.get(("f", footer_id), [])

    associations.register_header_reference(headers)
    associations.register_footer_reference(footers)
    associations.register_header_reference(headers)  # twice is harmless
    yield uses
    associations.unregister_reference(headers)
    associations.unregister_reference(footers)


def test_association_checks_answer_the_registered_providers(alpha, admin_api, providers):
    header = make_header(alpha)
    footer = make_footer(alpha)
    empty = admin_api.get("/api/checkHeaderAssociatedCampaigns", id=header)
    assert empty.status_code == 200 and empty.json() == {"associatedCampaigns": []}
    providers[("h", header)] = [("Spring", "Draft"), ("Summer", "Published")]
    providers[("f", footer)] = [("Autumn", "Scheduled")]
    assert admin_api.get("/api/checkHeaderAssociatedCampaigns", id=header).json() == {
        "associatedCampaigns": [
            {"CampaignName": "Spring", "Status": "Draft"},
            {"CampaignName": "Summer", "Status": "Published"},
        ]
    }
    assert admin_api.get("/api/checkFooterAssociatedCampaigns", id=footer).json() == {
        "associatedCampaigns": [{"CampaignName": "Autumn", "Status": "Scheduled"}]
    }
    assert admin_api.get("/api/checkHeaderAssociatedCampaigns").status_code == 400
    assert admin_api.get("/api/checkHeaderAssociatedCampaigns", id="x").status_code == 400
    assert admin_api.get("/api/checkFooterAssociatedCampaigns", id=999999).status_code == 404


def test_no_provider_means_no_campaigns(alpha, admin_api):
    footer = make_footer(alpha)
    answer = admin_api.get("/api/checkFooterAssociatedCampaigns", id=footer)
    assert answer.json() == {"associatedCampaigns": []}


def test_roles_and_other_clients(alpha, beta, admin_api, user_api, nomkm_api):
    assert user_api.post("/api/mm/campaignHeaders", {"name": "U"}).status_code == 201
    assert user_api.post("/api/mm/campaignFooters", {"name": "U"}).status_code == 201
    assert user_api.get("/api/mm/campaignFooters").status_code == 200
    header, footer = make_header(alpha, "H"), make_footer(alpha, "F")
    for path in (
        "/api/mm/campaignHeaders",
        f"/api/mm/campaignHeaders/{header}",
        "/api/mm/campaignFooters",
        f"/api/mm/campaignFooters/{footer}",
        f"/api/checkHeaderAssociatedCampaigns?id={header}",
        f"/api/checkFooterAssociatedCampaigns?id={footer}",
    ):
        assert nomkm_api.get(path).status_code == 403, path
        assert http(alpha.host).get(path).status_code == 401, path
    assert nomkm_api.post("/api/mm/campaignHeaders", {"name": "N"}).status_code == 403
    assert nomkm_api.delete(f"/api/mm/campaignFooters/{footer}").status_code == 403
    their_header = make_foreign(
        CampaignHeader, beta, absent_from=alpha, name="Theirs", html="<p>h</p>"
    )
    their_footer = make_foreign(
        CampaignFooter, beta, absent_from=alpha, name="Theirs", html="<p>f</p>"
    )
    for path in (
        f"/api/mm/campaignHeaders/{their_header}",
        f"/api/mm/campaignFooters/{their_footer}",
    ):
        assert admin_api.get(path).status_code == 404
        assert admin_api.patch(path, {"name": "Mine"}).status_code == 404
        assert admin_api.delete(path).status_code == 404
    assert admin_api.get("/api/checkHeaderAssociatedCampaigns", id=their_header).status_code == 404
    assert admin_api.get("/api/checkFooterAssociatedCampaigns", id=their_footer).status_code == 404
    with in_schema(beta):
        assert CampaignHeader.objects.get(pk=their_header).name == "Theirs"
        assert CampaignFooter.objects.get(pk=their_footer).name == "Theirs"
