"""Segmentation in Chromium: a marketer builds a segment of two groups joined by OR in the
visual rule builder, sees the live count follow the rules, saves it, reopens it and exports
it (a background job whose CSV downloads); the list and the builder pass axe (WCAG 2 A and
AA)."""

import re
import threading
import uuid

from django.db import connection, connections
from playwright.sync_api import Page, expect

from marketing.audience.services.groups import group_create
from marketing.audience.services.profiles import profile_create
from marketing.audience.services.tags import tag_create
from tenants.models import Client
from tests.e2e.axe import expect_accessible
from tests.support.browser_session import sign_in

WEBSITES = [4242, 4343]


def _committed(seed, *args):
    """Runs `seed` on a connection of its own, which commits: the test's own connection sits
    in a transaction that the app server never sees."""
    answer = {}

    def run():
        try:
            answer["value"] = seed(*args)
        except Exception as exc:  # re-raised in the test's thread
            answer["error"] = exc
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in answer:
        raise answer["error"]
    return answer["value"]


def _seed(suffix: str) -> dict:
    """Two buyers in a group of their own, one VIP elsewhere (a tag), and the websites a
    segment picks from (the seeded clients have none)."""
    plain = Client.objects.get(schema_name="plain")
    if sorted(plain.website_ids) != WEBSITES:
        plain.website_ids = WEBSITES
        plain.save(update_fields=["website_ids"])
    connection.set_tenant(plain)
    try:
        buyers = group_create(name=f"Seg buyers {suffix}")
        others = group_create(name=f"Seg others {suffix}")
        vip = tag_create(name=f"Seg VIP {suffix}")
        emails = [f"{who}-{suffix}@example.com" for who in ("buyer1", "buyer2", "vip", "nobody")]
        profile_create(client=plain, email=emails[0], group_ids=[buyers.pk])
        profile_create(client=plain, email=emails[1], group_ids=[buyers.pk])
        profile_create(client=plain, email=emails[2], group_ids=[others.pk], tag_ids=[vip.pk])
        profile_create(client=plain, email=emails[3], group_ids=[others.pk])
    finally:
        connection.set_schema_to_public()
    return {"buyers": buyers.name, "vip": vip.name, "emails": emails}


def _choose(page: Page, label: str, option: str) -> None:
    page.get_by_role("combobox", name=label).click()
    page.get_by_role("option", name=option, exact=True).click()


def _pick(page: Page, label: str, option: str) -> None:
    """A multi-select: one option, then the dropdown closed."""
    _choose(page, label, option)
    page.keyboard.press("Escape")


def test_build_save_reopen_and_export_a_two_group_segment(page, site):
    suffix = uuid.uuid4().hex[:8]
    seeded = _committed(_seed, suffix)
    name = f"Buyers or VIP {suffix}"
    plain = site("plain.localhost")
    page.set_viewport_size({"width": 1280, "height": 900})

    sign_in(page, plain, "admin@plain.example", next_path="/segmentList")
    expect(page.get_by_role("heading", name="Segmentation")).to_be_visible()
    expect(page.get_by_test_id("segments-table")).to_be_visible()
    expect_accessible(page, "segment list")

    page.get_by_test_id("create-segment").click()
    expect(page).to_have_url(f"{plain.base_url}/segments")
    expect(page.get_by_role("heading", name="Create Segment")).to_be_visible()
    page.get_by_test_id("segment-name").fill(name)
    _pick(page, "Websites", "Website 4242")

    # A new segment starts with one rule; the segment is built from two groups instead.
    page.get_by_role("button", name="Remove rule: Rule 1").click()
    page.get_by_role("button", name="Add group: Rules").click()
    _choose(page, "Group 1, rule 1: Condition", "Group")
    _pick(page, "Group 1, rule 1: Choose groups", seeded["buyers"])
    count = page.get_by_test_id("segment-count")
    expect(count).to_have_text("Exactly 2 profiles")

    page.get_by_role("button", name="Add group: Rules").click()
    expect(page.get_by_test_id("segment-unfinished")).to_have_text(
        "1 unfinished rule is not counted."
    )
    page.get_by_test_id("group-operator").first.get_by_text("Any", exact=True).click()
    _choose(page, "Group 2, rule 1: Condition", "Tag")
    _pick(page, "Group 2, rule 1: Choose tags", seeded["vip"])
    expect(count).to_have_text("Exactly 3 profiles")
    expect(page.get_by_test_id("segment-unfinished")).to_have_count(0)

    page.get_by_test_id("segment-preview-toggle").click()
    preview = page.get_by_test_id("segment-preview")
    for email in seeded["emails"][:3]:
        expect(preview).to_contain_text(email)
    expect(preview).not_to_contain_text(seeded["emails"][3])
    expect_accessible(page, "segment builder")

    page.get_by_test_id("segment-save").click()
    expect(page.get_by_text("Segment saved successfully.")).to_be_visible()
    expect(page).to_have_url(f"{plain.base_url}/segmentList")
    row = page.get_by_test_id("segments-table").get_by_role("row").filter(has_text=name)
    expect(row).to_contain_text("Dynamic")
    expect(row.get_by_role("cell").nth(2)).to_have_text("3")

    row.get_by_role("link", name=name, exact=True).click()
    expect(page).to_have_url(re.compile(r"/segments\?id=\d+$"))
    expect(page.get_by_role("heading", name="Edit Segment")).to_be_visible()
    expect(page.get_by_test_id("segment-name")).to_have_value(name)
    expect(page.get_by_test_id("rule-group")).to_have_count(2)
    expect(page.get_by_test_id("segment-count")).to_have_text("Exactly 3 profiles")
    expect_accessible(page, "segment builder, saved segment")

    with page.expect_download() as download:
        page.get_by_test_id("segment-export").click()
    exported = download.value.path().read_text()
    for email in seeded["emails"][:3]:
        assert email in exported
    assert seeded["emails"][3] not in exported
